//! Feature `arbitrary`: every input gives an id, which its text carries back.
#![cfg(feature = "arbitrary")]

use arbitrary::{Arbitrary, Unstructured};
use objectid::ObjectId;

/// 4,099 bytes (not a multiple of 12, so the last id reads past the end) from a fixed
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
fn ids_from_fixed_bytes_round_trip_through_their_text() {
    let data = data();
    let mut u = Unstructured::new(&data);
    let mut count = 0;
    while !u.is_empty() {
        let id = ObjectId::arbitrary(&mut u).unwrap();
        let text = id.to_string();
        assert_eq!(text.parse::<ObjectId>(), Ok(id));
        assert_eq!(
            text,
            bson::oid::ObjectId::from_bytes(id.to_bytes()).to_hex()
        );
        count += 1;
    }
    assert_eq!(count, 4099usize.div_ceil(12));
}

#[test]
fn the_bytes_are_taken_in_order_and_zero_past_the_end() {
    let data = [
        0x50, 0x7c, 0x7f, 0x79, 0xbc, 0xf8, 0x6c, 0xd7, 0x99, 0x4f, 0x6c, 0x0e, 0xAB,
    ];
    let mut u = Unstructured::new(&data);
    let id = ObjectId::arbitrary(&mut u).unwrap();
    assert_eq!(id.to_string(), "507c7f79bcf86cd7994f6c0e");
    let short = ObjectId::arbitrary(&mut u).unwrap();
    assert_eq!(short.to_string(), "ab0000000000000000000000");
    assert_eq!(ObjectId::arbitrary(&mut u).unwrap(), ObjectId::MIN);
}

#[test]
fn the_size_hint_is_12_bytes() {
    assert_eq!(ObjectId::size_hint(0), (12, Some(12)));
    assert_eq!(<[ObjectId; 3]>::size_hint(0), (36, Some(36)));
}
