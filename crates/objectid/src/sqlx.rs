//! Features `sqlx-postgres` and `sqlx-sqlite`: [`ObjectId`] binds and reads in sqlx, as a
//! PostgreSQL `bytea` (and `bytea[]` through `PgHasArrayType`) or as an SQLite BLOB, of 12
//! bytes.
//!
//! Both keep generation order in an index: PostgreSQL and SQLite compare them byte by byte. Reading anything else is an error that names it: a BLOB of
//! another length, or a value of another SQL type (sqlx's "mismatched types" error).

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;

#[cfg(feature = "sqlx-postgres")]
use sqlx_postgres::{
    PgArgumentBuffer, PgHasArrayType, PgTypeInfo, PgValueFormat, PgValueRef, Postgres,
};
#[cfg(feature = "sqlx-sqlite")]
use sqlx_sqlite::{Sqlite, SqliteArgumentValue, SqliteTypeInfo, SqliteValueRef};

use sqlx_core::decode::Decode;
use sqlx_core::encode::{Encode, IsNull};
use sqlx_core::error::BoxDynError;
#[cfg(feature = "sqlx-sqlite")]
use sqlx_core::error::UnexpectedNullError;
use sqlx_core::types::Type;

use crate::ObjectId;

/// `bytea`.
#[cfg(feature = "sqlx-postgres")]
impl Type<Postgres> for ObjectId {
    fn type_info() -> PgTypeInfo {
        <[u8] as Type<Postgres>>::type_info()
    }
}

/// `bytea[]`.
#[cfg(feature = "sqlx-postgres")]
impl PgHasArrayType for ObjectId {
    fn array_type_info() -> PgTypeInfo {
        <&[u8] as PgHasArrayType>::array_type_info()
    }
}

/// The 12 bytes, written into the driver's buffer.
#[cfg(feature = "sqlx-postgres")]
impl Encode<'_, Postgres> for ObjectId {
    fn encode_by_ref(&self, buf: &mut PgArgumentBuffer) -> Result<IsNull, BoxDynError> {
        buf.extend_from_slice(self.as_bytes());
        Ok(IsNull::No)
    }
}

/// A `bytea` of 12 bytes, in the binary format or the text format (`\x` and 24 hex digits,
/// read by sqlx's own `bytea` decoding).
#[cfg(feature = "sqlx-postgres")]
impl Decode<'_, Postgres> for ObjectId {
    fn decode(value: PgValueRef<'_>) -> Result<Self, BoxDynError> {
        match value.format() {
            PgValueFormat::Binary => Ok(ObjectId::try_from(value.as_bytes()?)?),
            // sqlx reads the text format only into a `Vec` (the simple query protocol).
            PgValueFormat::Text => {
                let bytes = <Vec<u8> as Decode<'_, Postgres>>::decode(value)?;
                Ok(ObjectId::try_from(bytes.as_slice())?)
            }
        }
    }
}

/// BLOB.
///
/// ```
/// use sqlx::Connection;
///
/// # let runtime = tokio::runtime::Builder::new_current_thread().build()?;
/// # runtime.block_on(async {
/// let mut db = sqlx::SqliteConnection::connect("sqlite::memory:").await?;
/// sqlx::query("CREATE TABLE t (id BLOB PRIMARY KEY)").execute(&mut db).await?;
/// let id: objectid::ObjectId = "507c7f79bcf86cd7994f6c0e".parse()?;
/// sqlx::query("INSERT INTO t (id) VALUES (?)").bind(id).execute(&mut db).await?;
/// let back: objectid::ObjectId = sqlx::query_scalar("SELECT id FROM t").fetch_one(&mut db).await?;
/// assert_eq!(back, id);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "sqlx-sqlite")]
impl Type<Sqlite> for ObjectId {
    fn type_info() -> SqliteTypeInfo {
        <[u8] as Type<Sqlite>>::type_info()
    }

    fn compatible(ty: &SqliteTypeInfo) -> bool {
        *ty == <[u8] as Type<Sqlite>>::type_info()
    }
}

/// The 12 bytes, as a BLOB. sqlx's SQLite arguments own their BLOBs, so this copies the 12
/// bytes into a new `Vec`, as for every type it binds.
#[cfg(feature = "sqlx-sqlite")]
impl<'q> Encode<'q, Sqlite> for ObjectId {
    fn encode_by_ref(
        &self,
        args: &mut Vec<SqliteArgumentValue<'q>>,
    ) -> Result<IsNull, BoxDynError> {
        args.push(SqliteArgumentValue::Blob(self.as_bytes().to_vec().into()));
        Ok(IsNull::No)
    }
}

/// A BLOB of 12 bytes.
#[cfg(feature = "sqlx-sqlite")]
impl<'r> Decode<'r, Sqlite> for ObjectId {
    fn decode(value: SqliteValueRef<'r>) -> Result<Self, BoxDynError> {
        // sqlx hands an SQLite NULL to a decoder as an empty BLOB or a zero: refuse it.
        let stored = <Option<&[u8]> as Decode<'r, Sqlite>>::decode(value)?;
        Ok(ObjectId::try_from(stored.ok_or(UnexpectedNullError)?)?)
    }
}
