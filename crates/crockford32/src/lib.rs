//! Crockford Base32 for integers, and its mod-37 check symbols.
//!
//! ```
//! let mut buffer = [0u8; 10];
//! crockford32::encode_u64(1_234_567, &mut buffer)?;
//! assert_eq!(crockford32::decode_u64("0000015nm7")?, 1_234_567);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [Crockford's Base32](https://www.crockford.com/base32.html) writes 5 bits a symbol with
//! the digits and the Latin capitals minus `I`, `L`, `O` and `U`, which a human could take for
//! `1`, `1`, `0` or an obscenity. ULIDs and checksummed codes are written with it.
//!
//! - [`encode`] (a `u128`) and [`encode_u64`] write a number into a caller's buffer of any
//!   length, most significant symbol first, padded with `0` on the left (the ULID convention);
//!   they fail, rather than truncate, when the number needs more symbols than the buffer holds.
//!   [`encode_text`] gives a `u128`'s 26 symbols as an [`id_text::AsciiText`], which becomes a
//!   `&str` without a check.
//! - [`decode`] (to a `u128`) and [`decode_u64`] read one back: case-insensitive, `O` read as
//!   `0`, `I` and `L` as `1`. An invalid character is reported with its byte index, and a value
//!   wider than the integer is an overflow, never a wrap.
//! - [`check_symbol`], [`check_symbol_value`] and [`mod37`]: the check symbol of the specification,
//!   the value modulo 37 written with the alphabet extended by `*~$=U`.
//!
//! `no_std`; the `alloc` feature (on by default) adds [`encode_to_string`]. No function
//! panics, whatever its input.
//!
//! This is the scalar codec, and the one alphabet. The `ulid` crate reads a ULID's 26 symbols
//! with `id_text::ulid_text::decode_vector` first, vector code where the processor has it
//! (AVX2), which answers only for text it accepts whole and leaves every other text, and every
//! error, to [`decode`]; property tests and a fuzz target hold its answers equal to this
//! decoder's.
//!
//! # Examples
//!
//! ```
//! let mut buffer = [0u8; 10];
//! crockford32::encode_u64(1_234_567, &mut buffer)?;
//! assert_eq!(&buffer, b"0000015NM7");
//!
//! // Lower case and the aliases O, I, L are accepted.
//! assert_eq!(crockford32::decode_u64("15nm7")?, 1_234_567);
//! assert_eq!(crockford32::decode_u64("1O")?, 32);
//!
//! // The check symbol of Crockford's worked example.
//! let remainder = crockford32::mod37("H88CMK9BVJ1V")?;
//! assert_eq!(crockford32::check_symbol(remainder), Some(b'P'));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![cfg_attr(docsrs, feature(doc_cfg))]
#![no_std]
#![forbid(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;

mod check;
mod decode;
mod encode;
mod error;

pub use check::{CHECK_ALPHABET, check_symbol, check_symbol_value, mod37, mod37_symbols};
pub use decode::{decode, decode_u64, symbol_value};
#[cfg(feature = "alloc")]
pub use encode::encode_to_string;
pub use encode::{U128_LEN, encode, encode_text, encode_u64};
pub use error::{DecodeError, EncodeError};

/// The 32 symbols, in order of value: `ALPHABET[v]` writes the 5-bit value `v`.
///
/// ```
/// assert_eq!(crockford32::ALPHABET[10], b'A');
/// assert_eq!(crockford32::ALPHABET[31], b'Z');
/// assert!(!crockford32::ALPHABET.contains(&b'U'));
/// ```
pub const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
