//! Features `sqlx-postgres` and `sqlx-sqlite`: [`Ulid`] binds and reads in sqlx, as a
//! PostgreSQL `uuid` (and `uuid[]` through `PgHasArrayType`) or as an SQLite BLOB of 16 bytes.
//!
//! Both keep generation order in an index: PostgreSQL compares `uuid` values, and SQLite
//! BLOBs, as big-endian bytes. Reading anything else is an error that names it: a BLOB of
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

use crate::Ulid;

/// `uuid`.
#[cfg(feature = "sqlx-postgres")]
impl Type<Postgres> for Ulid {
    fn type_info() -> PgTypeInfo {
        PgTypeInfo::with_name("uuid")
    }

    fn compatible(ty: &PgTypeInfo) -> bool {
        sqlx_core::type_info::TypeInfo::name(ty).eq_ignore_ascii_case("uuid")
    }
}

/// `uuid[]`.
#[cfg(feature = "sqlx-postgres")]
impl PgHasArrayType for Ulid {
    fn array_type_info() -> PgTypeInfo {
        PgTypeInfo::array_of("uuid")
    }
}

/// The 16 bytes, written into the driver's buffer.
#[cfg(feature = "sqlx-postgres")]
impl Encode<'_, Postgres> for Ulid {
    fn encode_by_ref(&self, buf: &mut PgArgumentBuffer) -> Result<IsNull, BoxDynError> {
        buf.extend_from_slice(&self.to_bytes());
        Ok(IsNull::No)
    }
}

/// A `uuid`, in the binary format (16 bytes) or the text format (`8-4-4-4-12` hex digits).
#[cfg(feature = "sqlx-postgres")]
impl Decode<'_, Postgres> for Ulid {
    fn decode(value: PgValueRef<'_>) -> Result<Self, BoxDynError> {
        match value.format() {
            PgValueFormat::Binary => Ok(Ulid::try_from(value.as_bytes()?)?),
            PgValueFormat::Text => {
                let text = value.as_str()?;
                let digits = <&[u8; id_text::uuid_text::LEN]>::try_from(text.as_bytes())
                    .map_err(|_| format!("{text:?} is not the text of a PostgreSQL uuid"))?;
                let value = id_text::uuid_text::decode(digits, id_text::hex::Case::Any)?;
                Ok(Ulid::from_u128(value))
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
/// let id: ulid::Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
/// sqlx::query("INSERT INTO t (id) VALUES (?)").bind(id).execute(&mut db).await?;
/// let back: ulid::Ulid = sqlx::query_scalar("SELECT id FROM t").fetch_one(&mut db).await?;
/// assert_eq!(back, id);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "sqlx-sqlite")]
impl Type<Sqlite> for Ulid {
    fn type_info() -> SqliteTypeInfo {
        <[u8] as Type<Sqlite>>::type_info()
    }

    fn compatible(ty: &SqliteTypeInfo) -> bool {
        *ty == <[u8] as Type<Sqlite>>::type_info()
    }
}

/// The 16 bytes, as a BLOB. sqlx's SQLite arguments own their BLOBs, so this copies the 16
/// bytes into a new `Vec`, as for every type it binds.
#[cfg(feature = "sqlx-sqlite")]
impl<'q> Encode<'q, Sqlite> for Ulid {
    fn encode_by_ref(
        &self,
        args: &mut Vec<SqliteArgumentValue<'q>>,
    ) -> Result<IsNull, BoxDynError> {
        args.push(SqliteArgumentValue::Blob(self.to_bytes().to_vec().into()));
        Ok(IsNull::No)
    }
}

/// A BLOB of 16 bytes.
#[cfg(feature = "sqlx-sqlite")]
impl<'r> Decode<'r, Sqlite> for Ulid {
    fn decode(value: SqliteValueRef<'r>) -> Result<Self, BoxDynError> {
        // sqlx hands an SQLite NULL to a decoder as an empty BLOB or a zero: refuse it.
        let stored = <Option<&[u8]> as Decode<'r, Sqlite>>::decode(value)?;
        Ok(Ulid::try_from(stored.ok_or(UnexpectedNullError)?)?)
    }
}
