//! Chaos on a real server: 20 `identifier snowflake --lease … --forever` processes, killed,
//! stopped past their ttl and replaced for a minute, with a server restart in the middle;
//! then every id they wrote is checked: no duplicate anywhere, each process's ids strictly
//! increasing, and a process whose row was taken while it was stopped wrote at most the line
//! it was writing and stopped with exit status 3.
//!
//! Only 24 worker ids are free (the others are marked held for an hour), so replacements
//! take over the expired rows of killed and stopped processes.
#![cfg(unix)]

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use postgres::{Client, NoTls};
use snowflake::SnowflakeId;
use snowflake_lease::{LeaseConfig, LeasedGenerator};
use test_support::postgres::Cluster;
use test_support::seeded::Rng;
use test_support::watched::Watched;

const TABLE: &str = "chaos_lease";
/// The lease's ttl, as given to the command and as a duration.
const TTL_ARG: &str = "2";
const TTL: Duration = Duration::from_secs(2);
const PROCESSES: usize = 20;
/// Worker ids 0 to FREE_ROWS - 1 are free at the start; the rest are held for an hour.
const FREE_ROWS: i16 = 24;
const RATE: &str = "500";
const DRIVE: Duration = Duration::from_secs(62);
/// How long a stopped process stays stopped: longer than the ttl.
const STOP: Duration = Duration::from_millis(3500);
const RESTART_AT: Duration = Duration::from_secs(30);
const SEED: u64 = 0x1d5e_ed00_c4a0_5eed;
/// A guard against a process that never ends, never a measure of speed.
const PATIENCE: Duration = Duration::from_secs(20);

/// A process stopped with SIGSTOP, and what the table showed around it.
struct Stop {
    worker_id: u16,
    generation_before: i64,
    stopped_at: Instant,
    /// Set at SIGCONT: whether the row had another generation, and the lines written then.
    resumed: Option<(bool, usize)>,
}

struct Process {
    /// The child, its exit status once reaped, and whether it was killed.
    watched: Watched,
    stdout: PathBuf,
    stderr: PathBuf,
    stop: Option<Stop>,
}

impl Process {
    /// Running and not stopped.
    fn serving(&self) -> bool {
        self.watched.running() && self.stop.as_ref().is_none_or(|stop| stop.resumed.is_some())
    }

    fn pid(&self) -> i32 {
        i32::try_from(self.watched.child.id()).expect("a pid fits an i32")
    }
}

fn signal(pid: i32, signal: i32) {
    // SAFETY: kill has no memory preconditions; the pid is a child not yet waited for, so it
    // cannot have been reused.
    let result = unsafe { libc::kill(pid, signal) };
    assert_eq!(result, 0, "kill: {}", std::io::Error::last_os_error());
}

/// The complete lines of a file: a partial last line (a killed writer) is left out.
fn full_lines(path: &Path) -> Vec<String> {
    let content = std::fs::read_to_string(path).expect("an output file");
    let complete = content.rfind('\n').map_or("", |end| &content[..end]);
    complete.lines().map(str::to_owned).collect()
}

fn generation(client: &mut Client, worker_id: u16) -> i64 {
    client
        .query_one(
            &format!("SELECT generation FROM {TABLE} WHERE worker_id = $1"),
            &[&(worker_id as i16)],
        )
        .expect("the row of a worker id")
        .get(0)
}

/// A client that reconnects after the server restarted.
struct Sql {
    connection: String,
    client: Option<Client>,
}

impl Sql {
    fn client(&mut self) -> &mut Client {
        if self.client.as_ref().is_none_or(Client::is_closed) {
            self.client = Some(Client::connect(&self.connection, NoTls).expect("a connection"));
        }
        self.client.as_mut().expect("connected above")
    }

    /// `generation` with one reconnect if the connection broke in a restart.
    fn generation(&mut self, worker_id: u16) -> i64 {
        let first = self
            .client()
            .query_one(
                &format!("SELECT generation FROM {TABLE} WHERE worker_id = $1"),
                &[&(worker_id as i16)],
            )
            .map(|row| row.get(0));
        match first {
            Ok(generation) => generation,
            Err(_) => {
                self.client = None;
                generation(self.client(), worker_id)
            }
        }
    }
}

#[test]
#[ignore = "chaos on a real server, about 90 s: run by .ci/run with --ignored"]
fn killed_stopped_and_replaced_processes_under_leases_never_write_a_duplicate() {
    let test_start = Instant::now();
    println!("seed {SEED:#x}");
    let mut cluster = Cluster::start(&[]);
    let connection = cluster.connection_string("postgres");
    // The table, created by the library, with all but the first rows held for an hour.
    LeasedGenerator::acquire(&LeaseConfig::new(&connection).table(TABLE))
        .unwrap()
        .release()
        .unwrap();
    let mut sql = Sql {
        connection: connection.clone(),
        client: None,
    };
    let held = sql
        .client()
        .execute(
            &format!(
                "UPDATE {TABLE} SET expires_at = now() + interval '1 hour', token = 0 \
                 WHERE worker_id >= $1"
            ),
            &[&FREE_ROWS],
        )
        .unwrap();
    assert_eq!(held, 1024 - FREE_ROWS as u64);

    let dir = std::env::temp_dir().join(format!("identifier-lease-chaos-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut processes: Vec<Process> = Vec::new();
    let spawn = |processes: &mut Vec<Process>| {
        let index = processes.len();
        let stdout = dir.join(format!("{index:03}.out"));
        let stderr = dir.join(format!("{index:03}.err"));
        let child = Command::new(env!("CARGO_BIN_EXE_identifier"))
            .args([
                "snowflake",
                "--lease",
                &connection,
                "--lease-table",
                TABLE,
                "--lease-ttl",
                TTL_ARG,
                "--forever",
                "--rate",
                RATE,
            ])
            .stdin(Stdio::null())
            .stdout(File::create(&stdout).unwrap())
            .stderr(File::create(&stderr).unwrap())
            .spawn()
            .expect("the binary runs");
        processes.push(Process {
            watched: Watched::new(child),
            stdout,
            stderr,
            stop: None,
        });
    };
    for _ in 0..PROCESSES {
        spawn(&mut processes);
    }

    let mut rng = Rng::new(SEED);
    let (mut kills, mut stops, mut restarts) = (0, 0, 0);
    let start = Instant::now();
    let mut next_action = start + Duration::from_millis(2000 + rng.below(1000));
    let mut last_spawn = start;
    while start.elapsed() < DRIVE {
        let now = Instant::now();
        for process in &mut processes {
            process.watched.poll();
        }

        // SIGCONT for stops that are due, noting whether the row was taken meanwhile.
        for process in &mut processes {
            let pid = process.pid();
            let Some(stop) = &mut process.stop else {
                continue;
            };
            if stop.resumed.is_none() && now >= stop.stopped_at + STOP {
                let taken = sql.generation(stop.worker_id) != stop.generation_before;
                let lines = full_lines(&process.stdout).len();
                stop.resumed = Some((taken, lines));
                signal(pid, libc::SIGCONT);
            }
        }

        // While a stopped process's row has expired but is not taken yet, more replacements:
        // the oldest expired rows go first.
        let waiting = processes.iter().find_map(|process| {
            let stop = process.stop.as_ref()?;
            (stop.resumed.is_none() && now >= stop.stopped_at + TTL + Duration::from_millis(300))
                .then_some((stop.worker_id, stop.generation_before))
        });
        let push = waiting.is_some_and(|(worker_id, before)| {
            now >= last_spawn + Duration::from_millis(300) && sql.generation(worker_id) == before
        });
        let serving = processes.iter().filter(|process| process.serving()).count();
        if push || (serving < PROCESSES && now >= last_spawn + Duration::from_millis(150)) {
            spawn(&mut processes);
            last_spawn = now;
        }

        if restarts == 0 && start.elapsed() >= RESTART_AT {
            println!("{:>5.1?} restart the server", start.elapsed());
            cluster.restart();
            restarts += 1;
        }

        if now >= next_action {
            next_action = now + Duration::from_millis(2000 + rng.below(1000));
            // Candidates: serving, never stopped, with a line written (its worker id).
            let candidates: Vec<usize> = (0..processes.len())
                .filter(|&index| {
                    let process = &processes[index];
                    process.serving()
                        && process.stop.is_none()
                        && !full_lines(&process.stdout).is_empty()
                })
                .collect();
            let stop_active = processes
                .iter()
                .any(|process| process.stop.as_ref().is_some_and(|s| s.resumed.is_none()));
            let late = start.elapsed() + STOP + Duration::from_secs(4) > DRIVE;
            if !candidates.is_empty() {
                let index = candidates[rng.index(candidates.len())];
                let stop_it = rng.below(100) < 45 && !stop_active && !late;
                let process = &mut processes[index];
                if stop_it {
                    let lines = full_lines(&process.stdout);
                    let last: SnowflakeId = lines[lines.len() - 1].parse().unwrap();
                    let worker_id = last.worker_id();
                    let generation_before = sql.generation(worker_id);
                    signal(process.pid(), libc::SIGSTOP);
                    process.stop = Some(Stop {
                        worker_id,
                        generation_before,
                        stopped_at: Instant::now(),
                        resumed: None,
                    });
                    stops += 1;
                    println!(
                        "{:>5.1?} stop #{index} (worker id {worker_id})",
                        start.elapsed()
                    );
                } else {
                    process.watched.kill();
                    kills += 1;
                    println!("{:>5.1?} kill #{index}", start.elapsed());
                }
            }
        }
        thread::sleep(Duration::from_millis(50));
    }

    // Stopped processes whose row was taken end by themselves; then everything else is
    // killed.
    let wait_start = Instant::now();
    loop {
        for process in &mut processes {
            process.watched.poll();
        }
        let pending = processes.iter().any(|process| {
            process.watched.running()
                && process
                    .stop
                    .as_ref()
                    .is_some_and(|stop| matches!(stop.resumed, Some((true, _))))
        });
        if !pending || wait_start.elapsed() > PATIENCE {
            break;
        }
        thread::sleep(Duration::from_millis(50));
    }
    for process in &mut processes {
        process.watched.poll();
        if process.watched.running() {
            process.watched.kill();
        }
    }

    // Every id from every file.
    let mut first_file: HashMap<u64, usize> = HashMap::new();
    let mut duplicates = Vec::new();
    let mut files_of_worker: BTreeMap<u16, HashSet<usize>> = BTreeMap::new();
    let mut total = 0usize;
    let mut statuses: BTreeMap<String, usize> = BTreeMap::new();
    let mut problems = Vec::new();
    let mut taken_stops = 0;
    let mut lines_after_sigcont = Vec::new();
    for (index, process) in processes.iter().enumerate() {
        let status = process.watched.status.expect("every process has ended");
        let name = match status.code() {
            Some(code) => format!("exit {code}"),
            None if process.watched.killed => "killed".to_owned(),
            None => "signal".to_owned(),
        };
        *statuses.entry(name).or_default() += 1;
        let lines = full_lines(&process.stdout);
        let stderr = std::fs::read_to_string(&process.stderr).unwrap();
        let ids: Vec<SnowflakeId> = lines
            .iter()
            .map(|line| {
                line.parse().unwrap_or_else(|error| {
                    panic!("#{index}: {line:?} is not a Snowflake id: {error}")
                })
            })
            .collect();
        total += ids.len();
        if let Some(pair) = ids.windows(2).find(|pair| pair[0] >= pair[1]) {
            problems.push(format!("#{index}: {} then {}", pair[0], pair[1]));
        }
        if let Some(first) = ids.first() {
            if ids.iter().any(|id| id.worker_id() != first.worker_id()) {
                problems.push(format!("#{index}: ids of more than one worker id"));
            }
            files_of_worker
                .entry(first.worker_id())
                .or_default()
                .insert(index);
        }
        for id in &ids {
            if let Some(&other) = first_file.get(&id.to_u64()) {
                duplicates.push((*id, other, index));
            } else {
                first_file.insert(id.to_u64(), index);
            }
        }
        match (status.code(), process.watched.killed) {
            (None, true) | (Some(3), false) => {}
            // A lease not acquired (every worker id held, or the server restarting).
            (Some(1), false) if ids.is_empty() => {}
            _ => problems.push(format!("#{index}: {status}, {} ids: {stderr}", ids.len())),
        }
        if let Some(Stop {
            worker_id,
            resumed: Some((true, lines_at_resume)),
            ..
        }) = process.stop
        {
            taken_stops += 1;
            let after = lines.len() - lines_at_resume;
            lines_after_sigcont.push(after);
            if after > 1 {
                problems.push(format!(
                    "#{index}: {after} lines after SIGCONT, its row taken meanwhile"
                ));
            }
            let lost = format!("the lease on worker id {worker_id} was lost");
            if status.code() != Some(3) || !stderr.contains(&lost) {
                problems.push(format!(
                    "#{index}: stopped, row taken: {status}, stderr {stderr}"
                ));
            }
        }
    }
    let take_overs: usize = files_of_worker
        .values()
        .map(|files| files.len().saturating_sub(1))
        .sum();
    let resumed_stops = processes
        .iter()
        .filter(|process| {
            process
                .stop
                .as_ref()
                .is_some_and(|stop| matches!(stop.resumed, Some((false, _))))
        })
        .count();
    println!(
        "summary: {} processes, {kills} kills, {stops} stops ({taken_stops} rows taken while \
         stopped, lines written after SIGCONT {lines_after_sigcont:?}; {resumed_stops} resumed \
         on their own row), {restarts} server restart, \
         {take_overs} take-overs of a worker id by another process, {} worker ids used, \
         {total} ids, {} duplicates, exit statuses {statuses:?}, {:.1?} in all",
        processes.len(),
        files_of_worker.len(),
        duplicates.len(),
        test_start.elapsed()
    );
    for (id, first, second) in duplicates.iter().take(10) {
        println!(
            "duplicate {id} (worker id {}) in {} and {}",
            id.worker_id(),
            processes[*first].stdout.display(),
            processes[*second].stdout.display()
        );
    }
    assert!(duplicates.is_empty(), "{} duplicate ids", duplicates.len());
    assert!(problems.is_empty(), "{problems:#?}");
    assert!(total > 100_000, "only {total} ids");
    assert!(take_overs >= 1, "no worker id was taken over");
    assert!(taken_stops >= 1, "no stopped process had its row taken");
    std::fs::remove_dir_all(&dir).unwrap();
}
