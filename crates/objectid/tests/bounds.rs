//! The smallest and the largest ObjectId of a second (`min_at_s`, `max_at_s`), against the
//! `bson` crate's ObjectIds and against arithmetic done by hand.

use objectid::{Error, ObjectId};
use proptest::prelude::*;

/// 2024-01-01T00:00:00Z: 19,723 days of 86,400 s after the Unix epoch.
const NEW_YEAR_2024_S: u64 = 19_723 * 86_400;
/// The last second of 32 bits.
const LAST_S: u64 = u32::MAX as u64;

/// bson's ObjectId of a second, with its 5-byte process value and 3-byte counter all `byte`.
fn peer(s: u64, byte: u8) -> bson::oid::ObjectId {
    bson::oid::ObjectId::from_parts(u32::try_from(s).unwrap(), [byte; 5], [byte; 3])
}

#[test]
fn the_bounds_of_a_day_by_hand() {
    assert_eq!(NEW_YEAR_2024_S, 1_704_067_200);
    let first = ObjectId::min_at_s(NEW_YEAR_2024_S).unwrap();
    let last = ObjectId::max_at_s(NEW_YEAR_2024_S + 86_400 - 1).unwrap();
    // 1_704_067_200 = 0x6592_0080 and 1_704_153_599 = 0x6593_51FF, then 8 bytes of 0 or 0xFF.
    assert_eq!(first.to_string(), "659200800000000000000000");
    assert_eq!(last.to_string(), "659351ffffffffffffffffff");
    assert_eq!(ObjectId::min_at_s(0), Ok(ObjectId::MIN));
    assert_eq!(ObjectId::max_at_s(LAST_S), Ok(ObjectId::MAX));
}

#[test]
fn a_second_past_32_bits_is_the_range_error() {
    let error = Error::TimestampOutOfRange {
        value: LAST_S + 1,
        max: LAST_S,
    };
    assert_eq!(ObjectId::min_at_s(LAST_S + 1), Err(error));
    assert_eq!(ObjectId::max_at_s(LAST_S + 1), Err(error));
}

proptest! {
    #[test]
    fn the_bounds_are_bson_s_object_ids_of_zero_bytes_and_of_ones(s in 0..=LAST_S) {
        prop_assert_eq!(ObjectId::min_at_s(s).unwrap().to_bytes(), peer(s, 0).bytes());
        prop_assert_eq!(ObjectId::max_at_s(s).unwrap().to_bytes(), peer(s, 0xFF).bytes());
        prop_assert_eq!(ObjectId::max_at_s(s).unwrap().to_string(), peer(s, 0xFF).to_hex());
    }

    #[test]
    fn every_object_id_of_the_second_and_no_other_lies_between_them(
        s in 1..LAST_S,
        process in any::<[u8; 5]>(),
        counter in any::<[u8; 3]>(),
    ) {
        let (min, max) = (ObjectId::min_at_s(s).unwrap(), ObjectId::max_at_s(s).unwrap());
        let at = |s: u64| {
            let bson = bson::oid::ObjectId::from_parts(u32::try_from(s).unwrap(), process, counter);
            ObjectId::from_bytes(bson.bytes())
        };
        prop_assert!(min <= at(s) && at(s) <= max);
        prop_assert!(at(s - 1) < min && max < at(s + 1));
    }
}
