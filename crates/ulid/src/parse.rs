//! Text to ULID: exactly 26 Crockford Base32 characters, first one at most `7`.

use crate::ParseError;
use crate::value::{RANDOM_BITS, TEXT_LEN};

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
    parse(text).map(|value| (value >> RANDOM_BITS) as u64)
}

/// The 128-bit value of a ULID's text.
#[inline]
pub(crate) fn parse(text: &str) -> Result<u128, ParseError> {
    if text.len() == TEXT_LEN {
        if let Ok(value) = crockford32::decode(text) {
            return Ok(value);
        }
    }
    Err(error_of(text))
}

/// Why `text` is not a ULID, checked in this order: the length in characters, the first
/// character that is not a symbol, and the first symbol.
#[cold]
#[inline(never)]
fn error_of(text: &str) -> ParseError {
    let found = text.chars().count();
    if found != TEXT_LEN {
        return ParseError::InvalidLength {
            found,
            expected: TEXT_LEN,
        };
    }
    let is_symbol = |character: char| {
        u8::try_from(character)
            .ok()
            .and_then(crockford32::symbol_value)
            .is_some()
    };
    match text
        .char_indices()
        .find(|&(_, character)| !is_symbol(character))
    {
        Some((index, character)) => ParseError::InvalidCharacter { index, character },
        // 26 symbols that do not decode: the first one carries more than 3 bits.
        None => ParseError::Overflow {
            first: text.chars().next().unwrap_or_default(),
        },
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
