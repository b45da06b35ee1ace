//! A test run again in new processes: for what only a process's first calls can show (the
//! first use of a generator, a `pthread_atfork` handler registered before it).
//!
//! The test calls [`run`] with its own full name: that runs this test binary once per
//! process, with only that test selected and [`ENV`] set, and returns each process's standard
//! output. In those processes [`is_fresh`] is true and the test does its probe instead, printing
//! what the outer test reads back.

use std::process::{Child, Command, Stdio};

/// Set in the processes [`run`] starts.
pub const ENV: &str = "TEST_SUPPORT_FRESH_PROCESS";

/// Whether this process was started by [`run`].
#[must_use]
pub fn is_fresh() -> bool {
    std::env::var_os(ENV).is_some()
}

/// Runs the test `name` (its full path in the test binary, e.g. `storm::first_use`) in
/// `processes` new processes of this test binary, as many at a time as the machine has cores,
/// and returns the standard output of each, in the order they were started.
///
/// # Panics
///
/// If a process cannot be started, or exits with a failure (its output is in the message).
#[must_use]
pub fn run(name: &str, processes: usize) -> Vec<String> {
    let at_a_time = std::thread::available_parallelism().map_or(1, usize::from);
    let mut running = std::collections::VecDeque::with_capacity(at_a_time);
    let mut outputs = Vec::with_capacity(processes);
    for index in 0..processes {
        if running.len() == at_a_time {
            let (earlier, child) = running.pop_front().expect("a process is running");
            outputs.push(finish(name, earlier, child));
        }
        running.push_back((index, start(name, index, &[])));
    }
    outputs.extend(
        running
            .into_iter()
            .map(|(index, child)| finish(name, index, child)),
    );
    outputs
}

/// As [`run`], but the `processes` processes run at the same time, each with the extra
/// environment `env`: started one after the other, then waited for together.
///
/// # Panics
///
/// As [`run`].
#[must_use]
pub fn run_at_once(name: &str, processes: usize, env: &[(&str, String)]) -> Vec<String> {
    let children: Vec<Child> = (0..processes)
        .map(|index| start(name, index, env))
        .collect();
    children
        .into_iter()
        .enumerate()
        .map(|(index, child)| finish(name, index, child))
        .collect()
}

/// The index [`run`] or [`run_at_once`] gave this process (0, 1, ...), if it is one of theirs.
#[must_use]
pub fn index() -> Option<usize> {
    std::env::var(ENV).ok()?.parse().ok()
}

/// Starts this test binary with only the test `name` selected, as process `index`.
fn start(name: &str, index: usize, env: &[(&str, String)]) -> Child {
    let exe = std::env::current_exe().expect("the test binary's path");
    Command::new(&exe)
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .env(ENV, index.to_string())
        .envs(env.iter().map(|(key, value)| (key, value)))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("{}: {error}", exe.display()))
}

/// Waits for process `index` of the test `name`; its standard output, once it has passed.
fn finish(name: &str, index: usize, child: Child) -> String {
    let output = child
        .wait_with_output()
        .unwrap_or_else(|error| panic!("process {index} of {name}: {error}"));
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "process {index} of {name}: {}\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.contains("1 passed"),
        "process {index} ran no test named {name}:\n{stdout}"
    );
    stdout
}

/// A wall clock for [`run_at_clock`], as `faketime` sets it.
#[derive(Clone, Copy, Debug)]
pub enum FakeClock {
    /// Seconds since the Unix epoch (`FAKETIME_FMT=%s`): any year, 10890 included, which
    /// libfaketime reads in no date form.
    UnixSeconds(u64),
    /// A date and time in UTC, `YYYY-MM-DD hh:mm:ss`: for instants before 1970, which
    /// `FAKETIME_FMT=%s` does not read.
    Utc(&'static str),
}

/// Runs the test `name` of this test binary once, as [`run`] does (with [`ENV`] set, so that
/// [`is_fresh`] is true in it), under `faketime` with the wall clock at `clock`, and returns
/// its standard output. The clock then runs on from there (libfaketime's "start at" mode), so
/// that a generator sees it move.
///
/// # Panics
///
/// If `faketime` cannot be run (the message says how to install it), or if the process exits
/// with a failure (its output is in the message).
#[must_use]
pub fn run_at_clock(name: &str, clock: FakeClock) -> String {
    let exe = std::env::current_exe().expect("the test binary's path");
    let mut command = Command::new("faketime");
    match clock {
        FakeClock::UnixSeconds(seconds) => {
            command
                .arg("-f")
                .arg(format!("@{seconds}"))
                .env("FAKETIME_FMT", "%s");
        }
        FakeClock::Utc(date) => {
            command.arg("-f").arg(format!("@{date}")).env("TZ", "UTC");
        }
    }
    let child = command
        .arg(&exe)
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .env(ENV, "0")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| {
            panic!(
                "cannot run `faketime` ({error}); this test needs it: `apt-get install faketime` \
                 (Debian and Ubuntu; `brew install libfaketime` on macOS)"
            )
        });
    finish(name, 0, child)
}
