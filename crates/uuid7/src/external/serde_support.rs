//! Feature `serde`: the text form for human-readable formats, the 16 bytes for binary ones.

use id_text::serde::TextOrBytes;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Uuid7;

/// What serde's errors say a UUIDv7 is.
const EXPECTING: &str = "a UUIDv7: 36 characters xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx, or 16 bytes";

/// The 36-character text for a human-readable serializer, the 16 bytes (big-endian) for a
/// binary one.
///
/// ```
/// let id: uuid7::Uuid7 = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f".parse()?;
/// assert_eq!(serde_json::to_string(&id)?, r#""017f22e2-79b0-7cc3-98c4-dc0c0c07398f""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Serialize for Uuid7 {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        id_text::serde::serialize(serializer, &self.to_bytes(), || self.text())
    }
}

/// Exactly as strict as `FromStr` for text; exactly 16 bytes (as bytes or as a sequence) of
/// version 7 and variant `0b10` otherwise.
///
/// ```
/// let id: uuid7::Uuid7 = serde_json::from_str(r#""017F22E2-79B0-7CC3-98C4-DC0C0C07398F""#)?;
/// assert_eq!(id.timestamp_ms(), 1_645_557_742_000);
/// assert!(serde_json::from_str::<uuid7::Uuid7>(r#""017f22e279b07cc398c4dc0c0c07398f""#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
impl<'de> Deserialize<'de> for Uuid7 {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        TextOrBytes::new(EXPECTING, Uuid7::from_bytes).deserialize(deserializer)
    }
}
