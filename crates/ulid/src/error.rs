//! What can go wrong, and where.

/// A value that is not a ULID: a part that does not fit its field, or bytes of another length.
///
/// ```
/// let error = ulid::Ulid::from_parts(1 << 48, 0).unwrap_err();
/// assert_eq!(
///     error,
///     ulid::Error::TimestampOutOfRange { value: 1 << 48, max: (1 << 48) - 1 }
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The timestamp needs more than 48 bits (it is after 10889-08-02T05:31:50.655Z).
    #[error("timestamp_ms {value} is out of range: a ULID holds 0 to {max} (48 bits)")]
    TimestampOutOfRange {
        /// The timestamp given, in milliseconds since the Unix epoch.
        value: u64,
        /// The largest timestamp a ULID holds, `2^48 - 1`.
        max: u64,
    },
    /// The random part needs more than 80 bits.
    #[error("random {value} is out of range: a ULID holds 0 to {max} (80 bits)")]
    RandomOutOfRange {
        /// The random part given.
        value: u128,
        /// The largest random part a ULID holds, `2^80 - 1`.
        max: u128,
    },
    /// A date-time (features `chrono`, `time`, `jiff`) outside the timestamps a ULID
    /// holds: 1970-01-01T00:00:00Z to 10889-08-02T05:31:50.655Z.
    /// A date-time before 1970 is out of range too.
    #[error(
        "date-time {value} ms since the Unix epoch is out of range: a ULID holds {min} to {max} ms (1970-01-01T00:00:00Z to 10889-08-02T05:31:50.655Z)"
    )]
    DateTimeOutOfRange {
        /// The date-time given, in milliseconds since the Unix epoch (sub-millisecond digits
        /// truncated toward the past).
        value: i64,
        /// The earliest timestamp, 0, the Unix epoch.
        min: u64,
        /// The latest timestamp, [`Ulid::MAX_TIMESTAMP_MS`](crate::Ulid::MAX_TIMESTAMP_MS).
        max: u64,
    },
    /// The timestamp is after the latest date-time of the library asked for (features `time`,
    /// `jiff`, whose date-times end in the year 9999).
    #[error(
        "timestamp_ms {value} is out of range of {library}, whose latest date-time is {max} ms since the Unix epoch"
    )]
    DateTimeOverflow {
        /// The id's timestamp, in milliseconds since the Unix epoch.
        value: u64,
        /// The library's latest date-time, in milliseconds since the Unix epoch (truncated).
        max: u64,
        /// The type asked for, such as `"jiff::Timestamp"`.
        library: &'static str,
    },
    /// Bytes of another length than 16: from a slice (`TryFrom<&[u8]>`), or a value stored
    /// in a database.
    #[error("a ULID is 16 bytes, found {found}")]
    ByteLength {
        /// The number of bytes given.
        found: usize,
    },
}

/// A string that is not a ULID. The checks run in this order: the length (in characters),
/// then each character, then the first symbol; the first that fails is reported.
///
/// ```
/// use ulid::{ParseError, Ulid};
///
/// assert_eq!(
///     "01ARZ3NDEKTSV4RRFFQ69G5FA".parse::<Ulid>(),
///     Err(ParseError::InvalidLength { found: 25, expected: 26 })
/// );
/// assert_eq!(
///     "01ARZ3NDEKTSV4RRFFQ69G5FAU".parse::<Ulid>(),
///     Err(ParseError::InvalidCharacter { index: 25, character: 'U' })
/// );
/// assert_eq!(
///     "8ZZZZZZZZZZZZZZZZZZZZZZZZZ".parse::<Ulid>(),
///     Err(ParseError::Overflow { first: '8' })
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The string does not have 26 characters.
    #[error("a ULID has {expected} characters, found {found}")]
    InvalidLength {
        /// The number of characters (not bytes) in the string.
        found: usize,
        /// 26.
        expected: usize,
    },
    /// A character that is neither a Crockford Base32 symbol nor one of the aliases `O`, `I`
    /// and `L` (in either case). The first such character is reported.
    #[error("invalid character {character:?} at byte index {index}: not a Crockford Base32 symbol")]
    InvalidCharacter {
        /// Byte index of the character in the string.
        index: usize,
        /// The character found there.
        character: char,
    },
    /// The first character is above `7`: the 26 symbols hold 130 bits, and the value would
    /// need more than the 128 bits of a ULID.
    #[error("first character {first:?} is above '7': the value does not fit in 128 bits")]
    Overflow {
        /// The first character of the string.
        first: char,
    },
}
