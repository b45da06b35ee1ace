//! What people around the lease do to its table while a holder serves flat out: drop it,
//! empty and refill it as the docs show, free a row by hand, name it in another spelling;
//! and the same while holders of different ttls share the table.
//! None of it may make a second holder serve a (worker id, millisecond) that the first one
//! served: each test has holder A serve flat out in a child process (a real process, its
//! lease still standing), does what an operator does, has holder B acquire and serve flat
//! out beside A, and compares the milliseconds each served under each worker id.
#![cfg(unix)]

mod common;
mod operators_support;

use std::time::Duration;

use common as store;
use common::{assert_apart, child_role, connection, create_table, sql, stop_serving};
use operators_support::{
    a_and_b_around_an_operator, config, holder_a_in_child, holder_b, start_holder_a,
};
use snowflake_lease::LeasedGenerator;
use test_support::lease_table::hold_all_but;

/// A table as new, whose rows are all held but worker id 0's: A takes 0, at its clock, and so
/// does B once the operator has emptied or freed it.
fn table_with_only_row_0_free(connection: &str, table: &str) {
    create_table(connection, table);
    let mut client = sql(connection);
    client
        .batch_execute(&format!("UPDATE {table} SET high_water_ms = 0"))
        .unwrap();
    hold_all_but(&mut client, table, 0);
}

/// The statements of `scenario` on `table`, as an operator types them.
fn operator(scenario: &str, table: &str) -> String {
    let refill = format!("INSERT INTO {table} (worker_id) SELECT generate_series(0, 1023)");
    match scenario {
        "drop" => format!("DROP TABLE {table}"),
        "truncate" => format!("TRUNCATE {table}; {refill}"),
        "delete" => format!("DELETE FROM {table}; {refill}"),
        "free" => format!(
            "UPDATE {table} SET expires_at = '-infinity', high_water_ms = 0 WHERE worker_id = 0"
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
    let connection = connection("postgres");
    let table = match ttls {
        None => format!("operator_{scenario}"),
        Some(_) => format!("operator_{scenario}_mixed_ttls"),
    };
    table_with_only_row_0_free(&connection, &table);
    let mut client = sql(&connection);
    a_and_b_around_an_operator(test, scenario, &connection, &table, ttls, || {
        client.batch_execute(&operator(scenario, &table)).unwrap();
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

#[test]
fn a_table_name_in_two_spellings_is_one_table() {
    const TEST: &str = "a_table_name_in_two_spellings_is_one_table";
    if let Some((_, connection, table)) = child_role() {
        holder_a_in_child(&connection, &table);
    }
    let connection = connection("postgres");
    // PostgreSQL folds an unquoted `CREATE TABLE LeaseT` to `leaset`.
    let (a, a_stdout, a_worker) = start_holder_a(TEST, &connection, "OperatorSpelling", None);
    let b = LeasedGenerator::acquire(&config(&connection, "operatorspelling")).unwrap();
    let (b_worker, b_served) = holder_b(b);
    let (a_served, _) = stop_serving(a, a_stdout);
    assert_ne!(a_worker, b_worker, "one table, two worker ids");
    assert_apart(
        (a_worker, &a_served),
        (b_worker, &b_served),
        "two spellings",
    );
}

/// A holder with a long ttl, then a newcomer with a short one. The lead of the marks above
/// the database's clock is the same for every holder of a table, whatever its ttl: with a
/// lead of two renewal intervals of each holder's own ttl, A (3 s: marks 2 s ahead) served
/// milliseconds that B (300 ms) started below after each of these resets.
const MIXED_TTLS: (Duration, Duration) = (Duration::from_secs(3), Duration::from_millis(300));

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
