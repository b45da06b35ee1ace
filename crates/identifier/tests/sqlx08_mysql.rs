//! Feature `sqlx08-mysql` (sqlx 0.8) against a real MariaDB server (a throwaway server started
//! for this binary): the checks of `sqlx/mysql.rs` for each id type.

#[macro_use]
mod common;
#[path = "sqlx/checks.rs"]
mod checks;
#[path = "sqlx/mysql.rs"]
mod mysql;

use ::sqlx08 as driver;
use mysql::run;

/// The database of this binary's checks.
type Db = driver::mysql::MySql;
/// The feature under test, for messages.
const DRIVER: &str = "sqlx08-mysql";

test_every_id!(run);
