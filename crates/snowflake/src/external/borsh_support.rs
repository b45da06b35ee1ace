//! Feature `borsh`: the id as its `u64`, little-endian, as borsh writes every integer.
//!
//! By hand rather than with borsh's derive: reading checks that the integer is an id.

use alloc::string::ToString;

use borsh::io::{Error, ErrorKind, Read, Result, Write};
use borsh::{BorshDeserialize, BorshSerialize};

use crate::SnowflakeId;

/// The integer of [`SnowflakeId::to_u64`], as borsh writes a `u64`: 8 bytes, little-endian (not the
/// big-endian of the databases' `bigint`). Requires the `borsh` feature.
///
/// ```
/// let id = snowflake::SnowflakeId::try_from(0x0102_0304_0506_0708u64)?;
/// let bytes = borsh::to_vec(&id)?;
/// assert_eq!(bytes, [8, 7, 6, 5, 4, 3, 2, 1]);
/// assert_eq!(bytes, borsh::to_vec(&id.to_u64())?);
/// assert_eq!(borsh::from_slice::<snowflake::SnowflakeId>(&bytes)?, id);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl BorshSerialize for SnowflakeId {
    fn serialize<W: Write>(&self, writer: &mut W) -> Result<()> {
        self.to_u64().serialize(writer)
    }
}

/// A borsh `u64` (8 bytes, little-endian) below 2^63, as `SnowflakeId::try_from(u64)` checks it.
/// Requires the `borsh` feature.
///
/// # Errors
///
/// Of kind `InvalidData`, with the message of [`Error::IdOutOfRange`](crate::Error::IdOutOfRange),
/// for an integer from 2^63 up; borsh's own for fewer than 8 bytes, as for a `u64`.
///
/// # Examples
///
/// ```
/// use snowflake::SnowflakeId;
/// use std::io::ErrorKind;
///
/// let id: SnowflakeId = borsh::from_slice(&[0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])?;
/// assert_eq!(id, SnowflakeId::MAX);
///
/// let error = borsh::from_slice::<SnowflakeId>(&[0, 0, 0, 0, 0, 0, 0, 0x80]).unwrap_err();
/// assert_eq!(error.kind(), ErrorKind::InvalidData);
/// assert!(error.to_string().starts_with("id 9223372036854775808 is out of range"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl BorshDeserialize for SnowflakeId {
    fn deserialize_reader<R: Read>(reader: &mut R) -> Result<SnowflakeId> {
        let value = u64::deserialize_reader(reader)?;
        SnowflakeId::try_from(value)
            .map_err(|error| Error::new(ErrorKind::InvalidData, error.to_string()))
    }
}
