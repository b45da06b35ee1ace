//! Feature `borsh`: the 16 big-endian bytes, with no length prefix (a fixed-size array in
//! borsh), as `uuid::Uuid` writes itself.
//!
//! By hand, as `uuid::Uuid`'s impls are, rather than with borsh's derive: the layout is the
//! id's bytes, not a struct's, and reading checks the version and variant.

use alloc::string::ToString;

use borsh::io::{Error, ErrorKind, Read, Result, Write};
use borsh::{BorshDeserialize, BorshSerialize};

use crate::Uuid7;

/// The 16 big-endian bytes of [`Uuid7::to_bytes`], with no length prefix: the bytes of the same
/// `uuid::Uuid`. Requires the `borsh` feature.
///
/// ```
/// let id: uuid7::Uuid7 = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f".parse()?;
/// let bytes = borsh::to_vec(&id)?;
/// assert_eq!(bytes, id.to_bytes());
/// assert_eq!(borsh::from_slice::<uuid7::Uuid7>(&bytes)?, id);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl BorshSerialize for Uuid7 {
    fn serialize<W: Write>(&self, writer: &mut W) -> Result<()> {
        writer.write_all(self.as_bytes())
    }
}

/// 16 big-endian bytes, checked as [`Uuid7::from_bytes`] checks them. Requires the `borsh` feature.
///
/// # Errors
///
/// Of kind `InvalidData`, with the message of [`Error`](crate::Error), for bytes whose version is
/// not 7 or whose variant is not `0b10`; the reader's for fewer than 16 bytes (`UnexpectedEof`).
///
/// # Examples
///
/// ```
/// use std::io::ErrorKind;
///
/// let id: uuid7::Uuid7 = borsh::from_slice(&uuid7::Uuid7::MAX.to_bytes())?;
/// assert_eq!(id, uuid7::Uuid7::MAX);
///
/// let error = borsh::from_slice::<uuid7::Uuid7>(&[0; 16]).unwrap_err();
/// assert_eq!(error.kind(), ErrorKind::InvalidData);
/// assert_eq!(error.to_string(), "version 0 in the version field: expected 7");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl BorshDeserialize for Uuid7 {
    fn deserialize_reader<R: Read>(reader: &mut R) -> Result<Uuid7> {
        let mut bytes = [0; 16];
        reader.read_exact(&mut bytes)?;
        Uuid7::from_bytes(bytes)
            .map_err(|error| Error::new(ErrorKind::InvalidData, error.to_string()))
    }
}
