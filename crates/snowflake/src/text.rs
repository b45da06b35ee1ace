//! The text form: the integer in canonical decimal, and its strict parser.

use core::fmt;
use core::str::FromStr;

use crate::{Error, ParseError, SnowflakeId};

impl SnowflakeId {
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
    /// assert_eq!(SnowflakeId::NIL.encode(&mut buffer), "0");
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    #[inline]
    pub fn encode(self, buffer: &mut [u8; SnowflakeId::TEXT_LEN]) -> &str {
        let mut value = self.to_u64();
        let mut start = buffer.len();
        // Below 2^63, so at most 19 digits: the loop ends on `value == 0` before the buffer.
        for slot in buffer.iter_mut().rev() {
            *slot = b'0' + (value % 10) as u8;
            value /= 10;
            start -= 1;
            if value == 0 {
                break;
            }
        }
        // Every byte written is an ASCII digit: the conversion always succeeds.
        core::str::from_utf8(&buffer[start..]).unwrap_or_default()
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
        f.pad(self.encode(&mut [0; SnowflakeId::TEXT_LEN]))
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
        write!(
            f,
            "SnowflakeId({})",
            self.encode(&mut [0; SnowflakeId::TEXT_LEN])
        )
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

    fn from_str(text: &str) -> Result<SnowflakeId, ParseError> {
        let digits = text.as_bytes();
        if digits.is_empty() {
            return Err(ParseError::Empty);
        }
        if let Some((index, character)) = text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
            return Err(ParseError::InvalidCharacter { index, character });
        }
        // Only ASCII digits from here: bytes are characters.
        let len = digits.len();
        if len > 1 && digits[0] == b'0' {
            return Err(ParseError::LeadingZero { len });
        }
        if len > SnowflakeId::TEXT_LEN {
            return Err(ParseError::OutOfRange { len });
        }
        // 19 digits are below 10^19 < 2^64: no overflow.
        let value = digits
            .iter()
            .fold(0u64, |value, digit| value * 10 + u64::from(digit - b'0'));
        SnowflakeId::try_from(value).map_err(|_| ParseError::OutOfRange { len })
    }
}

/// The same as `FromStr`.
///
/// ```
/// use snowflake::{ParseError, SnowflakeId};
///
/// assert_eq!(SnowflakeId::try_from("0"), Ok(SnowflakeId::NIL));
/// assert_eq!(SnowflakeId::try_from(""), Err(ParseError::Empty));
/// ```
impl TryFrom<&str> for SnowflakeId {
    type Error = ParseError;

    #[inline]
    fn try_from(text: &str) -> Result<SnowflakeId, ParseError> {
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
    use super::*;

    #[test]
    fn encode_writes_every_length_of_decimal() {
        let mut buffer = [0u8; SnowflakeId::TEXT_LEN];
        assert_eq!(SnowflakeId::NIL.encode(&mut buffer), "0");
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
