//! What the lease tests share: the shared cluster, short leases, polling, and children that
//! run this test binary again in a role.
#![allow(dead_code, reason = "each test binary uses some of these")]

use std::sync::PoisonError;
use std::time::Duration;

use postgres::{Client, NoTls};
use snowflake_lease::{LeaseConfig, LeasedGenerator};
use test_support::postgres::shared;

#[path = "../children/mod.rs"]
mod children;
#[allow(unused_imports, reason = "each test binary uses some of these")]
pub(crate) use children::*;

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
