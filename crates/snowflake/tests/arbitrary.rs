//! Feature `arbitrary`: every input gives an id below 2^63, which its text carries back.
#![cfg(feature = "arbitrary")]

use snowflake::SnowflakeId;
use test_support::arbitrary_checks::{assert_round_trips_from_bytes, assert_size_hint, draws};

#[test]
fn ids_from_fixed_bytes_are_below_2_63_and_round_trip_through_their_text() {
    let ids = assert_round_trips_from_bytes(8, |id: &SnowflakeId, text| {
        assert!(id.to_u64() < 1 << 63);
        assert!(i64::try_from(id.to_u64()).is_ok());
        assert_eq!(text, id.to_u64().to_string());
    });
    // The bit below the cleared one still varies.
    let top_bits = ids.iter().filter(|id| id.to_u64() >> 62 == 1).count();
    assert!(top_bits > 0 && top_bits < ids.len());
}

#[test]
fn the_bytes_are_big_endian_with_the_top_bit_cleared() {
    let data = [
        0x00, 0x00, 0x00, 0x00, 0xFA, 0x00, 0x10, 0x02, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0x80,
    ];
    let [id, ones, top] = draws::<SnowflakeId, 3>(&data);
    assert_eq!(
        (id.timestamp_ms(), id.worker_id(), id.sequence()),
        (1_704_067_201_000, 1, 2)
    );
    assert_eq!(ones.to_u64(), (1 << 63) - 1);
    // 0x80 and seven zeros: only the cleared bit was set.
    assert_eq!(top, SnowflakeId::MIN);
}

#[test]
fn the_size_hint_is_8_bytes() {
    assert_size_hint::<SnowflakeId>(8);
}
