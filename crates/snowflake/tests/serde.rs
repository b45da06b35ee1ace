//! Feature `serde`: the integer out, the integer (and, for human-readable formats, its
//! decimal string) in, as strictly as `FromStr`.
#![cfg(feature = "serde")]

use serde_test::{Configure, Token, assert_de_tokens, assert_de_tokens_error, assert_tokens};
use snowflake::SnowflakeId;
use test_support::serde_checks;

fn id(value: u64) -> SnowflakeId {
    SnowflakeId::try_from(value).unwrap()
}

#[test]
fn serializes_as_the_integer_in_both_configurations() {
    for value in [0, 4_194_308_098, (1 << 63) - 1] {
        assert_tokens(&id(value).readable(), &[Token::U64(value)]);
        assert_tokens(&id(value).compact(), &[Token::U64(value)]);
    }
}

#[test]
fn accepts_signed_and_narrower_integers_in_range() {
    assert_de_tokens(&id(5).compact(), &[Token::I64(5)]);
    assert_de_tokens(&id(5).readable(), &[Token::U8(5)]);
    assert_de_tokens(&id(i64::MAX as u64).compact(), &[Token::I64(i64::MAX)]);
    assert_de_tokens(&id(70_000).compact(), &[Token::U32(70_000)]);
}

#[test]
fn rejects_integers_out_of_range() {
    let message = "id 9223372036854775808 is out of range: a Snowflake id is 0 to 9223372036854775807 (2^63 - 1)";
    assert_de_tokens_error::<serde_test::Compact<SnowflakeId>>(&[Token::U64(1 << 63)], message);
    assert_de_tokens_error::<serde_test::Readable<SnowflakeId>>(&[Token::U64(1 << 63)], message);
    assert_de_tokens_error::<serde_test::Compact<SnowflakeId>>(
        &[Token::I64(-1)],
        "id -1 is out of range: a Snowflake id is 0 to 9223372036854775807 (2^63 - 1)",
    );
}

#[test]
fn human_readable_formats_also_take_the_canonical_decimal_string() {
    for token in [
        Token::Str("4194308098"),
        Token::BorrowedStr("4194308098"),
        Token::String("4194308098"),
    ] {
        assert_de_tokens(&id(4_194_308_098).readable(), &[token]);
    }
    serde_checks::assert_readable_texts_refused::<SnowflakeId>(&[
        (
            "+1",
            "invalid character '+' at byte index 0: a Snowflake id is written with the ASCII digits 0-9 only",
        ),
        (
            "01",
            "leading zero at byte index 0 of 2 digits: a Snowflake id is written without leading zeros",
        ),
    ]);
}

#[test]
fn binary_formats_take_the_integer_only() {
    assert_de_tokens_error::<serde_test::Compact<SnowflakeId>>(
        &[Token::Str("1")],
        "invalid type: string \"1\", expected a Snowflake id: an integer in [0, 2^63)",
    );
}

#[test]
fn other_types_are_rejected() {
    assert_de_tokens_error::<serde_test::Readable<SnowflakeId>>(
        &[Token::F64(1.0)],
        "invalid type: floating point `1.0`, expected a Snowflake id: an integer in [0, 2^63), or its decimal string",
    );
    assert_de_tokens_error::<serde_test::Readable<SnowflakeId>>(
        &[Token::Bool(true)],
        "invalid type: boolean `true`, expected a Snowflake id: an integer in [0, 2^63), or its decimal string",
    );
}

#[test]
fn json_round_trip() {
    let ids = [id(0), id(4_194_308_098), id((1 << 63) - 1)];
    serde_checks::assert_json_round_trip(&ids, Some("[0,4194308098,9223372036854775807]"));
    assert_eq!(
        serde_json::from_str::<SnowflakeId>("\"9223372036854775807\"").unwrap(),
        id((1 << 63) - 1)
    );
    serde_checks::assert_json_refused::<SnowflakeId>(&[
        "-1",
        "9223372036854775808",
        "1.5",
        "\"\"",
        "\" 1\"",
        "\"9223372036854775808\"",
        "null",
    ]);
}
