//! The text form: 26 Crockford Base32 symbols, upper case out; either case and the aliases
//! in, first symbol at most `7`.

#[cfg(feature = "std")]
use std::string::String;

use core::fmt;
use core::str::FromStr;

use id_text::AsciiText;

use crate::id::COUNTER_BITS;
use crate::{ParseError, Ulid};

/// The canonical text as a regular expression, for the schemas of `schemars` and `utoipa`:
/// 26 Crockford Base32 symbols, upper case, the first at most `7`, the text `serde` writes for human-readable formats.
#[cfg(any(feature = "schemars", feature = "utoipa"))]
pub(crate) const TEXT_PATTERN: &str = "^[0-7][0-9A-HJKMNP-TV-Z]{25}$";

impl Ulid {
    /// Reads the text of a ULID, as [`FromStr`](#impl-FromStr-for-Ulid) does, in a `const fn`:
    /// for constants, and for the [`ulid!`](crate::ulid!) macro, which rejects a bad literal
    /// when the program is compiled. The same result, value or error, as `FromStr`, which
    /// reads with vector code where the processor has it.
    ///
    /// # Errors
    ///
    /// The [`ParseError`] of [`FromStr`](#impl-FromStr-for-Ulid).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulid::{ParseError, Ulid};
    ///
    /// const ID: Result<Ulid, ParseError> = Ulid::try_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");
    /// assert_eq!(ID.map(Ulid::timestamp_ms), Ok(1_469_922_850_259));
    /// assert_eq!(
    ///     Ulid::try_parse("8ZZZZZZZZZZZZZZZZZZZZZZZZZ"),
    ///     Err(ParseError::Overflow { first: '8' })
    /// );
    /// ```
    // Always inlined: left to the inliner, it became a call whose saving and restoring of
    // registers cost 2 ns of a 7 ns parse (the criterion row `ulid/decode`, scalar).
    #[inline(always)]
    pub const fn try_parse(text: &str) -> Result<Ulid, ParseError> {
        match parse(text) {
            Ok(value) => Ok(Ulid::from_u128(value)),
            Err(error) => Err(error),
        }
    }

    /// [`try_parse`](Self::try_parse) at run time: vector code where the processor has it;
    /// any text it does not read whole (and any build or processor without it) is read by
    /// `try_parse`, which names the error.
    #[inline]
    fn parse_at_run_time(text: &str) -> Result<Ulid, ParseError> {
        if let Some(symbols) = text.as_bytes().first_chunk::<{ Ulid::TEXT_LEN }>()
            && text.len() == Ulid::TEXT_LEN
            && let Some(value) = id_text::ulid_text::decode_vector(symbols)
        {
            return Ok(Ulid::from_u128(value));
        }
        Ulid::try_parse(text)
    }

    /// Writes the 26-symbol text into `buffer` and returns it as a `&str`: the canonical form,
    /// with no allocation. [`Display`](fmt::Display) uses it.
    ///
    /// ```
    /// use ulid::Ulid;
    ///
    /// let id = Ulid::from_u128(0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B);
    /// let mut buffer = [0u8; Ulid::TEXT_LEN];
    /// assert_eq!(id.encode(&mut buffer), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    /// ```
    #[inline]
    pub fn encode(self, buffer: &mut [u8; Ulid::TEXT_LEN]) -> &str {
        self.text().copy_to(buffer)
    }

    /// The text (the 26 symbols), written from the alphabet's table of [`AsciiByte`]s
    /// into an [`AsciiText`]: it becomes a `&str` without a check.
    ///
    /// [`AsciiByte`]: id_text::AsciiByte
    #[inline(always)]
    pub(crate) fn text(self) -> AsciiText<{ Ulid::TEXT_LEN }> {
        crockford32::encode_text(self.to_u128())
    }

    /// Writes the text into `buffer` as ASCII bytes and returns the bytes written: what
    /// [`encode`](Self::encode) writes, without making a `&str` of it. For a writer that takes
    /// bytes (a socket, a file, another language's string).
    ///
    /// ```
    /// let id: ulid::Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
    /// let mut buffer = [0u8; ulid::Ulid::TEXT_LEN];
    /// assert_eq!(id.encode_ascii(&mut buffer), b"01ARZ3NDEKTSV4RRFFQ69G5FAV");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn encode_ascii(self, buffer: &mut [u8; Ulid::TEXT_LEN]) -> &[u8] {
        // Bytes, with no `&str` to make: the codec writes them straight into `buffer`. 26
        // symbols hold any u128: the only error, a short buffer, cannot happen.
        let _fits = crockford32::encode(self.to_u128(), buffer);
        buffer
    }

    /// The text in a new `String` of exactly its length: the same text as `Display` and
    /// `format!`, in one allocation and one copy, without the formatting machinery (this
    /// method, not `ToString`'s, is what `id.to_string()` calls). Requires the `std` feature
    /// (default).
    ///
    /// ```
    /// let id = ulid::Ulid::from_u128(0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B);
    /// assert_eq!(id.to_string(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    /// assert_eq!(id.to_string(), format!("{id}"));
    /// ```
    #[cfg(feature = "std")]
    #[inline]
    #[must_use]
    pub fn to_string(&self) -> String {
        // The allocation first, then the encoding: the text's words go straight from registers
        // into the new buffer (`cargo xtask bench-gate`: UUIDv7's took 236 instructions this
        // way, 254 through `String::from` of the text).
        let mut text = String::with_capacity(Ulid::TEXT_LEN);
        text.push_str(self.text().as_str());
        text
    }
}

/// The 26 upper-case symbols, through [`Formatter::pad`](fmt::Formatter::pad): width, fill,
/// alignment and precision are honoured.
///
/// ```
/// let id = ulid::Ulid::from_u128(0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B);
/// assert_eq!(id.to_string(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
/// assert_eq!(format!("[{id:>28}]"), "[  01ARZ3NDEKTSV4RRFFQ69G5FAV]");
/// assert_eq!(format!("[{id:.10}]"), "[01ARZ3NDEK]");
/// ```
impl fmt::Display for Ulid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        id_text::display(f, self.text().as_str())
    }
}

/// `Ulid(` and the text, `)`.
///
/// ```
/// assert_eq!(format!("{:?}", ulid::Ulid::MIN), "Ulid(00000000000000000000000000)");
/// ```
impl fmt::Debug for Ulid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        id_text::debug(f, "Ulid", self.text().as_str())
    }
}

/// The 16 bytes as 32 lower-case hex digits, no hyphens, leading zeros kept: the digits of
/// [`to_u128`](Ulid::to_u128) at a width of 32. Padded as an integer: `#` adds `0x`, and width,
/// fill, alignment and the `0` flag are honoured.
///
/// ```
/// let id: ulid::Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
/// assert_eq!(format!("{id:x}"), "01563e3ab5d3d6764c61efb99302bd5b");
/// assert_eq!(format!("{id:#x}"), "0x01563e3ab5d3d6764c61efb99302bd5b");
/// assert_eq!(format!("{:x}", ulid::Ulid::MIN), "0".repeat(32));
/// # Ok::<(), ulid::ParseError>(())
/// ```
impl fmt::LowerHex for Ulid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        id_text::lower_hex::<16, 32>(f, self.as_bytes())
    }
}

/// As [`LowerHex`](#impl-LowerHex-for-Ulid), with the digits `A`-`F` (the prefix stays `0x`).
///
/// ```
/// let id: ulid::Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
/// assert_eq!(format!("{id:X}"), "01563E3AB5D3D6764C61EFB99302BD5B");
/// assert_eq!(format!("[{id:>#36X}]"), "[  0x01563E3AB5D3D6764C61EFB99302BD5B]");
/// # Ok::<(), ulid::ParseError>(())
/// ```
impl fmt::UpperHex for Ulid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        id_text::upper_hex::<16, 32>(f, self.as_bytes())
    }
}

/// Exactly 26 characters, either case, `O` as `0` and `I`/`L` as `1`, first symbol at most
/// `7`: the strict inverse of `Display` but for the case and the aliases.
///
/// # Errors
///
/// [`ParseError::InvalidLength`] unless the string has 26 characters; then the first
/// character that is not a symbol ([`ParseError::InvalidCharacter`], with its byte index);
/// then [`ParseError::Overflow`] if the first symbol is above `7`.
///
/// # Examples
///
/// ```
/// let id: ulid::Ulid = "01arz3ndektsv4rrffq69g5fav".parse()?;
/// assert_eq!(id.to_string(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
/// # Ok::<(), ulid::ParseError>(())
/// ```
impl FromStr for Ulid {
    type Err = ParseError;

    #[inline]
    fn from_str(text: &str) -> Result<Ulid, ParseError> {
        Ulid::parse_at_run_time(text)
    }
}

/// The same as [`FromStr`](#impl-FromStr-for-Ulid).
///
/// ```
/// use ulid::{ParseError, Ulid};
///
/// assert_eq!(Ulid::try_from("7ZZZZZZZZZZZZZZZZZZZZZZZZZ"), Ok(Ulid::MAX));
/// assert_eq!(Ulid::try_from(""), Err(ParseError::InvalidLength { found: 0, expected: 26 }));
/// ```
impl TryFrom<&str> for Ulid {
    type Error = ParseError;

    #[inline]
    fn try_from(text: &str) -> Result<Ulid, ParseError> {
        text.parse()
    }
}

/// The same as [`FromStr`](#impl-FromStr-for-Ulid), for an owned `String` (a field of a
/// deserialized struct, a form value). Requires the `std` feature (default).
///
/// ```
/// use ulid::{ParseError, Ulid};
///
/// let text = String::from("01ARZ3NDEKTSV4RRFFQ69G5FAV");
/// assert_eq!(Ulid::try_from(text)?.timestamp_ms(), 1_469_922_850_259);
/// assert_eq!(
///     Ulid::try_from(String::from("01ARZ3NDEK")),
///     Err(ParseError::InvalidLength { found: 10, expected: 26 })
/// );
/// # Ok::<(), ParseError>(())
/// ```
#[cfg(feature = "std")]
impl TryFrom<String> for Ulid {
    type Error = ParseError;

    #[inline]
    fn try_from(text: String) -> Result<Ulid, ParseError> {
        text.parse()
    }
}

/// The same as [`FromStr`](#impl-FromStr-for-Ulid), for a borrowed `String`. Requires the
/// `std` feature (default).
///
/// ```
/// use ulid::Ulid;
///
/// let text = String::from("7zzzzzzzzzzzzzzzzzzzzzzzzz");
/// assert_eq!(Ulid::try_from(&text), Ok(Ulid::MAX));
/// ```
#[cfg(feature = "std")]
impl TryFrom<&String> for Ulid {
    type Error = ParseError;

    #[inline]
    fn try_from(text: &String) -> Result<Ulid, ParseError> {
        text.parse()
    }
}

/// The timestamp (milliseconds since the Unix epoch) of a ULID in text form, with the same
/// strictness as [`Ulid::from_str`](crate::Ulid#impl-FromStr-for-Ulid).
///
/// # Errors
///
/// [`ParseError::InvalidLength`], [`ParseError::InvalidCharacter`] or [`ParseError::Overflow`].
///
/// # Examples
///
/// ```
/// use ulid::{ParseError, extract_timestamp_ms};
///
/// assert_eq!(extract_timestamp_ms("01ARZ3NDEKTSV4RRFFQ69G5FAV")?, 1_469_922_850_259);
/// assert_eq!(extract_timestamp_ms("7ZZZZZZZZZZZZZZZZZZZZZZZZZ")?, (1 << 48) - 1);
/// assert_eq!(
///     extract_timestamp_ms("01ARZ3NDEK-TSV4RRFFQ69G5FAV"),
///     Err(ParseError::InvalidLength { found: 27, expected: 26 })
/// );
/// # Ok::<(), ParseError>(())
/// ```
pub fn extract_timestamp_ms(text: &str) -> Result<u64, ParseError> {
    parse(text).map(|value| (value >> COUNTER_BITS) as u64)
}

/// The 128-bit value of a ULID's text. A `const fn`, for [`Ulid::try_parse`] and so for
/// [`ulid!`](crate::ulid!): literals and run-time text are read by this one function.
#[inline(always)]
const fn parse(text: &str) -> Result<u128, ParseError> {
    if text.len() == Ulid::TEXT_LEN
        && let Ok(value) = crockford32::decode(text)
    {
        return Ok(value);
    }
    Err(error_of(text))
}

/// Why `text` is not a ULID, checked in this order: the length in characters, the first
/// character that is not a symbol, and the first symbol.
#[cold]
#[inline(never)]
const fn error_of(text: &str) -> ParseError {
    if let Err(found) = id_text::check_char_len(text, Ulid::TEXT_LEN) {
        return ParseError::InvalidLength {
            found,
            expected: Ulid::TEXT_LEN,
        };
    }
    // Every symbol is ASCII, and so is every byte before the first byte that is not one: that
    // byte starts the first character that is not a symbol.
    let bytes = text.as_bytes();
    let mut index = 0;
    while index < bytes.len() {
        if crockford32::symbol_value(bytes[index]).is_none() {
            return ParseError::InvalidCharacter {
                index,
                character: id_text::char_at(text, index),
            };
        }
        index += 1;
    }
    // 26 symbols that do not decode: the first one carries more than 3 bits.
    ParseError::Overflow {
        first: id_text::char_at(text, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_six_characters_in_more_bytes_report_the_first_invalid_one() {
        // 'ı' (dotless i) takes two bytes; the hyphen before it is reported first.
        assert_eq!(
            parse("01ARZ3NDEKTSV4RRFFQ69G5F-ı"),
            Err(ParseError::InvalidCharacter {
                index: 24,
                character: '-'
            })
        );
        assert_eq!(
            parse("0ıARZ3NDEKTSV4RRFFQ69G5FAV"),
            Err(ParseError::InvalidCharacter {
                index: 1,
                character: 'ı'
            })
        );
        // 'é' is below 256 as a code point but is not a symbol.
        assert_eq!(
            parse("01ARZ3NDEKTSV4RRFFQ69G5FAé"),
            Err(ParseError::InvalidCharacter {
                index: 25,
                character: 'é'
            })
        );
    }

    #[test]
    fn lengths_count_characters_and_come_first() {
        // 25 characters in 26 bytes.
        assert_eq!(
            parse("01ARZ3NDEKTSV4RRFFQ69G5Fı"),
            Err(ParseError::InvalidLength {
                found: 25,
                expected: 26
            })
        );
        assert_eq!(
            parse("ııı"),
            Err(ParseError::InvalidLength {
                found: 3,
                expected: 26
            })
        );
        assert_eq!(
            parse(""),
            Err(ParseError::InvalidLength {
                found: 0,
                expected: 26
            })
        );
    }
}
