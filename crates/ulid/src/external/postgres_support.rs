//! Feature `postgres`: [`Ulid`] as a PostgreSQL `uuid`, through postgres-types' traits, which
//! the `postgres` and `tokio-postgres` crates (and the pools built on them) take. Arrays
//! (`uuid[]`) come with them: `Vec<Ulid>` and `&[Ulid]` bind as parameters and read as results.
//!
//! PostgreSQL compares `uuid` values as their 16 bytes, big-endian: the order of the ULIDs, so
//! an index on the column is in generation order. Any `uuid` reads as a ULID (all 128-bit
//! values are ULIDs); a NULL is an error unless the Rust type is an `Option`.

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;

use std::error::Error;

use bytes::BytesMut;
use postgres_types::{FromSql, IsNull, ToSql, Type, accepts, to_sql_checked};

use crate::Ulid;

/// The 16 bytes of the ULID, written into the driver's buffer.
///
/// ```
/// use postgres_types::{ToSql, Type};
///
/// let id: ulid::Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
/// let mut buffer = bytes::BytesMut::new();
/// id.to_sql_checked(&Type::UUID, &mut buffer)?;
/// assert_eq!(buffer[..], id.to_bytes());
/// assert!(id.to_sql_checked(&Type::TEXT, &mut buffer).is_err());
/// # Ok::<(), Box<dyn std::error::Error + Sync + Send>>(())
/// ```
impl ToSql for Ulid {
    fn to_sql(&self, _: &Type, out: &mut BytesMut) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        out.extend_from_slice(self.as_bytes());
        Ok(IsNull::No)
    }

    accepts!(UUID);
    to_sql_checked!();
}

/// A `uuid` value: its 16 bytes.
///
/// # Errors
///
/// [`Error::ByteLength`](crate::Error::ByteLength) if the value is not 16 bytes (never from a
/// real `uuid` column).
///
/// ```
/// use postgres_types::{FromSql, Type};
///
/// let id = ulid::Ulid::from_sql(&Type::UUID, &[0xFF; 16])?;
/// assert_eq!(id, ulid::Ulid::MAX);
/// let error = ulid::Ulid::from_sql(&Type::UUID, &[0xFF; 15]).unwrap_err();
/// assert_eq!(error.to_string(), "a ULID is 16 bytes, found 15");
/// # Ok::<(), Box<dyn std::error::Error + Sync + Send>>(())
/// ```
impl<'a> FromSql<'a> for Ulid {
    fn from_sql(_: &Type, raw: &'a [u8]) -> Result<Ulid, Box<dyn Error + Sync + Send>> {
        Ok(Ulid::try_from(raw)?)
    }

    accepts!(UUID);
}
