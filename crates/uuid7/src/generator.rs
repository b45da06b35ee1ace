//! [`Generator`]: a UUIDv7 generator owned by its caller, strictly increasing within itself,
//! without a lock. Requires the `generate` feature (default).

use tick_sequence::{LocalSequence, Start};

use crate::Uuid7;
use crate::generate::{TICK_NS, clamp, pack, used_up};
use crate::id::COUNTER_BITS;

/// A UUIDv7 generator of its own: each id greater than every id this value made before, with
/// no lock and no shared state, for a caller that keeps one per thread, per task or per
/// stream. Requires the `generate` feature (default).
///
/// The same layout, clock, rule and [`POLICY`](crate::POLICY) as [`generate`](crate::generate)
/// (a millisecond timestamp, a 74-bit counter with a random start in each new millisecond,
/// + 1 per id), with a narrower scope:
///
/// - **Order within the generator only.** The ids of one `Generator` increase; the ids of two
///   generators (or of a generator and [`generate`](crate::generate)) are not ordered among
///   themselves, only unique: each draws its own random start for every millisecond from a
///   CSPRNG, so two streams collide with the probability of two random 74-bit values.
/// - **Fork.** A child of `fork` has a copy of the generator; its first id in the child sees
///   the new [fork epoch](tick_sequence#fork) and starts afresh from a new random start, so
///   the child never repeats the parent's ids.
/// - **Freshness.** As [`generate`](crate::generate): the timestamp is the clock's millisecond
///   at the call, never later than the clock when the id is returned, except after the clock
///   stepped back or when the counter of a millisecond is used up (see
///   [`tick_sequence`](tick_sequence#freshness)).
/// - **Range.** As [`generate`](crate::generate): a clock past the last millisecond a UUIDv7
///   holds reads as that millisecond, and once its counter is used up the generator panics
///   rather than repeat an id.
///
/// Not `Clone`: a copy would make the same ids as the original. It is `Send`: move it to
/// another thread, or keep one in a thread-local.
///
/// # Examples
///
/// ```
/// use uuid7::{Generator, Uuid7};
///
/// let mut generator = Generator::new();
/// let first = generator.generate();
/// let second = generator.generate();
/// assert!(first < second);
///
/// let mut batch = [Uuid7::MIN; 100];
/// generator.fill(&mut batch);
/// assert!(second < batch[0]);
/// assert!(batch.windows(2).all(|pair| pair[0] < pair[1]));
/// ```
///
/// One generator per thread, without a lock:
///
/// ```
/// use std::cell::RefCell;
/// use uuid7::Generator;
///
/// thread_local! {
///     static GENERATOR: RefCell<Generator> = const { RefCell::new(Generator::new()) };
/// }
/// let id = GENERATOR.with_borrow_mut(Generator::generate);
/// assert!(GENERATOR.with_borrow_mut(Generator::generate) > id);
/// ```
pub struct Generator {
    sequence: LocalSequence,
}

impl Generator {
    /// A generator that has made no id yet. Cheap: nothing is drawn or read until the first
    /// id.
    ///
    /// ```
    /// let mut generator = uuid7::Generator::new();
    /// assert!(generator.generate().timestamp_ms() > 1_700_000_000_000);
    /// ```
    #[must_use]
    pub const fn new() -> Generator {
        Generator {
            sequence: LocalSequence::new(COUNTER_BITS, TICK_NS, Start::Random),
        }
    }

    /// The next id of this generator: greater than every id it made before.
    ///
    /// ```
    /// let mut generator = uuid7::Generator::new();
    /// let ids: Vec<_> = (0..1000).map(|_| generator.generate()).collect();
    /// assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    /// ```
    #[inline]
    #[must_use]
    pub fn generate(&mut self) -> Uuid7 {
        let (tick, counter) = match self.sequence.try_next_with(clamp) {
            Ok(pair) => pair,
            Err(never) => match never {},
        };
        pack(tick, counter).unwrap_or_else(|error| used_up(&error))
    }

    /// Fills `out` with the next ids of this generator, in increasing order: the same ids as
    /// `out.len()` calls to [`generate`](Self::generate) with one clock reading.
    ///
    /// At the end of the range, as [`uuid7::fill`](crate::fill): if the counter of the last
    /// millisecond runs out during the fill, it panics rather than repeat an id.
    ///
    /// ```
    /// let mut generator = uuid7::Generator::new();
    /// let mut ids = [uuid7::Uuid7::MIN; 1000];
    /// generator.fill(&mut ids);
    /// assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    /// ```
    pub fn fill(&mut self, out: &mut [Uuid7]) {
        // An empty batch reads no clock.
        if out.is_empty() {
            return;
        }
        let Ok(now_ms) = clamp(self.sequence.now_tick());
        if let Err(error) = self.sequence.try_fill_with_at(now_ms, out, pack) {
            used_up(&error);
        }
    }
}

impl Default for Generator {
    /// [`Generator::new`].
    ///
    /// ```
    /// let mut generator = uuid7::Generator::default();
    /// let _ = generator.generate();
    /// ```
    fn default() -> Generator {
        Generator::new()
    }
}

impl core::fmt::Debug for Generator {
    /// The generator's kind, not its state (which would help predict its next id).
    ///
    /// ```
    /// assert_eq!(format!("{:?}", uuid7::Generator::new()), "Generator { .. }");
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Generator").finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    //! The clock faults through the generator's own sequence, with explicit clock readings
    //! (the generator reads the real clock): the ids the rule predicts, packed as `generate`
    //! packs them.

    use std::prelude::rust_2024::*;

    use test_support::clock_faults::Format;
    use tick_sequence::{LocalSequence, Start};

    use super::{COUNTER_BITS, TICK_NS, pack};
    use crate::{Error, Uuid7};

    const UUID7: Format<Uuid7> = Format::new(1_000, |id: Uuid7| (id.timestamp_ms(), id.counter()))
        .random_starts(COUNTER_BITS)
        .text(|id| id.to_string());

    fn served_by(sequence: &mut LocalSequence) -> impl FnMut(u64) -> Result<Uuid7, Error> + '_ {
        move |now_ms| {
            let (tick, counter) = sequence.next_at(now_ms);
            pack(tick, counter)
        }
    }

    #[test]
    fn a_step_back_a_jump_forward_and_a_stuck_clock_serve_the_ids_the_rule_predicts() {
        let own = || LocalSequence::new(COUNTER_BITS, TICK_NS, Start::Random);
        UUID7.step_back(served_by(&mut own()));
        UUID7.jump_forward(served_by(&mut own()));
        // A 12-bit counter from zero stands in for the real one, which cannot be exhausted in
        // a test: the same rule, packed the same way.
        UUID7.stuck(
            4096,
            served_by(&mut LocalSequence::new(12, TICK_NS, Start::Zero)),
        );
    }
}
