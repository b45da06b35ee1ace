//! Feature `sqlx-postgres` (sqlx 0.9) against a real PostgreSQL server (a throwaway
//! cluster started for this binary): the checks of `sqlx/postgres.rs` for each id type.

#[macro_use]
mod common;
#[path = "sqlx/checks.rs"]
mod checks;
#[path = "sqlx/postgres.rs"]
mod postgres;

use ::sqlx as driver;
use postgres::run;

/// The database of this binary's checks.
type Db = driver::postgres::Postgres;
/// The feature under test, for messages.
const DRIVER: &str = "sqlx-postgres";

test_every_id!(run);

#[test]
fn objectid_in_the_text_protocol_names_a_wrong_length() {
    postgres::objectid_in_the_text_protocol_names_a_wrong_length();
}
