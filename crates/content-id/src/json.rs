//! Content ids of JSON documents, read as a stream (feature `json`).
//!
//! A document is read from any [`Read`] through a buffer of its own, parsed by a strict
//! RFC 8259 parser that keeps its nesting on the heap (see [Memory](#memory) for what it
//! costs), and hashed as it is read: an array is
//! a list (tag `0x06`), an object a map (`0x07`) of its string keys to its values, a string
//! a string, `true`/`false` a bool, `null` null, and a number an integer or a float by the
//! rules below. The id is then the id [`generate`](crate::generate) gives the same value;
//! in particular it is the id of [`Serde`](crate::Serde)`(&serde_json::Value)` of the
//! document whenever serde_json reads the document without loss (no duplicate keys, no
//! integer beyond 64 bits, no number that underflows, no `-0`).
//!
//! # The rules
//!
//! - **Strict JSON** (RFC 8259): one value, with only whitespace (space, tab, line feed,
//!   carriage return) around it; no comments, no trailing commas, no byte order mark, no
//!   `NaN` or `Infinity`, no leading zeros (`01`), no leading `+`, no `.5` or `1.`.
//! - **Strings** are valid UTF-8 ([`JsonErrorKind::InvalidUtf8`]), hold no raw control
//!   character U+0000 to U+001F ([`JsonErrorKind::ControlCharacter`]; write it as an
//!   escape), and use only the escapes `\" \\ \/ \b \f \n \r \t \uXXXX`; a `\u` escape of a
//!   surrogate must be a high surrogate followed by a `\u` escape of a low one
//!   ([`JsonErrorKind::LoneSurrogate`]).
//! - **Duplicate keys** in one object are an error ([`JsonErrorKind::DuplicateKey`]) that
//!   names the key and the offset of its second occurrence; the same key in different
//!   objects is fine. (serde_json keeps the last value silently.)
//! - **Integers**: a number without fraction and exponent is an integer, of any size from
//!   −2¹²⁷ to 2¹²⁸ − 1 (`i128::MIN..=u128::MAX`), hashed by value like every integer
//!   (`0x02`): `18446744073709551616` is 2⁶⁴, not a float. One outside that range is an
//!   error ([`JsonErrorKind::IntegerOutOfRange`]), never a float. `-0` is the integer 0.
//!   (serde_json reads integers beyond 64 bits as floats, and `-0` as the float −0.0.)
//! - **Floats**: a number with a fraction or an exponent is a float (`0x03`): the `f64`
//!   nearest to it (correctly rounded, ties to even, as Rust's `str::parse::<f64>` and
//!   serde_json with `float_roundtrip` read it). `1.0` is a float and not the integer 1;
//!   `-0.0` and `0e5` are the float 0.0. A number that overflows `f64` to infinity is an
//!   error ([`JsonErrorKind::FloatOverflow`]), and so is one whose digits are not all zero
//!   but that rounds to 0.0 ([`JsonErrorKind::FloatUnderflow`], for example `1e-400`).
//!   (serde_json reads `1e-400` as 0.0.)
//! - **Depth**: at most [`Limits::max_depth`] arrays and objects inside one another,
//!   [`DEFAULT_MAX_DEPTH`] (10,000) unless the caller says otherwise
//!   ([`generate_from_reader_with`]); one deeper is an error
//!   ([`JsonErrorKind::TooDeep`]) at its `[` or `{`. Nesting is kept on the heap, never the
//!   call stack, so any limit is safe, and the time is linear in the document's size at
//!   any depth.
//!
//! Every error gives the byte offset (from 0), and the line and column (from 1, the column
//! in bytes) of where it was found: [`JsonError`].
//!
//! (serde_json's own feature `arbitrary_precision` serializes a `Number` as a map with a
//! private key; with it on, `Serde(&serde_json::Value)` hashes numbers as such maps, and no
//! longer agrees with this module. The workspace does not turn it on.)
//!
//! # Memory
//!
//! The document is never held. What the reader keeps, in bytes:
//!
//! | for | bytes |
//! |---|---|
//! | the read buffer | 65,536 |
//! | the hash states and the rest of the reader | under 1,024 |
//! | the string (decoded) or number literal being read | its length; the buffer keeps the size of the longest |
//! | each array open around the current position | 1 |
//! | each object open around the current position | 49, plus the bytes of the entry around it that BLAKE2b has not compressed yet and their count (at most 129; 10 + the key's length for an object that is the whole value of a key of up to 119 bytes), plus 72 once that entry is longer than 128 bytes: at most 250 |
//! | each key read so far in the objects open around the current position | 16 for its fingerprint, and 32 for its entry digest once its value is read: 48. An object of more than 16 keys moves its fingerprints into a hash table of its own, of 17 bytes a slot and at most 16/7 slots a key: at most 71 a key, and 91 while the table doubles and holds its old slots too |
//!
//! Each of these lives in a vector or hash table that grows by doubling, so up to twice its
//! bytes may be allocated, and while one grows its old copy is held for a moment too. A
//! chain of objects `{"a":{"a":…` costs 76 bytes a level (60 for the object, 16 for its
//! key), nested arrays 1 byte a level, and one object of a million keys about 83 MB at its
//! peak: memory grows with the nesting and with the keys of the objects still open, not
//! with the rest of the document (a 1 GiB array of small objects is hashed in a few MiB).
//!
//! [`Limits::max_depth`] bounds the nesting: at most 250 bytes a level before keys, 2.5 MB
//! in use at the default of 10,000. Only the size of the document bounds the keys: each
//! takes at least 5 of its bytes (`"":0,`), so a document of `n` bytes needs at most about
//! `91 × n / 5` bytes for them. A service that reads documents it does not trust bounds
//! both: the depth with [`Limits`], and the size of what it reads.
//!
//! # Examples
//!
//! ```
//! use content_id::json::generate_from_reader;
//! use content_id::Options;
//!
//! let id = generate_from_reader(r#"{"b": [1, 2.5, null], "a": "x"}"#.as_bytes(), &Options::default())?;
//! let same = generate_from_reader(&b"{ \"a\":\"x\", \"b\":[1,2.5,null] }"[..], &Options::default())?;
//! assert_eq!(id, same);
//!
//! // The same value through `StableHash`.
//! use std::collections::BTreeMap;
//! let value: BTreeMap<&str, &dyn content_id::StableHash> =
//!     BTreeMap::from([("a", &"x" as _), ("b", &(1, 2.5, ()) as _)]);
//! assert_eq!(id, content_id::generate(&value)?);
//! # Ok::<(), content_id::Error>(())
//! ```

use core::fmt;
use std::collections::HashSet;
use std::hash::{BuildHasher, BuildHasherDefault, Hasher, RandomState};
use std::io::{ErrorKind, Read};

use uuid::Uuid;

use crate::blake2b::MAX_DIGEST_SIZE;
use crate::encoder::{Scalar, State, tag};
use crate::id::{digest_size, hex_string};
use crate::uuid5::uuid5_of_digest;
use crate::{Error, NAMESPACE, Options};

/// The content id of the JSON document read from `reader`, in `options.length` hex
/// characters (see the [module documentation](self) for the rules).
/// `options.ignore_unhashable` does not matter: every JSON value has an encoding.
///
/// `reader` is read through a buffer of this function's own, to its end: a `File` or
/// `Stdin` needs no `BufReader`. A `&[u8]` or `&str`'s `.as_bytes()` is a reader too.
///
/// # Errors
///
/// [`Error::LengthOutOfRange`] and [`Error::OddLength`] for a bad length (before anything is
/// read), [`Error::Json`] if the document is not JSON by the rules (nesting deeper than
/// [`DEFAULT_MAX_DEPTH`] among them: [`JsonErrorKind::TooDeep`]), and [`Error::Read`] if
/// reading fails.
///
/// # Examples
///
/// ```
/// use content_id::json::{JsonErrorKind, generate_from_reader};
/// use content_id::{Error, Options};
///
/// let options = Options { length: 16, ..Options::default() };
/// let id = generate_from_reader(&b"[18446744073709551616, -0, 1e-5]"[..], &options)?;
/// assert_eq!(id.len(), 16);
///
/// let Err(Error::Json(error)) = generate_from_reader(&b"{\"a\": 1, \"a\": 2}"[..], &options) else {
///     panic!("a duplicate key is an error");
/// };
/// assert_eq!(error.kind, JsonErrorKind::DuplicateKey { key: "a".into() });
/// assert_eq!((error.offset, error.line, error.column), (9, 1, 10));
/// # Ok::<(), Error>(())
/// ```
pub fn generate_from_reader<R: Read>(reader: R, options: &Options) -> Result<String, Error> {
    generate_from_reader_with(reader, options, &Limits::default())
}

/// [`generate_from_reader`] with `limits` in place of the [default ones](Limits::default):
/// for a document that may nest deeper than [`DEFAULT_MAX_DEPTH`], or to allow less.
///
/// # Errors
///
/// Those of [`generate_from_reader`]; [`JsonErrorKind::TooDeep`] at the first array or
/// object that would be nested deeper than `limits.max_depth`.
///
/// # Examples
///
/// ```
/// use content_id::json::{JsonErrorKind, Limits, generate_from_reader_with};
/// use content_id::{Error, Options};
///
/// let limits = Limits { max_depth: 2 };
/// let id = generate_from_reader_with(&b"[[1], {\"a\": 2}]"[..], &Options::default(), &limits)?;
/// let same = ([1], std::collections::BTreeMap::from([("a", 2)]));
/// assert_eq!(id, content_id::generate(&same)?);
///
/// let Err(Error::Json(error)) =
///     generate_from_reader_with(&b"[[[1]]]"[..], &Options::default(), &limits)
/// else {
///     panic!("three arrays are one too many");
/// };
/// assert_eq!(error.kind, JsonErrorKind::TooDeep { limit: 2 });
/// assert_eq!(error.offset, 2);
/// assert_eq!(
///     error.to_string(),
///     "invalid JSON at line 1, column 3 (byte 2): nested too deep: an array or object at depth 3, past the limit of 2"
/// );
/// # Ok::<(), Error>(())
/// ```
pub fn generate_from_reader_with<R: Read>(
    reader: R,
    options: &Options,
    limits: &Limits,
) -> Result<String, Error> {
    let size = digest_size(options.length)?;
    let digest = digest(reader, size, limits)?;
    Ok(hex_string(&digest[..size]))
}

/// A UUIDv5 of the JSON document read from `reader`, under `namespace`: `Uuid::new_v5(namespace,
/// id)` of its 128-hex-character id, as [`generate_uuid5_in`](crate::generate_uuid5_in)
/// makes it. [`NAMESPACE`] is the namespace of [`generate_uuid5`](crate::generate_uuid5).
///
/// # Errors
///
/// [`Error::Json`] and [`Error::Read`], as [`generate_from_reader`].
///
/// # Examples
///
/// ```
/// use content_id::json::generate_uuid5_from_reader;
///
/// let id = generate_uuid5_from_reader(&b"[1, 2]"[..], &content_id::NAMESPACE)?;
/// assert_eq!(id, content_id::generate_uuid5(&[1, 2])?);
/// # Ok::<(), content_id::Error>(())
/// ```
pub fn generate_uuid5_from_reader<R: Read>(reader: R, namespace: &Uuid) -> Result<Uuid, Error> {
    generate_uuid5_from_reader_with(reader, namespace, &Limits::default())
}

/// [`generate_uuid5_from_reader`] with `limits` in place of the [default ones](Limits::default).
///
/// # Errors
///
/// Those of [`generate_uuid5_from_reader`], and [`JsonErrorKind::TooDeep`] as
/// [`generate_from_reader_with`].
///
/// # Examples
///
/// ```
/// use content_id::json::{Limits, generate_uuid5_from_reader_with};
///
/// let deep = format!("{}1{}", "[".repeat(20_000), "]".repeat(20_000));
/// let namespace = content_id::NAMESPACE;
/// let limits = Limits { max_depth: 20_000 };
/// let id = generate_uuid5_from_reader_with(deep.as_bytes(), &namespace, &limits)?;
/// assert_eq!(id.get_version_num(), 5);
/// let default = content_id::json::generate_uuid5_from_reader(deep.as_bytes(), &namespace);
/// let Err(content_id::Error::Json(error)) = default else { panic!("past the default limit") };
/// assert_eq!(error.kind, content_id::json::JsonErrorKind::TooDeep { limit: 10_000 });
/// # Ok::<(), content_id::Error>(())
/// ```
pub fn generate_uuid5_from_reader_with<R: Read>(
    reader: R,
    namespace: &Uuid,
    limits: &Limits,
) -> Result<Uuid, Error> {
    Ok(uuid5_of_digest(
        &digest(reader, MAX_DIGEST_SIZE, limits)?,
        namespace,
    ))
}

/// How deep [`generate_from_reader`] and [`generate_uuid5_from_reader`] let a document nest:
/// 10,000 arrays and objects, one inside the other. At most about 2.5 MB of nesting state
/// (see [Memory](self#memory)), and far deeper than documents that are not made to be deep.
///
/// ```
/// use content_id::json::{DEFAULT_MAX_DEPTH, generate_from_reader};
/// use content_id::Options;
///
/// let depth = DEFAULT_MAX_DEPTH;
/// let at_the_limit = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
/// assert!(generate_from_reader(at_the_limit.as_bytes(), &Options::default()).is_ok());
/// let past_it = format!("[{at_the_limit}]");
/// assert!(generate_from_reader(past_it.as_bytes(), &Options::default()).is_err());
/// ```
pub const DEFAULT_MAX_DEPTH: usize = 10_000;

/// Limits on what a document may make the reader hold: a service that reads documents it
/// does not trust bounds its memory with them (see [Memory](self#memory)).
///
/// ```
/// use content_id::json::{DEFAULT_MAX_DEPTH, Limits, generate_from_reader_with};
/// use content_id::Options;
///
/// assert_eq!(Limits::default().max_depth, DEFAULT_MAX_DEPTH);
/// // No limit: nesting then costs memory without bound.
/// let unlimited = Limits { max_depth: usize::MAX };
/// let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
/// assert!(generate_from_reader_with(deep.as_bytes(), &Options::default(), &unlimited).is_ok());
/// # Ok::<(), content_id::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Limits {
    /// How many arrays and objects may be open at once, one inside the other: the document's
    /// top-level array or object is at depth 1, and one that would be at `max_depth + 1` is
    /// [`JsonErrorKind::TooDeep`]. 0 allows only a scalar document.
    pub max_depth: usize,
}

impl Default for Limits {
    /// `max_depth`: [`DEFAULT_MAX_DEPTH`].
    ///
    /// ```
    /// let limits = content_id::json::Limits::default();
    /// assert_eq!(limits.max_depth, 10_000);
    /// ```
    fn default() -> Self {
        Limits {
            max_depth: DEFAULT_MAX_DEPTH,
        }
    }
}

// Keeps NAMESPACE linked in the documentation above.
const _: Uuid = NAMESPACE;

fn digest<R: Read>(
    reader: R,
    size: usize,
    limits: &Limits,
) -> Result<[u8; MAX_DIGEST_SIZE], Error> {
    let mut state = State::new(size, false);
    Parser::new(reader, limits).document(&mut state)?;
    state.finish()
}

/// Where and why a document is not JSON by the rules of this module.
///
/// ```
/// use content_id::json::{JsonErrorKind, generate_from_reader};
/// use content_id::{Error, Options};
///
/// let Err(Error::Json(error)) = generate_from_reader(&b"[1,\n 1e-400]"[..], &Options::default()) else {
///     panic!("1e-400 underflows");
/// };
/// assert_eq!(error.kind, JsonErrorKind::FloatUnderflow);
/// assert_eq!((error.offset, error.line, error.column), (5, 2, 2));
/// assert_eq!(
///     error.to_string(),
///     "invalid JSON at line 2, column 2 (byte 5): float underflow: the number is not zero but rounds to 0.0 as an f64"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[error("invalid JSON at line {line}, column {column} (byte {offset}): {kind}")]
#[non_exhaustive]
pub struct JsonError {
    /// The offset of the offending byte (or of the start of the offending token: a key, a
    /// number), in bytes from the start of the document, from 0.
    pub offset: u64,
    /// Its line, from 1.
    pub line: u64,
    /// Its column, in bytes from the start of the line, from 1.
    pub column: u64,
    /// What is wrong.
    pub kind: JsonErrorKind,
}

/// What is wrong with a document; [`JsonError`] says where.
///
/// ```
/// use content_id::json::{Found, JsonErrorKind};
///
/// let kind = JsonErrorKind::Expected { what: "a value", found: Found::End };
/// assert_eq!(kind.to_string(), "expected a value, found the end of the input");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum JsonErrorKind {
    /// The grammar of JSON wanted something else here.
    #[error("expected {what}, found {found}")]
    Expected {
        /// What would have been valid.
        what: &'static str,
        /// What was there.
        found: Found,
    },
    /// A key appears twice in one object.
    #[error("duplicate key {}", quoted(.key))]
    DuplicateKey {
        /// The key (invalid UTF-8 cannot occur: it is an error of its own).
        key: String,
    },
    /// An integer literal outside `i128::MIN..=u128::MAX`.
    #[error(
        "integer out of range: a number without fraction or exponent is an integer, from -2^127 to 2^128-1"
    )]
    IntegerOutOfRange,
    /// A number that overflows `f64` to infinity.
    #[error("float overflow: the number is too large for an f64")]
    FloatOverflow,
    /// A number that is not zero but rounds to 0.0 as an `f64`.
    #[error("float underflow: the number is not zero but rounds to 0.0 as an f64")]
    FloatUnderflow,
    /// A `0` followed by another digit.
    #[error("leading zero in a number")]
    LeadingZero,
    /// Bytes of a string that are not UTF-8.
    #[error("invalid UTF-8 in a string")]
    InvalidUtf8,
    /// A raw control character (U+0000 to U+001F) in a string.
    #[error("control character 0x{byte:02X} in a string: write it as an escape")]
    ControlCharacter {
        /// The character.
        byte: u8,
    },
    /// A backslash followed by something that is not an escape of JSON.
    #[error("invalid escape: `\\` followed by {found}")]
    InvalidEscape {
        /// What followed the backslash.
        found: Found,
    },
    /// An array or object that would be nested deeper than the limit
    /// ([`Limits::max_depth`]): at depth `limit + 1`.
    #[error(
        "nested too deep: an array or object at depth {}, past the limit of {limit}",
        .limit.saturating_add(1)
    )]
    TooDeep {
        /// The limit.
        limit: usize,
    },
    /// A `\u` escape of a surrogate that is not a high surrogate followed by a `\u` escape of
    /// a low one.
    #[error(
        "lone surrogate \\u{code:04X} in a string: a surrogate escape must be a high one (D800 to DBFF) followed by a low one (DC00 to DFFF)"
    )]
    LoneSurrogate {
        /// The surrogate.
        code: u16,
    },
}

/// What a [`JsonErrorKind`] found where it expected something else.
///
/// ```
/// use content_id::json::Found;
///
/// assert_eq!(Found::Byte(b'}').to_string(), "`}`");
/// assert_eq!(Found::Byte(0xFF).to_string(), "byte 0xFF");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Found {
    /// This byte.
    Byte(u8),
    /// The end of the input.
    End,
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Found::Byte(byte) if byte.is_ascii_graphic() => write!(f, "`{}`", char::from(byte)),
            Found::Byte(byte) => write!(f, "byte 0x{byte:02X}"),
            Found::End => f.write_str("the end of the input"),
        }
    }
}

fn quoted(key: &str) -> String {
    let mut out = String::new();
    crate::path::quote(key, &mut out);
    out
}

/// The size of the read buffer.
const BUFFER_SIZE: usize = 64 * 1024;

/// The kind of an array or object open around the current position.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Open {
    Array,
    Object,
}

/// An object open around the current position: where its key fingerprints start on
/// [`Parser::fingerprints`], or, past [`SCAN`] keys, the table that holds them instead.
struct Object {
    first_key: usize,
    keys: Option<Box<Keys>>,
}

/// The keys an object may have before its fingerprints move from a scan of the shared stack
/// to a hash table of its own: few enough that a scan costs no more than a lookup.
const SCAN: usize = 16;

/// A set of 128-bit key fingerprints; they are random already, so they index the table as
/// they are.
type Keys = HashSet<u128, BuildHasherDefault<Fingerprint>>;

#[derive(Default)]
struct Fingerprint(u64);

impl Hasher for Fingerprint {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u128(&mut self, value: u128) {
        self.0 = value as u64;
    }
}

/// The streaming parser: a buffer over the reader, the position for messages, and the
/// text of the current string or number.
struct Parser<R> {
    reader: R,
    buffer: Vec<u8>,
    pos: usize,
    end: usize,
    /// Bytes of the document before `buffer[0]`.
    before: u64,
    at_end: bool,
    line: u64,
    /// The offset of the first byte of the current line.
    line_start: u64,
    /// The decoded string, or the number literal, being read.
    text: Vec<u8>,
    /// Keyed hashes of the keys: two, for 128 bits, so that distinct keys never share a
    /// fingerprint in practice.
    keyed: (RandomState, RandomState),
    /// The arrays and objects open around the current position, innermost last.
    open: Vec<Open>,
    /// The open objects, innermost last.
    objects: Vec<Object>,
    /// The key fingerprints of the open objects of at most [`SCAN`] keys, innermost last.
    fingerprints: Vec<u128>,
    /// How many arrays and objects may be open at once.
    max_depth: usize,
}

impl<R: Read> Parser<R> {
    fn new(reader: R, limits: &Limits) -> Self {
        Parser {
            reader,
            buffer: vec![0; BUFFER_SIZE],
            pos: 0,
            end: 0,
            before: 0,
            at_end: false,
            line: 1,
            line_start: 0,
            text: Vec::new(),
            keyed: (RandomState::new(), RandomState::new()),
            open: Vec::new(),
            objects: Vec::new(),
            fingerprints: Vec::new(),
            max_depth: limits.max_depth,
        }
    }

    fn offset(&self) -> u64 {
        self.before + self.pos as u64
    }

    /// Makes sure a byte is buffered; `false` at the end of the input.
    #[inline]
    fn fill(&mut self) -> Result<bool, Error> {
        if self.pos < self.end {
            return Ok(true);
        }
        self.refill()
    }

    #[cold]
    fn refill(&mut self) -> Result<bool, Error> {
        if self.at_end {
            return Ok(false);
        }
        self.before += self.end as u64;
        self.pos = 0;
        self.end = 0;
        loop {
            match self.reader.read(&mut self.buffer) {
                Ok(0) => {
                    self.at_end = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.end = n.min(self.buffer.len());
                    return Ok(true);
                }
                Err(error) if error.kind() == ErrorKind::Interrupted => {}
                Err(error) => {
                    return Err(Error::Read {
                        offset: self.before,
                        kind: error.kind(),
                        message: error.to_string(),
                    });
                }
            }
        }
    }

    #[inline]
    fn peek(&mut self) -> Result<Option<u8>, Error> {
        Ok(if self.fill()? {
            Some(self.buffer[self.pos])
        } else {
            None
        })
    }

    fn found(&mut self) -> Result<Found, Error> {
        Ok(self.peek()?.map_or(Found::End, Found::Byte))
    }

    /// The next byte that is not whitespace, not consumed.
    fn skip_whitespace(&mut self) -> Result<Option<u8>, Error> {
        loop {
            if !self.fill()? {
                return Ok(None);
            }
            while self.pos < self.end {
                match self.buffer[self.pos] {
                    b' ' | b'\t' | b'\r' => self.pos += 1,
                    b'\n' => {
                        self.pos += 1;
                        self.line += 1;
                        self.line_start = self.offset();
                    }
                    byte => return Ok(Some(byte)),
                }
            }
        }
    }

    /// The error `kind` at `offset`, which lies on the current line.
    fn error_at(&self, offset: u64, kind: JsonErrorKind) -> Error {
        Error::Json(JsonError {
            offset,
            line: self.line,
            column: offset.saturating_sub(self.line_start) + 1,
            kind,
        })
    }

    fn error_here(&self, kind: JsonErrorKind) -> Error {
        self.error_at(self.offset(), kind)
    }

    fn expected(&mut self, what: &'static str) -> Error {
        match self.found() {
            Ok(found) => self.error_here(JsonErrorKind::Expected { what, found }),
            Err(error) => error,
        }
    }

    /// Reads one document to its end into `state`.
    fn document(&mut self, state: &mut State) -> Result<(), Error> {
        'value: loop {
            match self.skip_whitespace()? {
                Some(b'{') => {
                    self.open(Open::Object)?;
                    state.open_entries(tag::MAP);
                    match self.skip_whitespace()? {
                        Some(b'}') => {
                            self.pos += 1;
                            self.open.pop();
                            state.close_entries();
                        }
                        Some(b'"') => {
                            self.objects.push(Object {
                                first_key: self.fingerprints.len(),
                                keys: None,
                            });
                            self.key(state)?;
                            continue 'value;
                        }
                        _ => return Err(self.expected("a string key or `}`")),
                    }
                }
                Some(b'[') => {
                    self.open(Open::Array)?;
                    state.open_list();
                    if self.skip_whitespace()? == Some(b']') {
                        self.pos += 1;
                        self.open.pop();
                        state.close_list();
                    } else {
                        continue 'value;
                    }
                }
                Some(b'"') => {
                    self.pos += 1;
                    self.string()?;
                    state.scalar(Scalar::Str(&self.text));
                }
                Some(b't') => {
                    self.literal(b"true", "`true`")?;
                    state.scalar(Scalar::Bool(true));
                }
                Some(b'f') => {
                    self.literal(b"false", "`false`")?;
                    state.scalar(Scalar::Bool(false));
                }
                Some(b'n') => {
                    self.literal(b"null", "`null`")?;
                    state.scalar(Scalar::Null);
                }
                Some(b'-' | b'0'..=b'9') => self.number(state)?,
                _ => return Err(self.expected("a value")),
            }
            // A value is complete: what may follow depends on what holds it.
            loop {
                match self.open.last() {
                    None => {
                        return match self.skip_whitespace()? {
                            None => Ok(()),
                            Some(_) => Err(self.expected("the end of the input")),
                        };
                    }
                    Some(Open::Array) => match self.skip_whitespace()? {
                        Some(b',') => {
                            self.pos += 1;
                            continue 'value;
                        }
                        Some(b']') => {
                            self.pos += 1;
                            self.open.pop();
                            state.close_list();
                        }
                        _ => return Err(self.expected("`,` or `]`")),
                    },
                    Some(Open::Object) => {
                        state.end_entry();
                        match self.skip_whitespace()? {
                            Some(b',') => {
                                self.pos += 1;
                                if self.skip_whitespace()? != Some(b'"') {
                                    return Err(self.expected("a string key"));
                                }
                                self.key(state)?;
                                continue 'value;
                            }
                            Some(b'}') => {
                                self.pos += 1;
                                self.open.pop();
                                if let Some(object) = self.objects.pop() {
                                    self.fingerprints.truncate(object.first_key);
                                }
                                state.close_entries();
                            }
                            _ => return Err(self.expected("`,` or `}`")),
                        }
                    }
                }
            }
        }
    }

    /// Opens an array or object, at its first byte, unless it would be deeper than the
    /// limit.
    fn open(&mut self, open: Open) -> Result<(), Error> {
        if self.open.len() >= self.max_depth {
            return Err(self.error_here(JsonErrorKind::TooDeep {
                limit: self.max_depth,
            }));
        }
        self.open.push(open);
        self.pos += 1;
        Ok(())
    }

    /// Reads a key of the innermost object (at its opening quote) and the colon after it,
    /// and writes the key.
    fn key(&mut self, state: &mut State) -> Result<(), Error> {
        let at = self.offset();
        self.pos += 1;
        self.string()?;
        let fingerprint = (u128::from(self.keyed.0.hash_one(&self.text)) << 64)
            | u128::from(self.keyed.1.hash_one(&self.text));
        if !self.insert_key(fingerprint) {
            let key = String::from_utf8_lossy(&self.text).into_owned();
            return Err(self.error_at(at, JsonErrorKind::DuplicateKey { key }));
        }
        state.scalar(Scalar::Str(&self.text));
        if self.skip_whitespace()? != Some(b':') {
            return Err(self.expected("`:`"));
        }
        self.pos += 1;
        Ok(())
    }

    /// Adds a key to the innermost object; `false` if it has it already.
    fn insert_key(&mut self, fingerprint: u128) -> bool {
        let Some(object) = self.objects.last_mut() else {
            return true;
        };
        if let Some(keys) = &mut object.keys {
            return keys.insert(fingerprint);
        }
        let read = &self.fingerprints[object.first_key..];
        if read.contains(&fingerprint) {
            return false;
        }
        if read.len() < SCAN {
            self.fingerprints.push(fingerprint);
        } else {
            let mut keys = Keys::with_capacity_and_hasher(SCAN + 1, Default::default());
            keys.extend(self.fingerprints.drain(object.first_key..));
            keys.insert(fingerprint);
            object.keys = Some(Box::new(keys));
        }
        true
    }

    /// Reads `word` (its first byte is known to match).
    fn literal(&mut self, word: &[u8], what: &'static str) -> Result<(), Error> {
        for &expected in word {
            if self.peek()? != Some(expected) {
                return Err(self.expected(what));
            }
            self.pos += 1;
        }
        Ok(())
    }

    /// Reads a string after its opening quote: its UTF-8, unescaped, into `self.text`.
    fn string(&mut self) -> Result<(), Error> {
        self.text.clear();
        // The run of raw bytes since the last escape, checked as UTF-8 when it ends.
        let mut run_start = 0;
        let mut run_offset = self.offset();
        loop {
            if !self.fill()? {
                return Err(self.expected("`\"` to end the string"));
            }
            let chunk = &self.buffer[self.pos..self.end];
            let plain = chunk
                .iter()
                .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
                .unwrap_or(chunk.len());
            self.text.extend_from_slice(&chunk[..plain]);
            self.pos += plain;
            if self.pos == self.end {
                continue;
            }
            match self.buffer[self.pos] {
                b'"' => {
                    self.check_utf8(run_start, run_offset)?;
                    self.pos += 1;
                    return Ok(());
                }
                b'\\' => {
                    self.check_utf8(run_start, run_offset)?;
                    self.escape()?;
                    run_start = self.text.len();
                    run_offset = self.offset();
                }
                byte => return Err(self.error_here(JsonErrorKind::ControlCharacter { byte })),
            }
        }
    }

    fn check_utf8(&self, run_start: usize, run_offset: u64) -> Result<(), Error> {
        match core::str::from_utf8(&self.text[run_start..]) {
            Ok(_) => Ok(()),
            Err(error) => Err(self.error_at(
                run_offset + error.valid_up_to() as u64,
                JsonErrorKind::InvalidUtf8,
            )),
        }
    }

    /// Reads an escape, at its backslash, and appends what it stands for.
    fn escape(&mut self) -> Result<(), Error> {
        let at = self.offset();
        self.pos += 1;
        let Some(byte) = self.peek()? else {
            return Err(self.error_at(at, JsonErrorKind::InvalidEscape { found: Found::End }));
        };
        self.pos += 1;
        let c = match byte {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{08}',
            b'f' => '\u{0C}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let code = self.hex4()?;
                let lone =
                    |parser: &Self| parser.error_at(at, JsonErrorKind::LoneSurrogate { code });
                let scalar = match code {
                    0xD800..=0xDBFF => {
                        if self.peek()? != Some(b'\\') {
                            return Err(lone(self));
                        }
                        self.pos += 1;
                        if self.peek()? != Some(b'u') {
                            return Err(lone(self));
                        }
                        self.pos += 1;
                        let low = self.hex4()?;
                        if !(0xDC00..=0xDFFF).contains(&low) {
                            return Err(lone(self));
                        }
                        0x10000 + ((u32::from(code) - 0xD800) << 10) + (u32::from(low) - 0xDC00)
                    }
                    0xDC00..=0xDFFF => return Err(lone(self)),
                    _ => u32::from(code),
                };
                char::from_u32(scalar).ok_or_else(|| lone(self))?
            }
            other => {
                return Err(self.error_at(
                    at,
                    JsonErrorKind::InvalidEscape {
                        found: Found::Byte(other),
                    },
                ));
            }
        };
        self.text
            .extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
        Ok(())
    }

    /// Four hex digits of a `\u` escape.
    fn hex4(&mut self) -> Result<u16, Error> {
        let mut code = 0u16;
        for _ in 0..4 {
            let digit = match self.peek()? {
                Some(byte @ b'0'..=b'9') => byte - b'0',
                Some(byte @ b'a'..=b'f') => byte - b'a' + 10,
                Some(byte @ b'A'..=b'F') => byte - b'A' + 10,
                _ => return Err(self.expected("a hex digit of a `\\u` escape")),
            };
            self.pos += 1;
            code = code << 4 | u16::from(digit);
        }
        Ok(code)
    }

    /// Appends the ASCII digits that follow to `self.text`; how many.
    fn digits(&mut self) -> Result<usize, Error> {
        let mut count = 0;
        while self.fill()? {
            let chunk = &self.buffer[self.pos..self.end];
            let n = chunk
                .iter()
                .position(|b| !b.is_ascii_digit())
                .unwrap_or(chunk.len());
            self.text.extend_from_slice(&chunk[..n]);
            self.pos += n;
            count += n;
            if self.pos < self.end {
                break;
            }
        }
        Ok(count)
    }

    /// Reads a number (at its first byte) and writes it: an integer, or a float.
    fn number(&mut self, state: &mut State) -> Result<(), Error> {
        let start = self.offset();
        self.text.clear();
        let negative = self.peek()? == Some(b'-');
        if negative {
            self.text.push(b'-');
            self.pos += 1;
        }
        match self.peek()? {
            Some(b'0') => {
                self.text.push(b'0');
                self.pos += 1;
                if matches!(self.peek()?, Some(b'0'..=b'9')) {
                    return Err(self.error_here(JsonErrorKind::LeadingZero));
                }
            }
            Some(b'1'..=b'9') => {
                self.digits()?;
            }
            _ => return Err(self.expected("a digit")),
        }
        let mut integer = true;
        let mut mantissa_end = self.text.len();
        if self.peek()? == Some(b'.') {
            integer = false;
            self.text.push(b'.');
            self.pos += 1;
            if self.digits()? == 0 {
                return Err(self.expected("a digit after the decimal point"));
            }
            mantissa_end = self.text.len();
        }
        if let Some(e @ (b'e' | b'E')) = self.peek()? {
            integer = false;
            self.text.push(e);
            self.pos += 1;
            if let Some(sign @ (b'+' | b'-')) = self.peek()? {
                self.text.push(sign);
                self.pos += 1;
            }
            if self.digits()? == 0 {
                return Err(self.expected("a digit of the exponent"));
            }
        }
        if integer {
            let digits = &self.text[usize::from(negative)..];
            let mut magnitude = 0u128;
            for &digit in digits {
                magnitude = match magnitude
                    .checked_mul(10)
                    .and_then(|m| m.checked_add(u128::from(digit - b'0')))
                {
                    Some(m) => m,
                    None => return Err(self.error_at(start, JsonErrorKind::IntegerOutOfRange)),
                };
            }
            if negative && magnitude > 1 << 127 {
                return Err(self.error_at(start, JsonErrorKind::IntegerOutOfRange));
            }
            state.scalar(Scalar::Integer {
                negative,
                magnitude,
            });
        } else {
            // The grammar above leaves only what `f64::from_str` reads, correctly rounded.
            let value = core::str::from_utf8(&self.text)
                .ok()
                .and_then(|text| text.parse::<f64>().ok())
                .ok_or_else(|| self.error_at(start, JsonErrorKind::FloatOverflow))?;
            if value.is_infinite() {
                return Err(self.error_at(start, JsonErrorKind::FloatOverflow));
            }
            let nonzero = self.text[..mantissa_end]
                .iter()
                .any(|digit| matches!(digit, b'1'..=b'9'));
            if value == 0.0 && nonzero {
                return Err(self.error_at(start, JsonErrorKind::FloatUnderflow));
            }
            state.scalar(Scalar::Float(value));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blake2b::counter::bytes_fed;

    fn nested(depth: usize, open: &str, close: &str) -> String {
        let mut text = open.repeat(depth);
        text.push('1');
        text.push_str(&close.repeat(depth));
        text
    }

    // Work linear in the document at any depth the limits allow: the bytes hashed for
    // 100,000 nested objects or arrays follow the same formula as for 1.
    #[test]
    fn depth_100_000_is_hashed_in_linear_work() {
        let limits = Limits { max_depth: 100_000 };
        let id = |document: &str| {
            bytes_fed(|| {
                generate_from_reader_with(document.as_bytes(), &Options::default(), &limits)
            })
        };
        for depth in [1, 1_000, 100_000] {
            let (result, fed) = id(&nested(depth, "{\"a\":", "}"));
            assert!(result.is_ok(), "{result:?}");
            // Per object: its key (10 bytes) and the map inside it (41 bytes) in its entry.
            assert_eq!(fed, 51 * depth as u64 + 18, "objects, depth {depth}");

            let (result, fed) = id(&nested(depth, "[", "]"));
            assert!(result.is_ok(), "{result:?}");
            // Per array: its tag and its end.
            assert_eq!(fed, 2 * depth as u64 + 18, "arrays, depth {depth}");
        }
    }

    /// A reader that gives one byte per `read`, so that every token crosses a refill.
    struct OneByte<'a>(&'a [u8]);

    impl Read for OneByte<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            match (self.0.split_first(), buf.first_mut()) {
                (Some((&byte, rest)), Some(slot)) => {
                    *slot = byte;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    #[test]
    fn tokens_split_across_reads_read_the_same() {
        let documents: [&[u8]; 6] = [
            br#"{"key": ["a\u00e9\ud83e\udd80\n", -12.5e-3, 340282366920938463463374607431768211455, true, false, null]}"#,
            "[\"héllo wörld ✓ 🦀\", {}, [], 0, -0, 1E+2]".as_bytes(),
            b" \r\n\t[ 1 , 2 ] \n",
            b"\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"",
            b"{\"a\": 1, \"a\": 2}",
            b"\"a\xc3\xa9\xff\"",
        ];
        for document in documents {
            let whole = generate_from_reader(document, &Options::default());
            let split = generate_from_reader(OneByte(document), &Options::default());
            assert_eq!(whole, split, "{}", String::from_utf8_lossy(document));
        }
    }
}
