//! Freshness on both clock paths: every pair bracketed by readings of the wall clock made just
//! before and just after the call, over millions of pairs from several threads, through steps
//! of the clock and a calibration gone wrong.
//!
//! Each test runs its body in fresh processes of this test binary, once on the cycle-counter
//! path (where this machine has it) and once with the counter turned off
//! (`TICK_SEQUENCE_CYCLE_COUNTER=off`): the path is chosen once a process, and the steps and
//! the skewed calibration are process-wide.

use std::cell::Cell;
use std::collections::HashSet;
use std::process::Command;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use crate::clock::TickClock;
use crate::clock::tests::SHIFT_NS;
use crate::{ClockPath, LocalSequence, NoCycleCounter, Start, TickSequence, counter};

const MS: u64 = 1_000_000;

type Pair = (u64, u128);
/// Set in a process that runs a test's body: `counter` or `wall`.
const PATH_ENV: &str = "TICK_SEQUENCE_TEST_PATH";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Path {
    Counter,
    Wall,
}

/// The path this process runs a body on, or `None` in the process that runs the bodies.
fn body_path() -> Option<Path> {
    match std::env::var(PATH_ENV).ok()?.as_str() {
        "counter" => Some(Path::Counter),
        _ => Some(Path::Wall),
    }
}

/// Whether this machine offers the cycle counter (the other path is always there).
fn counter_available() -> bool {
    matches!(crate::clock_path(), ClockPath::CycleCounter { .. })
}

/// Runs the test `name` in a fresh process on `path`, and returns its standard output.
fn run_on(name: &str, path: Path) -> String {
    let mut command = Command::new(std::env::current_exe().expect("the test binary"));
    command.args([name, "--exact", "--nocapture", "--test-threads=1"]);
    match path {
        Path::Counter => command
            .env(PATH_ENV, "counter")
            .env_remove(crate::CYCLE_COUNTER_ENV),
        Path::Wall => command
            .env(PATH_ENV, "wall")
            .env(crate::CYCLE_COUNTER_ENV, "off"),
    };
    let output = command.output().expect("the test binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{name} on {path:?}: {}\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// Runs the body of `name` on each path this machine has, checking that each printed `done`.
/// On a machine without the counter it says so in the output.
fn on_both_paths(name: &str, done: &str) {
    let paths: &[Path] = if counter_available() {
        &[Path::Counter, Path::Wall]
    } else {
        println!(
            "the cycle counter is not used on this machine ({}): the wall-clock path only",
            crate::clock_path()
        );
        &[Path::Wall]
    };
    for &path in paths {
        let out = run_on(name, path);
        assert!(out.contains(done), "{name} on {path:?}:\n{out}");
    }
}

/// In a body's process: checks that the process is on `path` and, on the counter path, waits
/// for the calibration (a few ms).
fn enter(path: Path) {
    match path {
        Path::Counter => {
            assert!(counter_available(), "{}", crate::clock_path());
            // Where there is no counter code, the assertion above has already failed.
            #[cfg(cycle_counter)]
            assert!(
                counter::tests::wait_until_ready().is_some(),
                "the counter was not calibrated within a second"
            );
        }
        Path::Wall => {
            // Turned off by the environment where the target has counter code at all.
            let reason = if cfg!(cycle_counter) {
                NoCycleCounter::TurnedOff
            } else {
                NoCycleCounter::Target
            };
            assert_eq!(crate::clock_path(), ClockPath::WallClock { reason });
            counter::progress();
            assert_eq!(counter::ready(), None);
        }
    }
}

/// The wall clock in milliseconds, as the engine reads it (with the test's step).
fn clock_ms() -> u64 {
    TickClock::new(MS).now()
}

/// Readings of the clock made by sequences (`TickClock::read`, the counter path's) and by the
/// wall-clock path (`TickClock::now`) on this thread, less the test's own.
fn engine_reads() -> u64 {
    crate::clock::tests::READS.with(|reads| reads.get())
}

/// Pairs from a shared sequence and a local one, each bracketed by the clock: the tick is at
/// least the clock's before the call less one, and at most the clock's after it.
fn bracketed(
    shared: &TickSequence,
    local: &mut LocalSequence,
    n: usize,
) -> (Vec<Pair>, Vec<Pair>, u64) {
    let (mut ours, mut locals) = (Vec::with_capacity(n), Vec::with_capacity(n));
    let mut own_reads = 0;
    let reads_before = engine_reads();
    for _ in 0..n {
        let before = clock_ms();
        let pair = shared.next();
        let local_pair = local.next();
        let after = clock_ms();
        own_reads += 2;
        for (what, (tick, _)) in [("shared", pair), ("local", local_pair)] {
            assert!(
                before - 1 <= tick && tick <= after,
                "{what}: {before} - 1 <= {tick} <= {after}"
            );
        }
        ours.push(pair);
        locals.push(local_pair);
    }
    for pairs in [&ours, &locals] {
        assert!(pairs.windows(2).all(|pair| pair[0] < pair[1]));
    }
    (ours, locals, engine_reads() - reads_before - own_reads)
}

#[test]
fn every_pair_lies_within_the_clock_readings_around_it_from_four_threads() {
    const NAME: &str =
        "freshness::every_pair_lies_within_the_clock_readings_around_it_from_four_threads";
    const THREADS: usize = 4;
    const PER_THREAD: usize = 400_000;
    static SHARED: TickSequence = TickSequence::new(80, MS, Start::Random);
    let Some(path) = body_path() else {
        return on_both_paths(NAME, "FRESH 3200000 pairs");
    };
    enter(path);
    let threads: Vec<_> = (0..THREADS)
        .map(|_| {
            std::thread::spawn(|| {
                let mut local = LocalSequence::new(80, MS, Start::Random);
                bracketed(&SHARED, &mut local, PER_THREAD)
            })
        })
        .collect();
    let mut shared = HashSet::new();
    let mut reads = 0;
    let mut ticks = HashSet::new();
    for thread in threads {
        let (pairs, locals, thread_reads) = thread.join().unwrap();
        reads += thread_reads;
        ticks.extend(pairs.iter().map(|pair| pair.0));
        for pair in pairs.into_iter().chain(locals) {
            assert!(shared.insert(pair), "{pair:?} twice");
        }
    }
    let ids = 2 * THREADS * PER_THREAD;
    match path {
        // At most a few readings a tick for each sequence: nowhere near one an id.
        Path::Counter => assert!(
            reads < ids as u64 / 20,
            "{reads} readings of the clock for {ids} pairs over {} ticks",
            ticks.len()
        ),
        Path::Wall => assert_eq!(reads, ids as u64),
    }
    println!(
        "FRESH {ids} pairs over {} ticks, {reads} readings",
        ticks.len()
    );
}

/// The clock steps forward an hour, then back ten seconds below where it was, then forward
/// again to where it was: the pairs follow the rule, and the brackets hold but for the cases
/// the policy names (a tick at most after a forward step, on the counter path; ahead of the
/// clock after the step back, until it catches up).
#[test]
fn through_steps_of_the_clock_pairs_keep_the_rule_and_their_freshness() {
    const NAME: &str =
        "freshness::through_steps_of_the_clock_pairs_keep_the_rule_and_their_freshness";
    let Some(path) = body_path() else {
        return on_both_paths(NAME, "STEPS held");
    };
    enter(path);
    let shared = TickSequence::new(80, MS, Start::Random);
    let mut local = LocalSequence::new(80, MS, Start::Random);
    bracketed(&shared, &mut local, 20_000);

    // Forward an hour.
    let before_step = clock_ms();
    SHIFT_NS.store(3_600_000_000_000, Ordering::Relaxed);
    let stepped = Instant::now();
    let mut stale = 0;
    while stepped.elapsed() < Duration::from_millis(20) {
        // Taken before the call: a preemption after it must not count against the call.
        let since_step = stepped.elapsed();
        let before = clock_ms();
        let pairs = [shared.next(), local.next()];
        let after = clock_ms();
        for (tick, _) in pairs {
            assert!(tick <= after, "{tick} <= {after}");
            if tick + 1 < before {
                // Only the tick from before the step, only on the counter path, and only
                // within a tick (with the scheduler's slack) of the step.
                stale += 1;
                assert_eq!(path, Path::Counter, "{tick} after a step to {before}");
                assert!(
                    tick <= before_step + 1,
                    "{tick}, stepped from {before_step}"
                );
                assert!(
                    since_step < Duration::from_millis(5),
                    "{tick} at {before}, {since_step:?} after the step"
                );
            }
        }
    }
    let last = [shared.next(), local.next()];

    // Back ten seconds below the clock before the first step: both continue their last tick.
    SHIFT_NS.store(-10_000_000_000, Ordering::Relaxed);
    let now = clock_ms();
    let mut shared_last = last[0];
    let mut local_last = last[1];
    for _ in 0..10_000 {
        let (pair, local_pair) = (shared.next(), local.next());
        assert_eq!(pair, (shared_last.0, shared_last.1 + 1));
        assert_eq!(local_pair, (local_last.0, local_last.1 + 1));
        assert!(
            pair.0 > now + 3_600_000,
            "ahead of the clock, as documented"
        );
        (shared_last, local_last) = (pair, local_pair);
    }

    // Forward again, past the last tick served: the clock leads again.
    SHIFT_NS.store(3_600_000_000_000 + 10_000_000, Ordering::Relaxed);
    let (mut shared_new, mut local_new) = (None, None);
    let caught_up = Instant::now();
    while caught_up.elapsed() < Duration::from_millis(20) {
        let since_step = caught_up.elapsed();
        let before = clock_ms();
        let (pair, local_pair) = (shared.next(), local.next());
        let after = clock_ms();
        assert!(pair > shared_last && local_pair > local_last);
        for (tick, _) in [pair, local_pair] {
            assert!(tick <= after, "{tick} <= {after}");
            if since_step > Duration::from_millis(5) {
                assert!(
                    before - 1 <= tick,
                    "{before} - 1 <= {tick}, {since_step:?} after the step"
                );
            }
        }
        shared_new.get_or_insert(pair);
        local_new.get_or_insert(local_pair);
        (shared_last, local_last) = (pair, local_pair);
    }
    assert!(shared_last.0 > last[0].0 + 5 && local_last.0 > last[1].0 + 5);
    println!("STEPS held ({stale} stale pairs right after the forward step)");
}

/// `try_next_checked` serves between readings only the tick its `accept` took: a tick moved
/// by `next_at` or a fill while a window is open, and a tick refused, are asked about again
/// at the next call (a lease's ceiling, checked once a reading, relies on it).
#[test]
fn between_readings_only_an_accepted_tick_is_served() {
    const NAME: &str = "freshness::between_readings_only_an_accepted_tick_is_served";
    const ROUNDS: u32 = 2_000;
    const CALLS: u32 = 20;
    let Some(path) = body_path() else {
        return on_both_paths(NAME, "ACCEPTED held");
    };
    enter(path);
    let asked = Cell::new(0u32);
    let last = Cell::new(None);
    let take = |tick: u64| {
        asked.set(asked.get() + 1);
        last.set(Some(tick));
        Ok::<(), u64>(())
    };
    // Refuses what is more than a second ahead of the clock.
    let near = |tick: u64| {
        asked.set(asked.get() + 1);
        if tick <= clock_ms() + 1_000 {
            Ok(())
        } else {
            Err(tick)
        }
    };
    let (mut calls, mut windowed) = (0, 0);
    for round in 0..ROUNDS {
        let sequence = TickSequence::new(12, MS, Start::Zero);
        let asked_before = asked.get();
        for _ in 0..CALLS {
            let (tick, _) = sequence.try_next_checked(Ok, take).unwrap();
            assert_eq!(
                Some(tick),
                last.get(),
                "round {round}: a tick never accepted"
            );
        }
        calls += CALLS;
        // A window served calls without asking: the checks below then test it.
        windowed += u32::from(asked.get() - asked_before < CALLS);
        // A tick moved ahead by the caller's reading, or by a fill, is asked about.
        let ahead = clock_ms() + 60_000;
        if round % 2 == 0 {
            sequence.next_at(ahead);
        } else {
            sequence.fill_with_at(ahead, &mut [0u8; 3], |_, _| 0);
        }
        let before = asked.get();
        let refused = sequence.try_next_checked(Ok, near);
        assert_eq!(refused, Err(ahead), "round {round}: served past the check");
        assert_eq!(asked.get(), before + 1, "round {round}");
        // A refused tick is asked about again at the next call.
        assert_eq!(sequence.try_next_checked(Ok, near), Err(ahead));
        assert_eq!(asked.get(), before + 2, "round {round}");
    }
    let took = asked.get() - 2 * ROUNDS;
    match path {
        // Windows served calls in most rounds (a round whose thread was kept off the core
        // may have none): the moves and refusals above met an open window.
        Path::Counter => assert!(windowed >= ROUNDS / 10, "{windowed} of {ROUNDS} rounds"),
        Path::Wall => assert_eq!((took, windowed), (calls, 0)),
    }
    println!("ACCEPTED held: {took} asked for {calls} calls, {windowed} rounds windowed");
}

/// The counter runs four times slower than calibrated (as after a migration to a host whose
/// counter runs at a quarter of the rate, unseen by the kernel): windows last four times too
/// long, so pairs may be stale by up to that, never later than the clock; the first re-check
/// finds it, the rate is measured again, and pairs are fresh again.
#[test]
#[cfg(cycle_counter)]
fn a_counter_slower_than_calibrated_is_caught_by_the_recheck_and_never_runs_ahead() {
    const NAME: &str =
        "freshness::a_counter_slower_than_calibrated_is_caught_by_the_recheck_and_never_runs_ahead";
    let Some(path) = body_path() else {
        if !counter_available() {
            println!("the cycle counter is not used on this machine: nothing to slow down");
            return;
        }
        let out = run_on(NAME, Path::Counter);
        assert!(out.contains("SLOW caught"), "{out}");
        return;
    };
    enter(path);
    let shared = TickSequence::new(80, MS, Start::Random);
    let mut local = LocalSequence::new(80, MS, Start::Random);
    bracketed(&shared, &mut local, 10_000);
    let generation = counter::ready().unwrap();
    let (failed, rate) = (counter::failed_rechecks(), counter::tests::rate());
    crate::cycles::tests::slow_down(4);
    // Until a re-check has failed and the rate measured since is a quarter of the old one,
    // within what a re-check tolerates (1/32; both measurements take 2 ms on a machine that
    // may be loaded). Not a fixed time: on a loaded machine the thread may be off the core
    // for most of a few milliseconds, and a measurement that began before the slow-down
    // publishes a rate between the two, which the next re-check then refuses.
    let start = Instant::now();
    let mut worst = 0;
    let mut again = None;
    while again.is_none() && start.elapsed() < Duration::from_secs(5) {
        let before = clock_ms();
        let pairs = [shared.next(), local.next()];
        let after = clock_ms();
        for (tick, _) in pairs {
            assert!(tick <= after, "{tick} <= {after}");
            worst = worst.max(before.saturating_sub(tick));
        }
        if counter::failed_rechecks() > failed
            && let Some(measured) = counter::ready()
            && measured > generation
            && counter::tests::rate().abs_diff(rate / 4) < rate / 4 / counter::RECHECK_SHARE
        {
            again = Some(measured);
        }
    }
    assert!(counter::failed_rechecks() > failed, "no re-check failed");
    let again = again.unwrap_or_else(|| {
        panic!(
            "not measured again at a quarter of {rate} within 5 s: {} now",
            counter::tests::rate()
        )
    });
    // Stale by at most the stretched window (4 ms, with the scheduler's slack). Not at least
    // 1 ms: a window that was about to end at the slow-down, or a thread kept off the core
    // while the stretched window lasted, serves no stale pair (seen once in five loaded runs
    // of the test command); the failed re-check and the new rate show the slow-down was seen.
    assert!(worst <= 6, "{worst} ms stale");
    // Then fresh again.
    bracketed(&shared, &mut local, 10_000);
    println!("SLOW caught: at most {worst} ms stale, generation {generation} then {again}");
}
