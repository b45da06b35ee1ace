//! Feature `arbitrary`: every input gives a ULID, which its text carries back.
#![cfg(feature = "arbitrary")]

use arbitrary::{Arbitrary, Unstructured};
use test_support::arbitrary_checks::{assert_round_trips_from_bytes, assert_size_hint, draws};
use ulid::Ulid;

#[test]
fn ids_from_fixed_bytes_round_trip_through_their_text() {
    assert_round_trips_from_bytes(16, |id: &Ulid, text| {
        assert_eq!(text, ulid_peer::Ulid(id.to_u128()).to_string());
    });
}

#[test]
fn the_bytes_are_taken_in_order_big_endian_and_zero_past_the_end() {
    let data = [
        0x01, 0x56, 0x3E, 0x3A, 0xB5, 0xD3, 0xD6, 0x76, 0x4C, 0x61, 0xEF, 0xB9, 0x93, 0x02, 0xBD,
        0x5B, 0xFF,
    ];
    let [spec, short, past] = draws::<Ulid, 3>(&data);
    assert_eq!(spec.to_string(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    assert_eq!(short.to_u128(), 0xFF << 120);
    assert_eq!(past, Ulid::MIN);
}

#[test]
fn the_size_hint_is_16_bytes() {
    assert_size_hint::<Ulid>(16);
    let data = [0xFF; 16];
    assert_eq!(
        Ulid::arbitrary_take_rest(Unstructured::new(&data)),
        Ok(Ulid::MAX)
    );
}
