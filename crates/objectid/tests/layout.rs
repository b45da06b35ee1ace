//! 12 bytes of alignment 1, borrowed in place, and the casts of the features `bytemuck` and
//! `zerocopy`.

use objectid::ObjectId;
use test_support::layout;

/// The example of the MongoDB manual, and its bytes, written out by hand.
const TEXT: &str = "507c7f79bcf86cd7994f6c0e";
const BYTES: [u8; 12] = [
    0x50, 0x7c, 0x7f, 0x79, 0xbc, 0xf8, 0x6c, 0xd7, 0x99, 0x4f, 0x6c, 0x0e,
];

#[test]
fn an_id_beside_a_byte_takes_13_bytes() {
    layout::assert_unaligned_size::<ObjectId>(12);
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
    assert_eq!(ids[0].to_string(), TEXT);
    let bytes = [BYTES, [0xFF; 12]].concat();
    layout::assert_bytemuck_casts_both_ways(&ids, &bytes, ObjectId::MIN);
}

#[cfg(feature = "zerocopy")]
#[test]
fn zerocopy_casts_ids_and_bytes_both_ways() {
    let ids = [ObjectId::from_bytes(BYTES), ObjectId::MAX];
    assert_eq!(ids[0].to_string(), TEXT);
    let bytes = [BYTES, [0xFF; 12]].concat();
    layout::assert_zerocopy_casts_both_ways(&ids, &bytes, ObjectId::MIN);
}
