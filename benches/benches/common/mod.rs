//! What the benchmarks of several formats share.

// Each benchmark uses some of these.
#![allow(dead_code, unused_imports)]

use std::hint::black_box;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use criterion::{Bencher, Criterion, Throughput};

pub(crate) use benches::pool::{self, POOL};

/// Ids per `fill` call, and per call of the peer's loop.
const BATCH: usize = 1000;

/// `{format}/fill`: the cost per id of `fill` over 1000 ids (one clock read, one lock), as
/// `ours`, beside the peer of every format's fill: ferroid's thread-local monotonic ULID, 1000
/// calls.
pub(crate) fn fill_group<T: Copy>(
    c: &mut Criterion,
    format: &str,
    ours: &str,
    zero: T,
    fill: impl Fn(&mut [T]),
) {
    let mut group = c.benchmark_group(format!("{format}/fill"));
    group.throughput(Throughput::Elements(BATCH as u64));
    group.bench_function(ours, |b| {
        let mut ids = vec![zero; BATCH];
        b.iter(|| {
            fill(&mut ids);
            black_box(&ids);
        })
    });
    group.bench_function("ferroid thread-local new_ulid_mono x1000", |b| {
        let mut ids = vec![ferroid::id::ULID::from_raw(0); BATCH];
        b.iter(|| {
            for slot in &mut ids {
                *slot = ferroid::generator::thread_local::Ulid::new_ulid_mono(|_| {
                    std::thread::yield_now()
                });
            }
            black_box(&ids);
        })
    });
    group.finish();
}

/// Benchmarks `routine` keeping what it returns where it was written: `black_box(&output)`.
/// Criterion's `iter` passes the output to `black_box` by value, which copies it; a parser's
/// `Result` of a 16-byte id is written as a tag byte and the id beside it, and the copy's
/// wider reads of those two fresh stores stall on store forwarding (measured: 3 to 5 ns of
/// a 5 ns parse, for ours and the `uuid` crate's alike). A caller that matches on the result
/// reads the tag and the id as they were written, as this does. The parse rows of ULID,
/// UUIDv7 and ObjectId, ours and the peers alike, use it.
pub(crate) fn kept<R>(b: &mut Bencher<'_>, routine: impl Fn() -> R) {
    b.iter(|| {
        let output = routine();
        black_box(&output);
    })
}

/// Benchmarks `routine` over `pool`, one item a call, in order and round again, its output
/// kept where it was written, as [`kept`] does: what a program that parses or formats many
/// different ids does, where one text timed again and again is learnt by the branch
/// predictors. The parse and format rows of ULID, UUIDv7 and ObjectId, ours and the peers
/// alike, use it.
///
/// The loop is this function's own (`iter_custom`), so that the index into the pool stays in
/// a register: in a closure given to `iter`, it lived in the closure's state, which
/// `black_box` may change, and was stored and loaded again every call, a chain from one call
/// to the next that every row waited on.
pub(crate) fn pooled<T, R>(b: &mut Bencher<'_>, pool: &[T; POOL], routine: impl Fn(&T) -> R) {
    b.iter_custom(|iters| {
        let start = Instant::now();
        let mut at = 0;
        for _ in 0..iters {
            let output = routine(black_box(&pool[at]));
            at = (at + 1) % POOL;
            black_box(&output);
        }
        start.elapsed()
    })
}

/// [`pooled`], writing into a fresh stack buffer of `N` bytes (a peer's out-parameter, our
/// encoders' buffer): what `write` gives and the buffer are kept where they were written,
/// as [`pooled`] keeps a result, so that no row pays for a copy the others do not.
pub(crate) fn pooled_into_stack<T, const N: usize, R>(
    b: &mut Bencher<'_>,
    pool: &[T; POOL],
    write: impl Fn(&T, &mut [u8; N]) -> R,
) {
    b.iter_custom(|iters| {
        let start = Instant::now();
        let mut at = 0;
        for _ in 0..iters {
            let mut buffer = [0u8; N];
            let output = write(black_box(&pool[at]), &mut buffer);
            at = (at + 1) % POOL;
            black_box((&output, &buffer));
        }
        start.elapsed()
    })
}

/// Benchmarks `write` into a fresh stack buffer of `N` bytes, as our encoders write. What
/// `write` gives (a length, a result) and the buffer are both kept from the optimizer.
pub(crate) fn into_stack<const N: usize, R>(
    b: &mut Bencher<'_>,
    write: impl Fn(&mut [u8; N]) -> R,
) {
    b.iter(|| {
        let mut buffer = [0u8; N];
        black_box(write(&mut buffer));
        black_box(buffer)
    })
}

/// Ids per paced batch: below 4,096, the ids a Snowflake generator has per millisecond, so
/// that no generator has to borrow the next millisecond or wait for it.
pub(crate) const PACED_BATCH: u64 = 4_000;

/// The wall clock in Unix milliseconds.
pub(crate) fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_millis() as u64)
}

/// Times `iters` calls of `generate` in batches of [`PACED_BATCH`], each batch started
/// (untimed) once `now_ms` has passed the millisecond of the previous batch's last id, as
/// `ms_of` reads it (the first batch, once it has passed the millisecond of the call).
pub(crate) fn paced<T>(
    iters: u64,
    mut generate: impl FnMut() -> T,
    ms_of: impl Fn(&T) -> u64,
    now_ms: impl Fn() -> u64,
) -> Duration {
    let mut total = Duration::ZERO;
    let mut left = iters;
    let mut last_ms = now_ms();
    while left > 0 {
        while now_ms() <= last_ms {
            std::hint::spin_loop();
        }
        let batch = left.min(PACED_BATCH);
        let start = Instant::now();
        for _ in 1..batch {
            black_box(generate());
        }
        let last = black_box(generate());
        total += start.elapsed();
        last_ms = ms_of(&last);
        left -= batch;
    }
    total
}
