//! The smallest and the largest ULID of a millisecond (`min_at_ms`, `max_at_ms`), against the
//! crates.io `ulid` crate (as `ulid_peer`) and against arithmetic done by hand.

use proptest::prelude::*;
use ulid::{Error, Ulid};

/// 2024-01-01T00:00:00Z: 19,723 days of 86,400,000 ms after the Unix epoch.
const NEW_YEAR_2024_MS: u64 = 19_723 * 86_400_000;
/// The last millisecond of 48 bits.
const LAST_MS: u64 = (1 << 48) - 1;

#[test]
fn the_bounds_of_a_day_by_hand() {
    assert_eq!(NEW_YEAR_2024_MS, 1_704_067_200_000);
    let first = Ulid::min_at_ms(NEW_YEAR_2024_MS).unwrap();
    let last = Ulid::max_at_ms(NEW_YEAR_2024_MS + 86_400_000 - 1).unwrap();
    // 48 bits of milliseconds above 80 bits of zeros, or of ones.
    assert_eq!(first.to_u128(), u128::from(NEW_YEAR_2024_MS) << 80);
    assert_eq!(
        last.to_u128(),
        (u128::from(NEW_YEAR_2024_MS + 86_399_999) << 80) | ((1 << 80) - 1)
    );
    // 1_704_067_200_000 in ten symbols of 5 bits: 0 1 H K 1 5 3 X 0 0.
    assert_eq!(first.to_string(), "01HK153X000000000000000000");
    assert_eq!(last.to_string(), "01HK3QGKZZZZZZZZZZZZZZZZZZ");
    assert_eq!(Ulid::min_at_ms(0), Ok(Ulid::MIN));
    assert_eq!(Ulid::max_at_ms(LAST_MS), Ok(Ulid::MAX));
}

#[test]
fn a_millisecond_past_48_bits_is_the_range_error() {
    let error = Error::TimestampOutOfRange {
        value: LAST_MS + 1,
        max: LAST_MS,
    };
    assert_eq!(Ulid::min_at_ms(LAST_MS + 1), Err(error));
    assert_eq!(Ulid::max_at_ms(LAST_MS + 1), Err(error));
    assert_eq!(
        Ulid::max_at_ms(u64::MAX),
        Err(Error::TimestampOutOfRange {
            value: u64::MAX,
            max: LAST_MS
        })
    );
}

proptest! {
    #[test]
    fn the_bounds_are_the_peer_s_ulids_of_no_random_bits_and_of_all(ms in 0..=LAST_MS) {
        let min = ulid_peer::Ulid::from_parts(ms, 0);
        // The peer keeps the low 80 bits of the random part: all of them ones.
        let max = ulid_peer::Ulid::from_parts(ms, u128::MAX);
        prop_assert_eq!(Ulid::min_at_ms(ms).unwrap().to_string(), min.to_string());
        prop_assert_eq!(Ulid::max_at_ms(ms).unwrap().to_string(), max.to_string());
    }

    #[test]
    fn every_ulid_of_the_millisecond_and_no_other_lies_between_them(
        ms in 1..LAST_MS,
        random in any::<u128>(),
    ) {
        let (min, max) = (Ulid::min_at_ms(ms).unwrap(), Ulid::max_at_ms(ms).unwrap());
        let inside: Ulid = ulid_peer::Ulid::from_parts(ms, random).to_string().parse().unwrap();
        prop_assert!(min <= inside && inside <= max);
        let before: Ulid = ulid_peer::Ulid::from_parts(ms - 1, random).to_string().parse().unwrap();
        let after: Ulid = ulid_peer::Ulid::from_parts(ms + 1, random).to_string().parse().unwrap();
        prop_assert!(before < min && max < after);
    }
}
