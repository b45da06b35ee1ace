//! Feature `sqlx-sqlite` (sqlx 0.9) against SQLite in memory: the checks of
//! `sqlx/sqlite.rs` for each id type.

#[macro_use]
mod common;
#[path = "sqlx/checks.rs"]
mod checks;
#[path = "sqlx/sqlite.rs"]
mod sqlite;

use ::sqlx as driver;
use sqlite::run;

/// The database of this binary's checks.
type Db = driver::sqlite::Sqlite;
/// The feature under test, for messages.
const DRIVER: &str = "sqlx-sqlite";

test_every_id!(run);
