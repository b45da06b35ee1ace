//! Content ids beside the raw hashes under them.
//!
//! - 1 MiB of `Bytes` against `blake2::Blake2b256` of the same MiB: the encoding adds a
//!   9-byte header and the hex, so the two should run at the same throughput.
//! - A small struct through `Serde` against one BLAKE2b-256 of 64 bytes: the cost of the
//!   serializer, the buffered and sorted fields, and the hex `String`.
//! - `generate_uuid5` against `uuid::Uuid::new_v5` of a short name: a BLAKE2b-512 and its
//!   128 hex characters in front of the same SHA-1.
//! - 1 MiB of JSON (an array of small objects) read by `content_id::json::generate_from_reader`
//!   against `blake2::Blake2b256` of the same MiB: the cost of the streaming parser and of
//!   one entry digest per object member.

use std::hint::black_box;

use blake2::{Blake2b256, Digest};
use content_id::{Bytes, Serde};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use serde::Serialize;
use uuid::Uuid;

const MIB: usize = 1 << 20;

fn bytes(c: &mut Criterion) {
    let data: Vec<u8> = (0..MIB).map(|i| (i * 31 % 251) as u8).collect();
    let mut group = c.benchmark_group("content_id/1 MiB of bytes");
    group.throughput(Throughput::Bytes(MIB as u64));
    group.bench_function("content_id::generate(Bytes)", |b| {
        b.iter(|| content_id::generate(&Bytes(black_box(&data))).unwrap())
    });
    group.bench_function("blake2::Blake2b256", |b| {
        b.iter(|| Blake2b256::digest(black_box(&data)))
    });
    group.finish();
}

#[derive(Serialize)]
struct Record {
    id: u64,
    name: &'static str,
    active: bool,
}

fn small_struct(c: &mut Criterion) {
    let record = Record {
        id: 1_234_567,
        name: "ada lovelace",
        active: true,
    };
    let block = [0x5Au8; 64];
    let mut group = c.benchmark_group("content_id/3-field struct");
    group.bench_function("content_id::generate(Serde)", |b| {
        b.iter(|| content_id::generate(&Serde(black_box(&record))).unwrap())
    });
    group.bench_function("blake2::Blake2b256 of 64 bytes", |b| {
        b.iter(|| Blake2b256::digest(black_box(&block)))
    });
    group.finish();
}

fn uuid5(c: &mut Criterion) {
    let name = "users/ada";
    let mut group = c.benchmark_group("content_id/uuid5 of a short name");
    group.bench_function("content_id::generate_uuid5", |b| {
        b.iter(|| content_id::generate_uuid5(black_box(name)).unwrap())
    });
    group.bench_function("uuid::Uuid::new_v5", |b| {
        b.iter(|| Uuid::new_v5(&Uuid::NAMESPACE_URL, black_box(name).as_bytes()))
    });
    group.finish();
}

/// About 1 MiB of `[{"id":0,"name":"user-0","tags":["a","b"],"score":0.5},…]`.
fn json_document() -> Vec<u8> {
    let mut text = String::from("[");
    let mut id = 0;
    while text.len() < MIB {
        if id > 0 {
            text.push(',');
        }
        text.push_str(&format!(
            "{{\"id\":{id},\"name\":\"user-{id}\",\"tags\":[\"a\",\"b\"],\"score\":{}.5}}",
            id % 100
        ));
        id += 1;
    }
    text.push(']');
    text.into_bytes()
}

fn json(c: &mut Criterion) {
    let document = json_document();
    let options = content_id::Options::default();
    let mut group = c.benchmark_group("content_id/1 MiB JSON document");
    group.throughput(Throughput::Bytes(document.len() as u64));
    group.bench_function("content_id::json::generate_from_reader", |b| {
        b.iter(|| {
            content_id::json::generate_from_reader(black_box(&document[..]), &options).unwrap()
        })
    });
    group.bench_function("blake2::Blake2b256", |b| {
        b.iter(|| Blake2b256::digest(black_box(&document)))
    });
    group.finish();
}

criterion_group!(benches, bytes, small_struct, uuid5, json);
criterion_main!(benches);
