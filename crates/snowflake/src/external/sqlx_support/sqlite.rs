//! sqlx's SQLite traits for [`SnowflakeId`]: an INTEGER.

use super::Arguments;
use super::driver::{Sqlite, SqliteTypeInfo, SqliteValueRef};
use super::sqlx::decode::Decode;
use super::sqlx::encode::{Encode, IsNull};
use super::sqlx::error::{BoxDynError, UnexpectedNullError};
use super::sqlx::types::Type;

use crate::SnowflakeId;

#[doc = release!()]
///
/// INTEGER.
impl Type<Sqlite> for SnowflakeId {
    fn type_info() -> SqliteTypeInfo {
        <i64 as Type<Sqlite>>::type_info()
    }

    fn compatible(ty: &SqliteTypeInfo) -> bool {
        <i64 as Type<Sqlite>>::compatible(ty)
    }
}

#[doc = release!()]
///
/// The integer.
impl<'q> Encode<'q, Sqlite> for SnowflakeId {
    fn encode_by_ref(&self, args: &mut Arguments<'q>) -> Result<IsNull, BoxDynError> {
        <i64 as Encode<'q, Sqlite>>::encode(i64::from(*self), args)
    }
}

#[doc = release!()]
///
/// An INTEGER that is not negative.
impl<'r> Decode<'r, Sqlite> for SnowflakeId {
    fn decode(value: SqliteValueRef<'r>) -> Result<Self, BoxDynError> {
        // sqlx hands an SQLite NULL to a decoder as an empty BLOB or a zero: refuse it.
        let stored = <Option<i64> as Decode<'r, Sqlite>>::decode(value)?;
        Ok(SnowflakeId::try_from(stored.ok_or(UnexpectedNullError)?)?)
    }
}
