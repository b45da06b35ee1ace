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
