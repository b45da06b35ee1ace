//! The layout of `uuid::Uuid`: 16 big-endian bytes of alignment 1, borrowed in place, and the
//! casts of the features `bytemuck` and `zerocopy` (ids to bytes only).

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
    assert_eq!(size_of::<Uuid7>(), 16);
    assert_eq!(align_of::<Uuid7>(), 1);
    assert_eq!(size_of::<(Uuid7, u8)>(), 17);
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
    for a in &ids {
        for b in &ids {
            assert_eq!(a.cmp(b), a.to_u128().cmp(&b.to_u128()));
            assert_eq!(a.cmp(b), a.to_bytes().cmp(&b.to_bytes()));
            assert_eq!(a.partial_cmp(b), Some(a.cmp(b)));
        }
    }
}

#[cfg(feature = "bytemuck")]
#[test]
fn bytemuck_casts_ids_to_bytes() {
    let ids = [rfc(), Uuid7::MIN];
    let bytes: &[u8] = bytemuck::cast_slice(&ids);
    assert_eq!(bytes[..16], RFC_BYTES);
    // 00000000-0000-7000-8000-000000000000
    let mut min = [0; 16];
    (min[6], min[8]) = (0x70, 0x80);
    assert_eq!(bytes[16..], min);
    assert_eq!(bytemuck::bytes_of(&ids[0]), &RFC_BYTES);
    // Back through the checked conversion.
    assert_eq!(Uuid7::try_from(&bytes[..16]), Ok(rfc()));
}

#[cfg(feature = "zerocopy")]
#[test]
fn zerocopy_casts_ids_to_bytes() {
    use zerocopy::IntoBytes;

    let ids = [rfc(), Uuid7::MAX];
    let bytes = IntoBytes::as_bytes(&ids[..]);
    assert_eq!(bytes[..16], RFC_BYTES);
    assert_eq!(Uuid7::try_from(&bytes[16..]), Ok(Uuid7::MAX));
    let mut out = [0u8; 16];
    rfc().write_to(&mut out[..]).unwrap();
    assert_eq!(out, RFC_BYTES);
}
