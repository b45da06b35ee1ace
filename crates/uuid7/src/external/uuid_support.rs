//! Feature `uuid`: conversions to and from [`uuid::Uuid`].

use crate::{Error, Uuid7};

/// The same 128 bits as a [`uuid::Uuid`].
///
/// ```
/// let id: uuid7::Uuid7 = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f".parse()?;
/// let uuid = uuid::Uuid::from(id);
/// assert_eq!(uuid.get_version_num(), 7);
/// assert_eq!(uuid.hyphenated().to_string(), id.to_string());
/// # Ok::<(), uuid7::ParseError>(())
/// ```
impl From<Uuid7> for uuid::Uuid {
    fn from(id: Uuid7) -> Self {
        uuid::Uuid::from_u128(id.to_u128())
    }
}

/// A [`uuid::Uuid`] of version 7 and variant `0b10`; any other is an error.
///
/// ```
/// use uuid7::{Error, Uuid7};
///
/// let uuid = uuid::Uuid::parse_str("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")?;
/// assert_eq!(Uuid7::try_from(uuid)?.timestamp_ms(), 1_645_557_742_000);
/// let v4 = uuid::Uuid::parse_str("550e8400-e29b-41d4-a716-446655440000")?;
/// assert_eq!(Uuid7::try_from(v4), Err(Error::Version { found: 4 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl TryFrom<uuid::Uuid> for Uuid7 {
    type Error = Error;

    fn try_from(uuid: uuid::Uuid) -> Result<Self, Self::Error> {
        Uuid7::from_u128(uuid.as_u128())
    }
}
