//! Feature `postgres`: [`ObjectId`] as a PostgreSQL `bytea` of 12 bytes, through
//! postgres-types' traits, which the `postgres` and `tokio-postgres` crates (and the pools
//! built on them) take. Arrays (`bytea[]`) come with them: `Vec<ObjectId>` and `&[ObjectId]`
//! bind as parameters and read as results.
//!
//! PostgreSQL compares `bytea` values byte by byte: the order of the ObjectIds, so an index on
//! the column is in generation order (per process; see the crate docs). A value of another
//! length is an error that names it; a NULL is an error unless the Rust type is an `Option`.

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;

use std::error::Error;

use bytes::BytesMut;
use postgres_types::{FromSql, IsNull, ToSql, Type, accepts, to_sql_checked};

use crate::ObjectId;

/// The 12 bytes of the ObjectId, written into the driver's buffer.
///
/// ```
/// use postgres_types::{ToSql, Type};
///
/// let id: objectid::ObjectId = "507c7f79bcf86cd7994f6c0e".parse()?;
/// let mut buffer = bytes::BytesMut::new();
/// id.to_sql_checked(&Type::BYTEA, &mut buffer)?;
/// assert_eq!(buffer[..], id.to_bytes());
/// assert!(id.to_sql_checked(&Type::UUID, &mut buffer).is_err());
/// # Ok::<(), Box<dyn std::error::Error + Sync + Send>>(())
/// ```
impl ToSql for ObjectId {
    fn to_sql(&self, _: &Type, out: &mut BytesMut) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        out.extend_from_slice(self.as_bytes());
        Ok(IsNull::No)
    }

    accepts!(BYTEA);
    to_sql_checked!();
}

/// A `bytea` value of 12 bytes.
///
/// # Errors
///
/// [`Error::ByteLength`](crate::Error::ByteLength) for any other length.
///
/// ```
/// use postgres_types::{FromSql, Type};
///
/// let id = objectid::ObjectId::from_sql(&Type::BYTEA, &[0xFF; 12])?;
/// assert_eq!(id, objectid::ObjectId::MAX);
/// let error = objectid::ObjectId::from_sql(&Type::BYTEA, &[0xFF; 15]).unwrap_err();
/// assert_eq!(error.to_string(), "an ObjectId is 12 bytes, found 15");
/// # Ok::<(), Box<dyn std::error::Error + Sync + Send>>(())
/// ```
impl<'a> FromSql<'a> for ObjectId {
    fn from_sql(_: &Type, raw: &'a [u8]) -> Result<ObjectId, Box<dyn Error + Sync + Send>> {
        Ok(ObjectId::try_from(raw)?)
    }

    accepts!(BYTEA);
}
