//! Crockford Base32 of integers beside the `crockford` and `fast32` crates.
//!
//! The peers write without padding into a `String` or a `Vec`; ours writes the fixed width a
//! format needs into a stack buffer. Decoding is compared on the same 26-symbol and
//! 13-symbol inputs.

use std::hint::black_box;

use criterion::{Bencher, Criterion, criterion_group, criterion_main};
use fast32::base32::CROCKFORD as FAST32;

mod common;

const U64: u64 = 0xF00D_CAFE_1234_5678;
const U128: u128 = 0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B;

/// fast32 appends to a `Vec`: one of `symbols` bytes is reused, cleared before each call.
fn fast32_into(b: &mut Bencher<'_>, symbols: usize, encode: impl Fn(&mut Vec<u8>)) {
    let mut out = Vec::with_capacity(symbols);
    b.iter(|| {
        out.clear();
        encode(&mut out);
        black_box(out.len())
    })
}

fn encode(c: &mut Criterion) {
    let mut group = c.benchmark_group("crockford32/encode u64");
    group.bench_function("crockford32", |b| {
        common::into_stack(b, |out: &mut [u8; 13]| {
            crockford32::encode_u64(black_box(U64), out).unwrap()
        })
    });
    group.bench_function("crockford", |b| {
        let mut out = String::with_capacity(13);
        b.iter(|| {
            out.clear();
            crockford::encode_into(black_box(U64), &mut out);
            black_box(out.len())
        })
    });
    group.bench_function("fast32", |b| {
        fast32_into(b, 13, |out| FAST32.encode_u64_into(black_box(U64), out))
    });
    group.finish();

    let mut group = c.benchmark_group("crockford32/encode u128");
    group.bench_function("crockford32", |b| {
        common::into_stack(b, |out: &mut [u8; 26]| {
            crockford32::encode(black_box(U128), out).unwrap()
        })
    });
    group.bench_function("fast32", |b| {
        fast32_into(b, 26, |out| FAST32.encode_u128_into(black_box(U128), out))
    });
    group.finish();
}

fn decode(c: &mut Criterion) {
    let text64 = crockford::encode(U64);
    let mut group = c.benchmark_group("crockford32/decode u64");
    group.bench_function("crockford32", |b| {
        b.iter(|| black_box(crockford32::decode_u64(black_box(&text64))))
    });
    group.bench_function("crockford", |b| {
        b.iter(|| black_box(crockford::decode(black_box(&text64))))
    });
    group.bench_function("fast32", |b| {
        b.iter(|| black_box(FAST32.decode_u64(black_box(text64.as_bytes()))))
    });
    group.finish();

    let text128 = crockford32::encode_to_string(U128, 26).unwrap();
    let mut group = c.benchmark_group("crockford32/decode u128");
    group.bench_function("crockford32", |b| {
        b.iter(|| black_box(crockford32::decode(black_box(&text128))))
    });
    group.bench_function("fast32", |b| {
        b.iter(|| black_box(FAST32.decode_u128(black_box(text128.as_bytes()))))
    });
    group.finish();

    let payload = "H88CMK9BVJ1V";
    let mut group = c.benchmark_group("crockford32/mod37");
    group.bench_function("crockford32", |b| {
        b.iter(|| black_box(crockford32::mod37(black_box(payload))))
    });
    group.finish();
}

criterion_group!(benches, encode, decode);
criterion_main!(benches);
