//! [`ObjectId`]: the 12-byte value, its constants, its two fields and its bytes.

use crate::Error;

/// Bits of the counter, below the 32-bit timestamp.
pub(crate) const COUNTER_BITS: u32 = 64;

/// A 12-byte ObjectId: 32-bit Unix seconds, then a 64-bit counter, both big-endian.
///
/// Order, equality and hashing are those of the bytes, so ids sort by timestamp, then by
/// counter, exactly like their text. `Display` writes the 24 lower-case hex characters,
/// `FromStr` reads exactly that form back, and `Debug` shows it as
/// `ObjectId(507c7f79bcf86cd7994f6c0e)`.
///
/// # Examples
///
/// ```
/// use objectid::ObjectId;
///
/// // The example of the MongoDB manual.
/// let id: ObjectId = "507c7f79bcf86cd7994f6c0e".parse()?;
/// assert_eq!(id.timestamp_s(), 1_350_336_377); // 2012-10-15T21:26:17Z
/// assert_eq!(id.to_string(), "507c7f79bcf86cd7994f6c0e");
/// assert_eq!(format!("{id:?}"), "ObjectId(507c7f79bcf86cd7994f6c0e)");
/// assert!(ObjectId::from_parts(1_350_336_378, 0)? > id);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Layout
///
/// 12 bytes of alignment 1: `(ObjectId, u8)` takes 13 bytes, and
/// [`as_bytes`](Self::as_bytes) borrows the bytes in place. With the feature `bytemuck` or
/// `zerocopy`, ids and bytes cast into each other in place, both ways, since every 12 bytes
/// are an id:
///
/// ```
/// use objectid::ObjectId;
///
/// assert_eq!((size_of::<(ObjectId, u8)>(), align_of::<ObjectId>()), (13, 1));
/// # #[cfg(feature = "bytemuck")] {
/// let ids = [ObjectId::MIN, ObjectId::MAX];
/// let bytes: &[u8] = bytemuck::cast_slice(&ids);
/// assert_eq!((bytes[11], bytes[12]), (0x00, 0xFF));
/// assert_eq!(bytemuck::cast_slice::<u8, ObjectId>(bytes), &ids);
/// # }
/// # #[cfg(feature = "zerocopy")] {
/// use zerocopy::{FromBytes, IntoBytes};
///
/// let bytes = [0xFF; 12];
/// assert_eq!(ObjectId::ref_from_bytes(&bytes).ok(), Some(&ObjectId::MAX));
/// assert_eq!(IntoBytes::as_bytes(&ObjectId::MIN), &[0; 12]);
/// # }
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[cfg_attr(
    feature = "zerocopy",
    derive(
        zerocopy::FromBytes,
        zerocopy::IntoBytes,
        zerocopy::Immutable,
        zerocopy::KnownLayout,
        zerocopy::Unaligned
    )
)]
#[cfg_attr(
    any(
        feature = "diesel-postgres",
        feature = "diesel-sqlite",
        feature = "diesel-mysql"
    ),
    derive(diesel::expression::AsExpression, diesel::deserialize::FromSqlRow),
    diesel(sql_type = diesel::sql_types::Binary)
)]
#[repr(transparent)]
pub struct ObjectId([u8; 12]);

impl ObjectId {
    /// The smallest id: all 12 bytes zero, `000000000000000000000000`.
    ///
    /// ```
    /// use objectid::ObjectId;
    ///
    /// assert_eq!(ObjectId::MIN.to_string(), "000000000000000000000000");
    /// assert_eq!((ObjectId::MIN.timestamp_s(), ObjectId::MIN.counter()), (0, 0));
    /// assert_eq!(ObjectId::default(), ObjectId::MIN);
    /// ```
    pub const MIN: ObjectId = ObjectId([0; 12]);

    /// The largest id: all 12 bytes `0xff`, `ffffffffffffffffffffffff`.
    ///
    /// ```
    /// use objectid::ObjectId;
    ///
    /// assert_eq!(ObjectId::MAX.to_string(), "ffffffffffffffffffffffff");
    /// assert_eq!(ObjectId::MAX.timestamp_s(), ObjectId::MAX_TIMESTAMP_S);
    /// assert_eq!(ObjectId::MAX.counter(), ObjectId::MAX_COUNTER);
    /// ```
    pub const MAX: ObjectId = ObjectId([0xFF; 12]);

    /// The length of the text, in characters (all ASCII, so also in bytes): 24.
    ///
    /// ```
    /// use objectid::ObjectId;
    ///
    /// assert_eq!(ObjectId::TEXT_LEN, 24);
    /// assert_eq!(ObjectId::MAX.to_string().len(), ObjectId::TEXT_LEN);
    /// ```
    pub const TEXT_LEN: usize = 24;

    /// The largest timestamp, `2^32 - 1` seconds since the Unix epoch:
    /// 2106-02-07T06:28:15Z.
    ///
    /// ```
    /// assert_eq!(objectid::ObjectId::MAX_TIMESTAMP_S, 4_294_967_295);
    /// ```
    pub const MAX_TIMESTAMP_S: u64 = u32::MAX as u64;

    /// The largest counter, `2^64 - 1`: every `u64` is a counter.
    ///
    /// ```
    /// assert_eq!(objectid::ObjectId::MAX_COUNTER, u64::MAX);
    /// ```
    pub const MAX_COUNTER: u64 = u64::MAX >> (u64::BITS - COUNTER_BITS);

    /// The id with these fields: `timestamp_s` seconds since the Unix epoch (at most
    /// [`MAX_TIMESTAMP_S`](Self::MAX_TIMESTAMP_S), 2106-02-07T06:28:15Z) and any 64-bit
    /// `counter`.
    ///
    /// # Errors
    ///
    /// [`Error::TimestampOutOfRange`] if `timestamp_s` needs more than 32 bits.
    ///
    /// # Examples
    ///
    /// ```
    /// use objectid::{Error, ObjectId};
    ///
    /// let id = ObjectId::from_parts(1_350_336_377, 0xbcf8_6cd7_994f_6c0e)?;
    /// assert_eq!(id.to_string(), "507c7f79bcf86cd7994f6c0e");
    ///
    /// assert_eq!(
    ///     ObjectId::from_parts(1 << 32, 0),
    ///     Err(Error::TimestampOutOfRange { value: 1 << 32, max: u32::MAX as u64 })
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    pub const fn from_parts(timestamp_s: u64, counter: u64) -> Result<ObjectId, Error> {
        if timestamp_s > Self::MAX_TIMESTAMP_S {
            return Err(Error::TimestampOutOfRange {
                value: timestamp_s,
                max: Self::MAX_TIMESTAMP_S,
            });
        }
        let [t0, t1, t2, t3] = (timestamp_s as u32).to_be_bytes();
        let [c0, c1, c2, c3, c4, c5, c6, c7] = counter.to_be_bytes();
        Ok(ObjectId([t0, t1, t2, t3, c0, c1, c2, c3, c4, c5, c6, c7]))
    }

    /// The smallest id of a second: `timestamp_s` (seconds since the Unix epoch, as everywhere
    /// in this crate: [`from_parts`](Self::from_parts), `generate_at`, [`timestamp_s`](Self::timestamp_s))
    /// and a counter of zero, the first id that generation in that second can give. Pure: it
    /// needs no clock and no `generate` feature (`min_at_chrono`, `min_at_time` and
    /// `min_at_jiff` take a date-time, and truncate it to its second).
    ///
    /// With [`max_at_s`](Self::max_at_s), the bounds of a range query: every ObjectId of the
    /// seconds `a` to `b` (both included) lies in `[min_at_s(a), max_at_s(b)]`, whatever made
    /// it, a MongoDB driver included (its process value and counter are the 8 bytes this crate
    /// calls the counter); a partition of one day is `[min_at_s(day), min_at_s(next day))`.
    ///
    /// # Errors
    ///
    /// [`Error::TimestampOutOfRange`] above [`MAX_TIMESTAMP_S`](Self::MAX_TIMESTAMP_S).
    ///
    /// # Examples
    ///
    /// ```
    /// use objectid::{Error, ObjectId};
    ///
    /// // 2024-01-01T00:00:00Z: 19,723 days of 86,400 s after the Unix epoch.
    /// let day = ObjectId::min_at_s(1_704_067_200)?;
    /// assert_eq!(day.to_string(), "659200800000000000000000");
    /// assert_eq!((day.timestamp_s(), day.counter()), (1_704_067_200, 0));
    /// assert_eq!(
    ///     ObjectId::min_at_s(1 << 32),
    ///     Err(Error::TimestampOutOfRange { value: 1 << 32, max: ObjectId::MAX_TIMESTAMP_S })
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    pub const fn min_at_s(timestamp_s: u64) -> Result<ObjectId, Error> {
        ObjectId::from_parts(timestamp_s, 0)
    }

    /// The largest id of a second: `timestamp_s` and a counter of all ones
    /// ([`MAX_COUNTER`](Self::MAX_COUNTER)), the last id that generation in that second can
    /// give; the upper bound of a range query, as [`min_at_s`](Self::min_at_s) is the lower.
    ///
    /// # Errors
    ///
    /// [`Error::TimestampOutOfRange`] above [`MAX_TIMESTAMP_S`](Self::MAX_TIMESTAMP_S).
    ///
    /// # Examples
    ///
    /// ```
    /// use objectid::ObjectId;
    ///
    /// // Every ObjectId of 2024-01-01 (UTC), and no other, lies between these two.
    /// let first = ObjectId::min_at_s(1_704_067_200)?;
    /// let last = ObjectId::max_at_s(1_704_153_599)?;
    /// assert_eq!(last.to_string(), "659351ffffffffffffffffff");
    /// let noon = ObjectId::from_parts(1_704_110_400, 12_345)?;
    /// assert!((first..=last).contains(&noon));
    /// assert_eq!(ObjectId::max_at_s(ObjectId::MAX_TIMESTAMP_S), Ok(ObjectId::MAX));
    /// # Ok::<(), objectid::Error>(())
    /// ```
    pub const fn max_at_s(timestamp_s: u64) -> Result<ObjectId, Error> {
        ObjectId::from_parts(timestamp_s, Self::MAX_COUNTER)
    }

    /// The timestamp: seconds since the Unix epoch, from the first 4 bytes.
    ///
    /// ```
    /// # use objectid::ObjectId;
    /// let id = ObjectId::from_parts(u32::MAX as u64, 7)?;
    /// assert_eq!(id.timestamp_s(), 4_294_967_295);
    /// # Ok::<(), objectid::Error>(())
    /// ```
    #[must_use]
    pub const fn timestamp_s(self) -> u64 {
        let [t0, t1, t2, t3, ..] = self.0;
        u32::from_be_bytes([t0, t1, t2, t3]) as u64
    }

    /// The timestamp as a [`SystemTime`](std::time::SystemTime): the Unix epoch plus
    /// [`timestamp_s`](Self::timestamp_s) seconds. Requires the `std` feature (default).
    ///
    /// Never panics: the latest timestamp, 2106-02-07T06:28:15Z, is within the range of
    /// `SystemTime` on every platform of the standard library.
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    ///
    /// // The example of the MongoDB manual: 2012-10-15T21:26:17Z.
    /// let id: objectid::ObjectId = "507c7f79bcf86cd7994f6c0e".parse()?;
    /// assert_eq!(id.timestamp(), UNIX_EPOCH + Duration::from_secs(1_350_336_377));
    /// # Ok::<(), objectid::ParseError>(())
    /// ```
    #[cfg(feature = "std")]
    #[must_use]
    pub fn timestamp(self) -> std::time::SystemTime {
        std::time::UNIX_EPOCH + core::time::Duration::from_secs(self.timestamp_s())
    }

    /// The counter, from the last 8 bytes.
    ///
    /// ```
    /// # use objectid::ObjectId;
    /// let id: ObjectId = "507c7f79bcf86cd7994f6c0e".parse()?;
    /// assert_eq!(id.counter(), 0xbcf8_6cd7_994f_6c0e);
    /// # Ok::<(), objectid::ParseError>(())
    /// ```
    #[must_use]
    pub const fn counter(self) -> u64 {
        let [_, _, _, _, c0, c1, c2, c3, c4, c5, c6, c7] = self.0;
        u64::from_be_bytes([c0, c1, c2, c3, c4, c5, c6, c7])
    }

    /// The 12 bytes, big-endian: timestamp, then counter.
    ///
    /// ```
    /// # use objectid::ObjectId;
    /// let id = ObjectId::from_parts(0x0102_0304, 0x0506_0708_090a_0b0c)?;
    /// assert_eq!(id.to_bytes(), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    /// # Ok::<(), objectid::Error>(())
    /// ```
    #[must_use]
    pub const fn to_bytes(self) -> [u8; 12] {
        self.0
    }

    /// The 12 bytes in place, as [`to_bytes`](Self::to_bytes) returns them: for an API that
    /// borrows bytes, without a copy.
    ///
    /// ```
    /// let id = objectid::ObjectId::MAX;
    /// assert_eq!(id.as_bytes(), &[0xFF; 12]);
    /// ```
    #[must_use]
    pub const fn as_bytes(&self) -> &[u8; 12] {
        &self.0
    }

    /// The id of 12 bytes; every value is valid.
    ///
    /// ```
    /// # use objectid::ObjectId;
    /// let id = ObjectId::from_bytes([0x50, 0x7c, 0x7f, 0x79, 0xbc, 0xf8, 0x6c, 0xd7, 0x99, 0x4f, 0x6c, 0x0e]);
    /// assert_eq!(id.timestamp_s(), 1_350_336_377);
    /// assert_eq!(ObjectId::from_bytes(id.to_bytes()), id);
    /// ```
    #[must_use]
    pub const fn from_bytes(bytes: [u8; 12]) -> ObjectId {
        ObjectId(bytes)
    }
}

/// [`ObjectId::MIN`].
///
/// ```
/// assert_eq!(objectid::ObjectId::default(), objectid::ObjectId::MIN);
/// ```
impl Default for ObjectId {
    fn default() -> Self {
        ObjectId::MIN
    }
}

/// [`ObjectId::from_bytes`].
///
/// ```
/// # use objectid::ObjectId;
/// assert_eq!(ObjectId::from([0; 12]), ObjectId::MIN);
/// ```
impl From<[u8; 12]> for ObjectId {
    fn from(bytes: [u8; 12]) -> Self {
        ObjectId(bytes)
    }
}

/// Exactly 12 bytes, as [`ObjectId::from_bytes`] takes them.
///
/// # Errors
///
/// [`Error::ByteLength`] for any other length.
///
/// # Examples
///
/// ```
/// use objectid::Error;
///
/// let bytes = objectid::ObjectId::MAX.to_bytes();
/// assert_eq!(objectid::ObjectId::try_from(&bytes[..]), Ok(objectid::ObjectId::MAX));
/// assert_eq!(objectid::ObjectId::try_from(&bytes[1..]), Err(Error::ByteLength { found: 11 }));
/// ```
impl TryFrom<&[u8]> for ObjectId {
    type Error = Error;

    fn try_from(bytes: &[u8]) -> Result<ObjectId, Error> {
        <[u8; 12]>::try_from(bytes)
            .map(ObjectId::from_bytes)
            .map_err(|_| Error::ByteLength { found: bytes.len() })
    }
}

/// [`ObjectId::to_bytes`].
///
/// ```
/// # use objectid::ObjectId;
/// let bytes: [u8; 12] = ObjectId::from_parts(1, 2)?.into();
/// assert_eq!(bytes, [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2]);
/// # Ok::<(), objectid::Error>(())
/// ```
impl From<ObjectId> for [u8; 12] {
    fn from(id: ObjectId) -> Self {
        id.0
    }
}

/// The date-time features' view of ObjectId: the timestamps it holds, and the smallest and
/// the largest id of one.
#[cfg(any(feature = "chrono", feature = "time", feature = "jiff"))]
pub(crate) const DATE_TIMES: id_text::date_time::DateTimes<ObjectId> =
    id_text::date_time::DateTimes {
        timestamps: id_text::date_time::Timestamps::seconds(
            "an ObjectId",
            0,
            ObjectId::MAX_TIMESTAMP_S,
        ),
        min: |timestamp| ObjectId::min_at_s(timestamp).ok(),
        max: |timestamp| ObjectId::max_at_s(timestamp).ok(),
    };

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nil_and_max_are_the_extremes_of_the_parts() {
        assert_eq!(ObjectId::from_parts(0, 0), Ok(ObjectId::MIN));
        assert_eq!(
            ObjectId::from_parts(ObjectId::MAX_TIMESTAMP_S, ObjectId::MAX_COUNTER),
            Ok(ObjectId::MAX)
        );
        assert_eq!(COUNTER_BITS, u64::BITS);
        assert_eq!(ObjectId::default(), ObjectId::MIN);
    }
}
