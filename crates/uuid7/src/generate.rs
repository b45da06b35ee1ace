//! New UUIDv7s: from the process-wide sequence, or for an explicit timestamp. Requires the
//! `generate` feature (default).

use tick_sequence::{Policy, Start, TickSequence};

use crate::id::COUNTER_BITS;
use crate::{Error, Uuid7};

/// The length of a tick: the unit of the timestamp.
const TICK_NS: u64 = 1_000_000;

/// Milliseconds, and a 74-bit counter that starts at a random value on each new millisecond.
static SEQUENCE: TickSequence = TickSequence::new(COUNTER_BITS, TICK_NS, Start::Random);

/// How [`generate`] and [`fill`] make ids: the layout, the clock, the counter method and the
/// rule when the clock steps back or a counter is exhausted, with this crate's version. Store
/// it beside ids when a reader will need to know how they were made: an id does not say.
/// Requires the `generate` feature (default).
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
// Inlined: `Uuid7` is 16 bytes of alignment 1, which a call returns through memory; inlined,
// the caller takes the id where `try_generate` wrote it, with no second copy.
#[inline]
#[must_use]
pub fn generate() -> Uuid7 {
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
/// let mut ids = [uuid7::Uuid7::MIN; 1000];
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
/// let mut ids = [uuid7::Uuid7::MIN; 1000];
/// uuid7::try_fill(&mut ids)?;
/// assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
/// # Ok::<(), uuid7::Error>(())
/// ```
pub fn try_fill(out: &mut [Uuid7]) -> Result<(), Error> {
    SEQUENCE.try_fill_with(out, pack)
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
fn pack(tick: u64, counter: u128) -> Result<Uuid7, Error> {
    // The mask changes nothing, but lets the compiler drop the counter's range check.
    Uuid7::from_parts(tick, counter & Uuid7::MAX_COUNTER)
}

/// The panic that [`generate`] and [`fill`] document, raised after the lock is released:
/// the tick has left 48 bits.
#[cold]
#[inline(never)]
fn out_of_range(error: Error) -> ! {
    panic!("uuid7: the clock is past the last millisecond a UUIDv7 holds: {error}")
}

/// The 74-bit counter cannot be run out through the public functions, nor the clock moved:
/// these tests drive [`pack`] with private sequences and the clock as an argument.
#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::prelude::rust_2024::*;

    use test_support::clock_faults::Format;

    use super::*;

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
        // `generate` and `fill` turn that error into their documented panic.
        let error = pack(tick, counter).unwrap_err();
        let panic = std::panic::catch_unwind(|| out_of_range(error)).unwrap_err();
        let message = panic.downcast_ref::<String>().unwrap();
        assert!(
            message.starts_with(
                "uuid7: the clock is past the last millisecond a UUIDv7 holds: timestamp_ms \
                 281474976710656 is out of range"
            ),
            "{message}"
        );
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
