//! New ULIDs: from the process-wide sequence, or for an explicit timestamp. Requires the
//! `generate` feature (default).

use tick_sequence::{Policy, Start, TickSequence};

use crate::id::COUNTER_BITS;
use crate::{Error, Ulid};

/// The length of a tick: the unit of the timestamp.
const TICK_NS: u64 = 1_000_000;

/// Milliseconds, and an 80-bit counter that starts at a random value on each new millisecond.
static SEQUENCE: TickSequence = TickSequence::new(COUNTER_BITS, TICK_NS, Start::Random);

/// How [`generate`] and [`fill`] make ids: the layout, the clock, the counter method and the
/// rule when the clock steps back or a counter is exhausted, with this crate's version. Store
/// it beside ids when a reader will need to know how they were made: an id does not say.
/// Requires the `generate` feature (default).
///
/// ```
/// assert_eq!(ulid::POLICY.counter_bits, 80);
/// assert_eq!(ulid::POLICY.rule_version, 1);
/// println!("{}", ulid::POLICY); // one line
/// ```
pub const POLICY: Policy = Policy::new(
    "ULID",
    "48-bit Unix milliseconds, 80-bit counter (the specification's randomness field)",
    1,
    "a random start in each new millisecond, + 1 per id (the specification's monotonic method)",
    COUNTER_BITS,
    TICK_NS,
    Start::Random,
    env!("CARGO_PKG_NAME"),
    env!("CARGO_PKG_VERSION"),
);

/// A new ULID from the process-wide sequence: greater than every ULID that [`generate`],
/// [`try_generate`], [`fill`] and [`try_fill`] returned before in this process, from any
/// thread. Requires the `generate` feature (default).
///
/// The timestamp is the wall clock in milliseconds, and the counter starts at a random value
/// on each new millisecond. The timestamp may run ahead of the clock (after the clock steps
/// back, or after 2^80 ids in one millisecond); order and uniqueness never break, and a child
/// created by `fork` starts afresh: see
/// [`tick_sequence`](tick_sequence#the-guarantee-and-its-scope).
///
/// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
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
// Inlined: `Ulid` is 16 bytes of alignment 1, which a call returns through memory; inlined,
// the caller takes the id where `try_generate` wrote it, with no second copy.
#[inline]
#[must_use]
pub fn generate() -> Ulid {
    try_generate().unwrap_or_else(|error| out_of_range(error))
}

/// [`generate`], with an error instead of a panic when the timestamp leaves 48 bits.
/// Requires the `generate` feature (default).
///
/// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
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
/// the `generate` feature (default).
///
/// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
///
/// # Panics
///
/// As [`generate`]: if the timestamp leaves 48 bits, after the lock is released.
///
/// # Examples
///
/// ```
/// let mut ids = [ulid::Ulid::MIN; 1000];
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
/// let mut ids = [ulid::Ulid::MIN; 1000];
/// ulid::try_fill(&mut ids)?;
/// assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
/// # Ok::<(), ulid::Error>(())
/// ```
pub fn try_fill(out: &mut [Ulid]) -> Result<(), Error> {
    SEQUENCE.try_fill_with(out, pack)
}

/// A ULID with the given timestamp (milliseconds since the Unix epoch) and 80 random bits
/// from a CSPRNG that is reseeded after `fork`. Requires the `generate` feature (default).
///
/// These ids do not take part in the order of [`generate`]: two calls with the same timestamp
/// return ids in random order.
///
/// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
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
    // The mask changes nothing, but lets the compiler drop the counter's range check.
    Ulid::from_parts(tick, counter & Ulid::MAX_RANDOM)
}

/// The panic that [`generate`] and [`fill`] document, raised after the lock is released:
/// the tick has left 48 bits.
#[cold]
#[inline(never)]
fn out_of_range(error: Error) -> ! {
    panic!("ulid: the clock is past the last millisecond a ULID holds: {error}")
}

#[cfg(test)]
mod tests {
    //! The packing, its range and the clock faults, with private sequences and explicit clock
    //! readings: the process-wide sequence reads the real clock, and its 80-bit counter cannot
    //! be exhausted through the public API (2^80 ids in one millisecond).

    use std::prelude::rust_2024::*;

    use test_support::clock_faults::Format;

    use super::*;

    const MS: u64 = 1_000_000;

    /// ULIDs to the clock-fault suite: milliseconds, 80-bit random starts, and the text.
    const ULID: Format<Ulid> = Format::new(1_000, |id: Ulid| (id.timestamp_ms(), id.random()))
        .random_starts(COUNTER_BITS)
        .text(|id| id.to_string());

    fn ulid_sequence() -> TickSequence {
        TickSequence::new(COUNTER_BITS, MS, Start::Random)
    }

    /// What [`try_generate`] would serve from `sequence`, with the clock as an argument.
    fn served_by(sequence: &TickSequence) -> impl FnMut(u64) -> Result<Ulid, Error> + '_ {
        move |now_ms| {
            let (tick, counter) = sequence.next_at(now_ms);
            pack(tick, counter)
        }
    }

    fn next(sequence: &TickSequence, now_ms: u64) -> Ulid {
        served_by(sequence)(now_ms).unwrap()
    }

    #[test]
    fn the_pair_becomes_timestamp_and_random() {
        assert_eq!(pack(1, 2).unwrap().to_u128(), (1 << 80) | 2);
        assert_eq!(
            pack(Ulid::MAX_TIMESTAMP_MS, Ulid::MAX_RANDOM)
                .unwrap()
                .to_u128(),
            u128::MAX
        );
    }

    #[test]
    fn a_step_back_a_jump_forward_and_a_stuck_clock_serve_the_ids_the_rule_predicts() {
        ULID.step_back(served_by(&ulid_sequence()));
        ULID.jump_forward(served_by(&ulid_sequence()));
        // A 12-bit counter from zero stands in for the 80-bit one, which cannot be exhausted
        // in a test: the same rule, packed the same way.
        ULID.stuck(4096, served_by(&TickSequence::new(12, MS, Start::Zero)));
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
            "ulid: the clock is past the last millisecond a ULID holds: timestamp_ms \
             281474976710656 is out of range: a ULID holds 0 to 281474976710655 (48 bits)"
        );
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
        let mut filled = [Ulid::MIN; 10];
        sequence.fill_with_at(42, &mut filled, |tick, counter| {
            pack(tick, counter).unwrap()
        });
        let again = TickSequence::new(3, MS, Start::Zero);
        let one_by_one: Vec<Ulid> = (0..10).map(|_| next(&again, 42)).collect();
        assert_eq!(filled.as_slice(), one_by_one.as_slice());
        assert_eq!(filled[8].timestamp_ms(), 43);
    }
}
