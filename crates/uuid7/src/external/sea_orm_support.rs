//! Feature `sea-orm` (sea-orm 2): [`Uuid7`] as the field of an entity
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
//! Reading goes through sea-orm's own reading of a `uuid::Uuid`, then checks the version and the
//! variant. What is not a UUIDv7 is an error that names what was found: a uuid of another version
//! or variant, or bytes of another length (an SQLite BLOB, a `bytea`), is sea-orm's `TryIntoErr`
//! whose source is this crate's [`Error`](crate::Error); a TEXT says so (sqlx hands an SQLite TEXT
//! over as its bytes, so one of exactly 16 bytes is checked as any 16 bytes); a value of another
//! SQL type is sqlx's "mismatched types" error, which names the type found; a NULL read into a
//! `Uuid7` (not an `Option<Uuid7>`) is sea-orm's `TryGetError::Null`.

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;
use std::sync::Arc;

use sea_orm::sea_query::{ArrayType, ColumnType, Nullable, Value, ValueType, ValueTypeErr};
use sea_orm::{ColIdx, DbErr, QueryResult, TryFromU64, TryGetError, TryGetable};

use crate::Uuid7;

/// The 16 bytes as a `uuid::Uuid`: a `uuid` on PostgreSQL, a BLOB of 16 bytes on SQLite.
///
/// ```
/// use sea_orm::sea_query::{Value, ValueType};
///
/// let id: uuid7::Uuid7 = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f".parse()?;
/// let value = Value::from(id);
/// let uuid = uuid::Uuid::parse_str("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")?;
/// assert_eq!(value, Value::Uuid(Some(uuid)));
/// assert_eq!(<uuid7::Uuid7 as ValueType>::try_from(value)?, id);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl From<Uuid7> for Value {
    fn from(id: Uuid7) -> Value {
        Value::Uuid(Some(uuid::Uuid::from_bytes(id.to_bytes())))
    }
}

/// The NULL of an `Option<Uuid7>` field: `Value::Uuid(None)`.
///
/// ```
/// use sea_orm::sea_query::{Nullable, Value};
///
/// assert_eq!(<uuid7::Uuid7 as Nullable>::null(), Value::Uuid(None));
/// assert_eq!(Value::from(None::<uuid7::Uuid7>), Value::Uuid(None));
/// ```
impl Nullable for Uuid7 {
    fn null() -> Value {
        Value::Uuid(None)
    }
}

/// A `Value::Uuid` of version 7 and variant `0b10`, and the column type `ColumnType::Uuid`.
///
/// Any other value is sea-query's `ValueTypeErr`, which carries no message.
///
/// ```
/// use sea_orm::sea_query::{ColumnType, Value, ValueType};
///
/// let uuid = uuid::Uuid::from_u128(0x017f22e2_79b0_7cc3_98c4_dc0c0c07398f);
/// let id = <uuid7::Uuid7 as ValueType>::try_from(Value::Uuid(Some(uuid)))?;
/// assert_eq!(id.to_string(), "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
/// let v4 = uuid::Uuid::from_u128(0x550e8400_e29b_41d4_a716_446655440000);
/// assert!(<uuid7::Uuid7 as ValueType>::try_from(Value::Uuid(Some(v4))).is_err());
/// assert!(<uuid7::Uuid7 as ValueType>::try_from(Value::Uuid(None)).is_err());
/// assert_eq!(<uuid7::Uuid7 as ValueType>::column_type(), ColumnType::Uuid);
/// # Ok::<(), sea_orm::sea_query::ValueTypeErr>(())
/// ```
impl ValueType for Uuid7 {
    fn try_from(value: Value) -> Result<Self, ValueTypeErr> {
        match value {
            Value::Uuid(Some(uuid)) => {
                Uuid7::from_bytes(uuid.into_bytes()).map_err(|_| ValueTypeErr)
            }
            _ => Err(ValueTypeErr),
        }
    }

    fn type_name() -> String {
        "Uuid7".to_owned()
    }

    fn array_type() -> ArrayType {
        ArrayType::Uuid
    }

    fn column_type() -> ColumnType {
        ColumnType::Uuid
    }
}

/// A `uuid` (PostgreSQL) or a BLOB of 16 bytes (SQLite), read as sea-orm reads a `uuid::Uuid`,
/// of version 7 and variant `0b10`. Anything else is an error that names what was found (see
/// the module's documentation).
impl TryGetable for Uuid7 {
    fn try_get_by<I: ColIdx>(row: &QueryResult, index: I) -> Result<Self, TryGetError> {
        match <uuid::Uuid as TryGetable>::try_get_by(row, index) {
            Ok(uuid) => Uuid7::from_bytes(uuid.into_bytes()).map_err(|error| {
                TryGetError::DbErr(DbErr::TryIntoErr {
                    from: "uuid::Uuid",
                    into: "Uuid7",
                    source: Arc::new(error),
                })
            }),
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
            "a UUIDv7 is stored as a uuid or a BLOB of {} bytes, found a TEXT of {} bytes",
            size_of::<Uuid7>(),
            text.len()
        )));
    }
    match <Vec<u8> as TryGetable>::try_get_by(row, index) {
        // The length rule is the one of `TryFrom<&[u8]>`.
        Ok(bytes) => match <Uuid7 as TryFrom<&[u8]>>::try_from(bytes.as_slice()) {
            Err(wrong) => TryGetError::DbErr(DbErr::TryIntoErr {
                from: "Vec<u8>",
                into: "Uuid7",
                source: Arc::new(wrong),
            }),
            Ok(_) => error,
        },
        Err(_) => error,
    }
}

/// sea-orm's error for a key that the database does not number: a UUIDv7 is never an
/// auto-increment key (`#[sea_orm(primary_key, auto_increment = false)]`), as for `uuid::Uuid`.
///
/// ```
/// use sea_orm::TryFromU64;
///
/// let error = uuid7::Uuid7::try_from_u64(1).unwrap_err();
/// assert_eq!(error.to_string(), "Type 'Uuid7' cannot be converted from u64");
/// ```
impl TryFromU64 for Uuid7 {
    fn try_from_u64(_: u64) -> Result<Self, DbErr> {
        Err(DbErr::ConvertFromU64("Uuid7"))
    }
}
