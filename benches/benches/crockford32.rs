//! Crockford Base32 of integers beside the `crockford` and `fast32` crates, and the hex codec.
//!
//! The peers write without padding into a `String` or a `Vec`; ours writes the fixed width a
//! format needs into a stack buffer. Decoding is compared on the same 26-symbol and
//! 13-symbol inputs.
//!
//! Hex: a 32-byte digest (a content id) into a stack buffer, beside a byte-at-a-time lookup in
//! a 16-digit table and `write!("{:02x}")`; 64 digits back, under each case rule, beside
//! `u8::from_str_radix`; 32 digits to a `u128` (a UUID's), beside `u128::from_str_radix`.

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

/// A 32-byte digest, as content ids have.
const DIGEST: [u8; 32] = [
    0x5A, 0x0F, 0x3C, 0x99, 0xE1, 0x27, 0x84, 0x6B, 0xD2, 0x10, 0xAF, 0x4E, 0x73, 0xC8, 0x06, 0xFB,
    0x91, 0x3D, 0x58, 0xEE, 0x02, 0xB7, 0x6C, 0x49, 0xF0, 0x1A, 0x85, 0xD3, 0x2E, 0x67, 0xBC, 0x94,
];

fn hex(c: &mut Criterion) {
    let mut group = c.benchmark_group("crockford32/hex encode 32 bytes");
    group.bench_function("crockford32::hex::encode_lower", |b| {
        common::into_stack(b, |out: &mut [u8; 64]| {
            crockford32::hex::encode_lower(black_box(&DIGEST), out)
                .unwrap()
                .len()
        })
    });
    group.bench_function("16-digit table, a byte at a time", |b| {
        const TABLE: &[u8; 16] = b"0123456789abcdef";
        b.iter(|| {
            let mut out = [0u8; 64];
            for (byte, pair) in black_box(&DIGEST).iter().zip(out.chunks_exact_mut(2)) {
                pair[0] = TABLE[usize::from(byte >> 4)];
                pair[1] = TABLE[usize::from(byte & 0x0F)];
            }
            black_box(std::str::from_utf8(&out).unwrap().len());
            out
        })
    });
    group.bench_function("write!(\"{:02x}\")", |b| {
        use std::io::Write;
        b.iter(|| {
            let mut out = [0u8; 64];
            let mut cursor = &mut out[..];
            for byte in black_box(&DIGEST) {
                write!(cursor, "{byte:02x}").unwrap();
            }
            out
        })
    });
    group.finish();

    let mut text = [0u8; 64];
    crockford32::hex::encode_lower(&DIGEST, &mut text).unwrap();
    let mut group = c.benchmark_group("crockford32/hex decode 64 digits");
    for (name, case) in [
        (
            "crockford32::hex::decode Lower",
            crockford32::hex::Case::Lower,
        ),
        ("crockford32::hex::decode Any", crockford32::hex::Case::Any),
    ] {
        group.bench_function(name, |b| {
            common::into_stack(b, |out: &mut [u8; 32]| {
                crockford32::hex::decode(black_box(&text), case, out)
                    .unwrap()
                    .len()
            })
        });
    }
    group.bench_function("u8::from_str_radix a pair at a time", |b| {
        b.iter(|| {
            let mut out = [0u8; 32];
            for (byte, pair) in out.iter_mut().zip(black_box(&text).chunks_exact(2)) {
                let pair = std::str::from_utf8(pair).unwrap();
                *byte = u8::from_str_radix(pair, 16).unwrap();
            }
            out
        })
    });
    group.finish();

    let mut group = c.benchmark_group("crockford32/hex decode 32 digits to u128");
    group.bench_function("crockford32::hex::decode_u128 Any", |b| {
        b.iter(|| {
            crockford32::hex::decode_u128(
                black_box(&text[..32].try_into().unwrap()),
                crockford32::hex::Case::Any,
            )
        })
    });
    group.bench_function("u128::from_str_radix", |b| {
        let text = std::str::from_utf8(&text[..32]).unwrap();
        b.iter(|| u128::from_str_radix(black_box(text), 16))
    });
    group.finish();
}

criterion_group!(benches, encode, decode, hex);
criterion_main!(benches);
