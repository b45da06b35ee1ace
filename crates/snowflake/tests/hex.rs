//! `LowerHex` and `UpperHex`: exactly what `u64` writes for the id's integer, flags and all.

use snowflake::SnowflakeId;

#[test]
fn hex_is_the_integer_s() {
    for value in [0u64, 1, 0xABC, 4_194_308_098, (1 << 63) - 1] {
        let id = SnowflakeId::try_from(value).unwrap();
        assert_eq!(format!("{id:x}"), format!("{value:x}"));
        assert_eq!(format!("{id:X}"), format!("{value:X}"));
        assert_eq!(format!("{id:#x}"), format!("{value:#x}"));
        assert_eq!(format!("{id:#X}"), format!("{value:#X}"));
        assert_eq!(format!("[{id:>20x}]"), format!("[{value:>20x}]"));
        assert_eq!(format!("[{id:<20X}]"), format!("[{value:<20X}]"));
        assert_eq!(format!("[{id:_^#20x}]"), format!("[{value:_^#20x}]"));
        assert_eq!(format!("{id:#020x}"), format!("{value:#020x}"));
        assert_eq!(format!("{id:016X}"), format!("{value:016X}"));
    }
}
