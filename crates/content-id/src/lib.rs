//! Content-derived ids: the same value gives the same id, in every process, on every platform
//! and in every version of this crate that uses the personalization `identifier:cid:2`.
//!
//! ```
//! let id = content_id::generate(&("report.pdf", 2026))?;
//! assert_eq!(id.len(), 64); // lower-case hex of a 32-byte BLAKE2b digest
//! assert_eq!(id, content_id::generate(&("report.pdf", 2026))?);
//! # Ok::<(), content_id::Error>(())
//! ```
//!
//! A value is written in a typed encoding (below), which is streamed into BLAKE2b; the id is
//! the digest in lower-case hex ([`generate`]: 64 characters; [`generate_with_length`]: 2 to
//! 128), or a UUIDv5 of it ([`generate_uuid5`]). Values give their encoding through the
//! [`StableHash`] trait, implemented for the standard library's data model; with the feature
//! `serde`, [`Serde`] gives any `Serialize` value the same encoding, so a struct and its
//! `serde_json::Value` share an id wherever serde_json's `Value` keeps what the struct holds
//! (see [`Serde`] for where it does not); with the feature `json` (on by default),
//! [`json::generate_from_reader`] hashes a JSON document as it reads it, to the same id.
//!
//! Every entry point returns a `Result`, as `serde_json::to_string` does: a value of the
//! standard library always has an encoding, but an implementation may say that it has none
//! ([`Encoder::fail`]), a `serialize` may fail, and nesting through [`StableHash`] and
//! [`Serde`] is limited to [`MAX_DEPTH`]. The error says where
//! ([`Error::Unencodable`], [`Error::TooDeep`]); [`Options::ignore_unhashable`] writes a
//! marker in place of a value that cannot be encoded instead. No two failing values share an
//! id by accident.
//!
//! # The encoding (version 2)
//!
//! Every value is one tag byte followed by its payload. Lengths and counts are unsigned
//! 64-bit big-endian integers (8 bytes). Every encoding ends where its own bytes say (a
//! fixed width, a length, a count of 32-byte digests, or the end byte of a list), so an
//! encoding can be read back without knowing its type, no encoding is the beginning of
//! another, and two encodings are equal only when the kinds and the payloads are: `1` is not
//! `"1"`, `["ab"]` is not `["a", "b"]`, `[[1], [2]]` is not `[[1, 2]]`, bytes are not a list
//! of integers and a map is not a list of pairs. The values that deliberately share an
//! encoding are listed below the table.
//!
//! | kind | Rust values | tag | payload |
//! |---|---|---|---|
//! | null | `()`, `None` | `0x00` | none |
//! | bool | `bool` | `0x01` | 1 byte: `0x00` false, `0x01` true |
//! | integer | `u8`…`u128`, `usize`, `i8`…`i128`, `isize` | `0x02` | 1 sign byte (`0x00` for ≥ 0, `0x01` for < 0), then \|value\| in 16 bytes big-endian |
//! | float | `f64`, `f32` (as the `f64` of the same value) | `0x03` | the IEEE 754 binary64 bits in 8 bytes big-endian; `-0.0` written as `0.0`, every NaN as `0x7FF8000000000000` |
//! | string | `str`, `String`, `char` (a one-character string) | `0x04` | length in bytes, then the UTF-8 bytes |
//! | bytes | [`Bytes`] | `0x05` | length, then the bytes |
//! | list | slices, arrays, `Vec`, `VecDeque`, tuples | `0x06` | each item's encoding, in order, then the end byte `0x09` |
//! | map | `BTreeMap`, `HashMap` | `0x07` | count, then the entry digest of each entry (below), in ascending order |
//! | set | `BTreeSet`, `HashSet` | `0x08` | count, then the entry digest of each element, in ascending order |
//! | unhashable | with [`Options::ignore_unhashable`], a value that cannot be encoded | `0x0A` | the number of bytes of the value hashed before it failed, usually 0 (see below) |
//!
//! `0x09` is the end of a list and starts no value; no other tag is used. Maps and sets
//! count their entries, and the marker its bytes, in a `u64` big-endian, like lengths.
//!
//! - **Entry digests.** The entry digest of a map entry is BLAKE2b-256 (unkeyed, unsalted,
//!   32 bytes) personalized with the 16 ASCII bytes `identifier:ent:2`, of the key's
//!   encoding followed by the value's encoding; that of a set element is the same hash of the
//!   element's encoding. *Ascending* is the byte order of the 32-byte digests. The order in
//!   which a map or set yields its entries therefore does not matter: a `HashMap` and a
//!   `BTreeMap` with the same entries share an id. Each byte of the input is hashed once, in
//!   its innermost entry, and a map adds 32 bytes per entry to the level around it: the
//!   cost is linear in the size of the value, however deep its maps nest.
//! - **Lists are streamed**: no count comes first, so a list of any length (an iterator, a
//!   JSON array being read) is hashed as it goes.
//! - **Integers** are encoded by value: `1u8`, `1i64` and `1u128` share an encoding, and every
//!   value from `i128::MIN` (magnitude 2¹²⁷) to `u128::MAX` has one. Zero has the sign byte
//!   `0x00`.
//! - **Floats** are a kind of their own: `1.0` and `1` differ (serde_json keeps them apart too).
//!   Ids follow `==`: `-0.0 == 0.0`, so they share an id; NaN, equal to nothing, has one id
//!   whatever its sign and payload. An `f32` is widened exactly to `f64`, so `0.1f32` is not
//!   `0.1f64`.
//! - **`Option`** follows JSON: `None` is null and `Some(x)` is `x`, so `Some(None)`, `None`
//!   and `()` share an id.
//! - **Tuples are lists**, as in serde_json: `(1, "a")`, `[&1 as &dyn StableHash, &"a"]` and
//!   the JSON `[1, "a"]` share an id. A `Vec<u8>` is a list of integers; wrap bytes in
//!   [`Bytes`] to hash them as bytes.
//! - **serde** ([`Serde`], feature `serde`): structs are maps of field name to value, enums
//!   are tagged as serde_json tags them, newtypes are transparent; the table on [`Serde`]
//!   gives the whole mapping.
//! - **JSON** ([`json`], feature `json`): arrays are lists, objects maps, numbers integers
//!   (any size in `i128::MIN..=u128::MAX`) or floats; duplicate keys, out-of-range numbers
//!   and underflows are errors. The rules are on the module.
//! - **Unhashable.** A value that cannot be encoded makes [`generate`] fail, unless
//!   [`Options::ignore_unhashable`] is set: then the marker `0x0A` takes its place, and the
//!   rest of the input is hashed as usual, so values that differ only in parts that fail at
//!   the same places share an id. The marker's count is the number of bytes of the failed
//!   value that had been hashed when it failed, in the hash it was written to: 0 when it
//!   failed before it wrote anything (always, for [`Encoder::fail`]); more for a [`Serde`]
//!   value that wrote part of itself (a sequence whose length was wrong, say) before its
//!   `serialize` failed. Those bytes come right before the marker, and with the marker they
//!   take the one place of the value, so a value that fails after writing `[1]` is not
//!   `[1]` followed by a value that fails. No value that encodes in full contains the
//!   marker.
//!
//! # The hash
//!
//! BLAKE2b (RFC 7693), unkeyed, without salt, with the 16 ASCII bytes `identifier:cid:2` as
//! personalization and a digest size of `length / 2` bytes; the id is the digest in
//! lower-case hex. The personalization names the version of the encoding: an encoding that
//! changes gets a new personalization and new golden vectors, never silently different ids.
//! (Version 1, `identifier:cid:1`, prefixed lists with their count and wrote the sorted
//! encodings of map entries; its ids are not those of version 2.) BLAKE2b's digest size is
//! one of its parameters, so ids of different lengths are unrelated: a short id is not a
//! prefix of a long one.
//!
//! # Worked examples
//!
//! `("a", 1)` is a list of two items, a string and an integer:
//!
//! ```text
//! 06                                               list
//! 04 0000000000000001 61                           string, 1 byte, "a"
//! 02 00 00000000000000000000000000000001           integer, ≥ 0, magnitude 1
//! 09                                               end of the list
//! ```
//!
//! and its id is BLAKE2b-256 of those 30 bytes personalized with `identifier:cid:2`. In
//! Python: `hashlib.blake2b(encoding, digest_size=32, person=b"identifier:cid:2").hexdigest()`.
//!
//! ```
//! assert_eq!(
//!     content_id::generate(&("a", 1))?,
//!     "de9760586f2d4e3dbd471750e8f84a16cd638d2b1a7b07ae7cfec668cbafc10f"
//! );
//! # Ok::<(), content_id::Error>(())
//! ```
//!
//! The map `{"a": 1}` has one entry, whose encoding is the key's and the value's:
//!
//! ```text
//! 04 0000000000000001 61                           string, 1 byte, "a"
//! 02 00 00000000000000000000000000000001           integer, ≥ 0, magnitude 1
//! ```
//!
//! Its entry digest is BLAKE2b-256 of those 27 bytes personalized with `identifier:ent:2`,
//! `014d41af744e8c4c7386356d12fea6bf35880c7644aa2aecb9437e744ccd13c0`, and the map is
//!
//! ```text
//! 07 0000000000000001                              map, 1 entry
//! 014d41af744e8c4c7386356d12fea6bf35880c7644aa2aecb9437e744ccd13c0
//! ```
//!
//! whose id is BLAKE2b-256 of those 41 bytes personalized with `identifier:cid:2`:
//!
//! ```
//! let map = std::collections::BTreeMap::from([("a", 1)]);
//! assert_eq!(
//!     content_id::generate(&map)?,
//!     "23cbc5d4642b77e7067b5485dd337fa7b01e38c1017f21dad03807d8a5953f04"
//! );
//! # #[cfg(feature = "json")]
//! assert_eq!(
//!     content_id::json::generate_from_reader(&br#"{"a": 1}"#[..], &Default::default())?,
//!     content_id::generate(&map)?
//! );
//! # Ok::<(), content_id::Error>(())
//! ```
//!
//! # What an id is not
//!
//! An id identifies content; it hides nothing. Anyone who can guess a value can confirm it
//! from its id, and equal values are visibly equal: do not use an id of private data as a
//! public identifier, a secret or a capability.
//!
//! # Cost
//!
//! Scalars, strings, bytes and lists are streamed into the hash without allocating. The
//! hasher of the current entry of the innermost open map or set is one of two fixed
//! BLAKE2b states; each map or set open around it keeps 32 bytes, plus the bytes of its
//! current entry that BLAKE2b has not compressed yet and their count (at most 129) and,
//! once that entry is longer than a 128-byte block, its 72-byte chaining state. Every open
//! map or set keeps 32 bytes per entry written so far, which it sorts when it closes. These
//! live in vectors that grow by doubling. The encoding of a [`StableHash`] or [`Serde`]
//! value recurses on the call stack, at most [`MAX_DEPTH`] containers deep; [`json`] keeps
//! its nesting on the heap, at most [`json::Limits::max_depth`] deep, and says what it
//! costs in bytes ([`json`'s Memory](json#memory)). The returned `String` is the only other
//! allocation.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
// The documentation links to `Serde` and `json`, which exist only with their features.
#![cfg_attr(
    not(all(feature = "serde", feature = "json")),
    allow(rustdoc::broken_intra_doc_links)
)]

mod blake2b;
mod encoder;
mod error;
mod id;
#[cfg(feature = "json")]
pub mod json;
mod path;
#[cfg(feature = "serde")]
mod serializer;
mod stable_hash;
mod uuid5;

pub use encoder::{Encoder, ListWriter, MapWriter, SetWriter, Written};
pub use error::Error;
pub use id::{Options, generate, generate_with, generate_with_length};
#[cfg(feature = "serde")]
pub use serializer::Serde;
pub use stable_hash::{Bytes, StableHash};
pub use uuid5::{NAMESPACE, generate_uuid5, generate_uuid5_in, generate_uuid5_with};

/// How many lists, maps and sets a [`StableHash`] or [`Serde`] value may nest, one inside
/// the other: a container inside `MAX_DEPTH` others makes [`generate`] fail with
/// [`Error::TooDeep`].
///
/// Their encoding recurses on the call stack, a few frames per level; the limit keeps it
/// within a 2 MiB thread stack even in a debug build, so that deep data is an error and
/// never a crash. JSON read by [`json`] keeps its nesting on the heap and has a limit of
/// its own, [`json::Limits::max_depth`] ([`json::DEFAULT_MAX_DEPTH`] unless the caller sets
/// it).
///
/// ```
/// use content_id::{Error, MAX_DEPTH};
///
/// // `MAX_DEPTH` lists, one inside the other, are fine.
/// let mut value: Vec<Box<dyn content_id::StableHash>> = Vec::new();
/// for _ in 1..MAX_DEPTH {
///     value = vec![Box::new(value)];
/// }
/// assert!(content_id::generate(&value).is_ok());
/// // One more is too deep.
/// let value = vec![Box::new(value)];
/// assert!(matches!(content_id::generate(&value), Err(Error::TooDeep { .. })));
/// ```
pub const MAX_DEPTH: usize = 512;
