//! What can go wrong, and where.

/// [`Options`](crate::Options) that cannot make a code.
///
/// ```
/// use checksummed_id::{Error, Options, generate_with};
///
/// let options = Options { sep: 'L', ..Options::default() };
/// let error = generate_with(&options).unwrap_err();
/// assert_eq!(error, Error::SymbolSeparator { sep: 'L' });
/// assert!(error.to_string().contains("'L'"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// `length` is 0: a code needs at least one payload symbol.
    #[error("length 0: a code needs a length of at least 1 payload symbol")]
    ZeroLength,
    /// The separator would be read as part of the code: it is a symbol (`0-9`, `A-Z` but
    /// `U`, in either case), an alias (`O`, `I`, `L`, in either case) or a check symbol
    /// (`*`, `~`, `$`, `=`, `U`, `u`).
    #[error(
        "separator {sep:?} is a Crockford Base32 symbol, alias or check symbol: \
         choose a character outside 0-9, A-Z, a-z and *~$="
    )]
    SymbolSeparator {
        /// The separator asked for.
        sep: char,
    },
    /// The code of `length` symbols, with its separators, does not fit in memory.
    #[error("length {length}: a code of that many symbols does not fit in memory")]
    TooLong {
        /// The length asked for.
        length: usize,
    },
}

/// Why a string is not a code with a correct check symbol: what [`check`](crate::check) and
/// [`check_with`](crate::check_with) return, and [`verify`](crate::verify) answers `false` to.
///
/// The rules are applied in this order, and the first that fails is reported: the separator
/// (for `check_with`), then, with every separator removed, at least one symbol, a payload
/// before the check symbol, each payload symbol from the left, the check symbol (the last),
/// and the value. Indexes are byte indexes in the string given, separators included.
///
/// A mismatch does not tell the expected check symbol: a code with a mistyped payload would
/// verify once its check symbol was replaced by it.
///
/// ```
/// use checksummed_id::{CheckError, check};
///
/// assert_eq!(check("H88C-MK9B-VJ1V-P"), Ok(()));
/// assert_eq!(
///     check("H88C-MK9B-VJ1V-Q"),
///     Err(CheckError::Mismatch { character: 'Q' })
/// );
/// let error = check("H88C-MK9U-VJ1V-P").unwrap_err();
/// assert_eq!(error, CheckError::InvalidSymbol { index: 8, character: 'U' });
/// assert_eq!(
///     error.to_string(),
///     "invalid character 'U' at byte index 8: not a Crockford Base32 symbol"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum CheckError {
    /// No symbols: the string is empty or holds separators only.
    #[error("no symbols: a checksummed code is payload symbols, then a check symbol")]
    Empty,
    /// One symbol, or one character (separators aside): no payload before the check symbol.
    #[error("one symbol: a checksummed code has payload symbols before its check symbol")]
    NoPayload,
    /// A payload character that is not a Crockford Base32 symbol or alias: `U`, one of the
    /// extra check symbols `*~$=`, any other character (non-ASCII ones included).
    #[error("invalid character {character:?} at byte index {index}: not a Crockford Base32 symbol")]
    InvalidSymbol {
        /// Byte index of the character in the string.
        index: usize,
        /// The character found there.
        character: char,
    },
    /// A last character that is none of the 37 check symbols (the 32 symbols, their aliases,
    /// `*~$=U`, in either case).
    #[error(
        "invalid check symbol {character:?} at byte index {index}: not a Crockford Base32 \
         symbol or one of *~$=U"
    )]
    InvalidCheckSymbol {
        /// Byte index of the character in the string.
        index: usize,
        /// The character found there.
        character: char,
    },
    /// Every character is a symbol, but the check symbol is not the payload's value modulo
    /// 37: a symbol mistyped, or two swapped.
    #[error("check symbol {character:?} does not match the payload")]
    Mismatch {
        /// The check symbol found, the last symbol, as written.
        character: char,
    },
    /// The separator would be read as part of the code (for [`check_with`](crate::check_with)):
    /// it is a symbol, an alias or a check symbol.
    #[error(
        "separator {sep:?} is a Crockford Base32 symbol, alias or check symbol: a code's \
         separator is a character outside 0-9, A-Z, a-z and *~$="
    )]
    SymbolSeparator {
        /// The separator given.
        sep: char,
    },
}
