//! What can go wrong, and where.

/// A string that is not a Crockford Base32 number of the width asked for.
///
/// ```
/// use crockford32::{DecodeError, decode_u64};
///
/// let error = decode_u64("12-4").unwrap_err();
/// assert_eq!(error, DecodeError::InvalidCharacter { index: 2, character: '-' });
/// assert_eq!(
///     error.to_string(),
///     "invalid character '-' at byte index 2: not a Crockford Base32 symbol"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// The string has no symbol.
    #[error("empty string: expected at least one Crockford Base32 symbol")]
    Empty,
    /// A character that is neither a symbol nor an alias (`O`, `I`, `L`, any case).
    #[error("invalid character {character:?} at byte index {index}: not a Crockford Base32 symbol")]
    InvalidCharacter {
        /// Byte index of the character in the string.
        index: usize,
        /// The character found there.
        character: char,
    },
    /// The symbols are valid but their value needs more than `bits` bits.
    #[error("{len} symbols encode a value wider than {bits} bits")]
    Overflow {
        /// Number of symbols in the string.
        len: usize,
        /// The width asked for.
        bits: u32,
    },
}

/// A number that does not fit the buffer it was to be written into.
///
/// ```
/// use crockford32::{EncodeError, encode_u64};
///
/// let mut buffer = [0u8; 2];
/// let error = encode_u64(1024, &mut buffer).unwrap_err();
/// assert_eq!(error, EncodeError::BufferTooShort { len: 2, needed: 3 });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum EncodeError {
    /// The value needs more symbols than the buffer holds; nothing is truncated.
    #[error("the value needs {needed} Crockford Base32 symbols but the buffer holds {len}")]
    BufferTooShort {
        /// Length of the buffer.
        len: usize,
        /// Symbols the value needs.
        needed: usize,
    },
}
