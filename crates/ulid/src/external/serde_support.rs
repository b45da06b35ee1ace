//! Feature `serde`: the text for human-readable formats, the 16 bytes for binary ones.

use id_text::serde::TextOrBytes;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Ulid;

/// What serde's errors say a ULID is.
const EXPECTING: &str = "a ULID: 26 Crockford Base32 characters, or 16 bytes";

/// The 26-character text if the format is human-readable, else the 16 big-endian bytes.
///
/// ```
/// let id = ulid::Ulid::from_u128(0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B);
/// assert_eq!(serde_json::to_string(&id)?, r#""01ARZ3NDEKTSV4RRFFQ69G5FAV""#);
/// # Ok::<(), serde_json::Error>(())
/// ```
impl Serialize for Ulid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        id_text::serde::serialize(serializer, &self.to_bytes(), || self.text())
    }
}

/// The text, as strictly as [`FromStr`](core::str::FromStr), or exactly 16 bytes (as bytes
/// or as a sequence of 16 integers).
///
/// ```
/// let id: ulid::Ulid = serde_json::from_str(r#""01arz3ndektsv4rrffq69g5fav""#)?;
/// assert_eq!(id.timestamp_ms(), 1_469_922_850_259);
/// assert!(serde_json::from_str::<ulid::Ulid>(r#""01ARZ3NDEKTSV4RRFFQ69G5FA""#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
impl<'de> Deserialize<'de> for Ulid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        TextOrBytes::new(EXPECTING, Ulid::try_from).deserialize(deserializer)
    }
}
