//! sqlx's PostgreSQL traits for [`SnowflakeId`]: a `bigint`, and `bigint[]`.

use super::driver::{PgArgumentBuffer, PgHasArrayType, PgTypeInfo, PgValueRef, Postgres};
use super::sqlx::decode::Decode;
use super::sqlx::encode::{Encode, IsNull};
use super::sqlx::error::BoxDynError;
use super::sqlx::types::Type;

use crate::SnowflakeId;

#[doc = release!()]
///
/// `bigint`.
impl Type<Postgres> for SnowflakeId {
    fn type_info() -> PgTypeInfo {
        <i64 as Type<Postgres>>::type_info()
    }
}

#[doc = release!()]
///
/// `bigint[]`.
impl PgHasArrayType for SnowflakeId {
    fn array_type_info() -> PgTypeInfo {
        <i64 as PgHasArrayType>::array_type_info()
    }
}

#[doc = release!()]
///
/// The integer.
impl Encode<'_, Postgres> for SnowflakeId {
    fn encode_by_ref(&self, buf: &mut PgArgumentBuffer) -> Result<IsNull, BoxDynError> {
        <i64 as Encode<'_, Postgres>>::encode(i64::from(*self), buf)
    }
}

#[doc = release!()]
///
/// A `bigint` that is not negative.
impl<'r> Decode<'r, Postgres> for SnowflakeId {
    fn decode(value: PgValueRef<'r>) -> Result<Self, BoxDynError> {
        Ok(SnowflakeId::try_from(
            <i64 as Decode<'r, Postgres>>::decode(value)?,
        )?)
    }
}
