//! Feature `rusqlite`: [`Uuid7`] binds and reads in rusqlite as an SQLite BLOB of 16 bytes,
//! big-endian, which SQLite compares byte by byte: an index on the column is in generation
//! order.
//!
//! Reading a BLOB of another length, or of 16 bytes that are not a UUIDv7, is an error that
//! names what was found; a value of another type, NULL included, is rusqlite's
//! `InvalidColumnType`, which names the type found.

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

use crate::Uuid7;

/// The 16 bytes, borrowed as a BLOB.
///
/// ```
/// let db = rusqlite::Connection::open_in_memory()?;
/// db.execute("CREATE TABLE t (id BLOB PRIMARY KEY)", ())?;
/// let id: uuid7::Uuid7 = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f".parse()?;
/// db.execute("INSERT INTO t (id) VALUES (?1)", [id])?;
/// let back: uuid7::Uuid7 = db.query_row("SELECT id FROM t", (), |row| row.get(0))?;
/// assert_eq!(back, id);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ToSql for Uuid7 {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::Borrowed(ValueRef::Blob(self.as_bytes())))
    }
}

/// A BLOB of 16 bytes, of version 7 and variant `0b10`.
///
/// ```
/// let db = rusqlite::Connection::open_in_memory()?;
/// let short = db.query_row("SELECT x'00112233'", (), |row| row.get::<_, uuid7::Uuid7>(0));
/// assert!(short.unwrap_err().to_string().contains("a UUIDv7 is 16 bytes, found 4"));
/// let v4 = db.query_row("SELECT x'550e8400e29b41d4a716446655440000'", (), |row| {
///     row.get::<_, uuid7::Uuid7>(0)
/// });
/// assert!(v4.unwrap_err().to_string().contains("version 4 in the version field"));
/// let text = db.query_row("SELECT 'abc'", (), |row| row.get::<_, uuid7::Uuid7>(0));
/// assert!(text.unwrap_err().to_string().contains("Invalid column type Text"));
/// # Ok::<(), rusqlite::Error>(())
/// ```
impl FromSql for Uuid7 {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let bytes = value.as_blob()?;
        Uuid7::try_from(bytes).map_err(|error| FromSqlError::Other(Box::new(error)))
    }
}
