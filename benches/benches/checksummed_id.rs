//! `checksummed_id::verify` beside the `ulid` crate's parse of a string of similar length,
//! and `generate` for reference.
//!
//! Verifying a default code strips 3 separators and folds 12 symbols modulo 37 with a check
//! symbol; `Ulid::from_string` decodes 26 symbols into a `u128`. Neither allocates.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

const CODE: &str = "H88C-MK9B-VJ1V-P";
const ULID: &str = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

fn verify(c: &mut Criterion) {
    assert!(checksummed_id::verify(CODE));
    let mut group = c.benchmark_group("checksummed_id/verify");
    group.bench_function("checksummed_id::verify", |b| {
        b.iter(|| black_box(checksummed_id::verify(black_box(CODE))))
    });
    group.bench_function("ulid_peer::Ulid::from_string", |b| {
        b.iter(|| black_box(ulid_peer::Ulid::from_string(black_box(ULID))))
    });
    group.finish();
}

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("checksummed_id/generate");
    group.bench_function("checksummed_id::generate", |b| {
        b.iter(checksummed_id::generate)
    });
    group.finish();
}

criterion_group!(benches, verify, generate);
criterion_main!(benches);
