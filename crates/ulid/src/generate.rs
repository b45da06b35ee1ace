//! New ULIDs: from the process-wide sequence, or for an explicit timestamp. Requires the
//! `generate` feature (default).

use core::convert::Infallible;

use tick_sequence::{Policy, Start, TickSequence};

use crate::id::COUNTER_BITS;
use crate::{Error, Ulid};

/// The length of a tick: the unit of the timestamp.
pub(crate) const TICK_NS: u64 = 1_000_000;

/// Milliseconds, and an 80-bit counter that starts at a random value on each new millisecond.
static SEQUENCE: TickSequence = TickSequence::new(COUNTER_BITS, TICK_NS, Start::Random);

/// How [`generate`], [`fill`] and a [`Generator`](crate::Generator) make ids: the layout, the
/// clock, the counter method and the rule when the clock steps back or a counter is exhausted,
/// with this crate's version. Store it beside ids when a reader will need to know how they were
/// made: an id does not say. Requires the `generate` feature (default).
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
/// # The ends of the range
///
/// Whatever the clock reads, ids stay unique and strictly increasing:
///
/// - a clock before 1970 reads as the Unix epoch (the engine's rule): ids of millisecond 0;
/// - a clock past the last millisecond a ULID holds, 10889-08-02T05:31:50.655Z, reads as that
///   millisecond: the ids stay unique and strictly increasing, their timestamp stays there
///   and the counter goes on, as under a clock that stands still ([`try_generate`] returns
///   the error instead);
/// - once the counter of that last millisecond is used up too, no larger ULID exists: `generate`
///   panics, naming the error [`try_generate`] returns, rather than repeat an id.
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
// the caller takes the id where `pack` wrote it, with no second copy.
#[inline]
#[must_use]
pub fn generate() -> Ulid {
    let (tick, counter) = match SEQUENCE.try_next_with(clamp) {
        Ok(pair) => pair,
        Err(never) => match never {},
    };
    pack(tick, counter).unwrap_or_else(|error| used_up(&error))
}

/// [`generate`], with an error instead of an id of the last millisecond when the clock is past
/// the range. Requires the `generate` feature (default).
///
/// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
///
/// # Errors
///
/// [`Error::TimestampOutOfRange`] with the clock's reading if the clock is past
/// 10889-08-02T05:31:50.655Z (the reading is then ignored: the sequence does not move), or
/// with the next millisecond if the counter of that last millisecond is used up. A clock
/// before 1970 is no error: it reads as the Unix epoch.
///
/// # Examples
///
/// ```
/// let id = ulid::try_generate()?;
/// assert!(id < ulid::try_generate()?);
/// # Ok::<(), ulid::Error>(())
/// ```
pub fn try_generate() -> Result<Ulid, Error> {
    let (tick, counter) = SEQUENCE.try_next_with(within_range)?;
    pack(tick, counter)
}

/// Fills `out` with new ULIDs from the process-wide sequence, in increasing order: the same
/// ids as `out.len()` calls to [`generate`] with one clock reading, under one lock. Requires
/// the `generate` feature (default).
///
/// At the ends of the range, as [`generate`]: a clock past the range fills `out` with ids of
/// its last millisecond, and if that millisecond's counter runs out during the fill, `fill` panics
/// rather than repeat an id ([`try_fill`] returns the error).
///
/// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
///
/// # Examples
///
/// ```
/// let mut ids = [ulid::Ulid::MIN; 1000];
/// ulid::fill(&mut ids);
/// assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
/// ```
pub fn fill(out: &mut [Ulid]) {
    // An empty batch reads no clock and takes no lock.
    if !out.is_empty() {
        fill_clamped(&SEQUENCE, SEQUENCE.now_tick(), out);
    }
}

/// [`fill`], with an error instead of ids of the last millisecond when the clock is past the
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
/// let mut ids = [ulid::Ulid::MIN; 1000];
/// ulid::try_fill(&mut ids)?;
/// assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
/// # Ok::<(), ulid::Error>(())
/// ```
pub fn try_fill(out: &mut [Ulid]) -> Result<(), Error> {
    if out.is_empty() {
        return Ok(());
    }
    fill_checked(&SEQUENCE, SEQUENCE.now_tick(), out)
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
pub(crate) fn pack(tick: u64, counter: u128) -> Result<Ulid, Error> {
    // The mask changes nothing, but lets the compiler drop the counter's range check.
    Ulid::from_parts(tick, counter & Ulid::MAX_RANDOM)
}

/// What [`generate`] serves from `sequence` at the clock reading `now_ms`: a reading past the
/// range counts as its last millisecond, and past that, when nothing is left, a panic.
#[cfg(test)]
fn clamped(sequence: &TickSequence, now_ms: u64) -> Ulid {
    let (tick, counter) = sequence.next_at(now_ms.min(Ulid::MAX_TIMESTAMP_MS));
    pack(tick, counter).unwrap_or_else(|error| used_up(&error))
}

/// What [`try_generate`] serves from `sequence` at the clock reading `now_ms`: a reading past
/// the range is refused before the sequence sees it, so that it never moves past the range.
#[cfg(test)]
fn checked(sequence: &TickSequence, now_ms: u64) -> Result<Ulid, Error> {
    let now_ms = within_range(now_ms)?;
    let (tick, counter) = sequence.next_at(now_ms);
    pack(tick, counter)
}

/// [`fill`]'s ids from `sequence` at the clock reading `now_ms`, as [`clamped`] makes them; if
/// the last counter of the last millisecond runs out during the fill, a panic ([`used_up`]).
fn fill_clamped(sequence: &TickSequence, now_ms: u64, out: &mut [Ulid]) {
    // The engine's fallible fill, whose error costs nothing per id; the closure of an
    // infallible fill that saturated each id cost about two instructions an id.
    if let Err(error) = sequence.try_fill_with_at(now_ms.min(Ulid::MAX_TIMESTAMP_MS), out, pack) {
        used_up(&error);
    }
}

/// The end of the range: every id of the last millisecond a ULID holds is used up, and no larger
/// one exists. A panic rather than an id served twice.
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn used_up(error: &Error) -> ! {
    panic!(
        "no ULID is left to make: {error}, and every id of the last millisecond of the range is \
         used up (try_generate and try_fill return this error instead)"
    )
}

/// [`try_fill`]'s ids from `sequence` at the clock reading `now_ms`, as [`checked`] makes them.
fn fill_checked(sequence: &TickSequence, now_ms: u64, out: &mut [Ulid]) -> Result<(), Error> {
    let now_ms = within_range(now_ms)?;
    sequence.try_fill_with_at(now_ms, out, pack)
}

/// The clock reading `now_ms`, or the last millisecond of the range for a reading past it: what
/// [`generate`] and [`fill`] make ids of.
#[inline]
pub(crate) fn clamp(now_ms: u64) -> Result<u64, Infallible> {
    Ok(now_ms.min(Ulid::MAX_TIMESTAMP_MS))
}

/// The clock reading `now_ms` if a ULID holds it; the range error otherwise.
#[inline]
pub(crate) fn within_range(now_ms: u64) -> Result<u64, Error> {
    if now_ms > Ulid::MAX_TIMESTAMP_MS {
        return Err(Error::TimestampOutOfRange {
            value: now_ms,
            max: Ulid::MAX_TIMESTAMP_MS,
        });
    }
    Ok(now_ms)
}

#[cfg(test)]
mod tests {
    //! The packing, its range and the clock faults, with private sequences and explicit clock
    //! readings: the process-wide sequence reads the real clock, and its 80-bit counter cannot
    //! be exhausted through the public API (2^80 ids in one millisecond).

    use std::prelude::rust_2024::*;

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
    fn a_clock_past_48_bits_reads_as_the_last_millisecond_for_generate_and_fill() {
        let last = Ulid::MAX_TIMESTAMP_MS;
        let sequence = ulid_sequence();
        let mut ids = vec![clamped(&sequence, last + 1), clamped(&sequence, u64::MAX)];
        let mut filled = [Ulid::MIN; 100];
        fill_clamped(&sequence, last + 7, &mut filled);
        ids.extend(filled);
        assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(ids.iter().all(|id| id.timestamp_ms() == last));
    }

    #[test]
    fn a_clock_past_48_bits_is_refused_by_try_generate_and_the_sequence_does_not_move() {
        let last = Ulid::MAX_TIMESTAMP_MS;
        let sequence = TickSequence::new(12, MS, Start::Zero);
        assert_eq!(checked(&sequence, 5).map(|id| id.random()), Ok(0));
        let error = Error::TimestampOutOfRange {
            value: last + 1,
            max: last,
        };
        assert_eq!(checked(&sequence, last + 1), Err(error));
        let mut untouched = [Ulid::MIN; 3];
        assert_eq!(
            fill_checked(&sequence, last + 1, &mut untouched),
            Err(error)
        );
        assert_eq!(untouched, [Ulid::MIN; 3]);
        // The refused readings left the sequence where it was: millisecond 5, counter 0.
        assert_eq!(checked(&sequence, 5), Ulid::from_parts(5, 1));
    }

    #[test]
    fn past_the_last_counter_of_the_last_millisecond_generate_panics_rather_than_repeat_an_id() {
        // A 1-bit counter from zero stands in for the 80-bit one: two ids a millisecond.
        let last = Ulid::MAX_TIMESTAMP_MS;
        let sequence = TickSequence::new(1, MS, Start::Zero);
        assert_eq!(
            clamped(&sequence, last + 1),
            Ulid::from_parts(last, 0).unwrap()
        );
        assert_eq!(
            clamped(&sequence, last + 1),
            Ulid::from_parts(last, 1).unwrap()
        );
        // Nothing is left: a panic that says so, never an id served twice.
        assert_used_up(|| {
            clamped(&sequence, last + 1);
        });
        assert_used_up(|| {
            fill_clamped(&sequence, last, &mut [Ulid::MIN; 2]);
        });
        // A fill during which the counter runs out.
        let fresh = TickSequence::new(1, MS, Start::Zero);
        assert_used_up(|| {
            fill_clamped(&fresh, last + 1, &mut [Ulid::MIN; 3]);
        });
        // The checked function says why instead.
        assert!(matches!(
            checked(&sequence, last),
            Err(Error::TimestampOutOfRange { value, .. }) if value > last
        ));
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
