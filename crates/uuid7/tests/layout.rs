//! The layout of `uuid::Uuid`: 16 big-endian bytes of alignment 1, borrowed in place, and the
//! casts of the features `bytemuck` and `zerocopy` (ids to bytes only).

use test_support::layout;
use uuid7::Uuid7;

/// The example of RFC 9562, Appendix A.6, and its bytes, written out by hand.
const RFC_TEXT: &str = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
const RFC_BYTES: [u8; 16] = [
    0x01, 0x7F, 0x22, 0xE2, 0x79, 0xB0, 0x7C, 0xC3, 0x98, 0xC4, 0xDC, 0x0C, 0x0C, 0x07, 0x39, 0x8F,
];

fn rfc() -> Uuid7 {
    RFC_TEXT.parse().unwrap()
}

#[test]
fn an_id_beside_a_byte_takes_17_bytes_as_a_uuid_does() {
    layout::assert_unaligned_size::<Uuid7>(16);
    assert_eq!(size_of::<(uuid::Uuid, u8)>(), 17);
}

#[test]
fn as_bytes_borrows_the_big_endian_bytes_that_to_bytes_copies() {
    assert_eq!(rfc().as_bytes(), &RFC_BYTES);
    for id in [
        Uuid7::MIN,
        Uuid7::MAX,
        rfc(),
        Uuid7::from_parts(1, 1 << 62).unwrap(),
    ] {
        assert_eq!(id.as_bytes(), &id.to_bytes());
        let uuid = uuid::Uuid::parse_str(&id.to_string()).unwrap();
        assert_eq!(id.as_bytes(), uuid.as_bytes());
        assert_eq!(Uuid7::from_bytes(*id.as_bytes()), Ok(id));
    }
}

#[test]
fn order_is_the_order_of_the_integer_and_of_the_bytes() {
    // Ids whose bytes differ first at each place that is not all version or variant.
    let ids: Vec<Uuid7> = (0..48)
        .step_by(8)
        .map(|bit| Uuid7::from_parts(1 << bit, 0).unwrap())
        .chain(
            (0..74)
                .step_by(4)
                .map(|bit| Uuid7::from_parts(0, 1 << bit).unwrap()),
        )
        .collect();
    layout::assert_ordered_as(&ids.iter().map(|&id| (id.to_u128(), id)).collect::<Vec<_>>());
    layout::assert_ordered_as(
        &ids.iter()
            .map(|&id| (id.to_bytes(), id))
            .collect::<Vec<_>>(),
    );
}

#[cfg(feature = "bytemuck")]
#[test]
fn bytemuck_casts_ids_to_bytes() {
    let ids = [rfc(), Uuid7::MIN];
    // 00000000-0000-7000-8000-000000000000
    let min = [0, 0, 0, 0, 0, 0, 0x70, 0, 0x80, 0, 0, 0, 0, 0, 0, 0];
    layout::assert_bytemuck_casts_to(&ids, &[RFC_BYTES, min].concat());
    // Back through the checked conversion.
    assert_eq!(Uuid7::try_from(bytemuck::bytes_of(&ids[0])), Ok(rfc()));
}

#[cfg(feature = "zerocopy")]
#[test]
fn zerocopy_casts_ids_to_bytes() {
    let ids = [rfc(), Uuid7::MAX];
    // ffffffff-ffff-7fff-bfff-ffffffffffff
    let mut max = [0xFF; 16];
    (max[6], max[8]) = (0x7F, 0xBF);
    layout::assert_zerocopy_casts_to(&ids, &[RFC_BYTES, max].concat());
    // Back through the checked conversion.
    let bytes = zerocopy::IntoBytes::as_bytes(&ids[1]);
    assert_eq!(Uuid7::try_from(bytes), Ok(Uuid7::MAX));
}
