//! What can go wrong, and where.

/// A value outside the range of a Snowflake field, an integer that is not an id, or a
/// generator used in a forked child.
///
/// One type for the crate's fallible functions other than parsing (which has
/// [`ParseError`]); each function returns only some of the variants, and says which under
/// its "Errors":
///
/// | function | variants it can return |
/// |---|---|
/// | [`SnowflakeId::from_parts`](crate::SnowflakeId::from_parts) | `TimestampOutOfRange`, `WorkerIdOutOfRange`, `SequenceOutOfRange` |
/// | `SnowflakeId::try_from(u64 or i64)`, [`extract_timestamp_ms`](crate::extract_timestamp_ms) | `IdOutOfRange` |
/// | [`SnowflakeIdGenerator::new`](crate::SnowflakeIdGenerator::new) | `WorkerIdOutOfRange` |
/// | [`generate`](crate::SnowflakeIdGenerator::generate), [`generate_at`](crate::SnowflakeIdGenerator::generate_at), [`fill`](crate::SnowflakeIdGenerator::fill) of a generator | `Forked`, `TimestampOutOfRange` |
/// | [`generate_capped`](crate::SnowflakeIdGenerator::generate_capped), [`fill_capped`](crate::SnowflakeIdGenerator::fill_capped) | `Forked`, `TimestampOutOfRange`, `AboveCeiling` |
///
/// (The generator requires the `std` feature, default.)
///
/// ```
/// use snowflake::{EPOCH_MS, Error, SnowflakeId};
///
/// let error = SnowflakeId::from_parts(EPOCH_MS, 1024, 0).unwrap_err();
/// assert_eq!(error, Error::WorkerIdOutOfRange { value: 1024, max: 1023 });
/// assert!(error.to_string().contains("1024"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The timestamp does not fit the 41-bit field counted from [`EPOCH_MS`](crate::EPOCH_MS):
    /// before 2024-01-01T00:00:00Z or after 2093-09-06T15:47:35.551Z. A clock outside that
    /// range, or a borrowed millisecond past its end, is reported the same way.
    #[error(
        "timestamp_ms {value} is out of range: a Snowflake id holds {min} to {max} ms since the Unix epoch (2024-01-01T00:00:00Z to 2093-09-06T15:47:35.551Z)"
    )]
    TimestampOutOfRange {
        /// The timestamp, in milliseconds since the Unix epoch.
        value: u64,
        /// The earliest timestamp allowed, [`EPOCH_MS`](crate::EPOCH_MS).
        min: u64,
        /// The latest timestamp allowed, `EPOCH_MS + 2^41 - 1`.
        max: u64,
    },
    /// The worker id does not fit its 10 bits.
    #[error("worker_id {value} is out of range: a Snowflake worker id is 0 to {max}")]
    WorkerIdOutOfRange {
        /// The worker id given.
        value: u16,
        /// The largest worker id, 1023.
        max: u16,
    },
    /// The sequence does not fit its 12 bits.
    #[error("sequence {value} is out of range: a Snowflake sequence is 0 to {max}")]
    SequenceOutOfRange {
        /// The sequence given.
        value: u16,
        /// The largest sequence, 4095.
        max: u16,
    },
    /// An integer that is negative or not below 2^63: the top bit of a Snowflake id is 0.
    #[error(
        "id {value} is out of range: a Snowflake id is 0 to {max} (2^63 - 1)",
        max = crate::SnowflakeId::MAX.to_u64()
    )]
    IdOutOfRange {
        /// The integer given (an `i128` holds every `u64` and every `i64`).
        value: i128,
    },
    /// A [`SnowflakeIdGenerator`](crate::SnowflakeIdGenerator) created before a `fork` was
    /// used in the child: its worker id belongs to the parent, which goes on using it, so
    /// serving would repeat the parent's ids.
    #[error(
        "SnowflakeIdGenerator cannot be used in a forked process: create one with its own worker_id"
    )]
    Forked,
    /// An id whose timestamp is above the ceiling the caller gave
    /// ([`generate_capped`](crate::SnowflakeIdGenerator::generate_capped),
    /// [`fill_capped`](crate::SnowflakeIdGenerator::fill_capped)). The id was used up, not
    /// served: later ids continue after it.
    #[error(
        "timestamp_ms {timestamp_ms} is above the ceiling of {ceiling_ms} ms: the id was used up, not served"
    )]
    AboveCeiling {
        /// The timestamp of the refused id, in milliseconds since the Unix epoch.
        timestamp_ms: u64,
        /// The ceiling given, in milliseconds since the Unix epoch.
        ceiling_ms: u64,
    },
}

/// A string that is not a Snowflake id in canonical decimal. The checks run in this order:
/// empty, then each character, then a leading zero, then the range; the first that fails is
/// reported. Lengths are in characters (by then all of them ASCII digits).
///
/// ```
/// use snowflake::{ParseError, SnowflakeId};
///
/// assert_eq!("".parse::<SnowflakeId>(), Err(ParseError::Empty));
/// assert_eq!(
///     "12a".parse::<SnowflakeId>(),
///     Err(ParseError::InvalidCharacter { index: 2, character: 'a' })
/// );
/// assert_eq!("007".parse::<SnowflakeId>(), Err(ParseError::LeadingZero { len: 3 }));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The string is empty.
    #[error("empty string: expected a Snowflake id in decimal")]
    Empty,
    /// A character other than the ASCII digits `0`-`9`: a sign, white space, an underscore,
    /// a non-ASCII digit.
    #[error(
        "invalid character {character:?} at byte index {index}: a Snowflake id is written with the ASCII digits 0-9 only"
    )]
    InvalidCharacter {
        /// Byte index of the character in the string.
        index: usize,
        /// The character found there.
        character: char,
    },
    /// More than one digit, the first of them `0`: the canonical form has no leading zeros.
    #[error(
        "leading zero at byte index 0 of {len} digits: a Snowflake id is written without leading zeros"
    )]
    LeadingZero {
        /// The number of digits (characters) in the string.
        len: usize,
    },
    /// Digits whose value is not below 2^63.
    #[error(
        "{len} digits are out of range: a Snowflake id is 0 to {max} (2^63 - 1)",
        max = crate::SnowflakeId::MAX.to_u64()
    )]
    OutOfRange {
        /// The number of digits (characters) in the string.
        len: usize,
    },
}
