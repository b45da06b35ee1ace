//! [`TickSequence`]: the clock rule behind one lock.

use core::convert::Infallible;

use rand::rngs::StdRng;

use crate::clock::TickClock;
use crate::counter::{self, Checked, Window};
use crate::lock::EpochLock;
use crate::rule::Pairs;
use crate::{fork, random};

/// Where the counter starts on a new tick.
///
/// ```
/// use tick_sequence::{Start, TickSequence};
///
/// let zero = TickSequence::new(12, 1_000_000, Start::Zero);
/// assert_eq!(zero.next_at(7), (7, 0));
/// let random = TickSequence::new(12, 1_000_000, Start::Random);
/// assert!(random.next_at(7).1 < 4096);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Start {
    /// A uniformly random value of the counter's width, from a CSPRNG owned by the sequence:
    /// identifiers from independent processes do not collide (ULID, UUIDv7, ObjectId).
    Random,
    /// Zero: uniqueness across processes comes from elsewhere (Snowflake's worker id).
    Zero,
}

/// Strictly increasing `(tick, counter)` pairs, from any number of threads.
///
/// The whole rule, applied under one lock to the clock reading `now` (in ticks):
///
/// ```text
/// now > tick          -> (now, start())          a new tick restarts the counter
/// counter < max       -> (tick, counter + 1)     same tick, or the clock went back
/// otherwise           -> (tick + 1, start())     counter exhausted: borrow the next tick
/// ```
///
/// No case fails, waits or allocates. See the [crate documentation](crate) for the
/// guarantee, its scope, and what happens across `fork`.
///
/// # Examples
///
/// A format keeps its process-wide sequence in a plain `static`:
///
/// ```
/// use tick_sequence::{Start, TickSequence};
///
/// // 1 ms ticks, a 12-bit counter starting at zero.
/// static SEQUENCE: TickSequence = TickSequence::new(12, 1_000_000, Start::Zero);
///
/// let (t1, c1) = SEQUENCE.next();
/// let (t2, c2) = SEQUENCE.next();
/// assert!((t2, c2) > (t1, c1));
/// ```
///
/// Invalid parameters are rejected at compile time in a `const` context:
///
/// ```compile_fail
/// use tick_sequence::{Start, TickSequence};
///
/// static TOO_WIDE: TickSequence = TickSequence::new(81, 1_000_000, Start::Random);
/// ```
pub struct TickSequence {
    max: u128,
    bits: u32,
    start: Start,
    tick_ns: u64,
    clock: TickClock,
    /// Reset on first use and on first use in a forked child (see [`fork::tag`]).
    state: EpochLock<State>,
}

/// What the lock protects.
struct State {
    pairs: Pairs,
    /// Seeded from the OS on first use and again after a fork.
    rng: Option<StdRng>,
    /// While it holds, the wall clock is at most `pairs.tick` (see [`counter`]).
    window: Window,
    /// The last reading on the counter path, for the re-check of the next one.
    checked: Checked,
}

impl State {
    const FRESH: State = State {
        pairs: Pairs::FRESH,
        rng: None,
        window: Window::NONE,
        checked: Checked::NONE,
    };

    /// On first use in a process (the first, or a forked child): forget the pairs and the
    /// generator of any other process.
    #[cold]
    fn reset(&mut self) {
        *self = State::FRESH;
    }
}

impl TickSequence {
    /// A sequence with a `bits`-wide counter (1 to 80) and ticks of `tick_ns` nanoseconds
    /// since the Unix epoch, whose counter restarts at `start` on every new tick.
    ///
    /// # Panics
    ///
    /// If `bits` is 0 or above 80, or `tick_ns` is 0. In a `const` or `static` initializer
    /// this is a compile-time error instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use tick_sequence::{Start, TickSequence};
    ///
    /// // ObjectId: 1 s ticks, a 64-bit counter with a random start.
    /// static OBJECT_IDS: TickSequence = TickSequence::new(64, 1_000_000_000, Start::Random);
    /// assert_eq!(OBJECT_IDS.max_counter(), u64::MAX as u128);
    /// ```
    #[must_use]
    pub const fn new(bits: u32, tick_ns: u64, start: Start) -> Self {
        assert!(
            bits >= 1 && bits <= 80,
            "TickSequence::new: bits must be in 1..=80"
        );
        assert!(
            tick_ns >= 1,
            "TickSequence::new: tick_ns must be at least 1"
        );
        TickSequence {
            max: (1u128 << bits) - 1,
            bits,
            start,
            tick_ns,
            clock: TickClock::new(tick_ns),
            state: EpochLock::new(State::FRESH),
        }
    }

    /// The width of the counter, in bits.
    ///
    /// ```
    /// # use tick_sequence::{Start, TickSequence};
    /// assert_eq!(TickSequence::new(12, 1_000_000, Start::Zero).bits(), 12);
    /// ```
    #[must_use]
    pub const fn bits(&self) -> u32 {
        self.bits
    }

    /// The largest counter value, `2^bits - 1`.
    ///
    /// ```
    /// # use tick_sequence::{Start, TickSequence};
    /// assert_eq!(TickSequence::new(12, 1_000_000, Start::Zero).max_counter(), 4095);
    /// ```
    #[must_use]
    pub const fn max_counter(&self) -> u128 {
        self.max
    }

    /// The length of a tick, in nanoseconds.
    ///
    /// ```
    /// # use tick_sequence::{Start, TickSequence};
    /// assert_eq!(TickSequence::new(12, 1_000_000, Start::Zero).tick_ns(), 1_000_000);
    /// ```
    #[must_use]
    pub const fn tick_ns(&self) -> u64 {
        self.tick_ns
    }

    /// Where the counter starts on a new tick.
    ///
    /// ```
    /// # use tick_sequence::{Start, TickSequence};
    /// assert_eq!(TickSequence::new(12, 1_000_000, Start::Zero).start(), Start::Zero);
    /// ```
    #[must_use]
    pub const fn start(&self) -> Start {
        self.start
    }

    /// The wall clock in this sequence's ticks since the Unix epoch (0 before 1970). This is
    /// the reading [`next`](Self::next) uses.
    ///
    /// Ticks of a second or longer read the coarse wall clock on Linux and Android
    /// (`CLOCK_REALTIME_COARSE`: a few nanoseconds a reading instead of about twenty). It is
    /// behind the exact clock by less than its resolution (the kernel's tick, 1 to 4 ms), so
    /// a reading within that much after a second's start may give the second before. Other
    /// platforms, and shorter ticks, read the exact clock. ([`COARSE_CLOCK`](crate::COARSE_CLOCK)
    /// and [`CLOCK`](crate::CLOCK) say which.)
    ///
    /// ```
    /// # use tick_sequence::{Start, TickSequence};
    /// let seconds = TickSequence::new(64, 1_000_000_000, Start::Random);
    /// assert!(seconds.now_tick() > 1_700_000_000);
    /// ```
    #[inline]
    #[must_use]
    pub fn now_tick(&self) -> u64 {
        self.clock.now()
    }

    /// The next pair, from the wall clock.
    ///
    /// The clock is read before the lock is taken; a reading made stale by a wait for the
    /// lock counts as "the clock went back", so order holds regardless. Where the cycle
    /// counter is used ([`clock_path`](crate::clock_path)), the clock is read only when the
    /// counter says the next tick may have begun; the pair is then the same as for a reading
    /// made at the call (see [freshness](crate#freshness)).
    ///
    /// Not async-signal-safe: see [the crate documentation](crate#signal-handlers).
    ///
    /// ```
    /// # use tick_sequence::{Start, TickSequence};
    /// static SEQUENCE: TickSequence = TickSequence::new(80, 1_000_000, Start::Random);
    /// let first = SEQUENCE.next();
    /// assert!(SEQUENCE.next() > first);
    /// ```
    // Always inlined: a call, and the pair returned through memory, would cost as much as
    // the lock.
    #[inline(always)]
    pub fn next(&self) -> (u64, u128) {
        match self.try_next_with(Ok::<u64, Infallible>) {
            Ok(pair) => pair,
            Err(never) => match never {},
        }
    }

    /// [`next`](Self::next), with `limit` applied to the clock's reading whenever one is
    /// made: it returns the tick to apply the rule to (the reading itself, or one it clamps
    /// the reading to), or an error, which leaves the sequence as it was. A format whose
    /// timestamp field ends passes its range here.
    ///
    /// Between readings (on the cycle-counter path) the clock is known to be at most the
    /// tick of the last reading, and the pair is served without calling `limit`, when `limit`
    /// returned that reading or raised it (a floor of the caller's): the served tick is then
    /// at or above the clock, and `limit` would raise the readings until the next tick to the
    /// same tick. So `limit` runs once a tick at most, not once a call: a check it makes holds
    /// for the calls of the tick that follows. A reading that `limit` lowered (a clamp to the
    /// end of a range) or refused is never relied on that way: every call after it reads the
    /// clock again.
    ///
    /// Not async-signal-safe: see [the crate documentation](crate#signal-handlers).
    ///
    /// ```
    /// # use tick_sequence::{Start, TickSequence};
    /// static SEQUENCE: TickSequence = TickSequence::new(80, 1_000_000, Start::Random);
    /// // Milliseconds up to the year 10889, as a ULID holds them.
    /// let within = |now: u64| if now < 1 << 48 { Ok(now) } else { Err(now) };
    /// let (ms, _) = SEQUENCE.try_next_with(within).unwrap();
    /// assert!(ms > 1_700_000_000_000);
    /// // A sequence that never saw a reading in range refuses.
    /// let late = TickSequence::new(80, 1_000_000, Start::Random);
    /// assert!(late.try_next_with(|now| Err::<u64, _>(now)).is_err());
    /// ```
    #[inline(always)]
    pub fn try_next_with<E>(
        &self,
        limit: impl FnOnce(u64) -> Result<u64, E>,
    ) -> Result<(u64, u128), E> {
        self.try_next_checked(limit, |_| Ok(()))
    }

    /// [`try_next_with`](Self::try_next_with), with `accept` asked about the tick of the pair
    /// that follows each reading: a tick it accepts is served, without asking again, to the
    /// calls of that tick up to the next reading; a tick it refuses is used up (the pair is
    /// not served again) and every call after it reads the clock again.
    ///
    /// So `accept` runs once a tick at most, where a check of each pair would run once a
    /// call: it suits a check whose answer, once yes for a tick, stays yes (a ceiling that
    /// only rises). The pairs between two readings all have the accepted tick: a pair moved
    /// by [`next_at`](Self::next_at) or a fill is never served without a reading and
    /// `accept`.
    ///
    /// Not async-signal-safe: see [the crate documentation](crate#signal-handlers).
    ///
    /// ```
    /// # use tick_sequence::{Start, TickSequence};
    /// static SEQUENCE: TickSequence = TickSequence::new(12, 1_000_000, Start::Zero);
    /// // Ticks up to a ceiling an hour ahead of the clock.
    /// let ceiling = SEQUENCE.now_tick() + 3_600_000;
    /// let under = |tick: u64| if tick <= ceiling { Ok(()) } else { Err(tick) };
    /// let (ms, _) = SEQUENCE.try_next_checked(Ok, under)?;
    /// assert!(ms <= ceiling);
    /// // A tick refused is used up: the call is an error, and the next one reads again.
    /// SEQUENCE.next_at(ceiling + 1);
    /// assert_eq!(SEQUENCE.try_next_checked(Ok, under), Err(ceiling + 1));
    /// # Ok::<(), u64>(())
    /// ```
    #[inline(always)]
    pub fn try_next_checked<E>(
        &self,
        limit: impl FnOnce(u64) -> Result<u64, E>,
        accept: impl FnOnce(u64) -> Result<(), E>,
    ) -> Result<(u64, u128), E> {
        if let Some(generation) = counter::ready() {
            let cycles = crate::cycles::cycles();
            self.state.with(fork::tag(), State::reset, |state| {
                if state.window.holds(cycles, generation) && state.pairs.counter < self.max {
                    state.pairs.counter += 1;
                    Ok((state.pairs.tick, state.pairs.counter))
                } else {
                    self.refresh(state, generation, limit, accept)
                }
            })
        } else {
            counter::progress();
            let now = limit(self.now_tick())?;
            let pair = self.next_at(now);
            accept(pair.0)?;
            Ok(pair)
        }
    }

    /// The counter path when its window does not hold (or the counter is exhausted): read
    /// the clock under the lock, apply the rule, and open a new window on the reading.
    #[cold]
    #[inline(never)]
    fn refresh<E>(
        &self,
        state: &mut State,
        generation: u64,
        limit: impl FnOnce(u64) -> Result<u64, E>,
        accept: impl FnOnce(u64) -> Result<(), E>,
    ) -> Result<(u64, u128), E> {
        let reading = self.clock.read();
        let now = limit(reading.tick)?;
        let pair = self.advance(state, now);
        let accepted = accept(pair.0);
        // The rule left the tick at `now` or later, and `now` is the reading or above it:
        // while the window holds, the clock is at most the served tick, and the served tick
        // is the one `accept` took.
        state.window = if now >= reading.tick && accepted.is_ok() {
            counter::window(&reading, &mut state.checked, generation)
        } else {
            Window::NONE
        };
        accepted.map(|()| pair)
    }

    /// The next pair, with the clock reading `now_tick` given by the caller: the whole rule,
    /// deterministic but for the random starts.
    ///
    /// Not async-signal-safe: see [the crate documentation](crate#signal-handlers).
    ///
    /// ```
    /// # use tick_sequence::{Start, TickSequence};
    /// let sequence = TickSequence::new(2, 1_000_000, Start::Zero);
    /// assert_eq!(sequence.next_at(10), (10, 0)); // a new tick restarts
    /// assert_eq!(sequence.next_at(10), (10, 1)); // the same tick increments
    /// assert_eq!(sequence.next_at(9), (10, 2)); // so does a clock that went back
    /// assert_eq!(sequence.next_at(10), (10, 3));
    /// assert_eq!(sequence.next_at(10), (11, 0)); // exhausted: borrow the next tick
    /// assert_eq!(sequence.next_at(12), (12, 0)); // the clock moves on: restart
    /// ```
    #[inline(always)]
    pub fn next_at(&self, now_tick: u64) -> (u64, u128) {
        self.state.with(fork::tag(), State::reset, |state| {
            // The window serves only the tick its reading was accepted for.
            state.window = Window::NONE;
            self.advance(state, now_tick)
        })
    }

    /// Fills `out` with `pack` applied to `out.len()` consecutive pairs, with one clock
    /// reading and one lock: the same pairs, in the same order, as that many calls to
    /// [`next_at`](Self::next_at) with that reading.
    ///
    /// `pack` runs while the lock is held: it should only pack the pair (it must not use this
    /// sequence, which would deadlock).
    ///
    /// Not async-signal-safe: see [the crate documentation](crate#signal-handlers).
    ///
    /// ```
    /// # use tick_sequence::{Start, TickSequence};
    /// static SEQUENCE: TickSequence = TickSequence::new(80, 1_000_000, Start::Random);
    /// let mut ids = [0u128; 100];
    /// SEQUENCE.fill_with(&mut ids, |tick, counter| (u128::from(tick) << 80) | counter);
    /// assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    /// ```
    #[inline]
    pub fn fill_with<T>(&self, out: &mut [T], mut pack: impl FnMut(u64, u128) -> T) {
        let filled: Result<(), core::convert::Infallible> =
            self.try_fill_with(out, |tick, counter| Ok(pack(tick, counter)));
        let Ok(()) = filled;
    }

    /// [`fill_with`](Self::fill_with) with the clock reading given by the caller.
    ///
    /// Not async-signal-safe: see [the crate documentation](crate#signal-handlers).
    ///
    /// ```
    /// # use tick_sequence::{Start, TickSequence};
    /// let sequence = TickSequence::new(1, 1_000_000, Start::Zero);
    /// let mut pairs = [(0, 0); 5];
    /// sequence.fill_with_at(7, &mut pairs, |tick, counter| (tick, counter));
    /// assert_eq!(pairs, [(7, 0), (7, 1), (8, 0), (8, 1), (9, 0)]);
    /// ```
    #[inline]
    pub fn fill_with_at<T>(
        &self,
        now_tick: u64,
        out: &mut [T],
        mut pack: impl FnMut(u64, u128) -> T,
    ) {
        let filled: Result<(), core::convert::Infallible> =
            self.try_fill_with_at(now_tick, out, |tick, counter| Ok(pack(tick, counter)));
        let Ok(()) = filled;
    }

    /// [`fill_with`](Self::fill_with) for a `pack` that can refuse a pair (a format whose
    /// timestamp field a borrowed tick has outgrown): the first error ends the batch, is
    /// returned once the lock is released, and leaves the slots from the refused one on as
    /// they were. Every pair up to the refused one counts as served: none is served again.
    ///
    /// Not async-signal-safe: see [the crate documentation](crate#signal-handlers).
    ///
    /// ```
    /// # use tick_sequence::{Start, TickSequence};
    /// // A 1-bit counter and a tick field that ends at 8.
    /// let sequence = TickSequence::new(1, 1_000_000, Start::Zero);
    /// let pack = |tick: u64, counter: u128| if tick > 8 { Err(tick) } else { Ok((tick, counter)) };
    /// let mut pairs = [(0, 0); 4];
    /// assert_eq!(sequence.try_fill_with_at(8, &mut pairs, pack), Err(9));
    /// assert_eq!(pairs, [(8, 0), (8, 1), (0, 0), (0, 0)]);
    /// // The refused pair (9, 0) was used up.
    /// assert_eq!(sequence.next_at(8), (9, 1));
    /// ```
    #[inline]
    pub fn try_fill_with<T, E>(
        &self,
        out: &mut [T],
        pack: impl FnMut(u64, u128) -> Result<T, E>,
    ) -> Result<(), E> {
        // An empty batch reads no clock and takes no lock.
        if out.is_empty() {
            return Ok(());
        }
        let now = self.now_tick();
        self.try_fill_with_at(now, out, pack)
    }

    /// [`try_fill_with`](Self::try_fill_with) with the clock reading given by the caller.
    ///
    /// Not async-signal-safe: see [the crate documentation](crate#signal-handlers).
    ///
    /// ```
    /// # use tick_sequence::{Start, TickSequence};
    /// let sequence = TickSequence::new(8, 1_000_000, Start::Zero);
    /// let mut ticks = [0u64; 3];
    /// let packed: Result<(), ()> = sequence.try_fill_with_at(5, &mut ticks, |t, _| Ok(t));
    /// assert_eq!((packed, ticks), (Ok(()), [5, 5, 5]));
    /// ```
    #[inline]
    pub fn try_fill_with_at<T, E>(
        &self,
        now_tick: u64,
        out: &mut [T],
        pack: impl FnMut(u64, u128) -> Result<T, E>,
    ) -> Result<(), E> {
        let Some((first, rest)) = out.split_first_mut() else {
            return Ok(());
        };
        self.state.with(fork::tag(), State::reset, |state| {
            self.fill_locked(state, now_tick, first, rest, pack)
        })
    }

    /// The body of [`try_fill_with_at`](Self::try_fill_with_at), under the lock.
    #[inline(always)]
    fn fill_locked<T, E>(
        &self,
        state: &mut State,
        now_tick: u64,
        first: &mut T,
        rest: &mut [T],
        pack: impl FnMut(u64, u128) -> Result<T, E>,
    ) -> Result<(), E> {
        // The window serves only the tick its reading was accepted for.
        state.window = Window::NONE;
        let rng = &mut state.rng;
        state.pairs.fill(self.max, now_tick, first, rest, pack, || {
            self.first_counter(rng)
        })
    }

    /// The rule, on the locked state.
    #[inline(always)]
    fn advance(&self, state: &mut State, now: u64) -> (u64, u128) {
        let rng = &mut state.rng;
        state
            .pairs
            .advance(self.max, now, || self.first_counter(rng))
    }

    #[inline]
    fn first_counter(&self, rng: &mut Option<StdRng>) -> u128 {
        match self.start {
            Start::Zero => 0,
            Start::Random => self.random_counter(rng),
        }
    }

    /// Out of line: once a tick at most, and it would otherwise bloat every caller with the
    /// generator's code.
    #[cold]
    #[inline(never)]
    fn random_counter(&self, rng: &mut Option<StdRng>) -> u128 {
        random::draw_u128(rng.get_or_insert_with(random::seeded)) & self.max
    }
}

impl core::fmt::Debug for TickSequence {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("TickSequence")
            .field("bits", &self.bits)
            .field("tick_ns", &self.tick_ns)
            .field("start", &self.start)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::{Start, TickSequence};
    use crate::clock::tests::READS;
    use std::sync::mpsc;
    use std::time::Duration;

    #[test]
    fn an_empty_fill_reads_no_clock_and_takes_no_lock() {
        static SEQUENCE: TickSequence = TickSequence::new(80, 1_000_000, Start::Random);
        let (locked_tx, locked_rx) = mpsc::channel();
        let (release_tx, release_rx) = mpsc::channel::<()>();
        // Holds the lock (`pack` runs under it) until released.
        let holder = std::thread::spawn(move || {
            SEQUENCE.fill_with(&mut [0u8; 1], |_, _| {
                locked_tx.send(()).unwrap();
                release_rx.recv().unwrap();
                0
            });
        });
        locked_rx.recv().unwrap();
        let (done_tx, done_rx) = mpsc::channel();
        std::thread::spawn(move || {
            let before = READS.with(|reads| reads.get());
            let mut empty: [u8; 0] = [];
            SEQUENCE.fill_with(&mut empty, |_, _| 0);
            let filled: Result<(), ()> = SEQUENCE.try_fill_with(&mut empty, |_, _| Ok(0));
            done_tx
                .send((READS.with(|reads| reads.get()) - before, filled))
                .unwrap();
        });
        let outcome = done_rx.recv_timeout(Duration::from_secs(10));
        release_tx.send(()).unwrap();
        holder.join().unwrap();
        assert_eq!(
            outcome,
            Ok((0, Ok(()))),
            "clock readings of two empty fills, made while another thread held the lock"
        );
    }
}
