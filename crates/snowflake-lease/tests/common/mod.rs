//! What the lease tests share: the shared cluster, short leases, polling, and children that
//! run this test binary again in a role.
#![allow(dead_code, reason = "each test binary uses some of these")]

use std::io::{BufRead, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use postgres::{Client, NoTls};
use snowflake::SnowflakeId;
use snowflake_lease::{Error, LeaseConfig, LeasedGenerator};
use test_support::postgres::shared;

pub(crate) const CHILD: &str = "LEASE_CHILD";
pub(crate) const CONNECTION: &str = "LEASE_CONNECTION";
pub(crate) const TABLE: &str = "LEASE_TABLE";

/// The shared cluster's `postgres` database, or another one.
pub(crate) fn connection(database: &str) -> String {
    shared()
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .connection_string(database)
}

pub(crate) fn sql(connection: &str) -> Client {
    Client::connect(connection, NoTls).expect("a connection for the test's own statements")
}

/// A ttl of 1 s, renewed every 333 ms, for the tests about timing. The tests and the server
/// share one clock: no skew to allow for.
pub(crate) fn short(connection: &str, table: &str) -> LeaseConfig {
    LeaseConfig::new(connection)
        .table(table)
        .ttl(Duration::from_secs(1))
        .margin(Duration::from_millis(100))
        .max_clock_skew(Duration::ZERO)
}

/// Calls `attempt` until it gives a value; fails the test after `limit`.
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

/// Creates the table through the library: acquire, release.
pub(crate) fn create_table(connection: &str, table: &str) {
    LeasedGenerator::acquire(&LeaseConfig::new(connection).table(table))
        .unwrap()
        .release()
        .unwrap();
}

/// `(expires_at > now(), high_water_ms, generation, token)` of a row.
pub(crate) fn row(
    client: &mut Client,
    table: &str,
    worker_id: u16,
) -> (bool, i64, i64, Option<i64>) {
    let row = client
        .query_one(
            &format!(
                "SELECT expires_at > now(), high_water_ms, generation, token FROM {table} \
                 WHERE worker_id = $1"
            ),
            &[&(worker_id as i16)],
        )
        .unwrap();
    (row.get(0), row.get(1), row.get(2), row.get(3))
}

/// This test binary again, running only `test` in the role `role`, with the connection string
/// and table in its environment.
pub(crate) fn spawn_child(test: &str, role: &str, connection: &str, table: &str) -> Child {
    spawn_child_with(test, role, connection, table, &[])
}

/// [`spawn_child`] with more variables in the child's environment.
pub(crate) fn spawn_child_with(
    test: &str,
    role: &str,
    connection: &str,
    table: &str,
    more: &[(&str, &str)],
) -> Child {
    Command::new(std::env::current_exe().unwrap())
        .args([test, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, role)
        .env(CONNECTION, connection)
        .env(TABLE, table)
        .envs(more.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The child's role, connection string and table, in a child.
pub(crate) fn child_role() -> Option<(String, String, String)> {
    let role = std::env::var(CHILD).ok()?;
    Some((
        role,
        std::env::var(CONNECTION).unwrap(),
        std::env::var(TABLE).unwrap(),
    ))
}

/// Reads the child's lines up to one holding `last`, returning them all; fails with
/// the child's standard error if it ends first.
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

/// The value of the line `name=value`.
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

/// In a child: acquires with `config` and says its worker id, then `ready`, on standard
/// output, for the parent's [`read_until`].
pub(crate) fn acquire_and_announce(config: &LeaseConfig) -> Arc<LeasedGenerator> {
    let generator = Arc::new(LeasedGenerator::acquire(config).unwrap());
    println!("worker_id={}", generator.worker_id());
    println!("ready");
    std::io::stdout().flush().unwrap();
    generator
}
