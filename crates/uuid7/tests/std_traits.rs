//! With `std`: the timestamp as a `SystemTime`, parsing an owned or borrowed `String`, and the
//! parse error as a standard error that crosses threads.
#![cfg(feature = "std")]

use std::time::{Duration, UNIX_EPOCH};

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
    assert_eq!(Uuid7::MIN.timestamp(), UNIX_EPOCH);
    assert_eq!(
        Uuid7::MAX.timestamp().duration_since(UNIX_EPOCH).ok(),
        Some(Duration::from_millis((1 << 48) - 1))
    );
}

#[cfg(feature = "generate")]
#[test]
fn the_timestamp_of_a_new_uuid7_is_now() {
    let before = std::time::SystemTime::now();
    let id = uuid7::generate();
    let after = std::time::SystemTime::now();
    // Milliseconds: the id's instant is `before` rounded down, at the earliest.
    assert!(id.timestamp() + Duration::from_millis(1) > before);
    assert!(id.timestamp() <= after);
}

#[test]
fn a_string_is_parsed_as_a_str_is() {
    for text in [
        EXAMPLE,
        "017F22E2-79B0-7CC3-98C4-DC0C0C07398F",
        "",
        "550e8400-e29b-41d4-a716-446655440000",
    ] {
        let expected = text.parse::<Uuid7>();
        assert_eq!(Uuid7::try_from(&String::from(text)), expected, "{text}");
        assert_eq!(Uuid7::try_from(String::from(text)), expected, "{text}");
    }
    assert_eq!(
        Uuid7::try_from(String::from("017f22e2-79b0-7cc3-98c4-dc0c0c07398g")),
        Err(ParseError::InvalidCharacter {
            index: 35,
            character: 'g'
        })
    );
}

fn assert_error<E: std::error::Error + Send + Sync + 'static>() {}

#[test]
fn the_errors_are_standard_errors_that_cross_threads() {
    assert_error::<ParseError>();
    assert_error::<uuid7::Error>();
    let error = "550e8400-e29b-41d4-a716-446655440000"
        .parse::<Uuid7>()
        .unwrap_err();
    let boxed: Box<dyn std::error::Error + Send + Sync> = error.into();
    assert_eq!(boxed.to_string(), "version 4 at byte index 14: expected 7");
    assert_eq!(boxed.downcast_ref::<ParseError>(), Some(&error));
    // `?` converts it in a function that returns the boxed error.
    fn parse(text: &str) -> Result<Uuid7, Box<dyn std::error::Error + Send + Sync>> {
        Ok(text.parse::<Uuid7>()?)
    }
    assert!(parse("").is_err());
    assert_eq!(parse(EXAMPLE).ok(), EXAMPLE.parse().ok());
}
