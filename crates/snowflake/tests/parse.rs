//! The text form and the integer conversions: canonical output, strict input, errors that
//! say what was wrong and where.

use snowflake::{EPOCH_MS, Error, ParseError, SnowflakeId};
use test_support::text;

fn parse(text: &str) -> Result<SnowflakeId, ParseError> {
    text.parse()
}

fn id(value: u64) -> SnowflakeId {
    SnowflakeId::try_from(value).unwrap()
}

#[test]
fn display_is_the_plain_decimal_and_debug_wraps_it() {
    assert_eq!(id(0).to_string(), "0");
    assert_eq!(id(7).to_string(), "7");
    assert_eq!(id(123_456_789).to_string(), "123456789");
    assert_eq!(id((1 << 63) - 1).to_string(), "9223372036854775807");
    assert_eq!(format!("{:?}", id(123_456_789)), "SnowflakeId(123456789)");
    assert_eq!(format!("{:>12}", id(42)), "          42");
}

#[test]
fn display_honours_width_fill_alignment_and_precision() {
    // Through `Formatter::pad`, like the other formats: left-aligned unless told otherwise.
    text::assert_display_pads::<SnowflakeId>("4194308098", 4);
}

#[test]
fn the_canonical_text_parses_back() {
    for value in [0, 1, 9, 10, 4_194_308_098, 1 << 62, (1 << 63) - 1] {
        assert_eq!(parse(&value.to_string()), Ok(id(value)));
    }
}

#[test]
fn nil_and_max_are_the_extremes_of_the_text() {
    text::assert_nil_and_max(
        SnowflakeId::MIN,
        "0",
        SnowflakeId::MAX,
        "9223372036854775807",
        SnowflakeId::TEXT_LEN,
    );
}

#[test]
fn what_u64_from_str_accepts_but_display_never_writes_is_rejected() {
    // `u64::from_str` takes a leading plus sign and leading zeros.
    assert_eq!("+1".parse::<u64>(), Ok(1));
    assert_eq!("007".parse::<u64>(), Ok(7));
    assert_eq!(
        parse("+1"),
        Err(ParseError::InvalidCharacter {
            index: 0,
            character: '+'
        })
    );
    assert_eq!(parse("007"), Err(ParseError::LeadingZero { len: 3 }));
    assert_eq!(parse("00"), Err(ParseError::LeadingZero { len: 2 }));
}

#[test]
fn signs_space_separators_and_other_alphabets_are_invalid_characters_at_their_byte_index() {
    text::assert_invalid_characters::<SnowflakeId, _>(
        &[
            ("-1", 0),
            (" 1", 0),
            ("1 ", 1),
            ("1\n", 1),
            ("\t1", 0),
            ("1_000", 1),
            ("1,000", 1),
            ("1.0", 1),
            ("1e3", 1),
            ("0x1F", 1),
            ("abc", 0),
            // Non-ASCII digits: full-width one, Arabic-Indic three, Devanagari five.
            ("\u{FF11}", 0),
            ("12\u{0663}", 2),
            ("9\u{096B}9", 1),
            ("4194308098é", 10),
        ],
        |index, character| ParseError::InvalidCharacter { index, character },
    );
}

#[test]
fn an_invalid_character_is_reported_before_a_leading_zero_or_a_range() {
    assert_eq!(
        parse("0 "),
        Err(ParseError::InvalidCharacter {
            index: 1,
            character: ' '
        })
    );
    assert_eq!(
        parse("99999999999999999999x"),
        Err(ParseError::InvalidCharacter {
            index: 20,
            character: 'x'
        })
    );
    assert_eq!(
        parse("000000000000000000000000"),
        Err(ParseError::LeadingZero { len: 24 })
    );
}

#[test]
fn the_range_ends_below_2_to_the_63() {
    assert_eq!(parse("9223372036854775807"), Ok(id(i64::MAX as u64)));
    for text in [
        "9223372036854775808",
        "9999999999999999999",
        "10000000000000000000",
        "18446744073709551615",
        "18446744073709551616",
        "340282366920938463463374607431768211456",
    ] {
        assert_eq!(
            parse(text),
            Err(ParseError::OutOfRange { len: text.len() }),
            "{text}"
        );
    }
    assert_eq!(parse(""), Err(ParseError::Empty));
}

#[test]
fn try_from_str_is_from_str() {
    text::assert_try_from_str_is_from_str::<SnowflakeId>(&[
        "4194308098",
        "0",
        "",
        "+1",
        "007",
        "9223372036854775808",
        "12\u{0663}",
    ]);
}

#[test]
fn parse_errors_name_the_problem_and_the_place() {
    text::assert_messages::<SnowflakeId>(&[
        (
            "1_0",
            "invalid character '_' at byte index 1: a Snowflake id is written with the ASCII digits 0-9 only",
        ),
        (
            "012",
            "leading zero at byte index 0 of 3 digits: a Snowflake id is written without leading zeros",
        ),
        (
            "9223372036854775808",
            "19 digits are out of range: a Snowflake id is 0 to 9223372036854775807 (2^63 - 1)",
        ),
        ("", "empty string: expected a Snowflake id in decimal"),
    ]);
}

#[test]
fn integer_conversions_accept_exactly_0_to_2_to_the_63_minus_1() {
    assert_eq!(SnowflakeId::try_from(0u64), Ok(SnowflakeId::MIN));
    assert_eq!(SnowflakeId::try_from(i64::MAX), Ok(SnowflakeId::MAX));
    assert_eq!(SnowflakeId::try_from(0i64).map(i64::from), Ok(0));
    assert_eq!(
        SnowflakeId::try_from(i64::MAX).map(u64::from),
        Ok(i64::MAX as u64)
    );
    assert_eq!(
        SnowflakeId::try_from(1u64 << 63),
        Err(Error::IdOutOfRange { value: 1 << 63 })
    );
    assert_eq!(
        SnowflakeId::try_from(-1i64),
        Err(Error::IdOutOfRange { value: -1 })
    );
    assert_eq!(
        SnowflakeId::try_from(i64::MIN),
        Err(Error::IdOutOfRange {
            value: i64::MIN.into()
        })
    );
    assert_eq!(
        SnowflakeId::try_from(-1i64).unwrap_err().to_string(),
        "id -1 is out of range: a Snowflake id is 0 to 9223372036854775807 (2^63 - 1)"
    );
}

#[test]
fn value_errors_name_the_field_the_value_and_the_range() {
    assert_eq!(
        SnowflakeId::from_parts(EPOCH_MS - 1, 0, 0)
            .unwrap_err()
            .to_string(),
        "timestamp_ms 1704067199999 is out of range: a Snowflake id holds 1704067200000 to 3903090455551 ms since the Unix epoch (2024-01-01T00:00:00Z to 2093-09-06T15:47:35.551Z)"
    );
    assert_eq!(
        SnowflakeId::from_parts(EPOCH_MS, 1024, 0)
            .unwrap_err()
            .to_string(),
        "worker_id 1024 is out of range: a Snowflake worker id is 0 to 1023"
    );
    assert_eq!(
        SnowflakeId::from_parts(EPOCH_MS, 0, 4096)
            .unwrap_err()
            .to_string(),
        "sequence 4096 is out of range: a Snowflake sequence is 0 to 4095"
    );
    // The timestamp is checked first, then the worker id, then the sequence.
    assert!(matches!(
        SnowflakeId::from_parts(0, 5000, 5000),
        Err(Error::TimestampOutOfRange { value: 0, .. })
    ));
    assert!(matches!(
        SnowflakeId::from_parts(EPOCH_MS, 5000, 5000),
        Err(Error::WorkerIdOutOfRange { value: 5000, .. })
    ));
}

#[test]
fn from_parts_is_usable_in_a_constant() {
    const FIRST: SnowflakeId = match SnowflakeId::from_parts(EPOCH_MS, 0, 0) {
        Ok(id) => id,
        Err(_) => panic!("in range"),
    };
    const FIELDS: (u64, u16, u16, u64) = (
        FIRST.timestamp_ms(),
        FIRST.worker_id(),
        FIRST.sequence(),
        FIRST.to_u64(),
    );
    assert_eq!(FIELDS, (EPOCH_MS, 0, 0, 0));
}
