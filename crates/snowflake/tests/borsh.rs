//! Feature `borsh`: the exact bytes (a little-endian `u64`), round trips, and integers that are
//! not an id.
#![cfg(feature = "borsh")]

use proptest::prelude::*;
use snowflake::SnowflakeId;
use std::io::ErrorKind;

#[test]
fn the_bytes_are_the_u64_little_endian() {
    let id = SnowflakeId::try_from(4_194_308_098u64).unwrap();
    let bytes = borsh::to_vec(&id).unwrap();
    assert_eq!(bytes, 4_194_308_098u64.to_le_bytes());
    assert_eq!(bytes, [0x02, 0x10, 0x00, 0xFA, 0x00, 0x00, 0x00, 0x00]);
    assert_eq!(
        borsh::to_vec(&SnowflakeId::MAX).unwrap(),
        [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]
    );
}

#[test]
fn integers_from_2_63_up_are_invalid_data_that_names_the_value() {
    for value in [1u64 << 63, u64::MAX] {
        let error = borsh::from_slice::<SnowflakeId>(&value.to_le_bytes()).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::InvalidData);
        assert_eq!(
            error.to_string(),
            SnowflakeId::try_from(value).unwrap_err().to_string()
        );
        assert!(error.to_string().contains(&value.to_string()), "{error}");
    }
    // Cut short: borsh's own error for a `u64`, as for the integer itself.
    let error = borsh::from_slice::<SnowflakeId>(&[0; 7]).unwrap_err();
    let integer_s = borsh::from_slice::<u64>(&[0; 7]).unwrap_err();
    assert_eq!(
        (error.kind(), error.to_string()),
        (integer_s.kind(), integer_s.to_string())
    );
}

proptest! {
    #[test]
    fn every_id_round_trips(value in 0..1u64 << 63) {
        let id = SnowflakeId::try_from(value).unwrap();
        let bytes = borsh::to_vec(&id).unwrap();
        prop_assert_eq!(borsh::from_slice::<SnowflakeId>(&bytes).unwrap(), id);
        prop_assert_eq!(bytes, value.to_le_bytes());
    }
}
