//! [`Ulid`]: the 128-bit value, its constants, its two fields, its bytes and its integer.

use crate::Error;

/// Bits of the counter (the "randomness" of the specification), below the timestamp.
pub(crate) const COUNTER_BITS: u32 = 80;

/// A ULID: a 48-bit millisecond timestamp above an 80-bit counter (the "randomness" of the
/// specification).
///
/// Ordered as its integer, which is also the order of its bytes and of its text. `Display`
/// writes the canonical 26 upper-case symbols; `FromStr` is its strict inverse (see
/// [`ParseError`](crate::ParseError)); `Debug` shows the text, as in
/// `Ulid(01ARZ3NDEKTSV4RRFFQ69G5FAV)`.
///
/// # Examples
///
/// ```
/// use ulid::Ulid;
///
/// let id = Ulid::from_parts(1_469_922_850_259, 0xD676_4C61_EFB9_9302_BD5B)?;
/// assert_eq!(id.to_string(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
/// assert_eq!(format!("{id:?}"), "Ulid(01ARZ3NDEKTSV4RRFFQ69G5FAV)");
/// assert_eq!(u128::from(id), 0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B);
/// # Ok::<(), ulid::Error>(())
/// ```
///
/// # Layout
///
/// 16 big-endian bytes of alignment 1, as `uuid::Uuid`: `(Ulid, u8)` takes 17 bytes, and
/// [`as_bytes`](Self::as_bytes) borrows the bytes in place. With the feature `bytemuck` or
/// `zerocopy`, ids and bytes cast into each other in place, both ways, since every 16 bytes
/// are a ULID:
///
/// ```
/// use ulid::Ulid;
///
/// assert_eq!((size_of::<(Ulid, u8)>(), align_of::<Ulid>()), (17, 1));
/// # #[cfg(feature = "bytemuck")] {
/// let ids = [Ulid::MIN, Ulid::MAX];
/// let bytes: &[u8] = bytemuck::cast_slice(&ids);
/// assert_eq!((bytes[15], bytes[16]), (0x00, 0xFF));
/// assert_eq!(bytemuck::cast_slice::<u8, Ulid>(bytes), &ids);
/// # }
/// # #[cfg(feature = "zerocopy")] {
/// use zerocopy::{FromBytes, IntoBytes};
///
/// let bytes = [0xFF; 16];
/// assert_eq!(Ulid::ref_from_bytes(&bytes).ok(), Some(&Ulid::MAX));
/// assert_eq!(IntoBytes::as_bytes(&Ulid::MIN), &[0; 16]);
/// # }
/// ```
// `[u8; 16]`, big-endian, as `uuid::Uuid` holds its value: alignment 1 (`(Ulid, u8)` is 17 bytes,
// not 32 as with a `u128` field), `as_bytes` without a copy, and casts to and from bytes (features
// `bytemuck`, `zerocopy`). A `u128` field sorts a little faster than bytes compared byte by byte;
// compared as the big-endian integer they hold (the `Ord` below), bytes sort and search about as
// fast (`cargo bench -p benches --bench storage` holds the figures). The rest of the cost is a
// byte swap for each half of the integer read or written, as x86-64 has no swapping store in its
// baseline: a few instructions an id in `fill`, `to_string` and `encode` (the gate's rows).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
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
    derive(diesel::expression::AsExpression, diesel::deserialize::FromSqlRow)
)]
#[cfg_attr(feature = "diesel-postgres", diesel(sql_type = diesel::sql_types::Uuid))]
#[cfg_attr(
    any(feature = "diesel-sqlite", feature = "diesel-mysql"),
    diesel(sql_type = diesel::sql_types::Binary)
)]
#[repr(transparent)]
pub struct Ulid([u8; 16]);

impl Ulid {
    /// The smallest ULID: all 128 bits zero, `00000000000000000000000000`.
    ///
    /// ```
    /// use ulid::Ulid;
    ///
    /// assert_eq!(Ulid::MIN.to_string(), "00000000000000000000000000");
    /// assert_eq!((Ulid::MIN.timestamp_ms(), Ulid::MIN.random()), (0, 0));
    /// assert_eq!(Ulid::default(), Ulid::MIN);
    /// ```
    pub const MIN: Ulid = Ulid([0; 16]);

    /// The largest ULID: all 128 bits one, `7ZZZZZZZZZZZZZZZZZZZZZZZZZ`.
    ///
    /// ```
    /// use ulid::Ulid;
    ///
    /// assert_eq!(Ulid::MAX.to_string(), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
    /// assert_eq!(Ulid::MAX.timestamp_ms(), Ulid::MAX_TIMESTAMP_MS);
    /// assert_eq!(Ulid::MAX.random(), Ulid::MAX_RANDOM);
    /// ```
    pub const MAX: Ulid = Ulid([0xFF; 16]);

    /// The length of the text, in characters (all ASCII, so also in bytes): 26.
    ///
    /// ```
    /// use ulid::Ulid;
    ///
    /// assert_eq!(Ulid::TEXT_LEN, 26);
    /// assert_eq!(Ulid::MAX.to_string().len(), Ulid::TEXT_LEN);
    /// ```
    pub const TEXT_LEN: usize = 26;

    /// The largest timestamp, `2^48 - 1` ms since the Unix epoch: 10889-08-02T05:31:50.655Z.
    ///
    /// ```
    /// assert_eq!(ulid::Ulid::MAX_TIMESTAMP_MS, 281_474_976_710_655);
    /// ```
    pub const MAX_TIMESTAMP_MS: u64 = (1 << 48) - 1;

    /// The largest random part, `2^80 - 1`.
    ///
    /// ```
    /// assert_eq!(ulid::Ulid::MAX_RANDOM, (1 << 80) - 1);
    /// ```
    pub const MAX_RANDOM: u128 = (1 << COUNTER_BITS) - 1;

    /// The ULID of a timestamp (milliseconds since the Unix epoch, at most
    /// [`MAX_TIMESTAMP_MS`](Self::MAX_TIMESTAMP_MS)) and a random part (at most
    /// [`MAX_RANDOM`](Self::MAX_RANDOM)).
    ///
    /// # Errors
    ///
    /// [`Error::TimestampOutOfRange`] or [`Error::RandomOutOfRange`]: nothing is truncated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulid::{Error, Ulid};
    ///
    /// let id = Ulid::from_parts(1_700_000_000_000, 42)?;
    /// assert_eq!((id.timestamp_ms(), id.random()), (1_700_000_000_000, 42));
    ///
    /// assert_eq!(
    ///     Ulid::from_parts(0, 1 << 80),
    ///     Err(Error::RandomOutOfRange { value: 1 << 80, max: Ulid::MAX_RANDOM })
    /// );
    /// # Ok::<(), ulid::Error>(())
    /// ```
    pub const fn from_parts(timestamp_ms: u64, random: u128) -> Result<Ulid, Error> {
        if timestamp_ms > Self::MAX_TIMESTAMP_MS {
            return Err(Error::TimestampOutOfRange {
                value: timestamp_ms,
                max: Self::MAX_TIMESTAMP_MS,
            });
        }
        if random > Self::MAX_RANDOM {
            return Err(Error::RandomOutOfRange {
                value: random,
                max: Self::MAX_RANDOM,
            });
        }
        Ok(Ulid::from_u128(
            ((timestamp_ms as u128) << COUNTER_BITS) | random,
        ))
    }

    /// The smallest ULID of a millisecond: `timestamp_ms` above a random part of zero, the
    /// first id that generation in that millisecond can give. Pure: it needs no clock and no
    /// `generate` feature (`min_at_chrono`, `min_at_time` and `min_at_jiff` take a date-time).
    ///
    /// With [`max_at_ms`](Self::max_at_ms), the bounds of a range query: every ULID of the
    /// milliseconds `a` to `b` (both included) lies in `[min_at_ms(a), max_at_ms(b)]`, whatever
    /// made it (`WHERE id BETWEEN … AND …`); a partition of one day is `[min_at_ms(day),
    /// min_at_ms(next day))`.
    ///
    /// # Errors
    ///
    /// [`Error::TimestampOutOfRange`] above [`MAX_TIMESTAMP_MS`](Self::MAX_TIMESTAMP_MS).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulid::{Error, Ulid};
    ///
    /// // 2024-01-01T00:00:00Z: 19,723 days of 86,400,000 ms after the Unix epoch.
    /// let day = Ulid::min_at_ms(1_704_067_200_000)?;
    /// assert_eq!(day.to_string(), "01HK153X000000000000000000");
    /// assert_eq!((day.timestamp_ms(), day.random()), (1_704_067_200_000, 0));
    /// assert_eq!(
    ///     Ulid::min_at_ms(1 << 48),
    ///     Err(Error::TimestampOutOfRange { value: 1 << 48, max: Ulid::MAX_TIMESTAMP_MS })
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    pub const fn min_at_ms(timestamp_ms: u64) -> Result<Ulid, Error> {
        Ulid::from_parts(timestamp_ms, 0)
    }

    /// The largest ULID of a millisecond: `timestamp_ms` above a random part of all ones
    /// ([`MAX_RANDOM`](Self::MAX_RANDOM)), the last id that generation in that millisecond can
    /// give; the upper bound of a range query, as [`min_at_ms`](Self::min_at_ms) is the lower.
    ///
    /// # Errors
    ///
    /// [`Error::TimestampOutOfRange`] above [`MAX_TIMESTAMP_MS`](Self::MAX_TIMESTAMP_MS).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulid::Ulid;
    ///
    /// // Every ULID of 2024-01-01 (UTC), and no other, lies between these two.
    /// let (first, last) = (Ulid::min_at_ms(1_704_067_200_000)?, Ulid::max_at_ms(1_704_153_599_999)?);
    /// assert_eq!(last.to_string(), "01HK3QGKZZZZZZZZZZZZZZZZZZ");
    /// assert_eq!(last.random(), Ulid::MAX_RANDOM);
    /// let noon = Ulid::from_parts(1_704_110_400_000, 12_345)?;
    /// assert!((first..=last).contains(&noon));
    /// assert_eq!(Ulid::max_at_ms(Ulid::MAX_TIMESTAMP_MS), Ok(Ulid::MAX));
    /// # Ok::<(), ulid::Error>(())
    /// ```
    pub const fn max_at_ms(timestamp_ms: u64) -> Result<Ulid, Error> {
        Ulid::from_parts(timestamp_ms, Self::MAX_RANDOM)
    }

    /// The timestamp: milliseconds since the Unix epoch, the high 48 bits.
    ///
    /// ```
    /// let id: ulid::Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
    /// assert_eq!(id.timestamp_ms(), 1_469_922_850_259); // 2016-07-30T23:54:10.259Z
    /// # Ok::<(), ulid::ParseError>(())
    /// ```
    #[must_use]
    pub const fn timestamp_ms(self) -> u64 {
        (self.to_u128() >> COUNTER_BITS) as u64
    }

    /// The timestamp as a [`SystemTime`](std::time::SystemTime): the Unix epoch plus
    /// [`timestamp_ms`](Self::timestamp_ms) milliseconds. Requires the `std` feature
    /// (default).
    ///
    /// Never panics: the latest timestamp, in the year 10889, is within the range of
    /// `SystemTime` on every platform of the standard library.
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    ///
    /// let id: ulid::Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
    /// // 2016-07-30T23:54:10.259Z
    /// assert_eq!(id.timestamp(), UNIX_EPOCH + Duration::new(1_469_922_850, 259_000_000));
    /// # Ok::<(), ulid::ParseError>(())
    /// ```
    #[cfg(feature = "std")]
    #[must_use]
    pub fn timestamp(self) -> std::time::SystemTime {
        std::time::UNIX_EPOCH + core::time::Duration::from_millis(self.timestamp_ms())
    }

    /// The low 80 bits, under the specification's name, "randomness": a counter with a random
    /// start, for ids from [`generate`](crate::generate) and [`fill`](crate::fill), and random
    /// bits for [`generate_at`](crate::generate_at).
    ///
    /// ```
    /// let id: ulid::Ulid = "0000000000000000000000000Z".parse()?;
    /// assert_eq!(id.random(), 31);
    /// # Ok::<(), ulid::ParseError>(())
    /// ```
    #[must_use]
    pub const fn random(self) -> u128 {
        self.to_u128() & Self::MAX_RANDOM
    }

    /// The 128-bit value.
    ///
    /// ```
    /// let id = ulid::Ulid::from_parts(1, 2)?;
    /// assert_eq!(id.to_u128(), (1 << 80) | 2);
    /// # Ok::<(), ulid::Error>(())
    /// ```
    #[must_use]
    pub const fn to_u128(self) -> u128 {
        u128::from_be_bytes(self.0)
    }

    /// The ULID of a 128-bit value; every value is one.
    ///
    /// ```
    /// let id = ulid::Ulid::from_u128(u128::MAX);
    /// assert_eq!(id, ulid::Ulid::MAX);
    /// ```
    #[must_use]
    pub const fn from_u128(value: u128) -> Ulid {
        Ulid(value.to_be_bytes())
    }

    /// The 16 bytes, big-endian: the timestamp in the first 6.
    ///
    /// ```
    /// let id = ulid::Ulid::from_parts(0x0102_0304_0506, 0x0708)?;
    /// assert_eq!(id.to_bytes(), [1, 2, 3, 4, 5, 6, 0, 0, 0, 0, 0, 0, 0, 0, 7, 8]);
    /// # Ok::<(), ulid::Error>(())
    /// ```
    #[must_use]
    pub const fn to_bytes(self) -> [u8; 16] {
        self.0
    }

    /// The 16 bytes in place, as [`to_bytes`](Self::to_bytes) returns them: for an API that
    /// borrows bytes, without a copy.
    ///
    /// ```
    /// let id = ulid::Ulid::from_parts(0x0102_0304_0506, 0x0708)?;
    /// assert_eq!(id.as_bytes(), &[1, 2, 3, 4, 5, 6, 0, 0, 0, 0, 0, 0, 0, 0, 7, 8]);
    /// # Ok::<(), ulid::Error>(())
    /// ```
    #[must_use]
    pub const fn as_bytes(&self) -> &[u8; 16] {
        &self.0
    }

    /// The ULID of 16 big-endian bytes; every array is one.
    ///
    /// ```
    /// let id = ulid::Ulid::from_bytes([0xFF; 16]);
    /// assert_eq!(id.timestamp_ms(), (1 << 48) - 1);
    /// assert_eq!(ulid::Ulid::from_bytes(id.to_bytes()), id);
    /// ```
    #[must_use]
    pub const fn from_bytes(bytes: [u8; 16]) -> Ulid {
        Ulid(bytes)
    }
}

/// [`Ulid::MIN`].
///
/// ```
/// assert_eq!(ulid::Ulid::default(), ulid::Ulid::MIN);
/// ```
impl Default for Ulid {
    fn default() -> Ulid {
        Ulid::MIN
    }
}

/// [`Ulid::to_u128`].
///
/// ```
/// assert_eq!(u128::from(ulid::Ulid::MAX), u128::MAX);
/// ```
impl From<Ulid> for u128 {
    fn from(id: Ulid) -> u128 {
        id.to_u128()
    }
}

/// [`Ulid::from_u128`].
///
/// ```
/// assert_eq!(ulid::Ulid::from(0u128), ulid::Ulid::MIN);
/// ```
impl From<u128> for Ulid {
    fn from(value: u128) -> Ulid {
        Ulid::from_u128(value)
    }
}

/// The order of the 128-bit integer, which is also the order of the big-endian bytes and of
/// the text.
///
/// ```
/// use ulid::Ulid;
///
/// assert!(Ulid::from_u128(0x0100) < Ulid::from_u128(0x00FF_FFFF));
/// assert!("01ARZ3NDEKTSV4RRFFQ69G5FAV".parse::<Ulid>()? > Ulid::MIN);
/// # Ok::<(), ulid::ParseError>(())
/// ```
impl Ord for Ulid {
    // One comparison of two integers, not 16 of bytes: the same order, since the bytes are
    // big-endian.
    #[inline]
    fn cmp(&self, other: &Ulid) -> core::cmp::Ordering {
        self.to_u128().cmp(&other.to_u128())
    }
}

/// As [`Ord`](#impl-Ord-for-Ulid): every pair of ULIDs is ordered.
///
/// ```
/// use core::cmp::Ordering;
/// use ulid::Ulid;
///
/// assert_eq!(Ulid::MIN.partial_cmp(&Ulid::MAX), Some(Ordering::Less));
/// ```
impl PartialOrd for Ulid {
    #[inline]
    fn partial_cmp(&self, other: &Ulid) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// [`Ulid::to_bytes`].
///
/// ```
/// assert_eq!(<[u8; 16]>::from(ulid::Ulid::MIN), [0; 16]);
/// ```
impl From<Ulid> for [u8; 16] {
    fn from(id: Ulid) -> [u8; 16] {
        id.to_bytes()
    }
}

/// [`Ulid::from_bytes`].
///
/// ```
/// assert_eq!(ulid::Ulid::from([0xFF; 16]), ulid::Ulid::MAX);
/// ```
impl From<[u8; 16]> for Ulid {
    fn from(bytes: [u8; 16]) -> Ulid {
        Ulid::from_bytes(bytes)
    }
}

/// Exactly 16 bytes, as [`Ulid::from_bytes`] takes them.
///
/// # Errors
///
/// [`Error::ByteLength`] for any other length.
///
/// # Examples
///
/// ```
/// use ulid::Error;
///
/// let bytes = ulid::Ulid::MAX.to_bytes();
/// assert_eq!(ulid::Ulid::try_from(&bytes[..]), Ok(ulid::Ulid::MAX));
/// assert_eq!(ulid::Ulid::try_from(&bytes[1..]), Err(Error::ByteLength { found: 15 }));
/// ```
impl TryFrom<&[u8]> for Ulid {
    type Error = Error;

    fn try_from(bytes: &[u8]) -> Result<Ulid, Error> {
        <[u8; 16]>::try_from(bytes)
            .map(Ulid::from_bytes)
            .map_err(|_| Error::ByteLength { found: bytes.len() })
    }
}

/// The date-time features' view of Ulid: the timestamps it holds, and the smallest and the
/// largest id of one.
#[cfg(any(feature = "chrono", feature = "time", feature = "jiff"))]
pub(crate) const DATE_TIMES: id_text::date_time::DateTimes<Ulid> = id_text::date_time::DateTimes {
    timestamps: id_text::date_time::Timestamps::milliseconds("a ULID", 0, Ulid::MAX_TIMESTAMP_MS),
    min: |timestamp| Ulid::min_at_ms(timestamp).ok(),
    max: |timestamp| Ulid::max_at_ms(timestamp).ok(),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_field_limits_are_those_of_the_specification() {
        assert_eq!(Ulid::MAX_TIMESTAMP_MS, 281_474_976_710_655);
        assert_eq!(Ulid::MAX_RANDOM, 1_208_925_819_614_629_174_706_175);
        assert_eq!(
            Ulid::from_parts(Ulid::MAX_TIMESTAMP_MS, Ulid::MAX_RANDOM),
            Ok(Ulid([0xFF; 16]))
        );
    }

    #[test]
    fn nil_and_max_are_the_extremes_of_the_parts() {
        assert_eq!(Ulid::from_parts(0, 0), Ok(Ulid::MIN));
        assert_eq!(
            Ulid::from_parts(Ulid::MAX_TIMESTAMP_MS, Ulid::MAX_RANDOM),
            Ok(Ulid::MAX)
        );
        assert!(Ulid::MIN < Ulid::MAX);
        assert_eq!(Ulid::default(), Ulid::MIN);
    }
}
