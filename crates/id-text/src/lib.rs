//! The text and bytes every id of the `identifier` workspace shares.
//!
//! ```
//! let mut text = [0u8; id_text::uuid_text::LEN];
//! id_text::uuid_text::encode(0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F, &mut text);
//! assert_eq!(id_text::ascii_str(&text), Some("017f22e2-79b0-7cc3-98c4-dc0c0c07398f"));
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
//! - [`ascii_str`]: ASCII bytes as a `&str`, after an ASCII check of a few word operations
//!   instead of a full UTF-8 check; [`encoded_str`] for bytes an encoder wrote; [`display`]
//!   and [`debug`], the bodies of an id's `Display` (padded as text) and `Debug`;
//!   [`check_char_len`] and [`char_at`] for parse errors that count and name characters.
//! - [`serde`](mod@serde) (feature `serde`): an id as text in human-readable formats and as
//!   bytes in binary ones, and the one visitor that reads either.
//!
//! `no_std`, no allocation, and no function panics, whatever its input. The one `unsafe`
//! block, in [`ascii_str`], makes a `&str` of bytes just checked to be ASCII.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![no_std]
#![deny(unsafe_code)]

#[cfg(test)]
extern crate std;

pub mod hex;
#[cfg(feature = "serde")]
pub mod serde;
mod text;
pub mod uuid_text;

pub use text::{ascii_str, char_at, check_char_len, debug, display, encoded_str};
