//! The three clock faults a time-ordered generator must survive, written once for every
//! format and for the engine: the clock steps back ten seconds ([`Format::step_back`]), jumps
//! an hour ahead ([`Format::jump_forward`]), or is stuck for a million ids
//! ([`Format::stuck`]).
//!
//! Each fault drives a fresh private sequence through `next_at`, a closure that serves the
//! next id for a clock reading in ticks (the sequence's `next_at` and the format's packing, or
//! a public `generate_at`). Every id is checked against the one before it: greater in value
//! and, where the format has a text, in text. Every id is also checked against the exact
//! (tick, counter) that the clock rule predicts for it:
//!
//! ```text
//! now > tick          -> (now, start)          a new tick restarts the counter
//! counter < max       -> (tick, counter + 1)   same tick, or the clock went back
//! otherwise           -> (tick + 1, start)     counter exhausted: borrow the next tick
//! ```
//!
//! where `start` is 0, or a random value that the checks learn from the id that shows it
//! (the ids after it are then predicted from it). The suite knows a format only through a
//! [`Format`], so it depends on no crate of the workspace.
//!
//! ```
//! use test_support::clock_faults::Format;
//!
//! // The rule itself, on one-second ticks and a 12-bit counter from 0, as pairs (tick, counter).
//! let mut last = (0, 0);
//! let next_at = move |now: u64| -> Result<(u64, u128), ()> {
//!     last = match last {
//!         (tick, _) if now > tick => (now, 0),
//!         (tick, counter) if counter < 4095 => (tick, counter + 1),
//!         (tick, _) => (tick + 1, 0),
//!     };
//!     Ok(last)
//! };
//! Format::new(1, |pair| pair).step_back(next_at);
//! ```

use std::fmt::Debug;

/// The clock reading the faults start from: 2025-06-01T12:00:00Z, in seconds since the Unix
/// epoch.
const T_S: u64 = 1_748_779_200;
/// How far the clock steps back in [`Format::step_back`], in seconds.
const STEP_BACK_S: u64 = 10;
/// Readings behind the last tick served in [`Format::step_back`]: one every 10 ms, from 10 s
/// back.
const READINGS_BEHIND: u64 = 1_000;
/// How far the clock jumps in [`Format::jump_forward`], in seconds.
const HOUR_S: u64 = 3_600;
/// Jumps in [`Format::jump_forward`], one hour each.
const JUMPS: u64 = 4;
/// Ids served with the clock stuck, in [`Format::stuck`].
pub const STUCK_IDS: u64 = 1_000_000;
/// In [`Format::stuck`], the text of the ids on both sides of every tick edge is checked, and
/// of every `STUCK_TEXT_EVERY`th id between them: formatting a million ids would take most
/// of the time of the test in a debug build. The text of consecutive ids in one tick is checked
/// id by id in the other two faults.
const STUCK_TEXT_EVERY: u64 = 64;

/// How a sequence starts the counter of a new tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CounterStart {
    /// At 0 (Snowflake): every id of every fault is predicted exactly.
    Zero,
    /// At a random value of `bits` bits (ULID, UUIDv7, ObjectId). The checks learn the start
    /// from the first id of each tick and predict the ids after it from it. `bits` must be at
    /// least 48: the faults count on 1,001 times from one random start and assume no borrow
    /// (one time in 2^38 at 48 bits).
    Random {
        /// The width of the counter.
        bits: u32,
    },
}

/// What the suite needs to know of a format, and the faults. `T` is the id type (for the
/// engine, the pair `(tick, counter)` itself).
#[derive(Clone, Copy, Debug)]
pub struct Format<T> {
    /// Ticks in one second: 1,000 for milliseconds, 1 for seconds.
    ticks_per_second: u64,
    /// The tick (the timestamp, in ticks) and the counter of an id.
    parts: fn(T) -> (u64, u128),
    /// How the sequence of [`step_back`](Self::step_back) and
    /// [`jump_forward`](Self::jump_forward) starts a new tick. ([`stuck`](Self::stuck) takes a
    /// sequence that starts at 0: see there.)
    start: CounterStart,
    /// The canonical text of an id, whose order must be the order of the values.
    text: Option<fn(T) -> String>,
}

impl<T> Format<T>
where
    T: Copy + Ord + Debug,
{
    /// A format of `ticks_per_second` ticks a second (1,000 for milliseconds, 1 for seconds)
    /// whose ids have the tick and counter that `parts` reads, with counters from 0 and no
    /// text: the engine's pairs. [`random_starts`](Self::random_starts) and
    /// [`text`](Self::text) describe the rest.
    pub const fn new(ticks_per_second: u64, parts: fn(T) -> (u64, u128)) -> Self {
        Format {
            ticks_per_second,
            parts,
            start: CounterStart::Zero,
            text: None,
        }
    }

    /// The format, with counters that start at a random value of `bits` bits on each new tick.
    pub const fn random_starts(self, bits: u32) -> Self {
        Format {
            start: CounterStart::Random { bits },
            ..self
        }
    }

    /// The format, with a canonical text (`text` of an id) whose order must follow the order of
    /// the ids.
    pub const fn text(self, text: fn(T) -> String) -> Self {
        Format {
            text: Some(text),
            ..self
        }
    }

    /// `seconds`, in ticks.
    fn ticks(&self, seconds: u64) -> u64 {
        seconds * self.ticks_per_second
    }

    /// The name of a tick, for messages.
    fn tick_name(&self) -> &'static str {
        match self.ticks_per_second {
            1 => "second",
            1_000 => "millisecond",
            _ => "tick",
        }
    }

    /// The clock steps back ten seconds and walks forward 10 ms per id: 1,000 readings behind
    /// the last tick served, then a reading at that tick, then one past it.
    ///
    /// Predicted: every reading behind the tick, and the reading at it, is served in that tick
    /// with the next counter (the tick holds until the clock passes it); the reading past it
    /// is served in the new tick with a fresh start (0, or a random value that is not the old
    /// counter counting on), and the next id counts on from there. Value and text increase
    /// throughout.
    ///
    /// # Panics
    ///
    /// On any id that differs from the prediction, does not increase, or is an error.
    pub fn step_back<E: Debug>(&self, next_at: impl FnMut(u64) -> Result<T, E>) {
        let (mut ids, t) = (Ids::new(self, next_at), self.ticks(T_S));
        let first = ids.fresh_start(t, t, None);
        for step in 1..=READINGS_BEHIND {
            // From T - 10 s, 10 ms forward per reading: to T - 10 ms (T - 1 s for one-second
            // ticks), all behind T.
            let walked = 10 * (step - 1) * self.ticks_per_second / 1_000;
            ids.expect(
                t - self.ticks(STEP_BACK_S) + walked,
                t,
                first + u128::from(step),
            );
        }
        // The clock is back at T: still T, the counter goes on.
        let at_t = ids.expect(t, t, first + u128::from(READINGS_BEHIND) + 1);
        // The clock passes T: the tick is the clock's again, with a fresh start.
        let passed = ids.fresh_start(t + 1, t + 1, Some(at_t + 1));
        ids.expect(t + 1, t + 1, passed + 1);
    }

    /// The clock jumps an hour ahead, four times, after ten ids at T; then it comes back to
    /// T + 1 tick, four hours behind the last tick served.
    ///
    /// Predicted: each jump serves the new tick with a fresh start (0, or a random value that
    /// is not the old counter counting on; the four random starts differ and use the width of
    /// the counter), and the next id in it counts on; back at T + 1 tick, the last tick holds
    /// and its counter goes on. Value and text increase throughout.
    ///
    /// # Panics
    ///
    /// On any id that differs from the prediction, does not increase, or is an error.
    pub fn jump_forward<E: Debug>(&self, next_at: impl FnMut(u64) -> Result<T, E>) {
        let (mut ids, t) = (Ids::new(self, next_at), self.ticks(T_S));
        let mut last = ids.fresh_start(t, t, None);
        for _ in 1..10 {
            last = ids.expect(t, t, last + 1);
        }
        let mut starts = Vec::new();
        let mut tick = t;
        for jump in 1..=JUMPS {
            tick = t + jump * self.ticks(HOUR_S);
            let start = ids.fresh_start(tick, tick, Some(last + 1));
            last = ids.expect(tick, tick, start + 1);
            starts.push(start);
        }
        // The clock comes back to normal, hours behind the last tick served: that tick holds.
        ids.expect(t + 1, tick, last + 1);
        if let CounterStart::Random { bits } = self.start {
            // Two equal starts, or four below 2^(bits - 16): one time in 2^(bits - 3) or 2^64.
            assert!(
                starts.windows(2).all(|pair| pair[0] != pair[1]),
                "random starts repeat: {starts:?}"
            );
            assert!(
                starts.iter().any(|&start| start >> (bits - 16) != 0),
                "four random starts all below 2^{}: {starts:?}",
                bits - 16
            );
        }
    }

    /// The clock is stuck at T for [`STUCK_IDS`] ids; then it jumps an hour ahead, and comes
    /// back.
    ///
    /// `next_at` serves from a sequence whose counter starts at 0 on every tick and holds
    /// `ids_per_tick` values (4,096 for a 12-bit counter: Snowflake's own, or a 12-bit
    /// stand-in packed like the format's counter, which could not be exhausted in a test).
    ///
    /// Predicted: id `i` (from 0) is counter `i % ids_per_tick` of tick
    /// `T + i / ids_per_tick`, so the timestamp drifts one tick ahead of the stuck clock per
    /// `ids_per_tick` ids: with 4,096, the last of a million ids is in tick T + 244
    /// (244 × 4,096 = 999,424 ≤ 999,999) with counter 575. The jump from that
    /// borrowed tick serves the new tick at counter 0, and the clock back at T + 1 tick
    /// continues it. Every id is checked in value against the one before it, and the text of
    /// the ids on both sides of every tick edge and at intervals.
    ///
    /// # Panics
    ///
    /// On any id that differs from the prediction, does not increase, or is an error.
    pub fn stuck<E: Debug>(&self, ids_per_tick: u64, next_at: impl FnMut(u64) -> Result<T, E>) {
        let (mut ids, t) = (Ids::new(self, next_at), self.ticks(T_S));
        ids.expect(t, t, 0);
        for i in 1..STUCK_IDS {
            let (tick, counter) = (t + i / ids_per_tick, i % ids_per_tick);
            let edge = counter == 0 || counter == ids_per_tick - 1;
            let id = ids.next(t, edge || i.is_multiple_of(STUCK_TEXT_EVERY));
            // Compared field by field: a tuple comparison costs a chain of calls in a debug
            // build, a million times.
            let (id_tick, id_counter) = (self.parts)(id);
            if id_tick != tick || id_counter != u128::from(counter) {
                panic!(
                    "id {i} of a clock stuck at {t}: {id:?}, not counter {counter} of {} {tick}",
                    self.tick_name()
                );
            }
        }
        let last = STUCK_IDS - 1;
        let drift = last / ids_per_tick;
        assert_eq!(
            ids.last.map(self.parts),
            Some((t + drift, u128::from(last % ids_per_tick))),
            "after {STUCK_IDS} ids, {drift} {}s ahead of the stuck clock",
            self.tick_name()
        );
        // An hour ahead, from the borrowed tick: a new tick, at 0. Back to normal: it holds.
        let hour = t + self.ticks(HOUR_S);
        ids.expect(hour, hour, 0);
        ids.expect(t + 1, hour, 1);
    }
}

/// The ids served by one fault, each checked against the one before it.
struct Ids<'a, T, F> {
    format: &'a Format<T>,
    next_at: F,
    /// The last id served.
    last: Option<T>,
    /// The text of the last id whose text was checked (empty before any: below every text).
    last_text: String,
    /// Ids served so far.
    served: u64,
}

impl<'a, T, E, F> Ids<'a, T, F>
where
    T: Copy + Ord + Debug,
    E: Debug,
    F: FnMut(u64) -> Result<T, E>,
{
    fn new(format: &'a Format<T>, next_at: F) -> Self {
        Ids {
            format,
            next_at,
            last: None,
            last_text: String::new(),
            served: 0,
        }
    }

    /// The id served for the reading `now`, checked to be greater than the last one in value
    /// and, if `check_text`, in text than the last one whose text was checked.
    fn next(&mut self, now: u64, check_text: bool) -> T {
        let served = self.served;
        let id = match (self.next_at)(now) {
            Ok(id) => id,
            Err(error) => panic!("id {served}, reading {now}: {error:?}"),
        };
        if let Some(last) = self.last
            && id <= last
        {
            panic!("id {served}, reading {now}: {id:?} is not after {last:?}");
        }
        if let (true, Some(text)) = (check_text, self.format.text) {
            let id_text = text(id);
            assert!(
                id_text > self.last_text,
                "id {served}, reading {now}: the text {id_text} of {id:?} is not after {}",
                self.last_text
            );
            self.last_text = id_text;
        }
        self.last = Some(id);
        self.served += 1;
        id
    }

    /// The id served for `now`, checked to be `counter` of `tick`; returns the counter.
    fn expect(&mut self, now: u64, tick: u64, counter: u128) -> u128 {
        let id = self.next(now, true);
        assert_eq!(
            (self.format.parts)(id),
            (tick, counter),
            "id {}, reading {now}: {id:?} is not counter {counter} of {} {tick}",
            self.served - 1,
            self.format.tick_name()
        );
        counter
    }

    /// The id served for `now`, checked to be in `tick` with a fresh start: 0, or a random
    /// value within the width that is not `counted_on` (the old counter counting on; a random
    /// start equals it one time in 2^bits). Returns the start.
    fn fresh_start(&mut self, now: u64, tick: u64, counted_on: Option<u128>) -> u128 {
        let id = self.next(now, true);
        let (id_tick, start) = (self.format.parts)(id);
        let served = self.served - 1;
        assert_eq!(id_tick, tick, "id {served}, reading {now}: {id:?}");
        match self.format.start {
            CounterStart::Zero => {
                assert_eq!(
                    start, 0,
                    "id {served}, reading {now}: {id:?} does not start at 0"
                );
            }
            CounterStart::Random { bits } => {
                assert!(
                    bits >= 48,
                    "{bits}-bit random starts are too narrow for the suite"
                );
                assert!(
                    start >> bits == 0,
                    "id {served}: the start {start} has more than {bits} bits"
                );
                assert_ne!(
                    Some(start),
                    counted_on,
                    "id {served}, reading {now}: {id:?} counts on instead of starting afresh"
                );
            }
        }
        start
    }
}
