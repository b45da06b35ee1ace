//! Feature `sqlx-mysql` (sqlx 0.9) against a real MariaDB server (a throwaway server started
//! for this binary): the checks of `sqlx/mysql.rs` for each id type.

#[macro_use]
mod common;
#[path = "sqlx/checks.rs"]
mod checks;
#[path = "sqlx/mysql.rs"]
mod mysql;

use ::sqlx as driver;
use mysql::run;

/// The database of this binary's checks.
type Db = driver::mysql::MySql;
/// The feature under test, for messages.
const DRIVER: &str = "sqlx-mysql";

test_every_id!(run);

/// What the storage section says of MariaDB's own `UUID` type, on the server the tests run:
/// UUIDv7 values sort in generation order there, version-4 values by their last group first.
#[test]
fn mariadb_s_uuid_type_keeps_uuidv7_order_and_swaps_version_4() {
    let server = test_support::mariadb::shared();
    let version = server.sql("SELECT VERSION()");
    server.create_database("uuid_type");
    server.sql("CREATE TABLE uuid_type.v7 (u UUID PRIMARY KEY)");
    let ids = <identifier::uuid7::Uuid7 as common::Id>::fill(1000);
    let values: Vec<String> = common::shuffled(&ids)
        .iter()
        .map(|id| format!("('{id}')"))
        .collect();
    server.sql(&format!(
        "INSERT INTO uuid_type.v7 VALUES {}",
        values.join(", ")
    ));
    let sorted: Vec<String> = ids.iter().map(ToString::to_string).collect();
    let stored = server.sql("SELECT u FROM uuid_type.v7 ORDER BY u");
    assert!(
        stored.lines().eq(sorted.iter().map(String::as_str)),
        "MariaDB {version}: a UUID column does not keep UUIDv7 order"
    );
    // Two version-4 values whose bytes sort one way and whose last groups the other.
    let swapped = server.sql(
        "CREATE TABLE uuid_type.v4 (u UUID); INSERT INTO uuid_type.v4 VALUES \
         ('10000000-0000-4000-8000-ffffffffffff'), ('20000000-0000-4000-8000-000000000000'); \
         SELECT u FROM uuid_type.v4 ORDER BY u LIMIT 1",
    );
    assert_eq!(
        swapped, "20000000-0000-4000-8000-000000000000",
        "MariaDB {version}: version 4 sorts by its last group first"
    );
}
