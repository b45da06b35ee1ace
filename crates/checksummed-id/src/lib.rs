//! Random codes for humans to read aloud and type: Crockford Base32 with a mod-37 check
//! symbol that catches every single-symbol error and every swap of two adjacent symbols.
//!
//! ```
//! let code = checksummed_id::generate(); // such as "7K3M-9QPA-XW2B-G"
//! assert!(checksummed_id::verify(&code));
//! assert!(checksummed_id::verify("7K3M-9QPA-XW2B-G"));
//! assert!(!checksummed_id::verify("7K3M-9QPA-XW28-G")); // one symbol off
//! ```
//!
//! # The format
//!
//! ```text
//! 7K3M-9QPA-XW2B-G
//! └──────────────┘└ check symbol: the payload's value modulo 37
//!  payload: 12 random symbols, a base-32 number, most significant first
//! ```
//!
//! - **Payload**: `length` symbols of [Crockford's Base32](https://www.crockford.com/base32.html)
//!   (`0-9A-Z` without `I`, `L`, `O`, `U`: [`crockford32::ALPHABET`]), drawn from
//!   [`tick_sequence::random_bits`], a CSPRNG seeded from the operating system and reseeded in
//!   a child after `fork`, so parent and child do not produce the same codes. 5 random bits a
//!   symbol: 60 bits for the default 12.
//! - **Check symbol**: the payload's value modulo 37, written with the 37 check symbols of the
//!   specification: the 32 symbols, then `*`, `~`, `$`, `=`, `U` for 32 to 36. The generator
//!   never writes those five: a payload whose remainder is 32 or more is drawn again (5 payloads
//!   in 37, 1.16 draws on average, a cost of log2(37/32) = 0.21 bit), so a code is made of
//!   `0-9A-Z` without `ILOU` and the separator, safe in a shell, a URL and a spreadsheet.
//! - **Groups**: the payload and the check symbol, 13 symbols by default, are cut into groups
//!   of `group_size` (4) joined by `sep` (`-`). The check symbol counts as a symbol of the last
//!   group, so 12 symbols in groups of 4 leave it alone (`XXXX-XXXX-XXXX-C`) and 10 in groups
//!   of 4 do not (`XXXX-XXXX-XXC`). A `group_size` of 0 writes no separator.
//! - **Verifying** ([`verify`], [`verify_with`]) removes every separator, wherever it stands
//!   (the specification ignores hyphens), reads either case with `O` as `0` and `I`, `L` as
//!   `1`, and accepts all 37 check symbols, so that codes from other implementations verify.
//!   It returns `false`, never panics, for anything else; [`check`] and [`check_with`] return
//!   the reason instead ([`CheckError`]: which rule, at which byte index), never the expected
//!   check symbol.
//!
//! # What the check symbol catches
//!
//! 37 is a prime above 32, so changing one symbol changes the value by `d · 32^k` with
//! `0 < |d| < 32`, never a multiple of 37; swapping two different adjacent payload symbols
//! changes it by `d · 31 · 32^k`, never a multiple of 37 either; swapping the last payload
//! symbol with a different check symbol is caught too. Two errors may cancel out (1 chance
//! in 37). [`verify`] does not check the length: leading zeros do not change the value.
//!
//! # What a code is not
//!
//! The check symbol catches typing errors, not forgery: anyone can compute it. A code is
//! random, not unique: at 60 bits, two codes are likely to collide somewhere among a billion
//! (2^30); a caller that needs uniqueness stores its codes and draws again on a collision, or
//! asks for a longer `length`. Codes are not secrets or capabilities: use a token made for
//! that (sessions, API keys, password reset links).
//!
//! # Examples
//!
//! ```
//! use checksummed_id::{Options, generate, generate_with, verify, verify_with};
//!
//! let code = generate(); // such as "7K3M-9QPA-XW2B-G"
//! assert!(verify(&code));
//! assert!(verify(&code.to_lowercase()));
//! assert!(verify(&code.replace('-', "")));
//!
//! let options = Options { length: 20, group_size: 5, sep: ' ' };
//! let long = generate_with(&options)?;
//! assert_eq!(long.len(), 25); // 21 symbols and 4 separators
//! assert!(verify_with(&long, ' '));
//! # Ok::<(), checksummed_id::Error>(())
//! ```
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]

mod error;
mod generate;
mod options;
mod verify;

pub use error::{CheckError, Error};
pub use generate::{generate, generate_with};
pub use options::Options;
pub use verify::{check, check_with, verify, verify_with};
