//! Feature `postgres`: [`SnowflakeId`] as a PostgreSQL `bigint`, through postgres-types'
//! traits, which the `postgres` and `tokio-postgres` crates (and the pools built on them)
//! take. Arrays (`bigint[]`) come with them: `Vec<SnowflakeId>` and `&[SnowflakeId]` bind as
//! parameters and read as results.
//!
//! Every id fits a `bigint` (the top bit is 0), and the order of the integers is the order of
//! the ids. A negative `bigint` is an error that names it; a NULL is an error unless the Rust
//! type is an `Option`.

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;

use std::error::Error;

use bytes::BytesMut;
use postgres_types::{FromSql, IsNull, ToSql, Type, accepts, to_sql_checked};

use crate::SnowflakeId;

/// The integer, as a `bigint`.
///
/// ```
/// use postgres_types::{ToSql, Type};
///
/// let id = snowflake::SnowflakeId::try_from(42u64)?;
/// let mut buffer = bytes::BytesMut::new();
/// id.to_sql_checked(&Type::INT8, &mut buffer)?;
/// assert_eq!(buffer[..], 42i64.to_be_bytes());
/// assert!(id.to_sql_checked(&Type::INT4, &mut buffer).is_err());
/// # Ok::<(), Box<dyn std::error::Error + Sync + Send>>(())
/// ```
impl ToSql for SnowflakeId {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut BytesMut,
    ) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        i64::from(*self).to_sql(ty, out)
    }

    accepts!(INT8);
    to_sql_checked!();
}

/// A `bigint` that is not negative.
///
/// # Errors
///
/// [`Error::IdOutOfRange`](crate::Error::IdOutOfRange) for a negative value.
///
/// ```
/// use postgres_types::{FromSql, Type};
/// use snowflake::SnowflakeId;
///
/// assert_eq!(u64::from(SnowflakeId::from_sql(&Type::INT8, &42i64.to_be_bytes())?), 42);
/// let error = SnowflakeId::from_sql(&Type::INT8, &(-1i64).to_be_bytes()).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "id -1 is out of range: a Snowflake id is 0 to 9223372036854775807 (2^63 - 1)"
/// );
/// # Ok::<(), Box<dyn std::error::Error + Sync + Send>>(())
/// ```
impl<'a> FromSql<'a> for SnowflakeId {
    fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<SnowflakeId, Box<dyn Error + Sync + Send>> {
        Ok(SnowflakeId::try_from(i64::from_sql(ty, raw)?)?)
    }

    accepts!(INT8);
}
