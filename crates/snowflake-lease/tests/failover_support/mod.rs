//! The failover scenario that every store's test shares: the holders A in their child
//! processes, what they report, the runs of ids they served, the newcomers B, and the steps and
//! checks of the failover. A store's test supplies its servers as a [`Servers`]; its common
//! module, imported as `store`, supplies the child processes and the configuration.
#![allow(dead_code, reason = "each test binary uses a part")]

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::Child;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use snowflake::SnowflakeId;
use snowflake_lease::{Error, LeaseConfig, LeaseError, LeasedGenerator};
use tick_sequence::boot_clock_ns;

use crate::store::{
    acquire_and_announce, child_role, fill_flat_out, poll, short, spawn_child, value,
};

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

/// A newcomer B on the promoted server: claims through `connection`, then serves flat out
/// until it has served above `above_ms` (the highest millisecond any A's ceiling can reach):
/// its worker id, the boot clock when its claim returned, and what it served; `None` if every
/// row was held. Failed attempts are retried and their errors kept in `errors`.
fn newcomer_b(
    connection: &str,
    table: &str,
    above_ms: u64,
    errors: &Mutex<BTreeSet<String>>,
) -> Option<(u16, u64, Served)> {
    let start = Instant::now();
    let generator = loop {
        match LeasedGenerator::acquire(&config(connection, table)) {
            Ok(generator) => break generator,
            Err(LeaseError::AllHeld { .. }) => return None,
            Err(error) => {
                errors.lock().unwrap().insert(error.to_string());
                assert!(start.elapsed() < PATIENCE, "B's acquire: {error}");
                thread::sleep(Duration::from_millis(5));
            }
        }
    };
    let claimed_ns = boot_clock_ns();
    let mut served = Served::default();
    while served.last_ms().is_none_or(|ms| ms <= above_ms) {
        assert!(
            start.elapsed() < PATIENCE,
            "B of worker id {} did not serve above {above_ms} (it served up to {:?}): {:?}",
            generator.worker_id(),
            served.last_ms(),
            generator.state(),
        );
        if let Err(Error::LeaseLost { .. }) = fill_once(&generator, &mut served) {
            panic!("B lost worker id {}", generator.worker_id());
        }
    }
    Some((generator.worker_id(), claimed_ns, served))
}

/// Milliseconds from `start_ns` to `at_ns` on the boot clock, negative if `at_ns` came first.
fn ms_since(start_ns: u64, at_ns: u64) -> i128 {
    (i128::from(at_ns) - i128::from(start_ns)) / 1_000_000
}

/// `worker_id -> (expires_at <= now, high_water_ms, generation)` of some rows.
pub(crate) type Rows = BTreeMap<u16, (bool, i64, i64)>;

/// What the scenario needs of a store's servers: a primary, a replica following it, and one
/// connection for the holders that reaches whichever of them takes writes.
pub(crate) trait Servers: Sized {
    /// Starts both, creates `table` through the holders' connection, and holds every row of
    /// it but [`FREE`]: the servers, and that connection.
    fn set_up(table: &str) -> (Self, String);

    /// Waits until the replica has every commit the primary made so far, then stops it.
    fn stop_replica(&mut self);

    /// Rows `ids` of `table` on the primary; the test's own connection to it is closed after.
    fn rows_on_primary(&mut self, table: &str, ids: &[u16]) -> Rows;

    /// Kills the primary (`SIGKILL`).
    fn kill_primary(&mut self);

    fn start_replica_again(&mut self);

    /// Rows `ids` of `table` on the replica, through a connection of the test's own opened
    /// now.
    fn rows_on_replica(&mut self, table: &str, ids: &[u16]) -> Rows;

    /// Promotes the replica, makes the holders' connection reach it, and runs `newcomers` as
    /// soon as it takes writes: what `newcomers` returned.
    fn promote_then<R>(&mut self, newcomers: impl FnOnce() -> R) -> R;
}

/// The failover test on the servers `S`; plays the holder A when this process is its child.
pub(crate) fn failover_test<S: Servers>() {
    if let Some((_, connection, table)) = child_role() {
        holder_a_in_child(&connection, &table);
    }
    // A loaded machine can make the failover outlast the A's deadlines; such a run checks
    // for duplicates all the same, but proves nothing about holders still serving, so it is
    // run again.
    const ATTEMPTS: u32 = 3;
    for attempt in 1..=ATTEMPTS {
        match failover_once::<S>() {
            Ok(()) => return,
            Err(why) => eprintln!(
                "attempt {attempt} of {ATTEMPTS} was not a failover beside live holders: {why}"
            ),
        }
    }
    panic!("{ATTEMPTS} attempts in a row were not a failover beside live holders (see above)");
}

/// One failover: `Err` with the reason if it was not one beside live holders (a B claimed
/// after an A's deadline, or an A renewed nowhere while the primary was down), having
/// asserted that no id was served twice.
fn failover_once<S: Servers>() -> Result<(), String> {
    let began = Instant::now();
    let table = "failover_lease";
    let (mut servers, both) = S::set_up(table);
    let setup = began.elapsed();

    // The first A's claim while the replica follows, and it receives their claims.
    let mut holders: Vec<HolderA> = (0..FOLLOWED)
        .map(|_| HolderA::spawn(&both, table, true))
        .collect();
    servers.stop_replica();
    let stopped_ms = wall_ms();
    holders.extend((0..UNSEEN).map(|_| HolderA::spawn(&both, table, false)));
    let a_ids: Vec<u16> = holders.iter().map(|a| a.worker_id).collect();
    let mut sorted = a_ids.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, FREE, "the A's hold the free rows");

    // More than a ttl of commits the replica lacks: every expiry it holds is past by then.
    let lag_ms = u64::try_from(TTL.as_millis()).unwrap() + 100;
    poll("the replica falling a ttl behind", PATIENCE, || {
        (wall_ms() > stopped_ms + lag_ms).then_some(())
    });
    let written = servers.rows_on_primary(table, &a_ids);
    let killed_ns = boot_clock_ns();
    let killed_ms = wall_ms();
    servers.kill_primary();
    let kill_took = ms_since(killed_ns, boot_clock_ns());

    servers.start_replica_again();
    let started = ms_since(killed_ns, boot_clock_ns());
    let stale = servers.rows_on_replica(table, &a_ids);
    for a in &holders {
        let (expired, mark, generation) = stale[&a.worker_id];
        let (_, written_mark, written_generation) = written[&a.worker_id];
        assert!(
            expired,
            "worker id {}: the replica's lease has expired",
            a.worker_id
        );
        assert!(
            mark < written_mark,
            "worker id {}: the replica's mark {mark} is below the primary's {written_mark}",
            a.worker_id
        );
        let claims_seen = if a.followed { 0 } else { 1 };
        assert_eq!(
            written_generation - generation,
            claims_seen,
            "worker id {}: claims the replica lacks",
            a.worker_id
        );
    }

    // The B's claim the moment the promoted server takes writes, as the A's retry.
    let b_errors = Mutex::new(BTreeSet::new());
    let (promoted_ns, newcomers) = servers.promote_then(|| {
        let promoted_ns = boot_clock_ns();
        // Above every ceiling any A can hold: marks are capped at the lead above the clock.
        let above_ms = killed_ms + u64::try_from(LEAD.as_millis()).unwrap();
        let (both, errors) = (&both, &b_errors);
        let newcomers: Vec<_> = thread::scope(|scope| {
            let newcomers: Vec<_> = FREE
                .iter()
                .map(|_| scope.spawn(move || newcomer_b(both, table, above_ms, errors)))
                .collect();
            newcomers
                .into_iter()
                .filter_map(|b| b.join().unwrap())
                .collect()
        });
        (promoted_ns, newcomers)
    });

    // Every A whose row a B took learns at its next renewal on the promoted server that its
    // lease is lost; then all stop.
    let b_ids: BTreeMap<u16, u64> = newcomers.iter().map(|(id, at, _)| (*id, *at)).collect();
    let mut reports = Vec::new();
    for mut a in holders {
        let expect_lost = !a.followed || b_ids.contains_key(&a.worker_id);
        let lines = if expect_lost {
            a.wait_for("lost_at=", PATIENCE)
        } else {
            Vec::new()
        };
        let (worker_id, followed) = (a.worker_id, a.followed);
        reports.push((worker_id, followed, expect_lost, a.stop(lines)));
    }
    let elapsed = began.elapsed();

    let mut shared_millis = 0;
    let mut shared_ids = 0;
    let mut lines = Vec::new();
    for (worker_id, followed, _, a) in &reports {
        let b = newcomers.iter().find(|(id, ..)| id == worker_id);
        let (millis, ids) = b.map_or((0, 0), |(_, _, served)| a.served.shared_with(served));
        shared_millis += millis;
        shared_ids += ids;
        let first_error = a.errors.first().map(|(at, _)| ms_since(killed_ns, *at));
        lines.push(format!(
            "worker id {worker_id} ({}): A served {} ids in {} ms, up to {} ms ahead of its \
             clock, last {:?} (ceiling {}, {} ms past the kill), deadline {} ms after the kill; first renewal error {first_error:?} \
             ms after the kill; lost {} ({:?} ms after the promotion); B {}; shared with B: {} \
             ms, {} ids",
            if *followed {
                "claim on the replica"
            } else {
                "claim lost"
            },
            a.served.ids(),
            a.served.millis().len(),
            a.ahead_ms,
            a.served.last_ms(),
            a.ceiling,
            i128::from(a.ceiling) - i128::from(killed_ms),
            ms_since(killed_ns, a.deadline_ns),
            a.lost,
            a.lost_at.map(|at| ms_since(promoted_ns, at)),
            b.map_or("none".to_owned(), |(_, at, served)| format!(
                "claimed {} ms after the kill, served {} ids from {:?} ms past the kill",
                ms_since(killed_ns, *at),
                served.ids(),
                served
                    .0
                    .first()
                    .map(|(ms, ..)| i128::from(*ms) - i128::from(killed_ms)),
            )),
            millis,
            ids,
        ));
        for (at, error) in &a.errors {
            lines.push(format!(
                "  {} ms after the kill: {error}",
                ms_since(killed_ns, *at)
            ));
        }
    }
    eprintln!(
        "setup {setup:?}; kill {kill_took} ms; replica up {started} ms after the kill, promoted \
         {} ms after; total {elapsed:?}\n{}\nB's errors before their claims: {:?}",
        ms_since(killed_ns, promoted_ns),
        lines.join("\n"),
        b_errors.lock().unwrap(),
    );

    assert_eq!(
        (shared_millis, shared_ids),
        (0, 0),
        "(worker id, ms) pairs and ids served by an A and a B both"
    );
    for (worker_id, _, _, a) in &reports {
        if a.errors.is_empty() {
            return Err(format!(
                "worker id {worker_id}: the A saw no renewal fail on the killed primary"
            ));
        }
        if let Some(claimed) = b_ids.get(worker_id)
            && *claimed >= a.deadline_ns
        {
            return Err(format!(
                "worker id {worker_id}: the B claimed {} ms after the A's local deadline",
                ms_since(a.deadline_ns, *claimed)
            ));
        }
    }
    for (worker_id, followed, expect_lost, a) in &reports {
        assert!(
            a.served.ids() > 0,
            "worker id {worker_id}: the A served nothing"
        );
        if !followed {
            assert!(
                b_ids.contains_key(worker_id),
                "worker id {worker_id}: the A's claim never reached the replica, yet no B \
                 claimed the row there"
            );
        }
        assert_eq!(
            a.lost, *expect_lost,
            "worker id {worker_id}: whether the A learned its lease lost"
        );
        if !expect_lost {
            assert_eq!(
                a.last_error, "",
                "worker id {worker_id}: the A renews its row on the promoted server"
            );
        }
    }
    for (worker_id, ..) in &newcomers {
        assert!(
            a_ids.contains(worker_id),
            "B claimed worker id {worker_id}, no A's"
        );
    }
    Ok(())
}
