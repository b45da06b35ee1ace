//! Bad input: every error names what was wrong and where.

use test_support::text;
use uuid7::{Error, ParseError, Uuid7, extract_timestamp_ms};

const VALID: &str = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
const HYPHENS: [usize; 4] = [8, 13, 18, 23];
/// The message of a length error, before the length found.
const LENGTH_MESSAGE: &str = "a UUIDv7 has 36 characters (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)";

fn parse(text: &str) -> Result<Uuid7, ParseError> {
    text.parse()
}

fn wrong_length(found: usize) -> ParseError {
    ParseError::InvalidLength {
        found,
        expected: 36,
    }
}

/// The error for `character` at byte `index`: a missing hyphen where one belongs, an invalid
/// character where a digit does.
fn out_of_place(index: usize, character: char) -> ParseError {
    if HYPHENS.contains(&index) {
        ParseError::MissingHyphen { index, character }
    } else {
        ParseError::InvalidCharacter { index, character }
    }
}

#[test]
fn wrong_length_reports_the_length_found() {
    let mut texts = text::resized(VALID, 0..80);
    // The other forms of a UUID that `uuid::Uuid::parse_str` accepts.
    for other in [
        "{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}",
        "urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
        "017f22e279b07cc398c4dc0c0c07398f",
    ] {
        assert!(uuid::Uuid::parse_str(other).is_ok(), "{other}");
        texts.push(other.to_owned());
    }
    text::assert_wrong_lengths::<Uuid7, _>(&texts, wrong_length, LENGTH_MESSAGE);
}

#[test]
fn the_length_is_counted_in_characters_and_a_non_ascii_one_is_named_at_its_byte_index() {
    text::assert_counted_in_characters::<Uuid7>(
        36,
        &[
            // 36 characters in 37 bytes: the length is right, the 'é' is not a digit.
            ("017f22e2-79b0-7cc3-98c4-dc0c0c07398é", 36),
            // 35 characters in 36 bytes: the length is wrong, whatever the byte count.
            ("017f22e2-79b0-7cc3-98c4-dc0c0c0739é", 35),
            // 36 characters, one of them two or three bytes long: the first character out of
            // place is named, at its byte index (every character before it is ASCII).
            ("017f22e2-79b0-7cc3-98c4-dc0c0c0739éf", 36),
            // A non-ASCII dash where the hyphen belongs.
            ("017f22e2\u{2011}79b0-7cc3-98c4-dc0c0c07398f", 36),
            // A full-width zero is a digit, but not an ASCII one.
            ("\u{FF10}17f22e2-79b0-7cc3-98c4-dc0c0c07398f", 36),
            // Fewer characters than bytes: 34 characters in 36 bytes is a length error.
            ("\u{FF10}f22e2-79b0-7cc3-98c4-dc0c0c07398f", 34),
        ],
        wrong_length,
        out_of_place,
    );
}

#[test]
fn every_wrong_ascii_byte_at_every_index_is_named() {
    let mut cases = Vec::new();
    for index in 0..36 {
        let hyphen = HYPHENS.contains(&index);
        for byte in 0..128u8 {
            let fits = if hyphen {
                byte == b'-'
            } else {
                byte.is_ascii_hexdigit()
            };
            if !fits {
                let mut text = VALID.as_bytes().to_vec();
                text[index] = byte;
                cases.push((String::from_utf8(text).unwrap(), index));
            }
        }
    }
    text::assert_invalid_characters::<Uuid7, _>(&cases, out_of_place);
}

#[test]
fn the_first_character_out_of_place_is_named() {
    text::assert_invalid_characters::<Uuid7, _>(
        &[
            // A hyphen one place early: the hyphen is where a digit belongs.
            ("017f22e-279b0-7cc3-98c4-dc0c0c07398f", 7),
            // One place late: a digit is where the hyphen belongs.
            ("017f22e27-9b0-7cc3-98c4-dc0c0c07398f", 8),
            // Two bad characters: the first.
            ("017f22e2-79b0-7cx3-98c4-dc0c0c0739zf", 16),
        ],
        out_of_place,
    );
}

#[test]
fn try_from_str_is_from_str() {
    text::assert_try_from_str_is_from_str::<Uuid7>(&[
        VALID,
        "017F22E2-79B0-7CC3-98C4-DC0C0C07398F",
        "",
        "550e8400-e29b-41d4-a716-446655440000",
        "017f22e2-79b0-7cc3-98c4-dc0c0c07398é",
    ]);
}

#[test]
fn every_version_but_7_is_refused_with_the_version_found() {
    for (version, digit) in "0123456789abcdef".chars().enumerate() {
        let mut text = VALID.to_owned();
        text.replace_range(14..15, &digit.to_string());
        let found = u8::try_from(version).unwrap();
        if found == 7 {
            assert!(parse(&text).is_ok());
        } else {
            assert_eq!(parse(&text), Err(ParseError::Version { found }), "{text}");
        }
    }
}

#[test]
fn every_variant_but_0b10_is_refused_with_the_variant_bits_found() {
    for (nibble, digit) in "0123456789abcdef".chars().enumerate() {
        let mut text = VALID.to_owned();
        text.replace_range(19..20, &digit.to_string());
        let found = u8::try_from(nibble >> 2).unwrap();
        if found == 0b10 {
            assert!(parse(&text).is_ok(), "{text}");
        } else {
            assert_eq!(parse(&text), Err(ParseError::Variant { found }), "{text}");
        }
    }
}

#[test]
fn a_version_4_uuid_is_refused() {
    let v4 = uuid::Builder::from_random_bytes([0x5a; 16])
        .into_uuid()
        .hyphenated()
        .to_string();
    assert_eq!(parse(&v4), Err(ParseError::Version { found: 4 }));
    let error = Uuid7::try_from(uuid::Uuid::parse_str(&v4).unwrap().as_u128());
    assert_eq!(error, Err(Error::Version { found: 4 }));
}

#[test]
fn the_version_is_checked_before_the_variant() {
    // Nil: version 0 and variant 0b00.
    assert_eq!(
        parse("00000000-0000-0000-0000-000000000000"),
        Err(ParseError::Version { found: 0 })
    );
}

#[test]
fn nil_and_max_are_the_extremes_of_the_text() {
    text::assert_nil_and_max(
        Uuid7::MIN,
        "00000000-0000-7000-8000-000000000000",
        Uuid7::MAX,
        "ffffffff-ffff-7fff-bfff-ffffffffffff",
        Uuid7::TEXT_LEN,
    );
    // The Nil and Max UUIDs of RFC 9562 are not version 7.
    text::assert_parses::<Uuid7>(&[
        (
            "00000000-0000-0000-0000-000000000000",
            Err(ParseError::Version { found: 0 }),
        ),
        (
            "ffffffff-ffff-ffff-ffff-ffffffffffff",
            Err(ParseError::Version { found: 15 }),
        ),
    ]);
}

#[test]
fn messages_name_what_and_where() {
    text::assert_messages::<Uuid7>(&[
        (
            "017f22e279b07cc398c4dc0c0c07398f",
            "a UUIDv7 has 36 characters (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx), found 32",
        ),
        (
            "017f22e2-79b0-7cc3-98c4-dc0c0c0739é",
            "a UUIDv7 has 36 characters (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx), found 35",
        ),
        (
            "017f22e2-79b0-7cc3-98c4_dc0c0c07398f",
            "invalid character '_' at byte index 23: expected '-'",
        ),
        (
            "017f22e2-79b0-7cc3-98c4-dc0c0c07398é",
            "invalid character 'é' at byte index 35: expected a hexadecimal digit",
        ),
        (
            "550e8400-e29b-41d4-a716-446655440000",
            "version 4 at byte index 14: expected 7",
        ),
        (
            "017f22e2-79b0-7cc3-c8c4-dc0c0c07398f",
            "variant bits 0b11 at byte index 19: expected 0b10 (RFC 9562; 8, 9, a or b)",
        ),
    ]);
    assert_eq!(
        Error::Version { found: 4 }.to_string(),
        "version 4 in the version field: expected 7"
    );
    assert_eq!(
        Error::Variant { found: 0 }.to_string(),
        "variant bits 0b00 in the variant field: expected 0b10 (RFC 9562)"
    );
}

#[test]
fn display_honours_width_fill_alignment_and_precision() {
    text::assert_display_pads::<Uuid7>(VALID, 8);
}

#[test]
fn extract_timestamp_ms_is_as_strict_as_parse() {
    assert_eq!(extract_timestamp_ms(VALID), Ok(1_645_557_742_000));
    assert_eq!(
        extract_timestamp_ms(&VALID.to_ascii_uppercase()),
        Ok(1_645_557_742_000)
    );
    for (text, error) in [
        (
            "",
            ParseError::InvalidLength {
                found: 0,
                expected: 36,
            },
        ),
        (
            " 017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
            ParseError::InvalidLength {
                found: 37,
                expected: 36,
            },
        ),
        (
            "017f22e2-79b0-4cc3-98c4-dc0c0c07398f",
            ParseError::Version { found: 4 },
        ),
        (
            "017f22e2-79b0-7cc3-d8c4-dc0c0c07398f",
            ParseError::Variant { found: 0b11 },
        ),
        (
            "017f22e2:79b0-7cc3-98c4-dc0c0c07398f",
            ParseError::MissingHyphen {
                index: 8,
                character: ':',
            },
        ),
    ] {
        text::assert_extract_as_parse(text, extract_timestamp_ms, Uuid7::timestamp_ms);
        assert_eq!(extract_timestamp_ms(text), Err(error), "{text:?}");
    }
}
