//! Feature `arbitrary`: every input gives a valid UUIDv7, which its text carries back.
#![cfg(feature = "arbitrary")]

use test_support::arbitrary_checks::{assert_round_trips_from_bytes, assert_size_hint, draws};
use uuid7::Uuid7;

#[test]
fn ids_from_fixed_bytes_are_version_7_variant_rfc_and_round_trip_through_their_text() {
    assert_round_trips_from_bytes(16, |_: &Uuid7, text| {
        let uuid = uuid::Uuid::parse_str(text).unwrap();
        assert_eq!(uuid.get_version_num(), 7, "{text}");
        assert_eq!(uuid.get_variant(), uuid::Variant::RFC4122, "{text}");
    });
}

#[test]
fn only_the_version_and_variant_bits_of_the_input_are_replaced() {
    // The bytes of RFC 9562's example with version 0xF and variant 0b11 in place.
    let data = [
        0x01, 0x7F, 0x22, 0xE2, 0x79, 0xB0, 0xFC, 0xC3, 0xD8, 0xC4, 0xDC, 0x0C, 0x0C, 0x07, 0x39,
        0x8F,
    ];
    let [id] = draws::<Uuid7, 1>(&data);
    assert_eq!(id.to_string(), "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
    assert_eq!(draws::<Uuid7, 1>(&[0xFF; 16]), [Uuid7::MAX]);
    let [empty] = draws::<Uuid7, 1>(&[]);
    assert_eq!(empty.to_string(), "00000000-0000-7000-8000-000000000000");
}

#[test]
fn the_size_hint_is_16_bytes() {
    assert_size_hint::<Uuid7>(16);
}
