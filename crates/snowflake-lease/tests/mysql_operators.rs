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
use mysql_common::{create_table, database, hold_all_but, sql};
use operators_support::{Operated, operator_tests};

/// A database per scenario on the shared server, with its table `lease`.
struct Mariadb;

impl Operated for Mariadb {
    /// A holder with a long ttl, then a newcomer with a short one: the lead of the marks above
    /// the server's clock is the same for every holder of a table, whatever its ttl.
    const MIXED_TTLS: (Duration, Duration) = (Duration::from_secs(6), Duration::from_secs(1));

    fn table_with_only_row_0_free(name: &str) -> (String, String) {
        let connection = database(name);
        let table = "lease";
        create_table(&connection, table);
        hold_all_but(&mut sql(&connection), table, &[0]);
        (connection, table.to_owned())
    }

    fn operator(connection: &str, table: &str, scenario: &str) -> impl FnMut() {
        // The refill of the docs.
        let refill = format!(
            "INSERT IGNORE INTO {table} (worker_id) \
             WITH RECURSIVE n (i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 31) \
             SELECT a.i * 32 + b.i FROM n AS a CROSS JOIN n AS b"
        );
        let statements = match scenario {
            "drop" => format!("DROP TABLE {table}"),
            "truncate" => format!("TRUNCATE {table}; {refill}"),
            "delete" => format!("DELETE FROM {table}; {refill}"),
            "free" => format!(
                "UPDATE {table} SET expires_at = '1000-01-01', high_water_ms = 0 WHERE worker_id = 0"
            ),
            other => panic!("no scenario {other}"),
        };
        let mut client = sql(connection);
        move || client.query_drop(&statements).unwrap()
    }
}

operator_tests!(Mariadb);
