//! The encoder: writes one value's encoding into the hash. Lists stream into the hash of the
//! innermost open map or set entry (or of the id); each entry of a map or set is hashed on
//! its own, and only its 32-byte digest reaches the level above.

use core::fmt;

use crate::StableHash;
use crate::blake2b::{Blake2b, ENTRY_DIGEST_SIZE, MAX_DIGEST_SIZE, Stash, Suspended};
use crate::path::{Failure, FailureKind, Key, Segment};
use crate::{Error, MAX_DEPTH};

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
    pub(crate) const END: u8 = 0x09;
    pub(crate) const UNHASHABLE: u8 = 0x0A;
}

/// The bits every NaN is written as: the quiet NaN with no payload.
const CANONICAL_NAN: u64 = 0x7FF8_0000_0000_0000;

/// A value without parts: what every `write_*` method of [`Encoder`] but the containers
/// writes.
#[derive(Clone, Copy)]
pub(crate) enum Scalar<'a> {
    Null,
    Bool(bool),
    Integer {
        negative: bool,
        magnitude: u128,
    },
    Float(f64),
    /// UTF-8, already valid.
    Str(&'a [u8]),
    Bytes(&'a [u8]),
    /// The marker of a value that could not be encoded, with `ignore_unhashable`, and the
    /// number of bytes of it hashed before it failed.
    Unhashable {
        written: u64,
    },
}

/// An open map or set: where its entry digests start, and what to restore when it closes.
/// Its current entry is hashed by [`State::entry`] while it is the innermost one.
struct Level {
    tag: u8,
    first_digest: usize,
    /// The open lists of the enclosing hasher, to restore when this level closes.
    outer_lists: usize,
    /// The entry hasher of the level around this one, set aside on [`State::stash`]; unused
    /// for the outermost level, which the root hasher is around.
    outer: Suspended,
}

/// What a rendering state (a map key shown in the path of an error) has seen.
enum Rendering {
    Pending,
    Done(Option<Key>),
}

/// Everything the encoding of one value needs, on the heap: the hashers of the open maps and
/// sets and the digests of their entries. Shared by [`Encoder`], the serde serializer and
/// the JSON reader.
pub(crate) struct State {
    root: Blake2b,
    /// The hasher of the current entry of the innermost open map or set; `None` while no map
    /// or set is open.
    entry: Option<Blake2b>,
    /// Open maps and sets, innermost last.
    levels: Vec<Level>,
    /// The entry hashers of the open maps and sets around the innermost one.
    stash: Stash,
    /// The entry digests of the open maps and sets, innermost last.
    digests: Vec<[u8; ENTRY_DIGEST_SIZE]>,
    /// Lists open in the innermost hasher (the innermost level's entry, or the root).
    lists: usize,
    /// Lists, maps and sets open, all together.
    depth: usize,
    /// Nothing is hashed any more: a value failed, or this state only renders a key.
    quiet: bool,
    failure: Option<Box<Failure>>,
    rendering: Option<Rendering>,
    ignore_unhashable: bool,
    /// What the [`Written`]s of this state carry: no other state's are the same.
    serial: u64,
    /// Parts being written: each `stable_hash` of a part counts itself here until it
    /// returns, so a count left behind is one that unwound.
    writing: usize,
}

/// A number for each [`State`] made, none given twice in a process: a block of 2³² numbers
/// at a time for each thread, so that making one touches no memory shared between threads.
fn next_serial() -> u64 {
    use core::cell::Cell;
    use std::sync::atomic::{AtomicU64, Ordering};

    static BLOCKS: AtomicU64 = AtomicU64::new(1);
    thread_local! {
        static NEXT: Cell<u64> = const { Cell::new(0) };
    }
    NEXT.with(|next| {
        let mut serial = next.get();
        if serial & 0xFFFF_FFFF == 0 {
            serial = BLOCKS.fetch_add(1, Ordering::Relaxed) << 32 | 1;
        }
        next.set(serial.wrapping_add(1));
        serial
    })
}

/// Why a `Written` was refused: the ways round the rule that each encoder writes one value.
const FOREIGN_WRITTEN: &str = "its stable_hash returned a Written that its encoder did not give \
     (one carried out of a panic)";
const CAUGHT_UNWIND: &str =
    "a write inside it panicked and the panic was caught: the value is incomplete";

/// Where a value started, to put the marker in its place if it fails (`ignore_unhashable`).
#[cfg(feature = "serde")]
#[derive(Clone, Copy)]
pub(crate) struct Checkpoint {
    levels: usize,
    digests: usize,
    lists: usize,
    depth: usize,
    /// The bytes the hasher of the value had been fed when it started.
    fed: u64,
}

impl State {
    pub(crate) fn new(digest_size: usize, ignore_unhashable: bool) -> Self {
        Self::with_serial(digest_size, ignore_unhashable, next_serial())
    }

    fn with_serial(digest_size: usize, ignore_unhashable: bool, serial: u64) -> Self {
        State {
            root: Blake2b::new(digest_size),
            entry: None,
            levels: Vec::new(),
            stash: Stash::default(),
            digests: Vec::new(),
            lists: 0,
            depth: 0,
            quiet: false,
            failure: None,
            rendering: None,
            ignore_unhashable,
            serial,
            writing: 0,
        }
    }

    /// A state that hashes nothing and records the first scalar written: a map key, for the
    /// path of an error.
    pub(crate) fn renderer() -> Self {
        // Serial 0, which no hashing state has: nothing it gives is checked.
        let mut state = State::with_serial(1, false, 0);
        state.quiet = true;
        state.rendering = Some(Rendering::Pending);
        state
    }

    /// The key a [`renderer`](Self::renderer) saw, if it can be shown.
    pub(crate) fn rendered(self) -> Option<Key> {
        match self.rendering {
            Some(Rendering::Done(key)) => key,
            _ => None,
        }
    }

    /// The proof that a value was written into this state.
    pub(crate) fn written(&self) -> Written {
        Written(self.serial)
    }

    /// Calls `stable_hash` of `value` with an encoder of this state, and fails the value
    /// (path: where the caller puts it) if what it returned is not this state's [`Written`],
    /// or if a write inside it unwound and the panic was caught there.
    pub(crate) fn write_value<T: StableHash + ?Sized>(&mut self, value: &T) {
        let writing = self.writing;
        self.writing = writing + 1;
        let written = value.stable_hash(Encoder::new(self));
        let unwound = self.writing != writing + 1;
        self.writing = writing;
        if unwound || written.0 != self.serial {
            self.misused(unwound);
        }
    }

    /// A `Written` that is not this state's came back, or a write unwound and was caught.
    #[cold]
    #[inline(never)]
    fn misused(&mut self, unwound: bool) {
        let reason = if unwound {
            CAUGHT_UNWIND
        } else {
            FOREIGN_WRITTEN
        };
        self.set_failure(Failure::new(FailureKind::Unencodable(reason.into())));
    }

    /// The digest (`digest_size` bytes at the front), or where and why the value failed.
    pub(crate) fn finish(&mut self) -> Result<[u8; MAX_DIGEST_SIZE], Error> {
        if let Some(failure) = self.failure.take() {
            return Err(failure.into_error());
        }
        if !self.levels.is_empty() || self.lists != 0 {
            // The type system makes every container close before its `Written` exists.
            return Err(Error::Unencodable {
                path: "$".into(),
                reason: "a list, map or set was left open".into(),
            });
        }
        Ok(self.root.finalize())
    }

    #[cfg(feature = "serde")]
    pub(crate) fn is_quiet(&self) -> bool {
        self.quiet
    }

    #[cfg(feature = "serde")]
    pub(crate) fn ignores_unhashable(&self) -> bool {
        self.ignore_unhashable
    }

    #[inline]
    fn sink(&mut self) -> &mut Blake2b {
        match &mut self.entry {
            Some(entry) => entry,
            None => &mut self.root,
        }
    }

    #[inline]
    fn header(&mut self, tag: u8, len: impl Into<u64>) {
        let mut header = [tag; 9];
        header[1..].copy_from_slice(&len.into().to_be_bytes());
        self.sink().update(&header);
    }

    /// Writes a value without parts.
    #[inline]
    pub(crate) fn scalar(&mut self, scalar: Scalar<'_>) {
        if self.quiet {
            return self.render(scalar);
        }
        match scalar {
            Scalar::Null => self.sink().update(&[tag::NULL]),
            Scalar::Bool(value) => self.sink().update(&[tag::BOOL, u8::from(value)]),
            Scalar::Integer {
                negative,
                magnitude,
            } => {
                let mut bytes = [tag::INTEGER; 18];
                bytes[1] = u8::from(negative && magnitude != 0);
                bytes[2..].copy_from_slice(&magnitude.to_be_bytes());
                self.sink().update(&bytes);
            }
            Scalar::Float(value) => {
                let bits = if value.is_nan() {
                    CANONICAL_NAN
                } else if value == 0.0 {
                    0
                } else {
                    value.to_bits()
                };
                let mut bytes = [tag::FLOAT; 9];
                bytes[1..].copy_from_slice(&bits.to_be_bytes());
                self.sink().update(&bytes);
            }
            Scalar::Str(utf8) => {
                self.header(tag::STRING, utf8.len() as u64);
                self.sink().update(utf8);
            }
            Scalar::Bytes(bytes) => {
                self.header(tag::BYTES, bytes.len() as u64);
                self.sink().update(bytes);
            }
            Scalar::Unhashable { written } => self.header(tag::UNHASHABLE, written),
        }
    }

    /// A scalar while quiet: the key being rendered, if any.
    #[cold]
    fn render(&mut self, scalar: Scalar<'_>) {
        if let Some(rendering @ Rendering::Pending) = &mut self.rendering {
            let key = match scalar {
                Scalar::Null => Some(Key::Scalar("null".into())),
                Scalar::Bool(value) => Some(Key::Scalar(value.to_string())),
                Scalar::Integer {
                    negative,
                    magnitude,
                } => Some(Key::Scalar(if negative && magnitude != 0 {
                    format!("-{magnitude}")
                } else {
                    magnitude.to_string()
                })),
                Scalar::Float(value) => Some(Key::Scalar(format!("{value:?}"))),
                Scalar::Str(utf8) => Some(Key::Str(String::from_utf8_lossy(utf8).into_owned())),
                Scalar::Bytes(_) | Scalar::Unhashable { .. } => None,
            };
            *rendering = Rendering::Done(key);
        }
    }

    /// A container while quiet: a key that is a container is not shown.
    #[cold]
    fn render_container(&mut self) {
        if let Some(rendering @ Rendering::Pending) = &mut self.rendering {
            *rendering = Rendering::Done(None);
        }
    }

    pub(crate) fn open_list(&mut self) {
        self.sink().update(&[tag::LIST]);
        self.lists += 1;
        self.depth += 1;
    }

    pub(crate) fn close_list(&mut self) {
        self.sink().update(&[tag::END]);
        self.lists -= 1;
        self.depth -= 1;
    }

    /// Opens a map (`tag::MAP`) or a set (`tag::SET`): from here each entry is hashed on its
    /// own, between [`end_entry`](Self::end_entry)s.
    pub(crate) fn open_entries(&mut self, tag: u8) {
        let outer = match &mut self.entry {
            Some(entry) => {
                let outer = entry.suspend(&mut self.stash);
                entry.reset_entry();
                outer
            }
            None => {
                self.entry = Some(Blake2b::entry());
                Suspended::default()
            }
        };
        self.levels.push(Level {
            tag,
            first_digest: self.digests.len(),
            outer_lists: self.lists,
            outer,
        });
        self.lists = 0;
        self.depth += 1;
    }

    /// The current entry of the innermost map or set is complete.
    pub(crate) fn end_entry(&mut self) {
        if let Some(entry) = &mut self.entry {
            self.digests.push(entry.finalize_entry_reset());
        }
    }

    /// Drops the innermost level and resumes the entry hasher around it, if any: the sink
    /// is then the hasher the level was opened in.
    fn pop_level(&mut self) -> Option<Level> {
        let level = self.levels.pop()?;
        self.entry = if self.levels.is_empty() {
            None
        } else {
            Some(Blake2b::resume(&mut self.stash, level.outer))
        };
        Some(level)
    }

    /// Writes the innermost map or set: its tag, its entry count and its sorted entry
    /// digests, into the hasher around it.
    pub(crate) fn close_entries(&mut self) {
        let Some(level) = self.pop_level() else {
            return;
        };
        self.lists = level.outer_lists;
        self.depth -= 1;
        let digests = &mut self.digests[level.first_digest..];
        digests.sort_unstable();
        let count = digests.len();
        let mut header = [level.tag; 9];
        header[1..].copy_from_slice(&(count as u64).to_be_bytes());
        let sink = match &mut self.entry {
            Some(entry) => entry,
            None => &mut self.root,
        };
        sink.update(&header);
        sink.update(self.digests[level.first_digest..].as_flattened());
        self.digests.truncate(level.first_digest);
    }

    /// Opens a container for a value written through [`Encoder`] or serde, whose depth is
    /// limited: `Ok(true)` if it opened, `Ok(false)` if the state is quiet (nothing is
    /// written), and the failure if it would be nested deeper than [`MAX_DEPTH`].
    pub(crate) fn open_nested(&mut self, tag: u8) -> Result<bool, Box<Failure>> {
        if self.quiet {
            self.render_container();
            return Ok(false);
        }
        if self.depth >= MAX_DEPTH {
            return Err(Failure::new(FailureKind::TooDeep));
        }
        if tag == tag::LIST {
            self.open_list();
        } else {
            self.open_entries(tag);
        }
        Ok(true)
    }

    /// The value being written failed: from here nothing is hashed, and the containers
    /// around it add their segments to the path on the way out.
    pub(crate) fn set_failure(&mut self, failure: Box<Failure>) {
        if self.quiet {
            self.render_container();
            return;
        }
        self.quiet = true;
        self.failure = Some(failure);
    }

    /// A value said it cannot be encoded: the marker in its place with `ignore_unhashable`,
    /// else the failure.
    pub(crate) fn fail(&mut self, reason: &dyn fmt::Display) {
        if self.quiet {
            self.render_container();
        } else if self.ignore_unhashable {
            self.scalar(Scalar::Unhashable { written: 0 });
        } else {
            self.set_failure(Failure::new(FailureKind::Unencodable(reason.to_string())));
        }
    }

    /// Adds the step from a container to its failed part, if a failure is on its way out.
    #[cold]
    pub(crate) fn push_segment(&mut self, segment: impl FnOnce() -> Segment) {
        if let Some(failure) = &mut self.failure {
            failure.segments.push(segment());
        }
    }

    /// The bytes the current sink has been fed.
    #[cfg(feature = "serde")]
    fn sink_fed(&self) -> u64 {
        match &self.entry {
            Some(entry) => entry.fed(),
            None => self.root.fed(),
        }
    }

    #[cfg(feature = "serde")]
    pub(crate) fn checkpoint(&self) -> Checkpoint {
        let fed = self.sink_fed();
        Checkpoint {
            levels: self.levels.len(),
            digests: self.digests.len(),
            lists: self.lists,
            depth: self.depth,
            fed,
        }
    }

    #[cfg(feature = "serde")]
    /// The value begun at `checkpoint` failed and `ignore_unhashable` is set: drops the maps
    /// and sets it opened, and writes the marker where the value began, with the number of
    /// bytes of it that had reached that hasher already (items of a list it opened, say):
    /// those bytes and the marker take the one place of the value.
    pub(crate) fn replace_with_marker(&mut self, checkpoint: Checkpoint) {
        while self.levels.len() > checkpoint.levels {
            self.pop_level();
        }
        self.digests.truncate(checkpoint.digests);
        self.lists = checkpoint.lists;
        self.depth = checkpoint.depth;
        let fed = self.sink_fed();
        self.scalar(Scalar::Unhashable {
            written: fed.saturating_sub(checkpoint.fed),
        });
    }
}

/// Proof that a value was written: returned by every `write_*` method of [`Encoder`] (and by
/// the `finish` of [`ListWriter`], [`MapWriter`] and [`SetWriter`]), and by
/// [`StableHash::stable_hash`]. It cannot be made any other way, and each [`Encoder`] gives
/// one, so an implementation writes exactly one value.
///
/// A `Written` belongs to the [`generate`](crate::generate) call whose encoder gave it. The
/// one way to hold another is to carry it out of a panic (as the payload of an unwind that
/// something catches); returning one of those makes `generate` fail with
/// [`Error::Unencodable`](crate::Error::Unencodable), and so does a value inside which a
/// write panicked and the panic was caught, since what it wrote is incomplete. Either way
/// the error's path names the value that returned it or caught the panic.
///
/// ```
/// use content_id::{Encoder, StableHash, Written};
///
/// struct Celsius(f64);
/// impl StableHash for Celsius {
///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
///         let written: Written = encoder.write_f64(self.0);
///         written
///     }
/// }
/// assert_eq!(content_id::generate(&Celsius(1.5))?, content_id::generate(&1.5)?);
/// # Ok::<(), content_id::Error>(())
/// ```
#[must_use = "return it from `stable_hash`"]
pub struct Written(pub(crate) u64);

impl fmt::Debug for Written {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Written")
    }
}

/// Receives the encoding of one value, as [`StableHash::stable_hash`] writes it.
///
/// Every method takes the encoder by value and returns the [`Written`] that `stable_hash`
/// returns: an implementation writes exactly one value, of one kind of the table in the
/// [crate documentation](crate), and the type system holds it to that. The methods write the
/// tag, the length and the payload; the parts of a list, map or set get encoders of their
/// own, through [`write_list`](Self::write_list), [`write_map`](Self::write_map),
/// [`write_set`](Self::write_set) or the writers of [`list`](Self::list),
/// [`map`](Self::map) and [`set`](Self::set).
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
/// use content_id::{Encoder, StableHash, Written};
///
/// struct Point {
///     x: i32,
///     y: i32,
/// }
///
/// impl StableHash for Point {
///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
///         encoder.write_map([("x", self.x), ("y", self.y)])
///     }
/// }
///
/// let fields = std::collections::BTreeMap::from([("y", -2), ("x", 1)]);
/// assert_eq!(
///     content_id::generate(&Point { x: 1, y: -2 })?,
///     content_id::generate(&fields)?
/// );
/// # Ok::<(), content_id::Error>(())
/// ```
///
/// Writing two values for one does not compile: the first write consumes the encoder.
///
/// ```compile_fail
/// use content_id::{Encoder, StableHash, Written};
///
/// struct Line(i32, i32);
///
/// impl StableHash for Line {
///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
///         encoder.write_i128(self.0.into());
///         encoder.write_i128(self.1.into()) // error: use of moved value `encoder`
///     }
/// }
/// ```
///
/// Nor does writing none: there is no other way to get the [`Written`] to return.
///
/// ```compile_fail
/// use content_id::{Encoder, StableHash, Written};
///
/// struct Nothing;
///
/// impl StableHash for Nothing {
///     fn stable_hash(&self, _encoder: Encoder<'_>) -> Written {
///         Written(()) // error: `Written` has a private field
///     }
/// }
/// ```
///
/// Two values for one are a list of them:
///
/// ```
/// use content_id::{Encoder, StableHash, Written};
///
/// struct Line(i32, i32);
///
/// impl StableHash for Line {
///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
///         encoder.write_list([self.0, self.1])
///     }
/// }
/// assert_eq!(content_id::generate(&Line(1, 2))?, content_id::generate(&(1, 2))?);
/// # Ok::<(), content_id::Error>(())
/// ```
pub struct Encoder<'a> {
    state: &'a mut State,
}

impl<'a> Encoder<'a> {
    pub(crate) fn new(state: &'a mut State) -> Self {
        Encoder { state }
    }

    #[cfg(feature = "serde")]
    pub(crate) fn into_state(self) -> &'a mut State {
        self.state
    }

    fn scalar(self, scalar: Scalar<'_>) -> Written {
        self.state.scalar(scalar);
        self.state.written()
    }

    /// Writes null (tag `0x00`): what `()` and `None` hash as.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// struct Nothing;
    /// impl StableHash for Nothing {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         encoder.write_null()
    ///     }
    /// }
    /// assert_eq!(content_id::generate(&Nothing)?, content_id::generate(&())?);
    /// # Ok::<(), content_id::Error>(())
    /// ```
    pub fn write_null(self) -> Written {
        self.scalar(Scalar::Null)
    }

    /// Writes a boolean (tag `0x01`, then `0x00` or `0x01`).
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// struct Flag(u8);
    /// impl StableHash for Flag {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         encoder.write_bool(self.0 != 0)
    ///     }
    /// }
    /// assert_eq!(content_id::generate(&Flag(7))?, content_id::generate(&true)?);
    /// # Ok::<(), content_id::Error>(())
    /// ```
    pub fn write_bool(self, value: bool) -> Written {
        self.scalar(Scalar::Bool(value))
    }

    /// Writes an integer (tag `0x02`, a sign byte, the magnitude in 16 bytes big-endian).
    /// Every integer type writes through this method or [`write_i128`](Self::write_i128), so
    /// the type does not matter, only the value.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// struct Counter(u128);
    /// impl StableHash for Counter {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         encoder.write_u128(self.0)
    ///     }
    /// }
    /// assert_eq!(content_id::generate(&Counter(7))?, content_id::generate(&7i8)?);
    /// # Ok::<(), content_id::Error>(())
    /// ```
    pub fn write_u128(self, value: u128) -> Written {
        self.scalar(Scalar::Integer {
            negative: false,
            magnitude: value,
        })
    }

    /// Writes an integer (tag `0x02`, a sign byte, the magnitude in 16 bytes big-endian).
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// struct Offset(i128);
    /// impl StableHash for Offset {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         encoder.write_i128(self.0)
    ///     }
    /// }
    /// assert_eq!(content_id::generate(&Offset(-7))?, content_id::generate(&-7i64)?);
    /// assert_eq!(content_id::generate(&Offset(7))?, content_id::generate(&7u64)?);
    /// # Ok::<(), content_id::Error>(())
    /// ```
    pub fn write_i128(self, value: i128) -> Written {
        self.scalar(Scalar::Integer {
            negative: value < 0,
            magnitude: value.unsigned_abs(),
        })
    }

    /// Writes a float (tag `0x03`, the IEEE 754 bits of the `f64` in 8 bytes big-endian),
    /// with `-0.0` written as `0.0` and every NaN as the one quiet NaN `0x7FF8000000000000`.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// struct Celsius(f64);
    /// impl StableHash for Celsius {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         encoder.write_f64(self.0)
    ///     }
    /// }
    /// assert_eq!(content_id::generate(&Celsius(-0.0))?, content_id::generate(&0.0)?);
    /// assert_ne!(content_id::generate(&Celsius(1.0))?, content_id::generate(&1)?);
    /// # Ok::<(), content_id::Error>(())
    /// ```
    pub fn write_f64(self, value: f64) -> Written {
        self.scalar(Scalar::Float(value))
    }

    /// Writes a string (tag `0x04`, its length in bytes as a `u64` big-endian, its UTF-8).
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// struct Name(&'static str);
    /// impl StableHash for Name {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         encoder.write_str(self.0)
    ///     }
    /// }
    /// assert_eq!(content_id::generate(&Name("é"))?, content_id::generate(&'é')?);
    /// assert_ne!(content_id::generate(&Name("1"))?, content_id::generate(&1)?);
    /// # Ok::<(), content_id::Error>(())
    /// ```
    pub fn write_str(self, value: &str) -> Written {
        self.scalar(Scalar::Str(value.as_bytes()))
    }

    /// Writes bytes (tag `0x05`, their number as a `u64` big-endian, the bytes): what
    /// [`Bytes`](crate::Bytes) hashes as. A `[u8]` through [`StableHash`] is a list of
    /// integers instead.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// struct Blob(Vec<u8>);
    /// impl StableHash for Blob {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         encoder.write_bytes(&self.0)
    ///     }
    /// }
    /// let blob = Blob(vec![1, 2]);
    /// assert_eq!(content_id::generate(&blob)?, content_id::generate(&content_id::Bytes(&[1, 2]))?);
    /// assert_ne!(content_id::generate(&blob)?, content_id::generate(&[1u8, 2])?);
    /// # Ok::<(), content_id::Error>(())
    /// ```
    pub fn write_bytes(self, value: &[u8]) -> Written {
        self.scalar(Scalar::Bytes(value))
    }

    /// Writes a list (tag `0x06`, each item's encoding in order, then `0x09`) of the items
    /// of an iterator, of any length: nothing is counted in advance.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// struct Path(Vec<String>);
    /// impl StableHash for Path {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         encoder.write_list(&self.0)
    ///     }
    /// }
    /// let path = Path(vec!["a".into(), "b".into()]);
    /// assert_eq!(content_id::generate(&path)?, content_id::generate(&("a", "b"))?);
    /// assert_ne!(content_id::generate(&path)?, content_id::generate(&["ab"])?);
    /// # Ok::<(), content_id::Error>(())
    /// ```
    pub fn write_list<I>(self, items: I) -> Written
    where
        I: IntoIterator,
        I::Item: StableHash,
    {
        Parts::open(self.state, tag::LIST).write_all(items, Parts::item, State::close_list)
    }

    /// Writes a map (tag `0x07`, the count as a `u64` big-endian, then the 32-byte digests of
    /// the entries — each the key's encoding followed by the value's — in ascending order).
    /// The order of the iterator does not matter.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// struct Headers(Vec<(String, String)>);
    /// impl StableHash for Headers {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         encoder.write_map(self.0.iter().map(|(name, value)| (name, value)))
    ///     }
    /// }
    /// let a = Headers(vec![("a".into(), "1".into()), ("b".into(), "2".into())]);
    /// let b = Headers(vec![("b".into(), "2".into()), ("a".into(), "1".into())]);
    /// assert_eq!(content_id::generate(&a)?, content_id::generate(&b)?);
    /// # Ok::<(), content_id::Error>(())
    /// ```
    pub fn write_map<I, K, V>(self, entries: I) -> Written
    where
        I: IntoIterator<Item = (K, V)>,
        K: StableHash,
        V: StableHash,
    {
        let entry = |map: &mut Parts<'_>, (key, value): &(K, V)| map.entry(key, value);
        Parts::open(self.state, tag::MAP).write_all(entries, entry, State::close_entries)
    }

    /// Writes a set (tag `0x08`, the count as a `u64` big-endian, then the 32-byte digests of
    /// the elements' encodings in ascending order). The order of the iterator does not
    /// matter.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// struct Tags(Vec<&'static str>);
    /// impl StableHash for Tags {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         encoder.write_set(&self.0)
    ///     }
    /// }
    /// let tags = std::collections::BTreeSet::from(["x", "y"]);
    /// assert_eq!(content_id::generate(&Tags(vec!["y", "x"]))?, content_id::generate(&tags)?);
    /// assert_ne!(content_id::generate(&Tags(vec!["y", "x"]))?, content_id::generate(&["x", "y"])?);
    /// # Ok::<(), content_id::Error>(())
    /// ```
    pub fn write_set<I>(self, items: I) -> Written
    where
        I: IntoIterator,
        I::Item: StableHash,
    {
        Parts::open(self.state, tag::SET).write_all(items, Parts::element, State::close_entries)
    }

    /// Starts a list whose items are given one by one, of any types:
    /// [`ListWriter::item`], then [`ListWriter::finish`] for the [`Written`].
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// enum Shape {
    ///     Line(i32, i32),
    ///     Dot(i32),
    /// }
    ///
    /// impl StableHash for Shape {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         let mut list = encoder.list();
    ///         match self {
    ///             Shape::Line(a, b) => list.item("line").item(a).item(b),
    ///             Shape::Dot(a) => list.item("dot").item(a),
    ///         };
    ///         list.finish()
    ///     }
    /// }
    ///
    /// assert_eq!(
    ///     content_id::generate(&Shape::Line(1, 2))?,
    ///     content_id::generate(&("line", 1, 2))?
    /// );
    /// # Ok::<(), content_id::Error>(())
    /// ```
    pub fn list(self) -> ListWriter<'a> {
        ListWriter(Parts::open(self.state, tag::LIST))
    }

    /// Starts a map whose entries are given one by one, of any types: [`MapWriter::entry`],
    /// then [`MapWriter::finish`] for the [`Written`]. The order of the entries does not
    /// matter.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// struct User {
    ///     name: String,
    ///     age: u32,
    /// }
    ///
    /// impl StableHash for User {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         let mut map = encoder.map();
    ///         map.entry("name", &self.name).entry("age", &self.age);
    ///         map.finish()
    ///     }
    /// }
    ///
    /// let user = User { name: "Ada".into(), age: 36 };
    /// let fields: [(&str, &dyn StableHash); 2] = [("age", &36), ("name", &"Ada")];
    /// let mut map = std::collections::HashMap::new();
    /// map.extend(fields);
    /// assert_eq!(content_id::generate(&user)?, content_id::generate(&map)?);
    /// # Ok::<(), content_id::Error>(())
    /// ```
    pub fn map(self) -> MapWriter<'a> {
        MapWriter(Parts::open(self.state, tag::MAP))
    }

    /// Starts a set whose elements are given one by one: [`SetWriter::element`], then
    /// [`SetWriter::finish`] for the [`Written`]. The order of the elements does not matter.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// struct Flags { read: bool, write: bool }
    ///
    /// impl StableHash for Flags {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         let mut set = encoder.set();
    ///         if self.write { set.element("write"); }
    ///         if self.read { set.element("read"); }
    ///         set.finish()
    ///     }
    /// }
    ///
    /// let flags = Flags { read: true, write: true };
    /// let expected = std::collections::BTreeSet::from(["read", "write"]);
    /// assert_eq!(content_id::generate(&flags)?, content_id::generate(&expected)?);
    /// # Ok::<(), content_id::Error>(())
    /// ```
    pub fn set(self) -> SetWriter<'a> {
        SetWriter(Parts::open(self.state, tag::SET))
    }

    /// Reports that the value cannot be encoded, and why. [`generate`](crate::generate) then
    /// fails with [`Error::Unencodable`](crate::Error::Unencodable), which gives the reason
    /// and the path of the value; with [`Options::ignore_unhashable`](crate::Options) the
    /// value is written as the marker `0x0A` instead, and the rest is hashed as usual.
    ///
    /// ```
    /// use content_id::{Encoder, Error, Options, StableHash, Written};
    ///
    /// struct Handle(u32);
    /// impl StableHash for Handle {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         encoder.fail(format_args!("handle {} has no stable content", self.0))
    ///     }
    /// }
    ///
    /// let value = vec![(1, Handle(7))];
    /// assert_eq!(
    ///     content_id::generate(&value),
    ///     Err(Error::Unencodable {
    ///         path: "$[0][1]".into(),
    ///         reason: "handle 7 has no stable content".into(),
    ///     })
    /// );
    /// let options = Options { ignore_unhashable: true, ..Options::default() };
    /// assert!(content_id::generate_with(&value, &options).is_ok());
    /// ```
    pub fn fail(self, reason: impl fmt::Display) -> Written {
        self.state.fail(&reason);
        self.state.written()
    }
}

/// Opens a container, or fails with [`Error::TooDeep`](crate::Error::TooDeep).
fn open_or_fail(state: &mut State, tag: u8) -> bool {
    match state.open_nested(tag) {
        Ok(open) => open,
        Err(failure) => {
            state.set_failure(failure);
            false
        }
    }
}

/// What the list, map and set writers share: the state, whether their container opened, and
/// how many parts (items, entries, elements) they have written.
struct Parts<'a> {
    state: &'a mut State,
    open: bool,
    index: usize,
}

impl<'a> Parts<'a> {
    fn open(state: &'a mut State, tag: u8) -> Self {
        let open = open_or_fail(state, tag);
        Parts {
            state,
            open,
            index: 0,
        }
    }

    /// Nothing more is written: the container did not open, or a part of the value failed.
    fn stopped(&self) -> bool {
        !self.open || self.state.quiet
    }

    /// Writes a part of the current one; if it fails, `false`, and the failure's path gets
    /// the step `segment(index)`.
    fn write<T: StableHash + ?Sized>(
        &mut self,
        part: &T,
        segment: impl FnOnce(usize) -> Segment,
    ) -> bool {
        self.state.write_value(part);
        if self.state.quiet {
            let index = self.index;
            self.state.push_segment(|| segment(index));
            return false;
        }
        true
    }

    /// The current entry of a map or set is complete.
    fn end_entry(&mut self) {
        self.state.end_entry();
        self.index += 1;
    }

    /// [`ListWriter::item`].
    fn item<T: StableHash + ?Sized>(&mut self, item: &T) {
        if !self.stopped() {
            self.write(item, Segment::Index);
            self.index += 1;
        }
    }

    /// [`MapWriter::entry`].
    fn entry<K, V>(&mut self, key: &K, value: &V)
    where
        K: StableHash + ?Sized,
        V: StableHash + ?Sized,
    {
        let written = !self.stopped()
            && self.write(key, Segment::KeyOf)
            && self.write(value, |index| {
                let mut renderer = State::renderer();
                let _written = key.stable_hash(Encoder::new(&mut renderer));
                renderer
                    .rendered()
                    .map_or(Segment::Entry(index), Segment::Key)
            });
        if written {
            self.end_entry();
        }
    }

    /// [`SetWriter::element`].
    fn element<T: StableHash + ?Sized>(&mut self, element: &T) {
        if !self.stopped() && self.write(element, Segment::Element) {
            self.end_entry();
        }
    }

    /// Writes each of `parts` with `write` until one fails, then ends the container with
    /// `close`.
    fn write_all<P>(
        mut self,
        parts: impl IntoIterator<Item = P>,
        mut write: impl FnMut(&mut Self, &P),
        close: fn(&mut State),
    ) -> Written {
        for part in parts {
            if self.stopped() {
                break;
            }
            write(&mut self, &part);
        }
        self.finish(close)
    }

    /// Ends the container with `close`, if it opened and nothing in it failed.
    fn finish(self, close: fn(&mut State)) -> Written {
        if self.open && !self.state.quiet {
            close(self.state);
        }
        self.state.written()
    }
}

impl fmt::Debug for Encoder<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Encoder")
            .field("depth", &self.state.depth)
            .field("failed", &self.state.failure.is_some())
            .finish_non_exhaustive()
    }
}

/// The items of a list being written: from [`Encoder::list`]. Each item gets an encoder of
/// its own; [`finish`](Self::finish) ends the list and gives the [`Written`].
///
/// ```
/// use content_id::{Encoder, ListWriter, StableHash, Written};
///
/// struct Row(Vec<Box<dyn StableHash>>);
/// impl StableHash for Row {
///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
///         let mut list: ListWriter<'_> = encoder.list();
///         for cell in &self.0 {
///             list.item(cell);
///         }
///         list.finish()
///     }
/// }
/// let row = Row(vec![Box::new(1), Box::new("a")]);
/// assert_eq!(content_id::generate(&row)?, content_id::generate(&(1, "a"))?);
/// # Ok::<(), content_id::Error>(())
/// ```
pub struct ListWriter<'a>(Parts<'a>);

impl ListWriter<'_> {
    /// Writes the next item.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// struct Pair<'a>(&'a str, f64);
    /// impl StableHash for Pair<'_> {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         let mut list = encoder.list();
    ///         list.item(self.0).item(&self.1);
    ///         list.finish()
    ///     }
    /// }
    /// assert_eq!(content_id::generate(&Pair("x", 0.5))?, content_id::generate(&("x", 0.5))?);
    /// # Ok::<(), content_id::Error>(())
    /// ```
    pub fn item<T: StableHash + ?Sized>(&mut self, item: &T) -> &mut Self {
        self.0.item(item);
        self
    }
}

/// The entries of a map being written: from [`Encoder::map`]. Each key and each value gets
/// an encoder of its own; [`finish`](Self::finish) ends the map and gives the [`Written`].
///
/// ```
/// use content_id::{Encoder, MapWriter, StableHash, Written};
///
/// struct Env(Vec<(String, String)>);
/// impl StableHash for Env {
///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
///         let mut map: MapWriter<'_> = encoder.map();
///         for (name, value) in &self.0 {
///             map.entry(name, value);
///         }
///         map.finish()
///     }
/// }
/// let env = Env(vec![("PATH".into(), "/bin".into())]);
/// let expected = std::collections::HashMap::from([("PATH", "/bin")]);
/// assert_eq!(content_id::generate(&env)?, content_id::generate(&expected)?);
/// # Ok::<(), content_id::Error>(())
/// ```
pub struct MapWriter<'a>(Parts<'a>);

impl MapWriter<'_> {
    /// Writes an entry: its key and its value, hashed together on their own.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// struct Version { major: u32, minor: u32 }
    /// impl StableHash for Version {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         let mut map = encoder.map();
    ///         map.entry("major", &self.major).entry("minor", &self.minor);
    ///         map.finish()
    ///     }
    /// }
    /// let expected = std::collections::BTreeMap::from([("minor", 2), ("major", 1)]);
    /// assert_eq!(
    ///     content_id::generate(&Version { major: 1, minor: 2 })?,
    ///     content_id::generate(&expected)?
    /// );
    /// # Ok::<(), content_id::Error>(())
    /// ```
    pub fn entry<K, V>(&mut self, key: &K, value: &V) -> &mut Self
    where
        K: StableHash + ?Sized,
        V: StableHash + ?Sized,
    {
        self.0.entry(key, value);
        self
    }
}

/// The elements of a set being written: from [`Encoder::set`]. Each element gets an encoder
/// of its own; [`finish`](Self::finish) ends the set and gives the [`Written`].
///
/// ```
/// use content_id::{Encoder, SetWriter, StableHash, Written};
///
/// struct Roles(Vec<&'static str>);
/// impl StableHash for Roles {
///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
///         let mut set: SetWriter<'_> = encoder.set();
///         for role in &self.0 {
///             set.element(role);
///         }
///         set.finish()
///     }
/// }
/// let expected = std::collections::BTreeSet::from(["admin", "dev"]);
/// assert_eq!(content_id::generate(&Roles(vec!["dev", "admin"]))?, content_id::generate(&expected)?);
/// # Ok::<(), content_id::Error>(())
/// ```
pub struct SetWriter<'a>(Parts<'a>);

impl SetWriter<'_> {
    /// Writes an element, hashed on its own.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// struct Primes;
    /// impl StableHash for Primes {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         let mut set = encoder.set();
    ///         set.element(&7).element(&2).element(&5);
    ///         set.finish()
    ///     }
    /// }
    /// let expected = std::collections::HashSet::from([2, 5, 7]);
    /// assert_eq!(content_id::generate(&Primes)?, content_id::generate(&expected)?);
    /// # Ok::<(), content_id::Error>(())
    /// ```
    pub fn element<T: StableHash + ?Sized>(&mut self, element: &T) -> &mut Self {
        self.0.element(element);
        self
    }
}

/// What the three writers share: `finish`, which ends the container with `close`, and a
/// `Debug` that shows how many parts were written, not the state they are written into.
macro_rules! writer_common {
    ($($(#[$finish_doc:meta])* $writer:ident($parts:literal, $close:path);)+) => {
        $(
            impl $writer<'_> {
                $(#[$finish_doc])*
                pub fn finish(self) -> Written {
                    self.0.finish($close)
                }
            }

            impl fmt::Debug for $writer<'_> {
                fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.debug_struct(stringify!($writer))
                        .field($parts, &self.0.index)
                        .finish_non_exhaustive()
                }
            }
        )+
    };
}

writer_common! {
    /// Ends the list (`0x09`).
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// struct Empty;
    /// impl StableHash for Empty {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         encoder.list().finish()
    ///     }
    /// }
    /// assert_eq!(content_id::generate(&Empty)?, content_id::generate(&Vec::<u8>::new())?);
    /// # Ok::<(), content_id::Error>(())
    /// ```
    ListWriter("items", State::close_list);

    /// Ends the map: writes its count and its sorted entry digests.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// struct NoFields;
    /// impl StableHash for NoFields {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         encoder.map().finish()
    ///     }
    /// }
    /// let empty = std::collections::HashMap::<String, u8>::new();
    /// assert_eq!(content_id::generate(&NoFields)?, content_id::generate(&empty)?);
    /// # Ok::<(), content_id::Error>(())
    /// ```
    MapWriter("entries", State::close_entries);

    /// Ends the set: writes its count and its sorted element digests.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// struct None_;
    /// impl StableHash for None_ {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         encoder.set().finish()
    ///     }
    /// }
    /// let empty = std::collections::BTreeSet::<u8>::new();
    /// assert_eq!(content_id::generate(&None_)?, content_id::generate(&empty)?);
    /// # Ok::<(), content_id::Error>(())
    /// ```
    SetWriter("elements", State::close_entries);
}

#[cfg(test)]
mod tests {
    use crate::blake2b::counter::bytes_fed;
    use crate::{Encoder, StableHash, Written};

    /// `{"a": {"a": … {"a": 1} … }}`, `depth` maps deep.
    struct Nested(usize);

    impl StableHash for Nested {
        fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
            match self.0 {
                0 => encoder.write_u128(1),
                depth => encoder.write_map([("a", Nested(depth - 1))]),
            }
        }
    }

    // Guards that the work grows with the depth, not its square: each byte is hashed once, in
    // its innermost entry, and a map adds 41 bytes (tag, count, one digest) to the entry
    // around it, rather than copying the encoding of every nested map into the one around it.
    #[test]
    fn nested_maps_cost_linear_work() {
        for depth in [1, 250, 500] {
            let (id, fed) = bytes_fed(|| crate::generate(&Nested(depth)));
            assert!(id.is_ok());
            // Each level: the key "a" (10 bytes) and the map inside it (41 bytes); the
            // innermost integer (18 bytes).
            assert_eq!(fed, 51 * depth as u64 + 18, "depth {depth}");
        }
    }
}
