//! The layout of `uuid::Uuid`: 16 big-endian bytes of alignment 1, borrowed in place, and the
//! casts of the features `bytemuck` and `zerocopy`.

use test_support::layout;
use ulid::Ulid;

/// The example of the ULID specification, and its bytes, written out by hand.
const SPEC: u128 = 0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B;
const SPEC_BYTES: [u8; 16] = [
    0x01, 0x56, 0x3E, 0x3A, 0xB5, 0xD3, 0xD6, 0x76, 0x4C, 0x61, 0xEF, 0xB9, 0x93, 0x02, 0xBD, 0x5B,
];

#[test]
fn an_id_beside_a_byte_takes_17_bytes_as_a_uuid_does() {
    layout::assert_unaligned_size::<Ulid>(16);
    assert_eq!(size_of::<(uuid::Uuid, u8)>(), 17);
    assert_eq!(size_of::<Option<Ulid>>(), 17);
}

#[test]
fn as_bytes_borrows_the_big_endian_bytes_that_to_bytes_copies() {
    let spec = Ulid::from_u128(SPEC);
    assert_eq!(spec.as_bytes(), &SPEC_BYTES);
    for value in [0, 1, 1 << 80, SPEC, u128::MAX - 1, u128::MAX] {
        let id = Ulid::from_u128(value);
        assert_eq!(id.as_bytes(), &id.to_bytes());
        assert_eq!(id.as_bytes(), uuid::Uuid::from_u128(value).as_bytes());
        assert_eq!(Ulid::from_bytes(*id.as_bytes()), id);
    }
}

#[test]
fn order_is_the_order_of_the_integer_and_of_the_bytes() {
    // Values whose bytes differ first at each of the 16 places.
    let ids: Vec<(u128, Ulid)> = (0..128)
        .step_by(8)
        .map(|bit| (1u128 << bit, Ulid::from_u128(1 << bit)))
        .collect();
    layout::assert_ordered_as(&ids);
    let by_bytes: Vec<_> = ids.iter().map(|&(_, id)| (id.to_bytes(), id)).collect();
    layout::assert_ordered_as(&by_bytes);
}

#[cfg(feature = "bytemuck")]
#[test]
fn bytemuck_casts_ids_and_bytes_both_ways() {
    let ids = [Ulid::from_u128(SPEC), Ulid::MAX];
    let bytes = [SPEC_BYTES, [0xFF; 16]].concat();
    layout::assert_bytemuck_casts_both_ways(&ids, &bytes, Ulid::MIN);
}

#[cfg(feature = "zerocopy")]
#[test]
fn zerocopy_casts_ids_and_bytes_both_ways() {
    let ids = [Ulid::from_u128(SPEC), Ulid::MAX];
    let bytes = [SPEC_BYTES, [0xFF; 16]].concat();
    layout::assert_zerocopy_casts_both_ways(&ids, &bytes, Ulid::MIN);
}
