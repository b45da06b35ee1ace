//! Feature `utoipa`: the OpenAPI schema of what `serde` writes, the integer: the same schema as
//! the `schemars` feature's.

use alloc::borrow::Cow;

use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use crate::SnowflakeId;

/// An integer from 0 to 2^63 - 1 (format `int64`): what `serde` writes for every format.
/// Deserializing from a human-readable format also takes the decimal string, which the schema
/// leaves out. A field written with [`decimal_string`](crate::decimal_string) (feature `serde`),
/// for JavaScript clients, is a string: give it `#[schema(value_type = String, pattern =
/// "^[0-9]{1,19}$")]`.
///
/// ```
/// use utoipa::PartialSchema;
///
/// let schema = serde_json::to_value(snowflake::SnowflakeId::schema())?;
/// assert_eq!(
///     schema,
///     serde_json::json!({
///         "type": "integer",
///         "format": "int64",
///         "minimum": 0,
///         "maximum": 9_223_372_036_854_775_807u64
///     })
/// );
/// # Ok::<(), serde_json::Error>(())
/// ```
impl PartialSchema for SnowflakeId {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
            .minimum(Some(SnowflakeId::MIN.to_u64()))
            .maximum(Some(SnowflakeId::MAX.to_u64()))
            .into()
    }
}

/// The name of the schema in an OpenAPI document's components, `SnowflakeId`, where a field of
/// this type refers to it.
///
/// ```
/// use utoipa::ToSchema;
///
/// assert_eq!(snowflake::SnowflakeId::name(), "SnowflakeId");
/// ```
impl ToSchema for SnowflakeId {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("SnowflakeId")
    }
}
