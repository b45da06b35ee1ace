//! With `std`: the timestamp as a `SystemTime`, parsing an owned or borrowed `String`, and the
//! parse error as a standard error that crosses threads.
#![cfg(feature = "std")]

use std::time::{Duration, UNIX_EPOCH};

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
    assert_eq!(Ulid::MIN.timestamp(), UNIX_EPOCH);
    // The latest: 2^48 - 1 ms, in the year 10889.
    assert_eq!(
        Ulid::MAX.timestamp().duration_since(UNIX_EPOCH).ok(),
        Some(Duration::from_millis((1 << 48) - 1))
    );
}

#[cfg(feature = "generate")]
#[test]
fn the_timestamp_of_a_new_ulid_is_now() {
    let before = std::time::SystemTime::now();
    let id = ulid::generate();
    let after = std::time::SystemTime::now();
    // Milliseconds: the id's instant is `before` rounded down, at the earliest.
    assert!(id.timestamp() + Duration::from_millis(1) > before);
    assert!(id.timestamp() <= after);
}

#[test]
fn a_string_is_parsed_as_a_str_is() {
    for text in [
        EXAMPLE,
        "01arz3ndektsv4rrffq69g5fav",
        "",
        "01ARZ3NDEKTSV4RRFFQ69G5FAU",
    ] {
        let expected = text.parse::<Ulid>();
        assert_eq!(Ulid::try_from(&String::from(text)), expected, "{text}");
        assert_eq!(Ulid::try_from(String::from(text)), expected, "{text}");
    }
    assert_eq!(
        Ulid::try_from(String::from("01ARZ3NDEKTSV4RRFFQ69G5FAU")),
        Err(ParseError::InvalidCharacter {
            index: 25,
            character: 'U'
        })
    );
}

fn assert_error<E: std::error::Error + Send + Sync + 'static>() {}

#[test]
fn the_errors_are_standard_errors_that_cross_threads() {
    assert_error::<ParseError>();
    assert_error::<ulid::Error>();
    let error = "8ZZZZZZZZZZZZZZZZZZZZZZZZZ".parse::<Ulid>().unwrap_err();
    let boxed: Box<dyn std::error::Error + Send + Sync> = error.into();
    assert_eq!(
        boxed.to_string(),
        "first character '8' is above '7': the value does not fit in 128 bits"
    );
    assert_eq!(boxed.downcast_ref::<ParseError>(), Some(&error));
    // `?` converts it in a function that returns the boxed error.
    fn parse(text: &str) -> Result<Ulid, Box<dyn std::error::Error + Send + Sync>> {
        Ok(text.parse::<Ulid>()?)
    }
    assert!(parse("").is_err());
    assert_eq!(parse(EXAMPLE).ok(), EXAMPLE.parse().ok());
}
