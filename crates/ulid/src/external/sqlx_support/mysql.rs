//! sqlx's MySQL and MariaDB traits for [`Ulid`]: a `BINARY(16)`.

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;

use super::driver::{MySql, MySqlTypeInfo, MySqlValueRef};
use super::sqlx::decode::Decode;
use super::sqlx::encode::{Encode, IsNull};
use super::sqlx::error::{BoxDynError, UnexpectedNullError};
use super::sqlx::type_info::TypeInfo;
use super::sqlx::types::Type;

use crate::Ulid;

#[doc = release!()]
///
/// A binary string column: `BINARY`, `VARBINARY` or a `BLOB`. A text column (`CHAR`,
/// `VARCHAR`, `TEXT`), which sqlx's own `[u8]` also reads, is a mismatched type: its characters
/// are not an id's bytes.
impl Type<MySql> for Ulid {
    fn type_info() -> MySqlTypeInfo {
        <[u8] as Type<MySql>>::type_info()
    }

    fn compatible(ty: &MySqlTypeInfo) -> bool {
        id_text::column::is_mysql_bytes(ty.name())
    }
}

#[doc = release!()]
///
/// The 16 bytes, borrowed from the id.
impl Encode<'_, MySql> for Ulid {
    fn encode_by_ref(&self, buf: &mut Vec<u8>) -> Result<IsNull, BoxDynError> {
        <&[u8] as Encode<'_, MySql>>::encode(self.as_bytes().as_slice(), buf)
    }
}

#[doc = release!()]
///
/// A `BINARY(16)` of 16 bytes.
impl<'r> Decode<'r, MySql> for Ulid {
    fn decode(value: MySqlValueRef<'r>) -> Result<Self, BoxDynError> {
        let stored = <Option<&[u8]> as Decode<'r, MySql>>::decode(value)?;
        Ok(Ulid::try_from(stored.ok_or(UnexpectedNullError)?)?)
    }
}
