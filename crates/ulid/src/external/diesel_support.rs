//! Features `diesel-postgres`, `diesel-sqlite` and `diesel-mysql`: [`Ulid`] is a diesel
//! expression and row value of SQL type `Uuid` on PostgreSQL and `Binary` on SQLite (a BLOB of
//! 16 bytes) and on MySQL and MariaDB (a `BINARY(16)`), so that such a column maps to a `Ulid`
//! field with no newtype.
//!
//! Both keep generation order in an index: the 16 bytes are big-endian. Reading a BLOB of
//! another length, or on SQLite a value of another storage class, is an error that names it.

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;

use diesel::deserialize::{self, FromSql};
use diesel::serialize::{self, IsNull, Output, ToSql};

use crate::Ulid;

/// The 16 bytes of a PostgreSQL `uuid`.
#[cfg(feature = "diesel-postgres")]
impl ToSql<diesel::sql_types::Uuid, diesel::pg::Pg> for Ulid {
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, diesel::pg::Pg>) -> serialize::Result {
        std::io::Write::write_all(out, self.as_bytes())?;
        Ok(IsNull::No)
    }
}

/// A PostgreSQL `uuid`: 16 bytes.
#[cfg(feature = "diesel-postgres")]
impl FromSql<diesel::sql_types::Uuid, diesel::pg::Pg> for Ulid {
    fn from_sql(value: diesel::pg::PgValue<'_>) -> deserialize::Result<Self> {
        Ok(Ulid::try_from(value.as_bytes())?)
    }
}

/// The 16 bytes, as a BLOB, borrowed from the id.
#[cfg(feature = "diesel-sqlite")]
impl ToSql<diesel::sql_types::Binary, diesel::sqlite::Sqlite> for Ulid {
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, diesel::sqlite::Sqlite>) -> serialize::Result {
        out.set_value(self.as_bytes().as_slice());
        Ok(IsNull::No)
    }
}

/// A BLOB of 16 bytes.
#[cfg(feature = "diesel-sqlite")]
impl FromSql<diesel::sql_types::Binary, diesel::sqlite::Sqlite> for Ulid {
    fn from_sql(mut value: diesel::sqlite::SqliteValue<'_, '_, '_>) -> deserialize::Result<Self> {
        // diesel reads any storage class as bytes: a TEXT of 16 bytes is not an id.
        match value.value_type() {
            Some(diesel::sqlite::SqliteType::Binary) => Ok(Ulid::try_from(value.read_blob())?),
            found => Err(format!("a ULID is stored as a BLOB, found {found:?}").into()),
        }
    }
}

/// The 16 bytes, as a `BINARY(16)`.
#[cfg(feature = "diesel-mysql")]
impl ToSql<diesel::sql_types::Binary, diesel::mysql::Mysql> for Ulid {
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, diesel::mysql::Mysql>) -> serialize::Result {
        std::io::Write::write_all(out, self.as_bytes())?;
        Ok(IsNull::No)
    }
}

/// Bytes (`BINARY(16)`, `VARBINARY`, a `BLOB`) of 16 bytes.
#[cfg(feature = "diesel-mysql")]
impl FromSql<diesel::sql_types::Binary, diesel::mysql::Mysql> for Ulid {
    fn from_sql(value: diesel::mysql::MysqlValue<'_>) -> deserialize::Result<Self> {
        // diesel's client hands every column over as the type asked for (a number as its
        // digits): the length is what tells an id from anything else.
        Ok(Ulid::try_from(value.as_bytes())?)
    }
}
