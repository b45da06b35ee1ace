//! Feature `postgres`: [`Uuid7`] as a PostgreSQL `uuid`, through postgres-types' traits, which
//! the `postgres` and `tokio-postgres` crates (and the pools built on them) take. Arrays
//! (`uuid[]`) come with them: `Vec<Uuid7>` and `&[Uuid7]` bind as parameters and read as results.
//!
//! PostgreSQL compares `uuid` values as their 16 bytes, big-endian: the order of the UUIDv7s, so
//! an index on the column is in generation order. A `uuid` of another version or variant is an
//! error that names it; a NULL is an error unless the Rust type is an `Option`.

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;

use std::error::Error;

use bytes::BytesMut;
use postgres_types::{FromSql, IsNull, ToSql, Type, accepts, to_sql_checked};

use crate::Uuid7;

/// The 16 bytes of the UUIDv7, written into the driver's buffer.
///
/// ```
/// use postgres_types::{ToSql, Type};
///
/// let id: uuid7::Uuid7 = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f".parse()?;
/// let mut buffer = bytes::BytesMut::new();
/// id.to_sql_checked(&Type::UUID, &mut buffer)?;
/// assert_eq!(buffer[..], id.to_bytes());
/// assert!(id.to_sql_checked(&Type::TEXT, &mut buffer).is_err());
/// # Ok::<(), Box<dyn std::error::Error + Sync + Send>>(())
/// ```
impl ToSql for Uuid7 {
    fn to_sql(&self, _: &Type, out: &mut BytesMut) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        out.extend_from_slice(self.as_bytes());
        Ok(IsNull::No)
    }

    accepts!(UUID);
    to_sql_checked!();
}

/// A `uuid` value of version 7 and variant `0b10`.
///
/// # Errors
///
/// [`Error::Version`](crate::Error::Version) or [`Error::Variant`](crate::Error::Variant) for
/// any other `uuid`, and [`Error::ByteLength`](crate::Error::ByteLength) if the value is not 16
/// bytes (never from a real `uuid` column).
///
/// ```
/// use postgres_types::{FromSql, Type};
///
/// let max = uuid7::Uuid7::MAX.to_bytes();
/// assert_eq!(uuid7::Uuid7::from_sql(&Type::UUID, &max)?, uuid7::Uuid7::MAX);
/// let v4 = 0x550e8400_e29b_41d4_a716_446655440000u128.to_be_bytes();
/// let error = uuid7::Uuid7::from_sql(&Type::UUID, &v4).unwrap_err();
/// assert_eq!(error.to_string(), "version 4 in the version field: expected 7");
/// # Ok::<(), Box<dyn std::error::Error + Sync + Send>>(())
/// ```
impl<'a> FromSql<'a> for Uuid7 {
    fn from_sql(_: &Type, raw: &'a [u8]) -> Result<Uuid7, Box<dyn Error + Sync + Send>> {
        Ok(Uuid7::try_from(raw)?)
    }

    accepts!(UUID);
}
