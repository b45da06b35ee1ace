//! Feature `serde`: [`serialize`] and [`deserialize`] for a field written as the id's decimal
//! string, as JSON APIs carry 64-bit ids: JavaScript reads a JSON number above 2^53 rounded,
//! and every Snowflake id made after 2024-01-25 is above 2^53 (the timestamp sits above 22
//! bits, so 2^31 ms past the epoch is enough).
//!
//! ```
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize)]
//! struct Message {
//!     #[serde(with = "snowflake::decimal_string")]
//!     id: snowflake::SnowflakeId,
//! }
//!
//! let id = snowflake::SnowflakeId::try_from(1_234_567_890_123_456_789u64)?;
//! let json = serde_json::to_string(&Message { id })?;
//! assert_eq!(json, r#"{"id":"1234567890123456789"}"#);
//! let back: Message = serde_json::from_str(&json)?;
//! assert_eq!(back.id, id);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::{Deserialize, Deserializer, Serializer};

use crate::SnowflakeId;

/// The decimal string of the id, from a stack buffer.
///
/// # Errors
///
/// Those of the serializer.
///
/// # Examples
///
/// ```
/// let id = snowflake::SnowflakeId::try_from(42u64)?;
/// let json = snowflake::decimal_string::serialize(&id, serde_json::value::Serializer)?;
/// assert_eq!(json, serde_json::json!("42"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn serialize<S: Serializer>(id: &SnowflakeId, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(id.encode(&mut [0; SnowflakeId::TEXT_LEN]))
}

/// An id from its decimal string, read as strictly as [`FromStr`](core::str::FromStr), or
/// from the integer: what [`SnowflakeId`]'s own `Deserialize` accepts, so data written before
/// a field moved to strings still reads.
///
/// # Errors
///
/// A string that is not an id in canonical decimal, an integer out of range, or another type.
///
/// # Examples
///
/// ```
/// let id = snowflake::decimal_string::deserialize(serde_json::json!("42"))?;
/// assert_eq!(u64::from(id), 42);
/// assert!(snowflake::decimal_string::deserialize(serde_json::json!("042")).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<SnowflakeId, D::Error> {
    SnowflakeId::deserialize(deserializer)
}
