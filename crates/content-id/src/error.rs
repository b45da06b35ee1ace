//! What can go wrong.

/// Why an id could not be made: a length that cannot be produced, a value that has no
/// encoding (and where it sits in the input), or (feature `json`) a document that is not
/// JSON by the rules of [`json`](crate::json).
///
/// ```
/// use content_id::{Error, generate_with_length};
///
/// assert_eq!(generate_with_length(&1, 130), Err(Error::LengthOutOfRange { length: 130 }));
/// assert_eq!(generate_with_length(&1, 31), Err(Error::OddLength { length: 31 }));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
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
    /// A part of the value cannot be encoded: an implementation of
    /// [`StableHash`](crate::StableHash) called [`Encoder::fail`](crate::Encoder::fail), or
    /// (feature `serde`) a `serialize` failed.
    ///
    /// ```
    /// use content_id::{Encoder, Error, StableHash, Written};
    ///
    /// struct Secret;
    /// impl StableHash for Secret {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         encoder.fail("a secret is not hashed")
    ///     }
    /// }
    /// let config = std::collections::BTreeMap::from([("token", Secret)]);
    /// let error = content_id::generate(&config).unwrap_err();
    /// assert_eq!(error.to_string(), "cannot encode the value at $.token: a secret is not hashed");
    /// ```
    #[error("cannot encode the value at {path}: {reason}")]
    Unencodable {
        /// Where the value sits, from the root `$`: `[3]` is item 3 of a list (from 0),
        /// `.name` or `["a name"]` the value under a string key, `{7}` the value under a key
        /// that is another scalar (an integer, float, boolean or null), `{#2}` entry 2 of a
        /// map whose key cannot be shown, or element 2 of a set, in the order they were
        /// given, and `{key #2}` the key of entry 2. For example `$.users[3].name`.
        path: String,
        /// What the value said: the message of [`Encoder::fail`](crate::Encoder::fail) or of
        /// the serde error.
        reason: String,
    },
    /// Lists, maps and sets nest deeper than [`MAX_DEPTH`](crate::MAX_DEPTH) through
    /// [`StableHash`](crate::StableHash) or [`Serde`](crate::Serde), whose encoding recurses
    /// on the call stack. (JSON read by [`json`](crate::json) has a limit of its own, and
    /// a document past it is [`JsonErrorKind::TooDeep`](crate::json::JsonErrorKind::TooDeep).)
    ///
    /// ```
    /// use content_id::{Error, MAX_DEPTH};
    ///
    /// // A list in a list in a list …, one deeper than allowed.
    /// let mut value: Vec<Box<dyn content_id::StableHash>> = Vec::new();
    /// for _ in 0..MAX_DEPTH {
    ///     value = vec![Box::new(value)];
    /// }
    /// let error = content_id::generate(&value).unwrap_err();
    /// assert!(matches!(error, Error::TooDeep { limit: MAX_DEPTH, .. }));
    /// assert!(error.to_string().starts_with("the value at $[0][0][0]"));
    /// ```
    #[error(
        "the value at {path} is nested too deep: more than {limit} lists, maps and sets inside one another"
    )]
    TooDeep {
        /// Where the container that would be one too deep sits (see
        /// [`Unencodable::path`](Error::Unencodable::path)).
        path: String,
        /// The limit, [`MAX_DEPTH`](crate::MAX_DEPTH).
        limit: usize,
    },
    /// (feature `json`) The document is not JSON, or breaks one of the rules of
    /// [`json`](crate::json): where and why.
    #[cfg(feature = "json")]
    #[error(transparent)]
    Json(#[from] crate::json::JsonError),
    /// (feature `json`) Reading the document failed.
    #[cfg(feature = "json")]
    #[error("reading the input failed after {offset} bytes: {message}")]
    Read {
        /// The bytes read before the failure.
        offset: u64,
        /// The kind of the I/O error.
        kind: std::io::ErrorKind,
        /// The I/O error's message.
        message: String,
    },
}
