//! Feature `utoipa`: the OpenAPI schema of the text, the form `serde` writes for human-readable
//! formats: the same schema as the `schemars` feature's.

use alloc::borrow::Cow;

use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use crate::Ulid;
use crate::text::TEXT_PATTERN;

/// A string of 26 Crockford Base32 symbols, upper case, the first at most `7`: the canonical
/// text, which `serde` writes for human-readable formats.
///
/// ```
/// use utoipa::PartialSchema;
///
/// let schema = serde_json::to_value(ulid::Ulid::schema())?;
/// assert_eq!(
///     schema,
///     serde_json::json!({
///         "type": "string",
///         "pattern": "^[0-7][0-9A-HJKMNP-TV-Z]{25}$",
///         "minLength": 26,
///         "maxLength": 26
///     })
/// );
/// # Ok::<(), serde_json::Error>(())
/// ```
impl PartialSchema for Ulid {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(TEXT_PATTERN))
            .min_length(Some(Ulid::TEXT_LEN))
            .max_length(Some(Ulid::TEXT_LEN))
            .into()
    }
}

/// The name of the schema in an OpenAPI document's components, `Ulid`, where a field of this
/// type refers to it.
///
/// ```
/// use utoipa::ToSchema;
///
/// assert_eq!(ulid::Ulid::name(), "Ulid");
/// ```
impl ToSchema for Ulid {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Ulid")
    }
}
