//! UUID version 7 ([RFC 9562](https://www.rfc-editor.org/rfc/rfc9562)): a 48-bit millisecond
//! timestamp and a 74-bit counter, strictly increasing within a process and safe across
//! `fork`.
//!
//! # Layout
//!
//! ```text
//!  0                   1                   2                   3
//!  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |                           unix_ts_ms                          |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |          unix_ts_ms           |  ver  |  rand_a = counter     |
//! |                               | 0111  |  bits 73..62          |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |var|          rand_b = counter bits 61..0                      |
//! |10 |                                                           |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |                          rand_b (cont.)                       |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! ```
//!
//! - `unix_ts_ms` (48 bits): milliseconds since the Unix epoch, leap seconds excluded.
//! - `ver` (4 bits): `0111`, version 7.
//! - `rand_a` (12 bits): the high 12 bits of the counter, bits 73 to 62.
//! - `var` (2 bits): `10`, the variant of RFC 9562.
//! - `rand_b` (62 bits): the low 62 bits of the counter, bits 61 to 0.
//!
//! The counter is the "monotonic random" of RFC 9562 §6.2 (method 2), 74 bits wide: on each
//! new millisecond it starts at a random value, and each further id of the same millisecond
//! adds one. Since `rand_a` sits above `rand_b` and the constant `var` between them, the
//! 128-bit value increases with `(unix_ts_ms, counter)`, and so do the 16 bytes (big-endian)
//! and the text.
//!
//! # Text
//!
//! 36 characters, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, written in lower case.
//! [`FromStr`](Uuid7#impl-FromStr-for-Uuid7) accepts that form in either case, with version 7
//! and variant `0b10`, and nothing else: not `{…}`, not `urn:uuid:`, not the 32 digits
//! without hyphens. Errors name what was wrong and where ([`ParseError`]).
//!
//! # The guarantee, and its scope
//!
//! - **Strictly increasing within one process.** Every id from [`generate`] or [`fill`] is
//!   greater than every id generated before it in the process, in every thread: as a value,
//!   as bytes and as text.
//! - **Unique, not ordered, across processes.** Another process, a restarted one, or a
//!   forked child starts its own sequence from a fresh random counter (nothing is persisted):
//!   ids of merged streams collide only with negligible probability, and their order says
//!   nothing about which came first. [`generate_at`] ids carry 74 random bits and are outside
//!   the sequence.
//! - **The timestamp may run ahead of the clock.** When the clock steps back, ids keep the
//!   latest timestamp and count on; if the counter runs out within a millisecond, the next
//!   millisecond is borrowed. Either way order and uniqueness hold, and the embedded time is
//!   later than the clock until the clock catches up.
//! - **Fork.** On Unix a forked child starts a new sequence and reseeds its random source, so
//!   parent and child never share an id.
//!
//! # Not a secret
//!
//! A UUIDv7 shows when it was made, to the millisecond, and its counter shows how many ids
//! came before it in that millisecond. It is an identifier, not a secret, a password or a
//! capability: knowing one must never grant access to anything (RFC 9562 §8 and §6.9).
//!
//! # Features
//!
//! - `serde`: the text for human-readable formats, the 16 bytes for binary ones; reading is
//!   exactly as strict as [`FromStr`](Uuid7#impl-FromStr-for-Uuid7).
//! - `uuid`: `From<Uuid7> for uuid::Uuid` and `TryFrom<uuid::Uuid> for Uuid7`.
//!
//! # Examples
//!
//! ```
//! let id = uuid7::generate();
//! let text = id.to_string();
//! assert_eq!(text.len(), 36);
//! assert_eq!(&text[14..15], "7");
//!
//! let back: uuid7::Uuid7 = text.parse()?;
//! assert_eq!(back, id);
//! assert_eq!(uuid7::extract_timestamp_ms(&text)?, id.timestamp_ms());
//! assert!(uuid7::generate() > id);
//! # Ok::<(), uuid7::ParseError>(())
//! ```
#![forbid(unsafe_code)]

mod error;
mod generate;
mod hex;
mod id;
mod text;
#[cfg(feature = "serde")]
mod with_serde;
#[cfg(feature = "uuid")]
mod with_uuid;

pub use error::{Error, ParseError};
pub use generate::{fill, generate, generate_at, try_fill, try_generate};
pub use id::Uuid7;
pub use text::extract_timestamp_ms;
