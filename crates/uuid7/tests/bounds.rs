//! The smallest and the largest UUIDv7 of a millisecond (`min_at_ms`, `max_at_ms`), against the
//! `uuid` crate's UUIDv7 builder and against arithmetic done by hand.

use proptest::prelude::*;
use uuid7::{Error, Uuid7};

/// 2024-01-01T00:00:00Z: 19,723 days of 86,400,000 ms after the Unix epoch.
const NEW_YEAR_2024_MS: u64 = 19_723 * 86_400_000;
/// The last millisecond of 48 bits.
const LAST_MS: u64 = (1 << 48) - 1;

/// The `uuid` crate's UUIDv7 of a millisecond, with all its 10 bytes of counter and random
/// bits set to `byte` (it writes the version and the variant over their places).
fn peer(ms: u64, byte: u8) -> uuid::Uuid {
    uuid::Builder::from_unix_timestamp_millis(ms, &[byte; 10]).into_uuid()
}

#[test]
fn the_bounds_of_a_day_by_hand() {
    assert_eq!(NEW_YEAR_2024_MS, 1_704_067_200_000);
    let first = Uuid7::min_at_ms(NEW_YEAR_2024_MS).unwrap();
    let last = Uuid7::max_at_ms(NEW_YEAR_2024_MS + 86_400_000 - 1).unwrap();
    // 1_704_067_200_000 = 0x018C_C251_F400; version 7, zeros, variant 10, zeros.
    assert_eq!(first.to_string(), "018cc251-f400-7000-8000-000000000000");
    // 1_704_153_599_999 = 0x018C_C778_4FFF; version 7, ones, variant 10, ones.
    assert_eq!(last.to_string(), "018cc778-4fff-7fff-bfff-ffffffffffff");
    assert_eq!(Uuid7::min_at_ms(0), Ok(Uuid7::MIN));
    assert_eq!(Uuid7::max_at_ms(LAST_MS), Ok(Uuid7::MAX));
}

#[test]
fn a_millisecond_past_48_bits_is_the_range_error() {
    let error = Error::TimestampOutOfRange {
        value: LAST_MS + 1,
        max: LAST_MS,
    };
    assert_eq!(Uuid7::min_at_ms(LAST_MS + 1), Err(error));
    assert_eq!(Uuid7::max_at_ms(LAST_MS + 1), Err(error));
}

proptest! {
    #[test]
    fn the_bounds_are_the_uuid_crate_s_uuid7s_of_zero_bytes_and_of_ones(ms in 0..=LAST_MS) {
        let (min, max) = (peer(ms, 0), peer(ms, 0xFF));
        prop_assert_eq!(min.get_version_num(), 7);
        prop_assert_eq!(max.get_variant(), uuid::Variant::RFC4122);
        prop_assert_eq!(Uuid7::min_at_ms(ms).unwrap().to_u128(), min.as_u128());
        prop_assert_eq!(Uuid7::max_at_ms(ms).unwrap().to_u128(), max.as_u128());
    }

    #[test]
    fn every_uuid7_of_the_millisecond_and_no_other_lies_between_them(
        ms in 1..LAST_MS,
        bytes in any::<[u8; 10]>(),
    ) {
        let (min, max) = (Uuid7::min_at_ms(ms).unwrap(), Uuid7::max_at_ms(ms).unwrap());
        let at = |ms| {
            let uuid = uuid::Builder::from_unix_timestamp_millis(ms, &bytes).into_uuid();
            Uuid7::from_u128(uuid.as_u128()).unwrap()
        };
        prop_assert!(min <= at(ms) && at(ms) <= max);
        prop_assert!(at(ms - 1) < min && max < at(ms + 1));
    }
}
