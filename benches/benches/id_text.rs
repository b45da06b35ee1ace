//! The text every id shares (`id_text`) beside the standard library.
//!
//! Hex: a 32-byte digest (a content id) into a stack buffer, beside a byte-at-a-time lookup in
//! a 16-digit table and `write!("{:02x}")`; 64 digits back, under each case rule, beside
//! `u8::from_str_radix`; 32 digits to a `u128` (a UUID's), beside `u128::from_str_radix`.
//!
//! ASCII as a `&str`: `id_text::ascii_str` beside `str::from_utf8`, on the 36 bytes of a
//! UUID's text.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

mod common;

/// A 32-byte digest, as content ids have.
const DIGEST: [u8; 32] = [
    0x5A, 0x0F, 0x3C, 0x99, 0xE1, 0x27, 0x84, 0x6B, 0xD2, 0x10, 0xAF, 0x4E, 0x73, 0xC8, 0x06, 0xFB,
    0x91, 0x3D, 0x58, 0xEE, 0x02, 0xB7, 0x6C, 0x49, 0xF0, 0x1A, 0x85, 0xD3, 0x2E, 0x67, 0xBC, 0x94,
];

fn hex(c: &mut Criterion) {
    let mut group = c.benchmark_group("id_text/hex encode 32 bytes");
    group.bench_function("id_text::hex::encode_lower", |b| {
        common::into_stack(b, |out: &mut [u8; 64]| {
            id_text::hex::encode_lower(black_box(&DIGEST), out)
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
    id_text::hex::encode_lower(&DIGEST, &mut text).unwrap();
    let mut group = c.benchmark_group("id_text/hex decode 64 digits");
    for (name, case) in [
        ("id_text::hex::decode Lower", id_text::hex::Case::Lower),
        ("id_text::hex::decode Any", id_text::hex::Case::Any),
    ] {
        group.bench_function(name, |b| {
            common::into_stack(b, |out: &mut [u8; 32]| {
                id_text::hex::decode(black_box(&text), case, out)
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

    let mut group = c.benchmark_group("id_text/hex decode 32 digits to u128");
    group.bench_function("id_text::hex::decode_u128 Any", |b| {
        b.iter(|| {
            id_text::hex::decode_u128(
                black_box(&text[..32].try_into().unwrap()),
                id_text::hex::Case::Any,
            )
        })
    });
    group.bench_function("u128::from_str_radix", |b| {
        let text = std::str::from_utf8(&text[..32]).unwrap();
        b.iter(|| u128::from_str_radix(black_box(text), 16))
    });
    group.finish();
}

fn ascii(c: &mut Criterion) {
    let text = *b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
    let mut group = c.benchmark_group("id_text/str of 36 ASCII bytes");
    group.bench_function("id_text::ascii_str", |b| {
        b.iter(|| id_text::ascii_str(black_box(&text)).map(str::len))
    });
    group.bench_function("str::from_utf8", |b| {
        b.iter(|| std::str::from_utf8(black_box(&text)).map(str::len))
    });
    group.finish();
}

criterion_group!(benches, hex, ascii);
criterion_main!(benches);
