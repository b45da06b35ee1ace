//! Feature `sea-orm` (sea-orm 2): [`Ulid`] as the field of an entity
//! (`#[derive(DeriveEntityModel)]`), a primary key included, with the column type of the sqlx
//! features: a PostgreSQL `uuid`, an SQLite BLOB of 16 bytes.
//!
//! The id travels as a `uuid::Uuid` with the same 16 bytes (`Value::Uuid`), which sea-orm's
//! sqlx drivers bind as a `uuid` on PostgreSQL and as a BLOB of 16 bytes on SQLite and MySQL:
//! big-endian, so an index on the column is in generation order. sea-orm's schema builder
//! writes the column type `ColumnType::Uuid` as `uuid` on PostgreSQL, `binary(16)` on MySQL and
//! `uuid_text` on SQLite, a declared type of TEXT affinity that stores a BLOB as it is (SQLite
//! converts only numbers to text in such a column), so the key still holds 16 bytes there.
//!
//! Reading goes through sea-orm's own reading of a `uuid::Uuid`. What is not a ULID is an error
//! that names what was found: bytes of another length (an SQLite BLOB, a `bytea`) are this crate's
//! [`Error::ByteLength`](crate::Error::ByteLength); a TEXT says so (sqlx hands an SQLite TEXT over
//! as its bytes, so one of exactly 16 bytes reads as a ULID, as it does as a `uuid::Uuid`); a value
//! of another SQL type is sqlx's "mismatched types" error, which names the type found; a NULL read
//! into a `Ulid` (not an `Option<Ulid>`) is sea-orm's `TryGetError::Null`.

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;
use std::sync::Arc;

use sea_orm::sea_query::{ArrayType, ColumnType, Nullable, Value, ValueType, ValueTypeErr};
use sea_orm::{ColIdx, DbErr, QueryResult, TryFromU64, TryGetError, TryGetable};

use crate::Ulid;

/// The 16 bytes as a `uuid::Uuid`: a `uuid` on PostgreSQL, a BLOB of 16 bytes on SQLite.
///
/// ```
/// use sea_orm::sea_query::{Value, ValueType};
///
/// let id: ulid::Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
/// let value = Value::from(id);
/// let uuid = uuid::Uuid::parse_str("01563e3a-b5d3-d676-4c61-efb99302bd5b")?;
/// assert_eq!(value, Value::Uuid(Some(uuid)));
/// assert_eq!(<ulid::Ulid as ValueType>::try_from(value)?, id);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl From<Ulid> for Value {
    fn from(id: Ulid) -> Value {
        Value::Uuid(Some(uuid::Uuid::from_bytes(id.to_bytes())))
    }
}

/// The NULL of an `Option<Ulid>` field: `Value::Uuid(None)`.
///
/// ```
/// use sea_orm::sea_query::{Nullable, Value};
///
/// assert_eq!(<ulid::Ulid as Nullable>::null(), Value::Uuid(None));
/// assert_eq!(Value::from(None::<ulid::Ulid>), Value::Uuid(None));
/// ```
impl Nullable for Ulid {
    fn null() -> Value {
        Value::Uuid(None)
    }
}

/// A `Value::Uuid`, whose 16 bytes are a ULID, and the column type `ColumnType::Uuid`.
///
/// Any other value is sea-query's `ValueTypeErr`, which carries no message.
///
/// ```
/// use sea_orm::sea_query::{ColumnType, Value, ValueType};
///
/// let uuid = uuid::Uuid::from_u128(0x0156_3e3a_b5d3_d676_4c61_efb9_9302_bd5b);
/// let id = <ulid::Ulid as ValueType>::try_from(Value::Uuid(Some(uuid)))?;
/// assert_eq!(id.to_string(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
/// assert!(<ulid::Ulid as ValueType>::try_from(Value::Uuid(None)).is_err());
/// assert!(<ulid::Ulid as ValueType>::try_from(Value::from("01ARZ3NDEKTSV4RRFFQ69G5FAV")).is_err());
/// assert_eq!(<ulid::Ulid as ValueType>::column_type(), ColumnType::Uuid);
/// # Ok::<(), sea_orm::sea_query::ValueTypeErr>(())
/// ```
impl ValueType for Ulid {
    fn try_from(value: Value) -> Result<Self, ValueTypeErr> {
        match value {
            Value::Uuid(Some(uuid)) => Ok(Ulid::from_bytes(uuid.into_bytes())),
            _ => Err(ValueTypeErr),
        }
    }

    fn type_name() -> String {
        "Ulid".to_owned()
    }

    fn array_type() -> ArrayType {
        ArrayType::Uuid
    }

    fn column_type() -> ColumnType {
        ColumnType::Uuid
    }
}

/// A `uuid` (PostgreSQL) or a BLOB of 16 bytes (SQLite), read as sea-orm reads a `uuid::Uuid`:
/// every 16 bytes are a ULID. Anything else is an error that names what was found (see the
/// module's documentation).
impl TryGetable for Ulid {
    fn try_get_by<I: ColIdx>(row: &QueryResult, index: I) -> Result<Self, TryGetError> {
        match <uuid::Uuid as TryGetable>::try_get_by(row, index) {
            Ok(uuid) => Ok(Ulid::from_bytes(uuid.into_bytes())),
            Err(error) => Err(not_a_uuid(row, index, error)),
        }
    }
}

/// The error of a value that sea-orm could not read as a `uuid::Uuid`: a TEXT says so, bytes of
/// another length are this crate's [`Error::ByteLength`](crate::Error::ByteLength), and
/// anything else (a NULL, another SQL type) is sea-orm's own error.
fn not_a_uuid<I: ColIdx>(row: &QueryResult, index: I, error: TryGetError) -> TryGetError {
    if let TryGetError::Null(_) = error {
        return error;
    }
    if let Ok(text) = <String as TryGetable>::try_get_by(row, index) {
        return TryGetError::DbErr(DbErr::Type(format!(
            "a ULID is stored as a uuid or a BLOB of {} bytes, found a TEXT of {} bytes",
            size_of::<Ulid>(),
            text.len()
        )));
    }
    match <Vec<u8> as TryGetable>::try_get_by(row, index) {
        // The length rule is the one of `TryFrom<&[u8]>`.
        Ok(bytes) => match <Ulid as TryFrom<&[u8]>>::try_from(bytes.as_slice()) {
            Err(wrong) => TryGetError::DbErr(DbErr::TryIntoErr {
                from: "Vec<u8>",
                into: "Ulid",
                source: Arc::new(wrong),
            }),
            Ok(_) => error,
        },
        Err(_) => error,
    }
}

/// sea-orm's error for a key that the database does not number: a ULID is never an
/// auto-increment key (`#[sea_orm(primary_key, auto_increment = false)]`), as for `uuid::Uuid`.
///
/// ```
/// use sea_orm::TryFromU64;
///
/// let error = ulid::Ulid::try_from_u64(1).unwrap_err();
/// assert_eq!(error.to_string(), "Type 'Ulid' cannot be converted from u64");
/// ```
impl TryFromU64 for Ulid {
    fn try_from_u64(_: u64) -> Result<Self, DbErr> {
        Err(DbErr::ConvertFromU64("Ulid"))
    }
}
