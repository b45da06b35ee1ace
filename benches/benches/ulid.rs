//! `ulid` beside the crates.io `ulid` crate (`ulid_peer`) and `ferroid`, each operation in one
//! group.
//!
//! - generate: one monotonic id. The peer's monotonic `Generator` needs `&mut`, so a shared
//!   one sits behind a `parking_lot::Mutex`, as in a program with many threads; its
//!   `Ulid::generate` is non-monotonic (fresh random bits, no lock) and is shown for scale.
//! - encode: the 26 symbols into a stack buffer.
//! - decode: text to id with full validation.
//! - fill: monotonic ids in bulk, per id (`Throughput::Elements`): ours fills 1000 under one
//!   clock reading and one lock; ferroid's thread-local generator makes them one by one.
//!
//! The `floor:` entries are what `ulid` builds on, alone: the engine's `next` (clock reading
//! and lock) and the `crockford32` codec. `ulid` cannot be faster than its floor.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ferroid::base32::Base32UlidExt;
use ferroid::id::ULID as FerroidUlid;
use parking_lot::Mutex;
use tick_sequence::{Start, TickSequence};
use ulid::Ulid;

mod common;

const SPEC: u128 = 0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B;
const SPEC_TEXT: &str = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

fn generate(c: &mut Criterion) {
    static ENGINE: TickSequence = TickSequence::new(80, 1_000_000, Start::Random);
    let mut group = c.benchmark_group("ulid/generate");
    group.bench_function("ulid", |b| b.iter(|| black_box(ulid::generate())));
    group.bench_function("floor: tick-sequence next", |b| {
        b.iter(|| black_box(ENGINE.next()))
    });
    let peer = Mutex::new(ulid_peer::Generator::new());
    group.bench_function("ulid_peer Generator in a parking_lot::Mutex", |b| {
        b.iter(|| {
            let mut generator = peer.lock();
            let id = match generator.generate() {
                Ok(id) => id,
                Err(overflow) => overflow.commit_overflow_increment(),
            };
            black_box(id)
        })
    });
    group.bench_function("ulid_peer Ulid::generate (not monotonic)", |b| {
        b.iter(|| black_box(ulid_peer::Ulid::generate()))
    });
    group.finish();
}

fn encode(c: &mut Criterion) {
    let mut group = c.benchmark_group("ulid/encode");
    group.bench_function("ulid", |b| {
        let id = Ulid::from_u128(SPEC);
        common::into_stack(b, |buffer| black_box(id).encode(buffer).len())
    });
    group.bench_function("floor: crockford32::encode", |b| {
        common::into_stack(b, |buffer: &mut [u8; 26]| {
            crockford32::encode(black_box(SPEC), buffer)
        })
    });
    group.bench_function("ferroid encode_to_buf", |b| {
        let id = FerroidUlid::from_raw(SPEC);
        b.iter(|| {
            let mut buffer = FerroidUlid::base32_array();
            black_box(black_box(id).encode_to_buf(&mut buffer).as_str().len());
            black_box(buffer)
        })
    });
    group.bench_function("ulid_peer array_to_str", |b| {
        let id = ulid_peer::Ulid(SPEC);
        common::into_stack(b, |buffer: &mut [u8; ulid_peer::ULID_LEN]| {
            black_box(id).array_to_str(buffer).len()
        })
    });
    group.finish();
}

fn decode(c: &mut Criterion) {
    let mut group = c.benchmark_group("ulid/decode");
    group.bench_function("ulid", |b| {
        common::kept(b, || black_box(SPEC_TEXT).parse::<Ulid>())
    });
    // The scalar code, what targets without vector code run: the `const fn` reading.
    group.bench_function("ulid scalar (try_parse)", |b| {
        common::kept(b, || Ulid::try_parse(black_box(SPEC_TEXT)))
    });
    group.bench_function("floor: crockford32::decode", |b| {
        common::kept(b, || crockford32::decode(black_box(SPEC_TEXT)))
    });
    group.bench_function("ulid_peer from_string", |b| {
        common::kept(b, || ulid_peer::Ulid::from_string(black_box(SPEC_TEXT)))
    });
    group.bench_function("ferroid decode", |b| {
        common::kept(b, || FerroidUlid::decode(black_box(SPEC_TEXT)))
    });
    group.finish();
}

/// `to_string`: the text in a new `String`, the most common operation on an id after making
/// it; the peer's allocates the 26 bytes once too.
fn to_string(c: &mut Criterion) {
    let mut group = c.benchmark_group("ulid/to_string");
    let ours = Ulid::from_u128(SPEC);
    group.bench_function("ulid", |b| b.iter(|| black_box(ours).to_string()));
    let peer = ulid_peer::Ulid(SPEC);
    group.bench_function("ulid_peer", |b| b.iter(|| black_box(peer).to_string()));
    group.finish();
}

fn fill(c: &mut Criterion) {
    let zero = Ulid::from_u128(0);
    common::fill_group(c, "ulid", "ulid fill(1000)", zero, ulid::fill);
}

criterion_group!(benches, generate, encode, decode, to_string, fill);
criterion_main!(benches);
