//! Feature `serde`: the 24-character text for human-readable formats, the 12 bytes otherwise.

use id_text::serde::TextOrBytes;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::ObjectId;

/// What serde's errors say an ObjectId is.
const EXPECTING: &str = "an ObjectId: 24 lower-case hex characters or 12 bytes";

/// The text (`"507c7f79bcf86cd7994f6c0e"`) for a human-readable serializer, the 12 bytes
/// (`serialize_bytes`) for a binary one.
///
/// ```
/// let id: objectid::ObjectId = "507c7f79bcf86cd7994f6c0e".parse()?;
/// assert_eq!(serde_json::to_string(&id)?, r#""507c7f79bcf86cd7994f6c0e""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Serialize for ObjectId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        id_text::serde::serialize(serializer, self.as_bytes(), || self.text())
    }
}

/// Exactly what [`FromStr`](core::str::FromStr) accepts as a string, or exactly 12 bytes
/// (as bytes or as a sequence of `u8`), whichever the format holds.
///
/// ```
/// use objectid::ObjectId;
///
/// let id: ObjectId = serde_json::from_str(r#""507c7f79bcf86cd7994f6c0e""#)?;
/// assert_eq!(id.timestamp_s(), 1_350_336_377);
/// assert!(serde_json::from_str::<ObjectId>(r#""507C7F79BCF86CD7994F6C0E""#).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<'de> Deserialize<'de> for ObjectId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        TextOrBytes::new(EXPECTING, ObjectId::try_from).deserialize(deserializer)
    }
}
