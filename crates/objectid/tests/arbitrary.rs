//! Feature `arbitrary`: every input gives an id, which its text carries back.
#![cfg(feature = "arbitrary")]

use objectid::ObjectId;
use test_support::arbitrary_checks::{assert_round_trips_from_bytes, assert_size_hint, draws};

#[test]
fn ids_from_fixed_bytes_round_trip_through_their_text() {
    assert_round_trips_from_bytes(12, |id: &ObjectId, text| {
        assert_eq!(
            text,
            bson::oid::ObjectId::from_bytes(id.to_bytes()).to_hex()
        );
    });
}

#[test]
fn the_bytes_are_taken_in_order_and_zero_past_the_end() {
    let data = [
        0x50, 0x7c, 0x7f, 0x79, 0xbc, 0xf8, 0x6c, 0xd7, 0x99, 0x4f, 0x6c, 0x0e, 0xAB,
    ];
    let [id, short, past] = draws::<ObjectId, 3>(&data);
    assert_eq!(id.to_string(), "507c7f79bcf86cd7994f6c0e");
    assert_eq!(short.to_string(), "ab0000000000000000000000");
    assert_eq!(past, ObjectId::MIN);
}

#[test]
fn the_size_hint_is_12_bytes() {
    assert_size_hint::<ObjectId>(12);
}
