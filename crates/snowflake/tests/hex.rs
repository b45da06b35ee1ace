//! `LowerHex` and `UpperHex`: exactly what `u64` writes for the id's integer, flags and all.

use snowflake::SnowflakeId;
use test_support::text::hex_is_the_integer_s;

#[test]
fn hex_is_what_u64_writes() {
    for value in [0u64, 1, 0xABC, 4_194_308_098, (1 << 63) - 1] {
        let id = SnowflakeId::try_from(value).unwrap();
        assert_eq!(format!("{id:#x}"), format!("{value:#x}"));
        hex_is_the_integer_s(&id, value.into(), 0);
    }
}
