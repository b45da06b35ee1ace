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
    Operated, config, holder_a_in_child, holder_b, operator_tests, start_holder_a,
};
use snowflake_lease::LeasedGenerator;
use test_support::lease_table::hold_all_but;

/// The shared cluster's `postgres` database, with a table per scenario.
struct Postgres;

impl Operated for Postgres {
    /// A holder with a long ttl, then a newcomer with a short one. The lead of the marks above
    /// the database's clock is the same for every holder of a table, whatever its ttl: with a
    /// lead of two renewal intervals of each holder's own ttl, A (3 s: marks 2 s ahead) served
    /// milliseconds that B (300 ms) started below after each of these resets.
    const MIXED_TTLS: (Duration, Duration) = (Duration::from_secs(3), Duration::from_millis(300));

    fn table_with_only_row_0_free(name: &str) -> (String, String) {
        let connection = connection("postgres");
        create_table(&connection, name);
        let mut client = sql(&connection);
        client
            .batch_execute(&format!("UPDATE {name} SET high_water_ms = 0"))
            .unwrap();
        hold_all_but(&mut client, name, 0);
        (connection, name.to_owned())
    }

    fn operator(connection: &str, table: &str, scenario: &str) -> impl FnMut() {
        let refill = format!("INSERT INTO {table} (worker_id) SELECT generate_series(0, 1023)");
        let statements = match scenario {
            "drop" => format!("DROP TABLE {table}"),
            "truncate" => format!("TRUNCATE {table}; {refill}"),
            "delete" => format!("DELETE FROM {table}; {refill}"),
            "free" => format!(
                "UPDATE {table} SET expires_at = '-infinity', high_water_ms = 0 WHERE worker_id = 0"
            ),
            other => panic!("no scenario {other}"),
        };
        let mut client = sql(connection);
        move || client.batch_execute(&statements).unwrap()
    }
}

operator_tests!(Postgres);

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
