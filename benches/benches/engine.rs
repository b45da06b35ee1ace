//! `TickSequence::next` beside the floor it cannot beat: one clock read and one uncontended
//! lock. The report's ratio is `next` / `clock + lock`, with the clock read the way most code
//! reads it (`SystemTime::now`), and again with the clock read as the engine reads it on Unix
//! (`clock_gettime` directly).

use std::hint::black_box;
use std::time::{SystemTime, UNIX_EPOCH};

use criterion::{Criterion, criterion_group, criterion_main};
use tick_sequence::{Start, TickSequence};

static RANDOM_START: TickSequence = TickSequence::new(80, 1_000_000, Start::Random);
static ZERO_START: TickSequence = TickSequence::new(12, 1_000_000, Start::Zero);

fn engine(c: &mut Criterion) {
    let mut group = c.benchmark_group("engine");
    let floor_lock = parking_lot::Mutex::new((0u64, 0u128));
    group.bench_function("floor/clock", |b| {
        b.iter(|| black_box(SystemTime::now().duration_since(UNIX_EPOCH)))
    });
    group.bench_function("floor/clock+lock", |b| {
        b.iter(|| {
            let now = SystemTime::now().duration_since(UNIX_EPOCH);
            let mut state = floor_lock.lock();
            state.0 = state.0.wrapping_add(1);
            black_box((now, *state))
        })
    });
    #[cfg(unix)]
    group.bench_function("floor/clock_gettime+lock", |b| {
        b.iter(|| {
            let mut now = libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            // SAFETY: a valid, writable timespec.
            unsafe { libc::clock_gettime(libc::CLOCK_REALTIME, &mut now) };
            let mut state = floor_lock.lock();
            state.0 = state.0.wrapping_add(1);
            black_box((now.tv_sec, now.tv_nsec, *state))
        })
    });
    group.bench_function("tick-sequence/next (80 bits, random start)", |b| {
        b.iter(|| black_box(RANDOM_START.next()))
    });
    group.bench_function("tick-sequence/next (12 bits, zero start)", |b| {
        b.iter(|| black_box(ZERO_START.next()))
    });
    group.bench_function("tick-sequence/next_at (same tick)", |b| {
        let sequence = TickSequence::new(80, 1_000_000, Start::Random);
        b.iter(|| black_box(sequence.next_at(black_box(1))))
    });
    group.bench_function("tick-sequence/random_bits(80)", |b| {
        b.iter(|| black_box(tick_sequence::random_bits(80)))
    });
    group.finish();
}

criterion_group!(benches, engine);
criterion_main!(benches);
