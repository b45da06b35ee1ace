//! Features `sqlx-postgres` and `sqlx-sqlite`: [`SnowflakeId`] binds and reads in sqlx, as a
//! PostgreSQL `bigint` (and `bigint[]` through `PgHasArrayType`) or an SQLite INTEGER: the
//! same as an `i64`, which holds every id.
//!
//! Reading a negative integer is an error that names it; a value of another SQL type is
//! sqlx's "mismatched types" error.

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;

#[cfg(feature = "sqlx-postgres")]
use sqlx_postgres::{PgArgumentBuffer, PgHasArrayType, PgTypeInfo, PgValueRef, Postgres};
#[cfg(feature = "sqlx-sqlite")]
use sqlx_sqlite::{Sqlite, SqliteArgumentValue, SqliteTypeInfo, SqliteValueRef};

use sqlx_core::decode::Decode;
use sqlx_core::encode::{Encode, IsNull};
use sqlx_core::error::BoxDynError;
#[cfg(feature = "sqlx-sqlite")]
use sqlx_core::error::UnexpectedNullError;
use sqlx_core::types::Type;

use crate::SnowflakeId;

/// `bigint`.
#[cfg(feature = "sqlx-postgres")]
impl Type<Postgres> for SnowflakeId {
    fn type_info() -> PgTypeInfo {
        <i64 as Type<Postgres>>::type_info()
    }
}

/// `bigint[]`.
#[cfg(feature = "sqlx-postgres")]
impl PgHasArrayType for SnowflakeId {
    fn array_type_info() -> PgTypeInfo {
        <i64 as PgHasArrayType>::array_type_info()
    }
}

/// The integer.
#[cfg(feature = "sqlx-postgres")]
impl Encode<'_, Postgres> for SnowflakeId {
    fn encode_by_ref(&self, buf: &mut PgArgumentBuffer) -> Result<IsNull, BoxDynError> {
        <i64 as Encode<'_, Postgres>>::encode(i64::from(*self), buf)
    }
}

/// A `bigint` that is not negative.
#[cfg(feature = "sqlx-postgres")]
impl<'r> Decode<'r, Postgres> for SnowflakeId {
    fn decode(value: PgValueRef<'r>) -> Result<Self, BoxDynError> {
        Ok(SnowflakeId::try_from(
            <i64 as Decode<'r, Postgres>>::decode(value)?,
        )?)
    }
}

/// INTEGER.
///
/// ```
/// use sqlx::Connection;
///
/// # let runtime = tokio::runtime::Builder::new_current_thread().build()?;
/// # runtime.block_on(async {
/// let mut db = sqlx::SqliteConnection::connect("sqlite::memory:").await?;
/// sqlx::query("CREATE TABLE t (id INTEGER PRIMARY KEY)").execute(&mut db).await?;
/// let id: snowflake::SnowflakeId = snowflake::SnowflakeId::try_from(1_234_567_890_123u64)?;
/// sqlx::query("INSERT INTO t (id) VALUES (?)").bind(id).execute(&mut db).await?;
/// let back: snowflake::SnowflakeId = sqlx::query_scalar("SELECT id FROM t").fetch_one(&mut db).await?;
/// assert_eq!(back, id);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "sqlx-sqlite")]
impl Type<Sqlite> for SnowflakeId {
    fn type_info() -> SqliteTypeInfo {
        <i64 as Type<Sqlite>>::type_info()
    }

    fn compatible(ty: &SqliteTypeInfo) -> bool {
        <i64 as Type<Sqlite>>::compatible(ty)
    }
}

/// The integer.
#[cfg(feature = "sqlx-sqlite")]
impl<'q> Encode<'q, Sqlite> for SnowflakeId {
    fn encode_by_ref(
        &self,
        args: &mut Vec<SqliteArgumentValue<'q>>,
    ) -> Result<IsNull, BoxDynError> {
        <i64 as Encode<'q, Sqlite>>::encode(i64::from(*self), args)
    }
}

/// An INTEGER that is not negative.
#[cfg(feature = "sqlx-sqlite")]
impl<'r> Decode<'r, Sqlite> for SnowflakeId {
    fn decode(value: SqliteValueRef<'r>) -> Result<Self, BoxDynError> {
        // sqlx hands an SQLite NULL to a decoder as an empty BLOB or a zero: refuse it.
        let stored = <Option<i64> as Decode<'r, Sqlite>>::decode(value)?;
        Ok(SnowflakeId::try_from(stored.ok_or(UnexpectedNullError)?)?)
    }
}
