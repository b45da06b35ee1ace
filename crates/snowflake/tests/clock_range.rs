//! What a generator does with a wall clock outside the range a Snowflake id holds, with the
//! clock set there by `faketime`, in a process of this test binary of its own: before
//! 2024-01-01T00:00:00Z and after 2093-09-06T15:47:35.551Z, `generate` and `fill` return the
//! range error with the clock's reading, and the sequence does not move (`generate_at` with a
//! timestamp in range still serves the ids the rule predicts).
#![cfg(all(feature = "generate", unix))]

use snowflake::{EPOCH_MS, Error, SnowflakeId, SnowflakeIdGenerator};
use test_support::fresh::{self, FakeClock};

/// The checks, in a process whose clock is outside the range on the side `before`.
fn refuses_the_clock(before: bool) {
    let generator = SnowflakeIdGenerator::new(5).unwrap();
    let refused = |error: Error| match error {
        Error::TimestampOutOfRange { value, min, max } => {
            let outside = if before { value < min } else { value > max };
            outside && (min, max) == (EPOCH_MS, SnowflakeId::MAX_TIMESTAMP_MS)
        }
        _ => false,
    };
    assert!(refused(generator.generate().unwrap_err()));
    let mut untouched = [SnowflakeId::MIN; 3];
    assert!(refused(generator.fill(&mut untouched).unwrap_err()));
    assert_eq!(untouched, [SnowflakeId::MIN; 3]);
    // The sequence did not move: an explicit timestamp starts a fresh millisecond.
    let id = generator.generate_at(EPOCH_MS + 1_000).unwrap();
    assert_eq!((id.timestamp_ms(), id.sequence()), (EPOCH_MS + 1_000, 0));
    println!("refused, and the sequence did not move");
}

#[test]
fn a_clock_before_2024_is_the_range_error() {
    if fresh::is_fresh() {
        return refuses_the_clock(true);
    }
    // 2023-01-01T00:00:00Z: a year before the epoch, which the running clock does not reach.
    let clock = FakeClock::UnixSeconds(1_672_531_200);
    let out = fresh::run_at_clock("a_clock_before_2024_is_the_range_error", clock);
    assert!(
        out.contains("refused, and the sequence did not move"),
        "{out}"
    );
}

#[test]
fn a_clock_past_the_last_millisecond_is_the_range_error() {
    if fresh::is_fresh() {
        return refuses_the_clock(false);
    }
    // 2094-01-01T00:00:00Z.
    let clock = FakeClock::UnixSeconds(3_913_142_400);
    let name = "a_clock_past_the_last_millisecond_is_the_range_error";
    let out = fresh::run_at_clock(name, clock);
    assert!(
        out.contains("refused, and the sequence did not move"),
        "{out}"
    );
}
