//! `uuid7` beside the crates.io `uuid7` crate (`uuid7_peer`) and the `uuid` crate.
//!
//! - generate: one id from our process-wide sequence (a clock read and a lock) vs the peer's
//!   `V7Generator::generate` (a clock read, no lock: the generator is owned by the caller),
//!   the peer's process-wide `uuid7()` (a clock read and a lock), and `uuid::Uuid::now_v7()`;
//!   a bare `SystemTime::now` for scale; and `uuid7::Generator` (owned by its caller,
//!   strictly increasing within itself) beside `fast_uuid_v7::gen_id` (per-thread state, the
//!   TSC instead of the clock, random within a millisecond: not monotonic, not fork-safe).
//! - parse: `FromStr` vs `uuid::Uuid::parse_str`, the peer's `FromStr`, and
//!   `uuid_simd::parse_hyphenated` (vector code, the fastest published parser).
//! - format: `encode` into a stack buffer vs `uuid`'s `hyphenated().encode_lower`, the
//!   peer's `encode` and `uuid_simd::format_hyphenated`, all into the stack too.
//! - fill: the cost per id of `fill` over 1000 ids (one clock read, one lock).
//!
//! The text rows (parse, format, to_string) go round a pool of 1,024 different UUIDv7s
//! (`benches::pool`, from a fixed seed), the same for every crate: the ids as values to write
//! (each crate's type, or the 16 bytes), their texts (a `String` each) to read.

use std::hint::black_box;
use std::time::{SystemTime, UNIX_EPOCH};

use criterion::{Criterion, criterion_group, criterion_main};
use uuid_simd::AsOut;
use uuid7::Uuid7;
use uuid7_peer::generator::RandSource;

mod common;

use common::{POOL, pool};

/// The pool's ids (random values with version 7 and variant 10 set), and their texts as ours
/// writes them (the canonical lower case).
fn pool() -> (Box<[Uuid7; POOL]>, Box<[String; POOL]>) {
    let values = pool::random_values(pool::UUID7_SEED);
    let ids = pool::map(&values, |&value| {
        Uuid7::from_u128(pool::uuid7_value(value)).expect("version 7, variant 10")
    });
    let texts = pool::map(&ids, Uuid7::to_string);
    (ids, texts)
}

/// The random source of the peer's `V7Generator`: its own reseeding ChaCha, behind `uuid7()`,
/// is private, so this one serves 128 bits at a time from the fork-aware ChaCha12 of
/// `tick-sequence`. The peer draws 32 bits per id; ours draws none within a millisecond.
#[derive(Default)]
struct ForkAwareRng {
    bits: u128,
    left: u32,
}

impl ForkAwareRng {
    fn take(&mut self, width: u32) -> u128 {
        if self.left < width {
            self.bits = tick_sequence::random_bits(128);
            self.left = 128;
        }
        let value = self.bits & ((1 << width) - 1);
        self.bits >>= width;
        self.left -= width;
        value
    }
}

impl RandSource for ForkAwareRng {
    fn next_u32(&mut self) -> u32 {
        self.take(32) as u32
    }

    fn next_u64(&mut self) -> u64 {
        self.take(64) as u64
    }
}

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("uuid7/generate");
    group.bench_function("uuid7", |b| b.iter(uuid7::generate));
    let mut peer = uuid7_peer::V7Generator::new(ForkAwareRng::default());
    group.bench_function("uuid7_peer::V7Generator", |b| b.iter(|| peer.generate()));
    group.bench_function("uuid7_peer::uuid7", |b| b.iter(uuid7_peer::uuid7));
    group.bench_function("uuid::Uuid::now_v7", |b| b.iter(uuid::Uuid::now_v7));
    group.bench_function("floor: SystemTime::now", |b| {
        b.iter(|| black_box(SystemTime::now().duration_since(UNIX_EPOCH)))
    });
    let mut generator = uuid7::Generator::new();
    group.bench_function("uuid7 Generator", |b| {
        b.iter(|| black_box(generator.generate()))
    });
    group.bench_function("fast_uuid_v7::gen_id (per thread, not monotonic)", |b| {
        b.iter(|| black_box(fast_uuid_v7::gen_id()))
    });
    group.finish();
}

fn parse(c: &mut Criterion) {
    let (_, texts) = pool();
    let mut group = c.benchmark_group("uuid7/parse");
    group.bench_function("uuid7", |b| {
        common::pooled(b, &texts, |text| text.parse::<Uuid7>())
    });
    // The scalar code, what targets without vector code run: the `const fn` reading.
    group.bench_function("uuid7 scalar (try_parse)", |b| {
        common::pooled(b, &texts, |text| Uuid7::try_parse(text))
    });
    group.bench_function("uuid::Uuid::parse_str", |b| {
        common::pooled(b, &texts, |text| uuid::Uuid::parse_str(text))
    });
    group.bench_function("uuid7_peer", |b| {
        common::pooled(b, &texts, |text| text.parse::<uuid7_peer::Uuid>())
    });
    group.bench_function("uuid_simd::parse_hyphenated", |b| {
        common::pooled_into_stack(b, &texts, |text, out: &mut [u8; 16]| {
            uuid_simd::parse_hyphenated(text.as_bytes(), out.as_out()).is_ok()
        })
    });
    group.finish();
}

/// `to_string`: the text in a new `String`.
fn to_string(c: &mut Criterion) {
    let (ours, _) = pool();
    let mut group = c.benchmark_group("uuid7/to_string");
    group.bench_function("uuid7", |b| common::pooled(b, &ours, Uuid7::to_string));
    let peers = pool::map(&ours, |id| uuid::Uuid::from_bytes(*id.as_bytes()));
    group.bench_function("uuid::Uuid", |b| {
        common::pooled(b, &peers, uuid::Uuid::to_string)
    });
    group.finish();
}

fn format(c: &mut Criterion) {
    let (ours, _) = pool();
    let uuids = pool::map(&ours, |id| uuid::Uuid::from_bytes(*id.as_bytes()));
    let peers = pool::map(&ours, |id| uuid7_peer::Uuid::from(*id.as_bytes()));
    let bytes = pool::map(&ours, |id| *id.as_bytes());
    let mut group = c.benchmark_group("uuid7/format");
    group.bench_function("uuid7", |b| {
        common::pooled_into_stack(b, &ours, |id, buffer| id.encode(buffer).len())
    });
    group.bench_function("uuid::Uuid::hyphenated().encode_lower", |b| {
        common::pooled_into_stack(b, &uuids, |id, buffer: &mut [u8; 36]| {
            id.hyphenated().encode_lower(buffer).len()
        })
    });
    group.bench_function("uuid7_peer", |b| {
        common::pooled(b, &peers, |id| id.encode())
    });
    group.bench_function("uuid_simd::format_hyphenated", |b| {
        common::pooled_into_stack(b, &bytes, |bytes, buffer: &mut [u8; 36]| {
            let case = uuid_simd::AsciiCase::Lower;
            uuid_simd::format_hyphenated(bytes, buffer.as_out(), case).len()
        })
    });
    group.finish();
}

fn fill(c: &mut Criterion) {
    let zero = Uuid7::from_parts(0, 0).unwrap();
    common::fill_group(c, "uuid7", "uuid7 (1000)", zero, uuid7::fill);
}

criterion_group!(benches, generate, parse, format, to_string, fill);
criterion_main!(benches);
