//! Feature `sea-orm` (sea-orm 2): [`ObjectId`] as the field of an entity
//! (`#[derive(DeriveEntityModel)]`), a primary key included, with the column type of the sqlx
//! features: a PostgreSQL `bytea`, an SQLite BLOB of 12 bytes.
//!
//! The id travels as its 12 bytes (`Value::Bytes`), which sea-orm's sqlx drivers bind as a
//! `bytea` on PostgreSQL and a BLOB on SQLite and MySQL, compared byte by byte: an index on the
//! column is in generation order. sea-orm's schema builder writes the column type
//! `ColumnType::Binary(12)` as `bytea` on PostgreSQL, `binary(12)` on MySQL and `blob(12)` on
//! SQLite.
//!
//! Reading goes through sea-orm's own reading of a `Vec<u8>`, then checks the length: bytes of
//! another length are an error that names the length found. A TEXT is an error that says so
//! (unless it has 12 bytes: sqlx reads an SQLite TEXT as its bytes); a value of another SQL
//! type is sqlx's "mismatched types" error, which names the type found; a NULL read into an
//! `ObjectId` (not an `Option<ObjectId>`) is sea-orm's `TryGetError::Null`.

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;
use std::sync::Arc;

use sea_orm::sea_query::{ArrayType, ColumnType, Nullable, Value, ValueType, ValueTypeErr};
use sea_orm::{ColIdx, DbErr, QueryResult, TryFromU64, TryGetError, TryGetable};

use crate::ObjectId;

/// The 12 bytes: a `bytea` on PostgreSQL, a BLOB on SQLite.
///
/// ```
/// use sea_orm::sea_query::{Value, ValueType};
///
/// let id: objectid::ObjectId = "507c7f79bcf86cd7994f6c0e".parse()?;
/// let value = Value::from(id);
/// let bytes = [0x50, 0x7c, 0x7f, 0x79, 0xbc, 0xf8, 0x6c, 0xd7, 0x99, 0x4f, 0x6c, 0x0e];
/// assert_eq!(value, Value::Bytes(Some(bytes.to_vec())));
/// assert_eq!(<objectid::ObjectId as ValueType>::try_from(value)?, id);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl From<ObjectId> for Value {
    fn from(id: ObjectId) -> Value {
        Value::Bytes(Some(id.as_bytes().to_vec()))
    }
}

/// The NULL of an `Option<ObjectId>` field: `Value::Bytes(None)`.
///
/// ```
/// use sea_orm::sea_query::{Nullable, Value};
///
/// assert_eq!(<objectid::ObjectId as Nullable>::null(), Value::Bytes(None));
/// assert_eq!(Value::from(None::<objectid::ObjectId>), Value::Bytes(None));
/// ```
impl Nullable for ObjectId {
    fn null() -> Value {
        Value::Bytes(None)
    }
}

/// A `Value::Bytes` of 12 bytes, and the column type `ColumnType::Binary(12)`.
///
/// Any other value is sea-query's `ValueTypeErr`, which carries no message.
///
/// ```
/// use sea_orm::sea_query::{ColumnType, Value, ValueType};
///
/// let id = <objectid::ObjectId as ValueType>::try_from(Value::Bytes(Some(vec![0xff; 12])))?;
/// assert_eq!(id.to_string(), "ffffffffffffffffffffffff");
/// assert!(<objectid::ObjectId as ValueType>::try_from(Value::Bytes(Some(vec![0; 11]))).is_err());
/// assert!(<objectid::ObjectId as ValueType>::try_from(Value::Bytes(None)).is_err());
/// assert_eq!(<objectid::ObjectId as ValueType>::column_type(), ColumnType::Binary(12));
/// # Ok::<(), sea_orm::sea_query::ValueTypeErr>(())
/// ```
impl ValueType for ObjectId {
    fn try_from(value: Value) -> Result<Self, ValueTypeErr> {
        match value {
            Value::Bytes(Some(bytes)) => {
                <ObjectId as TryFrom<&[u8]>>::try_from(&bytes[..]).map_err(|_| ValueTypeErr)
            }
            _ => Err(ValueTypeErr),
        }
    }

    fn type_name() -> String {
        "ObjectId".to_owned()
    }

    fn array_type() -> ArrayType {
        ArrayType::Bytes
    }

    fn column_type() -> ColumnType {
        // An ObjectId is its 12 bytes (alignment 1, no padding: the layout tests hold it).
        ColumnType::Binary(size_of::<ObjectId>() as u32)
    }
}

/// A `bytea` (PostgreSQL) or a BLOB (SQLite) of 12 bytes, read as sea-orm reads a `Vec<u8>`:
/// another length is sea-orm's `TryIntoErr`, whose source is this crate's
/// [`Error`](crate::Error) naming the length found. A TEXT is an error that names it, unless it
/// has 12 bytes: sqlx reads an SQLite TEXT as its bytes, for a `Vec<u8>` as for this type.
impl TryGetable for ObjectId {
    fn try_get_by<I: ColIdx>(row: &QueryResult, index: I) -> Result<Self, TryGetError> {
        let bytes = match <Vec<u8> as TryGetable>::try_get_by(row, index) {
            Ok(bytes) => bytes,
            Err(error) => return Err(text_or(row, index, error)),
        };
        <ObjectId as TryFrom<&[u8]>>::try_from(&bytes[..]).map_err(|error| {
            text_or(
                row,
                index,
                TryGetError::DbErr(DbErr::TryIntoErr {
                    from: "Vec<u8>",
                    into: "ObjectId",
                    source: Arc::new(error),
                }),
            )
        })
    }
}

/// `error`, or an error that names the TEXT found if the value is one.
fn text_or<I: ColIdx>(row: &QueryResult, index: I, error: TryGetError) -> TryGetError {
    match (&error, <String as TryGetable>::try_get_by(row, index)) {
        (TryGetError::DbErr(_), Ok(text)) => TryGetError::DbErr(DbErr::Type(format!(
            "an ObjectId is stored as a bytea or a BLOB of {} bytes, found a TEXT of {} bytes",
            size_of::<ObjectId>(),
            text.len()
        ))),
        _ => error,
    }
}

/// sea-orm's error for a key that the database does not number: an ObjectId is never an
/// auto-increment key (`#[sea_orm(primary_key, auto_increment = false)]`), as for `Vec<u8>`.
///
/// ```
/// use sea_orm::TryFromU64;
///
/// let error = objectid::ObjectId::try_from_u64(1).unwrap_err();
/// assert_eq!(error.to_string(), "Type 'ObjectId' cannot be converted from u64");
/// ```
impl TryFromU64 for ObjectId {
    fn try_from_u64(_: u64) -> Result<Self, DbErr> {
        Err(DbErr::ConvertFromU64("ObjectId"))
    }
}
