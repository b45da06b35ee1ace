//! Feature `diesel-postgres` against a real PostgreSQL server (a throwaway cluster started for
//! this binary): the checks of `diesel/checks.rs` for each id type, with the column types of
//! the README's storage table.

#[allow(unused_macros, reason = "the common module serves every database test")]
mod common;
#[macro_use]
#[path = "diesel/checks.rs"]
mod checks;

use diesel::{Connection, PgConnection};

/// The connection of this binary's checks.
type Db = PgConnection;
/// How many ids the ordering check stores.
const ORDERED: usize = common::ORDERED;
/// The feature under test, for messages.
const DRIVER: &str = "diesel-postgres";

/// A connection to the test cluster, in a schema of its own per id type and test (first on its
/// search path), so that the tables of the checks running in parallel do not meet.
fn connect() -> PgConnection {
    let connection = test_support::postgres::shared()
        .lock()
        .expect("the cluster")
        .connection_string("postgres");
    let mut db = PgConnection::establish(&connection).expect("a connection to the test cluster");
    let schema = std::thread::current()
        .name()
        .expect("a named test thread")
        .replace("::", "_");
    diesel::connection::SimpleConnection::batch_execute(
        &mut db,
        &format!("CREATE SCHEMA diesel_{schema}; SET search_path TO diesel_{schema}"),
    )
    .expect("a schema for the test");
    db
}

diesel_checks_every_id!(Uuid, POSTGRES, BAD_DIESEL_POSTGRES);
