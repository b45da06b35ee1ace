//! `golden/objectid.json`, read in both directions and checked against the `bson` crate, an
//! independent implementation, and against the example of the MongoDB manual.

use objectid::{Error, ObjectId, ParseError};
use test_support::golden::{cases, cases_at_least, decimal, string, text_error};
use test_support::text::assert_both_ways;

fn bson_seconds(id: bson::oid::ObjectId) -> u64 {
    let millis = id.timestamp().timestamp_millis();
    assert_eq!(millis % 1000, 0);
    u64::try_from(millis / 1000).unwrap()
}

#[test]
fn valid_vectors_go_both_ways_and_match_bson() {
    for case in &cases_at_least("objectid", "valid", 20) {
        let (timestamp_s, counter) = (decimal(case, "timestamp_s"), decimal(case, "counter"));
        let text = string(case, "text");

        // Parts to text, and back.
        let id = ObjectId::from_parts(timestamp_s, counter).unwrap();
        let parts = |id: ObjectId| (id.timestamp_s(), id.counter());
        assert_both_ways(&id, text, parts, (timestamp_s, counter));
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
    assert!(
        cases("objectid", "valid")
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
    for case in &cases("objectid", "out_of_range") {
        let timestamp_s = decimal(case, "timestamp_s");
        let expected = Err(Error::TimestampOutOfRange {
            value: timestamp_s,
            max: u64::from(u32::MAX),
        });
        assert_eq!(
            ObjectId::from_parts(timestamp_s, decimal(case, "counter")),
            expected,
            "{case}"
        );
        #[cfg(feature = "generate")]
        assert_eq!(objectid::generate_at(timestamp_s), expected, "{case}");
    }
}

#[test]
fn invalid_texts_fail_with_the_documented_error() {
    for case in &cases_at_least("objectid", "invalid", 10) {
        let text = string(case, "text");
        let error = text.parse::<ObjectId>().expect_err(text);
        assert_eq!(objectid::extract_timestamp_s(text), Err(error), "{case}");
        let length = |found| ParseError::InvalidLength {
            found,
            expected: 24,
        };
        let at = |index, character| ParseError::InvalidCharacter { index, character };
        let expected = text_error(case, "invalid_length", length, at)
            .unwrap_or_else(|| panic!("{case}: an error kind of another format"));
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
