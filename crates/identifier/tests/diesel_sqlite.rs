//! Feature `diesel-sqlite` against SQLite (the library diesel links, on an in-memory database
//! per test): the checks of `diesel/checks.rs` for each id type, with the column types of the
//! README's storage table.

#[allow(unused_macros, reason = "the common module serves every database test")]
mod common;
#[macro_use]
#[path = "diesel/checks.rs"]
mod checks;

use diesel::{Connection, SqliteConnection};

/// The connection of this binary's checks.
type Db = SqliteConnection;
/// How many ids the ordering check stores.
const ORDERED: usize = common::ORDERED;
/// The feature under test, for messages.
const DRIVER: &str = "diesel-sqlite";

fn connect() -> SqliteConnection {
    SqliteConnection::establish(":memory:").expect("an in-memory SQLite")
}

/// What every BLOB id refuses besides its own bad values: a value of another storage class.
const TEXT: (&str, &str) = ("'not an id'", "BLOB, found Some(Text)");

diesel_checks!(
    ulid,
    identifier::ulid::Ulid,
    Binary,
    "BLOB",
    &[
        <identifier::ulid::Ulid as crate::common::Id>::BAD_SQLITE[0],
        crate::TEXT,
    ]
);
diesel_checks!(
    uuid7,
    identifier::uuid7::Uuid7,
    Binary,
    "BLOB",
    &[
        <identifier::uuid7::Uuid7 as crate::common::Id>::BAD_SQLITE[0],
        <identifier::uuid7::Uuid7 as crate::common::Id>::BAD_SQLITE[1],
        crate::TEXT,
    ]
);
diesel_checks!(
    objectid,
    identifier::objectid::ObjectId,
    Binary,
    "BLOB",
    &[
        <identifier::objectid::ObjectId as crate::common::Id>::BAD_SQLITE[0],
        crate::TEXT,
    ]
);
diesel_checks!(
    snowflake,
    identifier::snowflake::SnowflakeId,
    BigInt,
    "INTEGER",
    &[
        <identifier::snowflake::SnowflakeId as crate::common::Id>::BAD_SQLITE[0],
        ("'not an id'", "INTEGER, found Some(Text)"),
    ]
);
