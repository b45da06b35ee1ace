//! 12 bytes of alignment 1, borrowed in place, and the casts of the features `bytemuck` and
//! `zerocopy`.

use objectid::ObjectId;

/// The example of the MongoDB manual, and its bytes, written out by hand.
const TEXT: &str = "507c7f79bcf86cd7994f6c0e";
const BYTES: [u8; 12] = [
    0x50, 0x7c, 0x7f, 0x79, 0xbc, 0xf8, 0x6c, 0xd7, 0x99, 0x4f, 0x6c, 0x0e,
];

#[test]
fn an_id_beside_a_byte_takes_13_bytes() {
    assert_eq!(size_of::<ObjectId>(), 12);
    assert_eq!(align_of::<ObjectId>(), 1);
    assert_eq!(size_of::<(ObjectId, u8)>(), 13);
}

#[test]
fn as_bytes_borrows_the_bytes_that_to_bytes_copies() {
    let id: ObjectId = TEXT.parse().unwrap();
    assert_eq!(id.as_bytes(), &BYTES);
    assert_eq!(
        id.as_bytes(),
        &bson::oid::ObjectId::parse_str(TEXT).unwrap().bytes()
    );
    for id in [ObjectId::MIN, ObjectId::MAX, id] {
        assert_eq!(id.as_bytes(), &id.to_bytes());
    }
}

#[cfg(feature = "bytemuck")]
#[test]
fn bytemuck_casts_ids_and_bytes_both_ways() {
    let ids = [ObjectId::from_bytes(BYTES), ObjectId::MAX];
    let bytes: &[u8] = bytemuck::cast_slice(&ids);
    assert_eq!(bytes[..12], BYTES);
    assert_eq!(bytes[12..], [0xFF; 12]);
    assert_eq!(bytemuck::cast_slice::<u8, ObjectId>(bytes), &ids);
    let unaligned = [[0u8; 1].as_slice(), &BYTES].concat();
    assert_eq!(
        bytemuck::try_from_bytes::<ObjectId>(&unaligned[1..]).map(ToString::to_string),
        Ok(TEXT.to_owned())
    );
    assert_eq!(<ObjectId as bytemuck::Zeroable>::zeroed(), ObjectId::MIN);
}

#[cfg(feature = "zerocopy")]
#[test]
fn zerocopy_casts_ids_and_bytes_both_ways() {
    use zerocopy::{FromBytes, FromZeros, IntoBytes};

    let ids = [ObjectId::from_bytes(BYTES), ObjectId::MAX];
    let bytes = IntoBytes::as_bytes(&ids[..]);
    assert_eq!(bytes[..12], BYTES);
    assert_eq!(<[ObjectId]>::ref_from_bytes(bytes).ok(), Some(&ids[..]));
    let unaligned = [[0u8; 1].as_slice(), &BYTES].concat();
    assert_eq!(
        ObjectId::ref_from_bytes(&unaligned[1..])
            .map(ToString::to_string)
            .ok(),
        Some(TEXT.to_owned())
    );
    assert!(ObjectId::ref_from_bytes(&BYTES[1..]).is_err());
    assert_eq!(ObjectId::new_zeroed(), ObjectId::MIN);
}
