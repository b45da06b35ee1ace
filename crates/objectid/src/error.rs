//! What can go wrong, and where.

/// A value that is not an ObjectId: a field out of range, or bytes of another length.
///
/// ```
/// use objectid::{Error, ObjectId};
///
/// let error = ObjectId::from_parts(4_294_967_296, 0).unwrap_err();
/// assert_eq!(error, Error::TimestampOutOfRange { value: 4_294_967_296, max: 4_294_967_295 });
/// assert!(error.to_string().contains("4294967296"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The timestamp does not fit the 32-bit seconds field: the last second it holds is
    /// `2^32 - 1`, 2106-02-07T06:28:15Z.
    #[error(
        "timestamp_s {value} is out of range: an ObjectId holds 0 to {max} seconds since the Unix epoch (up to 2106-02-07T06:28:15Z)"
    )]
    TimestampOutOfRange {
        /// The timestamp given, in seconds since the Unix epoch.
        value: u64,
        /// The largest timestamp allowed, `2^32 - 1`.
        max: u64,
    },
    /// Bytes of another length than 12: from a slice (`TryFrom<&[u8]>`), or a value stored
    /// in a database.
    #[error("an ObjectId is 12 bytes, found {found}")]
    ByteLength {
        /// The number of bytes given.
        found: usize,
    },
}

/// A string that is not exactly 24 lower-case hexadecimal characters. The checks run in this
/// order: the length (in characters), then each character; the first that fails is reported.
///
/// ```
/// use objectid::{ObjectId, ParseError};
///
/// let error = "0x7c7f79bcf86cd7994f6c0e".parse::<ObjectId>().unwrap_err();
/// assert_eq!(error, ParseError::InvalidCharacter { index: 1, character: 'x' });
/// assert!(error.to_string().contains("'x' at byte index 1"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The string does not have 24 characters.
    #[error("an ObjectId has {expected} lower-case hex characters, found {found}")]
    InvalidLength {
        /// The number of characters (not bytes) in the string.
        found: usize,
        /// The length of an ObjectId's text, 24.
        expected: usize,
    },
    /// A character other than `0`-`9` and `a`-`f` (upper case included).
    #[error(
        "invalid character {character:?} at byte index {index}: expected a lower-case hex digit (0-9, a-f)"
    )]
    InvalidCharacter {
        /// Byte index of the character in the string.
        index: usize,
        /// The character found there.
        character: char,
    },
}
