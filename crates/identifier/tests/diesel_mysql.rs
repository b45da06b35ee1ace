//! Feature `diesel-mysql` against a real MariaDB server (a throwaway server started for this
//! binary): the checks of `diesel/checks.rs` for each id type, with the column types of the
//! storage table.

#[allow(unused_macros, reason = "the common module serves every database test")]
mod common;
#[macro_use]
#[path = "diesel/checks.rs"]
mod checks;

use diesel::connection::SimpleConnection;
use diesel::{Connection, MysqlConnection};

/// The connection of this binary's checks.
type Db = MysqlConnection;
/// How many ids the ordering check stores.
const ORDERED: usize = common::MYSQL_ORDERED;
/// The feature under test, for messages.
const DRIVER: &str = "diesel-mysql";

/// A connection to the test server, in a database of its own per id type and test, so that
/// the tables of the checks running in parallel do not meet.
fn connect() -> MysqlConnection {
    let server = test_support::mariadb::shared();
    let database = format!(
        "diesel_{}",
        std::thread::current()
            .name()
            .expect("a named test thread")
            .replace("::", "_")
    );
    server.create_database(&database);
    let url = server.url(&database);
    let mut db = MysqlConnection::establish(&url)
        .unwrap_or_else(|error| panic!("a connection to the test server at {url}: {error}"));
    db.batch_execute("SET SESSION sql_mode = 'STRICT_ALL_TABLES'")
        .expect("strict mode");
    db
}

diesel_checks_every_id!(Binary, MYSQL, BAD_MYSQL);
