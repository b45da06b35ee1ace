//! ULID: Universally Unique Lexicographically Sortable Identifiers, strictly increasing within
//! a process and safe across threads and `fork`.
//!
//! # The format
//!
//! A [ULID](https://github.com/ulid/spec) is 128 bits: a 48-bit Unix timestamp in
//! milliseconds, then 80 bits that this crate fills with a counter. Big-endian, the timestamp
//! in the high bits:
//!
//! ```text
//!  0                   1                   2                   3
//!  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |                      32_bit_uint_time_high                    |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |     16_bit_uint_time_low      |    16_bit_uint_counter_high   |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |                       32_bit_uint_counter                     |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |                     32_bit_uint_counter_low                   |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! ```
//!
//! The text form is the 128-bit value in 26 [Crockford Base32](https://www.crockford.com/base32.html)
//! symbols, upper case, most significant first: 10 symbols of timestamp, 16 of counter (the
//! first symbol holds only 3 bits, so it is `0` to `7`).
//!
//! ```text
//!  01ARZ3NDEK      TSV4RRFFQ69G5FAV
//! |----------|    |----------------|
//!   timestamp          counter
//!    48 bits           80 bits
//! ```
//!
//! Parsing ([`FromStr`](core::str::FromStr), [`extract_timestamp_ms`]) accepts exactly 26
//! characters in either case, with `O` read as `0` and `I`/`L` as `1` (the aliases of the
//! specification), and a first symbol of at most `7`: `8ZZZZZZZZZZZZZZZZZZZZZZZZZ` is an
//! overflow error, never a wrap. Everything else is a [`ParseError`] that names the length
//! or the character and its byte index.
//!
//! Integer order, byte order and text order are the same order.
//!
//! # Generation, and what it guarantees
//!
//! [`generate`] and [`fill`] take `(millisecond, counter)` pairs from one process-wide
//! [`TickSequence`](tick_sequence::TickSequence): on a new millisecond the counter starts
//! at a random 80-bit value from a CSPRNG; within the millisecond it increments.
//!
//! - **Strictly increasing within one process.** Every ULID that [`generate`] or [`fill`]
//!   returns is greater than every ULID they returned before in this process, from any
//!   thread.
//! - **Unique, not ordered, across processes.** ULIDs of different processes (or hosts) are
//!   unique with overwhelming probability, through their random starts; merging their
//!   streams gives unique ids whose order says nothing about which came first. Nothing is
//!   persisted: a restarted process starts a fresh sequence.
//! - **The timestamp may run ahead of the clock.** When the clock steps back, or after a
//!   burst that exhausts the 80-bit counter within one millisecond, the embedded timestamp is
//!   later than the wall clock until the clock catches up. Order and uniqueness hold; the
//!   timestamp is a hint, not a measurement.
//! - **Fork-safe.** A child created by `fork` resets the sequence and reseeds its random
//!   source, so parent and child share no id. [`generate_at`] draws from the same fork-aware
//!   source.
//!
//! # Not a secret
//!
//! A ULID tells anyone who reads it when it was created, and consecutive ULIDs of one
//! process differ by small increments. ULIDs are identifiers, not secrets or capabilities:
//! holding one must grant nothing ([RFC 9562 §8](https://www.rfc-editor.org/rfc/rfc9562#section-8)
//! says the same of UUIDs).
//!
//! # Examples
//!
//! ```
//! let first = ulid::generate();
//! let second = ulid::generate();
//! assert!(first < second);
//!
//! let text = first.to_string();
//! assert_eq!(text.len(), 26);
//! assert_eq!(text.parse::<ulid::Ulid>()?, first);
//!
//! // The example of the ULID specification.
//! let spec: ulid::Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
//! assert_eq!(spec.timestamp_ms(), 1_469_922_850_259);
//! assert_eq!(ulid::extract_timestamp_ms("01arz3ndektsv4rrffq69g5fav")?, 1_469_922_850_259);
//! # Ok::<(), ulid::ParseError>(())
//! ```
//!
//! # Features
//!
//! - `serde`: [`Ulid`] serializes as its 26-character text for human-readable formats (JSON,
//!   TOML) and as its 16 big-endian bytes for binary ones; deserializing is as strict as
//!   parsing.
#![forbid(unsafe_code)]

mod error;
mod generate;
mod parse;
#[cfg(feature = "serde")]
mod serde_support;
mod value;

pub use error::{Error, ParseError};
pub use generate::{fill, generate, generate_at, try_fill, try_generate};
pub use parse::extract_timestamp_ms;
pub use value::Ulid;
