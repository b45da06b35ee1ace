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
