//! Feature `bson`: conversions with [`bson::oid::ObjectId`], and [`serialize`] and
//! [`deserialize`] for a field that bson's serializer writes as a BSON ObjectId (element type
//! `0x07`) rather than as the text or bytes that [`ObjectId`]'s own `Serialize` gives:
//!
//! ```
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize)]
//! struct Order {
//!     #[serde(rename = "_id", with = "objectid::bson")]
//!     id: objectid::ObjectId,
//! }
//!
//! let id: objectid::ObjectId = "507c7f79bcf86cd7994f6c0e".parse()?;
//! let document = bson::serialize_to_document(&Order { id })?;
//! assert_eq!(document.get("_id"), Some(&bson::Bson::ObjectId(id.into())));
//! let back: Order = bson::deserialize_from_document(document)?;
//! assert_eq!(back.id, id);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The same 12 bytes either way: a MongoDB `_id` written by any driver reads back as the same
//! [`ObjectId`].

// The crate is `no_std`; this module is compiled only with the standard library.
use std::prelude::rust_2024::*;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::ObjectId;

/// The same 12 bytes as a [`bson::oid::ObjectId`].
///
/// ```
/// let id: objectid::ObjectId = "507c7f79bcf86cd7994f6c0e".parse()?;
/// let oid = bson::oid::ObjectId::from(id);
/// assert_eq!(oid.to_hex(), "507c7f79bcf86cd7994f6c0e");
/// # Ok::<(), objectid::ParseError>(())
/// ```
impl From<ObjectId> for bson::oid::ObjectId {
    fn from(id: ObjectId) -> Self {
        bson::oid::ObjectId::from_bytes(id.to_bytes())
    }
}

/// The same 12 bytes as an [`ObjectId`]: every BSON ObjectId is one.
///
/// ```
/// let oid = bson::oid::ObjectId::parse_str("507c7f79bcf86cd7994f6c0e")?;
/// assert_eq!(objectid::ObjectId::from(oid).timestamp_s(), 1_350_336_377);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl From<bson::oid::ObjectId> for ObjectId {
    fn from(oid: bson::oid::ObjectId) -> Self {
        ObjectId::from_bytes(oid.bytes())
    }
}

/// The id as a BSON ObjectId: for `#[serde(with = "objectid::bson")]` (see the [module
/// docs](self)). Other serializers get what [`bson::oid::ObjectId`] gives them (in JSON,
/// `{"$oid": "…"}`).
///
/// # Errors
///
/// Those of the serializer.
///
/// # Examples
///
/// ```
/// let id = objectid::ObjectId::MAX;
/// let bson = objectid::bson::serialize(&id, bson::Serializer::new())?;
/// assert_eq!(bson, bson::Bson::ObjectId(id.into()));
/// # Ok::<(), bson::error::Error>(())
/// ```
pub fn serialize<S: Serializer>(id: &ObjectId, serializer: S) -> Result<S::Ok, S::Error> {
    bson::oid::ObjectId::from(*id).serialize(serializer)
}

/// An id from a BSON ObjectId, or from whatever else [`bson::oid::ObjectId`] deserializes
/// from (such as `{"$oid": "…"}` in JSON): for `#[serde(with = "objectid::bson")]`.
///
/// # Errors
///
/// Those of [`bson::oid::ObjectId`]'s `Deserialize`: a value that is not an ObjectId.
///
/// # Examples
///
/// ```
/// let oid = bson::oid::ObjectId::parse_str("507c7f79bcf86cd7994f6c0e")?;
/// let deserializer = bson::Deserializer::new(bson::Bson::ObjectId(oid));
/// let id = objectid::bson::deserialize(deserializer)?;
/// assert_eq!(id.to_string(), "507c7f79bcf86cd7994f6c0e");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<ObjectId, D::Error> {
    bson::oid::ObjectId::deserialize(deserializer).map(ObjectId::from)
}
