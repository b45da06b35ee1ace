//! Hex ids: the BLAKE2b digest of a value's encoding.

use crate::blake2b::MAX_DIGEST_SIZE;
use crate::encoder::State;
use crate::{Error, StableHash};

/// The length of [`generate`]'s ids: 64 hex characters, a 32-byte digest.
const DEFAULT_LENGTH: usize = 64;

/// How [`generate_with`] (and [`json::generate_from_reader`](crate::json::generate_from_reader))
/// make an id.
///
/// The default, used by [`generate`], is a 64-character id of a value that must be encodable
/// in full.
///
/// # Examples
///
/// ```
/// use content_id::Options;
///
/// let options = Options { length: 32, ..Options::default() };
/// assert!(!options.ignore_unhashable);
/// assert_eq!(content_id::generate_with(&"x", &options)?.len(), 32);
/// # Ok::<(), content_id::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Options {
    /// Hex characters of the id: even, 2 to 128 (a BLAKE2b digest of `length / 2` bytes).
    pub length: usize,
    /// A part of the value that cannot be encoded
    /// ([`Encoder::fail`](crate::Encoder::fail), or a `serialize` that fails under
    /// [`Serde`](crate::Serde)) is written as the marker `0x0A` in its place (see the crate
    /// documentation), and the rest is hashed as usual, instead of failing with
    /// [`Error::Unencodable`]. Values that differ only in parts that fail at the same
    /// places then share an id: that is what the option means. [`Error::TooDeep`] is an
    /// error either way.
    pub ignore_unhashable: bool,
}

impl Default for Options {
    /// 64 hex characters; unencodable parts are errors.
    ///
    /// ```
    /// let options = content_id::Options::default();
    /// assert_eq!((options.length, options.ignore_unhashable), (64, false));
    /// ```
    fn default() -> Self {
        Options {
            length: DEFAULT_LENGTH,
            ignore_unhashable: false,
        }
    }
}

impl Options {
    /// Checks the options without hashing anything: for a caller that wants to reject a bad
    /// length before it reads its input.
    ///
    /// # Errors
    ///
    /// [`Error::LengthOutOfRange`] if `length` is not in `2..=128`, and [`Error::OddLength`]
    /// if it is odd.
    ///
    /// # Examples
    ///
    /// ```
    /// use content_id::{Error, Options};
    ///
    /// assert_eq!(Options::default().check(), Ok(()));
    /// let odd = Options { length: 3, ..Options::default() };
    /// assert_eq!(odd.check(), Err(Error::OddLength { length: 3 }));
    /// ```
    pub fn check(&self) -> Result<(), Error> {
        digest_size(self.length).map(|_| ())
    }
}

/// The digest size, in bytes, of an id of `length` hex characters.
pub(crate) fn digest_size(length: usize) -> Result<usize, Error> {
    if !(2..=2 * MAX_DIGEST_SIZE).contains(&length) {
        return Err(Error::LengthOutOfRange { length });
    }
    if !length.is_multiple_of(2) {
        return Err(Error::OddLength { length });
    }
    Ok(length / 2)
}

/// The content id of `data`: 64 lower-case hex characters, the BLAKE2b-256 digest of its
/// encoding (see the [crate documentation](crate)).
///
/// The same value gives the same id in every process, on every platform and in every
/// version of this crate whose personalization is `identifier:cid:2`.
///
/// # Errors
///
/// [`Error::Unencodable`] if a part of `data` cannot be encoded (an implementation called
/// [`Encoder::fail`](crate::Encoder::fail), or a `serialize` failed under
/// [`Serde`](crate::Serde)), or if an implementation returned a [`Written`](crate::Written)
/// that its encoder did not give, and [`Error::TooDeep`] if its lists, maps and sets nest
/// deeper than [`MAX_DEPTH`](crate::MAX_DEPTH). The values of the standard library never
/// fail.
///
/// # Examples
///
/// ```
/// use std::collections::{BTreeMap, HashMap};
///
/// let id = content_id::generate(&("config", 3))?;
/// assert_eq!(id.len(), 64);
/// assert!(id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)));
///
/// // The value counts, not its type or its order of insertion.
/// assert_eq!(content_id::generate(&3u8)?, content_id::generate(&3i64)?);
/// let hash_map = HashMap::from([("b", 2), ("a", 1)]);
/// let tree_map = BTreeMap::from([("a", 1), ("b", 2)]);
/// assert_eq!(content_id::generate(&hash_map)?, content_id::generate(&tree_map)?);
/// # Ok::<(), content_id::Error>(())
/// ```
pub fn generate<T: StableHash + ?Sized>(data: &T) -> Result<String, Error> {
    generate_with(data, &Options::default())
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
/// [`Error::LengthOutOfRange`] if `length` is not in `2..=128`, [`Error::OddLength`] if it
/// is odd, and the errors of [`generate`].
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
///     content_id::generate(&"report.pdf")?
/// );
/// assert!(content_id::generate_with_length(&"report.pdf", 15).is_err());
/// # Ok::<(), content_id::Error>(())
/// ```
pub fn generate_with_length<T: StableHash + ?Sized>(
    data: &T,
    length: usize,
) -> Result<String, Error> {
    generate_with(
        data,
        &Options {
            length,
            ..Options::default()
        },
    )
}

/// The content id of `data` made as `options` say: its length, and whether a part that
/// cannot be encoded is an error or the marker in its place
/// ([`Options::ignore_unhashable`]).
///
/// # Errors
///
/// The errors of [`generate_with_length`]; with `ignore_unhashable`, only
/// [`Error::TooDeep`] of those of [`generate`].
///
/// # Examples
///
/// ```
/// use content_id::{Encoder, Options, StableHash, Written};
///
/// /// A connection has no content to hash.
/// struct Connection;
/// impl StableHash for Connection {
///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
///         encoder.fail("a connection has no stable content")
///     }
/// }
///
/// let value = ("job-7", Connection);
/// assert!(content_id::generate(&value).is_err());
///
/// let lenient = Options { ignore_unhashable: true, ..Options::default() };
/// let id = content_id::generate_with(&value, &lenient)?;
/// // The marker stands for the connection: the rest of the value still counts.
/// assert_ne!(id, content_id::generate_with(&("job-8", Connection), &lenient)?);
/// # Ok::<(), content_id::Error>(())
/// ```
pub fn generate_with<T: StableHash + ?Sized>(data: &T, options: &Options) -> Result<String, Error> {
    let size = digest_size(options.length)?;
    let digest = digest(data, size, options.ignore_unhashable)?;
    Ok(hex_string(&digest[..size]))
}

/// The digest of `size` bytes (1 to 64), at the front of the array.
pub(crate) fn digest<T: StableHash + ?Sized>(
    data: &T,
    size: usize,
    ignore_unhashable: bool,
) -> Result<[u8; MAX_DIGEST_SIZE], Error> {
    let mut state = State::new(size, ignore_unhashable);
    state.write_value(data);
    state.finish()
}

/// Writes `bytes` (a digest: at most 64 bytes) as lower-case hex into the front of `out`,
/// which holds twice as many; through the workspace's one hex codec.
pub(crate) fn write_hex(bytes: &[u8], out: &mut [u8]) {
    let written = id_text::hex::encode_lower(bytes, out);
    debug_assert!(written.is_ok(), "a hex buffer too short for its digest");
}

/// `bytes` (a digest: at most 64 bytes) as a `String` of lower-case hex.
pub(crate) fn hex_string(bytes: &[u8]) -> String {
    let mut hex = [0u8; 2 * MAX_DIGEST_SIZE];
    id_text::hex::encode_lower(bytes, &mut hex).map_or_else(|_| String::new(), str::to_owned)
}
