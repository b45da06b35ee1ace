//! With `std`: the timestamp as a `SystemTime`, parsing an owned or borrowed `String`, and the
//! parse error as a standard error that crosses threads.
#![cfg(feature = "std")]

use std::time::{Duration, UNIX_EPOCH};

use snowflake::{ParseError, SnowflakeId};
use snowflaked::Snowflake;
use test_support::std_traits::{self, assert_std_error};
use test_support::text::assert_try_from_string_is_from_str;

/// 2024-01-01T00:00:00Z is 19,723 days after 1970-01-01.
const EPOCH_BY_HAND: Duration = Duration::from_secs(19_723 * 86_400);

#[test]
fn the_timestamp_is_unix_time_with_the_custom_epoch_added() {
    // 2024-01-01T00:00:01.000Z, worker 1, sequence 2.
    let id = SnowflakeId::try_from(4_194_308_098u64).unwrap();
    assert_eq!(
        id.timestamp(),
        UNIX_EPOCH + EPOCH_BY_HAND + Duration::from_secs(1)
    );
    // From the epoch to the latest: 2^41 - 1 ms after it, 2093-09-06T15:47:35.551Z.
    std_traits::assert_instants_span(
        SnowflakeId::MIN.timestamp(),
        SnowflakeId::MAX.timestamp(),
        EPOCH_BY_HAND,
        EPOCH_BY_HAND + Duration::from_millis((1 << 41) - 1),
    );
}

#[test]
fn the_timestamp_is_the_instant_of_a_snowflaked_id_on_the_same_epoch() {
    let epoch = UNIX_EPOCH + EPOCH_BY_HAND;
    let mut peer: snowflaked::Generator =
        snowflaked::Builder::new().instance(5).epoch(epoch).build();
    let raw: i64 = peer.generate();
    let id = SnowflakeId::try_from(raw).unwrap();
    assert_eq!(
        id.timestamp(),
        peer.epoch() + Duration::from_millis(raw.timestamp())
    );
}

#[test]
fn a_string_is_parsed_as_a_str_is() {
    assert_try_from_string_is_from_str::<SnowflakeId>(&[
        "4194308098",
        "0",
        "",
        "04194308098",
        "+1",
        "9223372036854775808",
    ]);
    assert_eq!(
        SnowflakeId::try_from(String::from("9223372036854775808")),
        Err(ParseError::OutOfRange { len: 19 })
    );
}

#[test]
fn the_errors_are_standard_errors_that_cross_threads() {
    assert_std_error::<ParseError>();
    assert_std_error::<snowflake::Error>();
    std_traits::assert_parse_error_boxes::<SnowflakeId>(
        "",
        "empty string: expected a Snowflake id in decimal",
    );
    let id = SnowflakeId::try_from(42u64).unwrap();
    std_traits::assert_question_mark_parses("007", "42", id);
}
