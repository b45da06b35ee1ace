//! Feature `schemars`: the JSON Schema of the text, the form `serde` writes for human-readable
//! formats.

use alloc::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use crate::ObjectId;

/// A string of 24 lower-case hex digits: the text that `serde` writes for human-readable
/// formats, and the only text that deserializing (as parsing) takes. Inlined where used, as
/// `uuid::Uuid`'s schema is.
///
/// ```
/// use schemars::JsonSchema;
///
/// let schema = schemars::SchemaGenerator::default().subschema_for::<objectid::ObjectId>();
/// assert_eq!(
///     schema.as_value(),
///     &serde_json::json!({
///         "type": "string",
///         "pattern": "^[0-9a-f]{24}$",
///         "minLength": 24,
///         "maxLength": 24
///     })
/// );
/// assert_eq!(objectid::ObjectId::schema_name(), "ObjectId");
/// ```
impl JsonSchema for ObjectId {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        Cow::Borrowed("ObjectId")
    }

    fn schema_id() -> Cow<'static, str> {
        Cow::Borrowed("objectid::ObjectId")
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "pattern": crate::text::TEXT_PATTERN,
            "minLength": ObjectId::TEXT_LEN,
            "maxLength": ObjectId::TEXT_LEN,
        })
    }
}
