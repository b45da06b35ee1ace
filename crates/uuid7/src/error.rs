//! What can go wrong, and where.

/// A value that is not a UUIDv7: a field out of range, the wrong version or variant, or bytes
/// of another length.
///
/// ```
/// use uuid7::{Error, Uuid7};
///
/// assert_eq!(
///     Uuid7::from_parts(1 << 48, 0),
///     Err(Error::TimestampOutOfRange { value: 1 << 48, max: Uuid7::MAX_TIMESTAMP_MS })
/// );
/// assert_eq!(
///     Uuid7::from_u128(0x550e8400_e29b_41d4_a716_446655440000), // a version 4 UUID
///     Err(Error::Version { found: 4 })
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The timestamp does not fit the 48-bit `unix_ts_ms` field.
    #[error("timestamp_ms {value} is out of range: a UUIDv7 holds 0 to {max} (48 bits)")]
    TimestampOutOfRange {
        /// The timestamp given, in milliseconds since the Unix epoch.
        value: u64,
        /// The largest timestamp, `2^48 - 1`.
        max: u64,
    },
    /// The counter does not fit the 74 bits of `rand_a` and `rand_b`.
    #[error("counter {value} is out of range: a UUIDv7 holds 0 to {max} (74 bits)")]
    CounterOutOfRange {
        /// The counter given.
        value: u128,
        /// The largest counter, `2^74 - 1`.
        max: u128,
    },
    /// The version field (bits 48 to 51) is not 7.
    #[error("version {found} in the version field: expected 7")]
    Version {
        /// The version found.
        found: u8,
    },
    /// The variant field (bits 64 and 65) is not `0b10`, the variant of RFC 9562.
    #[error("variant bits {found:#04b} in the variant field: expected 0b10 (RFC 9562)")]
    Variant {
        /// The two variant bits found, `0b00` to `0b11`.
        found: u8,
    },
    /// Bytes of another length than 16: from a slice (`TryFrom<&[u8]>`), or a value stored
    /// in a database.
    #[error("a UUIDv7 is 16 bytes, found {found}")]
    ByteLength {
        /// The number of bytes given.
        found: usize,
    },
}

/// A string that is not the hyphenated text form of a UUIDv7. The checks run in this order:
/// the length (in characters), then each character, then the version, then the variant; the
/// first that fails is reported.
///
/// ```
/// use uuid7::ParseError;
///
/// let error = "017f22e2-79b0-7cc3-98c4-dc0c0c07398g".parse::<uuid7::Uuid7>().unwrap_err();
/// assert_eq!(error, ParseError::InvalidCharacter { index: 35, character: 'g' });
/// assert_eq!(
///     error.to_string(),
///     "invalid character 'g' at byte index 35: expected a hexadecimal digit"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The string does not have 36 characters. The braced, URN and 32-digit forms are not
    /// accepted.
    #[error(
        "a UUIDv7 has {expected} characters (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx), found {found}"
    )]
    InvalidLength {
        /// The number of characters (not bytes) in the string.
        found: usize,
        /// The length of the text form, 36.
        expected: usize,
    },
    /// A character other than a hexadecimal digit (either case) where a digit belongs.
    #[error("invalid character {character:?} at byte index {index}: expected a hexadecimal digit")]
    InvalidCharacter {
        /// Byte index of the character in the string.
        index: usize,
        /// The character found there.
        character: char,
    },
    /// A character other than `-` at byte index 8, 13, 18 or 23.
    #[error("invalid character {character:?} at byte index {index}: expected '-'")]
    MissingHyphen {
        /// Byte index of the character in the string.
        index: usize,
        /// The character found there.
        character: char,
    },
    /// A well-formed UUID whose version digit (byte index 14) is not 7.
    #[error("version {found} at byte index 14: expected 7")]
    Version {
        /// The version found.
        found: u8,
    },
    /// A well-formed UUID whose variant (the two high bits of the digit at byte index 19) is
    /// not `0b10`: that digit must be one of `8`, `9`, `a`, `b`.
    #[error("variant bits {found:#04b} at byte index 19: expected 0b10 (RFC 9562; 8, 9, a or b)")]
    Variant {
        /// The two variant bits found, `0b00` to `0b11`.
        found: u8,
    },
}
