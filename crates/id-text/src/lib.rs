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
//! - [`uuid_text`]: the hyphenated `8-4-4-4-12` text of a UUID, both ways, and the text of a
//!   UUID of one version (with the RFC 9562 variant) read at once.
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
//!   integrations; and, hidden from these pages, the macro that declares a format crate's
//!   integration modules, its sqlx bodies once per sqlx release (`src/integrations.rs`).
//! - [`date_time`]: an id's timestamp as the date-time of chrono, time or jiff (features
//!   `chrono`, `time`, `jiff`) and back, rounded toward the past and checked against the range
//!   the id holds.
//! - [`serde`](mod@serde) (feature `serde`): an id as text in human-readable formats and as
//!   bytes in binary ones, and the one visitor that reads either.
//!
//! `no_std`, no allocation, and no function panics, whatever its input.
//!
//! # Unsafe code
//!
//! The crate denies `unsafe_code`, and allows it item by item where one of two things needs
//! it: a `&str` of bytes known to be ASCII, made without a check, and the vector code, whose
//! functions enable a processor feature (`#[target_feature]`) and load and store through raw
//! pointers. Every block has a `// SAFETY:` argument just above it, and the one `unsafe fn` a
//! `# Safety` section; `tests/unsafe_code.rs` counts them per file against this table and
//! finds each argument, so that the table stays true.
//!
//! | file | `unsafe` blocks | `unsafe fn` | what they do, and why each is sound |
//! |---|---|---|---|
//! | `ascii.rs` | 5 | 1 | `str_of_ascii`, the one `unsafe fn` (`core::str::from_utf8_unchecked` in its one block), and its four calls by [`AsciiText`]'s methods. Sound because a byte below 0x80 is a whole UTF-8 character, and an `AsciiText` holds no other byte: it starts as zeros and is written only with [`AsciiByte`]s, which are made only from bytes below 0x80, or with words whose high bits are cleared as they are stored. A debug build asserts it. |
//! | `text.rs` | 1 | 0 | [`ascii_str`]'s call of `str_of_ascii`, after its check that every byte is below 0x80. |
//! | `vector.rs` | 30 | 0 | the calls of the vector functions, which need their feature: 15 from the entry points the codecs use (10 on x86-64, 5 on AArch64) and 14 from `vector_paths`, which the tests and the fuzz target call each path through (9 and 5). Sound because SSE2 and NEON are in every processor of the build's target (the modules are compiled only under `cfg(target_feature = "sse2")` or `"neon"`), and AVX2 code runs only in a build for processors with it or after `is_x86_feature_detected!("avx2")` found it (detected once, cached; feature `std`). And one call of `str_of_ascii`, on the 36 bytes the AVX2 code has just written of a UUID's text: it writes every one of them, each a byte of its table of the 16 digits (moved or cleared by shuffles) ORed with a hyphen or 0. |
//! | `vector/sse2.rs` | 2 | 0 | one load and one store of 16 bytes (`_mm_loadu_si128`, `_mm_storeu_si128`). |
//! | `vector/avx2.rs` | 4 | 0 | loads of 32 and of 16 bytes, and stores of 16 and of 32 (`_mm256_loadu_si256`, `_mm_loadu_si128`, `_mm_storeu_si128`, `_mm256_storeu_si256`). |
//! | `vector/neon.rs` | 3 | 0 | loads of 16 and of 8 bytes, and a store of 16 (`vld1q_u8`, `vld1_u8`, `vst1q_u8`). |
//!
//! The loads and stores are sound because each pointer comes from a reference to an array of
//! exactly the bytes read or written, and these intrinsics take any alignment. That the vector
//! code computes what the scalar code does is held apart from soundness: the property tests
//! (`tests/vector.rs`) and the fuzz target `id_text_vector` compare every path with the scalar
//! code, byte for byte and error for error (CI runs the NEON code under qemu); Miri runs the
//! scalar code and the `&str` conversions, and the fuzz target `id_text_ascii` the latter.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![no_std]
#![deny(unsafe_code)]

#[cfg(any(test, feature = "std"))]
extern crate std;

mod ascii;
pub mod column;
pub mod date_time;
mod digits;
pub mod hex;
mod integrations;
#[cfg(feature = "serde")]
pub mod serde;
mod text;
pub mod ulid_text;
pub mod uuid_text;
mod uuid_version;
mod vector;

#[doc(hidden)]
pub use vector::paths as vector_paths;

pub use ascii::{AsciiByte, AsciiText};
pub use text::{ascii_str, char_at, check_char_len, debug, display, lower_hex, upper_hex};
