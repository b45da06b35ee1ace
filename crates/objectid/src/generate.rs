//! New ObjectIds: from the process-wide sequence, or for an explicit timestamp. Requires the
//! `std` feature (default).

use tick_sequence::{Start, TickSequence};

use crate::id::COUNTER_BITS;
use crate::{Error, ObjectId};

/// Seconds, and a 64-bit counter that starts at a random value on each new second.
static SEQUENCE: TickSequence = TickSequence::new(COUNTER_BITS, 1_000_000_000, Start::Random);

/// A new id from the process-wide sequence: greater than every id that [`generate`],
/// [`try_generate`], [`fill`] and [`try_fill`] returned before in this process, from any
/// thread. Requires the `std` feature (default).
///
/// The timestamp is the wall clock in seconds, and the counter starts at a random value on
/// each new second. The timestamp may run ahead of the clock (after the clock steps back, or
/// after 2^64 ids in one second); order and uniqueness never break, and a child created by
/// `fork` starts afresh: see [`tick_sequence`](tick_sequence#the-guarantee-and-its-scope).
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
/// Requires the `std` feature (default).
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
/// `std` feature (default).
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
/// let mut ids = [ObjectId::NIL; 1000];
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
/// `std` feature (default).
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
/// let mut ids = [ObjectId::NIL; 1000];
/// objectid::try_fill(&mut ids)?;
/// assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
/// # Ok::<(), objectid::Error>(())
/// ```
pub fn try_fill(out: &mut [ObjectId]) -> Result<(), Error> {
    SEQUENCE.try_fill_with(out, pack)
}

/// An id with the given timestamp (seconds since the Unix epoch) and a counter of 64 random
/// bits from a CSPRNG that is reseeded after `fork`. Requires the `std` feature (default).
///
/// These ids do not take part in the order of [`generate`]: two calls with the same timestamp
/// return ids in random order.
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
    //! The clock rule through the packing, with private sequences and explicit clock readings:
    //! the process-wide sequence reads the real clock, and its 64-bit counter cannot be
    //! exhausted in a test.

    use std::collections::HashSet;

    use super::*;

    const SECOND: u64 = 1_000_000_000;

    fn ids(sequence: &TickSequence, now: u64, count: usize) -> Vec<ObjectId> {
        (0..count)
            .map(|_| {
                let (tick, counter) = sequence.next_at(now);
                pack(tick, counter).unwrap()
            })
            .collect()
    }

    fn strictly_increasing(ids: &[ObjectId]) -> bool {
        ids.windows(2).all(|pair| pair[0] < pair[1])
    }

    #[test]
    fn the_pair_lands_in_the_two_fields() {
        let id = pack(1_350_336_377, 0xbcf8_6cd7_994f_6c0e).unwrap();
        assert_eq!(id.to_string(), "507c7f79bcf86cd7994f6c0e");
        let id = pack(ObjectId::MAX_TIMESTAMP_S, u128::from(u64::MAX)).unwrap();
        assert_eq!(id.to_bytes(), [0xFF; 12]);
    }

    #[test]
    fn counter_exhaustion_borrows_the_next_second() {
        // A 2-bit counter from zero: four ids per second, then the next second is borrowed.
        let sequence = TickSequence::new(2, SECOND, Start::Zero);
        let ids = ids(&sequence, 1_000, 6);
        let parts: Vec<_> = ids
            .iter()
            .map(|id| (id.timestamp_s(), id.counter()))
            .collect();
        assert_eq!(
            parts,
            [
                (1_000, 0),
                (1_000, 1),
                (1_000, 2),
                (1_000, 3),
                (1_001, 0),
                (1_001, 1)
            ]
        );
        assert!(strictly_increasing(&ids));
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
    fn clock_step_back_keeps_the_last_second_and_counts_on() {
        let sequence = TickSequence::new(COUNTER_BITS, SECOND, Start::Random);
        let before = ids(&sequence, 10_000, 3);
        // The clock steps back an hour: the timestamp runs ahead of it, order holds.
        let after = ids(&sequence, 10_000 - 3_600, 3);
        assert!(after.iter().all(|id| id.timestamp_s() == 10_000));
        assert_eq!(after[0].counter(), before[2].counter() + 1);
        let all: Vec<_> = before.into_iter().chain(after).collect();
        assert!(strictly_increasing(&all));
        // Once the clock passes the last second served, ids follow it again.
        assert_eq!(ids(&sequence, 10_001, 1)[0].timestamp_s(), 10_001);
    }

    #[test]
    fn clock_jump_forward_starts_the_new_second() {
        let sequence = TickSequence::new(COUNTER_BITS, SECOND, Start::Random);
        let before = ids(&sequence, 2_000, 3);
        let after = ids(&sequence, 2_000 + 86_400, 3);
        assert!(after.iter().all(|id| id.timestamp_s() == 2_000 + 86_400));
        let all: Vec<_> = before.into_iter().chain(after).collect();
        assert!(strictly_increasing(&all));
    }

    #[test]
    fn restart_with_lost_state_does_not_repeat_ids() {
        let old = TickSequence::new(COUNTER_BITS, SECOND, Start::Random);
        let before = ids(&old, 3_000, 10_000);
        // A restart: a new sequence knows nothing of the old one and starts fresh, in the
        // same second, at an independent random counter.
        let new = TickSequence::new(COUNTER_BITS, SECOND, Start::Random);
        let after = ids(&new, 3_000, 10_000);
        assert!(after.iter().all(|id| id.timestamp_s() == 3_000));
        assert!(strictly_increasing(&after));
        let old_ids: HashSet<_> = before.into_iter().collect();
        assert!(after.iter().all(|id| !old_ids.contains(id)));
    }

    #[test]
    fn independent_streams_merged_are_unique() {
        let streams: Vec<Vec<ObjectId>> = (0..8)
            .map(|_| {
                ids(
                    &TickSequence::new(COUNTER_BITS, SECOND, Start::Random),
                    4_000,
                    5_000,
                )
            })
            .collect();
        let merged: HashSet<_> = streams.iter().flatten().copied().collect();
        assert_eq!(merged.len(), 8 * 5_000);
    }

    /// 2025-06-01T12:00:00Z, in seconds.
    const T: u64 = 1_748_779_200;
    const HOUR: u64 = 3_600;

    fn next(sequence: &TickSequence, now: u64) -> ObjectId {
        let (tick, counter) = sequence.next_at(now);
        pack(tick, counter).unwrap()
    }

    /// The text of `id` in `buffer`, as bytes: byte order of ASCII text is string order.
    fn text(id: ObjectId, buffer: &mut [u8; 24]) -> [u8; 24] {
        id.encode(buffer);
        *buffer
    }

    #[test]
    fn a_ten_second_step_back_holds_the_timestamp_in_value_and_text_until_the_clock_passes_it() {
        let sequence = TickSequence::new(COUNTER_BITS, SECOND, Start::Random);
        let first = next(&sequence, T);
        let mut buffer = [0u8; 24];
        let (mut last, mut last_text) = (first, text(first, &mut buffer));
        // The clock steps back 10 s and walks forward 10 ms per id: 1,000 readings, all of
        // them 10 to 1 s behind. The 64-bit counter counts on from its random start (a borrow
        // within 1,001 steps of it: one time in 2^54).
        for step in 1..=1_000u64 {
            let now = T - 10 + (step - 1) / 100;
            let id = next(&sequence, now);
            assert_eq!(
                (id.timestamp_s(), id.counter()),
                (T, first.counter() + step)
            );
            let id_text = text(id, &mut buffer);
            assert!(id > last && id_text > last_text, "{id} after {last}");
            (last, last_text) = (id, id_text);
        }
        // The clock reaches T again: still T. Then it passes T: the timestamp follows it.
        let at_t = next(&sequence, T);
        assert_eq!(
            (at_t.timestamp_s(), at_t.counter()),
            (T, first.counter() + 1_001)
        );
        let passed = next(&sequence, T + 1);
        assert_eq!(passed.timestamp_s(), T + 1);
        assert!(passed > at_t && passed.to_string() > at_t.to_string());
        assert!(at_t > last);
    }

    #[test]
    fn a_one_hour_jump_forward_moves_the_timestamp_in_value_and_text() {
        let sequence = TickSequence::new(COUNTER_BITS, SECOND, Start::Random);
        let before = ids(&sequence, T, 10);
        let jumped = next(&sequence, T + HOUR);
        assert_eq!(jumped.timestamp_s(), T + HOUR);
        assert!(jumped > before[9]);
        assert!(jumped.to_string() > before[9].to_string());
        // A fresh random start, not the old counter counting on (equal one time in 2^64).
        assert_ne!(jumped.counter(), before[9].counter().wrapping_add(1));
        // The clock comes back to normal, an hour behind the last id: the timestamp holds.
        let after = next(&sequence, T + 1);
        assert_eq!(
            (after.timestamp_s(), after.counter()),
            (T + HOUR, jumped.counter() + 1)
        );
        assert!(after.to_string() > jumped.to_string());
    }

    #[test]
    fn a_clock_stuck_for_ten_million_ids_drifts_one_second_per_4096() {
        // A 12-bit counter from zero stands in for the 64-bit one, which cannot be exhausted
        // in a test (2^64 ids in one second): the same rule, packed the same way.
        const STUCK: u64 = 10_000_000;
        let sequence = TickSequence::new(12, SECOND, Start::Zero);
        let mut buffer = [0u8; 24];
        let mut last = next(&sequence, T);
        let mut checked_text = text(last, &mut buffer);
        for i in 1..STUCK {
            let id = next(&sequence, T);
            // Id i is the (i % 4096)th of second T + i / 4096.
            assert_eq!(
                id,
                ObjectId::from_parts(T + i / 4096, i % 4096).unwrap(),
                "id {i}"
            );
            // Strictly increasing, so all distinct.
            assert!(id > last, "id {i}: {id} after {last}");
            // The text too, on a subsequence that takes both sides of every borrowed second
            // (encoding every id would dominate the test in a debug build; the text of
            // consecutive ids within a second is checked in tests/generate.rs).
            if i.is_multiple_of(16) || i % 4096 == 4095 {
                let id_text = text(id, &mut buffer);
                assert!(id_text > checked_text, "id {i}: {id}");
                checked_text = id_text;
            }
            last = id;
        }
        // (10,000,000 - 1) / 4096 = 2441 (2441 × 4096 = 9,998,336): the last id is 2441 s
        // ahead of the stuck clock, with counter 9,999,999 - 9,998,336 = 1,663.
        assert_eq!(last.timestamp_s(), T + (STUCK - 1) / 4096);
        assert_eq!((last.timestamp_s() - T, last.counter()), (2_441, 1_663));
    }
}
