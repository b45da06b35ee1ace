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

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Word(u128);

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Bytes([u8; 16]);

/// Bytes, compared as the big-endian integer they hold: the same order as `Bytes`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct BytesAsWord([u8; 16]);

impl Ord for BytesAsWord {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        u128::from_be_bytes(self.0).cmp(&u128::from_be_bytes(other.0))
    }
}

impl PartialOrd for BytesAsWord {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Word {
    fn pack(tick: u64, counter: u128) -> Word {
        Word((u128::from(tick) << 80) | counter)
    }
    fn to_bytes(self) -> [u8; 16] {
        self.0.to_be_bytes()
    }
    fn from_bytes(bytes: [u8; 16]) -> Word {
        Word(u128::from_be_bytes(bytes))
    }
    fn to_u128(self) -> u128 {
        self.0
    }
}

impl Bytes {
    fn pack(tick: u64, counter: u128) -> Bytes {
        Bytes(((u128::from(tick) << 80) | counter).to_be_bytes())
    }
    fn to_bytes(self) -> [u8; 16] {
        self.0
    }
    fn from_bytes(bytes: [u8; 16]) -> Bytes {
        Bytes(bytes)
    }
    fn to_u128(self) -> u128 {
        u128::from_be_bytes(self.0)
    }
}

const N: usize = 10_000;

/// Random ids, the same values for both representations.
fn values() -> Vec<u128> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    (0..N)
        .map(|_| {
            let mut next = || {
                state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            };
            (u128::from(next()) << 64) | u128::from(next())
        })
        .collect()
}

fn storage(c: &mut Criterion) {
    println!(
        "size_of (id, u8): u128 {} bytes, [u8; 16] {} bytes",
        size_of::<(Word, u8)>(),
        size_of::<(Bytes, u8)>()
    );
    let raw = values();
    let words: Vec<Word> = raw.iter().map(|&v| Word(v)).collect();
    let bytes: Vec<Bytes> = raw.iter().map(|&v| Bytes(v.to_be_bytes())).collect();
    let mut sorted_words = words.clone();
    sorted_words.sort_unstable();
    let mut sorted_bytes = bytes.clone();
    sorted_bytes.sort_unstable();
    let as_words: Vec<BytesAsWord> = raw.iter().map(|&v| BytesAsWord(v.to_be_bytes())).collect();
    let mut sorted_as_words = as_words.clone();
    sorted_as_words.sort_unstable();

    let mut group = c.benchmark_group("storage/sort 10000");
    group.bench_function("u128", |b| {
        b.iter_batched_ref(
            || words.clone(),
            |v| v.sort_unstable(),
            BatchSize::LargeInput,
        )
    });
    group.bench_function("[u8; 16]", |b| {
        b.iter_batched_ref(
            || bytes.clone(),
            |v| v.sort_unstable(),
            BatchSize::LargeInput,
        )
    });
    group.bench_function("[u8; 16] compared as u128", |b| {
        b.iter_batched_ref(
            || as_words.clone(),
            |v| v.sort_unstable(),
            BatchSize::LargeInput,
        )
    });
    group.finish();

    let mut group = c.benchmark_group("storage/binary search 10000");
    group.bench_function("u128", |b| {
        b.iter(|| {
            words
                .iter()
                .step_by(97)
                .filter(|w| sorted_words.binary_search(w).is_ok())
                .count()
        })
    });
    group.bench_function("[u8; 16]", |b| {
        b.iter(|| {
            bytes
                .iter()
                .step_by(97)
                .filter(|w| sorted_bytes.binary_search(w).is_ok())
                .count()
        })
    });
    group.bench_function("[u8; 16] compared as u128", |b| {
        b.iter(|| {
            as_words
                .iter()
                .step_by(97)
                .filter(|w| sorted_as_words.binary_search(w).is_ok())
                .count()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("storage/hash set of 10000");
    group.bench_function("u128", |b| {
        b.iter(|| words.iter().copied().collect::<HashSet<Word>>().len())
    });
    group.bench_function("[u8; 16]", |b| {
        b.iter(|| bytes.iter().copied().collect::<HashSet<Bytes>>().len())
    });
    group.finish();

    let mut group = c.benchmark_group("storage/to bytes and back, 10000");
    group.bench_function("u128", |b| {
        b.iter(|| {
            words
                .iter()
                .map(|w| Word::from_bytes(black_box(w.to_bytes())).0 as u8)
                .fold(0u8, u8::wrapping_add)
        })
    });
    group.bench_function("[u8; 16]", |b| {
        b.iter(|| {
            bytes
                .iter()
                .map(|w| Bytes::from_bytes(black_box(w.to_bytes())).0[15])
                .fold(0u8, u8::wrapping_add)
        })
    });
    group.finish();

    let mut group = c.benchmark_group("storage/encode text");
    let word = words[0];
    let byte = bytes[0];
    group.bench_function("u128", |b| {
        b.iter(|| {
            let mut out = [0u8; 26];
            crockford32::encode(black_box(word).to_u128(), &mut out).unwrap();
            out
        })
    });
    group.bench_function("[u8; 16]", |b| {
        b.iter(|| {
            let mut out = [0u8; 26];
            crockford32::encode(black_box(byte).to_u128(), &mut out).unwrap();
            out
        })
    });
    group.finish();

    let mut group = c.benchmark_group("storage/pack 1000");
    group.bench_function("u128", |b| {
        b.iter(|| {
            let mut out = [Word(0); 1000];
            for (i, slot) in out.iter_mut().enumerate() {
                *slot = Word::pack(black_box(7), i as u128);
            }
            out
        })
    });
    group.bench_function("[u8; 16]", |b| {
        b.iter(|| {
            let mut out = [Bytes([0; 16]); 1000];
            for (i, slot) in out.iter_mut().enumerate() {
                *slot = Bytes::pack(black_box(7), i as u128);
            }
            out
        })
    });
    group.finish();
}

criterion_group!(benches, storage);
criterion_main!(benches);
