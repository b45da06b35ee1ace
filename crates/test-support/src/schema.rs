//! The checks of an id's JSON Schema (`schemars::JsonSchema`) that the formats' tests share: the
//! schema to the letter, its name and id, and what `serde_json` writes held against it, as a
//! string of the schema's length that the format's own reading of the pattern accepts, or as an
//! integer within the schema's bounds.
//!
//! The OpenAPI schema of the `utoipa` feature is held to the same JSON Schema.
//!
//! Every failure names the id or the text it is about.

use std::fmt::Debug;
use std::ops::RangeInclusive;
use std::str::FromStr;

use schemars::{JsonSchema, SchemaGenerator};
use serde::Serialize;
use serde_json::Value;

use crate::text;

/// The schema of `T` where another schema refers to it.
fn schema_of<T: JsonSchema>() -> Value {
    SchemaGenerator::default()
        .subschema_for::<T>()
        .as_value()
        .clone()
}

/// The schema of a text of exactly `len` characters that matches `pattern`:
/// `{"type": "string", "pattern": pattern, "minLength": len, "maxLength": len}`.
pub fn text_schema(pattern: &str, len: u64) -> Value {
    serde_json::json!({
        "type": "string",
        "pattern": pattern,
        "minLength": len,
        "maxLength": len
    })
}

/// The schema of `T` is `expected` to the letter and is written inline where it is used, under
/// the name `name` and the id `id`.
pub fn assert_schema<T: JsonSchema>(expected: &Value, name: &str, id: &str) {
    assert_eq!(&schema_of::<T>(), expected, "the schema of {id}");
    assert!(T::inline_schema(), "{id} is inline");
    assert_eq!(T::schema_name(), name, "the name of {id}");
    assert_eq!(T::schema_id(), id, "the id of {id}");
}

/// Each of `ids` is written by `serde_json` as a string that fits the schema of `T`: its type
/// `string`, as many characters as `minLength` and `maxLength` allow, and a text `matches`
/// accepts (the format's reading of the pattern). Each text of `refused` is one that `matches`
/// refuses and that does not parse: `matches` does not accept what parsing refuses there.
pub fn assert_json_texts_fit<T>(ids: &[T], matches: impl Fn(&str) -> bool, refused: &[&str])
where
    T: JsonSchema + Serialize + FromStr + Debug,
{
    let lengths = bounds_of::<T>("string", "minLength", "maxLength");
    for id in ids {
        let json = written(id);
        let text = json
            .as_str()
            .unwrap_or_else(|| panic!("{id:?} is written as {json}"));
        let len = u64::try_from(text.chars().count()).unwrap();
        assert!(lengths.contains(&len), "{text:?}: {len} characters");
        assert!(matches(text), "{id:?} is written as {text:?}");
    }
    for &text in refused {
        assert!(!matches(text), "{text:?} matches");
        text::refused::<T>(text);
    }
}

/// Each of `ids` is written by `serde_json` as an integer that fits the schema of `T`: its type
/// `integer`, within `minimum` and `maximum`, and the value `value` gives for the id.
pub fn assert_json_integers_fit<T>(ids: &[T], value: impl Fn(&T) -> u64)
where
    T: JsonSchema + Serialize + Debug,
{
    let range = bounds_of::<T>("integer", "minimum", "maximum");
    for id in ids {
        let json = written(id);
        let number = json
            .as_u64()
            .unwrap_or_else(|| panic!("{id:?} is written as {json}"));
        assert!(range.contains(&number), "{id:?}: {number} is out of range");
        assert_eq!(number, value(id), "{id:?}");
    }
}

/// The bounds that the schema of `T`, of type `kind`, sets under the keys `low` and `high`; the
/// whole range of `u64` where it sets none.
fn bounds_of<T: JsonSchema>(kind: &str, low: &str, high: &str) -> RangeInclusive<u64> {
    let schema = schema_of::<T>();
    assert_eq!(schema["type"], kind, "{schema}");
    let bound = |key: &str| schema.get(key).map(|n| n.as_u64().expect(key));
    bound(low).unwrap_or(u64::MIN)..=bound(high).unwrap_or(u64::MAX)
}

/// `id` as `serde_json` writes it.
fn written<T: Serialize + Debug>(id: &T) -> Value {
    serde_json::to_value(id).unwrap_or_else(|error| panic!("{id:?}: {error}"))
}

/// The OpenAPI schema of `T` (`utoipa::PartialSchema`) is its JSON Schema to the letter, under
/// the same name (`utoipa::ToSchema::name`), so that an API's document and its JSON Schema say
/// the same of an id.
pub fn assert_openapi_schema_is_the_json_schema<T: JsonSchema + utoipa::ToSchema>() {
    let openapi = serde_json::to_value(<T as utoipa::PartialSchema>::schema()).unwrap();
    assert_eq!(
        openapi,
        schema_of::<T>(),
        "the OpenAPI schema of {}",
        T::schema_id()
    );
    assert_eq!(<T as utoipa::ToSchema>::name(), T::schema_name());
}
