//! `Uuid7::from_ulid_compliant`: the RFC 9562 UUIDv7 of a ULID, against vectors made by
//! python-ulid 4.1.0 (`ULID.to_uuid7(compliant=True)`, the rule this function follows), the
//! `uuid` crate's reading of the result, and the rule's own properties: which 6 bits it drops,
//! and that it keeps order.

use proptest::prelude::*;
use uuid7::Uuid7;

/// (ULID, its compliant UUIDv7), as python-ulid 4.1.0 writes them: the edges, each run of
/// bits the rule treats apart (the timestamp, the top 12 random bits, the 6 dropped, the low
/// 62), the specification's example, and random ULIDs.
const PYTHON_ULID: [(&str, &str); 16] = [
    (
        "00000000000000000000000000",
        "00000000-0000-7000-8000-000000000000",
    ),
    (
        "7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
        "ffffffff-ffff-7fff-bfff-ffffffffffff",
    ),
    (
        "01ARZ3NDEKTSV4RRFFQ69G5FAV",
        "01563e3a-b5d3-7d67-8c61-efb99302bd5b",
    ),
    (
        "7ZZZZZZZZZ0000000000000000",
        "ffffffff-ffff-7000-8000-000000000000",
    ),
    (
        "0000000000ZZZZZZZZZZZZZZZZ",
        "00000000-0000-7fff-bfff-ffffffffffff",
    ),
    (
        "0000000000007W000000000000",
        "00000000-0000-7000-8000-000000000000",
    ),
    (
        "0000000000ZZR3ZZZZZZZZZZZZ",
        "00000000-0000-7fff-bfff-ffffffffffff",
    ),
    (
        "00000000000040000000000000",
        "00000000-0000-7000-8000-000000000000",
    ),
    (
        "00000000000002000000000000",
        "00000000-0000-7000-a000-000000000000",
    ),
    (
        "00000000000080000000000000",
        "00000000-0000-7001-8000-000000000000",
    ),
    (
        "4EJ5BSM8E3MEF51GCHEA6584J1",
        "8e91579a-21c3-7a39-90c1-91728c541241",
    ),
    (
        "6B1JPHWKB089HRHSZ80AV2FVRX",
        "cb0cad1e-4d60-7426-88e7-e802b627ef1d",
    ),
    (
        "5PR03B8CANZN1R2Q1A87R3C5EB",
        "b6c006b4-3155-7fd4-815c-2a41f03615cb",
    ),
    (
        "17JTDH8AK7FG5PZ52XF31H2WRM",
        "27969b14-2a67-77c0-af94-5d78c3117314",
    ),
    (
        "58947RKQX4SJTCX2RTTBVN2Z5W",
        "a8490f89-dfa4-7ccb-8e8b-1ad2f7517cbc",
    ),
    (
        "1RDGG6Z9HSK9TQWEM2P8DRCSQQ",
        "386c206f-a639-79a7-be3a-82b21b8666f7",
    ),
];

/// The 6 bits of a ULID the rule drops: bits 67 to 62.
const DROPPED: u128 = 0x3F << 62;

/// A ULID's 128-bit value, read by the `ulid` crate (an implementation apart from this
/// workspace's).
fn ulid(text: &str) -> u128 {
    ulid_peer::Ulid::from_string(text).unwrap().0
}

#[test]
fn the_uuid7s_python_ulid_makes() {
    for (text, expected) in PYTHON_ULID {
        let id = Uuid7::from_ulid_compliant(ulid(text));
        assert_eq!(id.to_string(), expected, "{text}");
        let uuid = uuid::Uuid::from_u128(id.to_u128());
        assert_eq!(uuid.get_version_num(), 7, "{text}");
        assert_eq!(uuid.get_variant(), uuid::Variant::RFC4122, "{text}");
    }
}

proptest! {
    #[test]
    fn the_timestamp_is_kept_and_only_bits_67_to_62_are_dropped(
        value in any::<u128>(),
        bit in 0..128u32,
    ) {
        let id = Uuid7::from_ulid_compliant(value);
        prop_assert_eq!(u128::from(id.timestamp_ms()), value >> 80);
        prop_assert_eq!(Uuid7::from_ulid_compliant(value & !DROPPED), id);
        let flipped = Uuid7::from_ulid_compliant(value ^ (1 << bit));
        prop_assert_eq!(flipped == id, DROPPED & (1 << bit) != 0, "bit {}", bit);
    }

    #[test]
    fn ulids_in_order_give_uuid7s_in_order(a in any::<u128>(), b in any::<u128>()) {
        let (low, high) = (a.min(b), a.max(b));
        prop_assert!(Uuid7::from_ulid_compliant(low) <= Uuid7::from_ulid_compliant(high));
    }
}
