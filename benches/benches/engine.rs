//! `TickSequence::next` beside the floor it cannot beat: one clock read and one uncontended
//! lock. The report's ratio is `next` / `clock + lock`, with the clock read the way most code
//! reads it (`SystemTime::now`), and again with the clock read as the engine reads it on Unix
//! (`clock_gettime` directly); and `next` against the bare `SystemTime::now`, which the
//! cycle-counter path brings it under.
//!
//! The `floor` group is what this machine offers to build a generator from, each alone: the
//! clocks, the cycle counter (`rdtsc`, and `rdtscp`, which waits for the instructions before
//! it), one atomic read-modify-write, the counter with an atomic maximum (a process-wide,
//! strictly increasing timestamp), a 128-bit compare-and-swap, and two locks. BENCHMARKS.md
//! shows them in a table of their own.

use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use criterion::{Criterion, criterion_group, criterion_main};
use tick_sequence::{LocalSequence, Start, TickSequence};

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
    group.bench_function(
        "tick-sequence/LocalSequence next (80 bits, random start)",
        |b| {
            let mut sequence = LocalSequence::new(80, 1_000_000, Start::Random);
            b.iter(|| black_box(sequence.next()))
        },
    );
    group.bench_function("tick-sequence/next_at (same tick)", |b| {
        let sequence = TickSequence::new(80, 1_000_000, Start::Random);
        b.iter(|| black_box(sequence.next_at(black_box(1))))
    });
    group.bench_function("tick-sequence/random_bits(80)", |b| {
        b.iter(|| black_box(tick_sequence::random_bits(80)))
    });
    group.finish();
    println!("engine: clock path: {}", tick_sequence::clock_path());
}

#[cfg(unix)]
fn clock_gettime(clock: libc::clockid_t) -> (i64, i64) {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid, writable timespec.
    unsafe { libc::clock_gettime(clock, &mut now) };
    (now.tv_sec, now.tv_nsec)
}

fn floor(c: &mut Criterion) {
    let mut group = c.benchmark_group("floor");
    group.bench_function("SystemTime::now", |b| {
        b.iter(|| black_box(SystemTime::now().duration_since(UNIX_EPOCH)))
    });
    #[cfg(unix)]
    group.bench_function("clock_gettime(CLOCK_REALTIME)", |b| {
        b.iter(|| black_box(clock_gettime(libc::CLOCK_REALTIME)))
    });
    #[cfg(any(target_os = "linux", target_os = "android"))]
    group.bench_function("clock_gettime(CLOCK_REALTIME_COARSE)", |b| {
        b.iter(|| black_box(clock_gettime(libc::CLOCK_REALTIME_COARSE)))
    });
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY (both): RDTSC and RDTSCP exist on every x86-64 processor this runs on, and
        // touch no memory but `aux`.
        group.bench_function("rdtsc", |b| {
            b.iter(|| black_box(unsafe { core::arch::x86_64::_rdtsc() }))
        });
        group.bench_function("rdtscp", |b| {
            let mut aux = 0u32;
            b.iter(|| black_box(unsafe { core::arch::x86_64::__rdtscp(&mut aux) }))
        });
    }
    let word = AtomicU64::new(0);
    group.bench_function("atomic fetch_add", |b| {
        b.iter(|| black_box(word.fetch_add(1, Ordering::AcqRel)))
    });
    #[cfg(target_arch = "x86_64")]
    group.bench_function("rdtsc + atomic fetch_max", |b| {
        // A strictly increasing timestamp shared by all threads: the counter, raised above
        // the last one served.
        let last = AtomicU64::new(0);
        b.iter(|| {
            // SAFETY: as above.
            let now = unsafe { core::arch::x86_64::_rdtsc() };
            let mut seen = last.load(Ordering::Relaxed);
            loop {
                let next = now.max(seen + 1);
                match last.compare_exchange_weak(seen, next, Ordering::AcqRel, Ordering::Relaxed) {
                    Ok(_) => break black_box(next),
                    Err(current) => seen = current,
                }
            }
        })
    });
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("cmpxchg16b") {
        #[repr(align(16))]
        struct Aligned(u128);
        /// One `lock cmpxchg16b`: `new` in `*word` if it holds `old`; what it held.
        ///
        /// # Safety
        ///
        /// `word` is valid and 16-byte aligned; the processor has CMPXCHG16B.
        unsafe fn compare_and_swap(word: *mut u128, old: u128, new: u128) -> u128 {
            let (low, high): (u64, u64);
            // SAFETY: as the caller promises. RBX is reserved by the compiler: the low half of
            // `new` is swapped into it around the instruction.
            unsafe {
                core::arch::asm!(
                    "xchg {new_low}, rbx",
                    "lock cmpxchg16b xmmword ptr [{word}]",
                    "mov rbx, {new_low}",
                    word = in(reg) word,
                    new_low = inout(reg) new as u64 => _,
                    in("rcx") (new >> 64) as u64,
                    inout("rax") old as u64 => low,
                    inout("rdx") (old >> 64) as u64 => high,
                    options(nostack),
                );
            }
            (u128::from(high) << 64) | u128::from(low)
        }
        let mut word = Aligned(0);
        let mut old = 0u128;
        group.bench_function("128-bit compare-and-swap", |b| {
            b.iter(|| {
                // SAFETY: `word` is ours and aligned; the processor has CMPXCHG16B (above).
                let seen = unsafe { compare_and_swap(&mut word.0, old, old + 1) };
                old = seen + 1;
                black_box(old)
            })
        });
    }
    let lock = parking_lot::Mutex::new(0u64);
    group.bench_function("parking_lot lock, increment, unlock", |b| {
        b.iter(|| {
            let mut value = lock.lock();
            *value += 1;
            black_box(*value)
        })
    });
    // The engine's lock: one compare-and-swap to take it, one store to release it.
    let spin = AtomicU64::new(2);
    let mut value = 0u64;
    group.bench_function("compare-and-swap lock, increment, store", |b| {
        b.iter(|| {
            while spin
                .compare_exchange_weak(2, 3, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
            {}
            value += 1;
            spin.store(2, Ordering::Release);
            black_box(value)
        })
    });
    group.finish();
}

criterion_group!(benches, engine, floor);
criterion_main!(benches);
