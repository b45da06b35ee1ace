//! New UUIDv7s: from the process-wide sequence, or for an explicit timestamp. Requires the
//! `std` feature (default).

use tick_sequence::{Start, TickSequence};

use crate::id::COUNTER_BITS;
use crate::{Error, Uuid7};

/// Milliseconds, and a 74-bit counter that starts at a random value on each new millisecond.
static SEQUENCE: TickSequence = TickSequence::new(COUNTER_BITS, 1_000_000, Start::Random);

/// A new UUIDv7 from the process-wide sequence: greater than every UUIDv7 that [`generate`],
/// [`try_generate`], [`fill`] and [`try_fill`] returned before in this process, from any
/// thread. Requires the `std` feature (default).
///
/// The timestamp is the wall clock in milliseconds, and the counter starts at a random value
/// on each new millisecond. The timestamp may run ahead of the clock (after the clock steps
/// back, or after 2^74 ids in one millisecond); order and uniqueness never break, and a child
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
/// let first = uuid7::generate();
/// let second = uuid7::generate();
/// assert!(second > first);
/// assert!(second.to_string() > first.to_string());
/// ```
#[must_use]
pub fn generate() -> Uuid7 {
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
/// let id = uuid7::try_generate()?;
/// assert!(id < uuid7::try_generate()?);
/// # Ok::<(), uuid7::Error>(())
/// ```
pub fn try_generate() -> Result<Uuid7, Error> {
    let (tick, counter) = SEQUENCE.next();
    pack(tick, counter)
}

/// Fills `out` with new UUIDv7s from the process-wide sequence, in increasing order: the same
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
/// let mut ids = [uuid7::Uuid7::NIL; 1000];
/// uuid7::fill(&mut ids);
/// assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
/// assert!(ids[999] < uuid7::generate());
/// ```
pub fn fill(out: &mut [Uuid7]) {
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
/// let mut ids = [uuid7::Uuid7::NIL; 1000];
/// uuid7::try_fill(&mut ids)?;
/// assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
/// # Ok::<(), uuid7::Error>(())
/// ```
pub fn try_fill(out: &mut [Uuid7]) -> Result<(), Error> {
    SEQUENCE.try_fill_with(out, pack)
}

/// A UUIDv7 with the given timestamp (milliseconds since the Unix epoch) and a counter of 74
/// random bits from a CSPRNG that is reseeded after `fork`. Requires the `std` feature
/// (default).
///
/// These ids do not take part in the order of [`generate`]: two calls with the same timestamp
/// return ids in random order.
///
/// # Errors
///
/// [`Error::TimestampOutOfRange`] if `timestamp_ms` is above
/// [`Uuid7::MAX_TIMESTAMP_MS`].
///
/// # Examples
///
/// ```
/// use uuid7::{Error, Uuid7};
///
/// let id = uuid7::generate_at(1_645_557_742_000)?;
/// assert_eq!(id.timestamp_ms(), 1_645_557_742_000);
/// assert!(id.to_string().starts_with("017f22e2-79b0-7"));
/// assert_eq!(
///     uuid7::generate_at(1 << 48),
///     Err(Error::TimestampOutOfRange { value: 1 << 48, max: Uuid7::MAX_TIMESTAMP_MS })
/// );
/// # Ok::<(), Error>(())
/// ```
pub fn generate_at(timestamp_ms: u64) -> Result<Uuid7, Error> {
    Uuid7::from_parts(timestamp_ms, tick_sequence::random_bits(COUNTER_BITS))
}

/// The UUIDv7 of a pair of the sequence: the tick, which a borrowed millisecond can push past
/// 48 bits, is checked; the counter has at most 74 bits by construction.
#[inline]
fn pack(tick: u64, counter: u128) -> Result<Uuid7, Error> {
    Uuid7::from_parts(tick, counter)
}

/// The panic that [`generate`] and [`fill`] document, raised after the lock is released:
/// the tick has left 48 bits.
#[cold]
#[inline(never)]
fn out_of_range(error: Error) -> ! {
    panic!("uuid7: the clock is past the range of UUIDv7 timestamps: {error}")
}

/// The 74-bit counter cannot be run out through the public functions, nor the clock moved:
/// these tests drive [`pack`] with private sequences and the clock as an argument.
#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    fn sequence() -> TickSequence {
        TickSequence::new(COUNTER_BITS, 1_000_000, Start::Random)
    }

    fn ids_at(sequence: &TickSequence, now: u64, n: usize) -> Vec<Uuid7> {
        (0..n)
            .map(|_| {
                let (tick, counter) = sequence.next_at(now);
                pack(tick, counter).unwrap()
            })
            .collect()
    }

    fn strictly_increasing(ids: &[Uuid7]) -> bool {
        ids.windows(2).all(|pair| pair[0] < pair[1])
    }

    #[test]
    fn pairs_pack_into_timestamp_and_counter() {
        let sequence = TickSequence::new(COUNTER_BITS, 1_000_000, Start::Zero);
        let ids = ids_at(&sequence, 1_645_557_742_000, 3);
        assert_eq!(
            ids.iter().map(|id| id.to_string()).collect::<Vec<_>>(),
            [
                "017f22e2-79b0-7000-8000-000000000000",
                "017f22e2-79b0-7000-8000-000000000001",
                "017f22e2-79b0-7000-8000-000000000002",
            ]
        );
    }

    #[test]
    fn counter_exhaustion_borrows_the_next_millisecond() {
        // A 2-bit counter from zero runs out after four ids; the 74-bit one never would.
        let small = TickSequence::new(2, 1_000_000, Start::Zero);
        let ids = ids_at(&small, 5_000, 6);
        let pairs: Vec<(u64, u128)> = ids
            .iter()
            .map(|id| (id.timestamp_ms(), id.counter()))
            .collect();
        assert_eq!(
            pairs,
            [
                (5_000, 0),
                (5_000, 1),
                (5_000, 2),
                (5_000, 3),
                (5_001, 0),
                (5_001, 1)
            ]
        );
        assert!(strictly_increasing(&ids));
    }

    #[test]
    fn counter_exhaustion_at_the_last_millisecond_leaves_the_range() {
        let small = TickSequence::new(1, 1_000_000, Start::Zero);
        assert_eq!(
            small.next_at(Uuid7::MAX_TIMESTAMP_MS),
            (Uuid7::MAX_TIMESTAMP_MS, 0)
        );
        assert_eq!(
            small.next_at(Uuid7::MAX_TIMESTAMP_MS),
            (Uuid7::MAX_TIMESTAMP_MS, 1)
        );
        let (tick, counter) = small.next_at(Uuid7::MAX_TIMESTAMP_MS);
        assert_eq!(tick, 1 << 48);
        assert_eq!(
            Uuid7::from_parts(tick, counter),
            Err(Error::TimestampOutOfRange {
                value: 1 << 48,
                max: Uuid7::MAX_TIMESTAMP_MS
            })
        );
        // `generate` and `fill` turn that error into their documented panic.
        let error = pack(tick, counter).unwrap_err();
        let panic = std::panic::catch_unwind(|| out_of_range(error)).unwrap_err();
        let message = panic.downcast_ref::<String>().unwrap();
        assert!(
            message.contains("timestamp_ms 281474976710656"),
            "{message}"
        );
    }

    #[test]
    fn clock_step_back_keeps_the_timestamp_and_counts_on() {
        let sequence = sequence();
        let mut ids = ids_at(&sequence, 1_000_000, 10);
        ids.extend(ids_at(&sequence, 999_000, 10)); // one second back
        assert!(strictly_increasing(&ids));
        assert!(ids.iter().all(|id| id.timestamp_ms() == 1_000_000));
        // Consecutive counters: the clock going back does not restart them.
        assert!(
            ids.windows(2)
                .all(|pair| pair[1].counter() == pair[0].counter() + 1)
        );
    }

    #[test]
    fn clock_jump_forward_restarts_the_counter_at_the_new_time() {
        let sequence = sequence();
        let mut ids = ids_at(&sequence, 1_000_000, 10);
        let later = ids_at(&sequence, 1_000_000 + 3_600_000, 10); // one hour ahead
        assert!(later.iter().all(|id| id.timestamp_ms() == 4_600_000));
        ids.extend(later);
        assert!(strictly_increasing(&ids));
        // And once the clock is back to normal, ids stay after the jump.
        let after = ids_at(&sequence, 1_000_001, 1)[0];
        assert!(after > ids[19]);
        assert_eq!(after.timestamp_ms(), 4_600_000);
    }

    #[test]
    fn restart_starts_a_fresh_sequence_that_repeats_nothing() {
        let before = ids_at(&sequence(), 1_000, 1000);
        // Lost state: a new sequence at the same millisecond starts from a new random counter.
        let after = ids_at(&sequence(), 1_000, 1000);
        let all: HashSet<Uuid7> = before.iter().chain(&after).copied().collect();
        assert_eq!(all.len(), 2000);
    }

    #[test]
    fn independent_streams_merged_are_unique() {
        let (a, b) = (sequence(), sequence());
        let mut merged = Vec::new();
        for now in 1_000..1_010 {
            merged.extend(ids_at(&a, now, 100));
            merged.extend(ids_at(&b, now, 100));
        }
        let unique: HashSet<Uuid7> = merged.iter().copied().collect();
        assert_eq!(unique.len(), merged.len());
    }

    /// 2025-06-01T12:00:00.000Z.
    const T: u64 = 1_748_779_200_000;
    const HOUR: u64 = 3_600_000;

    fn next(sequence: &TickSequence, now: u64) -> Uuid7 {
        let (tick, counter) = sequence.next_at(now);
        pack(tick, counter).unwrap()
    }

    /// The text of `id` in `buffer`, as bytes: byte order of ASCII text is string order.
    fn text(id: Uuid7, buffer: &mut [u8; 36]) -> [u8; 36] {
        id.encode(buffer);
        *buffer
    }

    #[test]
    fn a_ten_second_step_back_holds_the_timestamp_in_value_and_text_until_the_clock_passes_it() {
        let sequence = sequence();
        let first = next(&sequence, T);
        let mut buffer = [0u8; 36];
        let (mut last, mut last_text) = (first, text(first, &mut buffer));
        // The clock steps back 10,000 ms and walks forward 10 ms per id. The 74-bit counter
        // counts on from its random start (a borrow within 1,001 steps of it: one time in
        // 2^64).
        for step in 1..=1_000u128 {
            let now = T - 10_000 + 10 * (step as u64 - 1);
            let id = next(&sequence, now);
            assert_eq!(
                (id.timestamp_ms(), id.counter()),
                (T, first.counter() + step)
            );
            let id_text = text(id, &mut buffer);
            assert!(id > last && id_text > last_text, "{id} after {last}");
            (last, last_text) = (id, id_text);
        }
        // The clock reaches T again: still T. Then it passes T: the timestamp follows it.
        let at_t = next(&sequence, T);
        assert_eq!(
            (at_t.timestamp_ms(), at_t.counter()),
            (T, first.counter() + 1_001)
        );
        let passed = next(&sequence, T + 1);
        assert_eq!(passed.timestamp_ms(), T + 1);
        assert!(passed > at_t && passed.to_string() > at_t.to_string());
        assert!(at_t > last);
    }

    #[test]
    fn a_one_hour_jump_forward_moves_the_timestamp_in_value_and_text() {
        let sequence = sequence();
        let before = ids_at(&sequence, T, 10);
        let jumped = next(&sequence, T + HOUR);
        assert_eq!(jumped.timestamp_ms(), T + HOUR);
        assert!(jumped > before[9]);
        assert!(jumped.to_string() > before[9].to_string());
        // A fresh random start, not the old counter counting on (equal one time in 2^74).
        assert_ne!(jumped.counter(), before[9].counter() + 1);
        // The clock comes back to normal, an hour behind the last id: the timestamp holds.
        let after = next(&sequence, T + 1);
        assert_eq!(
            (after.timestamp_ms(), after.counter()),
            (T + HOUR, jumped.counter() + 1)
        );
        assert!(after.to_string() > jumped.to_string());
    }

    #[test]
    fn a_clock_stuck_for_ten_million_ids_drifts_one_millisecond_per_4096() {
        // A 12-bit counter from zero stands in for the 74-bit one, which cannot be exhausted
        // in a test (2^74 ids in one millisecond): the same rule, packed the same way.
        const STUCK: u64 = 10_000_000;
        let sequence = TickSequence::new(12, 1_000_000, Start::Zero);
        let mut buffer = [0u8; 36];
        let mut last = next(&sequence, T);
        let mut checked_text = text(last, &mut buffer);
        for i in 1..STUCK {
            let id = next(&sequence, T);
            // Id i is the (i % 4096)th of millisecond T + i / 4096.
            assert_eq!(
                id,
                Uuid7::from_parts(T + i / 4096, u128::from(i % 4096)).unwrap(),
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
        assert_eq!((last.timestamp_ms() - T, last.counter()), (2_441, 1_663));
    }
}
