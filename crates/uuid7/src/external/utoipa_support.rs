//! Feature `utoipa`: the OpenAPI schema of the text, the form `serde` writes for human-readable
//! formats: the same schema as the `schemars` feature's.

use alloc::borrow::Cow;

use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use crate::Uuid7;
use crate::text::TEXT_PATTERN;

/// A string in the hyphenated lower-case form of a UUID (format `uuid`), of version 7 and the
/// RFC 9562 variant: the text `serde` writes for human-readable formats.
///
/// ```
/// use utoipa::PartialSchema;
///
/// let schema = serde_json::to_value(uuid7::Uuid7::schema())?;
/// assert_eq!(
///     schema,
///     serde_json::json!({
///         "type": "string",
///         "format": "uuid",
///         "pattern": "^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$",
///         "minLength": 36,
///         "maxLength": 36
///     })
/// );
/// # Ok::<(), serde_json::Error>(())
/// ```
impl PartialSchema for Uuid7 {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Uuid)))
            .pattern(Some(TEXT_PATTERN))
            .min_length(Some(Uuid7::TEXT_LEN))
            .max_length(Some(Uuid7::TEXT_LEN))
            .into()
    }
}

/// The name of the schema in an OpenAPI document's components, `Uuid7`, where a field of this
/// type refers to it.
///
/// ```
/// use utoipa::ToSchema;
///
/// assert_eq!(uuid7::Uuid7::name(), "Uuid7");
/// ```
impl ToSchema for Uuid7 {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Uuid7")
    }
}
