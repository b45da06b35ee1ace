//! Separately started processes (not forks of one) generating at the same time: the merged ids
//! of each format are unique, and each process's own are strictly increasing.
#![cfg(all(feature = "generate", not(target_arch = "wasm32")))]

use std::collections::{BTreeMap, HashSet};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use identifier::{objectid, snowflake, ulid, uuid7};
use test_support::fresh;

const PROCESSES: usize = 8;
const IDS: usize = 5_000;
/// The instant (Unix ms) every process starts generating at, so that they overlap.
const START_AT: &str = "IDENTIFIER_TEST_START_AT_MS";

fn unix_ms() -> u64 {
    let since = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
    u64::try_from(since.as_millis()).unwrap()
}

/// In a started process: wait for the common start, make `IDS` ids of each format (Snowflake
/// under the process's index as worker id), then print them, one `format id` a line.
fn generate_in_this_process() {
    let start_at: u64 = std::env::var(START_AT).unwrap().parse().unwrap();
    while unix_ms() < start_at {
        std::thread::sleep(Duration::from_micros(200));
    }
    let worker = u16::try_from(fresh::index().unwrap()).unwrap();
    let workers = snowflake::SnowflakeIdGenerator::new(worker).unwrap();
    let mut lines = Vec::with_capacity(4 * IDS);
    for _ in 0..IDS {
        lines.push(format!("ulid {}", ulid::generate()));
        lines.push(format!("uuid7 {}", uuid7::generate()));
        lines.push(format!("objectid {}", objectid::generate()));
        lines.push(format!("snowflake {}", workers.generate().unwrap()));
    }
    // A line of its own: the harness has written "test … " without an end of line.
    println!("\n{}", lines.join("\n"));
}

/// Each format's ids, per process, in the order the process made them, as 128-bit integers.
type Streams = BTreeMap<&'static str, Vec<Vec<u128>>>;

fn parse(outputs: &[String]) -> Streams {
    let mut streams = Streams::new();
    for (process, output) in outputs.iter().enumerate() {
        for line in output.lines() {
            let Some((format, text)) = line.split_once(' ') else {
                continue;
            };
            let (format, value): (&'static str, u128) = match format {
                "ulid" => ("ulid", text.parse::<ulid::Ulid>().unwrap().to_u128()),
                "uuid7" => ("uuid7", text.parse::<uuid7::Uuid7>().unwrap().to_u128()),
                "objectid" => {
                    let bytes = text.parse::<objectid::ObjectId>().unwrap().to_bytes();
                    let mut wide = [0; 16];
                    wide[4..].copy_from_slice(&bytes);
                    ("objectid", u128::from_be_bytes(wide))
                }
                "snowflake" => (
                    "snowflake",
                    u128::from(text.parse::<snowflake::SnowflakeId>().unwrap().to_u64()),
                ),
                _ => continue,
            };
            let per_process = streams.entry(format).or_default();
            per_process.resize_with(PROCESSES, Vec::new);
            per_process[process].push(value);
        }
    }
    streams
}

#[test]
fn processes_started_apart_make_unique_ids_each_in_its_own_order() {
    if fresh::is_fresh() {
        generate_in_this_process();
        return;
    }
    let start_at = unix_ms() + 500;
    let outputs = fresh::run_at_once(
        "processes_started_apart_make_unique_ids_each_in_its_own_order",
        PROCESSES,
        &[(START_AT, start_at.to_string())],
    );
    let streams = parse(&outputs);
    assert_eq!(streams.len(), 4, "{:?}", streams.keys());
    for (format, per_process) in &streams {
        let mut all = HashSet::new();
        for (process, ids) in per_process.iter().enumerate() {
            assert_eq!(ids.len(), IDS, "{format}, process {process}");
            assert!(
                ids.windows(2).all(|pair| pair[0] < pair[1]),
                "{format}: process {process}'s ids are not increasing"
            );
            all.extend(ids.iter().copied());
        }
        assert_eq!(
            all.len(),
            PROCESSES * IDS,
            "{format}: duplicates across processes"
        );
    }
    // The processes ran at the same time: the ranges of their ULIDs' milliseconds overlap
    // (otherwise this would test processes one after the other).
    let ranges: Vec<(u128, u128)> = streams["ulid"]
        .iter()
        .map(|ids| (ids[0] >> 80, ids[IDS - 1] >> 80))
        .collect();
    let overlapping = ranges
        .iter()
        .enumerate()
        .any(|(i, a)| ranges[i + 1..].iter().any(|b| a.0 <= b.1 && b.0 <= a.1));
    assert!(
        overlapping,
        "no two processes generated at once: {ranges:?}"
    );
}
