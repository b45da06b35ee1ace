//! Feature `schemars`: the schema of the integer, checked against the bit layout and against
//! what `serde_json` writes.
#![cfg(all(feature = "schemars", feature = "serde"))]

use schemars::{JsonSchema, SchemaGenerator};
use snowflake::SnowflakeId;

/// 63 bits: 41 of timestamp, 10 of worker id, 12 of sequence.
const LARGEST: u64 = (1 << (41 + 10 + 12)) - 1;

#[test]
fn the_schema_is_an_integer_from_0_to_2_63_minus_1() {
    let schema = SchemaGenerator::default().subschema_for::<SnowflakeId>();
    assert_eq!(
        schema.as_value(),
        &serde_json::json!({
            "type": "integer",
            "format": "int64",
            "minimum": 0,
            "maximum": 9_223_372_036_854_775_807u64
        })
    );
    assert_eq!(LARGEST, 9_223_372_036_854_775_807);
    assert!(SnowflakeId::inline_schema());
    assert_eq!(SnowflakeId::schema_name(), "SnowflakeId");
    assert_eq!(SnowflakeId::schema_id(), "snowflake::SnowflakeId");
}

#[test]
fn what_serde_json_writes_matches_the_schema() {
    let ids = [
        SnowflakeId::MIN,
        SnowflakeId::MAX,
        SnowflakeId::try_from(4_194_308_098u64).unwrap(),
    ];
    for id in ids {
        let json = serde_json::to_value(id).unwrap();
        let value = json.as_u64().unwrap();
        assert!(value <= LARGEST);
        assert_eq!(value, id.to_u64());
    }
}
