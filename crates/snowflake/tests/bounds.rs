//! The smallest and the largest Snowflake id of a millisecond (`min_at_ms`, `max_at_ms`),
//! against the `snowflaked` crate (an independent implementation of the same 41/10/12 layout)
//! and against arithmetic done by hand.

use proptest::prelude::*;
use snowflake::{Error, SnowflakeId};
use snowflaked::Snowflake;

/// 2024-01-01T00:00:00Z, the epoch: 19,723 days of 86,400,000 ms after the Unix epoch.
const EPOCH_BY_HAND: u64 = 19_723 * 86_400_000;
/// 41 bits of milliseconds after the epoch.
const LAST_MS: u64 = EPOCH_BY_HAND + (1 << 41) - 1;

#[test]
fn the_bounds_of_a_day_by_hand() {
    // The first day of the epoch: ids 0 to (86_399_999 << 22) | (1023 << 12) | 4095.
    let first = SnowflakeId::min_at_ms(EPOCH_BY_HAND).unwrap();
    let last = SnowflakeId::max_at_ms(EPOCH_BY_HAND + 86_400_000 - 1).unwrap();
    assert_eq!(first.to_u64(), 0);
    assert_eq!(last.to_u64(), 362_387_865_599_999);
    assert_eq!(last.to_u64(), (86_399_999 << 22) + 4_194_303);
    // The second day starts just above.
    let next = SnowflakeId::min_at_ms(EPOCH_BY_HAND + 86_400_000).unwrap();
    assert_eq!(next.to_u64(), last.to_u64() + 1);
    assert_eq!(
        SnowflakeId::max_at_ms(LAST_MS).unwrap().to_u64(),
        (1 << 63) - 1
    );
}

#[test]
fn an_instant_outside_the_41_bits_is_the_range_error() {
    for ms in [0, EPOCH_BY_HAND - 1, LAST_MS + 1, u64::MAX] {
        let error = Error::TimestampOutOfRange {
            value: ms,
            min: EPOCH_BY_HAND,
            max: LAST_MS,
        };
        assert_eq!(SnowflakeId::min_at_ms(ms), Err(error));
        assert_eq!(SnowflakeId::max_at_ms(ms), Err(error));
    }
}

proptest! {
    #[test]
    fn the_bounds_are_snowflaked_s_ids_of_no_worker_and_sequence_and_of_the_largest(
        ms in EPOCH_BY_HAND..=LAST_MS,
    ) {
        let offset = ms - EPOCH_BY_HAND;
        let min = <u64 as Snowflake>::from_parts(offset, 0, 0);
        let max = <u64 as Snowflake>::from_parts(offset, 1023, 4095);
        prop_assert_eq!(SnowflakeId::min_at_ms(ms).unwrap().to_u64(), min);
        prop_assert_eq!(SnowflakeId::max_at_ms(ms).unwrap().to_u64(), max);
    }

    #[test]
    fn every_id_of_the_millisecond_and_no_other_lies_between_them(
        ms in EPOCH_BY_HAND + 1..LAST_MS,
        worker in 0..=1023u64,
        sequence in 0..=4095u64,
    ) {
        let (min, max) = (SnowflakeId::min_at_ms(ms).unwrap(), SnowflakeId::max_at_ms(ms).unwrap());
        let at = |ms: u64| {
            let id = <u64 as Snowflake>::from_parts(ms - EPOCH_BY_HAND, worker, sequence);
            SnowflakeId::try_from(id).unwrap()
        };
        prop_assert!(min <= at(ms) && at(ms) <= max);
        prop_assert!(at(ms - 1) < min && max < at(ms + 1));
    }
}
