//! A ULID's text, 26 Crockford Base32 symbols, read with vector code where the processor has
//! it (AVX2 on x86-64, found by the crate's one run-time detection, feature `std`).
//!
//! The codec itself, scalar and a `const fn`, is the `crockford32` crate's: this module only
//! answers for text it reads whole, and leaves everything else (including every error, with
//! its character and index) to that decoder.
//!
//! ```
//! let value = 0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B;
//! // `None` where this build or processor has no vector path: the scalar codec decides then.
//! if let Some(read) = id_text::ulid_text::decode_vector(b"01ARZ3NDEKTSV4RRFFQ69G5FAV") {
//!     assert_eq!(read, value);
//! }
//! assert_eq!(id_text::ulid_text::decode_vector(b"8ZZZZZZZZZZZZZZZZZZZZZZZZZ"), None);
//! ```

/// The value of a ULID's 26 symbols (either case, `O` read as `0`, `I` and `L` as `1`, the
/// first at most `7`), read with vector code; `None` for any other text, and for every text
/// where this build or processor has no vector path. `None` is never an answer about the
/// text: the caller's scalar decoder, which names the error, decides then.
///
/// ```
/// use id_text::ulid_text::decode_vector;
///
/// let read = decode_vector(b"01arz3ndektsv4rrffq69g5fav");
/// assert!(read.is_none() || read == Some(0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B));
/// assert_eq!(decode_vector(b"01ARZ3NDEKTSV4RRFFQ69G5FAU"), None); // `U` is no symbol
/// ```
#[inline]
#[must_use]
pub fn decode_vector(text: &[u8; 26]) -> Option<u128> {
    crate::vector::ulid_decode(text)
}
