//! Feature `sea-orm` (sea-orm 2): [`SnowflakeId`] as the field of an entity
//! (`#[derive(DeriveEntityModel)]`), a primary key included, with the column type of the sqlx
//! features: a PostgreSQL `bigint`, an SQLite INTEGER.
//!
//! The id travels as an `i64` (`Value::BigInt`), which holds every id. sea-orm's schema builder
//! writes the column type `ColumnType::BigInteger` as `bigint` on PostgreSQL and MySQL and
//! `bigint` (INTEGER affinity) on SQLite.
//!
//! Reading goes through sea-orm's own reading of an `i64`, then checks the sign: a negative
//! integer is an error that names it. A value of another SQL type is sqlx's "mismatched types"
//! error, which names the type found; a NULL read into a `SnowflakeId` (not an
//! `Option<SnowflakeId>`) is sea-orm's `TryGetError::Null`.

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;
use std::sync::Arc;

use sea_orm::sea_query::{ArrayType, ColumnType, Nullable, Value, ValueType, ValueTypeErr};
use sea_orm::{ColIdx, DbErr, QueryResult, TryFromU64, TryGetError, TryGetable};

use crate::SnowflakeId;

/// The `i64`: a `bigint` on PostgreSQL, an INTEGER on SQLite.
///
/// ```
/// use sea_orm::sea_query::{Value, ValueType};
///
/// let id = snowflake::SnowflakeId::from_u64(1_234_567_890_123)?;
/// let value = Value::from(id);
/// assert_eq!(value, Value::BigInt(Some(1_234_567_890_123)));
/// assert_eq!(<snowflake::SnowflakeId as ValueType>::try_from(value)?, id);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl From<SnowflakeId> for Value {
    fn from(id: SnowflakeId) -> Value {
        Value::BigInt(Some(i64::from(id)))
    }
}

/// The NULL of an `Option<SnowflakeId>` field: `Value::BigInt(None)`.
///
/// ```
/// use sea_orm::sea_query::{Nullable, Value};
///
/// assert_eq!(<snowflake::SnowflakeId as Nullable>::null(), Value::BigInt(None));
/// assert_eq!(Value::from(None::<snowflake::SnowflakeId>), Value::BigInt(None));
/// ```
impl Nullable for SnowflakeId {
    fn null() -> Value {
        Value::BigInt(None)
    }
}

/// A `Value::BigInt` that is not negative, and the column type `ColumnType::BigInteger`.
///
/// Any other value is sea-query's `ValueTypeErr`, which carries no message.
///
/// ```
/// use sea_orm::sea_query::{ColumnType, Value, ValueType};
///
/// let id = <snowflake::SnowflakeId as ValueType>::try_from(Value::BigInt(Some(i64::MAX)))?;
/// assert_eq!(id, snowflake::SnowflakeId::MAX);
/// assert!(<snowflake::SnowflakeId as ValueType>::try_from(Value::BigInt(Some(-1))).is_err());
/// assert!(<snowflake::SnowflakeId as ValueType>::try_from(Value::BigInt(None)).is_err());
/// assert_eq!(<snowflake::SnowflakeId as ValueType>::column_type(), ColumnType::BigInteger);
/// # Ok::<(), sea_orm::sea_query::ValueTypeErr>(())
/// ```
impl ValueType for SnowflakeId {
    fn try_from(value: Value) -> Result<Self, ValueTypeErr> {
        match value {
            Value::BigInt(Some(integer)) => {
                <SnowflakeId as TryFrom<i64>>::try_from(integer).map_err(|_| ValueTypeErr)
            }
            _ => Err(ValueTypeErr),
        }
    }

    fn type_name() -> String {
        "SnowflakeId".to_owned()
    }

    fn array_type() -> ArrayType {
        ArrayType::BigInt
    }

    fn column_type() -> ColumnType {
        ColumnType::BigInteger
    }
}

/// A `bigint` (PostgreSQL) or an INTEGER (SQLite), read as sea-orm reads an `i64`: a negative
/// integer is sea-orm's `TryIntoErr`, whose source is this crate's [`Error`](crate::Error)
/// naming the integer found.
impl TryGetable for SnowflakeId {
    fn try_get_by<I: ColIdx>(row: &QueryResult, index: I) -> Result<Self, TryGetError> {
        let integer = <i64 as TryGetable>::try_get_by(row, index)?;
        <SnowflakeId as TryFrom<i64>>::try_from(integer).map_err(|error| {
            TryGetError::DbErr(DbErr::TryIntoErr {
                from: "i64",
                into: "SnowflakeId",
                source: Arc::new(error),
            })
        })
    }
}

/// The id of the integer that an auto-increment key got (SQLite's rowid, MySQL's
/// `LAST_INSERT_ID()`), for a key declared without `auto_increment = false`: from 2^63 up,
/// sea-orm's `TryIntoErr`, whose source is this crate's [`Error`](crate::Error).
///
/// ```
/// use sea_orm::TryFromU64;
/// use snowflake::SnowflakeId;
///
/// assert_eq!(SnowflakeId::try_from_u64(7)?, SnowflakeId::try_from(7u64)?);
/// let error = SnowflakeId::try_from_u64(u64::MAX).unwrap_err().to_string();
/// assert!(error.contains("id 18446744073709551615 is out of range"), "{error}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl TryFromU64 for SnowflakeId {
    fn try_from_u64(n: u64) -> Result<Self, DbErr> {
        <SnowflakeId as TryFrom<u64>>::try_from(n).map_err(|error| DbErr::TryIntoErr {
            from: "u64",
            into: "SnowflakeId",
            source: Arc::new(error),
        })
    }
}
