//! The process-wide sequence: order, uniqueness and timestamps, cross-checked with `bson`.
//!
//! The cases of the clock rule that need a controlled clock (counter exhaustion, a clock
//! stepping back or jumping forward, a restart with lost state, independent streams) are
//! unit tests of `src/generate.rs`, which drive the packing with private sequences. Fork is
//! in `tests/fork.rs`, and many threads in `tests/stress.rs`.
#![cfg(feature = "generate")]

use objectid::ObjectId;
use test_support::generated::{self, unix_ms, unix_s};

#[test]
fn same_second_bulk_of_a_million_from_fill_is_strictly_increasing() {
    let mut ids = vec![ObjectId::MIN; 1_000_000];
    objectid::fill(&mut ids);
    let first = ids[0];
    for pair in ids.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        assert!(a < b, "{a} then {b}");
        // One clock reading: the same second and consecutive counters, unless (with
        // probability 10^-13) the random start was within a million of the top.
        if a.timestamp_s() == b.timestamp_s() {
            assert_eq!(b.counter(), a.counter() + 1);
        } else {
            assert_eq!(b.timestamp_s(), a.timestamp_s() + 1);
        }
        let (mut x, mut y) = ([0; 24], [0; 24]);
        assert!(
            a.encode(&mut x) < b.encode(&mut y),
            "string order is value order"
        );
    }
    assert!(ids.last().unwrap().timestamp_s() <= first.timestamp_s() + 1);
}

#[test]
fn generate_and_fill_continue_one_sequence() {
    generated::assert_generate_and_fill_share_one_sequence(
        objectid::generate,
        objectid::fill,
        ObjectId::MIN,
    );
}

#[test]
fn timestamps_are_the_clock_in_seconds_as_bson_reads_them() {
    // The coarse clock that ids read may lag the exact one by its resolution (under 10 ms).
    let before = (unix_ms() - 10) / 1000;
    let id = objectid::generate();
    let peer = bson::oid::ObjectId::new();
    let after = unix_s();
    assert!(before <= id.timestamp_s() && id.timestamp_s() <= after);
    // bson's own id, made at the same moment, carries the same second.
    let peer_s = u64::try_from(peer.timestamp().timestamp_millis() / 1000).unwrap();
    assert!(before <= peer_s && peer_s <= after);
}

#[test]
fn generated_ids_parse_in_bson() {
    let mut ids = [ObjectId::MIN; 100];
    objectid::fill(&mut ids);
    for id in ids {
        let text = id.to_string();
        let peer = bson::oid::ObjectId::parse_str(&text).unwrap();
        assert_eq!(peer.bytes(), id.to_bytes());
        assert_eq!(peer.to_hex(), text);
        assert_eq!(
            peer.timestamp().timestamp_millis(),
            i64::try_from(id.timestamp_s() * 1000).unwrap()
        );
    }
}

#[test]
fn bson_generated_ids_parse_in_ours() {
    for _ in 0..100 {
        let peer = bson::oid::ObjectId::new();
        let id: ObjectId = peer.to_hex().parse().unwrap();
        assert_eq!(id.to_bytes(), peer.bytes());
        assert_eq!(
            i64::try_from(objectid::extract_timestamp_s(&peer.to_hex()).unwrap() * 1000).unwrap(),
            peer.timestamp().timestamp_millis()
        );
    }
}

#[test]
fn generate_at_draws_a_fresh_random_counter() {
    let draw = |timestamp_s| objectid::generate_at(timestamp_s).unwrap();
    let parts = |id: ObjectId| (id.timestamp_s(), id.counter().into());
    let ids = generated::random_draws(1000, 1_350_336_377, draw, parts);
    // 64 random bits: the high bit is set about half the time.
    let high = ids.iter().filter(|id| id.counter() >> 63 == 1).count();
    assert!((350..=650).contains(&high), "{high}");
    assert!(objectid::generate_at(0).is_ok());
    assert!(objectid::generate_at(u64::from(u32::MAX)).is_ok());
}
