//! The text form: the integer in canonical decimal, and its strict parser.

#[cfg(feature = "std")]
use std::string::{String, ToString};

use core::fmt;
use core::str::FromStr;

use id_text::{AsciiByte, AsciiText};

use crate::{Error, ParseError, SnowflakeId};

/// The two digits of every number below 100, as the symbols an [`AsciiText`] takes.
const PAIRS: [[AsciiByte; 2]; 100] = {
    let Some(digits) = AsciiByte::all(b"0123456789") else {
        panic!("the digits are ASCII")
    };
    let mut pairs = [[digits[0]; 2]; 100];
    let mut n = 0;
    while n < 100 {
        pairs[n] = [digits[n / 10], digits[n % 10]];
        n += 1;
    }
    pairs
};

impl SnowflakeId {
    /// Reads the decimal text of an id, as [`FromStr`](#impl-FromStr-for-SnowflakeId) does
    /// (which calls this), in a `const fn`, for constants.
    ///
    /// # Errors
    ///
    /// The [`ParseError`] of [`FromStr`](#impl-FromStr-for-SnowflakeId).
    ///
    /// # Examples
    ///
    /// ```
    /// use snowflake::{ParseError, SnowflakeId};
    ///
    /// const ID: Result<SnowflakeId, ParseError> = SnowflakeId::try_parse("4194308098");
    /// assert_eq!(ID.map(SnowflakeId::worker_id), Ok(1));
    /// assert_eq!(
    ///     SnowflakeId::try_parse("9223372036854775808"),
    ///     Err(ParseError::OutOfRange { len: 19 })
    /// );
    /// ```
    #[inline]
    pub const fn try_parse(text: &str) -> Result<SnowflakeId, ParseError> {
        let digits = text.as_bytes();
        // One pass over 1 to 19 bytes: 19 digits are below 10^19 < 2^64, so no overflow, and
        // any byte that is not a digit makes `not_digit` true (the value is then discarded).
        if (!digits.is_empty() && digits.len() <= SnowflakeId::TEXT_LEN && digits[0] != b'0')
            || (digits.len() == 1 && digits[0] == b'0')
        {
            let mut not_digit = false;
            let mut value = 0u64;
            let mut index = 0;
            while index < digits.len() {
                let digit = digits[index].wrapping_sub(b'0');
                not_digit |= digit > 9;
                value = value.wrapping_mul(10).wrapping_add(digit as u64);
                index += 1;
            }
            if !not_digit {
                return match SnowflakeId::from_u64(value) {
                    Ok(id) => Ok(id),
                    Err(_) => Err(ParseError::OutOfRange { len: digits.len() }),
                };
            }
        }
        Err(error_of(text))
    }

    /// Writes the decimal integer into the end of `buffer` and returns it as a `&str`: the
    /// canonical form, no sign and no leading zeros, with no allocation.
    /// [`Display`](fmt::Display) uses it.
    ///
    /// ```
    /// use snowflake::SnowflakeId;
    ///
    /// let id = SnowflakeId::try_from(4_194_308_098u64)?;
    /// let mut buffer = [0u8; SnowflakeId::TEXT_LEN];
    /// assert_eq!(id.encode(&mut buffer), "4194308098");
    /// assert_eq!(SnowflakeId::MIN.encode(&mut buffer), "0");
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    #[inline]
    pub fn encode(self, buffer: &mut [u8; SnowflakeId::TEXT_LEN]) -> &str {
        let (text, start) = self.text();
        text.copy_tail_to(start, buffer)
    }

    /// The decimal digits, written from a table of [`AsciiByte`]s into the end of an
    /// [`AsciiText`] (so that they become a `&str` without a check), and the index of the
    /// first.
    #[inline(always)]
    pub(crate) fn text(self) -> (AsciiText<{ SnowflakeId::TEXT_LEN }>, usize) {
        let mut text = AsciiText::new();
        let mut value = self.to_u64();
        let mut start = SnowflakeId::TEXT_LEN;
        // Two digits a step, from a table: half the divisions of one digit a step.
        while value >= 100 && start >= 2 {
            start -= 2;
            text.set_pair(start, PAIRS[(value % 100) as usize]);
            value /= 100;
        }
        // Below 2^63, at most 19 digits: what is left (one or two digits) always fits.
        let [tens, ones] = PAIRS[value as usize % 100];
        if value >= 10 && start >= 2 {
            start -= 2;
            text.set_pair(start, [tens, ones]);
        } else if start >= 1 {
            start -= 1;
            text.set(start, ones);
        }
        (text, start)
    }

    /// Writes the text into the end of `buffer` as ASCII bytes and returns the bytes written: what
    /// [`encode`](Self::encode) writes, without making a `&str` of it. For a writer that takes
    /// bytes (a socket, a file, another language's string).
    ///
    /// ```
    /// let id = snowflake::SnowflakeId::try_from(4_194_308_098u64)?;
    /// let mut buffer = [0u8; snowflake::SnowflakeId::TEXT_LEN];
    /// assert_eq!(id.encode_ascii(&mut buffer), b"4194308098");
    /// assert_eq!(snowflake::SnowflakeId::MIN.encode_ascii(&mut buffer), b"0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn encode_ascii(self, buffer: &mut [u8; SnowflakeId::TEXT_LEN]) -> &[u8] {
        self.encode(buffer).as_bytes()
    }

    /// The text in a new `String`: the same text as `Display` and `format!`, written as the
    /// integer's, without the formatting machinery (this method, not `ToString`'s, is what
    /// `id.to_string()` calls). Requires the `std` feature (default).
    ///
    /// ```
    /// let id = snowflake::SnowflakeId::try_from(1_234_567_890_123_456_789u64)?;
    /// assert_eq!(id.to_string(), "1234567890123456789");
    /// assert_eq!(id.to_string(), format!("{id}"));
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    #[cfg(feature = "std")]
    #[inline]
    #[must_use]
    pub fn to_string(&self) -> String {
        // The canonical text is the integer's decimal, and the standard library's `to_string`
        // of an integer writes it straight into the `String`: fewer instructions than
        // `encode` and a copy (the gate's row "Snowflake to_string vs u64").
        self.to_u64().to_string()
    }
}

/// The integer in decimal, no sign and no leading zeros, through
/// [`Formatter::pad`](fmt::Formatter::pad): width, fill, alignment and precision are honoured
/// as for any text (left-aligned unless told otherwise).
///
/// ```
/// # use snowflake::{EPOCH_MS, SnowflakeId};
/// assert_eq!(SnowflakeId::from_parts(EPOCH_MS, 0, 0)?.to_string(), "0");
/// let id = SnowflakeId::try_from(i64::MAX)?;
/// assert_eq!(id.to_string(), "9223372036854775807");
/// assert_eq!(format!("[{id:>21}]"), "[  9223372036854775807]");
/// # Ok::<(), snowflake::Error>(())
/// ```
impl fmt::Display for SnowflakeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Without a width, a precision or a `+`, padding changes nothing and the text is the
        // integer's, which the standard library writes without a buffer of ours, in fewer
        // instructions than through `pad` (the gate's row "Snowflake Display into a buffer").
        if f.width().is_none() && f.precision().is_none() && !f.sign_plus() {
            return fmt::Display::fmt(&self.to_u64(), f);
        }
        let (text, start) = self.text();
        id_text::display(f, text.tail(start))
    }
}

/// `SnowflakeId(` the decimal `)`.
///
/// ```
/// # use snowflake::SnowflakeId;
/// assert_eq!(format!("{:?}", SnowflakeId::try_from(123_456_789u64)?), "SnowflakeId(123456789)");
/// # Ok::<(), snowflake::Error>(())
/// ```
impl fmt::Debug for SnowflakeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (text, start) = self.text();
        id_text::debug(f, "SnowflakeId", text.tail(start))
    }
}

/// The integer in hex, as `u64`'s `{:x}` writes it: lower case, no leading zeros, and `#`,
/// width, fill, alignment and the `0` flag as for any integer.
///
/// ```
/// # use snowflake::SnowflakeId;
/// let id = SnowflakeId::try_from(0x1F2E_3D4Cu64)?;
/// assert_eq!(format!("{id:x}"), "1f2e3d4c");
/// assert_eq!(format!("{id:#x}"), "0x1f2e3d4c");
/// assert_eq!(format!("{id:#012x}"), "0x001f2e3d4c");
/// assert_eq!(format!("{:x}", SnowflakeId::MAX), "7fffffffffffffff");
/// # Ok::<(), snowflake::Error>(())
/// ```
impl fmt::LowerHex for SnowflakeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::LowerHex::fmt(&self.to_u64(), f)
    }
}

/// As [`LowerHex`](#impl-LowerHex-for-SnowflakeId), with the digits `A`-`F`: `u64`'s `{:X}`.
///
/// ```
/// # use snowflake::SnowflakeId;
/// let id = SnowflakeId::try_from(0x1F2E_3D4Cu64)?;
/// assert_eq!(format!("{id:X}"), "1F2E3D4C");
/// assert_eq!(format!("[{id:<10X}]"), "[1F2E3D4C  ]");
/// # Ok::<(), snowflake::Error>(())
/// ```
impl fmt::UpperHex for SnowflakeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::UpperHex::fmt(&self.to_u64(), f)
    }
}

/// Reads exactly what `Display` writes: ASCII digits, no sign, no white space, no
/// separators, no leading zeros except `"0"` itself, a value below 2^63.
///
/// # Errors
///
/// Checked in this order: [`ParseError::Empty`], the first
/// [`ParseError::InvalidCharacter`] (with its byte index), [`ParseError::LeadingZero`],
/// [`ParseError::OutOfRange`].
///
/// # Examples
///
/// ```
/// use snowflake::{ParseError, SnowflakeId};
///
/// let id: SnowflakeId = "4194308098".parse()?;
/// assert_eq!(id.worker_id(), 1);
///
/// // `u64::from_str` accepts a plus sign; this does not.
/// assert_eq!(
///     "+4194308098".parse::<SnowflakeId>(),
///     Err(ParseError::InvalidCharacter { index: 0, character: '+' })
/// );
/// assert_eq!("04194308098".parse::<SnowflakeId>(), Err(ParseError::LeadingZero { len: 11 }));
/// assert_eq!(
///     "9223372036854775808".parse::<SnowflakeId>(),
///     Err(ParseError::OutOfRange { len: 19 })
/// );
/// # Ok::<(), ParseError>(())
/// ```
impl FromStr for SnowflakeId {
    type Err = ParseError;

    #[inline]
    fn from_str(text: &str) -> Result<SnowflakeId, ParseError> {
        SnowflakeId::try_parse(text)
    }
}

/// Why `text` is not an id in canonical decimal, checked in this order: empty, then each
/// character, then a leading zero, then the range.
#[cold]
#[inline(never)]
const fn error_of(text: &str) -> ParseError {
    let digits = text.as_bytes();
    if digits.is_empty() {
        return ParseError::Empty;
    }
    // Every byte before the first that is not an ASCII digit is one: that byte starts the
    // first character that is not a digit.
    let mut index = 0;
    while index < digits.len() {
        if !digits[index].is_ascii_digit() {
            return ParseError::InvalidCharacter {
                index,
                character: id_text::char_at(text, index),
            };
        }
        index += 1;
    }
    // Only ASCII digits from here: bytes are characters.
    let len = digits.len();
    if len > 1 && digits[0] == b'0' {
        return ParseError::LeadingZero { len };
    }
    ParseError::OutOfRange { len }
}

/// The same as `FromStr`.
///
/// ```
/// use snowflake::{ParseError, SnowflakeId};
///
/// assert_eq!(SnowflakeId::try_from("0"), Ok(SnowflakeId::MIN));
/// assert_eq!(SnowflakeId::try_from(""), Err(ParseError::Empty));
/// ```
impl TryFrom<&str> for SnowflakeId {
    type Error = ParseError;

    #[inline]
    fn try_from(text: &str) -> Result<SnowflakeId, ParseError> {
        text.parse()
    }
}

/// The same as [`FromStr`](#impl-FromStr-for-SnowflakeId), for an owned `String` (a field of
/// a deserialized struct, a form value). Requires the `std` feature (default).
///
/// ```
/// use snowflake::{ParseError, SnowflakeId};
///
/// let text = String::from("4194308098");
/// assert_eq!(SnowflakeId::try_from(text)?.worker_id(), 1);
/// assert_eq!(
///     SnowflakeId::try_from(String::from("04194308098")),
///     Err(ParseError::LeadingZero { len: 11 })
/// );
/// # Ok::<(), ParseError>(())
/// ```
#[cfg(feature = "std")]
impl TryFrom<String> for SnowflakeId {
    type Error = ParseError;

    #[inline]
    fn try_from(text: String) -> Result<SnowflakeId, ParseError> {
        text.parse()
    }
}

/// The same as [`FromStr`](#impl-FromStr-for-SnowflakeId), for a borrowed `String`. Requires
/// the `std` feature (default).
///
/// ```
/// use snowflake::SnowflakeId;
///
/// let text = String::from("9223372036854775807");
/// assert_eq!(SnowflakeId::try_from(&text), Ok(SnowflakeId::MAX));
/// ```
#[cfg(feature = "std")]
impl TryFrom<&String> for SnowflakeId {
    type Error = ParseError;

    #[inline]
    fn try_from(text: &String) -> Result<SnowflakeId, ParseError> {
        text.parse()
    }
}

/// The Unix timestamp, in milliseconds, of the id `id`.
///
/// Every integer below 2^63 is an id, so this is `EPOCH_MS + (id >> 22)`. For the text of an
/// id, parse it first ([`FromStr`](SnowflakeId#impl-FromStr-for-SnowflakeId)).
///
/// # Errors
///
/// [`Error::IdOutOfRange`] if `id` is 2^63 or more, and nothing else.
///
/// # Examples
///
/// ```
/// use snowflake::{Error, extract_timestamp_ms};
///
/// assert_eq!(extract_timestamp_ms(4_194_308_098), Ok(1_704_067_201_000));
/// assert_eq!(extract_timestamp_ms(1 << 63), Err(Error::IdOutOfRange { value: 1 << 63 }));
/// ```
pub fn extract_timestamp_ms(id: u64) -> Result<u64, Error> {
    SnowflakeId::try_from(id).map(SnowflakeId::timestamp_ms)
}

#[cfg(test)]
mod tests {
    use std::string::ToString;

    use super::*;

    #[test]
    fn encode_writes_every_length_of_decimal() {
        let mut buffer = [0u8; SnowflakeId::TEXT_LEN];
        assert_eq!(SnowflakeId::MIN.encode(&mut buffer), "0");
        for digits in 1..=SnowflakeId::TEXT_LEN as u32 {
            // The smallest and the largest id of each length: 10^(d-1) and 10^d - 1.
            let smallest = SnowflakeId::try_from(10u64.pow(digits - 1)).unwrap();
            let largest = SnowflakeId::try_from(10u64.pow(digits) - 1).unwrap_or(SnowflakeId::MAX);
            for id in [smallest, largest] {
                let text = id.encode(&mut buffer);
                assert_eq!(text, id.to_u64().to_string());
                assert_eq!(text.len(), digits as usize);
            }
        }
        assert_eq!(SnowflakeId::MAX.encode(&mut buffer), "9223372036854775807");
    }
}
