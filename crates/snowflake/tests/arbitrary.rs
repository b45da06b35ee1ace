//! Feature `arbitrary`: every input gives an id below 2^63, which its text carries back.
#![cfg(feature = "arbitrary")]

use arbitrary::{Arbitrary, Unstructured};
use snowflake::SnowflakeId;

/// 4,099 bytes (not a multiple of 8, so the last id reads past the end) from a fixed
/// xorshift generator.
fn data() -> Vec<u8> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    (0..4099)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state.to_be_bytes()[0]
        })
        .collect()
}

#[test]
fn ids_from_fixed_bytes_are_below_2_63_and_round_trip_through_their_text() {
    let data = data();
    let mut u = Unstructured::new(&data);
    let (mut count, mut top_bits) = (0, 0);
    while !u.is_empty() {
        let id = SnowflakeId::arbitrary(&mut u).unwrap();
        assert!(id.to_u64() < 1 << 63);
        assert!(i64::try_from(id.to_u64()).is_ok());
        let text = id.to_string();
        assert_eq!(text.parse::<SnowflakeId>(), Ok(id));
        assert_eq!(text, id.to_u64().to_string());
        top_bits += usize::from(id.to_u64() >> 62 == 1);
        count += 1;
    }
    assert_eq!(count, 4099usize.div_ceil(8));
    // The bit below the cleared one still varies.
    assert!(top_bits > 0 && top_bits < count);
}

#[test]
fn the_bytes_are_big_endian_with_the_top_bit_cleared() {
    let data = [
        0x00, 0x00, 0x00, 0x00, 0xFA, 0x00, 0x10, 0x02, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0x80,
    ];
    let mut u = Unstructured::new(&data);
    let id = SnowflakeId::arbitrary(&mut u).unwrap();
    assert_eq!(
        (id.timestamp_ms(), id.worker_id(), id.sequence()),
        (1_704_067_201_000, 1, 2)
    );
    assert_eq!(
        SnowflakeId::arbitrary(&mut u).unwrap().to_u64(),
        (1 << 63) - 1
    );
    // 0x80 and seven zeros: only the cleared bit was set.
    assert_eq!(SnowflakeId::arbitrary(&mut u).unwrap(), SnowflakeId::MIN);
}

#[test]
fn the_size_hint_is_8_bytes() {
    assert_eq!(SnowflakeId::size_hint(0), (8, Some(8)));
}
