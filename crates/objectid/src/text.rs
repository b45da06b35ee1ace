//! The text form: exactly 24 lower-case hex characters, out and in, through the hex codec of
//! `id_text`, [`id_text::hex`], under its [`Case::Lower`] rule.

#[cfg(feature = "std")]
use std::string::String;

use core::fmt;
use core::str::FromStr;

use id_text::AsciiText;

use id_text::hex::{self, Case};

use crate::{ObjectId, ParseError};

/// The canonical text as a regular expression, for the schemas of `schemars` and `utoipa`:
/// 24 lower-case hex digits, which is what `serde` writes for human-readable formats.
#[cfg(any(feature = "schemars", feature = "utoipa"))]
pub(crate) const TEXT_PATTERN: &str = "^[0-9a-f]{24}$";

impl ObjectId {
    /// Reads the text of an id, as [`FromStr`](#impl-FromStr-for-ObjectId) does, in a `const
    /// fn`: for constants, and for the [`objectid!`](crate::objectid!) macro, which rejects a
    /// bad literal when the program is compiled. The same result, value or error, as
    /// `FromStr`, which reads with vector code where the processor has it.
    ///
    /// # Errors
    ///
    /// The [`ParseError`] of [`FromStr`](#impl-FromStr-for-ObjectId).
    ///
    /// # Examples
    ///
    /// ```
    /// use objectid::{ObjectId, ParseError};
    ///
    /// // The example of the MongoDB manual.
    /// const ID: Result<ObjectId, ParseError> = ObjectId::try_parse("507c7f79bcf86cd7994f6c0e");
    /// assert_eq!(ID.map(ObjectId::timestamp_s), Ok(1_350_336_377));
    /// assert_eq!(
    ///     ObjectId::try_parse("507c7f79"),
    ///     Err(ParseError::InvalidLength { found: 8, expected: 24 })
    /// );
    /// ```
    #[inline]
    pub const fn try_parse(text: &str) -> Result<ObjectId, ParseError> {
        match text.as_bytes().first_chunk::<{ ObjectId::TEXT_LEN }>() {
            Some(digits) if text.len() == ObjectId::TEXT_LEN => {
                match hex::decode_array(digits, Case::Lower) {
                    Ok(bytes) => Ok(ObjectId::from_bytes(bytes)),
                    Err(_) => Err(error_of(text)),
                }
            }
            _ => Err(error_of(text)),
        }
    }

    /// [`try_parse`](Self::try_parse) at run time: vector code where the processor has it.
    /// Whatever is refused goes to one cold call, so that the valid text's path keeps nothing
    /// for the error.
    #[inline]
    fn parse_at_run_time(text: &str) -> Result<ObjectId, ParseError> {
        if let Some(digits) = text.as_bytes().first_chunk::<{ ObjectId::TEXT_LEN }>()
            && text.len() == ObjectId::TEXT_LEN
            && let Ok(bytes) = hex::parse_array(digits, Case::Lower)
        {
            return Ok(ObjectId::from_bytes(bytes));
        }
        Err(error_of(text))
    }

    /// Writes the 24 lower-case hex characters into `buffer` and returns them as a `&str`,
    /// without allocating. [`Display`](fmt::Display) uses it.
    ///
    /// ```
    /// use objectid::ObjectId;
    ///
    /// let id = ObjectId::from_parts(1_350_336_377, 0xbcf8_6cd7_994f_6c0e)?;
    /// let mut buffer = [0u8; ObjectId::TEXT_LEN];
    /// assert_eq!(id.encode(&mut buffer), "507c7f79bcf86cd7994f6c0e");
    /// # Ok::<(), objectid::Error>(())
    /// ```
    #[inline]
    pub fn encode(self, buffer: &mut [u8; ObjectId::TEXT_LEN]) -> &str {
        self.text().copy_to(buffer)
    }

    /// The text (24 lower-case hex digits), written from the alphabet's table of [`AsciiByte`]s
    /// into an [`AsciiText`]: it becomes a `&str` without a check.
    ///
    /// [`AsciiByte`]: id_text::AsciiByte
    #[inline(always)]
    pub(crate) fn text(self) -> AsciiText<{ ObjectId::TEXT_LEN }> {
        hex::encode_text(self.as_bytes())
    }

    /// Writes the text into `buffer` as ASCII bytes and returns the bytes written: what
    /// [`encode`](Self::encode) writes, without making a `&str` of it. For a writer that takes
    /// bytes (a socket, a file, another language's string).
    ///
    /// ```
    /// let id: objectid::ObjectId = "507c7f79bcf86cd7994f6c0e".parse()?;
    /// let mut buffer = [0u8; objectid::ObjectId::TEXT_LEN];
    /// assert_eq!(id.encode_ascii(&mut buffer), b"507c7f79bcf86cd7994f6c0e");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn encode_ascii(self, buffer: &mut [u8; ObjectId::TEXT_LEN]) -> &[u8] {
        // Bytes, with no `&str` to make: the digits go straight into `buffer`.
        hex::encode_array(self.as_bytes(), buffer);
        buffer
    }

    /// The text in a new `String` of exactly its length: the same text as `Display` and
    /// `format!`, in one allocation and one copy, without the formatting machinery (this
    /// method, not `ToString`'s, is what `id.to_string()` calls). Requires the `std` feature
    /// (default).
    ///
    /// ```
    /// let id = "507c7f79bcf86cd7994f6c0e".parse::<objectid::ObjectId>()?;
    /// assert_eq!(id.to_string(), "507c7f79bcf86cd7994f6c0e");
    /// assert_eq!(id.to_string(), format!("{id}"));
    /// # Ok::<(), objectid::ParseError>(())
    /// ```
    #[cfg(feature = "std")]
    #[inline]
    #[must_use]
    pub fn to_string(&self) -> String {
        // As `Ulid::to_string`: the allocation first, then the text.
        let mut text = String::with_capacity(ObjectId::TEXT_LEN);
        text.push_str(self.text().as_str());
        text
    }
}

/// The 24 lower-case hex characters, through [`Formatter::pad`](fmt::Formatter::pad): width,
/// fill, alignment and precision are honoured.
///
/// ```
/// let id: objectid::ObjectId = "507c7f79bcf86cd7994f6c0e".parse()?;
/// assert_eq!(id.to_string(), "507c7f79bcf86cd7994f6c0e");
/// assert_eq!(format!("[{id:>26}]"), "[  507c7f79bcf86cd7994f6c0e]");
/// assert_eq!(format!("[{id:.8}]"), "[507c7f79]");
/// # Ok::<(), objectid::ParseError>(())
/// ```
impl fmt::Display for ObjectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        id_text::display(f, self.text().as_str())
    }
}

/// `ObjectId(` the text `)`.
///
/// ```
/// let id: objectid::ObjectId = "507c7f79bcf86cd7994f6c0e".parse()?;
/// assert_eq!(format!("{id:?}"), "ObjectId(507c7f79bcf86cd7994f6c0e)");
/// # Ok::<(), objectid::ParseError>(())
/// ```
impl fmt::Debug for ObjectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        id_text::debug(f, "ObjectId", self.text().as_str())
    }
}

/// The 12 bytes as 24 lower-case hex digits, leading zeros kept: the text of `Display`, but
/// padded as an integer: `#` adds `0x`, and width, fill, alignment and the `0` flag are
/// honoured.
///
/// ```
/// let id: objectid::ObjectId = "007c7f79bcf86cd7994f6c0e".parse()?;
/// assert_eq!(format!("{id:x}"), "007c7f79bcf86cd7994f6c0e");
/// assert_eq!(format!("{id:#x}"), "0x007c7f79bcf86cd7994f6c0e");
/// assert_eq!(format!("{id:#028x}"), "0x00007c7f79bcf86cd7994f6c0e");
/// # Ok::<(), objectid::ParseError>(())
/// ```
impl fmt::LowerHex for ObjectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        id_text::lower_hex::<12, 24>(f, self.as_bytes())
    }
}

/// As [`LowerHex`](#impl-LowerHex-for-ObjectId), with the digits `A`-`F` (the prefix stays
/// `0x`).
///
/// ```
/// let id: objectid::ObjectId = "507c7f79bcf86cd7994f6c0e".parse()?;
/// assert_eq!(format!("{id:X}"), "507C7F79BCF86CD7994F6C0E");
/// assert_eq!(format!("[{id:>26X}]"), "[  507C7F79BCF86CD7994F6C0E]");
/// # Ok::<(), objectid::ParseError>(())
/// ```
impl fmt::UpperHex for ObjectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        id_text::upper_hex::<12, 24>(f, self.as_bytes())
    }
}

/// Reads exactly 24 characters `0`-`9`, `a`-`f`: the strict inverse of `Display`. Upper
/// case, a `0x` prefix, spaces and any other length are errors.
///
/// Upper case is refused on purpose: the `bson` crate (and MongoDB) also read
/// `507C7F79BCF86CD7994F6C0E`, but an id here has exactly one text, so that stored ids compare
/// and deduplicate as strings. Lower-case the text first to accept such input.
///
/// # Errors
///
/// [`ParseError::InvalidLength`] unless the string has 24 characters; then the first
/// character that is not a lower-case hex digit ([`ParseError::InvalidCharacter`], with its
/// byte index).
///
/// # Examples
///
/// ```
/// use objectid::{ObjectId, ParseError};
///
/// assert!("507c7f79bcf86cd7994f6c0e".parse::<ObjectId>().is_ok());
/// assert_eq!(
///     "507C7F79BCF86CD7994F6C0E".parse::<ObjectId>(),
///     Err(ParseError::InvalidCharacter { index: 3, character: 'C' })
/// );
/// assert_eq!(
///     "507c7f79".parse::<ObjectId>(),
///     Err(ParseError::InvalidLength { found: 8, expected: 24 })
/// );
/// ```
impl FromStr for ObjectId {
    type Err = ParseError;

    #[inline]
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        ObjectId::parse_at_run_time(text)
    }
}

/// The same as `FromStr`.
///
/// ```
/// use objectid::{ObjectId, ParseError};
///
/// assert_eq!(ObjectId::try_from("ffffffffffffffffffffffff"), Ok(ObjectId::MAX));
/// assert_eq!(ObjectId::try_from(""), Err(ParseError::InvalidLength { found: 0, expected: 24 }));
/// ```
impl TryFrom<&str> for ObjectId {
    type Error = ParseError;

    #[inline]
    fn try_from(text: &str) -> Result<Self, Self::Error> {
        text.parse()
    }
}

/// The same as [`FromStr`](#impl-FromStr-for-ObjectId), for an owned `String` (a field of a
/// deserialized struct, a form value). Requires the `std` feature (default).
///
/// ```
/// use objectid::{ObjectId, ParseError};
///
/// let text = String::from("507c7f79bcf86cd7994f6c0e");
/// assert_eq!(ObjectId::try_from(text)?.timestamp_s(), 1_350_336_377);
/// assert_eq!(
///     ObjectId::try_from(String::from("507C7F79BCF86CD7994F6C0E")),
///     Err(ParseError::InvalidCharacter { index: 3, character: 'C' })
/// );
/// # Ok::<(), ParseError>(())
/// ```
#[cfg(feature = "std")]
impl TryFrom<String> for ObjectId {
    type Error = ParseError;

    #[inline]
    fn try_from(text: String) -> Result<Self, Self::Error> {
        text.parse()
    }
}

/// The same as [`FromStr`](#impl-FromStr-for-ObjectId), for a borrowed `String`. Requires the
/// `std` feature (default).
///
/// ```
/// use objectid::ObjectId;
///
/// let text = String::from("ffffffffffffffffffffffff");
/// assert_eq!(ObjectId::try_from(&text), Ok(ObjectId::MAX));
/// ```
#[cfg(feature = "std")]
impl TryFrom<&String> for ObjectId {
    type Error = ParseError;

    #[inline]
    fn try_from(text: &String) -> Result<Self, Self::Error> {
        text.parse()
    }
}

/// The timestamp of an id's text, in seconds since the Unix epoch. The whole text is checked,
/// as strictly as [`FromStr`](ObjectId#impl-FromStr-for-ObjectId).
///
/// # Errors
///
/// The [`ParseError`] of [`FromStr`](ObjectId#impl-FromStr-for-ObjectId): the text is not
/// exactly 24 lower-case hex characters.
///
/// # Examples
///
/// ```
/// use objectid::ParseError;
///
/// // The example of the MongoDB manual: 2012-10-15T21:26:17Z.
/// assert_eq!(objectid::extract_timestamp_s("507c7f79bcf86cd7994f6c0e"), Ok(1_350_336_377));
/// assert_eq!(
///     objectid::extract_timestamp_s("507c7f79bcf86cd7994f6c0g"),
///     Err(ParseError::InvalidCharacter { index: 23, character: 'g' })
/// );
/// ```
pub fn extract_timestamp_s(text: &str) -> Result<u64, ParseError> {
    text.parse::<ObjectId>().map(ObjectId::timestamp_s)
}

/// Why `text` is not an id, checked in this order: the length in characters, then the first
/// character that is not a lower-case hex digit.
#[cold]
#[inline(never)]
const fn error_of(text: &str) -> ParseError {
    if let Err(found) = id_text::check_char_len(text, ObjectId::TEXT_LEN) {
        return ParseError::InvalidLength {
            found,
            expected: ObjectId::TEXT_LEN,
        };
    }
    // 24 characters that do not decode: one of them is not a digit. Every byte before the
    // first such byte is an ASCII digit, so that byte starts a character.
    let bytes = text.as_bytes();
    let mut index = 0;
    while index < bytes.len() && hex::digit_value(bytes[index], Case::Lower).is_some() {
        index += 1;
    }
    if index == bytes.len() {
        // Not reached: the text did not decode.
        index = 0;
    }
    ParseError::InvalidCharacter {
        index,
        character: id_text::char_at(text, index),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_of_an_invalid_digit_is_reported() {
        for index in 0..ObjectId::TEXT_LEN {
            let mut text = [b'0'; ObjectId::TEXT_LEN];
            text[index] = b'g';
            let text = core::str::from_utf8(&text).unwrap();
            assert_eq!(
                text.parse::<ObjectId>(),
                Err(ParseError::InvalidCharacter {
                    index,
                    character: 'g'
                })
            );
        }
    }

    #[test]
    fn upper_case_is_refused_at_the_first_capital() {
        // What the `bson` crate accepts, and this crate deliberately does not.
        for (text, index, character) in [
            ("507C7F79BCF86CD7994F6C0E", 3, 'C'),
            ("507c7f79bcf86cd7994f6c0E", 23, 'E'),
            ("507c7f79Bcf86cd7994f6c0e", 8, 'B'),
            ("A07c7f79bcf86cd7994f6c0e", 0, 'A'),
        ] {
            assert_eq!(
                text.parse::<ObjectId>(),
                Err(ParseError::InvalidCharacter { index, character }),
                "{text}"
            );
            assert_eq!(
                text.to_ascii_lowercase()
                    .parse::<ObjectId>()
                    .map(|id| std::string::ToString::to_string(&id)),
                Ok(text.to_ascii_lowercase())
            );
        }
    }

    #[test]
    fn the_length_counts_characters() {
        assert_eq!(
            error_of("507c7f79bcf86cd7994f6c0é"),
            ParseError::InvalidCharacter {
                index: 23,
                character: 'é'
            }
        );
        assert_eq!(
            error_of("507c7f79bcf86cd7994f6cé"),
            ParseError::InvalidLength {
                found: 23,
                expected: 24
            }
        );
    }
}
