//! The encoder: writes one value's encoding into the hash, buffering only the entries of maps
//! and sets, which are sorted before they are hashed.

use core::fmt;
use core::ops::Range;

use crate::StableHash;
use crate::blake2b::{Blake2b, MAX_DIGEST_SIZE};

/// The tag byte of each kind; see the table in the crate documentation.
pub(crate) mod tag {
    pub(crate) const NULL: u8 = 0x00;
    pub(crate) const BOOL: u8 = 0x01;
    pub(crate) const INTEGER: u8 = 0x02;
    pub(crate) const FLOAT: u8 = 0x03;
    pub(crate) const STRING: u8 = 0x04;
    pub(crate) const BYTES: u8 = 0x05;
    pub(crate) const LIST: u8 = 0x06;
    pub(crate) const MAP: u8 = 0x07;
    pub(crate) const SET: u8 = 0x08;
    pub(crate) const UNENCODABLE: u8 = 0xFF;
}

/// The bits every NaN is written as: the quiet NaN with no payload.
const CANONICAL_NAN: u64 = 0x7FF8_0000_0000_0000;

/// The first allocation of the buffers, in bytes and in entries.
const SCRATCH_CAPACITY: usize = 256;
const ENTRIES_CAPACITY: usize = 8;

/// Receives the encoding of a value, as [`StableHash::stable_hash`] writes it.
///
/// An implementation of [`StableHash`] calls exactly one `write_*` method (or the
/// `stable_hash` of exactly one other value): the encoding of a value is the encoding of one
/// kind of the table in the [crate documentation](crate). The methods write the tag, the
/// length or count and the payload, so an implementation cannot get the framing wrong.
///
/// There is no public constructor: [`generate`](crate::generate) and its siblings create the
/// encoder, hand it to the value and hash what it receives.
///
/// # Examples
///
/// A type that hashes as a map of its field names, like a struct through
/// [`Serde`](crate::Serde) (feature `serde`):
///
/// ```
/// use content_id::{Encoder, StableHash};
///
/// struct Point {
///     x: i32,
///     y: i32,
/// }
///
/// impl StableHash for Point {
///     fn stable_hash(&self, encoder: &mut Encoder) {
///         encoder.write_map([("x", self.x), ("y", self.y)]);
///     }
/// }
///
/// let mut fields = std::collections::BTreeMap::new();
/// fields.insert("y", -2);
/// fields.insert("x", 1);
/// assert_eq!(
///     content_id::generate(&Point { x: 1, y: -2 }),
///     content_id::generate(&fields)
/// );
/// ```
pub struct Encoder {
    hasher: Blake2b,
    /// Encodings of the entries of the maps and sets being built, innermost last.
    scratch: Vec<u8>,
    /// Where each entry of those maps and sets lies in `scratch`.
    entries: Vec<Range<usize>>,
    /// How many maps and sets are being built: while any is, writes go to `scratch`.
    open: usize,
    /// Set when the value turned out to have no encoding; the id is then that of `0xFF`.
    unencodable: bool,
}

/// A map, set or list whose entries are being buffered, and where its part of the buffers
/// starts.
pub(crate) struct Frame {
    scratch: usize,
    entries: usize,
}

/// The state of the buffers, to roll back to when a value turns out to have no encoding.
#[cfg(feature = "serde")]
pub(crate) struct Checkpoint {
    open: usize,
    scratch: usize,
    entries: usize,
}

/// Whether buffered entries are sorted by their encoding (maps, sets) or kept in order.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Order {
    Sorted,
    /// Only serde writes lists whose length is not known in advance.
    #[cfg(feature = "serde")]
    AsWritten,
}

impl Encoder {
    pub(crate) fn new(digest_size: usize) -> Self {
        Encoder {
            hasher: Blake2b::new(digest_size),
            scratch: Vec::new(),
            entries: Vec::new(),
            open: 0,
            unencodable: false,
        }
    }

    /// The digest: `digest_size` bytes at the front of the array.
    pub(crate) fn finish(self, digest_size: usize) -> [u8; MAX_DIGEST_SIZE] {
        if self.unencodable {
            let mut hasher = Blake2b::new(digest_size);
            hasher.update(&[tag::UNENCODABLE]);
            return hasher.finalize();
        }
        self.hasher.finalize()
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        if self.open == 0 {
            self.hasher.update(bytes);
        } else {
            self.scratch.extend_from_slice(bytes);
        }
    }

    /// A tag followed by a length or a count, as a big-endian `u64`.
    #[inline]
    pub(crate) fn write_header(&mut self, tag: u8, len: usize) {
        let mut header = [tag; 9];
        header[1..].copy_from_slice(&(len as u64).to_be_bytes());
        self.write(&header);
    }

    /// Writes null (tag `0x00`): what `()` and `None` hash as.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash};
    ///
    /// struct Nothing;
    /// impl StableHash for Nothing {
    ///     fn stable_hash(&self, encoder: &mut Encoder) {
    ///         encoder.write_null();
    ///     }
    /// }
    /// assert_eq!(content_id::generate(&Nothing), content_id::generate(&()));
    /// ```
    pub fn write_null(&mut self) {
        self.write(&[tag::NULL]);
    }

    /// Writes a boolean (tag `0x01`, then `0x00` or `0x01`).
    ///
    /// ```
    /// use content_id::{Encoder, StableHash};
    ///
    /// struct Flag(u8);
    /// impl StableHash for Flag {
    ///     fn stable_hash(&self, encoder: &mut Encoder) {
    ///         encoder.write_bool(self.0 != 0);
    ///     }
    /// }
    /// assert_eq!(content_id::generate(&Flag(7)), content_id::generate(&true));
    /// ```
    pub fn write_bool(&mut self, value: bool) {
        self.write(&[tag::BOOL, u8::from(value)]);
    }

    /// Writes an integer (tag `0x02`, a sign byte, the magnitude in 16 bytes big-endian).
    /// Every integer type writes through this method or [`write_i128`](Self::write_i128), so
    /// the type does not matter, only the value.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash};
    ///
    /// struct Counter(u128);
    /// impl StableHash for Counter {
    ///     fn stable_hash(&self, encoder: &mut Encoder) {
    ///         encoder.write_u128(self.0);
    ///     }
    /// }
    /// assert_eq!(content_id::generate(&Counter(7)), content_id::generate(&7i8));
    /// ```
    pub fn write_u128(&mut self, value: u128) {
        self.write_integer(false, value);
    }

    /// Writes an integer (tag `0x02`, a sign byte, the magnitude in 16 bytes big-endian).
    ///
    /// ```
    /// use content_id::{Encoder, StableHash};
    ///
    /// struct Offset(i128);
    /// impl StableHash for Offset {
    ///     fn stable_hash(&self, encoder: &mut Encoder) {
    ///         encoder.write_i128(self.0);
    ///     }
    /// }
    /// assert_eq!(content_id::generate(&Offset(-7)), content_id::generate(&-7i64));
    /// assert_eq!(content_id::generate(&Offset(7)), content_id::generate(&7u64));
    /// ```
    pub fn write_i128(&mut self, value: i128) {
        self.write_integer(value < 0, value.unsigned_abs());
    }

    #[inline]
    fn write_integer(&mut self, negative: bool, magnitude: u128) {
        let mut bytes = [tag::INTEGER; 18];
        bytes[1] = u8::from(negative);
        bytes[2..].copy_from_slice(&magnitude.to_be_bytes());
        self.write(&bytes);
    }

    /// Writes a float (tag `0x03`, the IEEE 754 bits of the `f64` in 8 bytes big-endian),
    /// with `-0.0` written as `0.0` and every NaN as the one quiet NaN `0x7FF8000000000000`.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash};
    ///
    /// struct Celsius(f64);
    /// impl StableHash for Celsius {
    ///     fn stable_hash(&self, encoder: &mut Encoder) {
    ///         encoder.write_f64(self.0);
    ///     }
    /// }
    /// assert_eq!(content_id::generate(&Celsius(-0.0)), content_id::generate(&0.0));
    /// assert_ne!(content_id::generate(&Celsius(1.0)), content_id::generate(&1));
    /// ```
    pub fn write_f64(&mut self, value: f64) {
        let bits = if value.is_nan() {
            CANONICAL_NAN
        } else if value == 0.0 {
            0
        } else {
            value.to_bits()
        };
        let mut bytes = [tag::FLOAT; 9];
        bytes[1..].copy_from_slice(&bits.to_be_bytes());
        self.write(&bytes);
    }

    /// Writes a string (tag `0x04`, its length in bytes as a `u64` big-endian, its UTF-8).
    ///
    /// ```
    /// use content_id::{Encoder, StableHash};
    ///
    /// struct Name(&'static str);
    /// impl StableHash for Name {
    ///     fn stable_hash(&self, encoder: &mut Encoder) {
    ///         encoder.write_str(self.0);
    ///     }
    /// }
    /// assert_eq!(content_id::generate(&Name("é")), content_id::generate(&'é'));
    /// assert_ne!(content_id::generate(&Name("1")), content_id::generate(&1));
    /// ```
    pub fn write_str(&mut self, value: &str) {
        self.write_header(tag::STRING, value.len());
        self.write(value.as_bytes());
    }

    /// Writes bytes (tag `0x05`, their number as a `u64` big-endian, the bytes): what
    /// [`Bytes`](crate::Bytes) hashes as. A `[u8]` through [`StableHash`] is a list of
    /// integers instead.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash};
    ///
    /// struct Blob(Vec<u8>);
    /// impl StableHash for Blob {
    ///     fn stable_hash(&self, encoder: &mut Encoder) {
    ///         encoder.write_bytes(&self.0);
    ///     }
    /// }
    /// let blob = Blob(vec![1, 2]);
    /// assert_eq!(content_id::generate(&blob), content_id::generate(&content_id::Bytes(&[1, 2])));
    /// assert_ne!(content_id::generate(&blob), content_id::generate(&[1u8, 2]));
    /// ```
    pub fn write_bytes(&mut self, value: &[u8]) {
        self.write_header(tag::BYTES, value.len());
        self.write(value);
    }

    /// Writes a list (tag `0x06`, the count as a `u64` big-endian, each item in order).
    ///
    /// The count is the iterator's `len()`. An iterator that then yields another number of
    /// items has no encoding: the value hashes as the unencodable record (see the crate
    /// documentation), never as some other list.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash};
    ///
    /// struct Path(Vec<String>);
    /// impl StableHash for Path {
    ///     fn stable_hash(&self, encoder: &mut Encoder) {
    ///         encoder.write_list(&self.0);
    ///     }
    /// }
    /// let path = Path(vec!["a".into(), "b".into()]);
    /// assert_eq!(content_id::generate(&path), content_id::generate(&("a", "b")));
    /// assert_ne!(content_id::generate(&path), content_id::generate(&["ab"]));
    /// ```
    pub fn write_list<I>(&mut self, items: I)
    where
        I: IntoIterator,
        I::IntoIter: ExactSizeIterator,
        I::Item: StableHash,
    {
        let items = items.into_iter();
        let declared = items.len();
        self.write_header(tag::LIST, declared);
        let mut written = 0usize;
        for item in items {
            item.stable_hash(self);
            written += 1;
        }
        if written != declared {
            self.unencodable = true;
        }
    }

    /// Writes a map (tag `0x07`, the count as a `u64` big-endian, then each entry — the key's
    /// encoding followed by the value's — in ascending byte order of the entries' encodings).
    /// The order of the iterator does not matter.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash};
    ///
    /// struct Headers(Vec<(String, String)>);
    /// impl StableHash for Headers {
    ///     fn stable_hash(&self, encoder: &mut Encoder) {
    ///         encoder.write_map(self.0.iter().map(|(name, value)| (name, value)));
    ///     }
    /// }
    /// let a = Headers(vec![("a".into(), "1".into()), ("b".into(), "2".into())]);
    /// let b = Headers(vec![("b".into(), "2".into()), ("a".into(), "1".into())]);
    /// assert_eq!(content_id::generate(&a), content_id::generate(&b));
    /// ```
    pub fn write_map<I, K, V>(&mut self, entries: I)
    where
        I: IntoIterator<Item = (K, V)>,
        K: StableHash,
        V: StableHash,
    {
        let frame = self.begin_buffered();
        for (key, value) in entries {
            self.begin_entry();
            key.stable_hash(self);
            value.stable_hash(self);
            self.end_entry();
        }
        self.end_buffered(frame, tag::MAP, Order::Sorted);
    }

    /// Writes a set (tag `0x08`, the count as a `u64` big-endian, then each element's
    /// encoding in ascending byte order). The order of the iterator does not matter.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash};
    ///
    /// struct Tags(Vec<&'static str>);
    /// impl StableHash for Tags {
    ///     fn stable_hash(&self, encoder: &mut Encoder) {
    ///         encoder.write_set(&self.0);
    ///     }
    /// }
    /// let tags = std::collections::BTreeSet::from(["x", "y"]);
    /// assert_eq!(content_id::generate(&Tags(vec!["y", "x"])), content_id::generate(&tags));
    /// assert_ne!(content_id::generate(&Tags(vec!["y", "x"])), content_id::generate(&["x", "y"]));
    /// ```
    pub fn write_set<I>(&mut self, items: I)
    where
        I: IntoIterator,
        I::Item: StableHash,
    {
        let frame = self.begin_buffered();
        for item in items {
            self.begin_entry();
            item.stable_hash(self);
            self.end_entry();
        }
        self.end_buffered(frame, tag::SET, Order::Sorted);
    }

    /// From here until [`end_buffered`](Self::end_buffered), writes go to the buffer.
    pub(crate) fn begin_buffered(&mut self) -> Frame {
        if self.scratch.capacity() == 0 {
            // One allocation covers a small struct, instead of a few as the buffer grows.
            self.scratch.reserve(SCRATCH_CAPACITY);
            self.entries.reserve(ENTRIES_CAPACITY);
        }
        self.open += 1;
        Frame {
            scratch: self.scratch.len(),
            entries: self.entries.len(),
        }
    }

    pub(crate) fn begin_entry(&mut self) {
        let at = self.scratch.len();
        self.entries.push(at..at);
    }

    pub(crate) fn end_entry(&mut self) {
        let at = self.scratch.len();
        if let Some(entry) = self.entries.last_mut() {
            entry.end = at;
        }
    }

    /// Writes the header and the frame's entries (sorted, or as written) where the frame
    /// began: into the hash if no other frame is open, else in its place in the buffer.
    pub(crate) fn end_buffered(&mut self, frame: Frame, tag: u8, order: Order) {
        let Encoder {
            hasher,
            scratch,
            entries,
            open,
            ..
        } = self;
        let ranges = entries.get_mut(frame.entries..).unwrap_or_default();
        if order == Order::Sorted {
            ranges.sort_unstable_by(|a, b| scratch[a.clone()].cmp(&scratch[b.clone()]));
        }
        let mut header = [tag; 9];
        header[1..].copy_from_slice(&(ranges.len() as u64).to_be_bytes());
        *open = open.saturating_sub(1);
        if *open == 0 {
            hasher.update(&header);
            for range in ranges.iter() {
                hasher.update(&scratch[range.clone()]);
            }
            scratch.truncate(frame.scratch);
        } else {
            // Assemble the sorted encoding after the entries, then move it over them.
            let assembled = scratch.len();
            scratch.extend_from_slice(&header);
            for range in ranges.iter() {
                scratch.extend_from_within(range.clone());
            }
            let len = scratch.len() - assembled;
            scratch.copy_within(assembled.., frame.scratch);
            scratch.truncate(frame.scratch + len);
        }
        entries.truncate(frame.entries);
    }

    /// The value being written has no encoding; see the crate documentation.
    #[cfg(feature = "serde")]
    pub(crate) fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            open: self.open,
            scratch: self.scratch.len(),
            entries: self.entries.len(),
        }
    }

    /// Marks the whole value unencodable, and drops whatever the failed part left open.
    #[cfg(feature = "serde")]
    pub(crate) fn fail_since(&mut self, checkpoint: Checkpoint) {
        self.unencodable = true;
        self.open = checkpoint.open;
        self.scratch.truncate(checkpoint.scratch);
        self.entries.truncate(checkpoint.entries);
    }
}

impl fmt::Debug for Encoder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Encoder")
            .field("buffered_bytes", &self.scratch.len())
            .field("unencodable", &self.unencodable)
            .finish_non_exhaustive()
    }
}
