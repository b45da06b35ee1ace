//! Feature `schemars`: the schema of the text, checked against RFC 9562 and against what
//! `serde_json` writes.
#![cfg(all(feature = "schemars", feature = "serde"))]

use test_support::schema::{assert_json_texts_fit, assert_schema};
use uuid7::Uuid7;

/// RFC 9562, section 4: 8-4-4-4-12 hex digits (lower case on output), the version in the first
/// digit of the third group, the variant `0b10` in the top bits of the fourth (8, 9, a, b).
fn is_canonical_v7(text: &str) -> bool {
    let groups: Vec<&str> = text.split('-').collect();
    let lengths: Vec<usize> = groups.iter().map(|group| group.len()).collect();
    lengths == [8, 4, 4, 4, 12]
        && groups
            .iter()
            .all(|group| group.chars().all(|c| matches!(c, '0'..='9' | 'a'..='f')))
        && groups[2].starts_with('7')
        && groups[3].starts_with(['8', '9', 'a', 'b'])
}

#[test]
fn the_schema_is_a_uuid_string_of_version_7() {
    let expected = serde_json::json!({
        "type": "string",
        "format": "uuid",
        "pattern": "^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$",
        "minLength": 36,
        "maxLength": 36
    });
    assert_schema::<Uuid7>(&expected, "Uuid7", "uuid7::Uuid7");
}

#[test]
fn what_serde_json_writes_matches_the_schema() {
    let rfc: Uuid7 = "017F22E2-79B0-7CC3-98C4-DC0C0C07398F".parse().unwrap();
    // A version 4 UUID does not match, and is not a Uuid7.
    let v4 = "550e8400-e29b-41d4-a716-446655440000";
    assert_json_texts_fit(&[Uuid7::MIN, Uuid7::MAX, rfc], is_canonical_v7, &[v4]);
}

/// Feature `utoipa`: an API's OpenAPI document says what the JSON Schema says.
#[cfg(feature = "utoipa")]
#[test]
fn the_openapi_schema_is_the_json_schema() {
    test_support::schema::assert_openapi_schema_is_the_json_schema::<Uuid7>();
}
