//! Feature `schemars`: the schema of the integer, checked against the bit layout and against
//! what `serde_json` writes.
#![cfg(all(feature = "schemars", feature = "serde"))]

use snowflake::SnowflakeId;
use test_support::schema::{assert_json_integers_fit, assert_schema};

/// 63 bits: 41 of timestamp, 10 of worker id, 12 of sequence.
const LARGEST: u64 = (1 << (41 + 10 + 12)) - 1;

#[test]
fn the_schema_is_an_integer_from_0_to_2_63_minus_1() {
    let expected = serde_json::json!({
        "type": "integer",
        "format": "int64",
        "minimum": 0,
        "maximum": 9_223_372_036_854_775_807u64
    });
    assert_schema::<SnowflakeId>(&expected, "SnowflakeId", "snowflake::SnowflakeId");
    assert_eq!(LARGEST, 9_223_372_036_854_775_807);
}

#[test]
fn what_serde_json_writes_matches_the_schema() {
    let ids = [
        SnowflakeId::MIN,
        SnowflakeId::MAX,
        SnowflakeId::try_from(4_194_308_098u64).unwrap(),
    ];
    assert_json_integers_fit(&ids, |id| {
        assert!(id.to_u64() <= LARGEST);
        id.to_u64()
    });
}

/// Feature `utoipa`: an API's OpenAPI document says what the JSON Schema says.
#[cfg(feature = "utoipa")]
#[test]
fn the_openapi_schema_is_the_json_schema() {
    test_support::schema::assert_openapi_schema_is_the_json_schema::<SnowflakeId>();
}
