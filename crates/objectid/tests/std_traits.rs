//! With `std`: the timestamp as a `SystemTime`, parsing an owned or borrowed `String`, and the
//! parse error as a standard error that crosses threads.
#![cfg(feature = "std")]

use std::time::{Duration, UNIX_EPOCH};

use objectid::{ObjectId, ParseError};
use test_support::std_traits::{self, assert_std_error};
use test_support::text::assert_try_from_string_is_from_str;

/// The example of the MongoDB manual: 2012-10-15T21:26:17Z.
const EXAMPLE: &str = "507c7f79bcf86cd7994f6c0e";

#[test]
fn the_timestamp_is_the_instant_bson_reads() {
    let id: ObjectId = EXAMPLE.parse().unwrap();
    // 2012-10-15T21:26:17Z: 15,628 days after 1970-01-01, and 21:26:17.
    let by_hand = UNIX_EPOCH + Duration::from_secs(15_628 * 86_400 + 77_177);
    assert_eq!(id.timestamp(), by_hand);
    let peer = bson::oid::ObjectId::parse_str(EXAMPLE).unwrap();
    assert_eq!(id.timestamp(), peer.timestamp().to_system_time());
    // From the epoch to the latest: 2^32 - 1 s, 2106-02-07T06:28:15Z.
    std_traits::assert_instants_span(
        ObjectId::MIN.timestamp(),
        ObjectId::MAX.timestamp(),
        Duration::ZERO,
        Duration::from_secs(u32::MAX.into()),
    );
}

#[cfg(feature = "generate")]
#[test]
fn the_timestamp_of_a_new_id_is_now() {
    // Whole seconds, from the coarse clock, which may lag by its resolution (under 10 ms).
    std_traits::assert_new_instant_is_now(
        || objectid::generate().timestamp(),
        Duration::from_millis(1_010),
    );
}

#[test]
fn a_string_is_parsed_as_a_str_is() {
    assert_try_from_string_is_from_str::<ObjectId>(&[
        EXAMPLE,
        "",
        "507C7F79BCF86CD7994F6C0E",
        "507c7f79",
    ]);
    assert_eq!(
        ObjectId::try_from(String::from("507c7f79")),
        Err(ParseError::InvalidLength {
            found: 8,
            expected: 24
        })
    );
}

#[test]
fn the_errors_are_standard_errors_that_cross_threads() {
    assert_std_error::<ParseError>();
    assert_std_error::<objectid::Error>();
    std_traits::assert_parse_error_boxes::<ObjectId>(
        "507c7f79",
        "an ObjectId has 24 lower-case hex characters, found 8",
    );
    let example = ObjectId::from_bytes([
        0x50, 0x7c, 0x7f, 0x79, 0xbc, 0xf8, 0x6c, 0xd7, 0x99, 0x4f, 0x6c, 0x0e,
    ]);
    std_traits::assert_question_mark_parses("", EXAMPLE, example);
}
