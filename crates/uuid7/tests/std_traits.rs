//! With `std`: the timestamp as a `SystemTime`, parsing an owned or borrowed `String`, and the
//! parse error as a standard error that crosses threads.
#![cfg(feature = "std")]

use std::time::{Duration, UNIX_EPOCH};

use test_support::std_traits::{self, assert_std_error};
use test_support::text::assert_try_from_string_is_from_str;
use uuid7::{ParseError, Uuid7};

/// RFC 9562, Appendix A.6: Tuesday, February 22, 2022 2:22:22.00 PM GMT-05:00.
const EXAMPLE: &str = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f";

#[test]
fn the_timestamp_is_the_instant_the_uuid_crate_reads() {
    let id: Uuid7 = EXAMPLE.parse().unwrap();
    // 2022-02-22T19:22:22Z: 19,045 days after 1970-01-01, and 19:22:22.
    let by_hand = UNIX_EPOCH + Duration::from_secs(19_045 * 86_400 + 69_742);
    assert_eq!(id.timestamp(), by_hand);
    let (seconds, nanos) = uuid::Uuid::parse_str(EXAMPLE)
        .unwrap()
        .get_timestamp()
        .unwrap()
        .to_unix();
    assert_eq!(id.timestamp(), UNIX_EPOCH + Duration::new(seconds, nanos));
    // From the epoch to 2^48 - 1 ms after it.
    std_traits::assert_instants_span(
        Uuid7::MIN.timestamp(),
        Uuid7::MAX.timestamp(),
        Duration::ZERO,
        Duration::from_millis((1 << 48) - 1),
    );
}

#[cfg(feature = "generate")]
#[test]
fn the_timestamp_of_a_new_uuid7_is_now() {
    std_traits::assert_new_instant_is_now(
        || uuid7::generate().timestamp(),
        Duration::from_millis(1),
    );
}

#[test]
fn a_string_is_parsed_as_a_str_is() {
    assert_try_from_string_is_from_str::<Uuid7>(&[
        EXAMPLE,
        "017F22E2-79B0-7CC3-98C4-DC0C0C07398F",
        "",
        "550e8400-e29b-41d4-a716-446655440000",
    ]);
    assert_eq!(
        Uuid7::try_from(String::from("017f22e2-79b0-7cc3-98c4-dc0c0c07398g")),
        Err(ParseError::InvalidCharacter {
            index: 35,
            character: 'g'
        })
    );
}

#[test]
fn the_errors_are_standard_errors_that_cross_threads() {
    assert_std_error::<ParseError>();
    assert_std_error::<uuid7::Error>();
    std_traits::assert_parse_error_boxes::<Uuid7>(
        "550e8400-e29b-41d4-a716-446655440000",
        "version 4 at byte index 14: expected 7",
    );
    let example = Uuid7::from_u128(0x017F_22E2_79B0_7CC3_98C4_DC0C_0C07_398F).unwrap();
    std_traits::assert_question_mark_parses("", EXAMPLE, example);
}
