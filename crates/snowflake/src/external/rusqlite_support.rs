//! Feature `rusqlite`: [`SnowflakeId`] binds and reads in rusqlite as an SQLite INTEGER, the
//! same as an `i64`, which holds every id.
//!
//! Reading a negative integer is an error that names it; a value of another type, NULL
//! included, is rusqlite's `InvalidColumnType`, which names the type found.

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

use crate::SnowflakeId;

/// The integer.
///
/// ```
/// let db = rusqlite::Connection::open_in_memory()?;
/// db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)", ())?;
/// let id = snowflake::SnowflakeId::try_from(1_234_567_890_123u64)?;
/// db.execute("INSERT INTO t (id) VALUES (?1)", [id])?;
/// let back: snowflake::SnowflakeId = db.query_row("SELECT id FROM t", (), |row| row.get(0))?;
/// assert_eq!(back, id);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ToSql for SnowflakeId {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(i64::from(*self)))
    }
}

/// An INTEGER that is not negative.
///
/// ```
/// let db = rusqlite::Connection::open_in_memory()?;
/// let negative = db.query_row("SELECT -1", (), |row| row.get::<_, snowflake::SnowflakeId>(0));
/// assert!(negative.unwrap_err().to_string().contains("id -1 is out of range"));
/// let text = db.query_row("SELECT '1'", (), |row| row.get::<_, snowflake::SnowflakeId>(0));
/// assert!(text.unwrap_err().to_string().contains("Invalid column type Text"));
/// # Ok::<(), rusqlite::Error>(())
/// ```
impl FromSql for SnowflakeId {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let integer = value.as_i64()?;
        SnowflakeId::try_from(integer).map_err(|error| FromSqlError::Other(Box::new(error)))
    }
}
