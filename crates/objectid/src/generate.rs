//! New ObjectIds: from the process-wide sequence, or for an explicit timestamp. Requires the
//! `generate` feature (default).

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
/// # Panics
///
/// If the timestamp leaves 32 bits: a system clock past 2106-02-07T06:28:15Z, or a counter
/// exhausted in the last second of that range. The panic is raised after the sequence's lock
/// is released; [`try_generate`] returns the error instead.
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
    try_generate().unwrap_or_else(|error| out_of_range(error))
}

/// [`generate`], with an error instead of a panic when the timestamp leaves 32 bits.
/// Requires the `generate` feature (default).
///
/// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
///
/// # Errors
///
/// [`Error::TimestampOutOfRange`] if the clock, or a second borrowed ahead of it, is past
/// 2106-02-07T06:28:15Z.
///
/// # Examples
///
/// ```
/// let id = objectid::try_generate()?;
/// assert!(id < objectid::try_generate()?);
/// # Ok::<(), objectid::Error>(())
/// ```
pub fn try_generate() -> Result<ObjectId, Error> {
    let (tick, counter) = SEQUENCE.next();
    pack(tick, counter)
}

/// Fills `out` with new ids from the process-wide sequence, in increasing order: the same ids
/// as `out.len()` calls to [`generate`] with one clock reading, under one lock. Requires the
/// `generate` feature (default).
///
/// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
///
/// # Panics
///
/// As [`generate`]: if the timestamp leaves 32 bits, after the lock is released.
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
    if let Err(error) = try_fill(out) {
        out_of_range(error);
    }
}

/// [`fill`], with an error instead of a panic when the timestamp leaves 32 bits. The ids
/// before the one that failed are served; the rest of `out` is left as it was. Requires the
/// `generate` feature (default).
///
/// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
///
/// # Errors
///
/// [`Error::TimestampOutOfRange`], as [`try_generate`].
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
    SEQUENCE.try_fill_with(out, pack)
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
fn pack(tick: u64, counter: u128) -> Result<ObjectId, Error> {
    ObjectId::from_parts(tick, counter as u64)
}

/// The panic that [`generate`] and [`fill`] document, raised after the lock is released:
/// the tick has left 32 bits.
#[cold]
#[inline(never)]
fn out_of_range(error: Error) -> ! {
    panic!("objectid: the clock is past the last second an ObjectId holds: {error}")
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
    #[should_panic(expected = "past the last second an ObjectId holds")]
    fn serving_past_2106_panics() {
        out_of_range(pack(ObjectId::MAX_TIMESTAMP_S + 1, 0).unwrap_err());
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
