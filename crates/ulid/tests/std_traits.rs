//! With `std`: the timestamp as a `SystemTime`, parsing an owned or borrowed `String`, and the
//! parse error as a standard error that crosses threads.
#![cfg(feature = "std")]

use std::time::{Duration, UNIX_EPOCH};

use test_support::std_traits::{self, assert_std_error};
use test_support::text::assert_try_from_string_is_from_str;
use ulid::{ParseError, Ulid};

/// The example of the ULID specification: 2016-07-30T23:54:10.259Z.
const EXAMPLE: &str = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

#[test]
fn the_timestamp_is_the_instant_the_ulid_crate_reads() {
    let id: Ulid = EXAMPLE.parse().unwrap();
    // 2016-07-30T23:54:10.259Z: 17,012 days after 1970-01-01, and 23:54:10.259.
    let by_hand = UNIX_EPOCH + Duration::from_millis(17_012 * 86_400_000 + 86_050_259);
    assert_eq!(id.timestamp(), by_hand);
    assert_eq!(
        id.timestamp(),
        ulid_peer::Ulid::from_string(EXAMPLE).unwrap().datetime()
    );
    // From the epoch to the latest: 2^48 - 1 ms, in the year 10889.
    std_traits::assert_instants_span(
        Ulid::MIN.timestamp(),
        Ulid::MAX.timestamp(),
        Duration::ZERO,
        Duration::from_millis((1 << 48) - 1),
    );
}

#[cfg(feature = "generate")]
#[test]
fn the_timestamp_of_a_new_ulid_is_now() {
    std_traits::assert_new_instant_is_now(
        || ulid::generate().timestamp(),
        Duration::from_millis(1),
    );
}

#[test]
fn a_string_is_parsed_as_a_str_is() {
    assert_try_from_string_is_from_str::<Ulid>(&[
        EXAMPLE,
        "01arz3ndektsv4rrffq69g5fav",
        "",
        "01ARZ3NDEKTSV4RRFFQ69G5FAU",
    ]);
    assert_eq!(
        Ulid::try_from(String::from("01ARZ3NDEKTSV4RRFFQ69G5FAU")),
        Err(ParseError::InvalidCharacter {
            index: 25,
            character: 'U'
        })
    );
}

#[test]
fn the_errors_are_standard_errors_that_cross_threads() {
    assert_std_error::<ParseError>();
    assert_std_error::<ulid::Error>();
    std_traits::assert_parse_error_boxes::<Ulid>(
        "8ZZZZZZZZZZZZZZZZZZZZZZZZZ",
        "first character '8' is above '7': the value does not fit in 128 bits",
    );
    let example = Ulid::from_u128(0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B);
    std_traits::assert_question_mark_parses("", EXAMPLE, example);
}
