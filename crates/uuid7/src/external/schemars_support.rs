//! Feature `schemars`: the JSON Schema of the text, the form `serde` writes for human-readable
//! formats.

use alloc::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use crate::Uuid7;

/// A string in the `uuid` format: 36 characters, lower-case hex in groups of 8, 4, 4, 4 and 12
/// with version 7 and variant `0b10` in place. That is the canonical text, which `serde` writes
/// for human-readable formats; deserializing also takes upper case, as parsing does, so every
/// string the schema accepts is a UUIDv7, and every UUIDv7 written is accepted. Inlined where
/// used, as `uuid::Uuid`'s schema is.
///
/// ```
/// use schemars::JsonSchema;
///
/// let schema = schemars::SchemaGenerator::default().subschema_for::<uuid7::Uuid7>();
/// assert_eq!(
///     schema.as_value(),
///     &serde_json::json!({
///         "type": "string",
///         "format": "uuid",
///         "pattern": "^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$",
///         "minLength": 36,
///         "maxLength": 36
///     })
/// );
/// assert_eq!(uuid7::Uuid7::schema_name(), "Uuid7");
/// ```
impl JsonSchema for Uuid7 {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        Cow::Borrowed("Uuid7")
    }

    fn schema_id() -> Cow<'static, str> {
        Cow::Borrowed("uuid7::Uuid7")
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "format": "uuid",
            "pattern": crate::text::TEXT_PATTERN,
            "minLength": Uuid7::TEXT_LEN,
            "maxLength": Uuid7::TEXT_LEN,
        })
    }
}
