//! Check symbols: a value modulo 37, written with the alphabet extended by `*~$=U`.

use crate::decode::{invalid_character, symbol_value};
use crate::{ALPHABET, DecodeError};

/// The 37 check symbols, in order of value: the 32 symbols of [`ALPHABET`](crate::ALPHABET),
/// then `*`, `~`, `$`, `=` and `U` for 32 to 36.
///
/// ```
/// assert_eq!(crockford32::CHECK_ALPHABET[36], b'U');
/// ```
pub const CHECK_ALPHABET: &[u8; 37] = &{
    let mut symbols = [0u8; 37];
    let mut value = 0;
    while value < 32 {
        symbols[value] = ALPHABET[value];
        value += 1;
    }
    symbols[32] = b'*';
    symbols[33] = b'~';
    symbols[34] = b'$';
    symbols[35] = b'=';
    symbols[36] = b'U';
    symbols
};

/// The check symbol for a remainder modulo 37, or `None` if `value` is 37 or more.
///
/// ```
/// assert_eq!(crockford32::check_symbol(22), Some(b'P'));
/// assert_eq!(crockford32::check_symbol(32), Some(b'*'));
/// assert_eq!(crockford32::check_symbol(37), None);
/// ```
#[inline]
#[must_use]
pub const fn check_symbol(value: u8) -> Option<u8> {
    if value < 37 {
        Some(CHECK_ALPHABET[value as usize])
    } else {
        None
    }
}

/// The value (0 to 36) of a check symbol, or `None`. Accepts everything
/// [`symbol_value`](crate::symbol_value) accepts, plus `*`, `~`, `$`, `=`, `U` and `u`.
///
/// ```
/// assert_eq!(crockford32::check_symbol_value(b'p'), Some(22));
/// assert_eq!(crockford32::check_symbol_value(b'='), Some(35));
/// assert_eq!(crockford32::check_symbol_value(b'u'), Some(36));
/// assert_eq!(crockford32::check_symbol_value(b'#'), None);
/// ```
#[inline]
#[must_use]
pub const fn check_symbol_value(symbol: u8) -> Option<u8> {
    match symbol {
        b'*' => Some(32),
        b'~' => Some(33),
        b'$' => Some(34),
        b'=' => Some(35),
        b'U' | b'u' => Some(36),
        _ => symbol_value(symbol),
    }
}

/// The value of a Crockford Base32 number of any length, modulo 37 (Horner's rule: no
/// overflow, no length limit). Its [`check_symbol`] is the check symbol of the number.
///
/// # Errors
///
/// [`DecodeError::Empty`] or [`DecodeError::InvalidCharacter`] with its byte index.
///
/// # Examples
///
/// ```
/// // Worked examples: H88CMK9BVJ1V checks with P, and one symbol more with Q.
/// assert_eq!(crockford32::mod37("H88CMK9BVJ1V"), Ok(22)); // 'P'
/// assert_eq!(crockford32::mod37("H88CMK9BVJ1W"), Ok(23)); // 'Q'
/// # Ok::<(), crockford32::DecodeError>(())
/// ```
pub fn mod37(text: &str) -> Result<u8, DecodeError> {
    if text.is_empty() {
        return Err(DecodeError::Empty);
    }
    text.bytes()
        .enumerate()
        .try_fold(0, |remainder, (index, byte)| match symbol_value(byte) {
            Some(digit) => Ok(step(remainder, digit)),
            None => Err(invalid_character(text, index)),
        })
}

/// [`mod37`] over symbol bytes from any source (for instance a string with its separators
/// filtered out); `None` if a byte is not a symbol. No symbols is the number 0.
///
/// ```
/// let grouped = "H88C-MK9B-VJ1V";
/// let digits = grouped.bytes().filter(|&byte| byte != b'-');
/// assert_eq!(crockford32::mod37_symbols(digits), Some(22));
/// ```
pub fn mod37_symbols(symbols: impl IntoIterator<Item = u8>) -> Option<u8> {
    symbols.into_iter().try_fold(0, |remainder, byte| {
        Some(step(remainder, symbol_value(byte)?))
    })
}

/// One step of Horner's rule in base 32, modulo 37.
#[inline]
const fn step(remainder: u8, digit: u8) -> u8 {
    ((remainder as u16 * 32 + digit as u16) % 37) as u8
}
