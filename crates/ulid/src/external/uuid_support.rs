//! Feature `uuid`: conversions to and from [`uuid::Uuid`], for storing a ULID in a `uuid`
//! column or passing it to code that speaks UUIDs.

use crate::Ulid;

/// The same 128 bits as a [`uuid::Uuid`], so the same 16 bytes and the same order. The result
/// carries no UUID version or variant: a ULID has none.
///
/// ```
/// let id: ulid::Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
/// let uuid = uuid::Uuid::from(id);
/// assert_eq!(uuid.to_string(), "01563e3a-b5d3-d676-4c61-efb99302bd5b");
/// assert_eq!(uuid.as_bytes(), &id.to_bytes());
/// # Ok::<(), ulid::ParseError>(())
/// ```
impl From<Ulid> for uuid::Uuid {
    fn from(id: Ulid) -> Self {
        uuid::Uuid::from_u128(id.to_u128())
    }
}

/// Any [`uuid::Uuid`], read as the 128 bits of a ULID: every 128-bit value is one.
///
/// ```
/// use ulid::Ulid;
///
/// let uuid = uuid::Uuid::parse_str("01563e3a-b5d3-d676-4c61-efb99302bd5b")?;
/// let id = Ulid::from(uuid);
/// assert_eq!(id.to_string(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
/// assert_eq!(id.timestamp_ms(), 1_469_922_850_259);
/// # Ok::<(), uuid::Error>(())
/// ```
impl From<uuid::Uuid> for Ulid {
    fn from(uuid: uuid::Uuid) -> Self {
        Ulid::from_u128(uuid.as_u128())
    }
}
