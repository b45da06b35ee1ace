//! New ObjectIds: from the process-wide sequence, or for an explicit timestamp. Requires the
//! `generate` feature (default).

use core::convert::Infallible;

use tick_sequence::{Policy, Start, TickSequence};

use crate::id::COUNTER_BITS;
use crate::{Error, ObjectId};

/// The length of a tick: the unit of the timestamp.
const TICK_NS: u64 = 1_000_000_000;

/// Seconds, and a 64-bit counter that starts at a random value on each new second.
static SEQUENCE: TickSequence = TickSequence::new(COUNTER_BITS, TICK_NS, Start::Random);

/// How [`generate`] and [`fill`] make ids: the layout, the clock, the counter method and the
/// rule when the clock steps back or a counter is exhausted, with this crate's version. Store
/// it beside ids when a reader will need to know how they were made: an id does not say.
/// Requires the `generate` feature (default).
///
/// ```
/// assert_eq!(objectid::POLICY.counter_bits, 64);
/// assert_eq!(objectid::POLICY.rule_version, 1);
/// println!("{}", objectid::POLICY); // one line
/// ```
pub const POLICY: Policy = Policy::new(
    "ObjectId",
    "32-bit Unix seconds, 64-bit counter (where MongoDB has a per-process random value and a 3-byte counter)",
    1,
    "a random start in each new second, + 1 per id",
    COUNTER_BITS,
    TICK_NS,
    Start::Random,
    env!("CARGO_PKG_NAME"),
    env!("CARGO_PKG_VERSION"),
);

/// A new id from the process-wide sequence: greater than every id that [`generate`],
/// [`try_generate`], [`fill`] and [`try_fill`] returned before in this process, from any
/// thread. Requires the `generate` feature (default).
///
/// The timestamp is the wall clock in seconds, and the counter starts at a random value on
/// each new second. The timestamp may run ahead of the clock (after the clock steps back, or
/// after 2^64 ids in one second); order and uniqueness never break, and a child created by
/// `fork` starts afresh: see [`tick_sequence`](tick_sequence#the-guarantee-and-its-scope).
///
/// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
///
/// # The ends of the range
///
/// Whatever the clock reads, ids stay unique and strictly increasing:
///
/// - a clock before 1970 reads as the Unix epoch (the engine's rule): ids of second 0;
/// - a clock past the last second an ObjectId holds, 2106-02-07T06:28:15Z, reads as that
///   second: the ids stay unique and strictly increasing, their timestamp stays there and
///   the counter goes on, as under a clock that stands still ([`try_generate`] returns the
///   error instead);
/// - once the counter of that last second is used up too, no larger ObjectId exists: `generate`
///   panics, naming the error [`try_generate`] returns, rather than repeat an id.
///
/// # Examples
///
/// ```
/// let first = objectid::generate();
/// let second = objectid::generate();
/// assert!(second > first);
/// assert!(second.to_string() > first.to_string());
/// assert!(first.timestamp_s() > 1_700_000_000);
/// ```
#[must_use]
pub fn generate() -> ObjectId {
    let (tick, counter) = match SEQUENCE.try_next_with(clamp) {
        Ok(pair) => pair,
        Err(never) => match never {},
    };
    pack(tick, counter).unwrap_or_else(|error| used_up(&error))
}

/// [`generate`], with an error instead of an id of the last second when the clock is past
/// the range. Requires the `generate` feature (default).
///
/// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
///
/// # Errors
///
/// [`Error::TimestampOutOfRange`] with the clock's reading if the clock is past
/// 2106-02-07T06:28:15Z (the reading is then ignored: the sequence does not move), or with the next
/// second if the counter of that last second is used up. A clock before 1970 is no
/// error: it reads as the Unix epoch.
///
/// # Examples
///
/// ```
/// let id = objectid::try_generate()?;
/// assert!(id < objectid::try_generate()?);
/// # Ok::<(), objectid::Error>(())
/// ```
pub fn try_generate() -> Result<ObjectId, Error> {
    let (tick, counter) = SEQUENCE.try_next_with(within_range)?;
    pack(tick, counter)
}

/// Fills `out` with new ids from the process-wide sequence, in increasing order: the same ids
/// as `out.len()` calls to [`generate`] with one clock reading, under one lock. Requires the
/// `generate` feature (default).
///
/// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
///
/// At the ends of the range, as [`generate`]: a clock past the range fills `out` with ids of
/// its last second, and if that second's counter runs out during the fill, `fill` panics
/// rather than repeat an id ([`try_fill`] returns the error).
///
/// # Examples
///
/// ```
/// use objectid::ObjectId;
///
/// let mut ids = [ObjectId::MIN; 1000];
/// objectid::fill(&mut ids);
/// assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
/// ```
pub fn fill(out: &mut [ObjectId]) {
    // An empty batch reads no clock and takes no lock.
    if !out.is_empty() {
        fill_clamped(&SEQUENCE, SEQUENCE.now_tick(), out);
    }
}

/// [`fill`], with an error instead of ids of the last second when the clock is past the
/// range. The ids before the one that failed are served; the rest of `out` is left as it was.
/// Requires the `generate` feature (default).
///
/// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
///
/// # Errors
///
/// [`Error::TimestampOutOfRange`], as [`try_generate`]: for a clock past the range, before
/// any id is made (`out` is left as it was, the sequence does not move).
///
/// # Examples
///
/// ```
/// use objectid::ObjectId;
///
/// let mut ids = [ObjectId::MIN; 1000];
/// objectid::try_fill(&mut ids)?;
/// assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
/// # Ok::<(), objectid::Error>(())
/// ```
pub fn try_fill(out: &mut [ObjectId]) -> Result<(), Error> {
    if out.is_empty() {
        return Ok(());
    }
    fill_checked(&SEQUENCE, SEQUENCE.now_tick(), out)
}

/// An id with the given timestamp (seconds since the Unix epoch) and a counter of 64 random
/// bits from a CSPRNG that is reseeded after `fork`. Requires the `generate` feature (default).
///
/// These ids do not take part in the order of [`generate`]: two calls with the same timestamp
/// return ids in random order.
///
/// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
///
/// # Errors
///
/// [`Error::TimestampOutOfRange`] if `timestamp_s` is above [`ObjectId::MAX_TIMESTAMP_S`]
/// (2106-02-07T06:28:15Z).
///
/// # Examples
///
/// ```
/// use objectid::{Error, ObjectId};
///
/// let id = objectid::generate_at(1_350_336_377)?;
/// assert!(id.to_string().starts_with("507c7f79"));
///
/// assert_eq!(
///     objectid::generate_at(1 << 32),
///     Err(Error::TimestampOutOfRange { value: 1 << 32, max: ObjectId::MAX_TIMESTAMP_S })
/// );
/// # Ok::<(), Error>(())
/// ```
pub fn generate_at(timestamp_s: u64) -> Result<ObjectId, Error> {
    // 64 bits requested: the cast keeps them all.
    ObjectId::from_parts(timestamp_s, tick_sequence::random_bits(COUNTER_BITS) as u64)
}

/// The id of a pair of the sequence: the tick, which a borrowed second can push past 32
/// bits, is checked; the counter has at most 64 bits by construction.
#[inline]
pub(crate) fn pack(tick: u64, counter: u128) -> Result<ObjectId, Error> {
    ObjectId::from_parts(tick, counter as u64)
}

/// What [`generate`] serves from `sequence` at the clock reading `now_s`: a reading past the
/// range counts as its last second, and past that, when nothing is left, a panic.
#[cfg(test)]
fn clamped(sequence: &TickSequence, now_s: u64) -> ObjectId {
    let (tick, counter) = sequence.next_at(now_s.min(ObjectId::MAX_TIMESTAMP_S));
    pack(tick, counter).unwrap_or_else(|error| used_up(&error))
}

/// What [`try_generate`] serves from `sequence` at the clock reading `now_s`: a reading past
/// the range is refused before the sequence sees it, so that it never moves past the range.
#[cfg(test)]
fn checked(sequence: &TickSequence, now_s: u64) -> Result<ObjectId, Error> {
    let now_s = within_range(now_s)?;
    let (tick, counter) = sequence.next_at(now_s);
    pack(tick, counter)
}

/// [`fill`]'s ids from `sequence` at the clock reading `now_s`, as [`clamped`] makes them; if
/// the last counter of the last second runs out during the fill, a panic ([`used_up`]).
fn fill_clamped(sequence: &TickSequence, now_s: u64, out: &mut [ObjectId]) {
    // The engine's fallible fill, whose error costs nothing per id; the closure of an
    // infallible fill that saturated each id cost about two instructions an id.
    if let Err(error) = sequence.try_fill_with_at(now_s.min(ObjectId::MAX_TIMESTAMP_S), out, pack) {
        used_up(&error);
    }
}

/// The end of the range: every id of the last second a ObjectId holds is used up, and no larger
/// one exists. A panic rather than an id served twice.
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn used_up(error: &Error) -> ! {
    panic!(
        "no ObjectId is left to make: {error}, and every id of the last second of the range is \
         used up (try_generate and try_fill return this error instead)"
    )
}

/// [`try_fill`]'s ids from `sequence` at the clock reading `now_s`, as [`checked`] makes them.
fn fill_checked(sequence: &TickSequence, now_s: u64, out: &mut [ObjectId]) -> Result<(), Error> {
    let now_s = within_range(now_s)?;
    sequence.try_fill_with_at(now_s, out, pack)
}

/// The clock reading `now_s`, or the last second of the range for a reading past it: what
/// [`generate`] and [`fill`] make ids of.
#[inline]
pub(crate) fn clamp(now_s: u64) -> Result<u64, Infallible> {
    Ok(now_s.min(ObjectId::MAX_TIMESTAMP_S))
}

/// The clock reading `now_s` if an ObjectId holds it; the range error otherwise.
#[inline]
pub(crate) fn within_range(now_s: u64) -> Result<u64, Error> {
    if now_s > ObjectId::MAX_TIMESTAMP_S {
        return Err(Error::TimestampOutOfRange {
            value: now_s,
            max: ObjectId::MAX_TIMESTAMP_S,
        });
    }
    Ok(now_s)
}

#[cfg(test)]
mod tests {
    //! The packing, its range and the clock faults, with private sequences and explicit clock
    //! readings: the process-wide sequence reads the real clock, and its 64-bit counter cannot
    //! be exhausted in a test.

    use std::prelude::rust_2024::*;

    use std::collections::HashSet;

    use test_support::clock_faults::Format;

    use super::*;

    /// `make` panics, saying that no id is left to make.
    fn assert_used_up(make: impl FnOnce()) {
        let panic = std::panic::catch_unwind(std::panic::AssertUnwindSafe(make))
            .expect_err("a panic, not an id served twice");
        let message = panic
            .downcast_ref::<std::string::String>()
            .expect("the panic's message is a formatted string");
        assert!(message.contains("is left to make"), "{message}");
    }

    const SECOND: u64 = 1_000_000_000;

    /// ObjectIds to the clock-fault suite: seconds, 64-bit random starts, and the text.
    const OBJECT_ID: Format<ObjectId> =
        Format::new(1, |id: ObjectId| (id.timestamp_s(), id.counter().into()))
            .random_starts(COUNTER_BITS)
            .text(|id| id.to_string());

    fn random_sequence() -> TickSequence {
        TickSequence::new(COUNTER_BITS, SECOND, Start::Random)
    }

    /// What [`try_generate`] would serve from `sequence`, with the clock as an argument.
    fn served_by(sequence: &TickSequence) -> impl FnMut(u64) -> Result<ObjectId, Error> + '_ {
        move |now_s| {
            let (tick, counter) = sequence.next_at(now_s);
            pack(tick, counter)
        }
    }

    fn ids(sequence: &TickSequence, now: u64, count: usize) -> Vec<ObjectId> {
        let mut next = served_by(sequence);
        (0..count).map(|_| next(now).unwrap()).collect()
    }

    #[test]
    fn the_pair_lands_in_the_two_fields() {
        let id = pack(1_350_336_377, 0xbcf8_6cd7_994f_6c0e).unwrap();
        assert_eq!(id.to_string(), "507c7f79bcf86cd7994f6c0e");
        let id = pack(ObjectId::MAX_TIMESTAMP_S, u128::from(u64::MAX)).unwrap();
        assert_eq!(id.to_bytes(), [0xFF; 12]);
    }

    #[test]
    fn a_step_back_a_jump_forward_and_a_stuck_clock_serve_the_ids_the_rule_predicts() {
        OBJECT_ID.step_back(served_by(&random_sequence()));
        OBJECT_ID.jump_forward(served_by(&random_sequence()));
        // A 12-bit counter from zero stands in for the 64-bit one, which cannot be exhausted
        // in a test: the same rule, packed the same way.
        OBJECT_ID.stuck(4096, served_by(&TickSequence::new(12, SECOND, Start::Zero)));
    }

    #[test]
    fn a_borrowed_second_past_2106_is_an_error() {
        let sequence = TickSequence::new(1, SECOND, Start::Zero);
        let (tick, counter) = sequence.next_at(ObjectId::MAX_TIMESTAMP_S);
        assert_eq!(
            pack(tick, counter).map(ObjectId::timestamp_s),
            Ok(ObjectId::MAX_TIMESTAMP_S)
        );
        let (tick, counter) = sequence.next_at(ObjectId::MAX_TIMESTAMP_S);
        assert!(pack(tick, counter).is_ok());
        let (tick, counter) = sequence.next_at(ObjectId::MAX_TIMESTAMP_S);
        assert_eq!(
            pack(tick, counter),
            Err(Error::TimestampOutOfRange {
                value: ObjectId::MAX_TIMESTAMP_S + 1,
                max: ObjectId::MAX_TIMESTAMP_S
            })
        );
    }

    #[test]
    fn a_clock_past_the_range_reads_as_its_last_second_for_generate_and_fill() {
        let last = ObjectId::MAX_TIMESTAMP_S;
        let sequence = random_sequence();
        let mut ids = vec![clamped(&sequence, last + 1), clamped(&sequence, u64::MAX)];
        let mut filled = [ObjectId::MIN; 100];
        fill_clamped(&sequence, last + 7, &mut filled);
        ids.extend(filled);
        assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(ids.iter().all(|id| id.timestamp_s() == last));
    }

    #[test]
    fn a_clock_past_the_range_is_refused_by_try_generate_and_the_sequence_does_not_move() {
        let last = ObjectId::MAX_TIMESTAMP_S;
        let sequence = TickSequence::new(12, SECOND, Start::Zero);
        assert_eq!(checked(&sequence, 5).map(|id| id.counter()), Ok(0));
        let error = Error::TimestampOutOfRange {
            value: last + 1,
            max: last,
        };
        assert_eq!(checked(&sequence, last + 1), Err(error));
        let mut untouched = [ObjectId::MIN; 3];
        assert_eq!(
            fill_checked(&sequence, last + 1, &mut untouched),
            Err(error)
        );
        assert_eq!(untouched, [ObjectId::MIN; 3]);
        // The refused readings left the sequence where it was: second 5, counter 0.
        assert_eq!(checked(&sequence, 5), ObjectId::from_parts(5, 1));
    }

    #[test]
    fn past_the_last_counter_of_the_last_second_generate_panics_rather_than_repeat_an_id() {
        // A 1-bit counter from zero stands in for the real one: two ids a second.
        let last = ObjectId::MAX_TIMESTAMP_S;
        let sequence = TickSequence::new(1, SECOND, Start::Zero);
        assert_eq!(
            clamped(&sequence, last + 1),
            ObjectId::from_parts(last, 0).unwrap()
        );
        assert_eq!(
            clamped(&sequence, last + 1),
            ObjectId::from_parts(last, 1).unwrap()
        );
        // Nothing is left: a panic that says so, never an id served twice.
        assert_used_up(|| {
            clamped(&sequence, last + 1);
        });
        assert_used_up(|| {
            fill_clamped(&sequence, last, &mut [ObjectId::MIN; 2]);
        });
        // A fill during which the counter runs out.
        let fresh = TickSequence::new(1, SECOND, Start::Zero);
        assert_used_up(|| {
            fill_clamped(&fresh, last + 1, &mut [ObjectId::MIN; 3]);
        });
        // The checked function says why instead.
        assert!(matches!(
            checked(&sequence, last),
            Err(Error::TimestampOutOfRange { value, .. }) if value > last
        ));
    }

    #[test]
    fn restart_with_lost_state_does_not_repeat_ids() {
        let old = random_sequence();
        let before = ids(&old, 3_000, 10_000);
        // A restart: a new sequence knows nothing of the old one and starts fresh, in the
        // same second, at an independent random counter.
        let new = random_sequence();
        let after = ids(&new, 3_000, 10_000);
        assert!(after.iter().all(|id| id.timestamp_s() == 3_000));
        assert!(after.windows(2).all(|pair| pair[0] < pair[1]));
        let old_ids: HashSet<_> = before.into_iter().collect();
        assert!(after.iter().all(|id| !old_ids.contains(id)));
    }

    #[test]
    fn independent_streams_merged_are_unique() {
        let streams: Vec<Vec<ObjectId>> = (0..8)
            .map(|_| ids(&random_sequence(), 4_000, 5_000))
            .collect();
        let merged: HashSet<_> = streams.iter().flatten().copied().collect();
        assert_eq!(merged.len(), 8 * 5_000);
    }
}
