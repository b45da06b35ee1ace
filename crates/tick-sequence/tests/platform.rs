//! What the engine reads and reports on the platform it runs on. Windows has no `fork` and
//! no coarse clock: every sequence reads `SystemTime`, counted in 100 ns, and a process never
//! learns of a fork. Every format's `Policy` states both.

use tick_sequence::{CLOCK, COARSE_CLOCK, Policy, Start};

fn policy(tick_ns: u64) -> Policy {
    Policy::new(
        "Test",
        "a tick and a counter",
        1,
        "+ 1 per id",
        12,
        tick_ns,
        Start::Zero,
        "platform",
        "0",
    )
}

#[test]
fn the_policy_names_the_clock_read_for_each_tick() {
    assert_eq!(policy(1_000_000).clock, CLOCK);
    assert_eq!(policy(999_999_999).clock, CLOCK);
    assert_eq!(policy(1_000_000_000).clock, COARSE_CLOCK);
    #[cfg(windows)]
    {
        assert!(CLOCK.contains("std::time::SystemTime"), "{CLOCK}");
        // No coarse clock on Windows: ticks of a second read the exact one.
        assert_eq!(COARSE_CLOCK, CLOCK);
    }
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        assert!(CLOCK.contains("clock_gettime(CLOCK_REALTIME)"), "{CLOCK}");
        assert!(
            COARSE_CLOCK.contains("clock_gettime(CLOCK_REALTIME_COARSE)"),
            "{COARSE_CLOCK}"
        );
    }
}

/// On Unix a process chooses how it detects a fork at its first use of the engine, and the
/// policy reports the choice.
#[cfg(all(unix, not(miri)))]
#[test]
fn on_unix_the_first_use_chooses_a_fork_detection_and_the_policy_reports_it() {
    use tick_sequence::{ForkDetection, fork_detection, fork_generation};

    let _ = fork_generation();
    let detection = fork_detection();
    assert!(
        matches!(
            detection,
            ForkDetection::WipeOnForkPage | ForkDetection::AtForkHandler { .. }
        ),
        "{detection:?}"
    );
    let line = policy(1_000_000).to_string();
    assert!(
        line.ends_with(&format!("; fork detection: {detection}")),
        "{line}"
    );
}

#[cfg(windows)]
mod windows {
    use std::time::{SystemTime, UNIX_EPOCH};

    use tick_sequence::{
        CLOCK, ForkDetection, Start, TickSequence, fork_detection, fork_generation,
    };

    use super::policy;

    fn unix_ns() -> u128 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .expect("the clock is after 1970")
            .as_nanos()
    }

    /// Ticks of a nanosecond, a millisecond and a second: each reading lies between two
    /// readings of `SystemTime` (the same clock, so exactly), and is a whole number of 100 ns:
    /// Windows counts its system time (`FILETIME`) in intervals of 100 ns since 1601, a whole
    /// number of them before 1970.
    #[test]
    fn every_tick_reads_system_time_in_hundreds_of_nanoseconds() {
        let nanoseconds = TickSequence::new(64, 1, Start::Zero);
        let milliseconds = TickSequence::new(80, 1_000_000, Start::Random);
        let seconds = TickSequence::new(64, 1_000_000_000, Start::Random);
        for _ in 0..1_000 {
            let before = unix_ns();
            let ns = u128::from(nanoseconds.now_tick());
            let ms = u128::from(milliseconds.now_tick());
            let s = u128::from(seconds.now_tick());
            let after = unix_ns();
            assert!(
                (before..=after).contains(&ns),
                "{before} <= {ns} <= {after}"
            );
            assert_eq!(ns % 100, 0, "{ns}");
            let within = |unit: u128, tick: u128| (before / unit..=after / unit).contains(&tick);
            assert!(within(1_000_000, ms), "{before} <= {ms} ms <= {after}");
            assert!(within(1_000_000_000, s), "{before} <= {s} s <= {after}");
        }
    }

    #[test]
    fn pairs_carry_the_wall_clock() {
        static ULIDS: TickSequence = TickSequence::new(80, 1_000_000, Start::Random);
        let before = unix_ns() / 1_000_000;
        let pairs: Vec<(u64, u128)> = (0..10_000).map(|_| ULIDS.next()).collect();
        let after = unix_ns() / 1_000_000;
        assert!(pairs.windows(2).all(|pair| pair[0] < pair[1]));
        // A random 80-bit start does not run out in 10,000 steps: no tick is borrowed.
        for &(tick, _) in &pairs {
            let tick = u128::from(tick);
            assert!(
                (before..=after).contains(&tick),
                "{before} <= {tick} <= {after}"
            );
        }
    }

    /// No `fork` on Windows: the generation is always 0, the detection is `NoFork` before and
    /// after the first use, and every policy says so.
    #[test]
    fn no_fork_is_detected_and_the_policy_says_none_is_needed() {
        assert_eq!(fork_detection(), ForkDetection::NoFork);
        assert_eq!(fork_generation(), 0);
        let _ = TickSequence::new(80, 1_000_000, Start::Random).next();
        assert_eq!(fork_detection(), ForkDetection::NoFork);
        assert_eq!(fork_generation(), 0);
        assert_eq!(
            fork_detection().to_string(),
            "none needed: no fork on this target"
        );
        let line = policy(1_000_000).to_string();
        assert!(line.contains(&format!("; clock: {CLOCK}")), "{line}");
        assert!(
            line.ends_with("; fork detection: none needed: no fork on this target"),
            "{line}"
        );
    }
}
