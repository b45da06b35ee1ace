//! What every store's tests do with the children that run their test binary again in a role,
//! whatever the store: polling, reading a child's lines and values, serving flat out, and
//! announcing a claim. Each store's common module re-exports it beside its own way of
//! spawning a child (the store's location in the child's environment).
#![allow(dead_code, reason = "each test binary uses some of these")]

use std::collections::{BTreeSet, HashSet};
use std::io::BufReader;
use std::io::{BufRead, Read, Write};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use snowflake::SnowflakeId;
use snowflake_lease::{Error, LeaseConfig, LeaseError, LeaseEvent, LeasedGenerator};
use test_support::generated::unix_ms;

/// Calls `attempt` until it gives a value; fails the test after `limit` (a guard against a
/// hang, never a measure of speed).
pub(crate) fn poll<T>(what: &str, limit: Duration, mut attempt: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(value) = attempt() {
            return value;
        }
        assert!(start.elapsed() < limit, "{what}: not within {limit:?}");
        thread::sleep(Duration::from_millis(10));
    }
}

/// Reads the child's lines up to one holding `last`, returning them all; fails with the
/// child's standard error if it ends first.
pub(crate) fn read_until(child: &mut Child, reader: &mut impl BufRead, last: &str) -> Vec<String> {
    let mut lines = Vec::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap() == 0 {
            let mut stderr = String::new();
            if let Some(mut pipe) = child.stderr.take() {
                let _ = pipe.read_to_string(&mut stderr);
            }
            panic!(
                "the child ended before {last:?}:\n{}\n{stderr}",
                lines.join("\n")
            );
        }
        // The harness writes `test name ... ` before the test's first line, on the same line.
        let line = line.trim_end().to_owned();
        let done = line.contains(last);
        lines.push(line);
        if done {
            return lines;
        }
    }
}

/// The value of the line `name=value` (the rest of the line, which may be empty).
pub(crate) fn value<T: std::str::FromStr>(lines: &[String], name: &str) -> T
where
    T::Err: std::fmt::Debug,
{
    let prefix = format!("{name}=");
    let line = lines
        .iter()
        .find_map(|line| line.split_once(&prefix).map(|(_, value)| value))
        .unwrap_or_else(|| panic!("no {name}= in {lines:?}"));
    line.parse().unwrap()
}

/// One fill of a millisecond's worth of ids (4096), as a holder serving flat out does, so that
/// it runs ahead of its clock up to its ceiling: the first and last ids served (those before a
/// refused one are; the rest of the batch is left as it was) and the fill's result.
pub(crate) fn fill_flat_out(
    generator: &LeasedGenerator,
) -> (Option<(SnowflakeId, SnowflakeId)>, Result<(), Error>) {
    let mut batch = [SnowflakeId::MIN; 4096];
    let result = generator.fill(&mut batch);
    let count = batch.partition_point(|id| *id != SnowflakeId::MIN);
    let served = (count > 0).then(|| (batch[0], batch[count - 1]));
    (served, result)
}

/// Serves flat out until `stop`: the distinct milliseconds served, in order. Refusals while
/// the lease cannot be proven are skipped; a lost lease ends the run.
pub(crate) fn flat_out(generator: &LeasedGenerator, stop: &AtomicBool) -> Vec<u64> {
    let mut served: Vec<u64> = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let (ids, result) = fill_flat_out(generator);
        // One fill's ids are consecutive: their milliseconds are every one from the first's
        // to the last's.
        if let Some((first, last)) = ids {
            let from = served
                .last()
                .map_or(first.timestamp_ms(), |ms| first.timestamp_ms().max(ms + 1));
            served.extend(from..=last.timestamp_ms());
        }
        match result {
            Ok(()) | Err(Error::AheadOfLease { .. } | Error::LeaseExpired { .. }) => {}
            Err(Error::LeaseLost { .. }) => break,
            Err(other) => panic!("{other}"),
        }
    }
    served
}

/// In a child: acquires with `config` and says its worker id, then `ready`, on standard
/// output, for the parent's [`read_until`].
pub(crate) fn acquire_and_announce(config: &LeaseConfig) -> Arc<LeasedGenerator> {
    let generator = Arc::new(LeasedGenerator::acquire(config).unwrap());
    println!("worker_id={}", generator.worker_id());
    println!("ready");
    std::io::stdout().flush().unwrap();
    generator
}

/// In a child: acquire with `config`, say the worker id and `ready`, serve flat out until a
/// line comes on standard input, then print the milliseconds served and whether the lease
/// was lost, and wait to be killed (no release: as far as it knows, its lease stands).
pub(crate) fn serve_until_told(config: &LeaseConfig) -> ! {
    let generator = acquire_and_announce(config);
    let stop = Arc::new(AtomicBool::new(false));
    let server = {
        let (generator, stop) = (Arc::clone(&generator), Arc::clone(&stop));
        thread::spawn(move || flat_out(&generator, &stop))
    };
    let mut line = String::new();
    let _ = std::io::stdin().read_line(&mut line);
    stop.store(true, Ordering::Relaxed);
    let served = server.join().unwrap();
    let list: Vec<String> = served.iter().map(u64::to_string).collect();
    println!("served={}", list.join(","));
    println!("lost={}", generator.state().lost);
    println!("done");
    std::io::stdout().flush().unwrap();
    loop {
        thread::sleep(Duration::from_secs(60));
    }
}

/// Stops a child of [`serve_until_told`]: the milliseconds it served, and whether it knew its
/// lease lost.
pub(crate) fn stop_serving(
    mut child: Child,
    mut stdout: BufReader<ChildStdout>,
) -> (Vec<u64>, bool) {
    writeln!(child.stdin.as_mut().unwrap(), "stop").unwrap();
    let lines = read_until(&mut child, &mut stdout, "done");
    child.kill().unwrap();
    child.wait().unwrap();
    let served: String = value(&lines, "served");
    let served = served
        .split(',')
        .filter(|ms| !ms.is_empty())
        .map(|ms| ms.parse().unwrap())
        .collect();
    (served, value(&lines, "lost"))
}

/// No millisecond served by both under one worker id; each served some.
pub(crate) fn assert_apart(a: (u16, &[u64]), b: (u16, &[u64]), what: &str) {
    assert!(
        !a.1.is_empty() && !b.1.is_empty(),
        "{what}: A or B served nothing"
    );
    if a.0 != b.0 {
        return;
    }
    let a_ms: BTreeSet<u64> = a.1.iter().copied().collect();
    let shared: Vec<u64> = b.1.iter().copied().filter(|ms| a_ms.contains(ms)).collect();
    assert!(
        shared.is_empty(),
        "{what}: A and B served {} milliseconds under worker id {} both, from {} (A served \
         {}..={}, B {}..={})",
        shared.len(),
        a.0,
        shared[0],
        a.1[0],
        a.1[a.1.len() - 1],
        b.1[0],
        b.1[b.1.len() - 1],
    );
}

/// The child's role, in its environment (a database store's children).
pub(crate) const CHILD: &str = "LEASE_CHILD";
/// The store's location (a connection string or URL), in the child's environment.
pub(crate) const CONNECTION: &str = "LEASE_CONNECTION";
/// The lease table, in the child's environment.
pub(crate) const TABLE: &str = "LEASE_TABLE";

/// The arguments that make this test binary run only `test`, showing its output, on one
/// thread: a child's.
pub(crate) fn only(test: &str) -> [&str; 4] {
    [test, "--exact", "--nocapture", "--test-threads=1"]
}

/// This test binary again, running only `test`, which is `#[ignore]`d (a chaos test, run on
/// purpose).
pub(crate) fn ignored_test(test: &str) -> Command {
    let mut command = this_binary();
    command.args(only(test)).arg("--ignored");
    command
}

/// This test binary again, running only `test` in the role `role`, with the store's location
/// and table in its environment.
pub(crate) fn spawn_child(test: &str, role: &str, location: &str, table: &str) -> Child {
    spawn_child_command(this_binary(), test, role, location, table, &[])
}

/// A command that runs this test binary.
pub(crate) fn this_binary() -> Command {
    Command::new(std::env::current_exe().unwrap())
}

/// [`spawn_child`] through `command` (the binary itself, or a wrapper such as `faketime` with
/// the binary as an argument), with `more` variables in the child's environment.
pub(crate) fn spawn_child_command(
    mut command: Command,
    test: &str,
    role: &str,
    location: &str,
    table: &str,
    more: &[(&str, &str)],
) -> Child {
    command
        .args(only(test))
        .env(CHILD, role)
        .env(CONNECTION, location)
        .env(TABLE, table)
        .envs(more.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The child's role, the store's location and the table, in a child of [`spawn_child`].
pub(crate) fn child_role() -> Option<(String, String, String)> {
    let role = std::env::var(CHILD).ok()?;
    Some((
        role,
        std::env::var(CONNECTION).unwrap(),
        std::env::var(TABLE).unwrap(),
    ))
}

/// A process that keeps one core busy until dropped.
pub(crate) struct Busy(Child);

impl Busy {
    pub(crate) fn start() -> Busy {
        Busy(
            Command::new("sh")
                .args(["-c", "while :; do :; done"])
                .spawn()
                .expect("sh runs"),
        )
    }

    /// One per core.
    pub(crate) fn every_core() -> Vec<Busy> {
        let cores = thread::available_parallelism().map_or(2, |n| n.get());
        (0..cores).map(|_| Busy::start()).collect()
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// In a holder: one id at `ceiling`, then a burst of 10,000 that the lease refuses part of, as
/// ahead of it: the ids served, in order.
pub(crate) fn burst_to_the_ceiling(generator: &LeasedGenerator, ceiling: u64) -> Vec<SnowflakeId> {
    let mut served = vec![generator.generate_at(ceiling).unwrap()];
    let mut burst = vec![SnowflakeId::MIN; 10_000];
    let refused = generator.fill(&mut burst).unwrap_err();
    assert!(matches!(refused, Error::AheadOfLease { .. }), "{refused:?}");
    served.extend(burst.iter().copied().filter(|id| *id != SnowflakeId::MIN));
    served
}

/// Asserts that `error` says every worker id of `store` tried was held: `held` of them, none
/// being claimed by others, none too far ahead.
pub(crate) fn assert_all_held(error: &LeaseError, store: &str, held: u32) {
    match error {
        LeaseError::AllHeld {
            store: named,
            held: named_held,
            locked,
            ahead,
            ..
        } => assert_eq!(
            (named.as_str(), *named_held, *locked, *ahead),
            (store, held, 0, 0)
        ),
        other => panic!("expected AllHeld, got {other:?}"),
    }
}

/// In a child of [`Claimers`]: claims with `config`, serves an id, says whether its acquire
/// created the table and its worker id, holds until the parent closes standard input, and
/// releases.
pub(crate) fn claim_and_hold(config: LeaseConfig) {
    let created = Arc::new(AtomicBool::new(false));
    let saw = Arc::clone(&created);
    let config = config.on_event(move |event| {
        if matches!(event, LeaseEvent::TableCreated { .. }) {
            saw.store(true, Ordering::Relaxed);
        }
    });
    let generator =
        LeasedGenerator::acquire(&config).unwrap_or_else(|error| panic!("acquire: {error}"));
    let id = generator.generate().unwrap();
    assert_eq!(id.worker_id(), generator.worker_id());
    println!("created={}", created.load(Ordering::Relaxed));
    println!("worker_id={}", generator.worker_id());
    std::io::stdout().flush().unwrap();
    let _ = std::io::stdin().read_to_end(&mut Vec::new());
    generator.release().unwrap();
}

/// Children of [`claim_and_hold`] claiming at once, each holding its worker id.
pub(crate) struct Claimers {
    children: Vec<Child>,
    /// Kept open until the children exit: they still write their test's result.
    readers: Vec<BufReader<ChildStdout>>,
    /// Each child's worker id, distinct.
    pub(crate) worker_ids: Vec<u16>,
    /// How many said their acquire created the table.
    pub(crate) creators: usize,
}

impl Claimers {
    /// `count` children from `spawn`, each read up to its worker id; fails unless the worker
    /// ids are distinct.
    pub(crate) fn start(count: usize, mut spawn: impl FnMut() -> Child) -> Claimers {
        let mut children: Vec<Child> = (0..count).map(|_| spawn()).collect();
        let mut worker_ids = Vec::new();
        let mut creators = 0;
        let mut readers = Vec::new();
        for child in &mut children {
            let mut stdout = BufReader::new(child.stdout.take().unwrap());
            let lines = read_until(child, &mut stdout, "worker_id=");
            worker_ids.push(value::<u16>(&lines, "worker_id"));
            creators += usize::from(value::<bool>(&lines, "created"));
            readers.push(stdout);
        }
        let distinct: HashSet<u16> = worker_ids.iter().copied().collect();
        assert_eq!(distinct.len(), count, "{worker_ids:?}");
        Claimers {
            children,
            readers,
            worker_ids,
            creators,
        }
    }

    /// Closes every child's standard input, so that each releases, and fails unless each then
    /// exits successfully.
    pub(crate) fn release(self) {
        let Claimers {
            mut children,
            readers,
            ..
        } = self;
        for child in &mut children {
            drop(child.stdin.take());
        }
        for mut child in children {
            let status = child.wait().unwrap();
            assert!(status.success(), "a child failed: {status}");
        }
        drop(readers);
    }
}

/// `count` threads acquiring with `config` at once: their handles, for [`join_distinct`], and
/// how many of them reported creating the table.
pub(crate) fn acquiring_peers(
    count: usize,
    config: &LeaseConfig,
) -> (
    Vec<JoinHandle<Result<LeasedGenerator, LeaseError>>>,
    Arc<AtomicUsize>,
) {
    let created = Arc::new(AtomicUsize::new(0));
    let peers = (0..count)
        .map(|_| {
            let created = Arc::clone(&created);
            let config = config.clone().on_event(move |event| {
                if matches!(event, LeaseEvent::TableCreated { .. }) {
                    created.fetch_add(1, Ordering::Relaxed);
                }
            });
            thread::spawn(move || LeasedGenerator::acquire(&config))
        })
        .collect();
    (peers, created)
}

/// Joins threads that each acquired: their generators, whose worker ids must be distinct.
pub(crate) fn join_distinct(
    threads: Vec<JoinHandle<Result<LeasedGenerator, LeaseError>>>,
) -> Vec<LeasedGenerator> {
    let count = threads.len();
    let generators: Vec<LeasedGenerator> = threads
        .into_iter()
        .map(|thread| {
            thread
                .join()
                .unwrap()
                .unwrap_or_else(|error| panic!("{error}"))
        })
        .collect();
    let worker_ids: HashSet<u16> = generators.iter().map(LeasedGenerator::worker_id).collect();
    assert_eq!(worker_ids.len(), count);
    generators
}

/// `test`'s 64 children of [`spawn_child`] in the role `claim` (each a [`claim_and_hold`]),
/// claiming at once on `location`'s `table`, which does not exist yet, on a machine whose
/// every core other processes keep busy, as in a rollout on loaded hosts: exactly one of them
/// must report creating the table. The busy processes run until the first value is dropped.
pub(crate) fn sixty_four_claiming(
    test: &str,
    location: &str,
    table: &str,
) -> (Vec<Busy>, Claimers) {
    let busy = Busy::every_core();
    let claimers = Claimers::start(64, || spawn_child(test, "claim", location, table));
    assert_eq!(
        claimers.creators, 1,
        "processes that reported creating the table"
    );
    (busy, claimers)
}

/// Serves until `generator` finds its lease on `worker_id` lost, failing after `limit`.
pub(crate) fn serve_until_lost(generator: &LeasedGenerator, worker_id: u16, limit: Duration) {
    poll("LeaseLost", limit, || {
        match generator.generate() {
            // Until the next renewal (a late one on a busy machine lets the clock pass the
            // mark, or the deadline, first).
            Ok(_) | Err(Error::AheadOfLease { .. } | Error::LeaseExpired { .. }) => None,
            Err(Error::LeaseLost { worker_id: lost }) => {
                assert_eq!(lost, worker_id);
                Some(())
            }
            Err(other) => panic!("{other}"),
        }
    });
}

/// Waits for `generator`, whose lease expired, to serve again: its first id, within `limit`.
pub(crate) fn serve_again(generator: &LeasedGenerator, limit: Duration) -> SnowflakeId {
    poll("serving again", limit, || match generator.generate() {
        Ok(id) => Some(id),
        Err(Error::LeaseExpired { .. } | Error::AheadOfLease { .. }) => None,
        Err(other) => panic!("{other}"),
    })
}

/// Serves into `ids` through a restart of the server (while it is down, the clock passes the
/// last mark, then the deadline): first until it serves, if `serving_within` is given, then
/// until a renewal on a new connection moves the ceiling on, within `renewal_within`.
pub(crate) fn serve_through_restart(
    generator: &LeasedGenerator,
    ids: &mut Vec<SnowflakeId>,
    serving_within: Option<Duration>,
    renewal_within: Duration,
) {
    let mut serve = || match generator.generate() {
        Ok(id) => {
            ids.push(id);
            Some(())
        }
        Err(Error::LeaseExpired { .. } | Error::AheadOfLease { .. }) => None,
        Err(other) => panic!("{other}"),
    };
    if let Some(limit) = serving_within {
        poll("serving after the restart", limit, &mut serve);
    }
    let ceiling = generator.state().high_water_ms;
    poll("a renewal after the restart", renewal_within, || {
        serve();
        (generator.state().high_water_ms > ceiling).then_some(())
    });
}

/// `config` with every event it reports recorded, in order.
pub(crate) fn recorded(config: LeaseConfig) -> (LeaseConfig, Arc<Mutex<Vec<LeaseEvent>>>) {
    let events = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&events);
    let config = config.on_event(move |event| sink.lock().unwrap().push(event.clone()));
    (config, events)
}

/// On a table whose rows are all held but 3, marked `poisoned` (far ahead), and 4: `config`
/// claims 4, reporting that it passed one over, and a claim after it is refused at once,
/// saying how far ahead the poisoned mark is. The holder of 4.
pub(crate) fn claim_past_a_poisoned_row(config: &LeaseConfig, poisoned: i64) -> LeasedGenerator {
    let (recording, events) = recorded(config.clone());
    let generator = LeasedGenerator::acquire(&recording).unwrap();
    assert_eq!(generator.worker_id(), 4, "the usable row");
    let acquired = events.lock().unwrap().clone();
    assert!(
        acquired.iter().any(|event| matches!(
            event,
            LeaseEvent::Acquired {
                worker_id: 4,
                passed_over: 1,
                ..
            }
        )),
        "{acquired:?}"
    );
    // With the usable row held too, nothing is left but the poisoned one.
    let error = LeasedGenerator::acquire(config).unwrap_err();
    match &error {
        LeaseError::AllHeld {
            held,
            ahead,
            ahead_ms,
            ..
        } => {
            assert_eq!((*held, *ahead), (1023, 1));
            let expected = poisoned as u64 - unix_ms();
            assert!(
                ahead_ms.abs_diff(expected) < 10_000,
                "{ahead_ms} vs {expected}"
            );
        }
        other => panic!("expected AllHeld, got {other:?}"),
    }
    assert!(
        error
            .to_string()
            .contains("1 free but with a high-water mark too far ahead")
    );
    generator
}
