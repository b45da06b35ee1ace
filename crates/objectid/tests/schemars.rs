//! Feature `schemars`: the schema of the text, checked against the format and against what
//! `serde_json` writes.
#![cfg(all(feature = "schemars", feature = "serde"))]

use objectid::ObjectId;
use test_support::schema::{assert_json_texts_fit, assert_schema, text_schema};

/// 12 bytes as 24 lower-case hex digits, as MongoDB writes an ObjectId.
fn is_canonical(text: &str) -> bool {
    text.len() == 24 && text.chars().all(|c| matches!(c, '0'..='9' | 'a'..='f'))
}

#[test]
fn the_schema_is_a_string_of_24_lower_case_hex_digits() {
    let expected = text_schema("^[0-9a-f]{24}$", 24);
    assert_schema::<ObjectId>(&expected, "ObjectId", "objectid::ObjectId");
}

#[test]
fn what_serde_json_writes_matches_the_schema() {
    let manual: ObjectId = "507c7f79bcf86cd7994f6c0e".parse().unwrap();
    // Upper case does not match, and is not parsed either.
    let upper = "507C7F79BCF86CD7994F6C0E";
    assert_json_texts_fit(
        &[ObjectId::MIN, ObjectId::MAX, manual],
        is_canonical,
        &[upper],
    );
}

/// Feature `utoipa`: an API's OpenAPI document says what the JSON Schema says.
#[cfg(feature = "utoipa")]
#[test]
fn the_openapi_schema_is_the_json_schema() {
    test_support::schema::assert_openapi_schema_is_the_json_schema::<ObjectId>();
}
