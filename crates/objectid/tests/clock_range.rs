//! What generation from the wall clock does at each end of the range an ObjectId holds, with
//! the clock set there by `faketime`, in a process of this test binary of its own:
//!
//! - a clock before 1970 reads as the Unix epoch (the engine's rule): ids of second 0,
//!   strictly increasing, from every function;
//! - a clock past 2106-02-07T06:28:15Z: `generate` and `fill` give ids of that last second,
//!   strictly increasing (the counter goes on, as under a clock that stands still);
//!   `try_generate` and `try_fill` return the range error with the clock's reading and leave
//!   the sequence as it was.
#![cfg(all(feature = "generate", unix))]

use objectid::{Error, ObjectId};
use test_support::fresh::{self, FakeClock};

/// Whether `ids` are strictly increasing, all of second `s`.
fn increasing_at(ids: &[ObjectId], s: u64) -> bool {
    ids.windows(2).all(|pair| pair[0] < pair[1]) && ids.iter().all(|id| id.timestamp_s() == s)
}

#[test]
fn a_clock_past_the_last_second_gives_ids_of_it_or_the_range_error() {
    if !fresh::is_fresh() {
        // 2107-01-01T00:00:00Z.
        let clock = FakeClock::UnixSeconds(4_323_283_200);
        let out = fresh::run_at_clock(
            "a_clock_past_the_last_second_gives_ids_of_it_or_the_range_error",
            clock,
        );
        assert!(out.contains("1003 ids of the last second"), "{out}");
        return;
    }
    let last = ObjectId::MAX_TIMESTAMP_S;
    let refused = |error: Error| matches!(error, Error::TimestampOutOfRange { value, max } if value > last && max == last);
    // The checked functions refuse, and the sequence does not move.
    assert!(refused(objectid::try_generate().unwrap_err()));
    let mut untouched = [ObjectId::MIN; 3];
    assert!(refused(objectid::try_fill(&mut untouched).unwrap_err()));
    assert_eq!(untouched, [ObjectId::MIN; 3]);
    // The others serve the last second, in order.
    let mut ids = vec![objectid::generate(), objectid::generate()];
    let mut filled = [ObjectId::MIN; 1000];
    objectid::fill(&mut filled);
    ids.extend(filled);
    assert!(refused(objectid::try_generate().unwrap_err()));
    ids.push(objectid::generate());
    assert!(increasing_at(&ids, last), "{ids:?}");
    // Explicit timestamps are unchanged: the last one is made, the next one refused.
    assert_eq!(
        objectid::generate_at(last).map(|id| id.timestamp_s()),
        Ok(last)
    );
    assert!(objectid::generate_at(last + 1).is_err());
    println!("{} ids of the last second", ids.len());
}

#[test]
fn a_clock_before_1970_reads_as_the_epoch() {
    if !fresh::is_fresh() {
        let clock = FakeClock::Utc("1969-06-01 00:00:00");
        let out = fresh::run_at_clock("a_clock_before_1970_reads_as_the_epoch", clock);
        assert!(out.contains("1003 ids of second 0"), "{out}");
        return;
    }
    let mut ids = vec![objectid::generate(), objectid::try_generate().unwrap()];
    let mut filled = [ObjectId::MIN; 1000];
    objectid::fill(&mut filled);
    ids.extend(filled);
    objectid::try_fill(&mut filled[..1]).unwrap();
    ids.push(filled[0]);
    assert!(increasing_at(&ids, 0), "{ids:?}");
    println!("{} ids of second 0", ids.len());
}
