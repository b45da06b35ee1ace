//! `objectid` beside the `bson` crate's ObjectId.
//!
//! - generate: one id from the process-wide sequence (a clock read and a lock) vs
//!   `bson::oid::ObjectId::new()` (a clock read and an atomic increment).
//! - hex: our encoder into a stack buffer vs `to_hex()`, which allocates a `String`.
//! - parse: `FromStr` vs `parse_str`, which decodes into a `Vec` first.
//! - fill: the cost per id of `fill` over 1000 ids (one clock read, one lock).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use objectid::ObjectId;

const TEXT: &str = "507c7f79bcf86cd7994f6c0e";

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("objectid/generate");
    group.bench_function("objectid", |b| b.iter(objectid::generate));
    group.bench_function("bson", |b| b.iter(bson::oid::ObjectId::new));
    group.finish();
}

fn hex(c: &mut Criterion) {
    let ours: ObjectId = TEXT.parse().unwrap();
    let peer = bson::oid::ObjectId::parse_str(TEXT).unwrap();
    let mut group = c.benchmark_group("objectid/hex");
    group.bench_function("objectid", |b| {
        b.iter(|| {
            let mut buffer = [0u8; 24];
            black_box(black_box(ours).encode(&mut buffer).len());
            buffer
        })
    });
    group.bench_function("bson", |b| b.iter(|| black_box(peer).to_hex()));
    group.finish();
}

fn parse(c: &mut Criterion) {
    let mut group = c.benchmark_group("objectid/parse");
    group.bench_function("objectid", |b| {
        b.iter(|| black_box(TEXT).parse::<ObjectId>())
    });
    group.bench_function("bson", |b| {
        b.iter(|| bson::oid::ObjectId::parse_str(black_box(TEXT)))
    });
    group.finish();
}

fn fill(c: &mut Criterion) {
    let mut ids = vec![ObjectId::from_bytes([0; 12]); 1000];
    let mut group = c.benchmark_group("objectid/fill");
    group.throughput(Throughput::Elements(ids.len() as u64));
    group.bench_function("objectid (1000)", |b| {
        b.iter(|| {
            objectid::fill(&mut ids);
            black_box(ids[999])
        })
    });
    // The peer of every format's fill: ferroid's thread-local monotonic ULID, 1000 calls.
    group.bench_function("ferroid thread-local new_ulid_mono x1000", |b| {
        let mut peer = vec![ferroid::id::ULID::from_raw(0); 1000];
        b.iter(|| {
            for slot in &mut peer {
                *slot = ferroid::generator::thread_local::Ulid::new_ulid_mono(|_| {
                    std::thread::yield_now()
                });
            }
            black_box(&peer);
        })
    });
    group.finish();
}

criterion_group!(benches, generate, hex, parse, fill);
criterion_main!(benches);
