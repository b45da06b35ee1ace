//! Bad input: every error names what was wrong and where.

use uuid7::{Error, ParseError, Uuid7, extract_timestamp_ms};

const VALID: &str = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
const HYPHENS: [usize; 4] = [8, 13, 18, 23];

fn parse(text: &str) -> Result<Uuid7, ParseError> {
    text.parse()
}

#[test]
fn wrong_length_reports_the_length_found() {
    for len in (0..80).filter(|&len| len != 36) {
        let text: String = VALID.chars().cycle().take(len).collect();
        assert_eq!(
            parse(&text),
            Err(ParseError::InvalidLength {
                found: len,
                expected: 36
            }),
            "{text:?}"
        );
    }
    // The other forms of a UUID that `uuid::Uuid::parse_str` accepts.
    for (text, len) in [
        ("{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}", 38),
        ("urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f", 45),
        ("017f22e279b07cc398c4dc0c0c07398f", 32),
    ] {
        assert!(uuid::Uuid::parse_str(text).is_ok());
        assert_eq!(
            parse(text),
            Err(ParseError::InvalidLength {
                found: len,
                expected: 36
            })
        );
    }
}

#[test]
fn the_length_is_counted_in_characters_and_a_non_ascii_one_is_named_at_its_byte_index() {
    // 36 characters in 37 bytes: the length is right, the 'é' is not a digit.
    let text = "017f22e2-79b0-7cc3-98c4-dc0c0c07398é";
    assert_eq!((text.chars().count(), text.len()), (36, 37));
    assert_eq!(
        parse(text),
        Err(ParseError::InvalidCharacter {
            index: 35,
            character: 'é'
        })
    );
    // 35 characters in 36 bytes: the length is wrong, whatever the byte count.
    let text = "017f22e2-79b0-7cc3-98c4-dc0c0c0739é";
    assert_eq!((text.chars().count(), text.len()), (35, 36));
    assert_eq!(
        parse(text),
        Err(ParseError::InvalidLength {
            found: 35,
            expected: 36
        })
    );
}

#[test]
fn every_wrong_ascii_byte_at_every_index_is_named() {
    for index in 0..36 {
        let hyphen = HYPHENS.contains(&index);
        for byte in 0..128u8 {
            let fits = if hyphen {
                byte == b'-'
            } else {
                byte.is_ascii_hexdigit()
            };
            if fits {
                continue;
            }
            let mut text = VALID.as_bytes().to_vec();
            text[index] = byte;
            let text = String::from_utf8(text).unwrap();
            let character = char::from(byte);
            let expected = if hyphen {
                ParseError::MissingHyphen { index, character }
            } else {
                ParseError::InvalidCharacter { index, character }
            };
            assert_eq!(parse(&text), Err(expected), "{text:?}");
        }
    }
}

#[test]
fn the_first_character_out_of_place_is_named() {
    // A hyphen one place early: the hyphen is where a digit belongs.
    assert_eq!(
        parse("017f22e-279b0-7cc3-98c4-dc0c0c07398f"),
        Err(ParseError::InvalidCharacter {
            index: 7,
            character: '-'
        })
    );
    // One place late: a digit is where the hyphen belongs.
    assert_eq!(
        parse("017f22e27-9b0-7cc3-98c4-dc0c0c07398f"),
        Err(ParseError::MissingHyphen {
            index: 8,
            character: '7'
        })
    );
    // Two bad characters: the first.
    assert_eq!(
        parse("017f22e2-79b0-7cx3-98c4-dc0c0c0739zf"),
        Err(ParseError::InvalidCharacter {
            index: 16,
            character: 'x'
        })
    );
}

#[test]
fn non_ascii_characters_are_named_whole_at_their_byte_index() {
    // 36 characters, one of them two or three bytes long: the first character out of place
    // is named, at its byte index (every character before it is ASCII).
    let text = "017f22e2-79b0-7cc3-98c4-dc0c0c0739éf";
    assert_eq!(text.chars().count(), 36);
    assert_eq!(
        parse(text),
        Err(ParseError::InvalidCharacter {
            index: 34,
            character: 'é'
        })
    );
    // A non-ASCII dash where the hyphen belongs.
    let text = "017f22e2\u{2011}79b0-7cc3-98c4-dc0c0c07398f";
    assert_eq!(text.chars().count(), 36);
    assert_eq!(
        parse(text),
        Err(ParseError::MissingHyphen {
            index: 8,
            character: '\u{2011}'
        })
    );
    // A full-width zero is a digit, but not an ASCII one.
    let text = "\u{FF10}17f22e2-79b0-7cc3-98c4-dc0c0c07398f";
    assert_eq!(text.chars().count(), 36);
    assert_eq!(
        parse(text),
        Err(ParseError::InvalidCharacter {
            index: 0,
            character: '\u{FF10}'
        })
    );
    // Fewer characters than bytes: 34 characters in 36 bytes is a length error.
    let text = "\u{FF10}f22e2-79b0-7cc3-98c4-dc0c0c07398f";
    assert_eq!((text.chars().count(), text.len()), (34, 36));
    assert_eq!(
        parse(text),
        Err(ParseError::InvalidLength {
            found: 34,
            expected: 36
        })
    );
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
fn messages_name_what_and_where() {
    let message = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        message("017f22e279b07cc398c4dc0c0c07398f"),
        "a UUIDv7 has 36 characters (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx), found 32"
    );
    assert_eq!(
        message("017f22e2-79b0-7cc3-98c4-dc0c0c0739é"),
        "a UUIDv7 has 36 characters (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx), found 35"
    );
    assert_eq!(
        message("017f22e2-79b0-7cc3-98c4_dc0c0c07398f"),
        "invalid character '_' at byte index 23: expected '-'"
    );
    assert_eq!(
        message("017f22e2-79b0-7cc3-98c4-dc0c0c07398é"),
        "invalid character 'é' at byte index 35: expected a hexadecimal digit"
    );
    assert_eq!(
        message("550e8400-e29b-41d4-a716-446655440000"),
        "version 4 at byte index 14: expected 7"
    );
    assert_eq!(
        message("017f22e2-79b0-7cc3-c8c4-dc0c0c07398f"),
        "variant bits 0b11 at byte index 19: expected 0b10 (RFC 9562; 8, 9, a or b)"
    );
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
fn extract_timestamp_ms_is_as_strict_as_parse() {
    assert_eq!(extract_timestamp_ms(VALID), Ok(1_645_557_742_000));
    assert_eq!(
        extract_timestamp_ms(&VALID.to_ascii_uppercase()),
        Ok(1_645_557_742_000)
    );
    for text in [
        "",
        " 017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
        "017f22e2-79b0-4cc3-98c4-dc0c0c07398f",
        "017f22e2-79b0-7cc3-d8c4-dc0c0c07398f",
        "017f22e2:79b0-7cc3-98c4-dc0c0c07398f",
    ] {
        assert_eq!(
            extract_timestamp_ms(text),
            parse(text).map(|id| id.timestamp_ms())
        );
        assert!(extract_timestamp_ms(text).is_err(), "{text:?}");
    }
}

#[test]
fn display_honours_width_fill_alignment_and_precision() {
    let id: Uuid7 = VALID.parse().unwrap();
    assert_eq!(
        format!("[{id:40}]"),
        "[017f22e2-79b0-7cc3-98c4-dc0c0c07398f    ]"
    );
    assert_eq!(
        format!("[{id:>40}]"),
        "[    017f22e2-79b0-7cc3-98c4-dc0c0c07398f]"
    );
    assert_eq!(
        format!("[{id:*^40}]"),
        "[**017f22e2-79b0-7cc3-98c4-dc0c0c07398f**]"
    );
    assert_eq!(format!("[{id:.8}]"), "[017f22e2]");
    assert_eq!(format!("[{id:>10.8}]"), "[  017f22e2]");
    // A width below the length changes nothing.
    assert_eq!(format!("{id:5}"), VALID);
}

#[test]
fn try_from_str_is_from_str() {
    for text in [
        VALID,
        "017F22E2-79B0-7CC3-98C4-DC0C0C07398F",
        "",
        "550e8400-e29b-41d4-a716-446655440000",
        "017f22e2-79b0-7cc3-98c4-dc0c0c07398é",
    ] {
        assert_eq!(Uuid7::try_from(text), parse(text), "{text:?}");
    }
}

#[test]
fn nil_and_max_are_the_extremes_of_the_text() {
    assert_eq!(
        parse("00000000-0000-7000-8000-000000000000"),
        Ok(Uuid7::NIL)
    );
    assert_eq!(
        parse("ffffffff-ffff-7fff-bfff-ffffffffffff"),
        Ok(Uuid7::MAX)
    );
    // The Nil and Max UUIDs of RFC 9562 are not version 7.
    assert_eq!(
        parse("00000000-0000-0000-0000-000000000000"),
        Err(ParseError::Version { found: 0 })
    );
    assert_eq!(
        parse("ffffffff-ffff-ffff-ffff-ffffffffffff"),
        Err(ParseError::Version { found: 15 })
    );
    assert_eq!(Uuid7::NIL.to_string().len(), Uuid7::TEXT_LEN);
    assert_eq!(Uuid7::default(), Uuid7::NIL);
}
