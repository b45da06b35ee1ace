//! sqlx's PostgreSQL traits for [`ObjectId`]: a `bytea`, and `bytea[]`.

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;

use super::driver::{
    PgArgumentBuffer, PgHasArrayType, PgTypeInfo, PgValueFormat, PgValueRef, Postgres,
};
use super::sqlx::decode::Decode;
use super::sqlx::encode::{Encode, IsNull};
use super::sqlx::error::BoxDynError;
use super::sqlx::types::Type;

use crate::ObjectId;

#[doc = release!()]
///
/// `bytea`.
impl Type<Postgres> for ObjectId {
    fn type_info() -> PgTypeInfo {
        <[u8] as Type<Postgres>>::type_info()
    }
}

#[doc = release!()]
///
/// `bytea[]`.
impl PgHasArrayType for ObjectId {
    fn array_type_info() -> PgTypeInfo {
        <&[u8] as PgHasArrayType>::array_type_info()
    }
}

#[doc = release!()]
///
/// The 12 bytes, written into the driver's buffer.
impl Encode<'_, Postgres> for ObjectId {
    fn encode_by_ref(&self, buf: &mut PgArgumentBuffer) -> Result<IsNull, BoxDynError> {
        buf.extend_from_slice(self.as_bytes());
        Ok(IsNull::No)
    }
}

#[doc = release!()]
///
/// A `bytea` of 12 bytes, in the binary format or the text format (`\x` and 24 hex digits,
/// read by sqlx's own `bytea` decoding).
impl Decode<'_, Postgres> for ObjectId {
    fn decode(value: PgValueRef<'_>) -> Result<Self, BoxDynError> {
        match value.format() {
            PgValueFormat::Binary => Ok(ObjectId::try_from(value.as_bytes()?)?),
            // sqlx reads the text format only into a `Vec` (the simple query protocol).
            PgValueFormat::Text => {
                let bytes = <Vec<u8> as Decode<'_, Postgres>>::decode(value)?;
                Ok(ObjectId::try_from(bytes.as_slice())?)
            }
        }
    }
}
