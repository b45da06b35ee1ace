//! The text and bytes every id of the `identifier` workspace shares.
//!
//! ```
//! let text = id_text::uuid_text::encode_text(0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F);
//! assert_eq!(text.as_str(), "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
//! ```
//!
//! The format crates (`ulid`, `uuid7`, `objectid`, `snowflake`) and content ids write their
//! text from ASCII alphabets into stack buffers, and read it back strictly. What they share is
//! written once here:
//!
//! - [`hex`]: bytes to lower-case hex digits in a caller's buffer, and digits back to bytes
//!   under an explicit case rule ([`hex::Case::Lower`] or [`hex::Case::Any`]), an invalid
//!   byte reported with its index.
//! - [`uuid_text`]: the hyphenated `8-4-4-4-12` text of a UUID, both ways.
//! - [`ulid_text`]: a ULID's 26 Crockford Base32 symbols read with vector code, where the
//!   processor has it (the scalar codec is the `crockford32` crate).
//! - [`AsciiText`]: the buffer an encoder writes its symbols into, [`AsciiByte`]s from a
//!   table checked when the program is compiled, so that the text becomes a `&str` with no
//!   check; [`ascii_str`] for bytes from elsewhere, after an ASCII check of a few word
//!   operations instead of a full UTF-8 check; [`display`] and [`debug`], the bodies of an
//!   id's `Display` (padded as text) and `Debug`; [`lower_hex`] and [`upper_hex`], the bodies
//!   of its `LowerHex` and `UpperHex` (its bytes, padded as an integer); [`check_char_len`] and [`char_at`] for
//!   parse errors that count and name characters.
//! - [`column`](mod@column): which MySQL column types hold an id's bytes, for the formats' database
//!   integrations.
//! - [`date_time`]: an id's timestamp as the date-time of chrono, time or jiff (features
//!   `chrono`, `time`, `jiff`) and back, rounded toward the past and checked against the range
//!   the id holds.
//! - [`serde`](mod@serde) (feature `serde`): an id as text in human-readable formats and as
//!   bytes in binary ones, and the one visitor that reads either.
//!
//! `no_std`, no allocation, and no function panics, whatever its input. The one `unsafe`
//! function makes a `&str` of ASCII bytes without a check; its callers are the methods of
//! [`AsciiText`], whose bytes are ASCII by construction, and [`ascii_str`], after its check.
//! Each call has a `SAFETY` argument, the function asserts ASCII in debug builds, and the
//! tests run under Miri and a fuzz target (`fuzz/fuzz_targets/id_text_ascii.rs`).
#![cfg_attr(docsrs, feature(doc_cfg))]
#![no_std]
#![deny(unsafe_code)]

#[cfg(any(test, feature = "std"))]
extern crate std;

mod ascii;
pub mod column;
pub mod date_time;
pub mod hex;
#[cfg(feature = "serde")]
pub mod serde;
mod text;
pub mod ulid_text;
pub mod uuid_text;
mod vector;

#[doc(hidden)]
pub use vector::paths as vector_paths;

pub use ascii::{AsciiByte, AsciiText};
pub use text::{ascii_str, char_at, check_char_len, debug, display, lower_hex, upper_hex};
