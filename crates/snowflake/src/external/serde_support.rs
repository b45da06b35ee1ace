//! Feature `serde`: the integer, for every serializer.

// The field helper of `#[serde(with = "snowflake::decimal_string")]`, re-exported by lib.rs.
pub mod decimal_string;

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Unexpected, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::SnowflakeId;

/// The integer (`serialize_u64`), for every serializer.
///
/// ```
/// # use snowflake::SnowflakeId;
/// let id = SnowflakeId::try_from(4_194_308_098u64)?;
/// assert_eq!(serde_json::to_string(&id).unwrap(), "4194308098");
/// # Ok::<(), snowflake::Error>(())
/// ```
impl Serialize for SnowflakeId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(self.to_u64())
    }
}

/// An integer in [0, 2^63), signed or unsigned; from a human-readable format, also its
/// decimal string, read as strictly as [`FromStr`](core::str::FromStr).
///
/// Strings are accepted because a JSON number above 2^53 loses precision in JavaScript, so
/// JSON APIs often carry Snowflake ids as strings. Binary formats take the integer only.
///
/// ```
/// # use snowflake::SnowflakeId;
/// let id: SnowflakeId = serde_json::from_str("4194308098").unwrap();
/// assert_eq!(id.worker_id(), 1);
/// let id: SnowflakeId = serde_json::from_str("\"4194308098\"").unwrap();
/// assert_eq!(id.sequence(), 2);
///
/// assert!(serde_json::from_str::<SnowflakeId>("-1").is_err());
/// assert!(serde_json::from_str::<SnowflakeId>("9223372036854775808").is_err());
/// assert!(serde_json::from_str::<SnowflakeId>("\"+1\"").is_err());
/// ```
impl<'de> Deserialize<'de> for SnowflakeId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SnowflakeId, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_any(IdVisitor { text: true })
        } else {
            deserializer.deserialize_u64(IdVisitor { text: false })
        }
    }
}

struct IdVisitor {
    /// Whether a decimal string is accepted.
    text: bool,
}

impl Visitor<'_> for IdVisitor {
    type Value = SnowflakeId;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.text {
            f.write_str("a Snowflake id: an integer in [0, 2^63), or its decimal string")
        } else {
            f.write_str("a Snowflake id: an integer in [0, 2^63)")
        }
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<SnowflakeId, E> {
        SnowflakeId::try_from(value).map_err(E::custom)
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<SnowflakeId, E> {
        SnowflakeId::try_from(value).map_err(E::custom)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<SnowflakeId, E> {
        if self.text {
            text.parse().map_err(E::custom)
        } else {
            Err(E::invalid_type(Unexpected::Str(text), &self))
        }
    }
}
