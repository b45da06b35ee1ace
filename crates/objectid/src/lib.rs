//! ObjectId-shaped identifiers: 32-bit Unix seconds and a 64-bit counter, written as 24
//! lower-case hex characters, strictly increasing within a process and safe across `fork`.
//!
//! # The format
//!
//! Twelve bytes, big-endian:
//!
//! ```text
//!  0                   1                   2                   3
//!  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |                          timestamp_s                          |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |                            counter                            |
//! +                                                               +
//! |                       counter (continued)                     |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! ```
//!
//! - `timestamp_s`: seconds since the Unix epoch, 0 to `2^32 - 1` (2106-02-07T06:28:15Z).
//! - `counter`: 64 bits, drawn at random for the first id of each second and incremented for
//!   each next id of that second.
//!
//! The text is the 12 bytes in hex: exactly 24 characters `0`-`9`, `a`-`f`. Order,
//! equality and hashing are those of the bytes, which is the order of the timestamp, then the
//! counter, and also the order of the text. Parsing ([`FromStr`](core::str::FromStr),
//! [`extract_timestamp_s`]) is the strict inverse of [`Display`](core::fmt::Display):
//! upper case, a `0x` prefix, spaces, non-ASCII characters and any other length are errors
//! that name the length found, or the character and its byte index. This is stricter than the
//! `bson` crate, which also reads upper case: an id has one text, so stored ids compare as
//! strings.
//!
//! # Not the MongoDB layout, on purpose
//!
//! ```text
//! MongoDB:  | timestamp (4 bytes) | per-process random (5 bytes) | counter (3 bytes) |
//! here:     | timestamp (4 bytes) |               counter (8 bytes)                  |
//! ```
//!
//! The documented ObjectId layout puts a 5-byte random value, fixed per process, and a 3-byte
//! counter after the timestamp. This crate uses those 8 bytes as one counter instead. The 24
//! hex characters, the timestamp field and the sort order are those of an ObjectId, so
//! MongoDB, the `bson` crate and any ObjectId parser read these ids and their timestamps;
//! only a tool that decodes the two middle fields would notice the difference. In return,
//! ids are strictly increasing within a process (a 3-byte counter wraps after 16,777,216 ids),
//! and there is no per-process value that would have to be redrawn in a forked child.
//!
//! # Generation: the guarantee and its scope
//!
//! [`generate`] and [`fill`] draw from one process-wide sequence (a
//! [`TickSequence`](tick_sequence::TickSequence) of 1 s ticks and a 64-bit counter):
//!
//! - **Strictly increasing within one process.** Every id they return, from any thread, is
//!   greater than every id they returned before, as bytes and as text.
//! - **Unique, not ordered, across processes.** Two processes, or a process and its restart,
//!   share no state: in the same second each starts its counter at an independent random
//!   value, so their ids collide only if their counter ranges overlap (about `n / 2^63` for
//!   `n` ids per second each). Merged streams are unique; their order says nothing of which
//!   id came first.
//! - **The timestamp may run ahead of the clock.** When the clock steps back, ids keep the
//!   last second served and count on until the clock catches up; when a second's counter is
//!   exhausted, the next second is borrowed. The embedded time loses accuracy; order and
//!   uniqueness do not break.
//! - **Fork.** On Unix a forked child starts a fresh sequence, reseeded from the operating
//!   system, so parent and child share no id.
//!
//! [`generate_at`] makes an id for a given second with a random counter (64 bits from the
//! same fork-aware CSPRNG); such ids are unique with high probability but not ordered within
//! their second.
//!
//! # Not a secret
//!
//! An id shows when it was made, and two ids of one process and one second show how many ids
//! came between them. Ids are identifiers, not secrets or capabilities: do not use one to
//! grant access (RFC 9562, section 8, says the same of UUIDs).
//!
//! # Features
//!
//! - `serde`: the 24-character text for human-readable formats (JSON), the 12 bytes for
//!   binary ones; deserializing is as strict as parsing.
//!
//! # Examples
//!
//! ```
//! use objectid::ObjectId;
//!
//! let id = objectid::generate();
//! let text = id.to_string();
//! assert_eq!(text.len(), 24);
//! assert_eq!(text.parse::<ObjectId>(), Ok(id));
//! assert_eq!(objectid::extract_timestamp_s(&text), Ok(id.timestamp_s()));
//! assert!(objectid::generate() > id);
//!
//! // An explicit second: the example of the MongoDB manual, 2012-10-15T21:26:17Z.
//! let id = ObjectId::from_parts(1_350_336_377, 0xbcf8_6cd7_994f_6c0e)?;
//! assert_eq!(id.to_string(), "507c7f79bcf86cd7994f6c0e");
//! # Ok::<(), objectid::Error>(())
//! ```
#![forbid(unsafe_code)]

mod error;
mod generate;
mod hex;
mod object_id;
#[cfg(feature = "serde")]
mod serde;

pub use error::{Error, ParseError};
pub use generate::{extract_timestamp_s, fill, generate, generate_at, try_fill, try_generate};
pub use object_id::ObjectId;
