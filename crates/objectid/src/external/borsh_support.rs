//! Feature `borsh`: the 12 bytes, with no length prefix (a fixed-size array in borsh).
//!
//! By hand, as `uuid::Uuid`'s impls are, rather than with borsh's derive: the layout is the
//! id's bytes, not a struct's.

use borsh::io::{Read, Result, Write};
use borsh::{BorshDeserialize, BorshSerialize};

use crate::ObjectId;

/// The 12 bytes of [`ObjectId::to_bytes`] (the timestamp big-endian first), with no length prefix.
/// Requires the `borsh` feature.
///
/// ```
/// let id: objectid::ObjectId = "507c7f79bcf86cd7994f6c0e".parse()?;
/// let bytes = borsh::to_vec(&id)?;
/// assert_eq!(bytes, id.to_bytes());
/// assert_eq!(borsh::from_slice::<objectid::ObjectId>(&bytes)?, id);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl BorshSerialize for ObjectId {
    fn serialize<W: Write>(&self, writer: &mut W) -> Result<()> {
        writer.write_all(self.as_bytes())
    }
}

/// 12 bytes: every 12 bytes are an ObjectId. Requires the `borsh` feature.
///
/// # Errors
///
/// The reader's: fewer than 12 bytes left is an error of kind `UnexpectedEof` (and
/// `borsh::from_slice` refuses bytes left over, with `InvalidData`).
///
/// # Examples
///
/// ```
/// let id: objectid::ObjectId = borsh::from_slice(&[0xFF; 12])?;
/// assert_eq!(id, objectid::ObjectId::MAX);
/// assert!(borsh::from_slice::<objectid::ObjectId>(&[0; 11]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl BorshDeserialize for ObjectId {
    fn deserialize_reader<R: Read>(reader: &mut R) -> Result<ObjectId> {
        let mut bytes = [0; 12];
        reader.read_exact(&mut bytes)?;
        Ok(ObjectId::from_bytes(bytes))
    }
}
