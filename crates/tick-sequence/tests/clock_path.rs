//! The clock path a process takes, as `clock_path` and every `Policy` report it: the cycle
//! counter where the kernel's clocksource is that counter (and, on x86-64, the processor says
//! the TSC is invariant), else the wall clock for every id; and the wall clock in any process
//! started with `TICK_SEQUENCE_CYCLE_COUNTER=off`.

use std::process::Command;

use tick_sequence::{
    CYCLE_COUNTER_ENV, ClockPath, FRESHNESS, NoCycleCounter, Policy, SCOPE, Start, TickSequence,
    clock_path,
};

fn policy() -> Policy {
    Policy::new(
        "Test",
        "a tick and a counter",
        1,
        "+ 1 per id",
        12,
        1_000_000,
        Start::Zero,
        "clock-path",
        "0",
    )
}

/// What this machine should choose, from what `/sys` says (Linux); `None` where the crate
/// reads no counter.
fn expected() -> Option<ClockPath> {
    if !cfg!(cycle_counter) {
        return None;
    }
    if std::env::var(CYCLE_COUNTER_ENV).is_ok_and(|value| value == "off") {
        return Some(ClockPath::WallClock {
            reason: NoCycleCounter::TurnedOff,
        });
    }
    let source =
        std::fs::read_to_string("/sys/devices/system/clocksource/clocksource0/current_clocksource")
            .unwrap_or_default();
    let counter = if cfg!(target_arch = "x86_64") {
        "tsc"
    } else {
        "arch_sys_counter"
    };
    if source.trim() != counter {
        return Some(ClockPath::WallClock {
            reason: NoCycleCounter::Clocksource,
        });
    }
    // The TSC's invariance is the processor's to say: either answer is a counter path or the
    // reason for not taking one.
    None
}

#[test]
fn the_path_follows_the_clocksource_and_every_policy_names_it() {
    let path = clock_path();
    if let Some(expected) = expected() {
        assert_eq!(path, expected);
    }
    match path {
        ClockPath::CycleCounter { counter } => {
            assert!(["TSC", "CNTVCT_EL0"].contains(&counter), "{counter}");
            assert!(
                path.to_string()
                    .starts_with(&format!("the {counter}, calibrated"))
            );
        }
        ClockPath::WallClock { reason } => {
            assert!(
                path.to_string()
                    .starts_with("the wall clock is read for every id (once per fill): "),
                "{path}"
            );
            assert!(path.to_string().ends_with(&reason.to_string()));
        }
        _ => panic!("a path this test does not know: {path:?}"),
    }
    // The same before and after the first pair: the choice is the machine's.
    let _ = TickSequence::new(80, 1_000_000, Start::Random).next();
    assert_eq!(clock_path(), path);
    let line = policy().to_string();
    assert!(
        line.contains(&format!(
            "; clock path: {path}; rule 1: {}; freshness: {FRESHNESS}; scope: {SCOPE}; \
             clock-path 0; fork detection: ",
            tick_sequence::RULE
        )),
        "{line}"
    );
    assert_eq!(policy().freshness, FRESHNESS);
    assert_eq!(policy().scope, SCOPE);
}

/// A process started with the counter turned off takes the wall clock, says why, and its
/// pairs still follow the clock.
#[test]
fn turned_off_in_the_environment_the_path_is_the_wall_clock() {
    const PROBE: &str = "TICK_SEQUENCE_CLOCK_PATH_PROBE";
    if std::env::var_os(PROBE).is_some() {
        let before = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as u64;
        let (tick, _) = TickSequence::new(80, 1_000_000, Start::Random).next();
        assert!(tick >= before);
        println!("PATH {}", clock_path());
        return;
    }
    let output = Command::new(std::env::current_exe().expect("the test binary"))
        .args([
            "turned_off_in_the_environment_the_path_is_the_wall_clock",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(PROBE, "1")
        .env(CYCLE_COUNTER_ENV, "off")
        .output()
        .expect("the probe runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let reason = if cfg!(cycle_counter) {
        NoCycleCounter::TurnedOff
    } else {
        NoCycleCounter::Target
    };
    let expected = ClockPath::WallClock { reason };
    assert!(stdout.contains(&format!("PATH {expected}")), "{stdout}");
}
