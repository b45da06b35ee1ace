//! `uuid7` beside the crates.io `uuid7` crate (`uuid7_peer`) and the `uuid` crate.
//!
//! - generate: one id from our process-wide sequence (a clock read and a lock) vs the peer's
//!   `V7Generator::generate` (a clock read, no lock: the generator is owned by the caller),
//!   the peer's process-wide `uuid7()` (a clock read and a lock), and `uuid::Uuid::now_v7()`.
//! - parse: `FromStr` vs `uuid::Uuid::parse_str`, the peer's `FromStr`, and
//!   `uuid_simd::parse_hyphenated` (vector code, the fastest published parser).
//! - format: `encode` into a stack buffer vs `uuid`'s `hyphenated().encode_lower`, the
//!   peer's `encode` and `uuid_simd::format_hyphenated`, all into the stack too.
//! - fill: the cost per id of `fill` over 1000 ids (one clock read, one lock).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use uuid_simd::AsOut;
use uuid7::Uuid7;
use uuid7_peer::generator::RandSource;

mod common;

const TEXT: &str = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f";

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
    group.finish();
}

fn parse(c: &mut Criterion) {
    let mut group = c.benchmark_group("uuid7/parse");
    group.bench_function("uuid7", |b| {
        common::kept(b, || black_box(TEXT).parse::<Uuid7>())
    });
    // The scalar code, what targets without vector code run: the `const fn` reading.
    group.bench_function("uuid7 scalar (try_parse)", |b| {
        common::kept(b, || Uuid7::try_parse(black_box(TEXT)))
    });
    group.bench_function("uuid::Uuid::parse_str", |b| {
        common::kept(b, || uuid::Uuid::parse_str(black_box(TEXT)))
    });
    group.bench_function("uuid7_peer", |b| {
        common::kept(b, || black_box(TEXT).parse::<uuid7_peer::Uuid>())
    });
    group.bench_function("uuid_simd::parse_hyphenated", |b| {
        common::into_stack(b, |out: &mut [u8; 16]| {
            uuid_simd::parse_hyphenated(black_box(TEXT).as_bytes(), out.as_out()).is_ok()
        })
    });
    group.finish();
}

/// `to_string`: the text in a new `String`.
fn to_string(c: &mut Criterion) {
    let mut group = c.benchmark_group("uuid7/to_string");
    let ours: Uuid7 = TEXT.parse().unwrap();
    group.bench_function("uuid7", |b| b.iter(|| black_box(ours).to_string()));
    let peer = uuid::Uuid::parse_str(TEXT).unwrap();
    group.bench_function("uuid::Uuid", |b| b.iter(|| black_box(peer).to_string()));
    group.finish();
}

fn format(c: &mut Criterion) {
    let ours: Uuid7 = TEXT.parse().unwrap();
    let uuid = uuid::Uuid::parse_str(TEXT).unwrap();
    let peer: uuid7_peer::Uuid = TEXT.parse().unwrap();
    let mut group = c.benchmark_group("uuid7/format");
    group.bench_function("uuid7", |b| {
        common::into_stack(b, |buffer| black_box(ours).encode(buffer).len())
    });
    group.bench_function("uuid::Uuid::hyphenated().encode_lower", |b| {
        common::into_stack(b, |buffer: &mut [u8; 36]| {
            black_box(uuid).hyphenated().encode_lower(buffer).len()
        })
    });
    group.bench_function("uuid7_peer", |b| b.iter(|| black_box(peer).encode()));
    let bytes = *uuid.as_bytes();
    group.bench_function("uuid_simd::format_hyphenated", |b| {
        common::into_stack(b, |buffer: &mut [u8; 36]| {
            let case = uuid_simd::AsciiCase::Lower;
            uuid_simd::format_hyphenated(black_box(&bytes), buffer.as_out(), case).len()
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
