//! Features `diesel-postgres`, `diesel-sqlite` and `diesel-mysql`: [`SnowflakeId`] is a diesel
//! expression and row value of SQL type `BigInt`: a PostgreSQL `bigint`, an SQLite INTEGER or a
//! MySQL or MariaDB `BIGINT`, the same as an `i64`, which holds every id.
//!
//! Reading a negative integer, or on SQLite a value of another storage class, is an error that
//! names it.

use diesel::deserialize::{self, FromSql};
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::BigInt;

use crate::SnowflakeId;

/// The integer, as an `i64`.
#[cfg(feature = "diesel-postgres")]
impl ToSql<BigInt, diesel::pg::Pg> for SnowflakeId {
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, diesel::pg::Pg>) -> serialize::Result {
        ToSql::<BigInt, diesel::pg::Pg>::to_sql(&i64::from(*self), &mut out.reborrow())
    }
}

/// A `bigint` that is not negative.
#[cfg(feature = "diesel-postgres")]
impl FromSql<BigInt, diesel::pg::Pg> for SnowflakeId {
    fn from_sql(value: diesel::pg::PgValue<'_>) -> deserialize::Result<Self> {
        let integer = <i64 as FromSql<BigInt, diesel::pg::Pg>>::from_sql(value)?;
        Ok(SnowflakeId::try_from(integer)?)
    }
}

/// The integer, as an `i64`.
#[cfg(feature = "diesel-sqlite")]
impl ToSql<BigInt, diesel::sqlite::Sqlite> for SnowflakeId {
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, diesel::sqlite::Sqlite>) -> serialize::Result {
        out.set_value(i64::from(*self));
        Ok(serialize::IsNull::No)
    }
}

/// An INTEGER that is not negative.
#[cfg(feature = "diesel-sqlite")]
impl FromSql<BigInt, diesel::sqlite::Sqlite> for SnowflakeId {
    fn from_sql(mut value: diesel::sqlite::SqliteValue<'_, '_, '_>) -> deserialize::Result<Self> {
        // diesel reads any storage class as an integer: the text 'abc' would be 0.
        match value.value_type() {
            Some(diesel::sqlite::SqliteType::Long) => Ok(SnowflakeId::try_from(value.read_long())?),
            found => {
                Err(std::format!("a SnowflakeId is stored as an INTEGER, found {found:?}").into())
            }
        }
    }
}

/// The integer, as an `i64`.
#[cfg(feature = "diesel-mysql")]
impl ToSql<BigInt, diesel::mysql::Mysql> for SnowflakeId {
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, diesel::mysql::Mysql>) -> serialize::Result {
        ToSql::<BigInt, diesel::mysql::Mysql>::to_sql(&i64::from(*self), &mut out.reborrow())
    }
}

/// A `BIGINT` that is not negative.
#[cfg(feature = "diesel-mysql")]
impl FromSql<BigInt, diesel::mysql::Mysql> for SnowflakeId {
    fn from_sql(value: diesel::mysql::MysqlValue<'_>) -> deserialize::Result<Self> {
        let integer = <i64 as FromSql<BigInt, diesel::mysql::Mysql>>::from_sql(value)?;
        Ok(SnowflakeId::try_from(integer)?)
    }
}
