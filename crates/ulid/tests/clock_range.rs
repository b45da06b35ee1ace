//! What generation from the wall clock does at each end of the range a ULID holds, with the
//! clock set there by `faketime`, in a process of this test binary of its own:
//!
//! - a clock before 1970 reads as the Unix epoch (the engine's rule): ids of millisecond 0,
//!   strictly increasing, from every function;
//! - a clock past 10889-08-02T05:31:50.655Z: `generate` and `fill` give ids of that last
//!   millisecond, strictly increasing (the counter goes on, as under a clock that stands
//!   still); `try_generate` and `try_fill` return the range error with the clock's reading and
//!   leave the sequence as it was.
#![cfg(all(feature = "generate", unix))]

use test_support::fresh::{self, FakeClock};
use ulid::{Error, Ulid};

/// Whether `ids` are strictly increasing, all of millisecond `ms`.
fn increasing_at(ids: &[Ulid], ms: u64) -> bool {
    ids.windows(2).all(|pair| pair[0] < pair[1]) && ids.iter().all(|id| id.timestamp_ms() == ms)
}

#[test]
fn a_clock_past_the_last_millisecond_gives_ids_of_it_or_the_range_error() {
    if !fresh::is_fresh() {
        // 10890-01-01T00:00:00Z.
        let clock = FakeClock::UnixSeconds(281_488_089_600);
        let out = fresh::run_at_clock(
            "a_clock_past_the_last_millisecond_gives_ids_of_it_or_the_range_error",
            clock,
        );
        assert!(out.contains("1003 ids of the last millisecond"), "{out}");
        return;
    }
    let last = Ulid::MAX_TIMESTAMP_MS;
    let refused = |error: Error| matches!(error, Error::TimestampOutOfRange { value, max } if value > last && max == last);
    // The checked functions refuse, and the sequence does not move.
    assert!(refused(ulid::try_generate().unwrap_err()));
    let mut untouched = [Ulid::MIN; 3];
    assert!(refused(ulid::try_fill(&mut untouched).unwrap_err()));
    assert_eq!(untouched, [Ulid::MIN; 3]);
    // The others serve the last millisecond, in order.
    let mut ids = vec![ulid::generate(), ulid::generate()];
    let mut filled = [Ulid::MIN; 1000];
    ulid::fill(&mut filled);
    ids.extend(filled);
    assert!(refused(ulid::try_generate().unwrap_err()));
    ids.push(ulid::generate());
    assert!(increasing_at(&ids, last), "{ids:?}");
    // Explicit timestamps are unchanged: the last one is made, the next one refused.
    assert_eq!(
        ulid::generate_at(last).map(|id| id.timestamp_ms()),
        Ok(last)
    );
    assert!(ulid::generate_at(last + 1).is_err());
    println!("{} ids of the last millisecond", ids.len());
}

#[test]
fn a_clock_before_1970_reads_as_the_epoch() {
    if !fresh::is_fresh() {
        let clock = FakeClock::Utc("1969-06-01 00:00:00");
        let out = fresh::run_at_clock("a_clock_before_1970_reads_as_the_epoch", clock);
        assert!(out.contains("1003 ids of millisecond 0"), "{out}");
        return;
    }
    let mut ids = vec![ulid::generate(), ulid::try_generate().unwrap()];
    let mut filled = [Ulid::MIN; 1000];
    ulid::fill(&mut filled);
    ids.extend(filled);
    ulid::try_fill(&mut filled[..1]).unwrap();
    ids.push(filled[0]);
    assert!(increasing_at(&ids, 0), "{ids:?}");
    println!("{} ids of millisecond 0", ids.len());
}
