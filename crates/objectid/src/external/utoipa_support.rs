//! Feature `utoipa`: the OpenAPI schema of the text, the form `serde` writes for human-readable
//! formats: the same schema as the `schemars` feature's.

use alloc::borrow::Cow;

use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use crate::ObjectId;
use crate::text::TEXT_PATTERN;

/// A string of 24 lower-case hex digits: the text `serde` writes for human-readable formats,
/// and the only text that deserializing (as parsing) takes.
///
/// ```
/// use utoipa::PartialSchema;
///
/// let schema = serde_json::to_value(objectid::ObjectId::schema())?;
/// assert_eq!(
///     schema,
///     serde_json::json!({
///         "type": "string",
///         "pattern": "^[0-9a-f]{24}$",
///         "minLength": 24,
///         "maxLength": 24
///     })
/// );
/// # Ok::<(), serde_json::Error>(())
/// ```
impl PartialSchema for ObjectId {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(TEXT_PATTERN))
            .min_length(Some(ObjectId::TEXT_LEN))
            .max_length(Some(ObjectId::TEXT_LEN))
            .into()
    }
}

/// The name of the schema in an OpenAPI document's components, `ObjectId`, where a field of this
/// type refers to it.
///
/// ```
/// use utoipa::ToSchema;
///
/// assert_eq!(objectid::ObjectId::name(), "ObjectId");
/// ```
impl ToSchema for ObjectId {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("ObjectId")
    }
}
