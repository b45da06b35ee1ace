//! `ulid` beside the crates.io `ulid` crate (`ulid_peer`) and `ferroid`, each operation in one
//! group.
//!
//! - generate: one monotonic id. The peer's monotonic `Generator` needs `&mut`, so a shared
//!   one sits behind a `parking_lot::Mutex`, as in a program with many threads; its
//!   `Ulid::generate` is non-monotonic (fresh random bits, no lock) and is shown for scale.
//! - encode: the 26 symbols into a stack buffer.
//! - decode: text to id with full validation.
//! - to_string: the text in a new `String`.
//!
//! The text rows (encode, decode, to_string) go round a pool of 1,024 different ids
//! (`benches::pool`, from a fixed seed), the same for every crate: the ids as values to write,
//! their texts (a `String` each) to read.
//! - fill: monotonic ids in bulk, per id (`Throughput::Elements`): ours fills 1000 under one
//!   clock reading and one lock; ferroid's thread-local generator makes them one by one.
//!
//! - generate, per caller: `ulid::Generator`, owned by its caller (strictly increasing within
//!   itself, no lock), beside `fast_uuid_v7::gen_id`, the fastest published 128-bit
//!   time-ordered generator (per-thread state, the TSC instead of the clock, random within a
//!   millisecond: not monotonic, not fork-safe).
//!
//! The `floor:` entries are what `ulid` builds on, alone: the engine's `next` (clock reading
//! and lock) and the `crockford32` codec; and a bare `SystemTime::now`, which the engine's
//! cycle-counter path brings `generate` under. `ulid` cannot be faster than its floor.

use std::hint::black_box;
use std::time::{SystemTime, UNIX_EPOCH};

use criterion::{Criterion, criterion_group, criterion_main};
use ferroid::base32::Base32UlidExt;
use ferroid::id::ULID as FerroidUlid;
use parking_lot::Mutex;
use tick_sequence::{Start, TickSequence};
use ulid::Ulid;

mod common;

use common::{POOL, pool};

/// The pool's values, and their texts as ours writes them (the canonical upper case, which
/// every peer reads).
fn pool() -> (Box<[u128; POOL]>, Box<[String; POOL]>) {
    let values = pool::random_values(pool::ULID_SEED);
    let texts = pool::map(&values, |&value| Ulid::from_u128(value).to_string());
    (values, texts)
}

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
    group.bench_function("floor: SystemTime::now", |b| {
        b.iter(|| black_box(SystemTime::now().duration_since(UNIX_EPOCH)))
    });
    let mut generator = ulid::Generator::new();
    group.bench_function("ulid Generator", |b| {
        b.iter(|| black_box(generator.generate()))
    });
    group.bench_function("fast_uuid_v7::gen_id (per thread, not monotonic)", |b| {
        b.iter(|| black_box(fast_uuid_v7::gen_id()))
    });
    group.finish();
}

fn encode(c: &mut Criterion) {
    let (values, _) = pool();
    let mut group = c.benchmark_group("ulid/encode");
    let ids = pool::map(&values, |&value| Ulid::from_u128(value));
    group.bench_function("ulid", |b| {
        common::pooled_into_stack(b, &ids, |id, buffer| id.encode(buffer).len())
    });
    group.bench_function("floor: crockford32::encode", |b| {
        common::pooled_into_stack(b, &values, |value, buffer: &mut [u8; 26]| {
            crockford32::encode(*value, buffer)
        })
    });
    let ferroid = pool::map(&values, |&value| FerroidUlid::from_raw(value));
    group.bench_function("ferroid encode_to_buf", |b| {
        common::pooled(b, &ferroid, |id| {
            let mut buffer = FerroidUlid::base32_array();
            let len = id.encode_to_buf(&mut buffer).as_str().len();
            (len, buffer)
        })
    });
    let peers = pool::map(&values, |&value| ulid_peer::Ulid(value));
    group.bench_function("ulid_peer array_to_str", |b| {
        common::pooled_into_stack(b, &peers, |id, buffer: &mut [u8; ulid_peer::ULID_LEN]| {
            id.array_to_str(buffer).len()
        })
    });
    group.finish();
}

fn decode(c: &mut Criterion) {
    let (_, texts) = pool();
    let mut group = c.benchmark_group("ulid/decode");
    group.bench_function("ulid", |b| {
        common::pooled(b, &texts, |text| text.parse::<Ulid>())
    });
    // The scalar code, what targets without vector code run: the `const fn` reading.
    group.bench_function("ulid scalar (try_parse)", |b| {
        common::pooled(b, &texts, |text| Ulid::try_parse(text))
    });
    group.bench_function("floor: crockford32::decode", |b| {
        common::pooled(b, &texts, |text| crockford32::decode(text))
    });
    group.bench_function("ulid_peer from_string", |b| {
        common::pooled(b, &texts, |text| ulid_peer::Ulid::from_string(text))
    });
    group.bench_function("ferroid decode", |b| {
        common::pooled(b, &texts, |text| FerroidUlid::decode(text))
    });
    group.finish();
}

/// `to_string`: the text in a new `String`, the most common operation on an id after making
/// it; the peer's allocates the 26 bytes once too.
fn to_string(c: &mut Criterion) {
    let (values, _) = pool();
    let mut group = c.benchmark_group("ulid/to_string");
    let ours = pool::map(&values, |&value| Ulid::from_u128(value));
    group.bench_function("ulid", |b| common::pooled(b, &ours, Ulid::to_string));
    let peers = pool::map(&values, |&value| ulid_peer::Ulid(value));
    group.bench_function("ulid_peer", |b| {
        common::pooled(b, &peers, ulid_peer::Ulid::to_string)
    });
    group.finish();
}

fn fill(c: &mut Criterion) {
    let zero = Ulid::from_u128(0);
    common::fill_group(c, "ulid", "ulid fill(1000)", zero, ulid::fill);
}

criterion_group!(benches, generate, encode, decode, to_string, fill);
criterion_main!(benches);
