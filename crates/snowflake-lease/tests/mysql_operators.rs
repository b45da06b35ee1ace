//! What people around the lease do to its table on MariaDB while a holder serves flat out:
//! drop it, empty and refill it as the docs show, free a row by hand and set its mark to 0;
//! and the same while holders of different ttls share the table.
//! None of it may make a second holder serve a (worker id, millisecond) that the first one
//! served: each test has holder A serve flat out in a child process (a real process, its
//! lease still standing), does what an operator does, has holder B acquire and serve flat
//! out beside A, and compares the milliseconds each served under each worker id.
#![cfg(unix)]

mod mysql_common;
mod operators_support;

use std::time::Duration;

use mysql::prelude::Queryable;
use mysql_common as store;
use mysql_common::{child_role, create_table, database, hold_all_but, sql};
use operators_support::{a_and_b_around_an_operator, holder_a_in_child};

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
    let mut client = sql(&connection);
    a_and_b_around_an_operator(test, scenario, &connection, table, ttls, || {
        client.query_drop(operator(scenario, table)).unwrap();
    });
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
