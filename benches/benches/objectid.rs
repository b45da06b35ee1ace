//! `objectid` beside the `bson` crate's ObjectId.
//!
//! - generate: one id from the process-wide sequence (a clock read and a lock) vs
//!   `bson::oid::ObjectId::new()` (a clock read and an atomic increment).
//! - hex: our encoder into a stack buffer vs `to_hex()`, which allocates a `String`, and
//!   `hex_simd::encode` (vector code, the fastest published hex) into a stack buffer.
//! - parse: `FromStr` vs `parse_str`, which decodes into a `Vec` first, and `hex_simd::decode`
//!   into a stack buffer.
//! - fill: the cost per id of `fill` over 1000 ids (one clock read, one lock).
//!
//! The text rows (hex, parse) go round a pool of 1,024 different ObjectIds (`benches::pool`,
//! from a fixed seed), the same for every crate: the ids as values to write (each crate's
//! type, or the 12 bytes), their texts (a `String` each) to read.

use criterion::{Criterion, criterion_group, criterion_main};
use hex_simd::AsOut;
use objectid::ObjectId;

mod common;

use common::{POOL, pool};

/// The pool's ids (12 random bytes each), and their texts as ours writes them.
fn pool() -> (Box<[ObjectId; POOL]>, Box<[String; POOL]>) {
    let values = pool::random_values(pool::OBJECTID_SEED);
    let ids = pool::map(&values, |&value| {
        ObjectId::from_bytes(pool::objectid_bytes(value))
    });
    let texts = pool::map(&ids, ObjectId::to_string);
    (ids, texts)
}

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("objectid/generate");
    group.bench_function("objectid", |b| b.iter(objectid::generate));
    group.bench_function("bson", |b| b.iter(bson::oid::ObjectId::new));
    group.finish();
}

fn hex(c: &mut Criterion) {
    let (ours, _) = pool();
    let peers = pool::map(&ours, |id| bson::oid::ObjectId::from_bytes(*id.as_bytes()));
    let bytes = pool::map(&ours, |id| *id.as_bytes());
    let mut group = c.benchmark_group("objectid/hex");
    group.bench_function("objectid", |b| {
        common::pooled_into_stack(b, &ours, |id, buffer| id.encode(buffer).len())
    });
    group.bench_function("bson", |b| common::pooled(b, &peers, |id| id.to_hex()));
    group.bench_function("hex_simd::encode", |b| {
        common::pooled_into_stack(b, &bytes, |bytes, buffer: &mut [u8; 24]| {
            let case = hex_simd::AsciiCase::Lower;
            hex_simd::encode(bytes, buffer.as_mut_slice().as_out(), case).len()
        })
    });
    group.finish();
}

fn parse(c: &mut Criterion) {
    let (_, texts) = pool();
    let mut group = c.benchmark_group("objectid/parse");
    group.bench_function("objectid", |b| {
        common::pooled(b, &texts, |text| text.parse::<ObjectId>())
    });
    // The scalar code, what targets without vector code run: the `const fn` reading.
    group.bench_function("objectid scalar (try_parse)", |b| {
        common::pooled(b, &texts, |text| ObjectId::try_parse(text))
    });
    group.bench_function("bson", |b| {
        common::pooled(b, &texts, |text| bson::oid::ObjectId::parse_str(text))
    });
    group.bench_function("hex_simd::decode", |b| {
        common::pooled_into_stack(b, &texts, |text, out: &mut [u8; 12]| {
            hex_simd::decode(text.as_bytes(), out.as_mut_slice().as_out()).is_ok()
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
