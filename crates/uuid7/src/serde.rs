//! Feature `serde`: the text form for human-readable formats, the 16 bytes for binary ones.

use core::fmt;

use serde::de::{self, IgnoredAny, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Uuid7;

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
        if serializer.is_human_readable() {
            serializer.serialize_str(self.encode(&mut [0; Uuid7::TEXT_LEN]))
        } else {
            serializer.serialize_bytes(&self.to_bytes())
        }
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
        if deserializer.is_human_readable() {
            deserializer.deserialize_str(Uuid7Visitor)
        } else {
            deserializer.deserialize_bytes(Uuid7Visitor)
        }
    }
}

struct Uuid7Visitor;

impl<'de> Visitor<'de> for Uuid7Visitor {
    type Value = Uuid7;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a UUIDv7: 36 characters xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx, or 16 bytes")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Uuid7, E> {
        text.parse().map_err(E::custom)
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Uuid7, E> {
        let bytes =
            <[u8; 16]>::try_from(bytes).map_err(|_| E::invalid_length(bytes.len(), &self))?;
        Uuid7::from_bytes(bytes).map_err(E::custom)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Uuid7, A::Error> {
        let mut bytes = [0u8; 16];
        for (index, byte) in bytes.iter_mut().enumerate() {
            *byte = seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(index, &self))?;
        }
        let mut len = bytes.len();
        while seq.next_element::<IgnoredAny>()?.is_some() {
            len += 1;
        }
        if len != bytes.len() {
            return Err(de::Error::invalid_length(len, &self));
        }
        self.visit_bytes(&bytes)
    }
}
