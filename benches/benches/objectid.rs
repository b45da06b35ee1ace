//! `objectid` beside the `bson` crate's ObjectId.
//!
//! - generate: one id from the process-wide sequence (a clock read and a lock) vs
//!   `bson::oid::ObjectId::new()` (a clock read and an atomic increment).
//! - hex: our encoder into a stack buffer vs `to_hex()`, which allocates a `String`, and
//!   `hex_simd::encode` (vector code, the fastest published hex) into a stack buffer.
//! - parse: `FromStr` vs `parse_str`, which decodes into a `Vec` first, and `hex_simd::decode`
//!   into a stack buffer.
//! - fill: the cost per id of `fill` over 1000 ids (one clock read, one lock).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use hex_simd::AsOut;
use objectid::ObjectId;

mod common;

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
        common::into_stack(b, |buffer| black_box(ours).encode(buffer).len())
    });
    group.bench_function("bson", |b| b.iter(|| black_box(peer).to_hex()));
    let bytes = *ours.as_bytes();
    group.bench_function("hex_simd::encode", |b| {
        common::into_stack(b, |buffer: &mut [u8; 24]| {
            let case = hex_simd::AsciiCase::Lower;
            hex_simd::encode(black_box(&bytes), buffer.as_mut_slice().as_out(), case).len()
        })
    });
    group.finish();
}

fn parse(c: &mut Criterion) {
    let mut group = c.benchmark_group("objectid/parse");
    group.bench_function("objectid", |b| {
        common::kept(b, || black_box(TEXT).parse::<ObjectId>())
    });
    // The scalar code, what targets without vector code run: the `const fn` reading.
    group.bench_function("objectid scalar (try_parse)", |b| {
        common::kept(b, || ObjectId::try_parse(black_box(TEXT)))
    });
    group.bench_function("bson", |b| {
        common::kept(b, || bson::oid::ObjectId::parse_str(black_box(TEXT)))
    });
    group.bench_function("hex_simd::decode", |b| {
        common::into_stack(b, |out: &mut [u8; 12]| {
            hex_simd::decode(black_box(TEXT).as_bytes(), out.as_mut_slice().as_out()).is_ok()
        })
    });
    group.finish();
}

fn fill(c: &mut Criterion) {
    common::fill_group(
        c,
        "objectid",
        "objectid (1000)",
        ObjectId::from_bytes([0; 12]),
        objectid::fill,
    );
}

criterion_group!(benches, generate, hex, parse, fill);
criterion_main!(benches);
