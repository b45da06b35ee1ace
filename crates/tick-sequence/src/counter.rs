//! The processor's cycle counter, as a cheap answer to one question: may the wall clock have
//! reached the next tick since it was last read?
//!
//! Reading the wall clock costs 25 to 35 ns; reading the cycle counter (`rdtsc` on x86-64,
//! `CNTVCT_EL0` on AArch64) about half that. So a sequence reads the wall clock once, notes
//! how many nanoseconds are left in its tick and converts them into cycles: a *window*. Until
//! the counter leaves the window, the wall clock is known to be still in that tick, at most,
//! and the sequence serves the next counter value of its last tick without reading it. The
//! counter never supplies a time: every tick served is one the wall clock showed (or a tick the
//! rule borrowed), so a counter that is wrong can make an id stale, never later than the
//! clock.
//!
//! The counter is used where it is as trustworthy as the kernel's own clock: Linux on x86-64
//! or AArch64 whose current clocksource is that counter (`tsc`, `arch_sys_counter`), on x86-64
//! with an invariant TSC (CPUID). Its rate is measured against `CLOCK_MONOTONIC` over a few
//! milliseconds at the first use (ids read the wall clock meanwhile), and re-checked against
//! the wall clock at every reading a sequence makes: a difference of more than 1/32 of the
//! time between two readings (plus their jitter) starts a new measurement. Everywhere else,
//! and when `TICK_SEQUENCE_CYCLE_COUNTER=off` is in the environment at the first use, every id
//! reads the wall clock.

#[cfg(cycle_counter)]
use crate::cycles::cycles;
use core::fmt;
#[cfg(cycle_counter)]
use core::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// How long the rate is measured at the first use, and after a re-check failed.
#[cfg(cycle_counter)]
const CALIBRATION_NS: u64 = 2_000_000;
/// Cycles that must pass before a measurement looks at the monotonic clock: at most a
/// millisecond at any rate above 2 GHz, and no clock reading per id meanwhile.
#[cfg(cycle_counter)]
const CALIBRATION_CYCLES: u64 = 1 << 21;
/// The longest window, in nanoseconds: a long tick (ObjectId's second) reads the clock at least
/// this often, so that a step of the clock or a suspend shows within it.
#[cfg(cycle_counter)]
const MAX_WINDOW_NS: u64 = 100_000_000;
/// The share of the time between two readings that a re-check lets the counter and the wall
/// clock disagree by: 1/32, beside the readings' jitter below.
#[cfg(cycle_counter)]
pub(crate) const RECHECK_SHARE: u64 = 32;
/// How far a re-check lets the counter and an exact wall clock disagree, beyond 1/32 of the
/// time between the two readings: the jitter of the readings.
#[cfg(cycle_counter)]
const RECHECK_SLACK_NS: u64 = 50_000;
/// The same for the coarse clock, which lags the exact one by up to its resolution (4 ms).
#[cfg(cycle_counter)]
const RECHECK_SLACK_COARSE_NS: u64 = 10_000_000;
/// Measurements that disagree with the one before by more than 1/100, after which the counter
/// is given up for the life of the process.
#[cfg(cycle_counter)]
const MAX_CHANGES_OF_RATE: u8 = 8;

/// `MODE`'s kinds, in its low three bits; the rest is the kind's payload.
#[cfg(cycle_counter)]
mod kind {
    /// Not decided yet.
    pub(super) const UNKNOWN: u64 = 0;
    /// A thread of the fork epoch in the payload is deciding or measuring.
    pub(super) const BUSY: u64 = 1;
    /// The wall clock for every id ([`super::DECISION`] says why).
    pub(super) const UNUSED: u64 = 2;
    /// Measuring the rate from [`super::BASE_CYCLES`] and [`super::BASE_NS`].
    pub(super) const CALIBRATING: u64 = 3;
    /// The rate is known; the payload is the calibration's generation.
    pub(super) const READY: u64 = 4;
}

#[cfg(cycle_counter)]
static MODE: AtomicU64 = AtomicU64::new(kind::UNKNOWN);
/// The start of the current measurement: the cycle count and `CLOCK_MONOTONIC` at it.
#[cfg(cycle_counter)]
static BASE_CYCLES: AtomicU64 = AtomicU64::new(0);
#[cfg(cycle_counter)]
static BASE_NS: AtomicU64 = AtomicU64::new(0);
/// Cycles per nanosecond and nanoseconds per cycle, with 32 fractional bits.
#[cfg(cycle_counter)]
static CYCLES_PER_NS: AtomicU64 = AtomicU64::new(0);
#[cfg(cycle_counter)]
static NS_PER_CYCLE: AtomicU64 = AtomicU64::new(0);
/// Generations of the calibration handed out: a window records the one it was made under.
#[cfg(cycle_counter)]
static GENERATION: AtomicU64 = AtomicU64::new(0);
/// Measurements that changed the rate by more than 1/100.
#[cfg(cycle_counter)]
static CHANGES_OF_RATE: AtomicU8 = AtomicU8::new(0);
/// Re-checks that failed, for the tests and the benchmarks' report.
#[cfg(cycle_counter)]
static FAILED_RECHECKS: AtomicU64 = AtomicU64::new(0);

/// What the first use decided: 0 until then, else a [`Decision`] as its index plus one.
#[cfg(cycle_counter)]
static DECISION: AtomicU8 = AtomicU8::new(0);

/// The environment variable that turns the cycle counter off, read once, at the first use.
pub const CYCLE_COUNTER_ENV: &str = "TICK_SEQUENCE_CYCLE_COUNTER";

/// How a sequence learns that the wall clock may have reached its next tick: the clock path
/// chosen for this process, which every format's [`Policy`](crate::Policy) reports (`clock
/// path: …`). [`clock_path`] returns it; `Display` says it in one line.
///
/// ```
/// use tick_sequence::ClockPath;
///
/// match tick_sequence::clock_path() {
///     ClockPath::CycleCounter { counter } => println!("{counter}, calibrated"),
///     ClockPath::WallClock { reason } => println!("the wall clock for every id: {reason}"),
///     _ => {}
/// }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ClockPath {
    /// The processor's cycle counter, calibrated against the clock: the wall clock is read once
    /// per tick while ids are made (and once per fill), and each reading re-checks the
    /// calibration.
    CycleCounter {
        /// The counter: `"TSC"` (x86-64) or `"CNTVCT_EL0"` (AArch64).
        counter: &'static str,
    },
    /// The wall clock, read for every id (once per fill), as on every target without a
    /// counter to trust.
    WallClock {
        /// Why the counter is not used.
        reason: NoCycleCounter,
    },
}

/// Why [`ClockPath::WallClock`] was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NoCycleCounter {
    /// A target whose counter this crate does not read: anything but Linux on x86-64 or
    /// AArch64 (Windows, macOS, the BSDs, wasm32, …), and Miri.
    Target,
    /// `TICK_SEQUENCE_CYCLE_COUNTER=off` was in the environment at the first use.
    TurnedOff,
    /// The processor does not report an invariant TSC (one that ticks at a constant rate in
    /// every power state).
    NotInvariant,
    /// The kernel's current clocksource is not the counter (in a virtual machine, often
    /// `kvm-clock` or `hyperv_clocksource_tsc_page`): the kernel does not trust it either.
    Clocksource,
    /// The measured rate was implausible, or kept changing: the counter does not track the
    /// clock.
    Unsteady,
}

impl fmt::Display for NoCycleCounter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NoCycleCounter::Target => "no cycle counter is read on this target",
            NoCycleCounter::TurnedOff => {
                "the cycle counter is turned off (TICK_SEQUENCE_CYCLE_COUNTER=off)"
            }
            NoCycleCounter::NotInvariant => "the processor's TSC is not invariant",
            NoCycleCounter::Clocksource => "the kernel's clocksource is not the cycle counter",
            NoCycleCounter::Unsteady => "the cycle counter's rate did not hold against the clock",
        })
    }
}

/// One line: `the TSC, calibrated against CLOCK_MONOTONIC: …`.
impl fmt::Display for ClockPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockPath::CycleCounter { counter } => write!(
                f,
                "the {counter}, calibrated against CLOCK_MONOTONIC, tells when the next tick \
                 may have begun: the wall clock is read then (once per tick while ids are made, \
                 at most 100 ms apart for longer ticks; once per fill), and each reading \
                 re-checks the calibration"
            ),
            ClockPath::WallClock { reason } => {
                write!(
                    f,
                    "the wall clock is read for every id (once per fill): {reason}"
                )
            }
        }
    }
}

/// The clock path of this process: the cycle counter where it can be trusted, else the wall
/// clock for every id. Decided at the first use (this call decides if nothing has yet), from
/// what the machine says, so that two processes on one machine report the same; a counter
/// whose measured rate then does not hold against the clock is given up
/// ([`NoCycleCounter::Unsteady`]).
///
/// ```
/// println!("clock path: {}", tick_sequence::clock_path());
/// ```
#[must_use]
pub fn clock_path() -> ClockPath {
    match decision() {
        Decision::Counter => ClockPath::CycleCounter { counter: COUNTER },
        Decision::No(reason) => ClockPath::WallClock { reason },
    }
}

/// The counter's name.
#[cfg(target_arch = "aarch64")]
const COUNTER: &str = "CNTVCT_EL0";
#[cfg(not(target_arch = "aarch64"))]
const COUNTER: &str = "TSC";

#[cfg_attr(
    not(cycle_counter),
    allow(dead_code, reason = "read on the cycle-counter path only")
)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Decision {
    Counter,
    No(NoCycleCounter),
}

#[cfg(cycle_counter)]
impl Decision {
    const ALL: [Decision; 6] = [
        Decision::Counter,
        Decision::No(NoCycleCounter::Target),
        Decision::No(NoCycleCounter::TurnedOff),
        Decision::No(NoCycleCounter::NotInvariant),
        Decision::No(NoCycleCounter::Clocksource),
        Decision::No(NoCycleCounter::Unsteady),
    ];

    fn code(self) -> u8 {
        let index = Decision::ALL.iter().position(|d| *d == self).unwrap_or(0);
        index as u8 + 1
    }
}

#[cfg(not(cycle_counter))]
fn decision() -> Decision {
    Decision::No(NoCycleCounter::Target)
}

/// The decision, made now if it was not.
#[cfg(cycle_counter)]
fn decision() -> Decision {
    let code = DECISION.load(Ordering::Acquire);
    if let Some(decision) = (code as usize)
        .checked_sub(1)
        .and_then(|i| Decision::ALL.get(i))
    {
        return *decision;
    }
    let decision = decide();
    // Racing deciders find the same facts; a later `Unsteady` is not overwritten.
    let _ = DECISION.compare_exchange(0, decision.code(), Ordering::AcqRel, Ordering::Acquire);
    decision
}

/// What the machine says: the environment, the processor, the kernel's clocksource.
#[cfg(cycle_counter)]
fn decide() -> Decision {
    if turned_off() {
        return Decision::No(NoCycleCounter::TurnedOff);
    }
    if !invariant() {
        return Decision::No(NoCycleCounter::NotInvariant);
    }
    if !clocksource_is_counter() {
        return Decision::No(NoCycleCounter::Clocksource);
    }
    Decision::Counter
}

/// Whether `TICK_SEQUENCE_CYCLE_COUNTER` is `off`. Read with `getenv`, which allocates nothing
/// (a first use may be in a child forked while another thread held the allocator's lock).
#[cfg(cycle_counter)]
fn turned_off() -> bool {
    // SAFETY: the name is a NUL-terminated constant; `getenv` returns NULL or a pointer to a
    // NUL-terminated string of the environment, read before anything can change it (std's
    // `set_var` is `unsafe` for that reason: its callers promise that no other thread reads the
    // environment meanwhile).
    #[allow(unsafe_code)]
    let value = unsafe { libc::getenv(c"TICK_SEQUENCE_CYCLE_COUNTER".as_ptr()) };
    if value.is_null() {
        return false;
    }
    // SAFETY: as above: a NUL-terminated string that lives while the environment is not
    // changed.
    #[allow(unsafe_code)]
    let value = unsafe { core::ffi::CStr::from_ptr(value) };
    value.to_bytes() == b"off"
}

/// CPUID leaf 0x8000_0007, EDX bit 8: the TSC ticks at a constant rate in every power state.
#[cfg(all(target_os = "linux", target_arch = "x86_64", not(miri)))]
fn invariant() -> bool {
    use core::arch::x86_64::{__cpuid, __get_cpuid_max};
    // SAFETY: CPUID exists on every x86-64 processor; the extended leaf is asked only when the
    // processor reports it. (Safe functions on newer compilers.)
    #[allow(unsafe_code, unused_unsafe)]
    let (max, _) = unsafe { __get_cpuid_max(0x8000_0000) };
    if max < 0x8000_0007 {
        return false;
    }
    // SAFETY: as above.
    #[allow(unsafe_code, unused_unsafe)]
    let leaf = unsafe { __cpuid(0x8000_0007) };
    leaf.edx & (1 << 8) != 0
}

/// The generic timer of AArch64 runs at the constant rate of `CNTFRQ_EL0` by the architecture.
#[cfg(all(target_os = "linux", target_arch = "aarch64", not(miri)))]
fn invariant() -> bool {
    true
}

/// Whether `/sys/devices/system/clocksource/clocksource0/current_clocksource` names the counter.
/// Read into a buffer on the stack: no allocation.
#[cfg(cycle_counter)]
fn clocksource_is_counter() -> bool {
    use std::io::Read;
    #[cfg(target_arch = "x86_64")]
    const EXPECTED: &[u8] = b"tsc\n";
    #[cfg(target_arch = "aarch64")]
    const EXPECTED: &[u8] = b"arch_sys_counter\n";
    let path = "/sys/devices/system/clocksource/clocksource0/current_clocksource";
    let Ok(mut file) = std::fs::File::open(path) else {
        return false;
    };
    let mut buffer = [0u8; 64];
    let mut len = 0;
    while len < buffer.len() {
        match file.read(&mut buffer[len..]) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
    buffer.get(..len) == Some(EXPECTED)
}

/// The calibration's generation if the counter is ready: windows made under it hold. One
/// load, on every id.
#[cfg(cycle_counter)]
#[inline(always)]
pub(crate) fn ready() -> Option<u64> {
    let mode = MODE.load(Ordering::Acquire);
    if mode & 7 == kind::READY {
        Some(mode >> 3)
    } else {
        None
    }
}

#[cfg(not(cycle_counter))]
#[inline(always)]
pub(crate) fn ready() -> Option<u64> {
    None
}

/// On the wall-clock path: moves the decision or the measurement on, if either is under way.
/// One load when the counter is not used.
#[cfg(cycle_counter)]
#[inline(always)]
pub(crate) fn progress() {
    let mode = MODE.load(Ordering::Acquire);
    if mode & 7 != kind::UNUSED {
        progress_slow(mode);
    }
}

#[cfg(not(cycle_counter))]
#[inline(always)]
pub(crate) fn progress() {}

#[cfg(cycle_counter)]
#[cold]
#[inline(never)]
fn progress_slow(mode: u64) {
    let tag = crate::fork::tag();
    match mode & 7 {
        kind::UNKNOWN if take(mode, tag) => match decision() {
            Decision::Counter => start_measuring(),
            Decision::No(_) => MODE.store(kind::UNUSED, Ordering::Release),
        },
        kind::BUSY if mode >> 3 != tag => {
            // Left busy by a thread of the parent, which does not exist in this child.
            let _ = MODE.compare_exchange(mode, kind::UNKNOWN, Ordering::AcqRel, Ordering::Relaxed);
        }
        kind::CALIBRATING => {
            let base = BASE_CYCLES.load(Ordering::Acquire);
            if cycles().wrapping_sub(base) >= CALIBRATION_CYCLES && take(mode, tag) {
                finish_measuring();
            }
        }
        _ => {}
    }
}

/// Makes this thread the one that moves `MODE` on from `mode`, if no other is.
#[cfg(cycle_counter)]
fn take(mode: u64, tag: u64) -> bool {
    MODE.compare_exchange(
        mode,
        kind::BUSY | (tag << 3),
        Ordering::AcqRel,
        Ordering::Relaxed,
    )
    .is_ok()
}

/// A cycle count and `CLOCK_MONOTONIC` at it: the tightest of three brackets of the clock
/// reading by two counter readings, at the bracket's middle.
#[cfg(cycle_counter)]
fn sample() -> Option<(u64, u64)> {
    let mut best: Option<(u64, u64, u64)> = None;
    for _ in 0..3 {
        let before = cycles();
        let ns = crate::clock::monotonic_ns()?;
        let after = cycles();
        let width = after.wrapping_sub(before);
        if best.is_none_or(|(_, _, best)| width < best) {
            best = Some((before.wrapping_add(width / 2), ns, width));
        }
    }
    best.map(|(cycles, ns, _)| (cycles, ns))
}

/// Starts a measurement (this thread holds `MODE` busy).
#[cfg(cycle_counter)]
fn start_measuring() {
    match sample() {
        Some((cycles, ns)) => {
            BASE_CYCLES.store(cycles, Ordering::Relaxed);
            BASE_NS.store(ns, Ordering::Relaxed);
            MODE.store(kind::CALIBRATING, Ordering::Release);
        }
        None => give_up(),
    }
}

/// Ends a measurement once enough time has passed (this thread holds `MODE` busy): the rate,
/// if plausible, becomes a new generation.
#[cfg(cycle_counter)]
fn finish_measuring() {
    let (base_cycles, base_ns) = (
        BASE_CYCLES.load(Ordering::Relaxed),
        BASE_NS.load(Ordering::Relaxed),
    );
    let Some((cycles, ns)) = sample() else {
        return give_up();
    };
    let elapsed_ns = ns.wrapping_sub(base_ns);
    if elapsed_ns > 1 << 62 {
        // The monotonic clock went back (it cannot): start over.
        return start_measuring();
    }
    if elapsed_ns < CALIBRATION_NS {
        // Not long enough yet (a fast counter): measure on.
        MODE.store(kind::CALIBRATING, Ordering::Release);
        return;
    }
    let elapsed_cycles = cycles.wrapping_sub(base_cycles);
    match rates(elapsed_cycles, elapsed_ns) {
        Some((cycles_per_ns, ns_per_cycle)) => {
            let old = CYCLES_PER_NS.load(Ordering::Relaxed);
            if old != 0 && old.abs_diff(cycles_per_ns) > old / 100 {
                let changes = CHANGES_OF_RATE.fetch_add(1, Ordering::Relaxed) + 1;
                if changes >= MAX_CHANGES_OF_RATE {
                    return give_up();
                }
            }
            publish(cycles_per_ns, ns_per_cycle);
        }
        None => give_up(),
    }
}

/// Cycles per nanosecond and nanoseconds per cycle, with 32 fractional bits, for a rate from
/// 10 MHz to 100 GHz; `None` for anything else.
#[cfg(cycle_counter)]
fn rates(elapsed_cycles: u64, elapsed_ns: u64) -> Option<(u64, u64)> {
    if elapsed_ns == 0 || elapsed_cycles == 0 {
        return None;
    }
    let cycles_per_ns = (u128::from(elapsed_cycles) << 32) / u128::from(elapsed_ns);
    let ns_per_cycle = (u128::from(elapsed_ns) << 32) / u128::from(elapsed_cycles);
    // 0.01 to 100 cycles a nanosecond.
    let plausible = (1u128 << 32) / 100..=100u128 << 32;
    if !plausible.contains(&cycles_per_ns) {
        return None;
    }
    Some((
        u64::try_from(cycles_per_ns).ok()?,
        u64::try_from(ns_per_cycle).ok()?,
    ))
}

/// Makes a rate the current calibration, under a new generation (this thread holds `MODE`).
#[cfg(cycle_counter)]
fn publish(cycles_per_ns: u64, ns_per_cycle: u64) {
    CYCLES_PER_NS.store(cycles_per_ns, Ordering::Relaxed);
    NS_PER_CYCLE.store(ns_per_cycle, Ordering::Relaxed);
    let generation = GENERATION.fetch_add(1, Ordering::Relaxed) + 1;
    MODE.store(kind::READY | (generation << 3), Ordering::Release);
}

/// The counter does not track the clock: the wall clock for every id, for good.
#[cfg(cycle_counter)]
fn give_up() {
    DECISION.store(
        Decision::No(NoCycleCounter::Unsteady).code(),
        Ordering::Release,
    );
    MODE.store(kind::UNUSED, Ordering::Release);
}

/// While the cycle counter is in `[anchor, anchor + span)` and the calibration is still
/// `generation`, the wall clock is at most the tick of the reading that made the window.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Window {
    anchor: u64,
    span: u64,
    generation: u64,
}

impl Window {
    /// A window that holds for no count.
    pub(crate) const NONE: Window = Window {
        anchor: 0,
        span: 0,
        generation: 0,
    };

    /// Whether the count `cycles` is inside, under the calibration `generation`.
    #[inline(always)]
    pub(crate) fn holds(&self, cycles: u64, generation: u64) -> bool {
        // A counter that went back (a reset, a migration) wraps to a huge difference: outside.
        self.generation == generation && cycles.wrapping_sub(self.anchor) < self.span
    }
}

/// The last reading a sequence made on the counter path, for the next re-check.
#[cfg_attr(
    not(cycle_counter),
    allow(dead_code, reason = "read on the cycle-counter path only")
)]
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Checked {
    cycles: u64,
    wall_ns: u64,
    generation: u64,
}

impl Checked {
    /// No reading yet: the next one is not re-checked.
    pub(crate) const NONE: Checked = Checked {
        cycles: 0,
        wall_ns: 0,
        generation: 0,
    };
}

/// The window of `reading` under the calibration `generation`, after re-checking the
/// calibration against the reading before it (`last`, which becomes this one). A re-check that
/// fails starts a new measurement and gives no window.
#[cfg(cycle_counter)]
pub(crate) fn window(
    reading: &crate::clock::Reading,
    last: &mut Checked,
    generation: u64,
) -> Window {
    let (cycles_per_ns, ns_per_cycle) = (
        CYCLES_PER_NS.load(Ordering::Relaxed),
        NS_PER_CYCLE.load(Ordering::Relaxed),
    );
    let previous = core::mem::replace(
        last,
        Checked {
            cycles: reading.cycles,
            wall_ns: reading.wall_ns,
            generation,
        },
    );
    if previous.generation == generation && !agrees(&previous, reading, ns_per_cycle) {
        FAILED_RECHECKS.fetch_add(1, Ordering::Relaxed);
        recalibrate(generation);
        return Window::NONE;
    }
    let Some(left_ns) = reading.left_ns else {
        return Window::NONE;
    };
    let span = (u128::from(left_ns.min(MAX_WINDOW_NS)) * u128::from(cycles_per_ns)) >> 32;
    Window {
        anchor: reading.cycles,
        span: u64::try_from(span).unwrap_or(0),
        generation,
    }
}

#[cfg(not(cycle_counter))]
pub(crate) fn window(
    _reading: &crate::clock::Reading,
    _last: &mut Checked,
    _generation: u64,
) -> Window {
    Window::NONE
}

/// Whether the time between two readings, by the counter and by the wall clock, agrees to
/// within 1/32 of it and the readings' jitter.
#[cfg(cycle_counter)]
fn agrees(previous: &Checked, reading: &crate::clock::Reading, ns_per_cycle: u64) -> bool {
    let elapsed_cycles = reading.cycles.wrapping_sub(previous.cycles);
    if elapsed_cycles > 1 << 62 {
        // The counter went back.
        return false;
    }
    let by_counter = (u128::from(elapsed_cycles) * u128::from(ns_per_cycle)) >> 32;
    let by_clock = i128::from(reading.wall_ns) - i128::from(previous.wall_ns);
    let slack = if reading.coarse {
        RECHECK_SLACK_COARSE_NS
    } else {
        RECHECK_SLACK_NS
    };
    let allowed = by_counter / u128::from(RECHECK_SHARE) + u128::from(slack);
    (by_clock - by_counter as i128).unsigned_abs() <= allowed
}

/// A re-check failed under `generation`: measure again (ids read the wall clock meanwhile).
#[cfg(cycle_counter)]
#[cold]
fn recalibrate(generation: u64) {
    let tag = crate::fork::tag();
    if take(kind::READY | (generation << 3), tag) {
        start_measuring();
    }
}

/// Re-checks that failed in this process.
#[cfg(all(test, not(loom)))]
#[cfg(cycle_counter)]
pub(crate) fn failed_rechecks() -> u64 {
    FAILED_RECHECKS.load(Ordering::Relaxed)
}

#[cfg(test)]
#[cfg(cycle_counter)]
pub(crate) mod tests {
    //! The calibration and its re-check, driven through test hooks in processes of their own.

    use super::*;

    /// The calibrated rate, in cycles per nanosecond with 32 fractional bits.
    pub(crate) fn rate() -> u64 {
        CYCLES_PER_NS.load(Ordering::Relaxed)
    }

    /// Calls `progress` until the counter is ready (a few ms), or gives up after a second.
    pub(crate) fn wait_until_ready() -> Option<u64> {
        let start = std::time::Instant::now();
        while start.elapsed() < std::time::Duration::from_secs(1) {
            progress();
            if let Some(generation) = ready() {
                return Some(generation);
            }
            std::thread::yield_now();
        }
        None
    }

    /// The one `unsafe` of this module reads the counter: it moves forward with time, at a
    /// rate between 10 MHz and 100 GHz.
    #[test]
    fn the_counter_moves_forward_at_a_plausible_rate() {
        let (start, clock) = (cycles(), std::time::Instant::now());
        std::thread::sleep(std::time::Duration::from_millis(20));
        let (elapsed, ns) = (cycles().wrapping_sub(start), clock.elapsed().as_nanos());
        assert!(elapsed < 1 << 62, "the counter went back: {elapsed}");
        let per_ns = elapsed as f64 / ns as f64;
        assert!(
            (0.01..100.0).contains(&per_ns),
            "{elapsed} cycles in {ns} ns"
        );
    }

    /// The decision reads the environment, the processor and the kernel's clocksource: on this
    /// machine it agrees with what `/sys` says.
    #[test]
    fn the_decision_follows_the_clocksource_and_the_environment() {
        let source = std::fs::read_to_string(
            "/sys/devices/system/clocksource/clocksource0/current_clocksource",
        )
        .unwrap_or_default();
        let counter_source = source.trim()
            == if cfg!(target_arch = "x86_64") {
                "tsc"
            } else {
                "arch_sys_counter"
            };
        let off = std::env::var(super::CYCLE_COUNTER_ENV).is_ok_and(|value| value == "off");
        let expected = if off {
            Decision::No(NoCycleCounter::TurnedOff)
        } else if !invariant() {
            Decision::No(NoCycleCounter::NotInvariant)
        } else if counter_source {
            Decision::Counter
        } else {
            Decision::No(NoCycleCounter::Clocksource)
        };
        assert_eq!(decide(), expected, "clocksource {source:?}");
    }

    #[test]
    fn implausible_rates_are_refused() {
        assert_eq!(rates(0, 1_000_000), None);
        assert_eq!(rates(1_000_000, 0), None);
        // 1 kHz and 1 THz.
        assert_eq!(rates(1, 1_000_000), None);
        assert_eq!(rates(1_000_000_000_000, 1_000), None);
        // 3 GHz: 3 cycles a nanosecond, a third of a nanosecond a cycle.
        let (cycles_per_ns, ns_per_cycle) = rates(6_000_000, 2_000_000).unwrap();
        assert_eq!(cycles_per_ns, 3 << 32);
        assert_eq!(ns_per_cycle, (1u64 << 32) / 3);
    }

    #[test]
    fn a_window_holds_from_its_anchor_for_its_span_and_its_generation_only() {
        let window = Window {
            anchor: 1_000,
            span: 500,
            generation: 3,
        };
        assert!(window.holds(1_000, 3));
        assert!(window.holds(1_499, 3));
        assert!(!window.holds(1_500, 3));
        // A counter that went back.
        assert!(!window.holds(999, 3));
        assert!(!window.holds(0, 3));
        // Another calibration.
        assert!(!window.holds(1_200, 4));
        assert!(!Window::NONE.holds(0, 0));
    }

    #[test]
    fn the_recheck_allows_a_thirty_second_of_the_elapsed_time_and_the_jitter() {
        let reading = |cycles, wall_ns, coarse| crate::clock::Reading {
            tick: 0,
            cycles,
            wall_ns,
            left_ns: None,
            coarse,
        };
        // 1 cycle a nanosecond.
        let ns_per_cycle = 1 << 32;
        let previous = Checked {
            cycles: 1_000_000,
            wall_ns: 5_000_000_000,
            generation: 1,
        };
        // 32 ms by the counter: 1 ms + 50 µs of disagreement is allowed, either way.
        let at = |wall: u64| reading(33_000_000, 5_000_000_000 + wall, false);
        assert!(agrees(&previous, &at(32_000_000), ns_per_cycle));
        assert!(agrees(&previous, &at(33_050_000), ns_per_cycle));
        assert!(!agrees(&previous, &at(33_050_001), ns_per_cycle));
        assert!(agrees(&previous, &at(30_950_000), ns_per_cycle));
        assert!(!agrees(&previous, &at(30_949_999), ns_per_cycle));
        // The coarse clock's lag is allowed for.
        let coarse = reading(33_000_000, 5_000_000_000 + 41_000_000, true);
        assert!(agrees(&previous, &coarse, ns_per_cycle));
        // A counter that went back never agrees.
        let back = reading(999_999, 5_000_000_001, false);
        assert!(!agrees(&previous, &back, ns_per_cycle));
    }
}
