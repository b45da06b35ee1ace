//! Feature `arbitrary`: every input gives a valid UUIDv7, which its text carries back.
#![cfg(feature = "arbitrary")]

use arbitrary::{Arbitrary, Unstructured};
use uuid7::Uuid7;

/// 4,099 bytes (not a multiple of 16, so the last id reads past the end) from a fixed
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
fn ids_from_fixed_bytes_are_version_7_variant_rfc_and_round_trip_through_their_text() {
    let data = data();
    let mut u = Unstructured::new(&data);
    let mut count = 0;
    while !u.is_empty() {
        let id = Uuid7::arbitrary(&mut u).unwrap();
        let text = id.to_string();
        assert_eq!(text.parse::<Uuid7>(), Ok(id));
        let uuid = uuid::Uuid::parse_str(&text).unwrap();
        assert_eq!(uuid.get_version_num(), 7, "{text}");
        assert_eq!(uuid.get_variant(), uuid::Variant::RFC4122, "{text}");
        count += 1;
    }
    assert_eq!(count, 4099usize.div_ceil(16));
}

#[test]
fn only_the_version_and_variant_bits_of_the_input_are_replaced() {
    // The bytes of RFC 9562's example with version 0xF and variant 0b11 in place.
    let data = [
        0x01, 0x7F, 0x22, 0xE2, 0x79, 0xB0, 0xFC, 0xC3, 0xD8, 0xC4, 0xDC, 0x0C, 0x0C, 0x07, 0x39,
        0x8F,
    ];
    let id = Uuid7::arbitrary(&mut Unstructured::new(&data)).unwrap();
    assert_eq!(id.to_string(), "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
    assert_eq!(
        Uuid7::arbitrary(&mut Unstructured::new(&[0xFF; 16])),
        Ok(Uuid7::MAX)
    );
    assert_eq!(
        Uuid7::arbitrary(&mut Unstructured::new(&[])).map(|id| id.to_string()),
        Ok("00000000-0000-7000-8000-000000000000".to_owned())
    );
}

#[test]
fn the_size_hint_is_16_bytes() {
    assert_eq!(Uuid7::size_hint(0), (16, Some(16)));
    assert_eq!(<(Uuid7, Uuid7)>::size_hint(0), (32, Some(32)));
}
