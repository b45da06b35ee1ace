//! What people around the lease do to its table on MariaDB while a holder serves flat out:
//! drop it, empty and refill it as the docs show, free a row by hand and set its mark to 0;
//! and the same while holders of different ttls share the table.
//! None of it may make a second holder serve a (worker id, millisecond) that the first one
//! served: each test has holder A serve flat out in a child process (a real process, its
//! lease still standing), does what an operator does, has holder B acquire and serve flat
//! out beside A, and compares the milliseconds each served under each worker id.
#![cfg(unix)]

mod mysql_common;

use std::collections::BTreeSet;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdout};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use mysql::prelude::Queryable;
use mysql_common::{
    acquire_and_announce, child_role, create_table, database, fill_flat_out, hold_all_but,
    read_until, short, spawn_child_with, sql, value,
};
use snowflake_lease::{Error, LeaseConfig, LeaseError, LeasedGenerator};

/// How long B serves beside A: longer than A's lead over the clock (two renewal intervals of
/// a 1 s ttl), so that a B starting at its clock would reach A's milliseconds.
const B_SERVES: Duration = Duration::from_millis(1200);

/// A 3 s lease on `table`, with a little skew allowed: the server and the test share one
/// clock.
fn config(connection: &str, table: &str) -> LeaseConfig {
    short(connection, table).max_clock_skew(Duration::from_millis(20))
}

/// Holder A's ttl in the child's environment, in milliseconds: [`config`]'s 1 s when unset.
const A_TTL_MS: &str = "LEASE_A_TTL_MS";

/// [`config`] with the ttl `ttl` and its default margin.
fn config_with_ttl(connection: &str, table: &str, ttl: Duration) -> LeaseConfig {
    LeaseConfig::new(connection)
        .table(table)
        .ttl(ttl)
        .max_clock_skew(Duration::from_millis(20))
}

/// A's configuration in the child: [`config`], or the ttl of [`A_TTL_MS`].
fn config_of_a(connection: &str, table: &str) -> LeaseConfig {
    match std::env::var(A_TTL_MS) {
        Ok(ms) => config_with_ttl(
            connection,
            table,
            Duration::from_millis(ms.parse().unwrap()),
        ),
        Err(_) => config(connection, table),
    }
}

/// Serves flat out until `stop`: the distinct milliseconds served, in order. Refusals while
/// the lease cannot be proven are skipped; a lost lease ends the run.
fn flat_out(generator: &LeasedGenerator, stop: &AtomicBool) -> Vec<u64> {
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

/// In a child: acquire on `table`, say the worker id, serve flat out until a line comes on
/// standard input, then print the milliseconds served and whether the lease was lost, and
/// wait to be killed (no release: as far as A knows, its lease stands).
fn holder_a_in_child(connection: &str, table: &str) -> ! {
    let generator = acquire_and_announce(&config_of_a(connection, table));
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

/// Holder A of `test`, serving flat out in a child on `table`: the child, its output and its
/// worker id.
fn start_holder_a(
    test: &str,
    connection: &str,
    table: &str,
    ttl: Option<Duration>,
) -> (Child, BufReader<ChildStdout>, u16) {
    let ttl_ms = ttl.map(|ttl| ttl.as_millis().to_string());
    let env: Vec<(&str, &str)> = ttl_ms.iter().map(|ms| (A_TTL_MS, ms.as_str())).collect();
    let mut child = spawn_child_with(test, "holder", connection, table, &env);
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let lines = read_until(&mut child, &mut stdout, "ready");
    let worker_id = value(&lines, "worker_id");
    // A moment of flat-out serving before anyone touches the table: A is at its ceiling. A
    // holder with a ttl of its own serves until its clock has passed its floor, which is as
    // far ahead as its marks may be (two thirds of the ttl, at most): its ids then run from
    // the clock to its ceiling, where a newcomer that gets a lower one starts.
    let settle = ttl.map_or(Duration::ZERO, |ttl| ttl * 2 / 3);
    thread::sleep(settle + Duration::from_millis(300));
    (child, stdout, worker_id)
}

/// Stops A: the milliseconds it served, and whether it knew its lease lost.
fn stop_holder_a(mut child: Child, mut stdout: BufReader<ChildStdout>) -> (Vec<u64>, bool) {
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

/// B acquires, serves flat out for [`B_SERVES`], and stops: its worker id and milliseconds.
fn holder_b(generator: LeasedGenerator) -> (u16, Vec<u64>) {
    let stop = AtomicBool::new(false);
    let served = thread::scope(|scope| {
        let server = scope.spawn(|| flat_out(&generator, &stop));
        thread::sleep(B_SERVES);
        stop.store(true, Ordering::Relaxed);
        server.join().unwrap()
    });
    (generator.worker_id(), served)
}

/// No millisecond served by both under one worker id; each served some.
fn assert_apart(a: (u16, &[u64]), b: (u16, &[u64]), what: &str) {
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

/// A table as new, whose rows are all held but worker id 0's: A takes 0, at its clock, and so
/// does B once the operator has emptied or freed it.
fn table_with_only_row_0_free(connection: &str, table: &str) {
    create_table(connection, table);
    hold_all_but(&mut sql(connection), table, &[0]);
}

/// The statements of `scenario` on `table`, as an operator types them.
fn operator(scenario: &str, table: &str) -> String {
    // The refill of the docs.
    let refill = format!(
        "INSERT IGNORE INTO {table} (worker_id) \
         WITH RECURSIVE n (i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 31) \
         SELECT a.i * 32 + b.i FROM n AS a CROSS JOIN n AS b"
    );
    match scenario {
        "drop" => format!("DROP TABLE {table}"),
        "truncate" => format!("TRUNCATE {table}; {refill}"),
        "delete" => format!("DELETE FROM {table}; {refill}"),
        "free" => format!(
            "UPDATE {table} SET expires_at = '1000-01-01', high_water_ms = 0 WHERE worker_id = 0"
        ),
        other => panic!("no scenario {other}"),
    }
}

/// A serves; the operator runs `scenario`; B acquires and serves beside A.
fn while_a_serves_an_operator_runs(test: &str, scenario: &str) {
    while_a_serves_an_operator_runs_with(test, scenario, None);
}

/// [`while_a_serves_an_operator_runs`], with A's ttl `ttls.0` and B's `ttls.1` when given,
/// each with its default margin.
fn while_a_serves_an_operator_runs_with(
    test: &str,
    scenario: &str,
    ttls: Option<(Duration, Duration)>,
) {
    if let Some((_, connection, table)) = child_role() {
        holder_a_in_child(&connection, &table);
    }
    let connection = match ttls {
        None => database(&format!("operator_{scenario}")),
        Some(_) => database(&format!("operator_{scenario}_mixed_ttls")),
    };
    let table = "lease";
    table_with_only_row_0_free(&connection, table);
    let (a, a_stdout, a_worker) = start_holder_a(test, &connection, table, ttls.map(|(a, _)| a));
    let config_of_b = match ttls {
        None => config(&connection, table),
        Some((_, b)) => config_with_ttl(&connection, table, b),
    };
    let mut client = sql(&connection);
    let started = Instant::now();
    // A renews every second: a row freed by hand goes back to A if A renews before B claims.
    let b = loop {
        client.query_drop(operator(scenario, table)).unwrap();
        match LeasedGenerator::acquire(&config_of_b) {
            Ok(b) => break b,
            Err(LeaseError::AllHeld { .. }) if started.elapsed() < Duration::from_secs(10) => {}
            Err(other) => panic!("{scenario}: B's acquire: {other}"),
        }
    };
    let (b_worker, b_served) = holder_b(b);
    // A renews every third of its ttl: a long-ttl A learns of the loss after B has stopped.
    if let Some((a_ttl, _)) = ttls {
        thread::sleep(a_ttl / 3 + Duration::from_millis(500));
    }
    let (a_served, a_lost) = stop_holder_a(a, a_stdout);
    assert_eq!(
        (a_worker, b_worker),
        (0, 0),
        "{scenario}: both on worker id 0"
    );
    assert_apart((a_worker, &a_served), (b_worker, &b_served), scenario);
    assert!(a_lost, "{scenario}: A still counted its lease as its own");
}

#[test]
fn dropping_the_table_while_a_holder_serves_gives_no_duplicate() {
    while_a_serves_an_operator_runs(
        "dropping_the_table_while_a_holder_serves_gives_no_duplicate",
        "drop",
    );
}

#[test]
fn truncating_and_refilling_the_table_gives_no_duplicate() {
    while_a_serves_an_operator_runs(
        "truncating_and_refilling_the_table_gives_no_duplicate",
        "truncate",
    );
}

#[test]
fn deleting_and_refilling_the_rows_gives_no_duplicate() {
    while_a_serves_an_operator_runs(
        "deleting_and_refilling_the_rows_gives_no_duplicate",
        "delete",
    );
}

#[test]
fn freeing_a_held_row_by_hand_gives_no_duplicate() {
    while_a_serves_an_operator_runs("freeing_a_held_row_by_hand_gives_no_duplicate", "free");
}

/// A holder with a long ttl, then a newcomer with a short one: the lead of the marks above the
/// server's clock is the same for every holder of a table, whatever its ttl.
const MIXED_TTLS: (Duration, Duration) = (Duration::from_secs(6), Duration::from_secs(1));

#[test]
fn truncating_the_table_of_a_longer_ttl_holder_gives_no_duplicate() {
    while_a_serves_an_operator_runs_with(
        "truncating_the_table_of_a_longer_ttl_holder_gives_no_duplicate",
        "truncate",
        Some(MIXED_TTLS),
    );
}

#[test]
fn dropping_the_table_of_a_longer_ttl_holder_gives_no_duplicate() {
    while_a_serves_an_operator_runs_with(
        "dropping_the_table_of_a_longer_ttl_holder_gives_no_duplicate",
        "drop",
        Some(MIXED_TTLS),
    );
}

#[test]
fn freeing_the_row_of_a_longer_ttl_holder_gives_no_duplicate() {
    while_a_serves_an_operator_runs_with(
        "freeing_the_row_of_a_longer_ttl_holder_gives_no_duplicate",
        "free",
        Some(MIXED_TTLS),
    );
}
