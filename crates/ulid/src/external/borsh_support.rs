//! Feature `borsh`: the 16 big-endian bytes, with no length prefix (a fixed-size array in
//! borsh).
//!
//! By hand, as `uuid::Uuid`'s impls are, rather than with borsh's derive: the layout is the
//! id's bytes, not a struct's.

use borsh::io::{Read, Result, Write};
use borsh::{BorshDeserialize, BorshSerialize};

use crate::Ulid;

/// The 16 big-endian bytes of [`Ulid::to_bytes`], with no length prefix. Requires the `borsh`
/// feature.
///
/// ```
/// let id: ulid::Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
/// let bytes = borsh::to_vec(&id)?;
/// assert_eq!(bytes, id.to_bytes());
/// assert_eq!(borsh::from_slice::<ulid::Ulid>(&bytes)?, id);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl BorshSerialize for Ulid {
    fn serialize<W: Write>(&self, writer: &mut W) -> Result<()> {
        writer.write_all(self.as_bytes())
    }
}

/// 16 big-endian bytes: every 16 bytes are a ULID. Requires the `borsh` feature.
///
/// # Errors
///
/// The reader's: fewer than 16 bytes left is an error of kind `UnexpectedEof` (and
/// `borsh::from_slice` refuses bytes left over, with `InvalidData`).
///
/// # Examples
///
/// ```
/// let id: ulid::Ulid = borsh::from_slice(&[0xFF; 16])?;
/// assert_eq!(id, ulid::Ulid::MAX);
/// assert!(borsh::from_slice::<ulid::Ulid>(&[0; 15]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl BorshDeserialize for Ulid {
    fn deserialize_reader<R: Read>(reader: &mut R) -> Result<Ulid> {
        let mut bytes = [0; 16];
        reader.read_exact(&mut bytes)?;
        Ok(Ulid::from_bytes(bytes))
    }
}
