//! `golden/snowflake.json`, read in both directions and checked against the `snowflaked`
//! crate (an independent implementation of the same 41/10/12 layout) and against arithmetic
//! done by hand.

use std::time::{Duration, UNIX_EPOCH};

use serde_json::Value;
use snowflake::{EPOCH_MS, Error, ParseError, SnowflakeId, extract_timestamp_ms};
use snowflaked::Snowflake;
use test_support::generated::unix_ms;
use test_support::golden::{cases, cases_at_least, decimal, number, string};
use test_support::text::assert_both_ways;

/// 2024-01-01T00:00:00Z is 19,723 days after 1970-01-01: 19,723 × 86,400,000 ms.
const EPOCH_BY_HAND: u64 = 19_723 * 86_400_000;
/// 41 bits of milliseconds after the epoch.
const MAX_TIMESTAMP_MS: u64 = EPOCH_BY_HAND + (1 << 41) - 1;

/// The fields of a case: `timestamp_ms`, `worker_id` and `sequence`.
fn parts(case: &Value) -> (u64, u16, u16) {
    let timestamp_ms = decimal(case, "timestamp_ms");
    (
        timestamp_ms,
        number(case, "worker_id"),
        number(case, "sequence"),
    )
}

#[test]
fn the_epoch_is_2024_01_01_in_unix_milliseconds() {
    assert_eq!(EPOCH_MS, EPOCH_BY_HAND);
    let golden = test_support::golden::load("snowflake");
    assert_eq!(decimal::<u64>(&golden, "epoch_ms"), EPOCH_BY_HAND);
}

#[test]
fn a_hand_computed_example() {
    // 2024-01-01T00:00:01.000Z is 1000 ms after the epoch; worker 1, sequence 2:
    // (1000 << 22) | (1 << 12) | 2 = 4_194_304_000 + 4_096 + 2 = 4_194_308_098.
    let id = SnowflakeId::from_parts(1_704_067_201_000, 1, 2).unwrap();
    assert_eq!(id.to_u64(), 4_194_308_098);
    assert_eq!(id.to_string(), "4194308098");
    // The largest id: every field at its maximum, (2^41 - 1) << 22 | 1023 << 12 | 4095
    // = 2^63 - 1 = 9_223_372_036_854_775_807.
    let last = SnowflakeId::from_parts(MAX_TIMESTAMP_MS, 1023, 4095).unwrap();
    assert_eq!(last.to_string(), "9223372036854775807");
    assert_eq!(i64::from(last), i64::MAX);
}

#[test]
fn valid_vectors_in_both_directions_and_against_snowflaked() {
    let valid = cases_at_least("snowflake", "valid", 20);
    let mut seen = Vec::new();
    for case in &valid {
        let (timestamp_ms, worker_id, sequence) = parts(case);
        let text = string(case, "id");
        let integer: u64 = text.parse().unwrap();

        // Parts to id to text, and back.
        let id = SnowflakeId::from_parts(timestamp_ms, worker_id, sequence).unwrap();
        assert_eq!(id.to_u64(), integer, "{case}");
        let parts = |id: SnowflakeId| (id.timestamp_ms(), id.worker_id(), id.sequence());
        assert_both_ways(&id, text, parts, (timestamp_ms, worker_id, sequence));
        assert_eq!(extract_timestamp_ms(integer), Ok(timestamp_ms), "{case}");
        assert_eq!(SnowflakeId::try_from(integer), Ok(id), "{case}");
        assert_eq!(SnowflakeId::try_from(integer as i64), Ok(id), "{case}");
        assert_eq!(i64::from(id) as u64, integer, "{case}");

        // The peer: the same layout with the timestamp counted from our epoch. Its `u64`
        // form has a 42-bit timestamp field and its `i64` form 41 bits with the sign bit
        // cleared; both agree with ours below 2^63.
        let offset = timestamp_ms - EPOCH_BY_HAND;
        let peer_u64 = <u64 as Snowflake>::from_parts(offset, worker_id.into(), sequence.into());
        let peer_i64 = <i64 as Snowflake>::from_parts(offset, worker_id.into(), sequence.into());
        assert_eq!(peer_u64, integer, "{case}");
        assert_eq!(peer_i64, integer as i64, "{case}");
        assert_eq!(
            (
                integer.timestamp() + EPOCH_BY_HAND,
                integer.instance(),
                integer.sequence()
            ),
            (timestamp_ms, u64::from(worker_id), u64::from(sequence)),
            "{case}"
        );
        seen.push((timestamp_ms, worker_id, sequence));
    }

    // The edges the format promises are in the file.
    for edge in [
        (EPOCH_BY_HAND, 0, 0),
        (EPOCH_BY_HAND, 1023, 4095),
        (MAX_TIMESTAMP_MS, 0, 0),
        (MAX_TIMESTAMP_MS, 1023, 4095),
        (EPOCH_BY_HAND + 1000, 1, 2),
    ] {
        assert!(seen.contains(&edge), "missing {edge:?}");
    }
    assert!(valid.iter().any(|case| case["id"] == "0"));
    assert!(valid.iter().any(|case| case["id"] == "9223372036854775807"));
    assert!(valid.iter().any(|case| case["id"] == "4194308098"));
}

#[test]
fn a_snowflaked_generator_on_our_epoch_makes_ids_we_read_the_same_way() {
    let epoch = UNIX_EPOCH + Duration::from_millis(EPOCH_BY_HAND);
    let mut peer: snowflaked::Generator = snowflaked::Builder::new()
        .instance(777)
        .epoch(epoch)
        .build();
    let before = unix_ms();
    let raw: i64 = peer.generate();
    let after = unix_ms();
    let id = SnowflakeId::try_from(raw).unwrap();
    assert_eq!(id.worker_id(), 777);
    assert!(before <= id.timestamp_ms() && id.timestamp_ms() <= after);
    assert_eq!(id.timestamp_ms(), EPOCH_BY_HAND + raw.timestamp());
    assert_eq!(u64::from(id.sequence()), raw.sequence());
}

#[test]
fn invalid_parts_fail_with_the_field_its_value_and_its_range() {
    for case in &cases("snowflake", "invalid_parts") {
        let (timestamp_ms, worker_id, sequence) = parts(case);
        let error = SnowflakeId::from_parts(timestamp_ms, worker_id, sequence).unwrap_err();
        let (expected, field, value) = match string(case, "error") {
            "timestamp_out_of_range" => (
                Error::TimestampOutOfRange {
                    value: timestamp_ms,
                    min: EPOCH_BY_HAND,
                    max: MAX_TIMESTAMP_MS,
                },
                "timestamp_ms",
                timestamp_ms.to_string(),
            ),
            "worker_id_out_of_range" => (
                Error::WorkerIdOutOfRange {
                    value: worker_id,
                    max: 1023,
                },
                "worker_id",
                worker_id.to_string(),
            ),
            "sequence_out_of_range" => (
                Error::SequenceOutOfRange {
                    value: sequence,
                    max: 4095,
                },
                "sequence",
                sequence.to_string(),
            ),
            other => panic!("unexpected error kind {other}"),
        };
        assert_eq!(error, expected, "{case}");
        let message = error.to_string();
        assert!(
            message.starts_with(&format!("{field} {value} is out of range")),
            "{message}"
        );
    }
}

#[test]
fn invalid_ids_are_out_of_range() {
    for case in &cases("snowflake", "invalid_ids") {
        assert_eq!(case["error"], "id_out_of_range");
        let integer = decimal::<u64>(case, "id");
        let expected = Error::IdOutOfRange {
            value: i128::from(integer),
        };
        assert_eq!(SnowflakeId::try_from(integer), Err(expected), "{case}");
        assert_eq!(extract_timestamp_ms(integer), Err(expected), "{case}");
        let text = string(case, "id");
        assert_eq!(
            text.parse::<SnowflakeId>(),
            Err(ParseError::OutOfRange { len: text.len() }),
            "{case}"
        );
    }
}

#[test]
fn invalid_texts_fail_with_the_documented_error() {
    for case in &cases("snowflake", "invalid_text") {
        let text = string(case, "text");
        let error = text.parse::<SnowflakeId>().expect_err(text);
        match (string(case, "error"), error) {
            ("empty", ParseError::Empty) => {}
            ("leading_zero", ParseError::LeadingZero { len }) => assert_eq!(len, text.len()),
            ("out_of_range", ParseError::OutOfRange { len }) => assert_eq!(len, text.len()),
            ("invalid_character", ParseError::InvalidCharacter { index, character }) => {
                assert_eq!(index as u64, number::<u64>(case, "index"), "{case}");
                assert_eq!(text[index..].chars().next(), Some(character), "{case}");
            }
            (expected, found) => panic!("{text:?}: expected {expected}, found {found:?}"),
        }
    }
}
