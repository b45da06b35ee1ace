//! The text form: the integer in canonical decimal, and its strict parser.

use core::fmt;
use core::str::FromStr;

use crate::{ParseError, SnowflakeId};

/// 2^63 - 1 has 19 digits; with no leading zero, a longer string is at least 10^19.
const MAX_DIGITS: usize = 19;

/// The integer in decimal, with no sign and no leading zeros (written through `u64`'s own
/// formatting, which uses a stack buffer; width and alignment flags apply).
///
/// ```
/// # use snowflake::{EPOCH_MS, SnowflakeId};
/// assert_eq!(SnowflakeId::from_parts(EPOCH_MS, 0, 0)?.to_string(), "0");
/// assert_eq!(
///     SnowflakeId::try_from(i64::MAX)?.to_string(),
///     "9223372036854775807"
/// );
/// # Ok::<(), snowflake::Error>(())
/// ```
impl fmt::Display for SnowflakeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_u64(), f)
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
        write!(f, "SnowflakeId({})", self.to_u64())
    }
}

/// Reads exactly what `Display` writes: ASCII digits, no sign, no white space, no
/// separators, no leading zeros except `"0"` itself, a value below 2^63.
///
/// Errors are checked in this order: [`ParseError::Empty`], the first
/// [`ParseError::InvalidCharacter`], [`ParseError::LeadingZero`], [`ParseError::OutOfRange`].
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
        let len = digits.len();
        if len > 1 && digits[0] == b'0' {
            return Err(ParseError::LeadingZero { len });
        }
        if len > MAX_DIGITS {
            return Err(ParseError::OutOfRange { len });
        }
        // 19 digits are below 10^19 < 2^64: no overflow.
        let value = digits
            .iter()
            .fold(0u64, |value, digit| value * 10 + u64::from(digit - b'0'));
        SnowflakeId::try_from(value).map_err(|_| ParseError::OutOfRange { len })
    }
}
