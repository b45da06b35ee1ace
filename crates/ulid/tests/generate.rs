//! The process-wide sequence through `generate` and `fill`, and `generate_at`.
//!
//! What a time-ordered generator must survive, one test each. The clock cannot be driven
//! through the public API, and the 80-bit counter cannot be exhausted through it (2^80 ids in
//! one millisecond): counter exhaustion, the clock stepping back or jumping forward, and state
//! loss are tested on the packing with private sequences and explicit clock readings, in the
//! unit tests of `src/generate.rs`. Fork is in `tests/fork.rs`, and many threads in
//! `tests/stress.rs`.
#![cfg(feature = "generate")]

use test_support::generated::{self, unix_ms};
use ulid::{Error, Ulid};

#[test]
fn same_millisecond_bulk_of_a_million_is_strictly_increasing_in_value_and_text() {
    let mut ids = vec![Ulid::MIN; 1_000_000];
    let before = unix_ms();
    ulid::fill(&mut ids);
    let after = unix_ms();

    // One clock reading: every id shares the first one's millisecond (a random 80-bit start
    // leaves room for 2^79 increments on average, so the counter does not run out).
    let timestamp = ids[0].timestamp_ms();
    assert!(before <= timestamp && timestamp <= after);
    assert!(ids.iter().all(|id| id.timestamp_ms() == timestamp));
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    assert!(
        ids.windows(2)
            .all(|pair| pair[1].random() == pair[0].random() + 1)
    );

    let mut previous = [0u8; 26];
    ids[0].encode(&mut previous);
    let mut current = [0u8; 26];
    for id in &ids[1..] {
        id.encode(&mut current);
        assert!(previous < current, "text order must follow value order");
        previous = current;
    }
}

#[test]
fn generate_follows_the_clock_and_increases() {
    let before = unix_ms();
    let ids: Vec<Ulid> = (0..10_000).map(|_| ulid::generate()).collect();
    let after = unix_ms();
    generated::assert_strictly_increasing(&ids);
    // The clock may not step back during the test; then the timestamps stay within it.
    assert!(ids[0].timestamp_ms() >= before);
    assert!(ids[ids.len() - 1].timestamp_ms() <= after);
}

#[test]
fn generate_and_fill_share_one_sequence() {
    generated::assert_generate_and_fill_share_one_sequence(ulid::generate, ulid::fill, Ulid::MIN);
}

#[test]
fn generated_ids_parse_in_the_ulid_crate() {
    let mut ids = [Ulid::MIN; 64];
    ulid::fill(&mut ids);
    for id in ids.iter().copied().chain([ulid::generate()]) {
        let text = id.to_string();
        let peer = ulid_peer::Ulid::from_string(&text).unwrap();
        assert_eq!(peer.0, id.to_u128());
        assert_eq!(peer.timestamp_ms(), id.timestamp_ms());
        assert_eq!(peer.to_string(), text);
    }
}

#[test]
fn generate_at_keeps_the_timestamp_and_draws_80_random_bits() {
    let draw = |timestamp_ms| ulid::generate_at(timestamp_ms).unwrap();
    let parts = |id: Ulid| (id.timestamp_ms(), id.random());
    let ids = generated::random_draws(64, 1_469_922_850_259, draw, parts);
    assert!(
        ids.iter()
            .all(|id| id.to_string().starts_with("01ARZ3NDEK"))
    );
    // Every one of the 80 bits is set in some draw and clear in another (a stuck bit would
    // survive 64 draws one time in 2^63).
    let ones = ids.iter().fold(0u128, |acc, id| acc | id.random());
    let zeros = ids.iter().fold(0u128, |acc, id| acc | !id.random());
    assert_eq!(ones, (1 << 80) - 1);
    assert_eq!(zeros & ((1 << 80) - 1), (1 << 80) - 1);

    assert_eq!(ulid::generate_at(0).unwrap().timestamp_ms(), 0);
    assert_eq!(
        ulid::generate_at((1 << 48) - 1).unwrap().timestamp_ms(),
        (1 << 48) - 1
    );
}

#[test]
fn generate_at_rejects_a_timestamp_past_48_bits() {
    for timestamp_ms in [1 << 48, u64::MAX] {
        assert_eq!(
            ulid::generate_at(timestamp_ms),
            Err(Error::TimestampOutOfRange {
                value: timestamp_ms,
                max: 281_474_976_710_655
            })
        );
    }
}
