//! Feature `rusqlite`: [`Ulid`] binds and reads in rusqlite as an SQLite BLOB of 16 bytes,
//! big-endian, which SQLite compares byte by byte: an index on the column is in generation
//! order.
//!
//! Reading a BLOB of another length is an error that names the length; a value of another
//! type, NULL included, is rusqlite's `InvalidColumnType`, which names the type found.

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

use crate::Ulid;

/// The 16 bytes, borrowed as a BLOB.
///
/// ```
/// let db = rusqlite::Connection::open_in_memory()?;
/// db.execute("CREATE TABLE t (id BLOB PRIMARY KEY)", ())?;
/// let id: ulid::Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
/// db.execute("INSERT INTO t (id) VALUES (?1)", [id])?;
/// let back: ulid::Ulid = db.query_row("SELECT id FROM t", (), |row| row.get(0))?;
/// assert_eq!(back, id);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ToSql for Ulid {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::Borrowed(ValueRef::Blob(self.as_bytes())))
    }
}

/// A BLOB of 16 bytes.
///
/// ```
/// let db = rusqlite::Connection::open_in_memory()?;
/// let short = db.query_row("SELECT x'00112233'", (), |row| row.get::<_, ulid::Ulid>(0));
/// assert!(short.unwrap_err().to_string().contains("a ULID is 16 bytes, found 4"));
/// let text = db.query_row("SELECT 'abc'", (), |row| row.get::<_, ulid::Ulid>(0));
/// assert!(text.unwrap_err().to_string().contains("Invalid column type Text"));
/// # Ok::<(), rusqlite::Error>(())
/// ```
impl FromSql for Ulid {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let bytes = value.as_blob()?;
        Ulid::try_from(bytes).map_err(|error| FromSqlError::Other(Box::new(error)))
    }
}
