//! Feature `borsh`: the exact bytes, round trips, and short input.
#![cfg(feature = "borsh")]

use proptest::prelude::*;
use ulid::Ulid;

#[test]
fn the_bytes_are_the_16_big_endian_bytes_with_no_prefix() {
    let id: Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse().unwrap();
    let bytes = borsh::to_vec(&id).unwrap();
    assert_eq!(
        bytes,
        [
            0x01, 0x56, 0x3E, 0x3A, 0xB5, 0xD3, 0xD6, 0x76, 0x4C, 0x61, 0xEF, 0xB9, 0x93, 0x02,
            0xBD, 0x5B
        ]
    );
    // The same bytes as borsh's own `[u8; 16]`, and as `uuid::Uuid`'s borsh form would be.
    assert_eq!(bytes, borsh::to_vec(&id.to_bytes()).unwrap());
    // In a struct: no length, no tag.
    assert_eq!(
        borsh::to_vec(&(Ulid::MIN, 7u8)).unwrap(),
        [[0; 16].as_slice(), &[7]].concat()
    );
}

#[test]
fn short_or_long_input_is_an_error() {
    for len in [0, 1, 15] {
        let error = borsh::from_slice::<Ulid>(&vec![0; len]).unwrap_err();
        assert_eq!(error.kind(), std::io::ErrorKind::UnexpectedEof, "{len}");
    }
    let error = borsh::from_slice::<Ulid>(&[0; 17]).unwrap_err();
    assert_eq!(error.kind(), std::io::ErrorKind::InvalidData);
}

proptest! {
    #[test]
    fn every_ulid_round_trips(value: u128) {
        let id = Ulid::from_u128(value);
        let bytes = borsh::to_vec(&id).unwrap();
        prop_assert_eq!(borsh::from_slice::<Ulid>(&bytes).unwrap(), id);
        prop_assert_eq!(bytes, id.to_bytes());
    }
}
