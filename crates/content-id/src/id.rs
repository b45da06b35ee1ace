//! Hex ids: the BLAKE2b digest of a value's encoding.

use crate::blake2b::MAX_DIGEST_SIZE;
use crate::{Encoder, Error, StableHash};

/// The length of [`generate`]'s ids: 64 hex characters, a 32-byte digest.
const DEFAULT_LENGTH: usize = 64;

/// The content id of `data`: 64 lower-case hex characters, the BLAKE2b-256 digest of its
/// encoding (see the [crate documentation](crate)).
///
/// The same value gives the same id in every process, on every platform and in every
/// version of this crate whose personalization is `identifier:cid:1`.
///
/// # Examples
///
/// ```
/// use std::collections::{BTreeMap, HashMap};
///
/// let id = content_id::generate(&("config", 3));
/// assert_eq!(id.len(), 64);
/// assert!(id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)));
///
/// // The value counts, not its type or its order of insertion.
/// assert_eq!(content_id::generate(&3u8), content_id::generate(&3i64));
/// let hash_map = HashMap::from([("b", 2), ("a", 1)]);
/// let tree_map = BTreeMap::from([("a", 1), ("b", 2)]);
/// assert_eq!(content_id::generate(&hash_map), content_id::generate(&tree_map));
/// ```
#[must_use]
pub fn generate<T: StableHash + ?Sized>(data: &T) -> String {
    let size = DEFAULT_LENGTH / 2;
    hex_string(&digest(data, size)[..size])
}

/// The content id of `data` in `length` lower-case hex characters: the BLAKE2b digest of
/// `length / 2` bytes of its encoding.
///
/// BLAKE2b's digest size is one of its parameters, so an id of one length is **not** a
/// prefix of the id of another length: ids of different lengths are unrelated strings, and
/// `generate_with_length(data, 64)` is [`generate`]`(data)`.
///
/// # Errors
///
/// [`Error::LengthOutOfRange`] if `length` is not in `2..=128`, and [`Error::OddLength`] if
/// it is odd.
///
/// # Examples
///
/// ```
/// let short = content_id::generate_with_length(&"report.pdf", 16)?;
/// assert_eq!(short.len(), 16);
/// let long = content_id::generate_with_length(&"report.pdf", 128)?;
/// assert!(!long.starts_with(&short));
/// assert_eq!(
///     content_id::generate_with_length(&"report.pdf", 64)?,
///     content_id::generate(&"report.pdf")
/// );
/// assert!(content_id::generate_with_length(&"report.pdf", 15).is_err());
/// # Ok::<(), content_id::Error>(())
/// ```
pub fn generate_with_length<T: StableHash + ?Sized>(
    data: &T,
    length: usize,
) -> Result<String, Error> {
    if !(2..=2 * MAX_DIGEST_SIZE).contains(&length) {
        return Err(Error::LengthOutOfRange { length });
    }
    if length % 2 != 0 {
        return Err(Error::OddLength { length });
    }
    let size = length / 2;
    Ok(hex_string(&digest(data, size)[..size]))
}

/// The digest of `size` bytes (1 to 64), at the front of the array.
pub(crate) fn digest<T: StableHash + ?Sized>(data: &T, size: usize) -> [u8; MAX_DIGEST_SIZE] {
    let mut encoder = Encoder::new(size);
    data.stable_hash(&mut encoder);
    encoder.finish(size)
}

const HEX_DIGITS: &[u8; 16] = b"0123456789abcdef";

/// Writes `bytes` as lower-case hex into the front of `out`, which holds twice as many.
pub(crate) fn write_hex(bytes: &[u8], out: &mut [u8]) {
    for (byte, pair) in bytes.iter().zip(out.chunks_exact_mut(2)) {
        pair[0] = HEX_DIGITS[usize::from(byte >> 4)];
        pair[1] = HEX_DIGITS[usize::from(byte & 0x0F)];
    }
}

fn hex_string(bytes: &[u8]) -> String {
    let mut hex = [0u8; 2 * MAX_DIGEST_SIZE];
    let hex = &mut hex[..2 * bytes.len()];
    write_hex(bytes, hex);
    hex.iter().map(|&digit| char::from(digit)).collect()
}
