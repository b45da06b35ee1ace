//! Feature `schemars`: the JSON Schema of what `serde` writes, the integer.

use alloc::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use crate::SnowflakeId;

/// An integer from 0 to 2^63 - 1 (format `int64`): what `serde` writes for every format.
/// Deserializing from a human-readable format also takes the decimal string, which the schema
/// leaves out; a field written with `decimal_string` (feature `serde`) is a string, and needs a
/// schema of its own. Inlined where used, as the integers' schemas are.
///
/// ```
/// use schemars::JsonSchema;
///
/// let schema = schemars::SchemaGenerator::default().subschema_for::<snowflake::SnowflakeId>();
/// assert_eq!(
///     schema.as_value(),
///     &serde_json::json!({
///         "type": "integer",
///         "format": "int64",
///         "minimum": 0,
///         "maximum": 9_223_372_036_854_775_807u64
///     })
/// );
/// assert_eq!(snowflake::SnowflakeId::schema_name(), "SnowflakeId");
/// ```
impl JsonSchema for SnowflakeId {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        Cow::Borrowed("SnowflakeId")
    }

    fn schema_id() -> Cow<'static, str> {
        Cow::Borrowed("snowflake::SnowflakeId")
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "integer",
            "format": "int64",
            "minimum": SnowflakeId::MIN.to_u64(),
            "maximum": SnowflakeId::MAX.to_u64(),
        })
    }
}
