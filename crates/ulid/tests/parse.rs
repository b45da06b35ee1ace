//! Bad input: each an error whose variant, fields and message say what was wrong and where.

use test_support::text;
use ulid::{Error, ParseError, Ulid};

/// The example of the ULID specification.
const EXAMPLE: &str = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

fn parse(text: &str) -> Result<Ulid, ParseError> {
    text.parse()
}

#[test]
fn wrong_lengths_report_the_characters_found() {
    let mut texts = text::resized(EXAMPLE, 0..60);
    texts.extend(
        [
            "",
            "01ARZ3NDEKTSV4RRFFQ69G5FA",
            "01ARZ3NDEKTSV4RRFFQ69G5FAVV",
            "01ARZ3ND-EKTS-V4RR-FFQ6-9G5FAV",
            // 25 characters in 26 bytes: the length, not the byte count, is wrong.
            "01ARZ3NDEKTSV4RRFFQ69G5Fı",
        ]
        .map(String::from),
    );
    let error = |found| ParseError::InvalidLength {
        found,
        expected: 26,
    };
    text::assert_wrong_lengths::<Ulid, _>(&texts, error, "a ULID has 26 characters");
    for text in &texts {
        text::assert_extract_as_parse(text, ulid::extract_timestamp_ms, Ulid::timestamp_ms);
    }
}

#[test]
fn characters_outside_the_alphabet_are_named_with_their_byte_index() {
    text::assert_invalid_characters::<Ulid, _>(
        &[
            ("01ARZ3NDEKTSV4RRFFQ69G5FAU", 25),
            ("01ARZ3NDEKTSV4RRFFQ69G5FAu", 25),
            ("01ARZ3NDEK-SV4RRFFQ69G5FAV", 10),
            ("01ARZ3NDEK_SV4RRFFQ69G5FAV", 10),
            ("{1ARZ3NDEKTSV4RRFFQ69G5FAV", 0),
            // The dotless i would upper-case to I, an alias: it must not be read as one.
            ("01ARZ3NDEKTSV4RRFFQ69G5FAı", 25),
            ("0ıARZ3NDEKTSV4RRFFQ69G5FAV", 1),
            // The first bad character is reported, though a later one is not ASCII.
            ("01ARZ3NDEKTSV4RRFFQ69G5F#ı", 24),
            ("01ARZ3NDEKTSV4RRFFQ69G5FA\0", 25),
        ],
        |index, character| ParseError::InvalidCharacter { index, character },
    );
}

#[test]
fn a_first_symbol_above_7_is_an_overflow_not_a_wrap() {
    for (text, first) in [
        ("8ZZZZZZZZZZZZZZZZZZZZZZZZZ", '8'),
        ("80000000000000000000000000", '8'),
        ("Z0000000000000000000000000", 'Z'),
        ("z0000000000000000000000000", 'z'),
    ] {
        let error = parse(text).unwrap_err();
        assert_eq!(error, ParseError::Overflow { first }, "{text:?}");
        assert!(
            error.to_string().contains(&format!("{first:?}")),
            "{text:?}"
        );
    }
    // The largest value is accepted, in either case.
    let largest = Ok(Ulid::from_u128(u128::MAX));
    text::assert_parses(&[
        ("7ZZZZZZZZZZZZZZZZZZZZZZZZZ", largest),
        ("7zzzzzzzzzzzzzzzzzzzzzzzzz", largest),
    ]);
}

#[test]
fn nil_and_max_are_the_extremes_of_the_text() {
    text::assert_nil_and_max(
        Ulid::MIN,
        "00000000000000000000000000",
        Ulid::MAX,
        "7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
        Ulid::TEXT_LEN,
    );
}

#[test]
fn the_aliases_read_as_0_and_1_in_either_case() {
    let ones = Ulid::from_u128(1);
    for text in [
        "OOOOOOOOOOOOOOOOOOOOOOOOO1",
        "ooooooooooooooooooooooooo1",
        "0000000000000000000000000I",
        "0000000000000000000000000i",
        "0000000000000000000000000L",
        "0000000000000000000000000l",
    ] {
        assert_eq!(parse(text), Ok(ones), "{text:?}");
    }
}

#[test]
fn try_from_str_is_from_str() {
    text::assert_try_from_str_is_from_str::<Ulid>(&[
        EXAMPLE,
        "01arz3ndektsv4rrffq69g5fav",
        "",
        "01ARZ3NDEKTSV4RRFFQ69G5FAU",
        "8ZZZZZZZZZZZZZZZZZZZZZZZZZ",
        "01ARZ3NDEKTSV4RRFFQ69G5FAé",
    ]);
}

#[test]
fn parts_out_of_range_name_the_field_the_value_and_the_maximum() {
    let error = Ulid::from_parts(1 << 48, 0).unwrap_err();
    assert_eq!(
        error,
        Error::TimestampOutOfRange {
            value: 281_474_976_710_656,
            max: 281_474_976_710_655
        }
    );
    assert_eq!(
        error.to_string(),
        "timestamp_ms 281474976710656 is out of range: a ULID holds 0 to 281474976710655 (48 bits)"
    );

    let error = Ulid::from_parts(0, 1 << 80).unwrap_err();
    assert_eq!(
        error,
        Error::RandomOutOfRange {
            value: 1_208_925_819_614_629_174_706_176,
            max: 1_208_925_819_614_629_174_706_175
        }
    );
    assert!(
        error
            .to_string()
            .starts_with("random 1208925819614629174706176 is out of range")
    );

    // Both out of range: the timestamp is reported.
    assert!(matches!(
        Ulid::from_parts(u64::MAX, u128::MAX),
        Err(Error::TimestampOutOfRange { .. })
    ));
}

#[test]
fn debug_and_display_show_the_text() {
    let id = Ulid::from_u128(0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B);
    assert_eq!(id.to_string(), EXAMPLE);
    assert_eq!(format!("{id:?}"), "Ulid(01ARZ3NDEKTSV4RRFFQ69G5FAV)");
    assert_eq!(format!("{id:>30}"), "    01ARZ3NDEKTSV4RRFFQ69G5FAV");
}

#[test]
fn display_honours_width_fill_alignment_and_precision() {
    text::assert_display_pads::<Ulid>(EXAMPLE, 10);
}
