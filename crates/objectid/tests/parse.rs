//! Bad input: each error with its variant and fields, and a message that says what and where.

use objectid::{Error, ObjectId, ParseError};
use test_support::text;

/// The example of the MongoDB manual.
const EXAMPLE: &str = "507c7f79bcf86cd7994f6c0e";
/// The message of a length error, before the length found.
const LENGTH_MESSAGE: &str = "an ObjectId has 24 lower-case hex characters";

fn wrong_length(found: usize) -> ParseError {
    ParseError::InvalidLength {
        found,
        expected: 24,
    }
}

fn invalid_character(index: usize, character: char) -> ParseError {
    ParseError::InvalidCharacter { index, character }
}

#[test]
fn wrong_length_names_the_length_found() {
    let mut texts = text::resized(EXAMPLE, 0..50);
    texts.extend(
        [
            "",
            "507c7f79bcf86cd7994f6c0",
            "507c7f79bcf86cd7994f6c0e0",
            "0x507c7f79bcf86cd7994f6c0e",
            "ObjectId(\"507c7f79bcf86cd7994f6c0e\")",
        ]
        .map(String::from),
    );
    text::assert_wrong_lengths::<ObjectId, _>(&texts, wrong_length, LENGTH_MESSAGE);
}

#[test]
fn upper_case_is_rejected_at_its_first_letter() {
    text::assert_invalid_characters::<ObjectId, _>(
        &[
            ("507C7F79BCF86CD7994F6C0E", 3),
            ("507c7f79bcf86cd7994f6c0E", 23),
        ],
        invalid_character,
    );
}

#[test]
fn the_length_is_counted_in_characters_and_a_non_ascii_one_is_named_at_its_byte_index() {
    text::assert_counted_in_characters::<ObjectId>(
        24,
        &[
            // 24 characters in 25 bytes: the length is right, the 'é' is not a digit.
            ("507c7f79bcf86cd7994f6c0é", 24),
            // 23 characters in 24 bytes: the length is wrong, whatever the byte count.
            ("507c7f79bcf86cd7994f6cé", 23),
            // 22 ASCII digits, a two-byte letter and a digit: 24 characters.
            ("507c7f79bcf86cd7994f6cé0", 24),
            // A full-width digit is three bytes.
            ("507c7f79bcf86cd7994f６c0e", 24),
            // 22 characters in 24 bytes: a length error, in characters.
            ("507c7f79bcf86cd7994f６e", 22),
        ],
        wrong_length,
        invalid_character,
    );
}

#[test]
fn the_smallest_and_largest_ids() {
    text::assert_nil_and_max(
        ObjectId::MIN,
        "000000000000000000000000",
        ObjectId::MAX,
        "ffffffffffffffffffffffff",
        ObjectId::TEXT_LEN,
    );
    assert_eq!(
        (ObjectId::MAX.timestamp_s(), ObjectId::MAX.counter()),
        (u64::from(u32::MAX), u64::MAX)
    );
    assert!(ObjectId::MIN < ObjectId::MAX);
}

#[test]
fn wrong_alphabet_names_the_character_and_its_byte_index() {
    text::assert_invalid_characters::<ObjectId, _>(
        &[
            ("0x7c7f79bcf86cd7994f6c0e", 1),
            ("g07c7f79bcf86cd7994f6c0e", 0),
            ("507c7f79 cf86cd7994f6c0e", 8),
            ("507c7f79bcf86cd7994f6c0\n", 23),
            ("+07c7f79bcf86cd7994f6c0e", 0),
        ],
        invalid_character,
    );
}

#[test]
fn display_honours_width_fill_alignment_and_precision() {
    text::assert_display_pads::<ObjectId>(EXAMPLE, 8);
}

#[test]
fn timestamp_out_of_range_names_the_value_and_the_maximum() {
    let max = u64::from(u32::MAX);
    for value in [max + 1, 1 << 40, u64::MAX] {
        let expected = Error::TimestampOutOfRange { value, max };
        assert_eq!(ObjectId::from_parts(value, 0), Err(expected));
        #[cfg(feature = "generate")]
        assert_eq!(objectid::generate_at(value), Err(expected));
        let message = expected.to_string();
        assert!(message.contains(&value.to_string()), "{message}");
        assert!(message.contains("4294967295"), "{message}");
    }
    assert!(ObjectId::from_parts(max, u64::MAX).is_ok());
}

#[test]
fn try_from_str_is_from_str() {
    text::assert_try_from_str_is_from_str::<ObjectId>(&[
        EXAMPLE,
        "507C7F79BCF86CD7994F6C0E",
        "",
        "507c7f79bcf86cd7994f6c0é",
        "507c7f79bcf86cd7994f6cé",
    ]);
}

#[test]
fn the_extractor_is_as_strict_as_parsing() {
    assert_eq!(
        objectid::extract_timestamp_s("507c7f79bcf86cd7994f6c0g"),
        Err(ParseError::InvalidCharacter {
            index: 23,
            character: 'g'
        })
    );
    assert_eq!(
        objectid::extract_timestamp_s("507c7f79"),
        Err(ParseError::InvalidLength {
            found: 8,
            expected: 24
        })
    );
    assert_eq!(
        objectid::extract_timestamp_s("ffffffff0000000000000000"),
        Ok(u64::from(u32::MAX))
    );
}
