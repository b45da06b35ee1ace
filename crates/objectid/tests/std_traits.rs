//! With `std`: the timestamp as a `SystemTime`, parsing an owned or borrowed `String`, and the
//! parse error as a standard error that crosses threads.
#![cfg(feature = "std")]

use std::time::{Duration, UNIX_EPOCH};

use objectid::{ObjectId, ParseError};

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
    assert_eq!(ObjectId::MIN.timestamp(), UNIX_EPOCH);
    // The latest: 2^32 - 1 s, 2106-02-07T06:28:15Z.
    assert_eq!(
        ObjectId::MAX.timestamp().duration_since(UNIX_EPOCH).ok(),
        Some(Duration::from_secs(u32::MAX.into()))
    );
}

#[cfg(feature = "generate")]
#[test]
fn the_timestamp_of_a_new_id_is_now() {
    let before = std::time::SystemTime::now();
    let id = objectid::generate();
    let after = std::time::SystemTime::now();
    // Seconds: the id's instant is `before` rounded down, at the earliest.
    assert!(id.timestamp() + Duration::from_secs(1) > before);
    assert!(id.timestamp() <= after);
}

#[test]
fn a_string_is_parsed_as_a_str_is() {
    for text in [EXAMPLE, "", "507C7F79BCF86CD7994F6C0E", "507c7f79"] {
        let expected = text.parse::<ObjectId>();
        assert_eq!(ObjectId::try_from(&String::from(text)), expected, "{text}");
        assert_eq!(ObjectId::try_from(String::from(text)), expected, "{text}");
    }
    assert_eq!(
        ObjectId::try_from(String::from("507c7f79")),
        Err(ParseError::InvalidLength {
            found: 8,
            expected: 24
        })
    );
}

fn assert_error<E: std::error::Error + Send + Sync + 'static>() {}

#[test]
fn the_errors_are_standard_errors_that_cross_threads() {
    assert_error::<ParseError>();
    assert_error::<objectid::Error>();
    let error = "507c7f79".parse::<ObjectId>().unwrap_err();
    let boxed: Box<dyn std::error::Error + Send + Sync> = error.into();
    assert_eq!(
        boxed.to_string(),
        "an ObjectId has 24 lower-case hex characters, found 8"
    );
    assert_eq!(boxed.downcast_ref::<ParseError>(), Some(&error));
    // `?` converts it in a function that returns the boxed error.
    fn parse(text: &str) -> Result<ObjectId, Box<dyn std::error::Error + Send + Sync>> {
        Ok(text.parse::<ObjectId>()?)
    }
    assert!(parse("").is_err());
    assert_eq!(parse(EXAMPLE).ok(), EXAMPLE.parse().ok());
}
