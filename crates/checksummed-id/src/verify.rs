//! Checking a code: its payload modulo 37 against its check symbol.

use crockford32::{check_symbol_value, mod37_symbols};

use crate::options::reads_as_symbol;

/// Whether `s` is a code with a correct check symbol, its groups separated by `-`:
/// [`verify_with`] with the separator `-`.
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
    verify_with(s, '-')
}

/// Whether `s` is a code with a correct check symbol once every `sep` is removed.
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
    if reads_as_symbol(sep) {
        return false;
    }
    if sep.is_ascii() {
        // The bytes of other characters are never ASCII: none is taken for the separator.
        let sep = sep as u8;
        check(s.bytes().filter(|&byte| byte != sep))
    } else {
        check(s.split(sep).flat_map(str::bytes))
    }
}

/// Whether the last of `symbols` is the check symbol of those before it, at least one.
/// A byte of a non-ASCII character is neither a symbol nor a check symbol.
#[inline]
fn check(mut symbols: impl DoubleEndedIterator<Item = u8>) -> bool {
    let Some(check) = symbols.next_back().and_then(check_symbol_value) else {
        return false;
    };
    let mut payload = symbols.peekable();
    payload.peek().is_some() && mod37_symbols(payload) == Some(check)
}
