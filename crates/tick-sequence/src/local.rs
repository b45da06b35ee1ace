//! [`LocalSequence`]: the clock rule on a sequence owned by one value, without a lock.

use crate::clock::TickClock;
use crate::counter::{self, Checked, Window};
use crate::rule::Pairs;
use crate::{Start, fork, random};

/// Strictly increasing `(tick, counter)` pairs from one owned value: the same rule, clock and
/// fork handling as [`TickSequence`](crate::TickSequence), behind `&mut self` instead of a
/// lock. For a generator that one thread owns (or that its owner shares behind its own lock).
///
/// **Scope.** The pairs of one `LocalSequence` increase; two of them know nothing of each
/// other. With random starts ([`Start::Random`]: each new tick's counter is drawn from the
/// thread's fork-aware CSPRNG, [`random_bits`](crate::random_bits)), the pairs of separate
/// sequences, in one process or many, are unique with overwhelming probability, not ordered.
///
/// **Fork.** A child of `fork` has a copy of the value; its first use in the child sees the new
/// [fork epoch](crate#fork), forgets the parent's pairs and starts a new tick from a new random
/// start, so that parent and child never share a stream. (With [`Start::Zero`] the child starts
/// again from zero: uniqueness must come from elsewhere, as for Snowflake's worker id.)
///
/// **Clock.** As [`TickSequence::next`](crate::TickSequence::next): the wall clock, or, where
/// the cycle counter is used ([`clock_path`](crate::clock_path)), the wall clock only when the
/// counter says the next tick may have begun; [freshness](crate#freshness) is the same.
///
/// Not `Clone`: a copy would serve the same pairs as the original.
///
/// # Examples
///
/// ```
/// use tick_sequence::{LocalSequence, Start};
///
/// let mut sequence = LocalSequence::new(80, 1_000_000, Start::Random);
/// let first = sequence.next();
/// let second = sequence.next();
/// assert!(second > first);
/// ```
pub struct LocalSequence {
    max: u128,
    bits: u32,
    start: Start,
    tick_ns: u64,
    clock: TickClock,
    /// The fork epoch the pairs belong to; 0 before the first use.
    epoch: u64,
    pairs: Pairs,
    window: Window,
    checked: Checked,
}

impl LocalSequence {
    /// A sequence with a `bits`-wide counter (1 to 80) and ticks of `tick_ns` nanoseconds
    /// since the Unix epoch, whose counter restarts at `start` on every new tick.
    ///
    /// # Panics
    ///
    /// If `bits` is 0 or above 80, or `tick_ns` is 0. In a `const` context this is a
    /// compile-time error instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use tick_sequence::{LocalSequence, Start};
    ///
    /// const FRESH: LocalSequence = LocalSequence::new(74, 1_000_000, Start::Random);
    /// let mut sequence = FRESH;
    /// assert!(sequence.next().1 < 1 << 74);
    /// ```
    #[must_use]
    pub const fn new(bits: u32, tick_ns: u64, start: Start) -> Self {
        assert!(
            bits >= 1 && bits <= 80,
            "LocalSequence::new: bits must be in 1..=80"
        );
        assert!(
            tick_ns >= 1,
            "LocalSequence::new: tick_ns must be at least 1"
        );
        LocalSequence {
            max: (1u128 << bits) - 1,
            bits,
            start,
            tick_ns,
            clock: TickClock::new(tick_ns),
            epoch: 0,
            pairs: Pairs::FRESH,
            window: Window::NONE,
            checked: Checked::NONE,
        }
    }

    /// The width of the counter, in bits.
    ///
    /// ```
    /// # use tick_sequence::{LocalSequence, Start};
    /// assert_eq!(LocalSequence::new(12, 1_000_000, Start::Zero).bits(), 12);
    /// ```
    #[must_use]
    pub const fn bits(&self) -> u32 {
        self.bits
    }

    /// The largest counter value, `2^bits - 1`.
    ///
    /// ```
    /// # use tick_sequence::{LocalSequence, Start};
    /// assert_eq!(LocalSequence::new(12, 1_000_000, Start::Zero).max_counter(), 4095);
    /// ```
    #[must_use]
    pub const fn max_counter(&self) -> u128 {
        self.max
    }

    /// The length of a tick, in nanoseconds.
    ///
    /// ```
    /// # use tick_sequence::{LocalSequence, Start};
    /// assert_eq!(LocalSequence::new(12, 1_000_000, Start::Zero).tick_ns(), 1_000_000);
    /// ```
    #[must_use]
    pub const fn tick_ns(&self) -> u64 {
        self.tick_ns
    }

    /// Where the counter starts on a new tick.
    ///
    /// ```
    /// # use tick_sequence::{LocalSequence, Start};
    /// assert_eq!(LocalSequence::new(12, 1_000_000, Start::Zero).start(), Start::Zero);
    /// ```
    #[must_use]
    pub const fn start(&self) -> Start {
        self.start
    }

    /// The wall clock in this sequence's ticks since the Unix epoch (0 before 1970), as
    /// [`TickSequence::now_tick`](crate::TickSequence::now_tick) reads it.
    ///
    /// ```
    /// # use tick_sequence::{LocalSequence, Start};
    /// let seconds = LocalSequence::new(64, 1_000_000_000, Start::Random);
    /// assert!(seconds.now_tick() > 1_700_000_000);
    /// ```
    #[inline]
    #[must_use]
    pub fn now_tick(&self) -> u64 {
        self.clock.now()
    }

    /// The next pair, from the wall clock (see [`TickSequence::next`](crate::TickSequence::next)).
    ///
    /// ```
    /// # use tick_sequence::{LocalSequence, Start};
    /// let mut sequence = LocalSequence::new(80, 1_000_000, Start::Random);
    /// let first = sequence.next();
    /// assert!(sequence.next() > first);
    /// ```
    #[inline]
    #[allow(
        clippy::should_implement_trait,
        reason = "the name of `TickSequence::next`; the pairs never end, so not an `Iterator`"
    )]
    pub fn next(&mut self) -> (u64, u128) {
        match self.try_next_with(Ok::<u64, core::convert::Infallible>) {
            Ok(pair) => pair,
            Err(never) => match never {},
        }
    }

    /// [`next`](Self::next), with `limit` applied to the clock's reading whenever one is made,
    /// as [`TickSequence::try_next_with`](crate::TickSequence::try_next_with) does: an error
    /// leaves the sequence as it was.
    ///
    /// ```
    /// # use tick_sequence::{LocalSequence, Start};
    /// let mut sequence = LocalSequence::new(80, 1_000_000, Start::Random);
    /// let (ms, _) = sequence.try_next_with(|now| if now < 1 << 48 { Ok(now) } else { Err(now) })?;
    /// assert!(ms > 1_700_000_000_000);
    /// # Ok::<(), u64>(())
    /// ```
    #[inline]
    pub fn try_next_with<E>(
        &mut self,
        limit: impl FnOnce(u64) -> Result<u64, E>,
    ) -> Result<(u64, u128), E> {
        self.sync();
        if let Some(generation) = counter::ready() {
            if self.window.holds(crate::cycles::cycles(), generation)
                && self.pairs.counter < self.max
            {
                self.pairs.counter += 1;
                return Ok((self.pairs.tick, self.pairs.counter));
            }
            self.refresh(generation, limit)
        } else {
            counter::progress();
            let now = limit(self.clock.now())?;
            Ok(self.advance(now))
        }
    }

    /// The counter path when its window does not hold: read the clock, apply the rule, open a
    /// new window on the reading.
    #[cold]
    #[inline(never)]
    fn refresh<E>(
        &mut self,
        generation: u64,
        limit: impl FnOnce(u64) -> Result<u64, E>,
    ) -> Result<(u64, u128), E> {
        let reading = self.clock.read();
        let now = limit(reading.tick)?;
        let pair = self.advance(now);
        self.window = if now == reading.tick {
            counter::window(&reading, &mut self.checked, generation)
        } else {
            Window::NONE
        };
        Ok(pair)
    }

    /// The next pair for the clock reading `now_tick` given by the caller: the whole rule, as
    /// [`TickSequence::next_at`](crate::TickSequence::next_at).
    ///
    /// ```
    /// # use tick_sequence::{LocalSequence, Start};
    /// let mut sequence = LocalSequence::new(2, 1_000_000, Start::Zero);
    /// assert_eq!(sequence.next_at(10), (10, 0)); // a new tick restarts
    /// assert_eq!(sequence.next_at(9), (10, 1)); // a clock that went back counts on
    /// assert_eq!(sequence.next_at(10), (10, 2));
    /// assert_eq!(sequence.next_at(10), (10, 3));
    /// assert_eq!(sequence.next_at(10), (11, 0)); // exhausted: borrow the next tick
    /// ```
    #[inline]
    pub fn next_at(&mut self, now_tick: u64) -> (u64, u128) {
        self.sync();
        self.advance(now_tick)
    }

    /// Fills `out` with `pack` applied to `out.len()` consecutive pairs for the clock reading
    /// `now_tick`: the same pairs as that many calls to [`next_at`](Self::next_at). The first
    /// error of `pack` ends the batch and is returned; the slots from the refused one on are
    /// left as they were, and every pair up to it counts as served.
    ///
    /// ```
    /// # use tick_sequence::{LocalSequence, Start};
    /// let mut sequence = LocalSequence::new(1, 1_000_000, Start::Zero);
    /// let mut pairs = [(0, 0); 5];
    /// let packed: Result<(), ()> = sequence.try_fill_with_at(7, &mut pairs, |t, c| Ok((t, c)));
    /// assert_eq!((packed, pairs), (Ok(()), [(7, 0), (7, 1), (8, 0), (8, 1), (9, 0)]));
    /// ```
    pub fn try_fill_with_at<T, E>(
        &mut self,
        now_tick: u64,
        out: &mut [T],
        pack: impl FnMut(u64, u128) -> Result<T, E>,
    ) -> Result<(), E> {
        let Some((first, rest)) = out.split_first_mut() else {
            return Ok(());
        };
        self.sync();
        let (max, bits, start) = (self.max, self.bits, self.start);
        self.pairs.fill(max, now_tick, first, rest, pack, || {
            first_counter(start, bits)
        })
    }

    /// Forgets the pairs of another process: the first use in a forked child (or the first
    /// use at all) starts afresh.
    #[inline(always)]
    fn sync(&mut self) {
        let tag = fork::tag();
        if self.epoch != tag {
            self.restart(tag);
        }
    }

    #[cold]
    fn restart(&mut self, tag: u64) {
        self.epoch = tag;
        self.pairs = Pairs::FRESH;
        self.window = Window::NONE;
        self.checked = Checked::NONE;
    }

    #[inline(always)]
    fn advance(&mut self, now: u64) -> (u64, u128) {
        let (bits, start) = (self.bits, self.start);
        self.pairs
            .advance(self.max, now, || first_counter(start, bits))
    }
}

/// The counter of a new tick: 0, or `bits` random bits from the thread's fork-aware CSPRNG.
#[inline]
fn first_counter(start: Start, bits: u32) -> u128 {
    match start {
        Start::Zero => 0,
        Start::Random => random_start(bits),
    }
}

/// Out of line: once a tick at most.
#[cold]
#[inline(never)]
fn random_start(bits: u32) -> u128 {
    random::random_bits(bits)
}

impl core::fmt::Debug for LocalSequence {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("LocalSequence")
            .field("bits", &self.bits)
            .field("tick_ns", &self.tick_ns)
            .field("start", &self.start)
            .finish_non_exhaustive()
    }
}
