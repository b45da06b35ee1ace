//! Feature `schemars`: the schema of the text, checked against the format and against what
//! `serde_json` writes.
#![cfg(all(feature = "schemars", feature = "serde"))]

use objectid::ObjectId;
use schemars::{JsonSchema, SchemaGenerator};

/// 12 bytes as 24 lower-case hex digits, as MongoDB writes an ObjectId.
fn is_canonical(text: &str) -> bool {
    text.len() == 24 && text.chars().all(|c| matches!(c, '0'..='9' | 'a'..='f'))
}

#[test]
fn the_schema_is_a_string_of_24_lower_case_hex_digits() {
    let schema = SchemaGenerator::default().subschema_for::<ObjectId>();
    assert_eq!(
        schema.as_value(),
        &serde_json::json!({
            "type": "string",
            "pattern": "^[0-9a-f]{24}$",
            "minLength": 24,
            "maxLength": 24
        })
    );
    assert!(ObjectId::inline_schema());
    assert_eq!(ObjectId::schema_name(), "ObjectId");
    assert_eq!(ObjectId::schema_id(), "objectid::ObjectId");
}

#[test]
fn what_serde_json_writes_matches_the_schema() {
    let manual: ObjectId = "507c7f79bcf86cd7994f6c0e".parse().unwrap();
    for id in [ObjectId::MIN, ObjectId::MAX, manual] {
        let json = serde_json::to_value(id).unwrap();
        let text = json.as_str().unwrap();
        assert!(is_canonical(text), "{text}");
    }
    // Upper case does not match, and is not parsed either.
    assert!(!is_canonical("507C7F79BCF86CD7994F6C0E"));
    assert!("507C7F79BCF86CD7994F6C0E".parse::<ObjectId>().is_err());
}
