//! `golden/objectid.json`, read in both directions and checked against the `bson` crate, an
//! independent implementation, and against the example of the MongoDB manual.

use objectid::{Error, ObjectId, ParseError};
use serde_json::Value;

fn golden() -> Value {
    serde_json::from_str(include_str!("../../../golden/objectid.json")).unwrap()
}

fn cases<'a>(golden: &'a Value, key: &str) -> &'a [Value] {
    golden[key].as_array().unwrap()
}

fn u64_of(value: &Value) -> u64 {
    value.as_str().unwrap().parse().unwrap()
}

fn bson_seconds(id: bson::oid::ObjectId) -> u64 {
    let millis = id.timestamp().timestamp_millis();
    assert_eq!(millis % 1000, 0);
    u64::try_from(millis / 1000).unwrap()
}

#[test]
fn valid_vectors_go_both_ways_and_match_bson() {
    let golden = golden();
    let valid = cases(&golden, "valid");
    assert!(valid.len() >= 20);
    for case in valid {
        let (timestamp_s, counter) = (u64_of(&case["timestamp_s"]), u64_of(&case["counter"]));
        let text = case["text"].as_str().unwrap();

        // Parts to text.
        let id = ObjectId::from_parts(timestamp_s, counter).unwrap();
        assert_eq!(id.to_string(), text, "{case}");
        // Text to parts.
        let parsed: ObjectId = text.parse().unwrap();
        assert_eq!(parsed, id, "{case}");
        assert_eq!(
            (parsed.timestamp_s(), parsed.counter()),
            (timestamp_s, counter)
        );
        assert_eq!(
            objectid::extract_timestamp_s(text),
            Ok(timestamp_s),
            "{case}"
        );

        // The peer reads the same bytes, and its timestamp is ours.
        let peer = bson::oid::ObjectId::parse_str(text).unwrap();
        assert_eq!(peer.bytes(), id.to_bytes(), "{case}");
        assert_eq!(bson_seconds(peer), timestamp_s, "{case}");
        assert_eq!(
            bson::oid::ObjectId::from_bytes(id.to_bytes()).to_hex(),
            text
        );
        // The counter is the last 8 bytes, big-endian.
        let tail: [u8; 8] = peer.bytes()[4..].try_into().unwrap();
        assert_eq!(u64::from_be_bytes(tail), counter, "{case}");
    }
}

#[test]
fn the_example_of_the_mongodb_manual() {
    // https://www.mongodb.com/docs/manual/reference/method/ObjectId.getTimestamp/
    let text = "507c7f79bcf86cd7994f6c0e";
    let golden = golden();
    assert!(
        cases(&golden, "valid")
            .iter()
            .any(|case| case["text"] == text && case["timestamp_s"] == "1350336377")
    );
    assert_eq!(objectid::extract_timestamp_s(text), Ok(1_350_336_377));
    let peer = bson::oid::ObjectId::parse_str(text).unwrap();
    assert_eq!(
        peer.timestamp().try_to_rfc3339_string().unwrap(),
        "2012-10-15T21:26:17Z"
    );
    assert_eq!(bson_seconds(peer), 1_350_336_377);
}

#[test]
fn out_of_range_parts_are_rejected_with_the_value_and_the_maximum() {
    let golden = golden();
    for case in cases(&golden, "out_of_range") {
        let timestamp_s = u64_of(&case["timestamp_s"]);
        let expected = Err(Error::TimestampOutOfRange {
            value: timestamp_s,
            max: u64::from(u32::MAX),
        });
        assert_eq!(
            ObjectId::from_parts(timestamp_s, u64_of(&case["counter"])),
            expected
        );
        #[cfg(feature = "std")]
        assert_eq!(objectid::generate_at(timestamp_s), expected);
    }
}

#[test]
fn invalid_texts_fail_with_the_documented_error() {
    let golden = golden();
    let invalid = cases(&golden, "invalid");
    assert!(invalid.len() >= 10);
    for case in invalid {
        let text = case["text"].as_str().unwrap();
        let error = text.parse::<ObjectId>().expect_err(text);
        assert_eq!(objectid::extract_timestamp_s(text), Err(error));
        let expected = match case["error"].as_str().unwrap() {
            "invalid_length" => ParseError::InvalidLength {
                found: case["found"].as_u64().unwrap() as usize,
                expected: 24,
            },
            "invalid_character" => ParseError::InvalidCharacter {
                index: case["index"].as_u64().unwrap() as usize,
                character: case["character"].as_str().unwrap().parse().unwrap(),
            },
            other => panic!("unexpected error kind {other}"),
        };
        assert_eq!(error, expected, "{case}");

        // The peer rejects them too, but for upper case, which it reads and we do not.
        let only_case_differs = text.len() == 24
            && text.bytes().all(|byte| {
                byte.is_ascii_digit() || (b'a'..=b'f').contains(&byte.to_ascii_lowercase())
            });
        assert_eq!(
            bson::oid::ObjectId::parse_str(text).is_ok(),
            only_case_differs,
            "{case}"
        );
    }
}
