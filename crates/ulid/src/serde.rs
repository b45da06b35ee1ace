//! Feature `serde`: the text for human-readable formats, the 16 bytes for binary ones.

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::Ulid;

/// The 26-character text if the format is human-readable, else the 16 big-endian bytes.
///
/// ```
/// let id = ulid::Ulid::from_u128(0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B);
/// assert_eq!(serde_json::to_string(&id)?, r#""01ARZ3NDEKTSV4RRFFQ69G5FAV""#);
/// # Ok::<(), serde_json::Error>(())
/// ```
impl Serialize for Ulid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.serialize_str(self.encode(&mut [0; Ulid::TEXT_LEN]))
        } else {
            serializer.serialize_bytes(&self.to_bytes())
        }
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
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Ulid, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_str(UlidVisitor)
        } else {
            deserializer.deserialize_bytes(UlidVisitor)
        }
    }
}

struct UlidVisitor;

impl<'de> Visitor<'de> for UlidVisitor {
    type Value = Ulid;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a ULID: 26 Crockford Base32 characters, or 16 bytes")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Ulid, E> {
        text.parse().map_err(E::custom)
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Ulid, E> {
        match <[u8; 16]>::try_from(bytes) {
            Ok(bytes) => Ok(Ulid::from_bytes(bytes)),
            Err(_) => Err(E::invalid_length(bytes.len(), &self)),
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Ulid, A::Error> {
        let mut bytes = [0u8; 16];
        for (index, byte) in bytes.iter_mut().enumerate() {
            *byte = seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(index, &self))?;
        }
        let mut extra = 0;
        while seq.next_element::<de::IgnoredAny>()?.is_some() {
            extra += 1;
        }
        if extra > 0 {
            return Err(de::Error::invalid_length(16 + extra, &self));
        }
        Ok(Ulid::from_bytes(bytes))
    }
}
