//! sqlx's MySQL and MariaDB traits for [`SnowflakeId`]: a `BIGINT`.

use super::driver::{MySql, MySqlTypeInfo, MySqlValueRef};
use super::sqlx::decode::Decode;
use super::sqlx::encode::{Encode, IsNull};
use super::sqlx::error::{BoxDynError, UnexpectedNullError};
use super::sqlx::types::Type;

use crate::SnowflakeId;

#[doc = release!()]
///
/// `BIGINT`, and the integer columns sqlx reads as an `i64`.
impl Type<MySql> for SnowflakeId {
    fn type_info() -> MySqlTypeInfo {
        <i64 as Type<MySql>>::type_info()
    }

    fn compatible(ty: &MySqlTypeInfo) -> bool {
        <i64 as Type<MySql>>::compatible(ty)
    }
}

#[doc = release!()]
///
/// The integer.
impl Encode<'_, MySql> for SnowflakeId {
    fn encode_by_ref(&self, buf: &mut std::vec::Vec<u8>) -> Result<IsNull, BoxDynError> {
        <i64 as Encode<'_, MySql>>::encode(i64::from(*self), buf)
    }
}

#[doc = release!()]
///
/// A `BIGINT` that is not negative.
impl<'r> Decode<'r, MySql> for SnowflakeId {
    fn decode(value: MySqlValueRef<'r>) -> Result<Self, BoxDynError> {
        let stored = <Option<i64> as Decode<'r, MySql>>::decode(value)?;
        Ok(SnowflakeId::try_from(stored.ok_or(UnexpectedNullError)?)?)
    }
}
