//! What the benchmarks of several formats share.

// Each benchmark uses some of these.
#![allow(dead_code)]

use std::hint::black_box;

use criterion::{Bencher, Criterion, Throughput};

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
