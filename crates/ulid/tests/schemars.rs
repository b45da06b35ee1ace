//! Feature `schemars`: the schema of the text, checked against the specification and against
//! what `serde_json` writes.
#![cfg(all(feature = "schemars", feature = "serde"))]

use test_support::schema::{assert_json_texts_fit, assert_schema, text_schema};
use ulid::Ulid;

/// Crockford's Base32 alphabet, from <https://www.crockford.com/base32.html>: the digits and
/// the upper-case letters but I, L, O and U.
const CROCKFORD: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// The canonical text by the ULID specification: 26 symbols, the first at most `7`, since
/// 26 × 5 = 130 bits hold 128.
fn is_canonical(text: &str) -> bool {
    text.len() == 26
        && text.starts_with(|c: char| ('0'..='7').contains(&c))
        && text.chars().all(|c| CROCKFORD.contains(c))
}

#[test]
fn the_schema_is_a_string_of_26_symbols_the_first_at_most_7() {
    let expected = text_schema("^[0-7][0-9A-HJKMNP-TV-Z]{25}$", 26);
    assert_schema::<Ulid>(&expected, "Ulid", "ulid::Ulid");
    // The character class of the pattern is the alphabet.
    let class: String = ('0'..='9')
        .chain('A'..='H')
        .chain(['J', 'K', 'M', 'N'])
        .chain('P'..='T')
        .chain('V'..='Z')
        .collect();
    assert_eq!(class, CROCKFORD);
}

#[test]
fn what_serde_json_writes_matches_the_schema() {
    let spec = Ulid::from_u128(0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B);
    assert_json_texts_fit(
        &[Ulid::MIN, Ulid::MAX, spec],
        is_canonical,
        &["8ZZZZZZZZZZZZZZZZZZZZZZZZZ"],
    );
}

/// Feature `utoipa`: an API's OpenAPI document says what the JSON Schema says.
#[cfg(feature = "utoipa")]
#[test]
fn the_openapi_schema_is_the_json_schema() {
    test_support::schema::assert_openapi_schema_is_the_json_schema::<Ulid>();
}
