//! The parts of the failover scenario that every store's test shares: the holders A in their
//! child processes, what they report, and the runs of ids they served. A store's test supplies
//! the servers, the failover itself and the newcomers B; its common module, imported as
//! `store`, supplies the child processes and the configuration.
#![allow(dead_code, reason = "each test binary uses a part")]

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::Child;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use snowflake::SnowflakeId;
use snowflake_lease::{Error, LeaseConfig, LeasedGenerator};
use tick_sequence::boot_clock_ns;

use crate::store::{acquire_and_announce, fill_flat_out, short, spawn_child, value};

pub(crate) const TEST: &str =
    "a_failover_to_a_replica_that_lacks_the_last_commits_gives_no_duplicate";

/// The ttl. The failover (kill, start, promotion, a B's claim: a few hundred milliseconds,
/// seconds on a loaded machine) must end before the A's local deadlines, at least `TTL - TTL
/// / 3 - margin` (1.7 s) after the kill, and below the ceilings they ran ahead to, at least
/// `TTL / 3` (1 s) above the clock at the kill, so that a B starting at its clock would meet
/// them.
pub(crate) const TTL: Duration = Duration::from_secs(3);

/// The lead: how far above the database's clock a ceiling may be (two renewal intervals).
pub(crate) const LEAD: Duration = Duration::from_millis(TTL.as_millis() as u64 * 2 / 3);

/// The worker ids left free: the holders' and the newcomers'.
pub(crate) const FREE: [u16; 4] = [0, 1, 2, 3];

/// Holders whose claims reach the replica, and holders whose claims do not.
pub(crate) const FOLLOWED: usize = 2;
pub(crate) const UNSEEN: usize = 2;

/// How long any one step may take before the test fails.
pub(crate) const PATIENCE: Duration = Duration::from_secs(30);

/// A lease of [`TTL`] with a tenth of it as margin; both servers read this host's clock, so a
/// little skew covers them.
pub(crate) fn config(connection: &str, table: &str) -> LeaseConfig {
    short(connection, table)
        .ttl(TTL)
        .margin(TTL / 10)
        .max_clock_skew(Duration::from_millis(20))
}

pub(crate) fn wall_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis()
        .try_into()
        .unwrap()
}

/// The ids a generator served, as runs of sequence numbers `(ms, first, last)` in the order
/// served: millions of ids in a few thousand runs.
#[derive(Default)]
pub(crate) struct Served(pub(crate) Vec<(u64, u16, u16)>);

impl Served {
    /// Records ids `first..=last`, consecutive in the generator's sequence (a millisecond's
    /// 4096 sequence numbers, then the next millisecond's): one fill's, in constant time, so
    /// that the bookkeeping does not slow a holder down to its clock.
    pub(crate) fn push(&mut self, first: SnowflakeId, last: SnowflakeId) {
        let (first_ms, last_ms) = (first.timestamp_ms(), last.timestamp_ms());
        let mut run = |ms: u64, from: u16, to: u16| match self.0.last_mut() {
            Some((run_ms, _, end)) if *run_ms == ms && from == *end + 1 => *end = to,
            _ => self.0.push((ms, from, to)),
        };
        if first_ms == last_ms {
            run(first_ms, first.sequence(), last.sequence());
            return;
        }
        run(first_ms, first.sequence(), SnowflakeId::MAX_SEQUENCE);
        for ms in first_ms + 1..last_ms {
            run(ms, 0, SnowflakeId::MAX_SEQUENCE);
        }
        run(last_ms, 0, last.sequence());
    }

    pub(crate) fn last_ms(&self) -> Option<u64> {
        self.0.last().map(|(ms, ..)| *ms)
    }

    pub(crate) fn millis(&self) -> BTreeSet<u64> {
        self.0.iter().map(|(ms, ..)| *ms).collect()
    }

    pub(crate) fn ids(&self) -> u64 {
        self.0
            .iter()
            .map(|(_, first, last)| u64::from(last - first) + 1)
            .sum()
    }

    pub(crate) fn to_line(&self) -> String {
        let runs: Vec<String> = self
            .0
            .iter()
            .map(|(ms, first, last)| format!("{ms}:{first}-{last}"))
            .collect();
        runs.join(",")
    }

    pub(crate) fn parse(line: &str) -> Served {
        Served(
            line.split(',')
                .filter(|run| !run.is_empty())
                .map(|run| {
                    let (ms, sequences) = run.split_once(':').unwrap();
                    let (first, last) = sequences.split_once('-').unwrap();
                    (
                        ms.parse().unwrap(),
                        first.parse().unwrap(),
                        last.parse().unwrap(),
                    )
                })
                .collect(),
        )
    }

    /// The milliseconds both served, and the ids both served.
    pub(crate) fn shared_with(&self, other: &Served) -> (u64, u64) {
        let mut mine: BTreeMap<u64, Vec<(u16, u16)>> = BTreeMap::new();
        for &(ms, first, last) in &self.0 {
            mine.entry(ms).or_default().push((first, last));
        }
        let mut ids = 0;
        for &(ms, first, last) in &other.0 {
            for &(my_first, my_last) in mine.get(&ms).into_iter().flatten() {
                let (low, high) = (first.max(my_first), last.min(my_last));
                if low <= high {
                    ids += u64::from(high - low) + 1;
                }
            }
        }
        let millis = self.millis().intersection(&other.millis()).count();
        (millis.try_into().unwrap(), ids)
    }
}

/// One fill of a millisecond's worth of ids (4096) from `generator`, recorded in `served`: the
/// ids before a refused one are served. A refusal while the lease cannot be proven waits a
/// millisecond, so that holders at their ceiling leave the two cores to the servers.
pub(crate) fn fill_once(generator: &LeasedGenerator, served: &mut Served) -> Result<(), Error> {
    let (ids, result) = fill_flat_out(generator);
    if let Some((first, last)) = ids {
        served.push(first, last);
    }
    match &result {
        Ok(()) => {}
        Err(Error::AheadOfLease { .. } | Error::LeaseExpired { .. }) => {
            thread::sleep(Duration::from_millis(1));
        }
        Err(Error::LeaseLost { .. }) => {}
        Err(other) => panic!("worker id {}: {other}", generator.worker_id()),
    }
    result
}

/// A in a child: acquires on `table`, says its worker id, and serves flat out until a line
/// comes on standard input. Says at once when it learns its lease is lost, then stops
/// serving. At the end: what it served, whether it was lost, the last local deadline it
/// knew, how far ahead of its clock it got, its ceiling, and each renewal error it saw, with
/// the boot clock when first seen.
/// Then waits to be killed, never releasing: as far as it knows, its lease may stand.
pub(crate) fn holder_a_in_child(connection: &str, table: &str) -> ! {
    let generator = acquire_and_announce(&config(connection, table));
    let stop = Arc::new(AtomicBool::new(false));
    let server = {
        let (generator, stop) = (Arc::clone(&generator), Arc::clone(&stop));
        thread::spawn(move || {
            let mut served = Served::default();
            let mut deadline_ns = 0;
            let mut ahead_ms = 0;
            let mut errors: Vec<(u64, String)> = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let result = fill_once(&generator, &mut served);
                // Read first: the deadline below errs early.
                let now = boot_clock_ns();
                let state = generator.state();
                if let Some(last) = served.last_ms() {
                    ahead_ms = ahead_ms.max(last.saturating_sub(wall_ms()));
                }
                if let Some(left) = state.time_left {
                    deadline_ns = deadline_ns.max(now + u64::try_from(left.as_nanos()).unwrap());
                }
                if let Some(error) = state.last_renewal_error {
                    let error = error.replace('\n', " ");
                    if !errors.iter().any(|(_, seen)| *seen == error) {
                        errors.push((now, error));
                    }
                }
                if let Err(Error::LeaseLost { .. }) = result {
                    println!("lost_at={now}");
                    std::io::stdout().flush().unwrap();
                    break;
                }
            }
            (served, deadline_ns, ahead_ms, errors)
        })
    };
    let mut line = String::new();
    let _ = std::io::stdin().read_line(&mut line);
    stop.store(true, Ordering::Relaxed);
    let (served, deadline_ns, ahead_ms, errors) = server.join().unwrap();
    let state = generator.state();
    println!("served={}", served.to_line());
    println!("lost={}", state.lost);
    println!("deadline_ns={deadline_ns}");
    println!("ahead_ms={ahead_ms}");
    println!("ceiling={}", state.high_water_ms);
    println!(
        "last_error={}",
        state
            .last_renewal_error
            .unwrap_or_default()
            .replace('\n', " ")
    );
    for (at, error) in errors {
        println!("error={at}|{error}");
    }
    println!("done");
    std::io::stdout().flush().unwrap();
    loop {
        thread::sleep(Duration::from_secs(60));
    }
}

/// A holder A in its child process, its standard output read line by line on a thread.
pub(crate) struct HolderA {
    pub(crate) child: Child,
    pub(crate) lines: Receiver<String>,
    pub(crate) worker_id: u16,
    /// Its claim reached the replica.
    pub(crate) followed: bool,
}

/// What an A said at the end.
pub(crate) struct Report {
    pub(crate) served: Served,
    pub(crate) lost: bool,
    pub(crate) lost_at: Option<u64>,
    pub(crate) deadline_ns: u64,
    /// The furthest it served ahead of its clock.
    pub(crate) ahead_ms: u64,
    pub(crate) ceiling: u64,
    pub(crate) last_error: String,
    pub(crate) errors: Vec<(u64, String)>,
}

impl HolderA {
    pub(crate) fn spawn(connection: &str, table: &str, followed: bool) -> HolderA {
        let mut child = spawn_child(TEST, "holder", connection, table);
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        let mut holder = HolderA {
            child,
            lines,
            worker_id: 0,
            followed,
        };
        holder.worker_id = value(&holder.wait_for("ready", PATIENCE), "worker_id");
        holder
    }

    /// The lines up to one holding `what`; fails with the child's standard error if it ends
    /// first or does not say it within `limit`.
    pub(crate) fn wait_for(&mut self, what: &str, limit: Duration) -> Vec<String> {
        let start = Instant::now();
        let mut lines = Vec::new();
        loop {
            let left = limit.saturating_sub(start.elapsed());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.contains(what);
                    lines.push(line);
                    if done {
                        return lines;
                    }
                }
                Err(error) => {
                    let _ = self.child.kill();
                    let mut stderr = String::new();
                    if let Some(mut pipe) = self.child.stderr.take() {
                        let _ = pipe.read_to_string(&mut stderr);
                    }
                    let why = match error {
                        RecvTimeoutError::Timeout => format!("not within {limit:?}"),
                        RecvTimeoutError::Disconnected => "the child ended".to_owned(),
                    };
                    panic!(
                        "holder A of worker id {}: no {what:?} ({why}):\n{}\n{stderr}",
                        self.worker_id,
                        lines.join("\n")
                    );
                }
            }
        }
    }

    /// Stops the A and reads its report; `lost_at` is the `lost_at=` line already read, if
    /// any.
    pub(crate) fn stop(mut self, mut lines: Vec<String>) -> Report {
        writeln!(self.child.stdin.as_mut().unwrap(), "stop").unwrap();
        lines.extend(self.wait_for("done", PATIENCE));
        let errors = lines
            .iter()
            .filter_map(|line| line.strip_prefix("error="))
            .map(|error| {
                let (at, text) = error.split_once('|').unwrap();
                (at.parse().unwrap(), text.to_owned())
            })
            .collect();
        Report {
            served: Served::parse(&value::<String>(&lines, "served")),
            lost: value(&lines, "lost"),
            lost_at: lines
                .iter()
                .find_map(|line| line.strip_prefix("lost_at="))
                .map(|at| at.parse().unwrap()),
            deadline_ns: value(&lines, "deadline_ns"),
            ahead_ms: value(&lines, "ahead_ms"),
            ceiling: value(&lines, "ceiling"),
            last_error: value(&lines, "last_error"),
            errors,
        }
    }
}

impl Drop for HolderA {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
