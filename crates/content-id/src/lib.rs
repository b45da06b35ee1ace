//! Content-derived ids: the same value gives the same id, in every process, on every platform
//! and in every version of this crate that uses the personalization `identifier:cid:1`.
//!
//! A value is written in a typed, length-prefixed encoding (below), which is streamed into
//! BLAKE2b; the id is the digest in lower-case hex ([`generate`]: 64 characters;
//! [`generate_with_length`]: 2 to 128), or a UUIDv5 of it ([`generate_uuid5`]). Values give
//! their encoding through the [`StableHash`] trait, implemented for the standard library's
//! data model; with the feature `serde`, [`Serde`] gives any `Serialize` value the same
//! encoding, so a struct and its `serde_json::Value` share an id.
//!
//! # The encoding (version 1)
//!
//! Every value is one tag byte followed by its payload. Lengths and counts are unsigned
//! 64-bit big-endian integers (8 bytes). Every payload has a fixed width or a length or count
//! in front of it, so an encoding can be read back without knowing its type, and two
//! encodings are equal only when the kinds and the payloads are: `1` is not `"1"`, `["ab"]`
//! is not `["a", "b"]`, `[[1], [2]]` is not `[[1, 2]]`, bytes are not a list of integers and
//! a map is not a list of pairs. The values that deliberately share an encoding are listed
//! below the table.
//!
//! | kind | Rust values | tag | payload |
//! |---|---|---|---|
//! | null | `()`, `None` | `0x00` | none |
//! | bool | `bool` | `0x01` | 1 byte: `0x00` false, `0x01` true |
//! | integer | `u8`…`u128`, `usize`, `i8`…`i128`, `isize` | `0x02` | 1 sign byte (`0x00` for ≥ 0, `0x01` for < 0), then \|value\| in 16 bytes big-endian |
//! | float | `f64`, `f32` (as the `f64` of the same value) | `0x03` | the IEEE 754 binary64 bits in 8 bytes big-endian; `-0.0` written as `0.0`, every NaN as `0x7FF8000000000000` |
//! | string | `str`, `String`, `char` (a one-character string) | `0x04` | length in bytes, then the UTF-8 bytes |
//! | bytes | [`Bytes`] | `0x05` | length, then the bytes |
//! | list | slices, arrays, `Vec`, `VecDeque`, tuples | `0x06` | count, then each item's encoding, in order |
//! | map | `BTreeMap`, `HashMap` | `0x07` | count, then each entry (the key's encoding followed by the value's), sorted |
//! | set | `BTreeSet`, `HashSet` | `0x08` | count, then each element's encoding, sorted |
//! | unencodable | see below | `0xFF` | none; only ever the whole input |
//!
//! - **Integers** are encoded by value: `1u8`, `1i64` and `1u128` share an encoding, and every
//!   value from `i128::MIN` (magnitude 2¹²⁷) to `u128::MAX` has one. Zero has the sign byte
//!   `0x00`.
//! - **Floats** are a kind of their own: `1.0` and `1` differ (serde_json keeps them apart too).
//!   Ids follow `==`: `-0.0 == 0.0`, so they share an id; NaN, equal to nothing, has one id
//!   whatever its sign and payload. An `f32` is widened exactly to `f64`, so `0.1f32` is not
//!   `0.1f64`.
//! - **Sorted** means in ascending byte order of the entries' (or elements') own encodings,
//!   compared as byte strings. The order in which a map or set yields its entries therefore
//!   does not matter: a `HashMap` and a `BTreeMap` with the same entries share an id.
//! - **`Option`** follows JSON: `None` is null and `Some(x)` is `x`, so `Some(None)`, `None`
//!   and `()` share an id.
//! - **Tuples are lists**, as in serde_json: `(1, "a")`, `[&1 as &dyn StableHash, &"a"]` and
//!   the JSON `[1, "a"]` share an id. A `Vec<u8>` is a list of integers; wrap bytes in
//!   [`Bytes`] to hash them as bytes.
//! - **serde** ([`Serde`], feature `serde`): structs are maps of field name to value, enums
//!   are tagged as serde_json tags them, newtypes are transparent; the table on [`Serde`]
//!   gives the whole mapping.
//! - **Unencodable.** A [`Serde`] value whose `serialize` fails, or whose sequence yields
//!   another number of elements than it declared, and a list written from an
//!   `ExactSizeIterator` whose `len()` is wrong, have no encoding. The whole input is then
//!   hashed as the single byte `0xFF`, which starts no encoding: every such value gets that
//!   one id, and no encodable value has it.
//!
//! # The hash
//!
//! BLAKE2b (RFC 7693), unkeyed, without salt, with the 16 ASCII bytes `identifier:cid:1` as
//! personalization and a digest size of `length / 2` bytes; the id is the digest in
//! lower-case hex. The personalization names the version of the encoding: an encoding that
//! changes gets a new personalization and new golden vectors, never silently different ids.
//! BLAKE2b's digest size is one of its parameters, so ids of different lengths are unrelated:
//! a short id is not a prefix of a long one.
//!
//! # A worked example
//!
//! `("a", 1)` is a list of two items, a string and an integer:
//!
//! ```text
//! 06 0000000000000002                              list, 2 items
//! 04 0000000000000001 61                           string, 1 byte, "a"
//! 02 00 00000000000000000000000000000001           integer, ≥ 0, magnitude 1
//! ```
//!
//! and its id is BLAKE2b-256 of those 37 bytes personalized with `identifier:cid:1`. In
//! Python: `hashlib.blake2b(encoding, digest_size=32, person=b"identifier:cid:1").hexdigest()`.
//!
//! ```
//! assert_eq!(
//!     content_id::generate(&("a", 1)),
//!     "8d365df06afe95e397f73a0c31c7f2eb5768abb3b50f03bd3073e477fd17f247"
//! );
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
//! entries of a map or set, with everything nested in them, are encoded into one buffer,
//! reused for the whole value, and sorted there before they are hashed. The returned
//! `String` is the only other allocation.
#![forbid(unsafe_code)]
// The documentation links to `Serde`, which exists only with the feature `serde`.
#![cfg_attr(not(feature = "serde"), allow(rustdoc::broken_intra_doc_links))]

mod blake2b;
mod encoder;
mod error;
mod id;
#[cfg(feature = "serde")]
mod serializer;
mod stable_hash;
mod uuid5;

pub use encoder::Encoder;
pub use error::Error;
pub use id::{generate, generate_with_length};
#[cfg(feature = "serde")]
pub use serializer::Serde;
pub use stable_hash::{Bytes, StableHash};
pub use uuid5::{NAMESPACE, generate_uuid5, generate_uuid5_in};
