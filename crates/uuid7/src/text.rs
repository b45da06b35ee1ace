//! The text form: 36 characters, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, lower case out, either
//! case in. The digits and the hyphens are the UUID text of `id_text`
//! ([`id_text::uuid_text::encode`], [`id_text::uuid_text::decode`]); this file adds the
//! version and variant checks, and errors that count characters.

#[cfg(feature = "std")]
use std::string::String;

use core::fmt;
use core::str::FromStr;

use id_text::AsciiText;
use id_text::hex::{Case, DecodeError};
use id_text::uuid_text;

use crate::{ParseError, Uuid7, id};

/// The canonical text as a regular expression, for the schemas of `schemars` and `utoipa`:
/// the hyphenated lower-case text of a UUID of version 7 and the RFC 9562 variant, which is what `serde` writes for human-readable formats.
#[cfg(any(feature = "schemars", feature = "utoipa"))]
pub(crate) const TEXT_PATTERN: &str =
    "^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$";

/// The length of the text form.
const LEN: usize = Uuid7::TEXT_LEN;

impl Uuid7 {
    /// Reads the text form, as [`FromStr`](#impl-FromStr-for-Uuid7) does, in a `const fn`: for
    /// constants, and for the [`uuid7!`](crate::uuid7!) macro, which rejects a bad literal when
    /// the program is compiled. The same result, value or error, as `FromStr`, which reads
    /// with vector code where the processor has it.
    ///
    /// # Errors
    ///
    /// The [`ParseError`] of [`FromStr`](#impl-FromStr-for-Uuid7).
    ///
    /// # Examples
    ///
    /// ```
    /// use uuid7::{ParseError, Uuid7};
    ///
    /// // RFC 9562, Appendix A.6.
    /// const TEXT: &str = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
    /// const ID: Result<Uuid7, ParseError> = Uuid7::try_parse(TEXT);
    /// assert_eq!(ID.map(Uuid7::timestamp_ms), Ok(1_645_557_742_000));
    /// assert_eq!(
    ///     Uuid7::try_parse("550e8400-e29b-41d4-a716-446655440000"),
    ///     Err(ParseError::Version { found: 4 })
    /// );
    /// ```
    #[inline]
    pub const fn try_parse(text: &str) -> Result<Uuid7, ParseError> {
        if let Some(digits) = text.as_bytes().first_chunk::<LEN>()
            && text.len() == LEN
            && has_version_and_variant(digits)
            && let Ok(value) = uuid_text::decode(digits, Case::Any)
        {
            return Ok(Uuid7::from_checked_bytes(value.to_be_bytes()));
        }
        Err(refused(text))
    }

    /// [`try_parse`](Self::try_parse) at run time: vector code where the processor has it,
    /// which checks the version and the variant with the hyphens. Whatever is refused goes
    /// to one cold call, so that the valid text's path keeps nothing for the error.
    #[inline]
    fn parse_at_run_time(text: &str) -> Result<Uuid7, ParseError> {
        if let Some(digits) = text.as_bytes().first_chunk::<LEN>()
            && text.len() == LEN
            && let Some(bytes) = uuid_text::parse_version_bytes::<7>(digits)
        {
            return Ok(Uuid7::from_checked_bytes(bytes));
        }
        Err(refused(text))
    }

    /// Writes the text form into `buffer` and returns it: 36 characters, lower case,
    /// hyphenated. No allocation; [`Display`](fmt::Display) uses it.
    ///
    /// ```
    /// use uuid7::Uuid7;
    ///
    /// let id: Uuid7 = "017F22E2-79B0-7CC3-98C4-DC0C0C07398F".parse()?;
    /// let mut buffer = [0u8; Uuid7::TEXT_LEN];
    /// assert_eq!(id.encode(&mut buffer), "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
    /// # Ok::<(), uuid7::ParseError>(())
    /// ```
    #[inline]
    pub fn encode(self, buffer: &mut [u8; Uuid7::TEXT_LEN]) -> &str {
        uuid_text::encode_str(*self.as_bytes(), buffer)
    }

    /// The text (hyphenated and lower-case), written from the alphabet's table of [`AsciiByte`]s
    /// into an [`AsciiText`]: it becomes a `&str` without a check.
    ///
    /// [`AsciiByte`]: id_text::AsciiByte
    #[inline(always)]
    pub(crate) fn text(self) -> AsciiText<{ Uuid7::TEXT_LEN }> {
        uuid_text::encode_text(self.to_u128())
    }

    /// Writes the text into `buffer` as ASCII bytes and returns the bytes written: what
    /// [`encode`](Self::encode) writes, without making a `&str` of it. For a writer that takes
    /// bytes (a socket, a file, another language's string).
    ///
    /// ```
    /// let id: uuid7::Uuid7 = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f".parse()?;
    /// let mut buffer = [0u8; uuid7::Uuid7::TEXT_LEN];
    /// assert_eq!(id.encode_ascii(&mut buffer), b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn encode_ascii(self, buffer: &mut [u8; Uuid7::TEXT_LEN]) -> &[u8] {
        uuid_text::encode_str(*self.as_bytes(), buffer);
        buffer
    }

    /// The text in a new `String` of exactly its length: the same text as `Display` and
    /// `format!`, in one allocation and one copy, without the formatting machinery (this
    /// method, not `ToString`'s, is what `id.to_string()` calls). Requires the `std` feature
    /// (default).
    ///
    /// ```
    /// let id = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f".parse::<uuid7::Uuid7>()?;
    /// assert_eq!(id.to_string(), "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
    /// assert_eq!(id.to_string(), format!("{id}"));
    /// # Ok::<(), uuid7::ParseError>(())
    /// ```
    #[cfg(feature = "std")]
    #[inline]
    #[must_use]
    pub fn to_string(&self) -> String {
        // As `Ulid::to_string`: the allocation first, then the text.
        let mut text = String::with_capacity(Uuid7::TEXT_LEN);
        text.push_str(self.text().as_str());
        text
    }
}

/// The text form, lower case, through [`Formatter::pad`](fmt::Formatter::pad): width, fill,
/// alignment and precision are honoured.
///
/// ```
/// let id = uuid7::Uuid7::from_parts(1_645_557_742_000, 7)?;
/// assert_eq!(id.to_string(), "017f22e2-79b0-7000-8000-000000000007");
/// assert_eq!(format!("[{id:>38}]"), "[  017f22e2-79b0-7000-8000-000000000007]");
/// assert_eq!(format!("[{id:.8}]"), "[017f22e2]");
/// # Ok::<(), uuid7::Error>(())
/// ```
impl fmt::Display for Uuid7 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        id_text::display(f, self.text().as_str())
    }
}

/// `Uuid7(` the text form `)`.
///
/// ```
/// let id = uuid7::Uuid7::from_parts(1_645_557_742_000, 7)?;
/// assert_eq!(format!("{id:?}"), "Uuid7(017f22e2-79b0-7000-8000-000000000007)");
/// # Ok::<(), uuid7::Error>(())
/// ```
impl fmt::Debug for Uuid7 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        id_text::debug(f, "Uuid7", self.text().as_str())
    }
}

/// The 16 bytes as 32 lower-case hex digits, no hyphens (the "simple" form of
/// `uuid::Uuid`), leading zeros kept. Padded as an integer: `#` adds `0x`, and width, fill,
/// alignment and the `0` flag are honoured.
///
/// ```
/// let id = uuid7::Uuid7::from_parts(1_645_557_742_000, 7)?;
/// assert_eq!(format!("{id:x}"), "017f22e279b070008000000000000007");
/// assert_eq!(format!("{id:#x}"), "0x017f22e279b070008000000000000007");
/// # Ok::<(), uuid7::Error>(())
/// ```
impl fmt::LowerHex for Uuid7 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        id_text::lower_hex::<16, 32>(f, self.as_bytes())
    }
}

/// As [`LowerHex`](#impl-LowerHex-for-Uuid7), with the digits `A`-`F` (the prefix stays
/// `0x`).
///
/// ```
/// let id = uuid7::Uuid7::from_parts(1_645_557_742_000, 0xABC)?;
/// assert_eq!(format!("{id:X}"), "017F22E279B070008000000000000ABC");
/// assert_eq!(format!("[{id:<#36X}]"), "[0x017F22E279B070008000000000000ABC  ]");
/// # Ok::<(), uuid7::Error>(())
/// ```
impl fmt::UpperHex for Uuid7 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        id_text::upper_hex::<16, 32>(f, self.as_bytes())
    }
}

/// Reads the 36-character hyphenated form, digits in either case: the strict inverse of
/// `Display`. The braced form, the `urn:uuid:` form and the 32-digit form are refused, and so
/// is any UUID whose version is not 7 or whose variant is not `0b10`.
///
/// # Errors
///
/// [`ParseError::InvalidLength`] unless the string has 36 characters; then the first
/// character out of place ([`ParseError::InvalidCharacter`] or [`ParseError::MissingHyphen`],
/// with its byte index); then [`ParseError::Version`] and [`ParseError::Variant`].
///
/// # Examples
///
/// ```
/// use uuid7::{ParseError, Uuid7};
///
/// let id: Uuid7 = "017F22E2-79b0-7cc3-98C4-dc0c0c07398f".parse()?;
/// assert_eq!(id.timestamp_ms(), 1_645_557_742_000);
///
/// let braced = "{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}".parse::<Uuid7>();
/// assert_eq!(braced, Err(ParseError::InvalidLength { found: 38, expected: 36 }));
/// let v4 = "550e8400-e29b-41d4-a716-446655440000".parse::<Uuid7>();
/// assert_eq!(v4, Err(ParseError::Version { found: 4 }));
/// # Ok::<(), ParseError>(())
/// ```
impl FromStr for Uuid7 {
    type Err = ParseError;

    #[inline]
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Uuid7::parse_at_run_time(text)
    }
}

/// The same as `FromStr`.
///
/// ```
/// use uuid7::{ParseError, Uuid7};
///
/// assert_eq!(Uuid7::try_from("00000000-0000-7000-8000-000000000000"), Ok(Uuid7::MIN));
/// assert_eq!(Uuid7::try_from(""), Err(ParseError::InvalidLength { found: 0, expected: 36 }));
/// ```
impl TryFrom<&str> for Uuid7 {
    type Error = ParseError;

    #[inline]
    fn try_from(text: &str) -> Result<Self, Self::Error> {
        text.parse()
    }
}

/// The same as [`FromStr`](#impl-FromStr-for-Uuid7), for an owned `String` (a field of a
/// deserialized struct, a form value). Requires the `std` feature (default).
///
/// ```
/// use uuid7::{ParseError, Uuid7};
///
/// let text = String::from("017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
/// assert_eq!(Uuid7::try_from(text)?.timestamp_ms(), 1_645_557_742_000);
/// assert_eq!(
///     Uuid7::try_from(String::from("550e8400-e29b-41d4-a716-446655440000")),
///     Err(ParseError::Version { found: 4 })
/// );
/// # Ok::<(), ParseError>(())
/// ```
#[cfg(feature = "std")]
impl TryFrom<String> for Uuid7 {
    type Error = ParseError;

    #[inline]
    fn try_from(text: String) -> Result<Self, Self::Error> {
        text.parse()
    }
}

/// The same as [`FromStr`](#impl-FromStr-for-Uuid7), for a borrowed `String`. Requires the
/// `std` feature (default).
///
/// ```
/// use uuid7::Uuid7;
///
/// let text = String::from("00000000-0000-7000-8000-000000000000");
/// assert_eq!(Uuid7::try_from(&text), Ok(Uuid7::MIN));
/// ```
#[cfg(feature = "std")]
impl TryFrom<&String> for Uuid7 {
    type Error = ParseError;

    #[inline]
    fn try_from(text: &String) -> Result<Self, Self::Error> {
        text.parse()
    }
}

/// The index of the version's digit in the text: the first of the third group.
const VERSION_DIGIT: usize = 14;
/// The index of the digit that holds the two variant bits: the first of the fourth group.
const VARIANT_DIGIT: usize = 19;

/// Whether the text's version digit is `7` and its variant digit one of `8`, `9`, `a`, `b`
/// (either case): checked in the text, before and apart from the digits' values, so that a
/// valid text's bytes go into the id as they were read. A byte that only looks the part here
/// is refused by the decoder.
#[inline(always)]
const fn has_version_and_variant(digits: &[u8; LEN]) -> bool {
    digits[VERSION_DIGIT] == b'7'
        && matches!(digits[VARIANT_DIGIT] | 0x20, b'8' | b'9' | b'a' | b'b')
}

/// The error of text that [`Uuid7::try_parse`] and [`Uuid7::parse_at_run_time`] refused,
/// checked in this order: the length, the first character out of place, the version, the
/// variant.
#[cold]
#[inline(never)]
const fn refused(text: &str) -> ParseError {
    let value = match text.as_bytes().first_chunk::<LEN>() {
        Some(digits) if text.len() == LEN => match uuid_text::decode(digits, Case::Any) {
            Ok(value) => value,
            Err(_) => return error_of(text),
        },
        _ => return error_of(text),
    };
    // `from_u128` checks the version, then the variant, and nothing else.
    match Uuid7::from_u128(value) {
        Err(_) => match (id::version(value), id::variant(value)) {
            (7, found) => ParseError::Variant { found },
            (found, _) => ParseError::Version { found },
        },
        // Not reached: text with the version and variant digits and no character out of
        // place is read.
        Ok(_) => error_of(text),
    }
}

/// Why `text` is not well formed, checked in this order: the length in characters, then the
/// first character out of place. Every byte before that one is ASCII (a digit or a hyphen),
/// so its byte index is also its position, and it starts a character.
#[cold]
#[inline(never)]
const fn error_of(text: &str) -> ParseError {
    if let Err(found) = id_text::check_char_len(text, LEN) {
        return ParseError::InvalidLength {
            found,
            expected: LEN,
        };
    }
    match uuid_text::misplaced(text.as_bytes(), Case::Any) {
        Some(DecodeError::MissingHyphen { index, .. }) => ParseError::MissingHyphen {
            index,
            character: id_text::char_at(text, index),
        },
        Some(DecodeError::InvalidDigit { index, .. }) => ParseError::InvalidCharacter {
            index,
            character: id_text::char_at(text, index),
        },
        // Not reached: 36 characters that `decode` refused hold a byte out of place.
        _ => ParseError::InvalidLength {
            found: LEN,
            expected: LEN,
        },
    }
}

/// The timestamp of a UUIDv7 in text form, in milliseconds since the Unix epoch: the text is
/// read as strictly as by [`FromStr`](Uuid7#impl-FromStr-for-Uuid7).
///
/// # Errors
///
/// The [`ParseError`] of [`FromStr`](Uuid7#impl-FromStr-for-Uuid7).
///
/// # Examples
///
/// ```
/// use uuid7::{ParseError, extract_timestamp_ms};
///
/// // RFC 9562, Appendix A.6: Tuesday, February 22, 2022 2:22:22 PM GMT-05:00.
/// assert_eq!(extract_timestamp_ms("017F22E2-79B0-7CC3-98C4-DC0C0C07398F")?, 1_645_557_742_000);
/// assert_eq!(
///     extract_timestamp_ms("urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f"),
///     Err(ParseError::InvalidLength { found: 45, expected: 36 })
/// );
/// # Ok::<(), ParseError>(())
/// ```
pub fn extract_timestamp_ms(text: &str) -> Result<u64, ParseError> {
    text.parse::<Uuid7>().map(Uuid7::timestamp_ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_error_counts_characters_and_names_whole_characters() {
        assert_eq!(
            error_of("017f22e2-79b0-7cc3-98c4-dc0c0c07398é"),
            ParseError::InvalidCharacter {
                index: 35,
                character: 'é'
            }
        );
        assert_eq!(
            error_of("017f22e2-79b0-7cc3é98c4-dc0c0c07398f"),
            ParseError::MissingHyphen {
                index: 18,
                character: 'é'
            }
        );
        assert_eq!(
            error_of("017f22e2-79b0-7cc3-98c4-dc0c0c0739é"),
            ParseError::InvalidLength {
                found: 35,
                expected: 36
            }
        );
    }

    #[test]
    fn every_index_of_a_bad_character_is_reported() {
        let valid = *b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
        for index in 0..LEN {
            let mut text = valid;
            text[index] = b'g';
            let text = core::str::from_utf8(&text).unwrap();
            // RFC 9562's layout: hyphens after the 8th, 12th, 16th and 20th digits.
            let expected = if [8, 13, 18, 23].contains(&index) {
                ParseError::MissingHyphen {
                    index,
                    character: 'g',
                }
            } else {
                ParseError::InvalidCharacter {
                    index,
                    character: 'g',
                }
            };
            assert_eq!(text.parse::<Uuid7>(), Err(expected));
        }
    }
}
