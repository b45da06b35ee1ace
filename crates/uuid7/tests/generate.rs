//! The process-wide sequence through `generate` and `fill`: what a time-ordered generator must
//! survive, where the public API can show it. Counter exhaustion and clock steps need a
//! private sequence and a clock given as an argument: they are unit tests in `src/generate.rs`.
//! Fork is in `tests/fork.rs`, and many threads in `tests/stress.rs`.
#![cfg(feature = "generate")]

use test_support::generated::{self, unix_ms};
use uuid7::{Error, Uuid7};

#[test]
fn same_millisecond_bulk_is_strictly_increasing_in_value_and_text() {
    let before = unix_ms();
    let mut ids = vec![Uuid7::MIN; 1_000_000];
    uuid7::fill(&mut ids);
    let after = unix_ms();

    // One clock reading: one millisecond (a 74-bit counter from a random start does not run
    // out in a million steps, but for odds of 2^-54 it could borrow one more).
    let first = ids[0].timestamp_ms();
    assert!(
        before <= first && first <= after,
        "{before} {first} {after}"
    );
    assert!(ids.iter().all(|id| id.timestamp_ms() - first <= 1));

    let (mut low, mut high) = ([0u8; 36], [0u8; 36]);
    for pair in ids.windows(2) {
        assert!(pair[0] < pair[1]);
        assert!(pair[0].encode(&mut low) < pair[1].encode(&mut high));
        if pair[0].timestamp_ms() == pair[1].timestamp_ms() {
            assert_eq!(pair[1].counter(), pair[0].counter() + 1);
        }
    }
    // And the sequence goes on after them.
    assert!(uuid7::generate() > ids[999_999]);
}

#[test]
fn generated_ids_follow_the_clock() {
    for _ in 0..1000 {
        let before = unix_ms();
        let id = uuid7::generate();
        let after = unix_ms();
        assert!(before <= id.timestamp_ms() && id.timestamp_ms() <= after);
    }
}

#[test]
fn generate_and_fill_share_one_sequence() {
    generated::assert_generate_and_fill_share_one_sequence(
        uuid7::generate,
        uuid7::fill,
        Uuid7::MIN,
    );
}

#[test]
fn generated_ids_are_version_7_for_the_uuid_crate() {
    let mut ids = vec![Uuid7::MIN; 1000];
    uuid7::fill(&mut ids);
    ids.push(uuid7::generate());
    ids.push(uuid7::generate_at(1_645_557_742_000).unwrap());
    for id in ids {
        let text = id.to_string();
        let uuid = uuid::Uuid::parse_str(&text).unwrap();
        assert_eq!(uuid.get_version_num(), 7);
        assert_eq!(uuid.get_variant(), uuid::Variant::RFC4122);
        let (seconds, nanos) = uuid.get_timestamp().unwrap().to_unix();
        assert_eq!(
            seconds * 1000 + u64::from(nanos) / 1_000_000,
            id.timestamp_ms()
        );
        assert_eq!(uuid.hyphenated().to_string(), text);
        assert_eq!(uuid.as_u128(), id.to_u128());
    }
}

#[test]
fn generate_at_draws_a_random_counter_each_time() {
    let draw = |timestamp_ms| uuid7::generate_at(timestamp_ms).unwrap();
    let ids = generated::random_draws(1000, 1_000, draw, |id| (id.timestamp_ms(), id.counter()));
    let counters: Vec<u128> = ids.iter().map(|id| id.counter()).collect();
    // All 74 bits are drawn: some counter has its top bit set, and some has not.
    assert!(counters.iter().any(|counter| counter >> 73 == 1));
    assert!(counters.iter().any(|counter| counter >> 73 == 0));
}

#[test]
fn generate_at_refuses_a_timestamp_out_of_range() {
    assert!(uuid7::generate_at(Uuid7::MAX_TIMESTAMP_MS).is_ok());
    assert_eq!(
        uuid7::generate_at(1 << 48),
        Err(Error::TimestampOutOfRange {
            value: 1 << 48,
            max: Uuid7::MAX_TIMESTAMP_MS
        })
    );
    assert_eq!(
        uuid7::generate_at(u64::MAX),
        Err(Error::TimestampOutOfRange {
            value: u64::MAX,
            max: Uuid7::MAX_TIMESTAMP_MS
        })
    );
}
