//! Checking a code: its payload modulo 37 against its check symbol, and why it fails.

use crockford32::{check_symbol_value, mod37_symbols, symbol_value};

use crate::error::CheckError;
use crate::options::reads_as_symbol;

/// Whether `s` is a code with a correct check symbol, its groups separated by `-`:
/// [`verify_with`] with the separator `-`, and [`check`] without the reason.
///
/// # Examples
///
/// ```
/// use checksummed_id::verify;
///
/// // The worked example: H88CMK9BVJ1V is 621792125603661883, which is 22 modulo 37: P.
/// assert!(verify("H88C-MK9B-VJ1V-P"));
/// assert!(verify("h88c-mk9b-vj1v-p"));
/// assert!(!verify("H88C-MK9B-VJ1V-Q"));
/// assert!(!verify("H88C-MK9B-V1JV-P")); // two symbols swapped
/// ```
#[must_use]
pub fn verify(s: &str) -> bool {
    check(s).is_ok()
}

/// Whether `s` is a code with a correct check symbol once every `sep` is removed:
/// [`check_with`] without the reason.
///
/// - `sep` may appear anywhere, any number of times (the Crockford specification ignores
///   hyphens): `H88CMK9BVJ1VP` and `H8-8CMK9BVJ1V-P` verify like `H88C-MK9B-VJ1V-P`.
/// - The symbols are read in either case, with `O` as `0` and `I`, `L` as `1`.
/// - The last symbol is the check symbol, any of the 37 (`0-9A-Z` without `ILOU`, then
///   `*~$=U`, `u` too), so that codes from other implementations verify; every symbol before
///   it is a payload symbol, at least one, with no limit on their number.
/// - Anything else is `false`, never a panic: an empty string, separators only, a single
///   symbol, any other character (non-ASCII ones included: the dotless `ı` is not an `I`), a
///   check symbol in the payload, a `sep` that reads as a symbol.
///
/// The length is not checked: a payload with leading zeros added or removed has the same
/// value and the same check symbol, so a caller that issues codes of one length compares
/// the length too. Verifying allocates nothing.
///
/// # Examples
///
/// ```
/// use checksummed_id::verify_with;
///
/// assert!(verify_with("H88CMK9BVJ1VP", '-'));
/// assert!(verify_with("H88C MK9B VJ1V P", ' '));
/// assert!(!verify_with("H88C-MK9B-VJ1V-P", ' ')); // '-' is not a symbol
///
/// // "10" is 32: its check symbol is '*', which no payload may contain.
/// assert!(verify_with("10*", '-'));
/// assert!(!verify_with("1*0", '-'));
/// assert!(!verify_with("", '-'));
/// assert!(!verify_with("---", '-'));
/// ```
#[must_use]
pub fn verify_with(s: &str, sep: char) -> bool {
    check_with(s, sep).is_ok()
}

/// Whether `s` is a code with a correct check symbol, its groups separated by `-`, and if not,
/// why: [`check_with`] with the separator `-`.
///
/// # Errors
///
/// The first rule `s` breaks, as a [`CheckError`]: [`Empty`](CheckError::Empty),
/// [`NoPayload`](CheckError::NoPayload), [`InvalidSymbol`](CheckError::InvalidSymbol),
/// [`InvalidCheckSymbol`](CheckError::InvalidCheckSymbol) or
/// [`Mismatch`](CheckError::Mismatch), with the byte index and the character where there is
/// one.
///
/// # Examples
///
/// ```
/// use checksummed_id::{CheckError, check};
///
/// assert_eq!(check("H88C-MK9B-VJ1V-P"), Ok(()));
/// assert_eq!(check("---"), Err(CheckError::Empty));
/// assert_eq!(check("P"), Err(CheckError::NoPayload));
/// assert_eq!(
///     check("H88C-MK9B-VJ1V-#"),
///     Err(CheckError::InvalidCheckSymbol { index: 15, character: '#' })
/// );
/// // The check symbol found is named, never the one expected.
/// assert_eq!(check("H88C-MK9B-V1JV-P"), Err(CheckError::Mismatch { character: 'P' }));
/// ```
pub fn check(s: &str) -> Result<(), CheckError> {
    // `check_with(s, '-')`, with the separator's tests done: '-' is ASCII and not a symbol.
    check_with_ascii(s, b'-')
}

/// Whether `s` is a code with a correct check symbol once every `sep` is removed, read as
/// [`verify_with`] reads it, and if not, why. Allocates nothing and never panics.
///
/// # Errors
///
/// The first rule `s` breaks, as a [`CheckError`], in this order:
/// [`SymbolSeparator`](CheckError::SymbolSeparator) if `sep` reads as a symbol; then, with
/// every `sep` removed, [`Empty`](CheckError::Empty) for no character,
/// [`NoPayload`](CheckError::NoPayload) for one, [`InvalidSymbol`](CheckError::InvalidSymbol)
/// for the first payload character that is not a symbol,
/// [`InvalidCheckSymbol`](CheckError::InvalidCheckSymbol) for a last character that is not a
/// check symbol, and [`Mismatch`](CheckError::Mismatch) for a check symbol that is not the
/// payload's. Indexes are byte indexes in `s`.
///
/// # Examples
///
/// ```
/// use checksummed_id::{CheckError, check_with};
///
/// assert_eq!(check_with("H88C MK9B VJ1V P", ' '), Ok(()));
/// assert_eq!(
///     check_with("H88C-MK9B-VJ1V-P", ' '),
///     Err(CheckError::InvalidSymbol { index: 4, character: '-' })
/// );
/// assert_eq!(
///     check_with("H88C·MK9B·VJ1V·é", '·'), // '·' is 2 bytes in UTF-8
///     Err(CheckError::InvalidCheckSymbol { index: 18, character: 'é' })
/// );
/// assert_eq!(
///     check_with("H88CLMK9B", 'L'),
///     Err(CheckError::SymbolSeparator { sep: 'L' })
/// );
/// ```
#[inline]
pub fn check_with(s: &str, sep: char) -> Result<(), CheckError> {
    if reads_as_symbol(sep) {
        return Err(CheckError::SymbolSeparator { sep });
    }
    if sep.is_ascii() {
        check_with_ascii(s, sep as u8)
    } else {
        check_with_non_ascii(s, sep)
    }
}

/// [`check_with`] for an ASCII separator, byte by byte: the bytes of other characters are
/// never ASCII, so none is taken for the separator.
#[inline]
fn check_with_ascii(s: &str, sep: u8) -> Result<(), CheckError> {
    check_symbols(
        s,
        s.bytes().enumerate().filter(move |&(_, byte)| byte != sep),
    )
}

/// [`check_with`] for a separator of several bytes, character by character, each kept
/// character's bytes with their indexes. Out of line: the ASCII case stays small enough to be
/// inlined with its separator.
#[inline(never)]
fn check_with_non_ascii(s: &str, sep: char) -> Result<(), CheckError> {
    let bytes = s.as_bytes();
    let symbols = s
        .char_indices()
        .filter(move |&(_, c)| c != sep)
        .flat_map(move |(index, c)| {
            let end = index + c.len_utf8();
            (index..end).zip(bytes.get(index..end).unwrap_or_default().iter().copied())
        });
    check_symbols(s, symbols)
}

/// The verdict on `s` from `symbols`, its bytes with their byte indexes, separators removed:
/// the last character is the check symbol of the characters before it, at least one.
// Always inlined, as is `verdict`: `verify` then runs one loop over the bytes, with the
// separator a constant, at the cost it had before it could tell the reason.
#[inline(always)]
fn check_symbols(
    s: &str,
    mut symbols: impl DoubleEndedIterator<Item = (usize, u8)> + Clone,
) -> Result<(), CheckError> {
    let Some((last, check_byte)) = symbols.next_back() else {
        return Err(CheckError::Empty);
    };
    if check_byte.is_ascii() {
        verdict(s, symbols, last, check_byte)
    } else {
        non_ascii_last(s, symbols, last, check_byte)
    }
}

/// [`check_symbols`] when the last byte belongs to a non-ASCII character, which is no check
/// symbol: the payload ends where that character starts. Out of line, off the path of a
/// valid code.
#[cold]
#[inline(never)]
fn non_ascii_last(
    s: &str,
    symbols: impl Iterator<Item = (usize, u8)> + Clone,
    last: usize,
    check_byte: u8,
) -> Result<(), CheckError> {
    let check_index = char_start(s, last);
    let payload = symbols.take_while(move |&(index, _)| index < check_index);
    verdict(s, payload, check_index, check_byte)
}

/// The verdict on the payload `payload` (bytes with their byte indexes in `s`) and the check
/// symbol starting at byte `check_index`, whose last byte is `check_byte`.
///
/// The payload's remainder is computed first, over the bytes alone: the work of a valid code.
/// Where a payload byte is not a symbol is looked for only then. A byte of a non-ASCII
/// character is neither a symbol nor a check symbol.
#[inline(always)]
fn verdict(
    s: &str,
    mut payload: impl Iterator<Item = (usize, u8)> + Clone,
    check_index: usize,
    check_byte: u8,
) -> Result<(), CheckError> {
    if payload.clone().next().is_none() {
        return Err(CheckError::NoPayload);
    }
    let Some(remainder) = mod37_symbols(payload.clone().map(|(_, byte)| byte)) else {
        // The first byte that is not a symbol starts its character: every byte before it
        // was ASCII.
        let index = payload
            .find(|&(_, byte)| symbol_value(byte).is_none())
            .map_or(0, |(index, _)| index);
        return Err(invalid_symbol(s, index));
    };
    match check_symbol_value(check_byte) {
        Some(value) if value == remainder => Ok(()),
        // A check symbol is ASCII: `check_byte` is the whole character.
        Some(_) => Err(CheckError::Mismatch {
            character: char::from(check_byte),
        }),
        None => Err(invalid_check_symbol(s, check_index)),
    }
}

// The errors that read a character are built out of line, off the path of a valid code.

#[cold]
#[inline(never)]
fn invalid_symbol(s: &str, index: usize) -> CheckError {
    CheckError::InvalidSymbol {
        index,
        character: char_at(s, index),
    }
}

#[cold]
#[inline(never)]
fn invalid_check_symbol(s: &str, index: usize) -> CheckError {
    CheckError::InvalidCheckSymbol {
        index,
        character: char_at(s, index),
    }
}

/// The index of the first byte of the character that holds byte `index` of `s`.
#[inline]
fn char_start(s: &str, index: usize) -> usize {
    (index.saturating_sub(3)..=index)
        .rev()
        .find(|&start| s.is_char_boundary(start))
        .unwrap_or(0)
}

/// The character that starts at byte `index` of `s`: a character boundary by construction (the
/// replacement character otherwise, rather than a panic).
fn char_at(s: &str, index: usize) -> char {
    s.get(index..)
        .and_then(|rest| rest.chars().next())
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}
