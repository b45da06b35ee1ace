//! [`Policy`]: how a generator makes its ids, as one value a caller can store beside them.

use core::fmt;

use crate::Start;

/// The version of [the rule](crate#the-rule) this crate applies: it changes whenever a
/// sequence would serve a different pair for the same readings.
pub const RULE_VERSION: u32 = 1;

/// The rule, in words: what a sequence does when the clock steps back and when a tick's
/// counter is exhausted.
pub const RULE: &str = "a new tick restarts the counter; a clock that steps back continues \
                        the last tick (counter + 1); an exhausted counter borrows the next tick; \
                        never waits, never fails on the clock";

/// How fresh an id's tick is: what the clock path ([`clock_path`](crate::clock_path)) and the
/// rule allow, measured against readings of the wall clock made around the call (see
/// [freshness](crate#freshness)).
pub const FRESHNESS: &str = "never later than the clock when the id is returned, except after \
                             the clock stepped back or when a full counter borrowed the next \
                             tick; never earlier than the clock at the call by more than one \
                             tick, except, on the cycle-counter path, for at most one tick after \
                             the clock steps forward or the machine resumes from a suspend that \
                             stopped the counter";

/// Which ids the order holds across: [`TickSequence`](crate::TickSequence)'s (a format's
/// `generate` and `fill`) and [`LocalSequence`](crate::LocalSequence)'s (a format's
/// `Generator`).
pub const SCOPE: &str = "generate and fill: one sequence per process, strictly increasing across \
                         all its threads; a Generator: strictly increasing within that value \
                         only, unique against every other by its random starts; a forked child \
                         starts afresh in both; nothing is ordered across processes";

/// The clock a sequence reads on this target.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub const CLOCK: &str = "Date.now() of the JavaScript runtime (whole milliseconds)";
/// The clock a sequence reads on this target.
#[cfg(unix)]
pub const CLOCK: &str = "the system's wall clock, clock_gettime(CLOCK_REALTIME), read as the \
                         clock path says";
/// The clock a sequence reads on this target.
#[cfg(not(any(unix, all(target_arch = "wasm32", target_os = "unknown"))))]
pub const CLOCK: &str = "the system's wall clock (std::time::SystemTime), read once per id \
                         (once per fill)";

/// The clock a sequence of ticks of a second or longer reads on this target: the coarse wall
/// clock where there is one.
#[cfg(any(target_os = "linux", target_os = "android"))]
pub const COARSE_CLOCK: &str = "the system's coarse wall clock, \
                                clock_gettime(CLOCK_REALTIME_COARSE), behind the exact clock by \
                                less than its resolution (1 to 4 ms), read as the clock path says";
/// The clock a sequence of ticks of a second or longer reads on this target: the coarse wall
/// clock where there is one.
#[cfg(not(any(target_os = "linux", target_os = "android")))]
pub const COARSE_CLOCK: &str = CLOCK;

/// How a generator makes its ids: what decoding an id cannot show (which clock, which counter
/// method, what happens when the clock steps back), as one value to store beside the ids
/// (`Display` writes one line; with the feature `serde` it serializes as a map).
///
/// Each time-ordered format crate has a constant of its own (`ulid::POLICY`,
/// `uuid7::POLICY`, `objectid::POLICY`, `snowflake::POLICY`), built with
/// [`Policy::new`] from the same numbers its sequence is built from.
///
/// ```
/// use tick_sequence::{Policy, Start};
///
/// const POLICY: Policy = Policy::new(
///     "ULID",
///     "48-bit Unix milliseconds, 80-bit counter",
///     1,
///     "the specification's monotonic method: random start in each millisecond, + 1 per id",
///     80,
///     1_000_000,
///     Start::Random,
///     "tick-ulid",
///     "0.1.0",
/// );
/// assert_eq!(POLICY.counter_bits, 80);
/// assert_eq!(POLICY.rule_version, tick_sequence::RULE_VERSION);
/// assert!(POLICY.to_string().starts_with("ULID layout 1 (48-bit Unix milliseconds, 80-bit counter)"));
/// ```
///
/// How this process reads the clock ([`clock_path`](crate::clock_path)) and how it detects a
/// fork ([`fork_detection`](crate::fork_detection)) are not fields, since they are known only
/// once the process runs: `Display` and `serde` add them, as `clock path: …` after the clock
/// and `fork detection: …` at the end (`"clock_path"` and `"fork_detection"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
#[allow(
    clippy::manual_non_exhaustive,
    reason = "the private field is where serde writes the fork detection, not a seal"
)]
pub struct Policy {
    /// The format's name.
    pub format: &'static str,
    /// The fields of an id, high bits first.
    pub layout: &'static str,
    /// The version of the layout: it changes if the same fields were packed otherwise.
    pub layout_version: u32,
    /// The clock the generator reads on this target: [`CLOCK`], or [`COARSE_CLOCK`] for ticks
    /// of a second or longer.
    pub clock: &'static str,
    /// How this process reads the clock, when serialized: the one line of
    /// [`clock_path`](crate::clock_path).
    #[cfg_attr(
        feature = "serde",
        serde(rename = "clock_path", serialize_with = "clock_path")
    )]
    clock_path: (),
    /// The length of a tick, the unit of the timestamp, in nanoseconds.
    pub tick_ns: u64,
    /// The width of the counter within a tick.
    pub counter_bits: u32,
    /// How the counter counts: its start in each tick and its step.
    pub counter: &'static str,
    /// Where the counter starts in each new tick.
    #[cfg_attr(feature = "serde", serde(serialize_with = "start_name"))]
    pub start: Start,
    /// What happens when the clock steps back or a counter is exhausted ([`RULE`]).
    pub rule: &'static str,
    /// The version of that rule ([`RULE_VERSION`]).
    pub rule_version: u32,
    /// How fresh an id's tick is ([`FRESHNESS`]).
    pub freshness: &'static str,
    /// Which ids the order holds across ([`SCOPE`]).
    pub scope: &'static str,
    /// The package that generates.
    pub package: &'static str,
    /// Its version.
    pub version: &'static str,
    /// How this process detects a fork, when serialized: the one line of
    /// [`fork_detection`](crate::fork_detection), read as the policy is written.
    #[cfg_attr(
        feature = "serde",
        serde(rename = "fork_detection", serialize_with = "fork_detection")
    )]
    fork_detection: (),
}

impl Policy {
    /// A format's policy: its own facts, and this crate's clock and rule.
    ///
    /// ```
    /// use tick_sequence::{Policy, Start};
    ///
    /// let policy = Policy::new("Snowflake", "41-bit ms, 10-bit worker, 12-bit sequence", 1,
    ///     "0 in each millisecond, + 1 per id", 12, 1_000_000, Start::Zero, "tick-snowflake", "0.1.0");
    /// assert_eq!(policy.clock, tick_sequence::CLOCK);
    /// assert_eq!(policy.rule, tick_sequence::RULE);
    /// ```
    #[allow(
        clippy::too_many_arguments,
        reason = "a const constructor of a non-exhaustive value: each argument is one field"
    )]
    #[must_use]
    pub const fn new(
        format: &'static str,
        layout: &'static str,
        layout_version: u32,
        counter: &'static str,
        counter_bits: u32,
        tick_ns: u64,
        start: Start,
        package: &'static str,
        version: &'static str,
    ) -> Policy {
        Policy {
            format,
            layout,
            layout_version,
            clock: if tick_ns >= crate::clock::COARSE_TICK_NS {
                COARSE_CLOCK
            } else {
                CLOCK
            },
            clock_path: (),
            tick_ns,
            counter_bits,
            counter,
            start,
            rule: RULE,
            rule_version: RULE_VERSION,
            freshness: FRESHNESS,
            scope: SCOPE,
            package,
            version,
            fork_detection: (),
        }
    }
}

/// One line: `ULID layout 1 (…); tick 1000000 ns; counter 80 bits, …; clock: …; clock path:
/// …; rule 1: …; freshness: …; scope: …; tick-ulid 0.1.0; fork detection: …`.
impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} layout {} ({}); tick {} ns; counter {} bits, {}; clock: {}; clock path: {}; \
             rule {}: {}; freshness: {}; scope: {}; {} {}; fork detection: {}",
            self.format,
            self.layout_version,
            self.layout,
            self.tick_ns,
            self.counter_bits,
            self.counter,
            self.clock,
            crate::clock_path(),
            self.rule_version,
            self.rule,
            self.freshness,
            self.scope,
            self.package,
            self.version,
            crate::fork_detection()
        )
    }
}

/// The line of [`clock_path`](crate::clock_path).
#[cfg(feature = "serde")]
fn clock_path<S: serde::Serializer>(_: &(), serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(&crate::clock_path())
}

/// The line of [`fork_detection`](crate::fork_detection) now.
#[cfg(feature = "serde")]
fn fork_detection<S: serde::Serializer>(_: &(), serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(&crate::fork_detection())
}

/// `"random"` or `"zero"`.
#[cfg(feature = "serde")]
fn start_name<S: serde::Serializer>(start: &Start, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(match start {
        Start::Random => "random",
        Start::Zero => "zero",
    })
}
