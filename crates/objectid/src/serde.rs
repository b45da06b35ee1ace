//! Feature `serde`: the 24-character text for human-readable formats, the 12 bytes otherwise.

use core::fmt;

use serde::de::{self, IgnoredAny, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::ObjectId;

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
        if serializer.is_human_readable() {
            serializer.serialize_str(self.encode(&mut [0; ObjectId::TEXT_LEN]))
        } else {
            serializer.serialize_bytes(&self.to_bytes())
        }
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
        if deserializer.is_human_readable() {
            deserializer.deserialize_str(ObjectIdVisitor)
        } else {
            deserializer.deserialize_bytes(ObjectIdVisitor)
        }
    }
}

struct ObjectIdVisitor;

impl<'de> Visitor<'de> for ObjectIdVisitor {
    type Value = ObjectId;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an ObjectId: 24 lower-case hex characters or 12 bytes")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<ObjectId, E> {
        text.parse().map_err(E::custom)
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<ObjectId, E> {
        <[u8; 12]>::try_from(bytes)
            .map(ObjectId::from_bytes)
            .map_err(|_| E::invalid_length(bytes.len(), &self))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ObjectId, A::Error> {
        let mut bytes = [0u8; 12];
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
        Ok(ObjectId::from_bytes(bytes))
    }
}
