//! sqlx's PostgreSQL traits for [`Uuid7`]: a `uuid`, and `uuid[]`.

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;

use super::driver::{
    PgArgumentBuffer, PgHasArrayType, PgTypeInfo, PgValueFormat, PgValueRef, Postgres,
};
use super::sqlx::decode::Decode;
use super::sqlx::encode::{Encode, IsNull};
use super::sqlx::error::BoxDynError;
use super::sqlx::type_info::TypeInfo;
use super::sqlx::types::Type;

use crate::Uuid7;

#[doc = release!()]
///
/// `uuid`.
impl Type<Postgres> for Uuid7 {
    fn type_info() -> PgTypeInfo {
        PgTypeInfo::with_name("uuid")
    }

    fn compatible(ty: &PgTypeInfo) -> bool {
        ty.name().eq_ignore_ascii_case("uuid")
    }
}

#[doc = release!()]
///
/// `uuid[]`.
impl PgHasArrayType for Uuid7 {
    fn array_type_info() -> PgTypeInfo {
        PgTypeInfo::array_of("uuid")
    }
}

#[doc = release!()]
///
/// The 16 bytes, written into the driver's buffer.
impl Encode<'_, Postgres> for Uuid7 {
    fn encode_by_ref(&self, buf: &mut PgArgumentBuffer) -> Result<IsNull, BoxDynError> {
        buf.extend_from_slice(self.as_bytes());
        Ok(IsNull::No)
    }
}

#[doc = release!()]
///
/// A `uuid` of version 7 and variant `0b10`, in the binary format (16 bytes) or the text
/// format (`8-4-4-4-12` hex digits).
impl Decode<'_, Postgres> for Uuid7 {
    fn decode(value: PgValueRef<'_>) -> Result<Self, BoxDynError> {
        match value.format() {
            PgValueFormat::Binary => Ok(Uuid7::try_from(value.as_bytes()?)?),
            PgValueFormat::Text => Ok(value.as_str()?.parse::<Uuid7>()?),
        }
    }
}
