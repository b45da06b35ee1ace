//! Feature `borsh`: the exact bytes, round trips, and bytes that are not a UUIDv7.
#![cfg(feature = "borsh")]

use proptest::prelude::*;
use std::io::ErrorKind;
use uuid7::Uuid7;

#[test]
fn the_bytes_are_the_16_big_endian_bytes_with_no_prefix() {
    let id: Uuid7 = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f".parse().unwrap();
    let bytes = borsh::to_vec(&id).unwrap();
    assert_eq!(
        bytes,
        [
            0x01, 0x7F, 0x22, 0xE2, 0x79, 0xB0, 0x7C, 0xC3, 0x98, 0xC4, 0xDC, 0x0C, 0x0C, 0x07,
            0x39, 0x8F
        ]
    );
    assert_eq!(bytes, uuid::Uuid::from(id).as_bytes());
    assert_eq!(bytes, borsh::to_vec(&id.to_bytes()).unwrap());
}

#[test]
fn bytes_that_are_not_a_uuidv7_are_invalid_data_that_names_the_field() {
    let v4 = uuid::Uuid::parse_str("550e8400-e29b-41d4-a716-446655440000").unwrap();
    let error = borsh::from_slice::<Uuid7>(v4.as_bytes()).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::InvalidData);
    assert_eq!(
        error.to_string(),
        "version 4 in the version field: expected 7"
    );

    let mut bytes = Uuid7::MIN.to_bytes();
    bytes[8] = 0xC0; // variant 0b11
    let error = borsh::from_slice::<Uuid7>(&bytes).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::InvalidData);
    assert!(error.to_string().contains("variant bits 0b11"), "{error}");

    let error = borsh::from_slice::<Uuid7>(&[0x01; 15]).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::UnexpectedEof);
}

proptest! {
    #[test]
    fn every_uuidv7_round_trips(timestamp_ms in 0..=Uuid7::MAX_TIMESTAMP_MS, counter in 0..=Uuid7::MAX_COUNTER) {
        let id = Uuid7::from_parts(timestamp_ms, counter).unwrap();
        let bytes = borsh::to_vec(&id).unwrap();
        prop_assert_eq!(borsh::from_slice::<Uuid7>(&bytes).unwrap(), id);
    }

    #[test]
    fn any_16_bytes_read_as_from_bytes_does(bytes: [u8; 16]) {
        let read = borsh::from_slice::<Uuid7>(&bytes).map_err(|error| error.to_string());
        prop_assert_eq!(read, Uuid7::from_bytes(bytes).map_err(|error| error.to_string()));
    }
}
