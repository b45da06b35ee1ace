//! The wall clock, in ticks since the Unix epoch, and the boot clock for deadlines.

use std::time::{SystemTime, UNIX_EPOCH};

/// How to turn a reading of the clock into ticks of `tick_ns` nanoseconds, prepared once (in
/// a `const fn`) so that the hot path has no division.
#[derive(Clone, Copy)]
pub(crate) struct TickClock {
    tick_ns: u64,
    /// `1e9 / tick_ns` when a tick divides a second exactly, else 0.
    ticks_per_second: u64,
    /// `ceil(2^64 / tick_ns)`: `n / tick_ns == (n * reciprocal) >> 64` for every `n` below a
    /// second's nanoseconds (the rounding error stays under `n / 2^64 < 2^-34`, less than
    /// `1 / tick_ns`). 0 for `tick_ns == 1`, where the quotient is `n`.
    reciprocal: u64,
    /// Whether this clock reads the coarse wall clock ([`COARSE_TICK_NS`]).
    coarse: bool,
}

/// One reading of the wall clock, as [`TickClock::read`] makes it for the cycle counter.
#[cfg_attr(
    not(cycle_counter),
    allow(dead_code, reason = "read on the cycle-counter path only")
)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reading {
    /// The wall clock in ticks since the epoch (0 before 1970).
    pub(crate) tick: u64,
    /// The cycle counter just before the reading.
    pub(crate) cycles: u64,
    /// The wall clock in nanoseconds since the epoch (0 before 1970).
    pub(crate) wall_ns: u64,
    /// Nanoseconds from the reading to the start of the next tick, where the reading tells.
    pub(crate) left_ns: Option<u64>,
    /// Whether the coarse clock was read (it lags the exact one by up to its resolution).
    pub(crate) coarse: bool,
}

/// Ticks of at least this length (a second: ObjectId's) read the coarse wall clock where the
/// platform has one (Linux and Android: `CLOCK_REALTIME_COARSE`, a few nanoseconds against
/// about twenty). It lags the exact clock by less than its resolution, the kernel's tick (1 to
/// 4 ms; 4 ms on the machine of BENCHMARKS.md), so a reading just after a tick boundary may
/// still give the tick before: for a one-second tick, at most 4 ms in 1,000 of each second.
pub(crate) const COARSE_TICK_NS: u64 = 1_000_000_000;

impl TickClock {
    /// `tick_ns` must be at least 1 (checked by the caller, which names the parameter).
    pub(crate) const fn new(tick_ns: u64) -> Self {
        let exact = 1_000_000_000 % tick_ns == 0;
        TickClock {
            tick_ns,
            ticks_per_second: if exact { 1_000_000_000 / tick_ns } else { 0 },
            reciprocal: if exact && tick_ns > 1 {
                ((1u128 << 64).div_ceil(tick_ns as u128)) as u64
            } else {
                0
            },
            coarse: tick_ns >= COARSE_TICK_NS,
        }
    }

    /// The wall clock in ticks since the Unix epoch; 0 for a clock before 1970.
    #[inline]
    pub(crate) fn now(&self) -> u64 {
        #[cfg(test)]
        tests::READS.with(|reads| reads.set(reads.get() + 1));
        let (seconds, nanos) = self.unix_time();
        self.ticks(seconds, nanos)
    }

    /// The clock this `TickClock` reads, as seconds and nanoseconds since the epoch.
    #[inline(always)]
    fn unix_time(&self) -> (u64, u32) {
        let time = if self.coarse {
            coarse_unix_time()
        } else {
            unix_time()
        };
        #[cfg(test)]
        let time = tests::shifted(time);
        time
    }

    /// A reading of the wall clock for a window of the cycle counter: the tick, the cycle
    /// count just before the reading, the reading in nanoseconds since the epoch, and how many
    /// nanoseconds are left until the next tick begins; `left_ns` is `None` where the reading
    /// says nothing about that (a clock before 1970 reads as 0, a tick past `u64`).
    #[cold]
    pub(crate) fn read(&self) -> Reading {
        #[cfg(test)]
        tests::READS.with(|reads| reads.set(reads.get() + 1));
        // Before the clock, so that the wall clock at `cycles` is at most the reading.
        let cycles = crate::cycles::cycles();
        let (seconds, nanos) = self.unix_time();
        let tick = self.ticks(seconds, nanos);
        let wall_ns = seconds
            .saturating_mul(1_000_000_000)
            .saturating_add(u64::from(nanos));
        let left_ns = if (seconds, nanos) == (0, 0) || tick == u64::MAX {
            None
        } else {
            let total = u128::from(seconds) * 1_000_000_000 + u128::from(nanos);
            let into = total % u128::from(self.tick_ns);
            u64::try_from(u128::from(self.tick_ns) - into).ok()
        };
        Reading {
            tick,
            cycles,
            wall_ns,
            left_ns,
            coarse: self.coarse,
        }
    }

    /// `seconds` and `nanos` (below 1e9) since the epoch, in ticks.
    #[inline]
    fn ticks(&self, seconds: u64, nanos: u32) -> u64 {
        if self.ticks_per_second != 0 {
            let within_second = if self.reciprocal == 0 {
                u64::from(nanos)
            } else {
                ((u128::from(nanos) * u128::from(self.reciprocal)) >> 64) as u64
            };
            seconds
                .saturating_mul(self.ticks_per_second)
                .saturating_add(within_second)
        } else {
            let total = u128::from(seconds) * 1_000_000_000 + u128::from(nanos);
            u64::try_from(total / u128::from(self.tick_ns)).unwrap_or(u64::MAX)
        }
    }
}

/// `clock_gettime(clock)` as seconds and nanoseconds, `(0, 0)` for a reading before 1970;
/// `None` if the system has no such clock.
#[cfg(unix)]
#[inline]
fn read_clock(clock: libc::clockid_t) -> Option<(u64, u32)> {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    #[allow(unsafe_code)]
    // SAFETY: `now` is a valid, writable `timespec`; an unknown clock is an error return.
    let status = unsafe { libc::clock_gettime(clock, &mut now) };
    if status != 0 {
        return None;
    }
    match (u64::try_from(now.tv_sec), u32::try_from(now.tv_nsec)) {
        (Ok(seconds), Ok(nanos)) if nanos < 1_000_000_000 => Some((seconds, nanos)),
        _ => Some((0, 0)),
    }
}

/// Seconds and nanoseconds since the Unix epoch; `(0, 0)` for a clock before 1970.
///
/// On Unix, `clock_gettime` itself: the same clock as `SystemTime::now`, without its
/// conversions to a `SystemTime` and back to a `Duration`, which cost about a third of the
/// reading on the machines measured.
#[cfg(unix)]
#[inline]
fn unix_time() -> (u64, u32) {
    read_clock(libc::CLOCK_REALTIME).unwrap_or_else(std_unix_time)
}

/// [`unix_time`] from the coarse wall clock: `CLOCK_REALTIME_COARSE` on Linux and Android
/// (since Linux 2.6.32; without it, the exact clock).
#[cfg(all(any(target_os = "linux", target_os = "android"), not(miri)))]
#[inline]
fn coarse_unix_time() -> (u64, u32) {
    read_clock(libc::CLOCK_REALTIME_COARSE).unwrap_or_else(unix_time)
}

/// Elsewhere the exact clock: no coarse one to read.
#[cfg(not(all(any(target_os = "linux", target_os = "android"), not(miri))))]
#[inline]
fn coarse_unix_time() -> (u64, u32) {
    unix_time()
}

/// In a JavaScript runtime: `Date.now()`, whole milliseconds since the epoch (std's
/// `SystemTime::now` panics on this target).
#[cfg(all(target_arch = "wasm32", target_os = "unknown", feature = "js"))]
#[inline]
fn unix_time() -> (u64, u32) {
    let ms = js_sys::Date::now();
    if ms.is_finite() && ms >= 0.0 {
        // An f64 holds every integer millisecond up to 2^53: 285,000 years.
        let ms = ms as u64;
        (ms / 1000, (ms % 1000) as u32 * 1_000_000)
    } else {
        (0, 0)
    }
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown", not(feature = "js")))]
compile_error!(
    "tick-sequence on wasm32-unknown-unknown has no clock or randomness of its own: enable \
     the `js` feature (of the format crate, or of `identifier`) for a JavaScript runtime (a \
     browser, Node), or build the format crates without their default feature `generate` to \
     parse and format only"
);

#[cfg(not(any(unix, all(target_arch = "wasm32", target_os = "unknown"))))]
#[inline]
fn unix_time() -> (u64, u32) {
    std_unix_time()
}

#[cfg_attr(all(target_arch = "wasm32", target_os = "unknown"), allow(dead_code))]
fn std_unix_time() -> (u64, u32) {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or((0, 0), |since| (since.as_secs(), since.subsec_nanos()))
}

/// Nanoseconds since an arbitrary start, from a clock that never goes back, is never set, and
/// on Linux and Android counts the time the host spends suspended: for deadlines that must
/// hold across a suspend (a lease), where the wall clock would not do.
///
/// On Linux and Android this is `CLOCK_BOOTTIME`, counted from boot. Elsewhere (and under
/// Miri) it is [`std::time::Instant`] counted from the first call in the process; whether
/// that clock counts suspension depends on the platform. Compare readings of one process
/// only. Not on `wasm32-unknown-unknown`, whose `Instant` has no clock.
///
/// # Examples
///
/// ```
/// let start = tick_sequence::boot_clock_ns();
/// std::thread::sleep(std::time::Duration::from_millis(2));
/// assert!(tick_sequence::boot_clock_ns() >= start + 2_000_000);
/// ```
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
#[must_use]
pub fn boot_clock_ns() -> u64 {
    // CLOCK_BOOTTIME exists since Linux 2.6.39; without it, the process's Instant.
    #[cfg(all(any(target_os = "linux", target_os = "android"), not(miri)))]
    if let Some((seconds, nanos)) = read_clock(libc::CLOCK_BOOTTIME) {
        return seconds
            .saturating_mul(1_000_000_000)
            .saturating_add(u64::from(nanos));
    }
    instant_ns()
}

/// `CLOCK_MONOTONIC` in nanoseconds: the clock the cycle counter is calibrated against (it is
/// never set, so a step of the wall clock cannot skew the calibration). `None` where there is
/// no such clock.
#[cfg(all(target_os = "linux", not(miri)))]
pub(crate) fn monotonic_ns() -> Option<u64> {
    let (seconds, nanos) = read_clock(libc::CLOCK_MONOTONIC)?;
    Some(
        seconds
            .saturating_mul(1_000_000_000)
            .saturating_add(u64::from(nanos)),
    )
}

/// [`std::time::Instant`] since the process's first reading, in nanoseconds.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn instant_ns() -> u64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    let start = START.get_or_init(std::time::Instant::now);
    u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::TickClock;
    use std::cell::Cell;
    use std::time::{SystemTime, UNIX_EPOCH};

    std::thread_local! {
        /// Readings of the clock made by this thread, for tests that a call reads none.
        pub(crate) static READS: Cell<u64> = const { Cell::new(0) };
    }

    /// Nanoseconds added to every reading of the wall clock by this crate: a test that steps
    /// the clock sets it (in a process of its own: every sequence of the process sees it).
    pub(crate) static SHIFT_NS: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(0);

    /// `time` shifted by [`SHIFT_NS`]; before 1970 it reads as `(0, 0)`, as the clock does.
    pub(crate) fn shifted((seconds, nanos): (u64, u32)) -> (u64, u32) {
        let shift = SHIFT_NS.load(std::sync::atomic::Ordering::Relaxed);
        if shift == 0 {
            return (seconds, nanos);
        }
        let ns = i128::from(seconds) * 1_000_000_000 + i128::from(nanos) + i128::from(shift);
        if ns <= 0 {
            return (0, 0);
        }
        ((ns / 1_000_000_000) as u64, (ns % 1_000_000_000) as u32)
    }

    #[test]
    fn the_boot_clock_moves_forward_with_real_time() {
        let first = super::boot_clock_ns();
        std::thread::sleep(std::time::Duration::from_millis(5));
        let second = super::boot_clock_ns();
        assert!(second >= first + 5_000_000, "{first} then {second}");
        assert!(super::instant_ns() <= super::instant_ns());
    }

    /// Across second boundaries, the coarse clock's second is the exact clock's, or the one
    /// before it within 10 ms of the boundary: never later, never further behind.
    #[test]
    #[cfg_attr(miri, ignore = "a second of readings")]
    fn the_coarse_second_lags_the_exact_clock_by_less_than_its_resolution() {
        let seconds = TickClock::new(1_000_000_000);
        assert!(seconds.coarse);
        assert!(!TickClock::new(1_000_000).coarse);
        let end = SystemTime::now() + std::time::Duration::from_millis(1_100);
        while SystemTime::now() < end {
            let before = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
            let coarse = seconds.now();
            let after = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
            assert!(coarse <= after.as_secs(), "{coarse} after {after:?}");
            if coarse < before.as_secs() {
                assert_eq!(coarse + 1, before.as_secs());
                assert!(before.subsec_millis() < 10, "{coarse} at {before:?}");
            }
        }
    }

    #[test]
    fn every_kind_of_tick_agrees_with_the_system_clock() {
        let before = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
        let millis = TickClock::new(1_000_000).now();
        let seconds = TickClock::new(1_000_000_000).now();
        // 3 ms ticks do not divide a second: the 128-bit path.
        let three_ms = TickClock::new(3_000_000).now();
        let after = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();

        assert!(before.as_millis() as u64 <= millis && millis <= after.as_millis() as u64);
        // Seconds read the coarse clock, which may lag by its resolution (at most 10 ms).
        let earliest = (before - std::time::Duration::from_millis(10)).as_secs();
        assert!(earliest <= seconds && seconds <= after.as_secs());
        let (low, high) = (before.as_millis() as u64 / 3, after.as_millis() as u64 / 3);
        assert!(low <= three_ms && three_ms <= high);
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "143,000 divisions: minutes under Miri; the plain test run covers it"
    )]
    fn the_reciprocal_divides_exactly() {
        // Divisors of a second (the reciprocal) and others (the 128-bit division), against
        // plain division, at the edges and at a spread of nanosecond values.
        let divisors = [
            1,
            2,
            3,
            4,
            5,
            7,
            8,
            10,
            1_000,
            3_125,
            1_000_000,
            999_999_999,
            1_000_000_000,
        ];
        let mut nanos: Vec<u32> = vec![0, 1, 999, 1_000, 999_999, 1_000_000, 999_999_999];
        let mut x = 0x9E37_79B9u32;
        for _ in 0..10_000 {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            nanos.push(x % 1_000_000_000);
        }
        for tick_ns in divisors {
            let clock = TickClock::new(tick_ns);
            for &n in &nanos {
                let exact = (7 * 1_000_000_000 + u64::from(n)) / tick_ns;
                assert_eq!(clock.ticks(7, n), exact, "tick_ns {tick_ns}, nanos {n}");
            }
            for k in 0..1_000u64 {
                // Both sides of each tick boundary.
                let boundary =
                    (k * 1_000_003 % (1_000_000_000 / tick_ns.min(1_000_000_000))) * tick_ns;
                for n in [boundary.saturating_sub(1), boundary] {
                    let n = n.min(999_999_999) as u32;
                    assert_eq!(clock.ticks(0, n), u64::from(n) / tick_ns, "{tick_ns} {n}");
                }
            }
        }
    }
}
