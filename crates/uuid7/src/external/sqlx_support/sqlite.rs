//! sqlx's SQLite traits for [`Uuid7`]: a BLOB of 16 bytes.

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;

use super::Arguments;
use super::driver::{Sqlite, SqliteTypeInfo, SqliteValueRef};
use super::sqlx::decode::Decode;
use super::sqlx::encode::{Encode, IsNull};
use super::sqlx::error::{BoxDynError, UnexpectedNullError};
use super::sqlx::types::Type;

use crate::Uuid7;

#[doc = release!()]
///
/// BLOB.
impl Type<Sqlite> for Uuid7 {
    fn type_info() -> SqliteTypeInfo {
        <[u8] as Type<Sqlite>>::type_info()
    }

    fn compatible(ty: &SqliteTypeInfo) -> bool {
        *ty == <[u8] as Type<Sqlite>>::type_info()
    }
}

#[doc = release!()]
///
/// The 16 bytes, as a BLOB. sqlx's SQLite arguments own their BLOBs, so this copies the 16
/// bytes into a new `Vec`, as for every type it binds.
impl<'q> Encode<'q, Sqlite> for Uuid7 {
    fn encode_by_ref(&self, args: &mut Arguments<'q>) -> Result<IsNull, BoxDynError> {
        <Vec<u8> as Encode<'q, Sqlite>>::encode(self.as_bytes().to_vec(), args)
    }
}

#[doc = release!()]
///
/// A BLOB of 16 bytes, of version 7 and variant `0b10`.
impl<'r> Decode<'r, Sqlite> for Uuid7 {
    fn decode(value: SqliteValueRef<'r>) -> Result<Self, BoxDynError> {
        // sqlx hands an SQLite NULL to a decoder as an empty BLOB or a zero: refuse it.
        let stored = <Option<&[u8]> as Decode<'r, Sqlite>>::decode(value)?;
        Ok(Uuid7::try_from(stored.ok_or(UnexpectedNullError)?)?)
    }
}
