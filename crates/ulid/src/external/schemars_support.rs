//! Feature `schemars`: the JSON Schema of the text, the form `serde` writes for human-readable
//! formats.

use alloc::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use crate::Ulid;

/// A string of 26 Crockford Base32 symbols, upper case, the first at most `7`: the canonical
/// text, which `serde` writes for human-readable formats. Deserializing also takes lower case
/// and the aliases (`O`, `I`, `L`), as parsing does, so every string the schema accepts is a
/// ULID, and every ULID written is accepted. Inlined where used, as `uuid::Uuid`'s schema is.
///
/// ```
/// use schemars::JsonSchema;
///
/// let schema = schemars::SchemaGenerator::default().subschema_for::<ulid::Ulid>();
/// assert_eq!(
///     schema.as_value(),
///     &serde_json::json!({
///         "type": "string",
///         "pattern": "^[0-7][0-9A-HJKMNP-TV-Z]{25}$",
///         "minLength": 26,
///         "maxLength": 26
///     })
/// );
/// assert_eq!(ulid::Ulid::schema_name(), "Ulid");
/// ```
impl JsonSchema for Ulid {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        Cow::Borrowed("Ulid")
    }

    fn schema_id() -> Cow<'static, str> {
        Cow::Borrowed("ulid::Ulid")
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "pattern": crate::text::TEXT_PATTERN,
            "minLength": Ulid::TEXT_LEN,
            "maxLength": Ulid::TEXT_LEN,
        })
    }
}
