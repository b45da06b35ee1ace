//! New UUIDv7s: from the process-wide sequence, or for an explicit timestamp. Requires the
//! `generate` feature (default).

use core::convert::Infallible;

use tick_sequence::{Policy, Start, TickSequence};

use crate::id::COUNTER_BITS;
use crate::{Error, Uuid7};

/// The length of a tick: the unit of the timestamp.
pub(crate) const TICK_NS: u64 = 1_000_000;

/// Milliseconds, and a 74-bit counter that starts at a random value on each new millisecond.
static SEQUENCE: TickSequence = TickSequence::new(COUNTER_BITS, TICK_NS, Start::Random);

/// How [`generate`], [`fill`] and a [`Generator`](crate::Generator) make ids: the layout, the
/// clock, the counter method and the rule when the clock steps back or a counter is exhausted,
/// with this crate's version. Store it beside ids when a reader will need to know how they were
/// made: an id does not say. Requires the `generate` feature (default).
///
/// ```
/// assert_eq!(uuid7::POLICY.counter_bits, 74);
/// assert_eq!(uuid7::POLICY.rule_version, 1);
/// println!("{}", uuid7::POLICY); // one line
/// ```
pub const POLICY: Policy = Policy::new(
    "UUIDv7",
    "48-bit Unix milliseconds, version 7, a 74-bit counter in rand_a and rand_b around the version and variant bits (RFC 9562)",
    1,
    "RFC 9562 section 6.2 method 2 (monotonic random): a random start in each new millisecond, + 1 per id",
    COUNTER_BITS,
    TICK_NS,
    Start::Random,
    env!("CARGO_PKG_NAME"),
    env!("CARGO_PKG_VERSION"),
);

/// A new UUIDv7 from the process-wide sequence: greater than every UUIDv7 that [`generate`],
/// [`try_generate`], [`fill`] and [`try_fill`] returned before in this process, from any
/// thread. Requires the `generate` feature (default).
///
/// The timestamp is the wall clock in milliseconds, and the counter starts at a random value
/// on each new millisecond. The timestamp may run ahead of the clock (after the clock steps
/// back, or after 2^74 ids in one millisecond); order and uniqueness never break, and a child
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
/// - a clock past the last millisecond a UUIDv7 holds, 10889-08-02T05:31:50.655Z, reads as that
///   millisecond: the ids stay unique and strictly increasing, their timestamp stays there and
///   the counter goes on, as under a clock that stands still ([`try_generate`] returns the
///   error instead);
/// - once the counter of that last millisecond is used up too, no larger UUIDv7 exists: `generate`
///   panics, naming the error [`try_generate`] returns, rather than repeat an id.
///
/// # Examples
///
/// ```
/// let first = uuid7::generate();
/// let second = uuid7::generate();
/// assert!(second > first);
/// assert!(second.to_string() > first.to_string());
/// ```
// Inlined: `Uuid7` is 16 bytes of alignment 1, which a call returns through memory; inlined,
// the caller takes the id where `pack` wrote it, with no second copy.
#[inline]
#[must_use]
pub fn generate() -> Uuid7 {
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
/// 10889-08-02T05:31:50.655Z (the reading is then ignored: the sequence does not move), or with the next
/// millisecond if the counter of that last millisecond is used up. A clock before 1970 is no
/// error: it reads as the Unix epoch.
///
/// # Examples
///
/// ```
/// let id = uuid7::try_generate()?;
/// assert!(id < uuid7::try_generate()?);
/// # Ok::<(), uuid7::Error>(())
/// ```
pub fn try_generate() -> Result<Uuid7, Error> {
    let (tick, counter) = SEQUENCE.try_next_with(within_range)?;
    pack(tick, counter)
}

/// Fills `out` with new UUIDv7s from the process-wide sequence, in increasing order: the same
/// ids as `out.len()` calls to [`generate`] with one clock reading, under one lock. Requires
/// the `generate` feature (default).
///
/// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
///
/// At the ends of the range, as [`generate`]: a clock past the range fills `out` with ids of
/// its last millisecond, and if that millisecond's counter runs out during the fill, `fill` panics
/// rather than repeat an id ([`try_fill`] returns the error).
///
/// # Examples
///
/// ```
/// let mut ids = [uuid7::Uuid7::MIN; 1000];
/// uuid7::fill(&mut ids);
/// assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
/// assert!(ids[999] < uuid7::generate());
/// ```
pub fn fill(out: &mut [Uuid7]) {
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
/// let mut ids = [uuid7::Uuid7::MIN; 1000];
/// uuid7::try_fill(&mut ids)?;
/// assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
/// # Ok::<(), uuid7::Error>(())
/// ```
pub fn try_fill(out: &mut [Uuid7]) -> Result<(), Error> {
    if out.is_empty() {
        return Ok(());
    }
    fill_checked(&SEQUENCE, SEQUENCE.now_tick(), out)
}

/// A UUIDv7 with the given timestamp (milliseconds since the Unix epoch) and a counter of 74
/// random bits from a CSPRNG that is reseeded after `fork`. Requires the `generate` feature
/// (default).
///
/// These ids do not take part in the order of [`generate`]: two calls with the same timestamp
/// return ids in random order.
///
/// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
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
pub(crate) fn pack(tick: u64, counter: u128) -> Result<Uuid7, Error> {
    // The mask changes nothing, but lets the compiler drop the counter's range check.
    Uuid7::from_parts(tick, counter & Uuid7::MAX_COUNTER)
}

/// What [`generate`] serves from `sequence` at the clock reading `now_ms`: a reading past the
/// range counts as its last millisecond, and past that, when nothing is left, a panic.
#[cfg(test)]
fn clamped(sequence: &TickSequence, now_ms: u64) -> Uuid7 {
    let (tick, counter) = sequence.next_at(now_ms.min(Uuid7::MAX_TIMESTAMP_MS));
    pack(tick, counter).unwrap_or_else(|error| used_up(&error))
}

/// What [`try_generate`] serves from `sequence` at the clock reading `now_ms`: a reading past
/// the range is refused before the sequence sees it, so that it never moves past the range.
#[cfg(test)]
fn checked(sequence: &TickSequence, now_ms: u64) -> Result<Uuid7, Error> {
    let now_ms = within_range(now_ms)?;
    let (tick, counter) = sequence.next_at(now_ms);
    pack(tick, counter)
}

/// [`fill`]'s ids from `sequence` at the clock reading `now_ms`, as [`clamped`] makes them; if
/// the last counter of the last millisecond runs out during the fill, a panic ([`used_up`]).
fn fill_clamped(sequence: &TickSequence, now_ms: u64, out: &mut [Uuid7]) {
    // The engine's fallible fill, whose error costs nothing per id; the closure of an
    // infallible fill that saturated each id cost about two instructions an id.
    if let Err(error) = sequence.try_fill_with_at(now_ms.min(Uuid7::MAX_TIMESTAMP_MS), out, pack) {
        used_up(&error);
    }
}

/// The end of the range: every id of the last millisecond a UUIDv7 holds is used up, and no larger
/// one exists. A panic rather than an id served twice.
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn used_up(error: &Error) -> ! {
    panic!(
        "no UUIDv7 is left to make: {error}, and every id of the last millisecond of the range is \
         used up (try_generate and try_fill return this error instead)"
    )
}

/// [`try_fill`]'s ids from `sequence` at the clock reading `now_ms`, as [`checked`] makes them.
fn fill_checked(sequence: &TickSequence, now_ms: u64, out: &mut [Uuid7]) -> Result<(), Error> {
    let now_ms = within_range(now_ms)?;
    sequence.try_fill_with_at(now_ms, out, pack)
}

/// The clock reading `now_ms`, or the last millisecond of the range for a reading past it: what
/// [`generate`] and [`fill`] make ids of.
#[inline]
pub(crate) fn clamp(now_ms: u64) -> Result<u64, Infallible> {
    Ok(now_ms.min(Uuid7::MAX_TIMESTAMP_MS))
}

/// The clock reading `now_ms` if a UUIDv7 holds it; the range error otherwise.
#[inline]
pub(crate) fn within_range(now_ms: u64) -> Result<u64, Error> {
    if now_ms > Uuid7::MAX_TIMESTAMP_MS {
        return Err(Error::TimestampOutOfRange {
            value: now_ms,
            max: Uuid7::MAX_TIMESTAMP_MS,
        });
    }
    Ok(now_ms)
}

/// The 74-bit counter cannot be run out through the public functions, nor the clock moved:
/// these tests drive [`pack`] with private sequences and the clock as an argument.
#[cfg(test)]
mod tests {
    use std::collections::HashSet;
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

    /// UUIDv7s to the clock-fault suite: milliseconds, 74-bit random starts, and the text.
    const UUID7: Format<Uuid7> = Format::new(1_000, |id: Uuid7| (id.timestamp_ms(), id.counter()))
        .random_starts(COUNTER_BITS)
        .text(|id| id.to_string());

    fn sequence() -> TickSequence {
        TickSequence::new(COUNTER_BITS, 1_000_000, Start::Random)
    }

    /// What [`try_generate`] would serve from `sequence`, with the clock as an argument.
    fn served_by(sequence: &TickSequence) -> impl FnMut(u64) -> Result<Uuid7, Error> + '_ {
        move |now| {
            let (tick, counter) = sequence.next_at(now);
            pack(tick, counter)
        }
    }

    fn ids_at(sequence: &TickSequence, now: u64, n: usize) -> Vec<Uuid7> {
        let mut next = served_by(sequence);
        (0..n).map(|_| next(now).unwrap()).collect()
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
    fn a_step_back_a_jump_forward_and_a_stuck_clock_serve_the_ids_the_rule_predicts() {
        UUID7.step_back(served_by(&sequence()));
        UUID7.jump_forward(served_by(&sequence()));
        // A 12-bit counter from zero stands in for the 74-bit one, which cannot be exhausted
        // in a test: the same rule, packed the same way.
        UUID7.stuck(
            4096,
            served_by(&TickSequence::new(12, 1_000_000, Start::Zero)),
        );
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
    }

    #[test]
    fn a_clock_past_the_range_reads_as_its_last_millisecond_for_generate_and_fill() {
        let last = Uuid7::MAX_TIMESTAMP_MS;
        let sequence = sequence();
        let mut ids = vec![clamped(&sequence, last + 1), clamped(&sequence, u64::MAX)];
        let mut filled = [Uuid7::MIN; 100];
        fill_clamped(&sequence, last + 7, &mut filled);
        ids.extend(filled);
        assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(ids.iter().all(|id| id.timestamp_ms() == last));
    }

    #[test]
    fn a_clock_past_the_range_is_refused_by_try_generate_and_the_sequence_does_not_move() {
        let last = Uuid7::MAX_TIMESTAMP_MS;
        let sequence = TickSequence::new(12, 1_000_000, Start::Zero);
        assert_eq!(checked(&sequence, 5).map(|id| id.counter()), Ok(0));
        let error = Error::TimestampOutOfRange {
            value: last + 1,
            max: last,
        };
        assert_eq!(checked(&sequence, last + 1), Err(error));
        let mut untouched = [Uuid7::MIN; 3];
        assert_eq!(
            fill_checked(&sequence, last + 1, &mut untouched),
            Err(error)
        );
        assert_eq!(untouched, [Uuid7::MIN; 3]);
        // The refused readings left the sequence where it was: millisecond 5, counter 0.
        assert_eq!(checked(&sequence, 5), Uuid7::from_parts(5, 1));
    }

    #[test]
    fn past_the_last_counter_of_the_last_millisecond_generate_panics_rather_than_repeat_an_id() {
        // A 1-bit counter from zero stands in for the real one: two ids a millisecond.
        let last = Uuid7::MAX_TIMESTAMP_MS;
        let sequence = TickSequence::new(1, 1_000_000, Start::Zero);
        assert_eq!(
            clamped(&sequence, last + 1),
            Uuid7::from_parts(last, 0).unwrap()
        );
        assert_eq!(
            clamped(&sequence, last + 1),
            Uuid7::from_parts(last, 1).unwrap()
        );
        // Nothing is left: a panic that says so, never an id served twice.
        assert_used_up(|| {
            clamped(&sequence, last + 1);
        });
        assert_used_up(|| {
            fill_clamped(&sequence, last, &mut [Uuid7::MIN; 2]);
        });
        // A fill during which the counter runs out.
        let fresh = TickSequence::new(1, 1_000_000, Start::Zero);
        assert_used_up(|| {
            fill_clamped(&fresh, last + 1, &mut [Uuid7::MIN; 3]);
        });
        // The checked function says why instead.
        assert!(matches!(
            checked(&sequence, last),
            Err(Error::TimestampOutOfRange { value, .. }) if value > last
        ));
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
}
