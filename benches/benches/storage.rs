//! Whether a 16-byte id should store a `u128` (as `Ulid` and `Uuid7` do) or `[u8; 16]` (as
//! `uuid::Uuid` does): the operations on a stored id that differ between the two, in one run.
//!
//! - sort and binary search: keys in indexes and sorted vectors (`u128` compares two words;
//!   `[u8; 16]` compares bytes, which is the same order for big-endian bytes);
//! - hash set: ids as map keys;
//! - to bytes and from bytes: what a database driver or a binary serializer does;
//! - text: the Crockford or hex encoding starts from the integer either way;
//! - pack: building an id from a (tick, counter) pair, what `generate` does.
//!
//! Sizes are printed once: a `u128` has alignment 16 on x86_64, so `(id, u8)` takes 32 bytes
//! against 17.

use std::collections::HashSet;
use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BatchSize, BenchmarkGroup, Criterion, criterion_group, criterion_main};

/// A 16-byte id in one representation: what the benchmarks do with each.
trait Stored: Copy + Ord + std::hash::Hash {
    const NAME: &'static str;
    fn from_u128(value: u128) -> Self;
    fn to_u128(self) -> u128;
    fn to_bytes(self) -> [u8; 16];
    fn from_bytes(bytes: [u8; 16]) -> Self;
}

/// The integer, as `Ulid` and `Uuid7` hold it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Word(u128);

/// Big-endian bytes, as `uuid::Uuid` holds them, ordered byte by byte.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Bytes([u8; 16]);

/// Bytes, compared as the big-endian integer they hold: the same order as `Bytes`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct BytesAsWord([u8; 16]);

impl Ord for BytesAsWord {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.to_u128().cmp(&other.to_u128())
    }
}

impl PartialOrd for BytesAsWord {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Stored for Word {
    const NAME: &'static str = "u128";
    fn from_u128(value: u128) -> Self {
        Word(value)
    }
    fn to_u128(self) -> u128 {
        self.0
    }
    fn to_bytes(self) -> [u8; 16] {
        self.0.to_be_bytes()
    }
    fn from_bytes(bytes: [u8; 16]) -> Self {
        Word(u128::from_be_bytes(bytes))
    }
}

/// The two byte representations differ only in their order.
macro_rules! stored_as_bytes {
    ($($ty:ident: $name:literal),+) => {$(
        impl Stored for $ty {
            const NAME: &'static str = $name;
            fn from_u128(value: u128) -> Self {
                $ty(value.to_be_bytes())
            }
            fn to_u128(self) -> u128 {
                u128::from_be_bytes(self.0)
            }
            fn to_bytes(self) -> [u8; 16] {
                self.0
            }
            fn from_bytes(bytes: [u8; 16]) -> Self {
                $ty(bytes)
            }
        }
    )+};
}

stored_as_bytes!(Bytes: "[u8; 16]", BytesAsWord: "[u8; 16] compared as u128");

const N: usize = 10_000;

/// Random ids, the same values for every representation.
fn values() -> Vec<u128> {
    benches::pool::random_u128s(0x9E37_79B9_7F4A_7C15)
        .take(N)
        .collect()
}

/// The operations compared, each a benchmark group.
const OPERATIONS: [&str; 6] = [
    "sort 10000",
    "binary search 10000",
    "hash set of 10000",
    "to bytes and back, 10000",
    "encode text",
    "pack 1000",
];

/// The operation `OPERATIONS[operation]` on one representation.
fn bench<T: Stored>(group: &mut BenchmarkGroup<'_, WallTime>, operation: usize, raw: &[u128]) {
    let ids: Vec<T> = raw.iter().map(|&value| T::from_u128(value)).collect();
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    group.bench_function(T::NAME, |b| match operation {
        0 => b.iter_batched_ref(|| ids.clone(), |v| v.sort_unstable(), BatchSize::LargeInput),
        1 => b.iter(|| {
            let probes = ids.iter().step_by(97);
            probes.filter(|id| sorted.binary_search(id).is_ok()).count()
        }),
        2 => b.iter(|| ids.iter().copied().collect::<HashSet<T>>().len()),
        3 => b.iter(|| {
            let round_trips = ids.iter().map(|id| T::from_bytes(black_box(id.to_bytes())));
            round_trips.fold(0u8, |sum, id| sum.wrapping_add(id.to_bytes()[15]))
        }),
        4 => b.iter(|| {
            let mut out = [0u8; 26];
            crockford32::encode(black_box(ids[0]).to_u128(), &mut out).unwrap();
            out
        }),
        _ => b.iter(|| {
            let mut out = [T::from_u128(0); 1000];
            for (i, slot) in out.iter_mut().enumerate() {
                *slot = T::from_u128((u128::from(black_box(7u64)) << 80) | i as u128);
            }
            out
        }),
    });
}

fn storage(c: &mut Criterion) {
    println!(
        "size_of (id, u8): u128 {} bytes, [u8; 16] {} bytes",
        size_of::<(Word, u8)>(),
        size_of::<(Bytes, u8)>()
    );
    let raw = values();
    for (operation, name) in OPERATIONS.iter().enumerate() {
        let mut group = c.benchmark_group(format!("storage/{name}"));
        bench::<Word>(&mut group, operation, &raw);
        bench::<Bytes>(&mut group, operation, &raw);
        bench::<BytesAsWord>(&mut group, operation, &raw);
        group.finish();
    }
}

criterion_group!(benches, storage);
criterion_main!(benches);
