//! [`SnowflakeId`]: the bit layout, its constants, its fields, and the integers it converts
//! to and from.

use crate::Error;

/// The Unix time, in milliseconds, of 2024-01-01T00:00:00Z: the instant whose timestamp field
/// is 0.
///
/// ```
/// use snowflake::{EPOCH_MS, SnowflakeId};
///
/// let first = SnowflakeId::from_parts(EPOCH_MS, 0, 0)?;
/// assert_eq!(first.to_u64(), 0);
/// # Ok::<(), snowflake::Error>(())
/// ```
pub const EPOCH_MS: u64 = 1_704_067_200_000;

/// Where the worker id starts: above the sequence.
const WORKER_ID_SHIFT: u32 = SnowflakeId::SEQUENCE_BITS;
/// Where the timestamp starts: above the worker id and the sequence.
const TIMESTAMP_SHIFT: u32 = SnowflakeId::WORKER_ID_BITS + SnowflakeId::SEQUENCE_BITS;

/// The first integer that is not an id: the top bit of a `u64` is always 0.
const ID_LIMIT: u64 = 1 << (SnowflakeId::TIMESTAMP_BITS + TIMESTAMP_SHIFT);

/// A Snowflake id: a 63-bit integer made of 41 bits of milliseconds since [`EPOCH_MS`], a
/// 10-bit worker id and a 12-bit sequence.
///
/// The order is the integer order, which is the order of `(timestamp, worker id, sequence)`.
/// Every value holds an integer below 2^63, so it converts to an `i64` without loss, and
/// every such integer is an id, from [`MIN`](Self::MIN) to [`MAX`](Self::MAX). `Display`
/// writes the decimal integer; `FromStr` reads it back and nothing else (see
/// [`ParseError`](crate::ParseError)).
///
/// # Examples
///
/// ```
/// use snowflake::SnowflakeId;
///
/// // 2024-01-01T00:00:01.000Z, worker 1, sequence 2: (1000 << 22) | (1 << 12) | 2.
/// let id = SnowflakeId::from_parts(1_704_067_201_000, 1, 2)?;
/// assert_eq!(id.to_u64(), 4_194_308_098);
/// assert_eq!(id.to_string(), "4194308098");
/// assert_eq!(format!("{id:?}"), "SnowflakeId(4194308098)");
/// assert_eq!("4194308098".parse(), Ok(id));
/// assert_eq!((id.timestamp_ms(), id.worker_id(), id.sequence()), (1_704_067_201_000, 1, 2));
/// # Ok::<(), snowflake::Error>(())
/// ```
///
/// # Layout
///
/// A `u64`, `#[repr(transparent)]`. With the feature `bytemuck` or `zerocopy`, ids cast to the
/// bytes of their integers in place (native byte order); integers become ids through
/// `TryFrom<u64>`, which checks the range (not every `u64` is below 2^63):
///
/// ```
/// use snowflake::SnowflakeId;
///
/// let id = SnowflakeId::try_from(4_194_308_098u64)?;
/// # #[cfg(feature = "bytemuck")] {
/// assert_eq!(bytemuck::bytes_of(&id), 4_194_308_098u64.to_ne_bytes());
/// let ids = [SnowflakeId::MIN, id];
/// assert_eq!(bytemuck::cast_slice::<SnowflakeId, u64>(&ids), [0, 4_194_308_098]);
/// # }
/// # #[cfg(feature = "zerocopy")] {
/// use zerocopy::IntoBytes;
///
/// assert_eq!(id.as_bytes(), 4_194_308_098u64.to_ne_bytes());
/// # }
/// # Ok::<(), snowflake::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
// Only id -> bytes: not every `u64` is below 2^63, and bytemuck's `CheckedBitPattern`, the
// trait for bytes -> id with a check, is an `unsafe trait`.
#[cfg_attr(feature = "bytemuck", derive(bytemuck::NoUninit))]
#[cfg_attr(
    feature = "zerocopy",
    derive(zerocopy::IntoBytes, zerocopy::Immutable, zerocopy::KnownLayout)
)]
#[cfg_attr(
    any(
        feature = "diesel-postgres",
        feature = "diesel-sqlite",
        feature = "diesel-mysql"
    ),
    derive(diesel::expression::AsExpression, diesel::deserialize::FromSqlRow),
    diesel(sql_type = diesel::sql_types::BigInt)
)]
#[repr(transparent)]
pub struct SnowflakeId(u64);

impl SnowflakeId {
    /// The smallest id, the integer 0: the first millisecond of 2024 ([`EPOCH_MS`]), worker
    /// 0, sequence 0.
    ///
    /// ```
    /// use snowflake::{EPOCH_MS, SnowflakeId};
    ///
    /// assert_eq!(SnowflakeId::MIN.to_u64(), 0);
    /// assert_eq!(SnowflakeId::MIN.timestamp_ms(), EPOCH_MS);
    /// assert_eq!(SnowflakeId::default(), SnowflakeId::MIN);
    /// ```
    pub const MIN: SnowflakeId = SnowflakeId(0);

    /// The largest id, `2^63 - 1`: the last millisecond of the range, worker 1023, sequence
    /// 4095.
    ///
    /// ```
    /// use snowflake::SnowflakeId;
    ///
    /// assert_eq!(SnowflakeId::MAX.to_u64(), (1 << 63) - 1);
    /// assert_eq!(i64::from(SnowflakeId::MAX), i64::MAX);
    /// assert_eq!(SnowflakeId::MAX.timestamp_ms(), SnowflakeId::MAX_TIMESTAMP_MS);
    /// ```
    pub const MAX: SnowflakeId = SnowflakeId(ID_LIMIT - 1);

    /// The length of the longest text, in characters: 19, the digits of `2^63 - 1`, and the
    /// size of the buffer [`encode`](Self::encode) writes into. The text has no leading
    /// zeros, so smaller ids have shorter texts.
    ///
    /// ```
    /// use snowflake::SnowflakeId;
    ///
    /// assert_eq!(SnowflakeId::TEXT_LEN, 19);
    /// assert_eq!(SnowflakeId::MAX.to_string().len(), SnowflakeId::TEXT_LEN);
    /// assert_eq!(SnowflakeId::MIN.to_string().len(), 1);
    /// ```
    pub const TEXT_LEN: usize = 19;

    /// The width of the timestamp field, in bits: 41, the milliseconds since [`EPOCH_MS`],
    /// below the top bit (always 0) and above the worker id and the sequence.
    ///
    /// ```
    /// use snowflake::{EPOCH_MS, SnowflakeId};
    ///
    /// // The layout of the crate documentation: 1 zero bit, then 41, 10 and 12 bits.
    /// assert_eq!(SnowflakeId::TIMESTAMP_BITS, 41);
    /// assert_eq!(
    ///     1 + SnowflakeId::TIMESTAMP_BITS + SnowflakeId::WORKER_ID_BITS + SnowflakeId::SEQUENCE_BITS,
    ///     u64::BITS
    /// );
    /// // The field counts from 0 at EPOCH_MS to its last value at MAX_TIMESTAMP_MS.
    /// let last = SnowflakeId::from_parts(SnowflakeId::MAX_TIMESTAMP_MS, 0, 0)?;
    /// assert_eq!(last.to_u64() >> 22, (1 << 41) - 1);
    /// assert_eq!(SnowflakeId::MAX_TIMESTAMP_MS - EPOCH_MS, (1 << 41) - 1);
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    pub const TIMESTAMP_BITS: u32 = 41;

    /// The width of the worker id field, in bits: 10, the bits 12 to 21, between the
    /// timestamp and the sequence.
    ///
    /// ```
    /// use snowflake::{EPOCH_MS, SnowflakeId};
    ///
    /// // The layout of the crate documentation: worker id (10) at bits 21 to 12.
    /// assert_eq!(SnowflakeId::WORKER_ID_BITS, 10);
    /// assert_eq!(SnowflakeId::MAX_WORKER_ID, 1023);
    /// let worker = SnowflakeId::from_parts(EPOCH_MS, 1023, 0)?;
    /// assert_eq!(worker.to_u64(), 0b11_1111_1111 << 12);
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    pub const WORKER_ID_BITS: u32 = 10;

    /// The width of the sequence field, the counter within one millisecond, in bits: 12,
    /// the low bits 0 to 11.
    ///
    /// ```
    /// use snowflake::{EPOCH_MS, SnowflakeId};
    ///
    /// // The layout of the crate documentation: sequence (12) at bits 11 to 0.
    /// assert_eq!(SnowflakeId::SEQUENCE_BITS, 12);
    /// assert_eq!(SnowflakeId::MAX_SEQUENCE, 4095);
    /// let sequence = SnowflakeId::from_parts(EPOCH_MS, 0, 4095)?;
    /// assert_eq!(sequence.to_u64(), 0xfff);
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    pub const SEQUENCE_BITS: u32 = 12;

    /// The largest timestamp, `EPOCH_MS + 2^41 - 1` ms since the Unix epoch:
    /// 2093-09-06T15:47:35.551Z. The smallest is [`EPOCH_MS`].
    ///
    /// ```
    /// use snowflake::{EPOCH_MS, SnowflakeId};
    ///
    /// assert_eq!(SnowflakeId::MAX_TIMESTAMP_MS, 3_903_090_455_551);
    /// assert_eq!(SnowflakeId::MAX_TIMESTAMP_MS - EPOCH_MS, (1 << 41) - 1);
    /// ```
    pub const MAX_TIMESTAMP_MS: u64 = EPOCH_MS + (1 << Self::TIMESTAMP_BITS) - 1;

    /// The largest worker id, `2^10 - 1`.
    ///
    /// ```
    /// assert_eq!(snowflake::SnowflakeId::MAX_WORKER_ID, 1023);
    /// ```
    pub const MAX_WORKER_ID: u16 = (1 << Self::WORKER_ID_BITS) - 1;

    /// The largest sequence (the counter within one millisecond), `2^12 - 1`.
    ///
    /// ```
    /// assert_eq!(snowflake::SnowflakeId::MAX_SEQUENCE, 4095);
    /// ```
    pub const MAX_SEQUENCE: u16 = (1 << Self::SEQUENCE_BITS) - 1;

    /// The id of a timestamp in Unix milliseconds, a worker id and a sequence.
    ///
    /// # Errors
    ///
    /// [`Error::TimestampOutOfRange`] unless `EPOCH_MS <= timestamp_ms <=
    /// MAX_TIMESTAMP_MS`, [`Error::WorkerIdOutOfRange`] above
    /// [`MAX_WORKER_ID`](Self::MAX_WORKER_ID), [`Error::SequenceOutOfRange`] above
    /// [`MAX_SEQUENCE`](Self::MAX_SEQUENCE); checked in that order, and nothing else.
    ///
    /// # Examples
    ///
    /// ```
    /// use snowflake::{EPOCH_MS, Error, SnowflakeId};
    ///
    /// let last = SnowflakeId::from_parts(EPOCH_MS + (1 << 41) - 1, 1023, 4095)?;
    /// assert_eq!(last.to_u64(), (1 << 63) - 1);
    ///
    /// assert_eq!(
    ///     SnowflakeId::from_parts(EPOCH_MS, 1024, 0),
    ///     Err(Error::WorkerIdOutOfRange { value: 1024, max: 1023 })
    /// );
    /// assert!(matches!(
    ///     SnowflakeId::from_parts(EPOCH_MS - 1, 0, 0),
    ///     Err(Error::TimestampOutOfRange { value, .. }) if value == EPOCH_MS - 1
    /// ));
    /// # Ok::<(), Error>(())
    /// ```
    pub const fn from_parts(
        timestamp_ms: u64,
        worker_id: u16,
        sequence: u16,
    ) -> Result<SnowflakeId, Error> {
        if let Err(error) = check_timestamp_ms(timestamp_ms) {
            return Err(error);
        }
        if let Err(error) = check_worker_id(worker_id) {
            return Err(error);
        }
        if sequence > Self::MAX_SEQUENCE {
            return Err(Error::SequenceOutOfRange {
                value: sequence,
                max: Self::MAX_SEQUENCE,
            });
        }
        Ok(Self::compose(timestamp_ms, worker_id, sequence))
    }

    /// The smallest id of a millisecond: `timestamp_ms` (Unix milliseconds, from [`EPOCH_MS`]
    /// to [`MAX_TIMESTAMP_MS`](Self::MAX_TIMESTAMP_MS)) above a worker id and a sequence of
    /// zero, the first id any generator can make in that millisecond. Pure: it needs no clock,
    /// no generator and no `generate` feature (`min_at_chrono`, `min_at_time` and
    /// `min_at_jiff` take a date-time).
    ///
    /// With [`max_at_ms`](Self::max_at_ms), the bounds of a range query: every id of the
    /// milliseconds `a` to `b` (both included) lies in `[min_at_ms(a), max_at_ms(b)]`, from
    /// every worker id (`WHERE id BETWEEN … AND …` on a `bigint` column); a partition of one
    /// day is `[min_at_ms(day), min_at_ms(next day))`.
    ///
    /// # Errors
    ///
    /// [`Error::TimestampOutOfRange`] before [`EPOCH_MS`] or after
    /// [`MAX_TIMESTAMP_MS`](Self::MAX_TIMESTAMP_MS).
    ///
    /// # Examples
    ///
    /// ```
    /// use snowflake::{EPOCH_MS, Error, SnowflakeId};
    ///
    /// // 2024-01-01T12:00:00Z: 43,200,000 ms after the epoch, shifted above 22 bits.
    /// let noon = SnowflakeId::min_at_ms(1_704_110_400_000)?;
    /// assert_eq!(noon.to_u64(), 43_200_000 << 22);
    /// assert_eq!((noon.worker_id(), noon.sequence()), (0, 0));
    /// assert_eq!(SnowflakeId::min_at_ms(EPOCH_MS), Ok(SnowflakeId::MIN));
    /// assert!(matches!(
    ///     SnowflakeId::min_at_ms(EPOCH_MS - 1),
    ///     Err(Error::TimestampOutOfRange { value, .. }) if value == EPOCH_MS - 1
    /// ));
    /// # Ok::<(), Error>(())
    /// ```
    pub const fn min_at_ms(timestamp_ms: u64) -> Result<SnowflakeId, Error> {
        SnowflakeId::from_parts(timestamp_ms, 0, 0)
    }

    /// The largest id of a millisecond: `timestamp_ms` above a worker id and a sequence of all
    /// ones ([`MAX_WORKER_ID`](Self::MAX_WORKER_ID) and [`MAX_SEQUENCE`](Self::MAX_SEQUENCE)),
    /// above every id any generator can make in that millisecond; the upper bound of a range
    /// query, as [`min_at_ms`](Self::min_at_ms) is the lower.
    ///
    /// # Errors
    ///
    /// [`Error::TimestampOutOfRange`] before [`EPOCH_MS`] or after
    /// [`MAX_TIMESTAMP_MS`](Self::MAX_TIMESTAMP_MS).
    ///
    /// # Examples
    ///
    /// ```
    /// use snowflake::{EPOCH_MS, SnowflakeId};
    ///
    /// // Every id of 2024-01-01 (UTC), and no other, lies between these two.
    /// let first = SnowflakeId::min_at_ms(EPOCH_MS)?;
    /// let last = SnowflakeId::max_at_ms(1_704_153_599_999)?;
    /// assert_eq!(last.to_u64(), (86_399_999 << 22) | (1023 << 12) | 4095);
    /// let noon = SnowflakeId::from_parts(1_704_110_400_000, 7, 3)?;
    /// assert!((first..=last).contains(&noon));
    /// assert_eq!(SnowflakeId::max_at_ms(SnowflakeId::MAX_TIMESTAMP_MS), Ok(SnowflakeId::MAX));
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    pub const fn max_at_ms(timestamp_ms: u64) -> Result<SnowflakeId, Error> {
        SnowflakeId::from_parts(timestamp_ms, Self::MAX_WORKER_ID, Self::MAX_SEQUENCE)
    }

    /// Packs fields that the caller has already checked.
    #[inline]
    pub(crate) const fn compose(timestamp_ms: u64, worker_id: u16, sequence: u16) -> SnowflakeId {
        SnowflakeId(
            ((timestamp_ms - EPOCH_MS) << TIMESTAMP_SHIFT)
                | ((worker_id as u64) << WORKER_ID_SHIFT)
                | sequence as u64,
        )
    }

    /// The id of the low 63 bits of `value`: every value gives one.
    #[cfg(feature = "arbitrary")]
    pub(crate) const fn from_low_bits(value: u64) -> SnowflakeId {
        SnowflakeId(value & (ID_LIMIT - 1))
    }

    /// This id with its worker id field set to `worker_id` (checked by the caller); the field
    /// must be 0 before.
    #[cfg(feature = "generate")]
    #[inline]
    pub(crate) const fn with_worker_id(self, worker_id: u16) -> SnowflakeId {
        SnowflakeId(self.0 | ((worker_id as u64) << WORKER_ID_SHIFT))
    }

    /// The timestamp, in milliseconds since the Unix epoch (`EPOCH_MS` plus the field).
    ///
    /// ```
    /// # use snowflake::SnowflakeId;
    /// let id = SnowflakeId::try_from(4_194_308_098u64)?;
    /// assert_eq!(id.timestamp_ms(), 1_704_067_201_000); // 2024-01-01T00:00:01.000Z
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    #[must_use]
    pub const fn timestamp_ms(self) -> u64 {
        EPOCH_MS + (self.0 >> TIMESTAMP_SHIFT)
    }

    /// The timestamp as a [`SystemTime`](std::time::SystemTime): the Unix epoch plus
    /// [`timestamp_ms`](Self::timestamp_ms) milliseconds ([`EPOCH_MS`] already added).
    /// Requires the `std` feature (default).
    ///
    /// Never panics: the latest timestamp, 2093-09-06T15:47:35.551Z, is within the range of
    /// `SystemTime` on every platform of the standard library.
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// # use snowflake::SnowflakeId;
    ///
    /// // 2024-01-01T00:00:01.000Z.
    /// let id = SnowflakeId::try_from(4_194_308_098u64)?;
    /// assert_eq!(id.timestamp(), UNIX_EPOCH + Duration::from_secs(1_704_067_201));
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    #[cfg(feature = "std")]
    #[must_use]
    pub fn timestamp(self) -> std::time::SystemTime {
        std::time::UNIX_EPOCH + core::time::Duration::from_millis(self.timestamp_ms())
    }

    /// The worker id, 0 to 1023.
    ///
    /// ```
    /// # use snowflake::SnowflakeId;
    /// assert_eq!(SnowflakeId::try_from(4_194_308_098u64)?.worker_id(), 1);
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    #[must_use]
    pub const fn worker_id(self) -> u16 {
        ((self.0 >> WORKER_ID_SHIFT) as u16) & Self::MAX_WORKER_ID
    }

    /// The sequence within the millisecond, 0 to 4095.
    ///
    /// ```
    /// # use snowflake::SnowflakeId;
    /// assert_eq!(SnowflakeId::try_from(4_194_308_098u64)?.sequence(), 2);
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    #[must_use]
    pub const fn sequence(self) -> u16 {
        (self.0 as u16) & Self::MAX_SEQUENCE
    }

    /// The id of an integer below 2^63: `TryFrom<u64>` (which calls this) in a `const fn`, for
    /// constants and for the [`snowflake!`](crate::snowflake!) macro, which rejects a bad
    /// literal when the program is compiled.
    ///
    /// # Errors
    ///
    /// [`Error::IdOutOfRange`] from 2^63 up, and nothing else.
    ///
    /// # Examples
    ///
    /// ```
    /// use snowflake::{Error, SnowflakeId};
    ///
    /// const ID: Result<SnowflakeId, Error> = SnowflakeId::from_u64(4_194_308_098);
    /// assert_eq!(ID.map(SnowflakeId::worker_id), Ok(1));
    /// assert_eq!(SnowflakeId::from_u64(1 << 63), Err(Error::IdOutOfRange { value: 1 << 63 }));
    /// ```
    #[inline]
    pub const fn from_u64(value: u64) -> Result<SnowflakeId, Error> {
        if value < ID_LIMIT {
            Ok(SnowflakeId(value))
        } else {
            Err(Error::IdOutOfRange {
                value: value as i128,
            })
        }
    }

    /// The integer, below 2^63.
    ///
    /// ```
    /// # use snowflake::{EPOCH_MS, SnowflakeId};
    /// assert_eq!(SnowflakeId::from_parts(EPOCH_MS + 1, 0, 0)?.to_u64(), 1 << 22);
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    #[must_use]
    pub const fn to_u64(self) -> u64 {
        self.0
    }
}

/// Whether a timestamp fits the 41-bit field.
#[inline]
pub(crate) const fn check_timestamp_ms(timestamp_ms: u64) -> Result<(), Error> {
    if timestamp_ms < EPOCH_MS || timestamp_ms > SnowflakeId::MAX_TIMESTAMP_MS {
        return Err(Error::TimestampOutOfRange {
            value: timestamp_ms,
            min: EPOCH_MS,
            max: SnowflakeId::MAX_TIMESTAMP_MS,
        });
    }
    Ok(())
}

/// Whether a worker id fits the 10-bit field.
#[inline]
pub(crate) const fn check_worker_id(worker_id: u16) -> Result<(), Error> {
    if worker_id > SnowflakeId::MAX_WORKER_ID {
        return Err(Error::WorkerIdOutOfRange {
            value: worker_id,
            max: SnowflakeId::MAX_WORKER_ID,
        });
    }
    Ok(())
}

/// [`SnowflakeId::MIN`].
///
/// ```
/// assert_eq!(snowflake::SnowflakeId::default().to_u64(), 0);
/// ```
impl Default for SnowflakeId {
    fn default() -> SnowflakeId {
        SnowflakeId::MIN
    }
}

/// The integer.
///
/// ```
/// # use snowflake::SnowflakeId;
/// let id = SnowflakeId::try_from(42u64)?;
/// assert_eq!(u64::from(id), 42);
/// # Ok::<(), snowflake::Error>(())
/// ```
impl From<SnowflakeId> for u64 {
    fn from(id: SnowflakeId) -> u64 {
        id.0
    }
}

/// The integer, which is never negative: the top bit of an id is 0.
///
/// ```
/// # use snowflake::SnowflakeId;
/// let id = SnowflakeId::try_from(i64::MAX)?;
/// assert_eq!(i64::from(id), i64::MAX);
/// # Ok::<(), snowflake::Error>(())
/// ```
impl From<SnowflakeId> for i64 {
    fn from(id: SnowflakeId) -> i64 {
        // Below 2^63 by construction.
        id.0 as i64
    }
}

/// The id of an integer below 2^63.
///
/// # Errors
///
/// [`Error::IdOutOfRange`] from 2^63 up, and nothing else.
///
/// # Examples
///
/// ```
/// # use snowflake::{Error, SnowflakeId};
/// assert_eq!(SnowflakeId::try_from(7u64).map(SnowflakeId::sequence), Ok(7));
/// assert_eq!(SnowflakeId::try_from(u64::MAX), Err(Error::IdOutOfRange { value: u64::MAX.into() }));
/// ```
impl TryFrom<u64> for SnowflakeId {
    type Error = Error;

    #[inline]
    fn try_from(value: u64) -> Result<SnowflakeId, Error> {
        SnowflakeId::from_u64(value)
    }
}

/// The id of a non-negative integer.
///
/// # Errors
///
/// [`Error::IdOutOfRange`] below 0, and nothing else.
///
/// # Examples
///
/// ```
/// # use snowflake::{Error, SnowflakeId};
/// assert_eq!(SnowflakeId::try_from(7i64).map(SnowflakeId::sequence), Ok(7));
/// assert_eq!(SnowflakeId::try_from(-1i64), Err(Error::IdOutOfRange { value: -1 }));
/// ```
impl TryFrom<i64> for SnowflakeId {
    type Error = Error;

    fn try_from(value: i64) -> Result<SnowflakeId, Error> {
        match u64::try_from(value) {
            Ok(value) => Ok(SnowflakeId(value)),
            Err(_) => Err(Error::IdOutOfRange {
                value: i128::from(value),
            }),
        }
    }
}

/// The date-time features' view of SnowflakeId: the timestamps it holds, and the smallest and
/// the largest id of one.
#[cfg(any(feature = "chrono", feature = "time", feature = "jiff"))]
pub(crate) const DATE_TIMES: id_text::date_time::DateTimes<SnowflakeId> =
    id_text::date_time::DateTimes {
        timestamps: id_text::date_time::Timestamps::milliseconds(
            "a Snowflake id",
            EPOCH_MS,
            SnowflakeId::MAX_TIMESTAMP_MS,
        ),
        min: |timestamp| SnowflakeId::min_at_ms(timestamp).ok(),
        max: |timestamp| SnowflakeId::max_at_ms(timestamp).ok(),
    };

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2024::*;

    const MAX_TIMESTAMP_MS: u64 = SnowflakeId::MAX_TIMESTAMP_MS;
    const MAX_WORKER_ID: u16 = SnowflakeId::MAX_WORKER_ID;
    const MAX_SEQUENCE: u16 = SnowflakeId::MAX_SEQUENCE;

    #[test]
    fn the_fields_tile_the_low_63_bits() {
        assert_eq!(
            SnowflakeId::TIMESTAMP_BITS + SnowflakeId::WORKER_ID_BITS + SnowflakeId::SEQUENCE_BITS,
            63
        );
        assert_eq!(ID_LIMIT, 1 << 63);
        assert_eq!(MAX_TIMESTAMP_MS - EPOCH_MS, (1 << 41) - 1);
        let all_ones = SnowflakeId::compose(MAX_TIMESTAMP_MS, MAX_WORKER_ID, MAX_SEQUENCE);
        assert_eq!(all_ones.to_u64(), ID_LIMIT - 1);
        assert_eq!(all_ones, SnowflakeId::MAX);
        assert_eq!(SnowflakeId::compose(EPOCH_MS, 0, 0), SnowflakeId::MIN);
        assert_eq!(
            SnowflakeId::MAX.to_u64().to_string().len(),
            SnowflakeId::TEXT_LEN
        );
    }

    #[test]
    fn each_field_reads_back_alone() {
        let timestamp = SnowflakeId::compose(MAX_TIMESTAMP_MS, 0, 0);
        assert_eq!(
            (
                timestamp.timestamp_ms(),
                timestamp.worker_id(),
                timestamp.sequence()
            ),
            (MAX_TIMESTAMP_MS, 0, 0)
        );
        let worker = SnowflakeId::compose(EPOCH_MS, MAX_WORKER_ID, 0);
        assert_eq!(
            (worker.timestamp_ms(), worker.worker_id(), worker.sequence()),
            (EPOCH_MS, MAX_WORKER_ID, 0)
        );
        let sequence = SnowflakeId::compose(EPOCH_MS, 0, MAX_SEQUENCE);
        assert_eq!(
            (
                sequence.timestamp_ms(),
                sequence.worker_id(),
                sequence.sequence()
            ),
            (EPOCH_MS, 0, MAX_SEQUENCE)
        );
    }
}
