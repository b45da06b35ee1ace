//! Bad input: each error with its variant and fields, and a message that says what and where.

use objectid::{Error, ObjectId, ParseError};

fn parse(text: &str) -> Result<ObjectId, ParseError> {
    text.parse()
}

#[test]
fn wrong_length_names_the_length_found() {
    for (text, found) in [
        ("", 0),
        ("507c7f79bcf86cd7994f6c0", 23),
        ("507c7f79bcf86cd7994f6c0e0", 25),
        ("0x507c7f79bcf86cd7994f6c0e", 26),
        ("ObjectId(\"507c7f79bcf86cd7994f6c0e\")", 36),
    ] {
        let error = parse(text).unwrap_err();
        assert_eq!(
            error,
            ParseError::InvalidLength {
                found,
                expected: 24
            },
            "{text:?}"
        );
        assert_eq!(
            error.to_string(),
            format!("an ObjectId has 24 lower-case hex characters, found {found}")
        );
    }
}

#[test]
fn upper_case_is_rejected_at_its_first_letter() {
    assert_eq!(
        parse("507C7F79BCF86CD7994F6C0E"),
        Err(ParseError::InvalidCharacter {
            index: 3,
            character: 'C'
        })
    );
    assert_eq!(
        parse("507c7f79bcf86cd7994f6c0E"),
        Err(ParseError::InvalidCharacter {
            index: 23,
            character: 'E'
        })
    );
}

#[test]
fn wrong_alphabet_names_the_character_and_its_byte_index() {
    for (text, index, character) in [
        ("0x7c7f79bcf86cd7994f6c0e", 1, 'x'),
        ("g07c7f79bcf86cd7994f6c0e", 0, 'g'),
        ("507c7f79 cf86cd7994f6c0e", 8, ' '),
        ("507c7f79bcf86cd7994f6c0\n", 23, '\n'),
        ("+07c7f79bcf86cd7994f6c0e", 0, '+'),
    ] {
        let error = parse(text).unwrap_err();
        assert_eq!(
            error,
            ParseError::InvalidCharacter { index, character },
            "{text:?}"
        );
        assert!(
            error.to_string().starts_with(&format!(
                "invalid character {character:?} at byte index {index}"
            )),
            "{error}"
        );
    }
}

#[test]
fn non_ascii_is_reported_whole_at_its_byte_index() {
    // 22 ASCII digits, a two-byte letter and a digit: 24 characters.
    assert_eq!(
        parse("507c7f79bcf86cd7994f6cé0"),
        Err(ParseError::InvalidCharacter {
            index: 22,
            character: 'é'
        })
    );
    // A full-width digit is three bytes.
    assert_eq!(
        parse("507c7f79bcf86cd7994f６c0e"),
        Err(ParseError::InvalidCharacter {
            index: 20,
            character: '６'
        })
    );
    // 22 characters in 24 bytes: a length error, in characters.
    assert_eq!(
        parse("507c7f79bcf86cd7994f６e"),
        Err(ParseError::InvalidLength {
            found: 22,
            expected: 24
        })
    );
}

#[test]
fn the_length_is_counted_in_characters_and_a_non_ascii_one_is_named_at_its_byte_index() {
    // 24 characters in 25 bytes: the length is right, the 'é' is not a digit.
    let text = "507c7f79bcf86cd7994f6c0é";
    assert_eq!((text.chars().count(), text.len()), (24, 25));
    assert_eq!(
        parse(text),
        Err(ParseError::InvalidCharacter {
            index: 23,
            character: 'é'
        })
    );
    // 23 characters in 24 bytes: the length is wrong, whatever the byte count.
    let text = "507c7f79bcf86cd7994f6cé";
    assert_eq!((text.chars().count(), text.len()), (23, 24));
    assert_eq!(
        parse(text),
        Err(ParseError::InvalidLength {
            found: 23,
            expected: 24
        })
    );
}

#[test]
fn timestamp_out_of_range_names_the_value_and_the_maximum() {
    let max = u64::from(u32::MAX);
    for value in [max + 1, 1 << 40, u64::MAX] {
        let expected = Error::TimestampOutOfRange { value, max };
        assert_eq!(ObjectId::from_parts(value, 0), Err(expected));
        #[cfg(feature = "std")]
        assert_eq!(objectid::generate_at(value), Err(expected));
        let message = expected.to_string();
        assert!(message.contains(&value.to_string()), "{message}");
        assert!(message.contains("4294967295"), "{message}");
    }
    assert!(ObjectId::from_parts(max, u64::MAX).is_ok());
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

#[test]
fn the_smallest_and_largest_ids() {
    let zero: ObjectId = "000000000000000000000000".parse().unwrap();
    let max: ObjectId = "ffffffffffffffffffffffff".parse().unwrap();
    assert_eq!(zero, ObjectId::NIL);
    assert_eq!(max, ObjectId::MAX);
    assert_eq!(ObjectId::default(), ObjectId::NIL);
    assert_eq!(
        (max.timestamp_s(), max.counter()),
        (u64::from(u32::MAX), u64::MAX)
    );
    assert!(zero < max);
}

#[test]
fn display_honours_width_fill_alignment_and_precision() {
    let id: ObjectId = "507c7f79bcf86cd7994f6c0e".parse().unwrap();
    assert_eq!(format!("[{id:28}]"), "[507c7f79bcf86cd7994f6c0e    ]");
    assert_eq!(format!("[{id:>28}]"), "[    507c7f79bcf86cd7994f6c0e]");
    assert_eq!(format!("[{id:*^28}]"), "[**507c7f79bcf86cd7994f6c0e**]");
    assert_eq!(format!("[{id:.8}]"), "[507c7f79]");
    assert_eq!(format!("[{id:>10.8}]"), "[  507c7f79]");
    // A width below the length changes nothing.
    assert_eq!(format!("{id:5}"), "507c7f79bcf86cd7994f6c0e");
}

#[test]
fn try_from_str_is_from_str() {
    for text in [
        "507c7f79bcf86cd7994f6c0e",
        "507C7F79BCF86CD7994F6C0E",
        "",
        "507c7f79bcf86cd7994f6c0é",
        "507c7f79bcf86cd7994f6cé",
    ] {
        assert_eq!(ObjectId::try_from(text), parse(text), "{text:?}");
    }
}
