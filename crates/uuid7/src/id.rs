//! [`Uuid7`]: the 128-bit value, its constants, its fields and its conversions.

use crate::Error;

/// Bits of the counter: 12 in `rand_a`, 62 in `rand_b`.
pub(crate) const COUNTER_BITS: u32 = 74;
/// `rand_b`: the low 62 bits of the value and of the counter.
const RAND_B_BITS: u32 = 62;
const RAND_B_MASK: u128 = (1 << RAND_B_BITS) - 1;
/// `rand_a`: 12 bits, just below the version field.
const RAND_A_BITS: u32 = 12;
const RAND_A_SHIFT: u32 = 64;
const RAND_A_MASK: u128 = (1 << RAND_A_BITS) - 1;
const VERSION_SHIFT: u32 = 76;
const VARIANT_SHIFT: u32 = 62;
const TIMESTAMP_SHIFT: u32 = 80;
/// Version 7 and variant `0b10`, in place.
const VERSION_AND_VARIANT: u128 = (0x7 << VERSION_SHIFT) | (0b10 << VARIANT_SHIFT);

/// A UUID of version 7 and variant `0b10` (RFC 9562): a 48-bit millisecond timestamp and a
/// 74-bit counter.
///
/// The value is 16 big-endian bytes, aligned to 1 as `uuid::Uuid`'s; its order is the order of
/// the 128-bit integer, of the bytes, of the text, and of the `(timestamp_ms, counter)` pair.
/// Every value of this type has version 7 and variant `0b10`: the constructors check them.
///
/// `Debug` shows the text form, `Display` writes it (without allocating), and `FromStr` reads
/// it back (see [`FromStr`](#impl-FromStr-for-Uuid7)). Since every value is a UUIDv7,
/// [`MIN`](Self::MIN) and [`MAX`](Self::MAX) are the smallest and largest UUIDv7s, not the
/// Nil and Max UUIDs of RFC 9562 (all zeros and all ones), which have no version 7.
///
/// # Examples
///
/// ```
/// use uuid7::Uuid7;
///
/// // The example of RFC 9562, Appendix A.6.
/// let id: Uuid7 = "017F22E2-79B0-7CC3-98C4-DC0C0C07398F".parse()?;
/// assert_eq!(id.timestamp_ms(), 0x017F_22E2_79B0);
/// assert_eq!(id.counter(), (0xCC3 << 62) | 0x18C4_DC0C_0C07_398F);
/// assert_eq!(id.to_string(), "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
/// assert_eq!(format!("{id:?}"), "Uuid7(017f22e2-79b0-7cc3-98c4-dc0c0c07398f)");
/// assert_eq!(Uuid7::from_parts(id.timestamp_ms(), id.counter()), Ok(id));
/// # Ok::<(), uuid7::ParseError>(())
/// ```
///
/// # Layout
///
/// 16 big-endian bytes of alignment 1, as `uuid::Uuid`: `(Uuid7, u8)` takes 17 bytes, and
/// [`as_bytes`](Self::as_bytes) borrows the bytes in place. With the feature `bytemuck` or
/// `zerocopy`, ids cast to bytes in place; bytes become ids through
/// [`from_bytes`](Self::from_bytes) or `TryFrom<&[u8]>`, which check the version and variant
/// (not every 16 bytes are a UUIDv7):
///
/// ```
/// use uuid7::Uuid7;
///
/// assert_eq!((size_of::<(Uuid7, u8)>(), align_of::<Uuid7>()), (17, 1));
/// # #[cfg(feature = "bytemuck")] {
/// let ids = [Uuid7::MIN, Uuid7::MAX];
/// let bytes: &[u8] = bytemuck::cast_slice(&ids);
/// assert_eq!((bytes[6], bytes[8], bytes[16]), (0x70, 0x80, 0xFF));
/// assert_eq!(Uuid7::try_from(&bytes[16..]), Ok(Uuid7::MAX));
/// # }
/// # #[cfg(feature = "zerocopy")] {
/// use zerocopy::IntoBytes;
///
/// assert_eq!(IntoBytes::as_bytes(&Uuid7::MAX), Uuid7::MAX.as_bytes());
/// # }
/// ```
// `[u8; 16]`, big-endian, as `uuid::Uuid` holds its value: alignment 1 (`(Uuid7, u8)` is 17 bytes,
// not 32 as with a `u128` field), `as_bytes` without a copy, and casts to bytes (features
// `bytemuck`, `zerocopy`). A `u128` field sorts a little faster than bytes compared byte by byte;
// compared as the big-endian integer they hold (the `Ord` below), bytes sort and search about as
// fast (`cargo bench -p benches --bench storage` holds the figures). The rest of the cost is a
// byte swap for each half of the integer read or written, as x86-64 has no swapping store in its
// baseline: a few instructions an id in `fill`, `to_string` and `encode` (the gate's rows).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
// Only id -> bytes: not every 16 bytes have version 7 and variant `0b10`, and bytemuck's
// `CheckedBitPattern`, the trait for bytes -> id with a check, is an `unsafe trait`.
#[cfg_attr(feature = "bytemuck", derive(bytemuck::NoUninit))]
#[cfg_attr(
    feature = "zerocopy",
    derive(
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
pub struct Uuid7([u8; 16]);

impl Uuid7 {
    /// The smallest UUIDv7: timestamp 0 and counter 0, with version 7 and variant `0b10`,
    /// `00000000-0000-7000-8000-000000000000`.
    ///
    /// This is not the Nil UUID of RFC 9562 (all 128 bits zero), which has no version 7 and
    /// is not a `Uuid7`.
    ///
    /// ```
    /// use uuid7::Uuid7;
    ///
    /// assert_eq!(Uuid7::MIN.to_string(), "00000000-0000-7000-8000-000000000000");
    /// assert_eq!(Uuid7::from_parts(0, 0), Ok(Uuid7::MIN));
    /// assert_eq!(Uuid7::default(), Uuid7::MIN);
    /// ```
    pub const MIN: Uuid7 = Uuid7(VERSION_AND_VARIANT.to_be_bytes());

    /// The largest UUIDv7: every timestamp and counter bit one, with version 7 and variant
    /// `0b10`, `ffffffff-ffff-7fff-bfff-ffffffffffff`.
    ///
    /// This is not the Max UUID of RFC 9562 (all 128 bits one), which has no version 7 and is
    /// not a `Uuid7`.
    ///
    /// ```
    /// use uuid7::Uuid7;
    ///
    /// assert_eq!(Uuid7::MAX.to_string(), "ffffffff-ffff-7fff-bfff-ffffffffffff");
    /// assert_eq!(Uuid7::from_parts(Uuid7::MAX_TIMESTAMP_MS, Uuid7::MAX_COUNTER), Ok(Uuid7::MAX));
    /// ```
    pub const MAX: Uuid7 = Uuid7(
        (((Self::MAX_TIMESTAMP_MS as u128) << TIMESTAMP_SHIFT)
            | VERSION_AND_VARIANT
            | (RAND_A_MASK << RAND_A_SHIFT)
            | RAND_B_MASK)
            .to_be_bytes(),
    );

    /// The length of the text, in characters (all ASCII, so also in bytes): 36.
    ///
    /// ```
    /// use uuid7::Uuid7;
    ///
    /// assert_eq!(Uuid7::TEXT_LEN, 36);
    /// assert_eq!(Uuid7::MAX.to_string().len(), Uuid7::TEXT_LEN);
    /// ```
    pub const TEXT_LEN: usize = 36;

    /// The largest timestamp, `2^48 - 1` milliseconds since the Unix epoch (in the year
    /// 10889).
    ///
    /// ```
    /// assert_eq!(uuid7::Uuid7::MAX_TIMESTAMP_MS, 281_474_976_710_655);
    /// ```
    pub const MAX_TIMESTAMP_MS: u64 = (1 << 48) - 1;

    /// The largest counter, `2^74 - 1`.
    ///
    /// ```
    /// assert_eq!(uuid7::Uuid7::MAX_COUNTER, (1 << 74) - 1);
    /// ```
    pub const MAX_COUNTER: u128 = (1 << COUNTER_BITS) - 1;

    /// The UUID with this timestamp and counter: counter bits 73 to 62 go to `rand_a`, bits
    /// 61 to 0 to `rand_b`.
    ///
    /// # Errors
    ///
    /// [`Error::TimestampOutOfRange`] above [`MAX_TIMESTAMP_MS`](Self::MAX_TIMESTAMP_MS),
    /// [`Error::CounterOutOfRange`] above [`MAX_COUNTER`](Self::MAX_COUNTER).
    ///
    /// # Examples
    ///
    /// ```
    /// use uuid7::{Error, Uuid7};
    ///
    /// let id = Uuid7::from_parts(1_645_557_742_000, 0)?;
    /// assert_eq!(id.to_string(), "017f22e2-79b0-7000-8000-000000000000");
    /// let id = Uuid7::from_parts(1_645_557_742_000, Uuid7::MAX_COUNTER)?;
    /// assert_eq!(id.to_string(), "017f22e2-79b0-7fff-bfff-ffffffffffff");
    ///
    /// assert_eq!(
    ///     Uuid7::from_parts(0, 1 << 74),
    ///     Err(Error::CounterOutOfRange { value: 1 << 74, max: Uuid7::MAX_COUNTER })
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    pub const fn from_parts(timestamp_ms: u64, counter: u128) -> Result<Uuid7, Error> {
        if timestamp_ms > Self::MAX_TIMESTAMP_MS {
            return Err(Error::TimestampOutOfRange {
                value: timestamp_ms,
                max: Self::MAX_TIMESTAMP_MS,
            });
        }
        if counter > Self::MAX_COUNTER {
            return Err(Error::CounterOutOfRange {
                value: counter,
                max: Self::MAX_COUNTER,
            });
        }
        Ok(Self::compose(timestamp_ms, counter))
    }

    /// The UUID of fields that the caller has checked: counter bits 73 to 62 go to `rand_a`,
    /// bits 61 to 0 to `rand_b`.
    const fn compose(timestamp_ms: u64, counter: u128) -> Uuid7 {
        Uuid7(
            (((timestamp_ms as u128) << TIMESTAMP_SHIFT)
                | VERSION_AND_VARIANT
                | ((counter >> RAND_B_BITS) << RAND_A_SHIFT)
                | (counter & RAND_B_MASK))
                .to_be_bytes(),
        )
    }

    /// The smallest UUIDv7 of a millisecond: `timestamp_ms`, version 7, variant `0b10` and a
    /// counter of zero (every bit of `rand_a` and `rand_b` zero), the first id that generation
    /// in that millisecond can give. Pure: it needs no clock and no `generate` feature
    /// (`min_at_chrono`, `min_at_time` and `min_at_jiff` take a date-time).
    ///
    /// With [`max_at_ms`](Self::max_at_ms), the bounds of a range query: every UUIDv7 of the
    /// milliseconds `a` to `b` (both included) lies in `[min_at_ms(a), max_at_ms(b)]`, whatever
    /// made it (`WHERE id BETWEEN … AND …` on a `uuid` column, which PostgreSQL orders as these
    /// ids are ordered); a partition of one day is `[min_at_ms(day), min_at_ms(next day))`.
    ///
    /// # Errors
    ///
    /// [`Error::TimestampOutOfRange`] above [`MAX_TIMESTAMP_MS`](Self::MAX_TIMESTAMP_MS).
    ///
    /// # Examples
    ///
    /// ```
    /// use uuid7::{Error, Uuid7};
    ///
    /// // 2024-01-01T00:00:00Z: 19,723 days of 86,400,000 ms after the Unix epoch.
    /// let day = Uuid7::min_at_ms(1_704_067_200_000)?;
    /// assert_eq!(day.to_string(), "018cc251-f400-7000-8000-000000000000");
    /// assert_eq!((day.timestamp_ms(), day.counter()), (1_704_067_200_000, 0));
    /// assert_eq!(Uuid7::min_at_ms(0), Ok(Uuid7::MIN));
    /// assert_eq!(
    ///     Uuid7::min_at_ms(1 << 48),
    ///     Err(Error::TimestampOutOfRange { value: 1 << 48, max: Uuid7::MAX_TIMESTAMP_MS })
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    pub const fn min_at_ms(timestamp_ms: u64) -> Result<Uuid7, Error> {
        Uuid7::from_parts(timestamp_ms, 0)
    }

    /// The largest UUIDv7 of a millisecond: `timestamp_ms`, version 7, variant `0b10` and a
    /// counter of all ones ([`MAX_COUNTER`](Self::MAX_COUNTER): every bit of `rand_a` and
    /// `rand_b` one, around the fixed version and variant), the last id that generation in that
    /// millisecond can give; the upper bound of a range query, as
    /// [`min_at_ms`](Self::min_at_ms) is the lower.
    ///
    /// # Errors
    ///
    /// [`Error::TimestampOutOfRange`] above [`MAX_TIMESTAMP_MS`](Self::MAX_TIMESTAMP_MS).
    ///
    /// # Examples
    ///
    /// ```
    /// use uuid7::Uuid7;
    ///
    /// // Every UUIDv7 of 2024-01-01 (UTC), and no other, lies between these two.
    /// let first = Uuid7::min_at_ms(1_704_067_200_000)?;
    /// let last = Uuid7::max_at_ms(1_704_153_599_999)?;
    /// assert_eq!(last.to_string(), "018cc778-4fff-7fff-bfff-ffffffffffff");
    /// let noon = Uuid7::from_parts(1_704_110_400_000, 12_345)?;
    /// assert!((first..=last).contains(&noon));
    /// assert_eq!(Uuid7::max_at_ms(Uuid7::MAX_TIMESTAMP_MS), Ok(Uuid7::MAX));
    /// # Ok::<(), uuid7::Error>(())
    /// ```
    pub const fn max_at_ms(timestamp_ms: u64) -> Result<Uuid7, Error> {
        Uuid7::from_parts(timestamp_ms, Self::MAX_COUNTER)
    }

    /// The `unix_ts_ms` field: milliseconds since the Unix epoch.
    ///
    /// ```
    /// let id = uuid7::Uuid7::from_parts(1_700_000_000_000, 42)?;
    /// assert_eq!(id.timestamp_ms(), 1_700_000_000_000);
    /// # Ok::<(), uuid7::Error>(())
    /// ```
    #[must_use]
    pub const fn timestamp_ms(self) -> u64 {
        (self.to_u128() >> TIMESTAMP_SHIFT) as u64
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
    /// // RFC 9562, Appendix A.6: 2022-02-22T19:22:22Z.
    /// let id: uuid7::Uuid7 = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f".parse()?;
    /// assert_eq!(id.timestamp(), UNIX_EPOCH + Duration::from_secs(1_645_557_742));
    /// # Ok::<(), uuid7::ParseError>(())
    /// ```
    #[cfg(feature = "std")]
    #[must_use]
    pub fn timestamp(self) -> std::time::SystemTime {
        std::time::UNIX_EPOCH + core::time::Duration::from_millis(self.timestamp_ms())
    }

    /// The 74-bit counter: `rand_a` above `rand_b`.
    ///
    /// ```
    /// let id = uuid7::Uuid7::from_parts(1_700_000_000_000, 42)?;
    /// assert_eq!(id.counter(), 42);
    /// # Ok::<(), uuid7::Error>(())
    /// ```
    #[must_use]
    pub const fn counter(self) -> u128 {
        let value = self.to_u128();
        (((value >> RAND_A_SHIFT) & RAND_A_MASK) << RAND_B_BITS) | (value & RAND_B_MASK)
    }

    /// The 128-bit value, version and variant included.
    ///
    /// ```
    /// assert_eq!(uuid7::Uuid7::MIN.to_u128(), 0x7000_8000_0000_0000_0000);
    /// ```
    #[must_use]
    pub const fn to_u128(self) -> u128 {
        u128::from_be_bytes(self.0)
    }

    /// The UUID of a 128-bit value.
    ///
    /// # Errors
    ///
    /// [`Error::Version`] if the version field is not 7, [`Error::Variant`] if the variant is
    /// not `0b10`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uuid7::{Error, Uuid7};
    ///
    /// let id = Uuid7::from_u128(0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F)?;
    /// assert_eq!(id.timestamp_ms(), 1_645_557_742_000);
    /// assert_eq!(
    ///     Uuid7::from_u128(0x017F22E2_79B0_7CC3_F8C4_DC0C0C07398F),
    ///     Err(Error::Variant { found: 0b11 })
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    pub const fn from_u128(value: u128) -> Result<Uuid7, Error> {
        if version(value) != 7 {
            return Err(Error::Version {
                found: version(value),
            });
        }
        if variant(value) != 0b10 {
            return Err(Error::Variant {
                found: variant(value),
            });
        }
        Ok(Uuid7(value.to_be_bytes()))
    }

    /// The RFC 9562 UUIDv7 of a ULID, given as its 128-bit value (`ulid::Ulid::to_u128`; format
    /// crates do not depend on each other): the same 48-bit timestamp, version 7, variant
    /// `0b10`, and as the 74-bit counter the top 12 and the low 62 of the ULID's 80 random
    /// bits. The 6 bits between them (bits 67 to 62 of the ULID) are dropped: that is the
    /// price of the two fixed fields, and the same rule as python-ulid's
    /// `ULID.to_uuid7(compliant=True)`.
    ///
    /// Lossy: the ULID cannot be recovered from the result, and ULIDs that differ only in
    /// those 6 bits give the same UUIDv7. Order is kept: of two ULIDs in order, the UUIDv7s are
    /// in the same order or equal. The lossless way is to keep the 128 bits as they are
    /// (`uuid::Uuid::from(ulid)`, or `ulid::Ulid::from_u128(uuid.as_u128())` back), which is
    /// what storing a ULID in a `uuid` column does; those bits are a UUID, but a UUIDv7 only by
    /// chance (1 in 64).
    ///
    /// Every 128-bit value is a ULID, so this never fails.
    ///
    /// # Examples
    ///
    /// ```
    /// use uuid7::Uuid7;
    ///
    /// // 01ARZ3NDEKTSV4RRFFQ69G5FAV, the ULID specification's example.
    /// let ulid: u128 = 0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B;
    /// let id = Uuid7::from_ulid_compliant(ulid);
    /// assert_eq!(id.to_string(), "01563e3a-b5d3-7d67-8c61-efb99302bd5b");
    /// assert_eq!(id.timestamp_ms(), 1_469_922_850_259);
    /// // The counter: the random part's top 12 bits (0xD67), then its low 62.
    /// let random = ulid & ((1 << 80) - 1);
    /// assert_eq!(id.counter(), ((random >> 68) << 62) | (random & ((1 << 62) - 1)));
    /// ```
    #[must_use]
    pub const fn from_ulid_compliant(ulid: u128) -> Uuid7 {
        // A ULID: 48 bits of milliseconds above 80 random bits.
        const ULID_RANDOM_BITS: u32 = 80;
        let random = ulid & ((1 << ULID_RANDOM_BITS) - 1);
        let top_12 = random >> (ULID_RANDOM_BITS - RAND_A_BITS);
        let counter = (top_12 << RAND_B_BITS) | (random & RAND_B_MASK);
        // 48 bits of milliseconds and 74 of counter: in range by construction.
        Self::compose((ulid >> ULID_RANDOM_BITS) as u64, counter)
    }

    /// The UUIDv7 of the 122 bits of `value` outside the version and variant fields, which are
    /// set to 7 and `0b10`: every value is one.
    #[cfg(feature = "arbitrary")]
    pub(crate) const fn with_version_and_variant(value: u128) -> Uuid7 {
        const FIXED: u128 = (0xF << VERSION_SHIFT) | (0b11 << VARIANT_SHIFT);
        Uuid7(((value & !FIXED) | VERSION_AND_VARIANT).to_be_bytes())
    }

    /// The 16 bytes, most significant first (the order of RFC 9562).
    ///
    /// ```
    /// let id: uuid7::Uuid7 = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f".parse()?;
    /// assert_eq!(id.to_bytes()[..6], [0x01, 0x7f, 0x22, 0xe2, 0x79, 0xb0]);
    /// # Ok::<(), uuid7::ParseError>(())
    /// ```
    #[must_use]
    pub const fn to_bytes(self) -> [u8; 16] {
        self.0
    }

    /// The 16 bytes in place, as [`to_bytes`](Self::to_bytes) returns them: for an API that
    /// borrows bytes, without a copy.
    ///
    /// ```
    /// let id: uuid7::Uuid7 = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f".parse()?;
    /// assert_eq!(id.as_bytes()[..6], [0x01, 0x7f, 0x22, 0xe2, 0x79, 0xb0]);
    /// assert_eq!(id.as_bytes(), &id.to_bytes());
    /// # Ok::<(), uuid7::ParseError>(())
    /// ```
    #[must_use]
    pub const fn as_bytes(&self) -> &[u8; 16] {
        &self.0
    }

    /// The UUID of 16 bytes, most significant first.
    ///
    /// # Errors
    ///
    /// As [`from_u128`](Self::from_u128): the version must be 7 and the variant `0b10`.
    ///
    /// # Examples
    ///
    /// ```
    /// use uuid7::{Error, Uuid7};
    ///
    /// let id: Uuid7 = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f".parse()?;
    /// assert_eq!(Uuid7::from_bytes(id.to_bytes()), Ok(id));
    /// assert_eq!(Uuid7::from_bytes([0; 16]), Err(Error::Version { found: 0 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn from_bytes(bytes: [u8; 16]) -> Result<Uuid7, Error> {
        Self::from_u128(u128::from_be_bytes(bytes))
    }
}

impl Uuid7 {
    /// The id of bytes whose version and variant the caller has checked (in the text they
    /// were decoded from): taken as they are, so that bytes a decoder stored at once are
    /// copied at once, never split to be checked.
    #[inline]
    pub(crate) const fn from_checked_bytes(bytes: [u8; 16]) -> Uuid7 {
        debug_assert!(Uuid7::from_bytes(bytes).is_ok(), "version 7, variant 0b10");
        Uuid7(bytes)
    }
}

/// The version field of any 128-bit UUID.
pub(crate) const fn version(value: u128) -> u8 {
    ((value >> VERSION_SHIFT) & 0xF) as u8
}

/// The two variant bits of any 128-bit UUID.
pub(crate) const fn variant(value: u128) -> u8 {
    ((value >> VARIANT_SHIFT) & 0b11) as u8
}

/// [`Uuid7::MIN`], the smallest UUIDv7.
///
/// ```
/// assert_eq!(uuid7::Uuid7::default(), uuid7::Uuid7::MIN);
/// ```
impl Default for Uuid7 {
    fn default() -> Self {
        Uuid7::MIN
    }
}

/// As [`Uuid7::from_u128`].
///
/// ```
/// use uuid7::{Error, Uuid7};
///
/// assert!(Uuid7::try_from(0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F_u128).is_ok());
/// assert_eq!(Uuid7::try_from(0u128), Err(Error::Version { found: 0 }));
/// ```
impl TryFrom<u128> for Uuid7 {
    type Error = Error;

    fn try_from(value: u128) -> Result<Self, Self::Error> {
        Self::from_u128(value)
    }
}

/// Exactly 16 bytes, big-endian, of a UUID of version 7 and variant `0b10`.
///
/// # Errors
///
/// [`Error::ByteLength`] for any other length, and the errors of [`Uuid7::from_bytes`].
///
/// # Examples
///
/// ```
/// use uuid7::Error;
///
/// let bytes = uuid7::Uuid7::MAX.to_bytes();
/// assert_eq!(uuid7::Uuid7::try_from(&bytes[..]), Ok(uuid7::Uuid7::MAX));
/// assert_eq!(uuid7::Uuid7::try_from(&bytes[..15]), Err(Error::ByteLength { found: 15 }));
/// assert_eq!(uuid7::Uuid7::try_from(&[0u8; 16][..]), Err(Error::Version { found: 0 }));
/// ```
impl TryFrom<&[u8]> for Uuid7 {
    type Error = Error;

    fn try_from(bytes: &[u8]) -> Result<Uuid7, Error> {
        let bytes =
            <[u8; 16]>::try_from(bytes).map_err(|_| Error::ByteLength { found: bytes.len() })?;
        Uuid7::from_bytes(bytes)
    }
}

/// As [`Uuid7::to_u128`].
///
/// ```
/// let id = uuid7::Uuid7::MAX;
/// assert_eq!(u128::from(id), id.to_u128());
/// ```
impl From<Uuid7> for u128 {
    fn from(id: Uuid7) -> Self {
        id.to_u128()
    }
}

/// The order of the 128-bit integer, which is also the order of the big-endian bytes, of the
/// text, and of the `(timestamp_ms, counter)` pair.
///
/// ```
/// use uuid7::Uuid7;
///
/// let earlier = Uuid7::from_parts(1, Uuid7::MAX_COUNTER)?;
/// let later = Uuid7::from_parts(2, 0)?;
/// assert!(earlier < later);
/// assert!(earlier.to_string() < later.to_string());
/// # Ok::<(), uuid7::Error>(())
/// ```
impl Ord for Uuid7 {
    // One comparison of two integers, not 16 of bytes: the same order, since the bytes are
    // big-endian.
    #[inline]
    fn cmp(&self, other: &Uuid7) -> core::cmp::Ordering {
        self.to_u128().cmp(&other.to_u128())
    }
}

/// As [`Ord`](#impl-Ord-for-Uuid7): every pair of UUIDv7s is ordered.
///
/// ```
/// use core::cmp::Ordering;
/// use uuid7::Uuid7;
///
/// assert_eq!(Uuid7::MIN.partial_cmp(&Uuid7::MAX), Some(Ordering::Less));
/// ```
impl PartialOrd for Uuid7 {
    #[inline]
    fn partial_cmp(&self, other: &Uuid7) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// The date-time features' view of Uuid7: the timestamps it holds, and the smallest and the
/// largest id of one.
#[cfg(any(feature = "chrono", feature = "time", feature = "jiff"))]
pub(crate) const DATE_TIMES: id_text::date_time::DateTimes<Uuid7> = id_text::date_time::DateTimes {
    timestamps: id_text::date_time::Timestamps::milliseconds(
        "a UUIDv7",
        0,
        Uuid7::MAX_TIMESTAMP_MS,
    ),
    min: |timestamp| Uuid7::min_at_ms(timestamp).ok(),
    max: |timestamp| Uuid7::max_at_ms(timestamp).ok(),
};

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2024::*;

    #[test]
    fn fields_land_where_rfc_9562_puts_them() {
        let id =
            Uuid7::from_parts(0xABCD_EF01_2345, (0xFED << 62) | 0x3123_4567_89AB_CDEF).unwrap();
        let bytes = id.to_bytes();
        assert_eq!(bytes[..6], [0xAB, 0xCD, 0xEF, 0x01, 0x23, 0x45]);
        // ver 0111, then rand_a.
        assert_eq!(u16::from_be_bytes([bytes[6], bytes[7]]), 0x7FED);
        // var 10, then rand_b.
        assert_eq!(
            u64::from_be_bytes(bytes[8..].try_into().unwrap()),
            0x8000_0000_0000_0000 | 0x3123_4567_89AB_CDEF
        );
    }

    #[test]
    fn a_carry_out_of_rand_b_goes_into_rand_a() {
        let below = Uuid7::from_parts(7, RAND_B_MASK).unwrap();
        let above = Uuid7::from_parts(7, RAND_B_MASK + 1).unwrap();
        assert!(below < above);
        assert_eq!(above.to_u128() - below.to_u128(), (1 << 64) - RAND_B_MASK);
        assert_eq!(above.counter(), 1 << 62);
    }

    #[test]
    fn every_version_but_7_and_every_variant_but_0b10_is_refused() {
        let base = Uuid7::from_parts(1, 2).unwrap().to_u128();
        let fields = [(VERSION_SHIFT, 0xF, 7), (VARIANT_SHIFT, 0b11, 0b10)];
        for (shift, mask, valid) in fields {
            for field in 0..=mask {
                let value = (base & !(u128::from(mask) << shift)) | (u128::from(field) << shift);
                let expected = if field == valid {
                    Ok(Uuid7(value.to_be_bytes()))
                } else if shift == VERSION_SHIFT {
                    Err(Error::Version { found: field })
                } else {
                    Err(Error::Variant { found: field })
                };
                assert_eq!(
                    Uuid7::from_u128(value),
                    expected,
                    "{field:#b} at bit {shift}"
                );
            }
        }
    }

    #[test]
    fn nil_and_max_are_the_extremes_of_the_parts() {
        assert_eq!(Uuid7::from_parts(0, 0), Ok(Uuid7::MIN));
        assert_eq!(
            Uuid7::from_parts(Uuid7::MAX_TIMESTAMP_MS, Uuid7::MAX_COUNTER),
            Ok(Uuid7::MAX)
        );
        assert_eq!(Uuid7::from_bytes(Uuid7::MIN.0), Ok(Uuid7::MIN));
        assert_eq!(Uuid7::from_bytes(Uuid7::MAX.0), Ok(Uuid7::MAX));
        assert_eq!(
            (Uuid7::MAX.timestamp_ms(), Uuid7::MAX.counter()),
            (Uuid7::MAX_TIMESTAMP_MS, Uuid7::MAX_COUNTER)
        );
        assert_eq!(Uuid7::default(), Uuid7::MIN);
    }

    #[test]
    fn the_range_errors_state_the_maximum() {
        assert_eq!(
            Error::TimestampOutOfRange {
                value: 1 << 48,
                max: Uuid7::MAX_TIMESTAMP_MS
            }
            .to_string(),
            format!(
                "timestamp_ms {} is out of range: a UUIDv7 holds 0 to {} (48 bits)",
                1u64 << 48,
                Uuid7::MAX_TIMESTAMP_MS
            )
        );
        assert_eq!(
            Error::CounterOutOfRange {
                value: 1 << 74,
                max: Uuid7::MAX_COUNTER
            }
            .to_string(),
            format!(
                "counter {} is out of range: a UUIDv7 holds 0 to {} (74 bits)",
                1u128 << 74,
                Uuid7::MAX_COUNTER
            )
        );
    }
}
