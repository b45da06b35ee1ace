//! New ULIDs: from the process-wide sequence, or for an explicit timestamp. Requires the
//! `std` feature (default).

use tick_sequence::{Start, TickSequence};

use crate::id::COUNTER_BITS;
use crate::{Error, Ulid};

/// Milliseconds, and an 80-bit counter that starts at a random value on each new millisecond.
static SEQUENCE: TickSequence = TickSequence::new(COUNTER_BITS, 1_000_000, Start::Random);

/// A new ULID from the process-wide sequence: greater than every ULID that [`generate`],
/// [`try_generate`], [`fill`] and [`try_fill`] returned before in this process, from any
/// thread. Requires the `std` feature (default).
///
/// The timestamp is the wall clock in milliseconds, and the counter starts at a random value
/// on each new millisecond. The timestamp may run ahead of the clock (after the clock steps
/// back, or after 2^80 ids in one millisecond); order and uniqueness never break, and a child
/// created by `fork` starts afresh: see
/// [`tick_sequence`](tick_sequence#the-guarantee-and-its-scope).
///
/// # Panics
///
/// If the timestamp leaves 48 bits: a system clock past 10889-08-02T05:31:50.655Z, or a
/// counter exhausted in the last millisecond of that range. The panic is raised after the
/// sequence's lock is released; [`try_generate`] returns the error instead.
///
/// # Examples
///
/// ```
/// let first = ulid::generate();
/// let second = ulid::generate();
/// assert!(first < second);
/// assert!(first.timestamp_ms() <= second.timestamp_ms());
/// ```
#[must_use]
pub fn generate() -> Ulid {
    try_generate().unwrap_or_else(|error| out_of_range(error))
}

/// [`generate`], with an error instead of a panic when the timestamp leaves 48 bits.
/// Requires the `std` feature (default).
///
/// # Errors
///
/// [`Error::TimestampOutOfRange`] if the clock, or a millisecond borrowed ahead of it, is
/// past 10889-08-02T05:31:50.655Z.
///
/// # Examples
///
/// ```
/// let id = ulid::try_generate()?;
/// assert!(id < ulid::try_generate()?);
/// # Ok::<(), ulid::Error>(())
/// ```
pub fn try_generate() -> Result<Ulid, Error> {
    let (tick, counter) = SEQUENCE.next();
    pack(tick, counter)
}

/// Fills `out` with new ULIDs from the process-wide sequence, in increasing order: the same
/// ids as `out.len()` calls to [`generate`] with one clock reading, under one lock. Requires
/// the `std` feature (default).
///
/// # Panics
///
/// As [`generate`]: if the timestamp leaves 48 bits, after the lock is released.
///
/// # Examples
///
/// ```
/// let mut ids = [ulid::Ulid::NIL; 1000];
/// ulid::fill(&mut ids);
/// assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
/// ```
pub fn fill(out: &mut [Ulid]) {
    if let Err(error) = try_fill(out) {
        out_of_range(error);
    }
}

/// [`fill`], with an error instead of a panic when the timestamp leaves 48 bits. The ids
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
/// let mut ids = [ulid::Ulid::NIL; 1000];
/// ulid::try_fill(&mut ids)?;
/// assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
/// # Ok::<(), ulid::Error>(())
/// ```
pub fn try_fill(out: &mut [Ulid]) -> Result<(), Error> {
    SEQUENCE.try_fill_with(out, pack)
}

/// A ULID with the given timestamp (milliseconds since the Unix epoch) and 80 random bits
/// from a CSPRNG that is reseeded after `fork`. Requires the `std` feature (default).
///
/// These ids do not take part in the order of [`generate`]: two calls with the same timestamp
/// return ids in random order.
///
/// # Errors
///
/// [`Error::TimestampOutOfRange`] if `timestamp_ms` is above
/// [`Ulid::MAX_TIMESTAMP_MS`].
///
/// # Examples
///
/// ```
/// let id = ulid::generate_at(1_469_922_850_259)?;
/// assert_eq!(id.timestamp_ms(), 1_469_922_850_259);
/// assert_eq!(id.to_string()[..10], *"01ARZ3NDEK");
///
/// assert!(ulid::generate_at(1 << 48).is_err());
/// # Ok::<(), ulid::Error>(())
/// ```
pub fn generate_at(timestamp_ms: u64) -> Result<Ulid, Error> {
    Ulid::from_parts(timestamp_ms, tick_sequence::random_bits(COUNTER_BITS))
}

/// The ULID of a pair of the sequence: the tick, which a borrowed millisecond can push past
/// 48 bits, is checked; the counter has at most 80 bits by construction.
#[inline]
fn pack(tick: u64, counter: u128) -> Result<Ulid, Error> {
    if tick > Ulid::MAX_TIMESTAMP_MS {
        return Err(Error::TimestampOutOfRange {
            value: tick,
            max: Ulid::MAX_TIMESTAMP_MS,
        });
    }
    Ok(Ulid::from_u128(((tick as u128) << COUNTER_BITS) | counter))
}

/// The panic that [`generate`] and [`fill`] document, raised after the lock is released:
/// the tick has left 48 bits.
#[cold]
#[inline(never)]
fn out_of_range(error: Error) -> ! {
    panic!("ulid: the system clock has left the ULID range: {error}")
}

#[cfg(test)]
mod tests {
    //! The clock rule through the packing, with private sequences and explicit clock
    //! readings: the process-wide sequence reads the real clock, and its 80-bit counter cannot
    //! be exhausted through the public API (2^80 ids in one millisecond).

    use super::*;

    const MS: u64 = 1_000_000;

    fn ulid_sequence() -> TickSequence {
        TickSequence::new(COUNTER_BITS, MS, Start::Random)
    }

    fn next(sequence: &TickSequence, now_ms: u64) -> Ulid {
        let (tick, counter) = sequence.next_at(now_ms);
        pack(tick, counter).unwrap()
    }

    #[test]
    fn the_pair_becomes_timestamp_and_random() {
        assert_eq!(pack(1, 2).unwrap().to_u128(), (1 << 80) | 2);
        assert_eq!(
            pack(Ulid::MAX_TIMESTAMP_MS, Ulid::MAX_COUNTER)
                .unwrap()
                .to_u128(),
            u128::MAX
        );
    }

    #[test]
    fn same_millisecond_ids_increment_the_random_part() {
        let sequence = ulid_sequence();
        let first = next(&sequence, 1_000);
        for step in 1..=100 {
            let id = next(&sequence, 1_000);
            assert_eq!(id.timestamp_ms(), 1_000);
            assert_eq!(id.random(), first.random() + step);
        }
    }

    #[test]
    fn counter_exhaustion_borrows_the_next_millisecond() {
        // A 2-bit counter stands for the 80-bit one: 4 ids per millisecond, then the next
        // millisecond is borrowed and shows in the timestamp.
        let sequence = TickSequence::new(2, MS, Start::Zero);
        let ids: Vec<Ulid> = (0..6).map(|_| next(&sequence, 500)).collect();
        let parts: Vec<(u64, u128)> = ids
            .iter()
            .map(|id| (id.timestamp_ms(), id.random()))
            .collect();
        assert_eq!(
            parts,
            [(500, 0), (500, 1), (500, 2), (500, 3), (501, 0), (501, 1)]
        );
        assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[test]
    fn a_borrowed_tick_past_48_bits_is_an_error_not_a_wrap() {
        let sequence = TickSequence::new(1, MS, Start::Zero);
        assert_eq!(next(&sequence, Ulid::MAX_TIMESTAMP_MS).random(), 0);
        assert_eq!(next(&sequence, Ulid::MAX_TIMESTAMP_MS).random(), 1);
        let (tick, counter) = sequence.next_at(Ulid::MAX_TIMESTAMP_MS);
        assert_eq!(
            pack(tick, counter),
            Err(Error::TimestampOutOfRange {
                value: Ulid::MAX_TIMESTAMP_MS + 1,
                max: Ulid::MAX_TIMESTAMP_MS
            })
        );
    }

    #[test]
    fn a_clock_past_48_bits_is_the_panic_that_generate_documents() {
        let sequence = ulid_sequence();
        let (tick, counter) = sequence.next_at(Ulid::MAX_TIMESTAMP_MS + 1);
        let error = pack(tick, counter).unwrap_err();
        let outcome = std::panic::catch_unwind(|| out_of_range(error));
        let message = *outcome.unwrap_err().downcast::<String>().unwrap();
        assert_eq!(
            message,
            "ulid: the system clock has left the ULID range: timestamp_ms 281474976710656 is \
             out of range: a ULID holds 0 to 281474976710655 (48 bits)"
        );
    }

    #[test]
    fn a_clock_step_back_keeps_the_timestamp_and_the_order() {
        let sequence = ulid_sequence();
        let before = next(&sequence, 10_000);
        let after = next(&sequence, 9_000);
        assert_eq!(after.timestamp_ms(), 10_000);
        assert_eq!(after.random(), before.random() + 1);
        // The clock catches up: the next millisecond restarts the counter.
        let caught_up = next(&sequence, 10_001);
        assert_eq!(caught_up.timestamp_ms(), 10_001);
        assert!(before < after && after < caught_up);
    }

    #[test]
    fn a_clock_jump_forward_restarts_the_counter_at_a_random_value() {
        let sequence = ulid_sequence();
        let before = next(&sequence, 10_000);
        let starts: Vec<u128> = (0..4)
            .map(|hour| next(&sequence, 10_000 + 3_600_000 * (hour + 1)).random())
            .collect();
        let after = next(&sequence, 10_000 + 3_600_000 * 5);
        assert_eq!(after.timestamp_ms(), 18_010_000);
        assert!(before < after);
        // Four 80-bit random starts: equal, or all below 2^64, by chance one time in 2^64.
        assert!(starts.windows(2).all(|pair| pair[0] != pair[1]));
        assert!(starts.iter().any(|&start| start >= 1 << 64));
    }

    #[test]
    fn a_fresh_sequence_after_state_loss_repeats_no_id() {
        // A restart loses the state: the new sequence sees the same millisecond again.
        let old = ulid_sequence();
        let new = ulid_sequence();
        let old_ids: Vec<Ulid> = (0..10_000).map(|_| next(&old, 7_000)).collect();
        let new_ids: Vec<Ulid> = (0..10_000).map(|_| next(&new, 7_000)).collect();
        assert_eq!(new_ids[0].timestamp_ms(), 7_000);
        let old_set: std::collections::HashSet<Ulid> = old_ids.into_iter().collect();
        assert!(new_ids.iter().all(|id| !old_set.contains(id)));
    }

    #[test]
    fn fill_packs_the_same_pairs_as_repeated_calls() {
        let sequence = TickSequence::new(3, MS, Start::Zero);
        let mut filled = [Ulid::NIL; 10];
        sequence.fill_with_at(42, &mut filled, |tick, counter| {
            pack(tick, counter).unwrap()
        });
        let again = TickSequence::new(3, MS, Start::Zero);
        let one_by_one: Vec<Ulid> = (0..10).map(|_| next(&again, 42)).collect();
        assert_eq!(filled.as_slice(), one_by_one.as_slice());
        assert_eq!(filled[8].timestamp_ms(), 43);
    }

    /// 2025-06-01T12:00:00.000Z.
    const T: u64 = 1_748_779_200_000;
    const HOUR: u64 = 3_600_000;

    /// The text of `id` in `buffer`, as bytes: byte order of ASCII text is string order.
    fn text(id: Ulid, buffer: &mut [u8; 26]) -> [u8; 26] {
        id.encode(buffer);
        *buffer
    }

    #[test]
    fn a_ten_second_step_back_holds_the_timestamp_in_value_and_text_until_the_clock_passes_it() {
        let sequence = ulid_sequence();
        let first = next(&sequence, T);
        let mut buffer = [0u8; 26];
        let (mut last, mut last_text) = (first, text(first, &mut buffer));
        // The clock steps back 10,000 ms and walks forward 10 ms per id. The 80-bit counter
        // counts on from its random start (a borrow within 1,001 steps of it: one time in
        // 2^70).
        for step in 1..=1_000u128 {
            let now = T - 10_000 + 10 * (step as u64 - 1);
            let id = next(&sequence, now);
            assert_eq!((id.timestamp_ms(), id.random()), (T, first.random() + step));
            let id_text = text(id, &mut buffer);
            assert!(id > last && id_text > last_text, "{id} after {last}");
            (last, last_text) = (id, id_text);
        }
        // The clock reaches T again: still T. Then it passes T: the timestamp follows it.
        let at_t = next(&sequence, T);
        assert_eq!(
            (at_t.timestamp_ms(), at_t.random()),
            (T, first.random() + 1_001)
        );
        let passed = next(&sequence, T + 1);
        assert_eq!(passed.timestamp_ms(), T + 1);
        assert!(passed > at_t && passed.to_string() > at_t.to_string());
        assert!(at_t > last);
    }

    #[test]
    fn a_one_hour_jump_forward_moves_the_timestamp_in_value_and_text() {
        let sequence = ulid_sequence();
        let before: Vec<Ulid> = (0..10).map(|_| next(&sequence, T)).collect();
        let jumped = next(&sequence, T + HOUR);
        assert_eq!(jumped.timestamp_ms(), T + HOUR);
        assert!(jumped > before[9]);
        assert!(jumped.to_string() > before[9].to_string());
        // A fresh random start, not the old counter counting on (equal one time in 2^80).
        assert_ne!(jumped.random(), before[9].random() + 1);
        // The clock comes back to normal, an hour behind the last id: the timestamp holds.
        let after = next(&sequence, T + 1);
        assert_eq!(
            (after.timestamp_ms(), after.random()),
            (T + HOUR, jumped.random() + 1)
        );
        assert!(after.to_string() > jumped.to_string());
    }

    #[test]
    fn a_clock_stuck_for_ten_million_ids_drifts_one_millisecond_per_4096() {
        // A 12-bit counter from zero stands in for the 80-bit one, which cannot be exhausted
        // in a test (2^80 ids in one millisecond): the same rule, packed the same way.
        const STUCK: u64 = 10_000_000;
        let sequence = TickSequence::new(12, MS, Start::Zero);
        let mut buffer = [0u8; 26];
        let mut last = next(&sequence, T);
        let mut checked_text = text(last, &mut buffer);
        for i in 1..STUCK {
            let id = next(&sequence, T);
            // Id i is the (i % 4096)th of millisecond T + i / 4096.
            assert_eq!(
                id,
                Ulid::from_parts(T + i / 4096, u128::from(i % 4096)).unwrap(),
                "id {i}"
            );
            // Strictly increasing, so all distinct.
            assert!(id > last, "id {i}: {id} after {last}");
            // The text too, on a subsequence that takes both sides of every borrowed
            // millisecond (encoding every id would dominate the test in a debug build; the
            // text of consecutive ids within a millisecond is checked in tests/generate.rs).
            if i.is_multiple_of(16) || i % 4096 == 4095 {
                let id_text = text(id, &mut buffer);
                assert!(id_text > checked_text, "id {i}: {id}");
                checked_text = id_text;
            }
            last = id;
        }
        // (10,000,000 - 1) / 4096 = 2441 (2441 × 4096 = 9,998,336): the last id is 2441 ms
        // ahead of the stuck clock, with counter 9,999,999 - 9,998,336 = 1,663.
        assert_eq!(last.timestamp_ms(), T + (STUCK - 1) / 4096);
        assert_eq!((last.timestamp_ms() - T, last.random()), (2_441, 1_663));
    }
}
