//! What the MySQL store's tests share: the throwaway MariaDB servers, a client for the tests'
//! own statements, short leases, polling, and children that run the test binary again in a
//! role.
#![allow(dead_code, reason = "each test binary uses some of these")]

use std::time::Duration;

use mysql::prelude::Queryable;
use mysql::{Conn, Opts};
use snowflake_lease::{LeaseConfig, LeasedGenerator};
use test_support::mariadb::{Server, shared};

#[path = "../children/mod.rs"]
mod children;
#[allow(unused_imports, reason = "each test binary uses some of these")]
pub(crate) use children::*;

/// A new database `name` on `server`: its URL over TCP, as `root`.
pub(crate) fn database_on(server: &Server, name: &str) -> String {
    server.create_database(name);
    server.url(name)
}

/// A new database `name` on the shared server: its URL.
pub(crate) fn database(name: &str) -> String {
    database_on(shared(), name)
}

/// A connection for the test's own statements, in UTC as the lease's sessions are.
pub(crate) fn sql(url: &str) -> Conn {
    let mut conn = Conn::new(Opts::from_url(url).expect("a URL of the harness"))
        .expect("a connection for the test's own statements");
    conn.query_drop("SET time_zone = '+00:00'").unwrap();
    conn
}

/// The one value of a query.
pub(crate) fn one<T: mysql::prelude::FromValue>(conn: &mut Conn, query: &str) -> T {
    conn.query_first(query)
        .unwrap_or_else(|error| panic!("{query}: {error}"))
        .unwrap_or_else(|| panic!("{query}: no row"))
}

/// A ttl of 3 s, renewed every second, for the tests about timing: long enough for renewals
/// beside test binaries that keep every core busy. The tests and the server share one clock: no
/// skew to allow for.
pub(crate) fn short(url: &str, table: &str) -> LeaseConfig {
    LeaseConfig::new(url)
        .table(table)
        .ttl(Duration::from_secs(3))
        .margin(Duration::from_millis(300))
        .max_clock_skew(Duration::ZERO)
}

/// Creates the table through the library: acquire, release.
pub(crate) fn create_table(url: &str, table: &str) {
    LeasedGenerator::acquire(
        &LeaseConfig::new(url)
            .table(table)
            .max_clock_skew(Duration::ZERO),
    )
    .unwrap()
    .release()
    .unwrap();
}

/// Marks every row of `table` but those of `free` held for an hour (by a token no generator
/// has), with the marks of all at 0.
pub(crate) fn hold_all_but(conn: &mut Conn, table: &str, free: &[u16]) {
    let list: Vec<String> = free.iter().map(u16::to_string).collect();
    let list = if list.is_empty() {
        "-1".to_owned()
    } else {
        list.join(",")
    };
    conn.query_drop(format!("UPDATE {table} SET high_water_ms = 0"))
        .unwrap();
    conn.query_drop(format!(
        "UPDATE {table} SET expires_at = UTC_TIMESTAMP(3) + INTERVAL 1 HOUR, token = 0 \
         WHERE worker_id NOT IN ({list})"
    ))
    .unwrap();
    let held: usize = one(
        conn,
        &format!("SELECT COUNT(*) FROM {table} WHERE expires_at > UTC_TIMESTAMP(3)"),
    );
    assert_eq!(held, 1024 - free.len(), "rows of {table} held");
}

/// `(expires_at > now, high_water_ms, generation, token)` of a row.
pub(crate) fn row(conn: &mut Conn, table: &str, worker_id: u16) -> (bool, i64, i64, Option<i64>) {
    let row: (bool, i64, i64, Option<i64>) = conn
        .query_first(format!(
            "SELECT expires_at > UTC_TIMESTAMP(3), high_water_ms, generation, token FROM {table} \
             WHERE worker_id = {worker_id}"
        ))
        .unwrap()
        .unwrap_or_else(|| panic!("no row {worker_id} in {table}"));
    row
}

/// The server's clock in Unix milliseconds.
pub(crate) fn server_ms(conn: &mut Conn) -> i64 {
    one(
        conn,
        "SELECT TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', UTC_TIMESTAMP(3)) DIV 1000",
    )
}
