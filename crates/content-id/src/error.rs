//! What can go wrong.

/// A length that [`generate_with_length`](crate::generate_with_length) cannot produce.
///
/// ```
/// use content_id::{Error, generate_with_length};
///
/// assert_eq!(generate_with_length(&1, 130), Err(Error::LengthOutOfRange { length: 130 }));
/// assert_eq!(generate_with_length(&1, 31), Err(Error::OddLength { length: 31 }));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The length is outside 2 to 128 hex characters (a BLAKE2b digest is 1 to 64 bytes).
    #[error(
        "length {length} is out of range: an id is 2 to 128 hex characters (a BLAKE2b digest of 1 to 64 bytes)"
    )]
    LengthOutOfRange {
        /// The length asked for, in hex characters.
        length: usize,
    },
    /// The length is odd: an id is whole bytes, two hex characters each.
    #[error("length {length} is odd: an id is whole bytes, two hex characters each")]
    OddLength {
        /// The length asked for, in hex characters.
        length: usize,
    },
}
