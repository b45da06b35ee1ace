//! Feature `borsh`: the exact bytes, round trips, and short input.
#![cfg(feature = "borsh")]

use objectid::ObjectId;
use proptest::prelude::*;

#[test]
fn the_bytes_are_the_12_bytes_with_no_prefix() {
    let id: ObjectId = "507c7f79bcf86cd7994f6c0e".parse().unwrap();
    let bytes = borsh::to_vec(&id).unwrap();
    assert_eq!(
        bytes,
        [
            0x50, 0x7C, 0x7F, 0x79, 0xBC, 0xF8, 0x6C, 0xD7, 0x99, 0x4F, 0x6C, 0x0E
        ]
    );
    assert_eq!(bytes, borsh::to_vec(&id.to_bytes()).unwrap());
    assert_eq!(
        borsh::to_vec(&(ObjectId::MAX, 7u8)).unwrap(),
        [[0xFF; 12].as_slice(), &[7]].concat()
    );
}

#[test]
fn short_or_long_input_is_an_error() {
    for len in [0, 1, 11] {
        let error = borsh::from_slice::<ObjectId>(&vec![0; len]).unwrap_err();
        assert_eq!(error.kind(), std::io::ErrorKind::UnexpectedEof, "{len}");
    }
    let error = borsh::from_slice::<ObjectId>(&[0; 13]).unwrap_err();
    assert_eq!(error.kind(), std::io::ErrorKind::InvalidData);
}

proptest! {
    #[test]
    fn every_objectid_round_trips(bytes: [u8; 12]) {
        let id = ObjectId::from_bytes(bytes);
        let written = borsh::to_vec(&id).unwrap();
        prop_assert_eq!(borsh::from_slice::<ObjectId>(&written).unwrap(), id);
        prop_assert_eq!(written, bytes);
    }
}
