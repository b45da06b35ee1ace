//! Features `diesel-postgres`, `diesel-sqlite` and `diesel-mysql`: [`ObjectId`] is a diesel
//! expression and row value of SQL type `Binary`: a PostgreSQL `bytea`, an SQLite BLOB or a
//! MySQL or MariaDB `BINARY(12)`, of 12 bytes, so that such a column maps to an `ObjectId` field
//! with no newtype.
//!
//! Both keep generation order in an index: both databases compare the bytes one by one.
//! Reading bytes of another length, or on SQLite a value of another storage class, is an
//! error that names it.

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;

use diesel::deserialize::{self, FromSql};
use diesel::serialize::{self, IsNull, Output, ToSql};
use diesel::sql_types::Binary;

use crate::ObjectId;

/// The 12 bytes of a PostgreSQL `bytea`.
#[cfg(feature = "diesel-postgres")]
impl ToSql<Binary, diesel::pg::Pg> for ObjectId {
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, diesel::pg::Pg>) -> serialize::Result {
        std::io::Write::write_all(out, self.as_bytes())?;
        Ok(IsNull::No)
    }
}

/// A PostgreSQL `bytea` of 12 bytes.
#[cfg(feature = "diesel-postgres")]
impl FromSql<Binary, diesel::pg::Pg> for ObjectId {
    fn from_sql(value: diesel::pg::PgValue<'_>) -> deserialize::Result<Self> {
        Ok(ObjectId::try_from(value.as_bytes())?)
    }
}

/// The 12 bytes, as a BLOB, borrowed from the id.
#[cfg(feature = "diesel-sqlite")]
impl ToSql<Binary, diesel::sqlite::Sqlite> for ObjectId {
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, diesel::sqlite::Sqlite>) -> serialize::Result {
        out.set_value(self.as_bytes().as_slice());
        Ok(IsNull::No)
    }
}

/// A BLOB of 12 bytes.
#[cfg(feature = "diesel-sqlite")]
impl FromSql<Binary, diesel::sqlite::Sqlite> for ObjectId {
    fn from_sql(mut value: diesel::sqlite::SqliteValue<'_, '_, '_>) -> deserialize::Result<Self> {
        // diesel reads any storage class as bytes: a TEXT of 12 bytes is not an id.
        match value.value_type() {
            Some(diesel::sqlite::SqliteType::Binary) => Ok(ObjectId::try_from(value.read_blob())?),
            found => Err(format!("an ObjectId is stored as a BLOB, found {found:?}").into()),
        }
    }
}

/// The 12 bytes, as a `BINARY(12)`.
#[cfg(feature = "diesel-mysql")]
impl ToSql<Binary, diesel::mysql::Mysql> for ObjectId {
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, diesel::mysql::Mysql>) -> serialize::Result {
        std::io::Write::write_all(out, self.as_bytes())?;
        Ok(IsNull::No)
    }
}

/// Bytes (`BINARY(12)`, `VARBINARY`, a `BLOB`) of 12 bytes.
#[cfg(feature = "diesel-mysql")]
impl FromSql<Binary, diesel::mysql::Mysql> for ObjectId {
    fn from_sql(value: diesel::mysql::MysqlValue<'_>) -> deserialize::Result<Self> {
        // diesel's client hands every column over as the type asked for (a number as its
        // digits): the length is what tells an id from anything else.
        Ok(ObjectId::try_from(value.as_bytes())?)
    }
}
