//! Chaos on one directory: processes of this test binary serving flat out under leases of
//! the host-local store, SIGKILLed, SIGSTOPped and continued (stopped past their deadline or
//! not), the slot files of stopped ones deleted by an "operator", and each replaced at once,
//! for 40 seconds on a machine whose cores they all keep busy. Every id they report is then
//! checked: no id twice, no (worker id, millisecond) served by two processes, each process's
//! ids strictly increasing under one worker id, and every process that ended by itself ended
//! for a reason the test caused.
//!
//! Only 10 worker ids for 8 serving processes (and the stopped ones, which keep their locks):
//! replacements take over the worker ids of killed processes, and of stopped ones whose file
//! was deleted, while those may still serve up to their ceiling.
#![cfg(unix)]

mod file_support;

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::process::Stdio;
use std::thread;
use std::time::{Duration, Instant};

use file_support::*;
use snowflake::SnowflakeId;
use snowflake_lease::{Error, LeaseConfig, LeaseError, LeasedGenerator};
use test_support::seeded::Rng;
use test_support::watched::Watched;

const TEST: &str = "killed_stopped_and_replaced_processes_on_one_directory_never_share_an_id";
const PROCESSES: usize = 8;
const LAST_WORKER_ID: u16 = 9;
const DRIVE: Duration = Duration::from_secs(40);
const SEED: u64 = 0xf11e_c4a0_5eed_0001;
/// Exit statuses of a child: every worker id held, the lease lost.
const ALL_HELD: i32 = 2;
const LOST: i32 = 3;
/// Where a child writes its batches, in its environment.
const OUTPUT: &str = "FILE_CHAOS_OUTPUT";

/// The child: a 1 s lease (renewals every 333 ms) on one of the worker ids, ids served flat
/// out, one line `first last count` per batch, written as soon as the batch is served.
fn child(dir: &std::path::Path) -> ! {
    let config = LeaseConfig::new(&location(dir))
        .worker_ids(0..=LAST_WORKER_ID)
        .ttl(Duration::from_secs(1))
        .margin(Duration::from_millis(100))
        .max_clock_skew(Duration::from_millis(20))
        .acquire_timeout(PATIENCE);
    let generator = match LeasedGenerator::acquire(&config) {
        Ok(generator) => generator,
        Err(LeaseError::AllHeld { .. }) => std::process::exit(ALL_HELD),
        Err(other) => panic!("acquire: {other}"),
    };
    // A file of its own, not standard output, which the test harness writes to too; one
    // write a line, so that a kill leaves at most the last one cut.
    let mut out = File::create(std::env::var(OUTPUT).unwrap()).unwrap();
    let mut batch = [SnowflakeId::MIN; 1024];
    loop {
        batch.fill(SnowflakeId::MIN);
        let result = generator.fill(&mut batch);
        let count = batch.partition_point(|id| *id != SnowflakeId::MIN);
        if count > 0 {
            let line = format!(
                "{} {} {count}\n",
                batch[0].to_u64(),
                batch[count - 1].to_u64()
            );
            out.write_all(line.as_bytes()).unwrap();
        }
        match result {
            Ok(()) | Err(Error::AheadOfLease { .. } | Error::LeaseExpired { .. }) => {}
            Err(Error::LeaseLost { .. }) => std::process::exit(LOST),
            Err(other) => panic!("{other}"),
        }
    }
}

struct Process {
    /// The child, its exit status once reaped, and whether it was killed.
    watched: Watched,
    output: PathBuf,
    errors: PathBuf,
    /// Until when it stays stopped.
    stopped: Option<Instant>,
    /// When an operator deletes its slot file, while it is stopped.
    delete_at: Option<Instant>,
    /// Its slot file was deleted while it was stopped.
    file_deleted: bool,
}

impl Process {
    fn serving(&self) -> bool {
        self.watched.running() && self.stopped.is_none()
    }

    /// The batches it reported: complete lines only (a killed writer may leave half of one).
    fn batches(&self) -> Vec<(u64, u64, u64)> {
        let text = std::fs::read_to_string(&self.output).unwrap_or_default();
        let complete = text.rfind('\n').map_or("", |end| &text[..end]);
        complete
            .lines()
            .map(|line| {
                let mut numbers = line.split(' ').map(|n| n.parse::<u64>().unwrap());
                let (first, last, count) = (
                    numbers.next().unwrap(),
                    numbers.next().unwrap(),
                    numbers.next().unwrap(),
                );
                (first, last, count)
            })
            .collect()
    }

    /// Its worker id, from its first batch.
    fn worker_id(&self) -> Option<u16> {
        let text = std::fs::read_to_string(&self.output).ok()?;
        let first: u64 = text.lines().next()?.split(' ').next()?.parse().ok()?;
        Some(SnowflakeId::from_u64(first).ok()?.worker_id())
    }
}

#[test]
#[ignore = "chaos for about 50 s: run on purpose, `-- --ignored`"]
fn killed_stopped_and_replaced_processes_on_one_directory_never_share_an_id() {
    if let Some((_, dir)) = child_role() {
        child(&dir);
    }
    let test_start = Instant::now();
    // Another run of choices: FILE_CHAOS_SEED=0x... in the environment.
    let seed = std::env::var("FILE_CHAOS_SEED")
        .ok()
        .and_then(|seed| u64::from_str_radix(seed.trim_start_matches("0x"), 16).ok())
        .unwrap_or(SEED);
    println!("seed {seed:#x}");
    let scratch = Scratch::new("chaos");
    // Kept when the test fails, for a look at what each process served.
    let logs = Scratch::new("chaos-output");
    let logs = std::mem::ManuallyDrop::new(logs);
    let mut processes: Vec<Process> = Vec::new();
    let spawn = |processes: &mut Vec<Process>| {
        let index = processes.len();
        let output = logs.path.join(format!("{index:04}.out"));
        let errors = logs.path.join(format!("{index:04}.err"));
        let child = ignored_test(TEST)
            .env(ROLE, "serve")
            .env(DIR, &scratch.path)
            .env(OUTPUT, &output)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(File::create(&errors).unwrap())
            .spawn()
            .unwrap();
        processes.push(Process {
            watched: Watched::new(child),
            output,
            errors,
            stopped: None,
            delete_at: None,
            file_deleted: false,
        });
    };
    let mut rng = Rng::new(seed);
    let (mut kills, mut stops, mut deletes) = (0, 0, 0);
    let start = Instant::now();
    let mut next_action = start + Duration::from_millis(1500);
    let mut last_spawn = start - Duration::from_secs(1);
    while start.elapsed() < DRIVE {
        let now = Instant::now();
        for process in &mut processes {
            process.watched.poll();
        }
        // An operator deletes the slot file of a stopped process: a newcomer takes its worker
        // id while it is stopped, and it may serve again, up to its ceiling, once continued.
        for process in &mut processes {
            if let Some(at) = process.delete_at
                && now >= at
            {
                process.delete_at = None;
                let worker_id = process.worker_id().unwrap();
                if process.watched.running()
                    && std::fs::remove_file(slot(&scratch.path, worker_id)).is_ok()
                {
                    process.file_deleted = true;
                    deletes += 1;
                }
            }
        }
        // Stops that are due end with SIGCONT.
        for process in &mut processes {
            if let Some(until) = process.stopped
                && now >= until
            {
                process.stopped = None;
                if process.watched.running() {
                    signal(process.watched.child.id(), "-CONT");
                }
            }
        }
        let serving = processes.iter().filter(|p| p.serving()).count();
        if serving < PROCESSES && now >= last_spawn + Duration::from_millis(100) {
            spawn(&mut processes);
            last_spawn = now;
        }
        if now >= next_action {
            next_action = now + Duration::from_millis(600 + rng.below(800));
            let candidates: Vec<usize> = (0..processes.len())
                .filter(|&index| {
                    processes[index].serving() && processes[index].worker_id().is_some()
                })
                .collect();
            if !candidates.is_empty() {
                let index = candidates[rng.index(candidates.len())];
                let process = &mut processes[index];
                if rng.below(100) < 60 {
                    process.watched.kill();
                    kills += 1;
                } else {
                    // From a blink to three times the ttl; its file deleted meanwhile, in
                    // two stops of five.
                    let pause = Duration::from_millis(200 + rng.below(2800));
                    signal(process.watched.child.id(), "-STOP");
                    let stopped_at = Instant::now();
                    process.stopped = Some(stopped_at + pause);
                    if rng.below(5) < 2 {
                        let at = pause.mul_f64(rng.below(100) as f64 / 100.0);
                        process.delete_at = Some(stopped_at + at);
                    }
                    stops += 1;
                }
            }
        }
        thread::sleep(Duration::from_millis(20));
    }
    // Let continued processes that lost their file find out, then end everything.
    for process in &mut processes {
        if process.stopped.take().is_some() && process.watched.running() {
            signal(process.watched.child.id(), "-CONT");
        }
    }
    thread::sleep(Duration::from_secs(2));
    for process in &mut processes {
        process.watched.poll();
        if process.watched.running() {
            process.watched.kill();
        }
    }

    // Every batch of every process.
    let mut problems = Vec::new();
    // Per worker id: (first id, last id, process) of every batch.
    let mut by_worker: BTreeMap<u16, Vec<(u64, u64, usize)>> = BTreeMap::new();
    let (mut ids, mut lost, mut all_held) = (0u64, 0, 0);
    for (index, process) in processes.iter().enumerate() {
        let status = process.watched.status.unwrap();
        let batches = process.batches();
        let stderr = std::fs::read_to_string(&process.errors).unwrap();
        match (status.code(), process.watched.killed) {
            (None, true) => {}
            (Some(LOST), false) if process.file_deleted => lost += 1,
            (Some(ALL_HELD), false) if batches.is_empty() => all_held += 1,
            _ => problems.push(format!(
                "#{index}: {status}, {} batches: {stderr}",
                batches.len()
            )),
        }
        let mut previous: Option<u64> = None;
        for &(first, last, count) in &batches {
            ids += count;
            let (first_id, last_id) = (
                SnowflakeId::from_u64(first).unwrap(),
                SnowflakeId::from_u64(last).unwrap(),
            );
            if first_id.worker_id() != last_id.worker_id() || first > last {
                problems.push(format!("#{index}: a batch {first_id}..{last_id}"));
            }
            if previous.is_some_and(|previous| first <= previous) {
                problems.push(format!("#{index}: {first_id} after {}", previous.unwrap()));
            }
            previous = Some(last);
            by_worker
                .entry(first_id.worker_id())
                .or_default()
                .push((first, last, index));
        }
    }
    // Ids: batches of different processes under one worker id never overlap. Milliseconds:
    // the milliseconds of different processes under one worker id never meet.
    let (mut duplicates, mut shared_ms, mut take_overs) = (0u64, 0u64, 0);
    for (worker_id, batches) in &mut by_worker {
        batches.sort_unstable();
        let holders: BTreeSet<usize> = batches.iter().map(|batch| batch.2).collect();
        take_overs += holders.len().saturating_sub(1);
        let mut furthest: Option<(u64, usize)> = None;
        for &(first, last, index) in batches.iter() {
            if let Some((end, other)) = furthest
                && first <= end
                && other != index
            {
                duplicates += 1;
                if duplicates <= 20 {
                    println!(
                        "worker id {worker_id}: #{other} and #{index} overlap from {} to {}",
                        SnowflakeId::from_u64(first).unwrap(),
                        SnowflakeId::from_u64(end.min(last)).unwrap()
                    );
                }
            }
            if furthest.is_none_or(|(end, _)| last > end) {
                furthest = Some((last, index));
            }
        }
        // The milliseconds each process served under this worker id, as ranges.
        let mut ranges: Vec<(u64, u64, usize)> = batches
            .iter()
            .map(|&(first, last, index)| {
                let ms = |id: u64| SnowflakeId::from_u64(id).unwrap().timestamp_ms();
                (ms(first), ms(last), index)
            })
            .collect();
        ranges.sort_unstable();
        let mut furthest: Option<(u64, usize)> = None;
        for &(first, last, index) in &ranges {
            if let Some((end, other)) = furthest
                && first <= end
                && other != index
            {
                shared_ms += end.min(last) - first + 1;
            }
            if furthest.is_none_or(|(end, _)| last > end) {
                furthest = Some((last, index));
            }
        }
    }
    println!(
        "summary: {} processes, {kills} killed, {stops} stops, {deletes} slot files deleted \
         while their holder was stopped ({lost} of those holders ended with their lease lost), \
         {all_held} found every worker id held, {take_overs} take-overs of a worker id by \
         another process, {} worker ids used, {ids} ids, {duplicates} duplicate ids, \
         {shared_ms} (worker id, millisecond) pairs of two processes, {:.1?} in all",
        processes.len(),
        by_worker.len(),
        test_start.elapsed()
    );
    if duplicates > 0 || shared_ms > 0 {
        for (index, process) in processes.iter().enumerate() {
            let batches = process.batches();
            let ms = |id: u64| SnowflakeId::from_u64(id).unwrap().timestamp_ms();
            println!(
                "#{index}: worker id {:?}, ms {:?}..{:?}, {:?}, killed {}, file deleted {}, {}",
                process.worker_id(),
                batches.first().map(|b| ms(b.0)),
                batches.last().map(|b| ms(b.1)),
                process.watched.status,
                process.watched.killed,
                process.file_deleted,
                process.output.display()
            );
        }
    }
    assert_eq!(duplicates, 0, "duplicate ids");
    assert_eq!(
        shared_ms, 0,
        "milliseconds served by two processes under one worker id"
    );
    assert!(problems.is_empty(), "{problems:#?}");
    assert!(ids > 1_000_000, "only {ids} ids");
    assert!(kills >= 10 && stops >= 5, "{kills} kills, {stops} stops");
    assert!(
        deletes >= 1,
        "no slot file was deleted under a stopped holder"
    );
    assert!(take_overs >= 10, "only {take_overs} take-overs");
    std::mem::ManuallyDrop::into_inner(logs);
}
