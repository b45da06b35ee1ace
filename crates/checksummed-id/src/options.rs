//! The shape of a generated code: payload length, group size, separator.

use crate::Error;

/// How [`generate_with`](crate::generate_with) shapes a code.
///
/// The default, used by [`generate`](crate::generate), is 12 payload symbols (60 random bits)
/// in groups of 4 separated by `-`: `7K3M-9QPA-XW2B-G`.
///
/// # Examples
///
/// ```
/// use checksummed_id::Options;
///
/// let options = Options { length: 20, group_size: 5, ..Options::default() };
/// assert_eq!(options.sep, '-');
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Number of random payload symbols, at least 1. The check symbol comes on top.
    pub length: usize,
    /// Symbols per group, the check symbol included; 0 writes the code without separators.
    pub group_size: usize,
    /// The character between groups. It must not read as a symbol, an alias or a check
    /// symbol, since [`verify_with`](crate::verify_with) strips it before decoding.
    pub sep: char,
}

impl Default for Options {
    /// 12 payload symbols in groups of 4, separated by `-`.
    ///
    /// ```
    /// let options = checksummed_id::Options::default();
    /// assert_eq!((options.length, options.group_size, options.sep), (12, 4, '-'));
    /// ```
    fn default() -> Self {
        Options {
            length: 12,
            group_size: 4,
            sep: '-',
        }
    }
}

impl Options {
    /// The number of bytes of the code these options describe.
    pub(crate) fn code_len(&self) -> Result<usize, Error> {
        if self.length == 0 {
            return Err(Error::ZeroLength);
        }
        if reads_as_symbol(self.sep) {
            return Err(Error::SymbolSeparator { sep: self.sep });
        }
        let too_long = Error::TooLong {
            length: self.length,
        };
        let symbols = self.length.checked_add(1).ok_or(too_long)?;
        let separators = (symbols - 1).checked_div(self.group_size).unwrap_or(0);
        separators
            .checked_mul(self.sep.len_utf8())
            .and_then(|bytes| bytes.checked_add(symbols))
            .ok_or(too_long)
    }
}

/// Whether `sep` would be decoded as part of a code rather than stripped.
pub(crate) fn reads_as_symbol(sep: char) -> bool {
    sep.is_ascii() && crockford32::check_symbol_value(sep as u8).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exactly_the_ascii_alphanumerics_and_the_extra_check_symbols_read_as_symbols() {
        for byte in 0..=u8::MAX {
            let expected = byte.is_ascii_alphanumeric() || b"*~$=".contains(&byte);
            assert_eq!(reads_as_symbol(char::from(byte)), expected, "{byte:#04x}");
        }
        // Latin-1 characters are not bytes of a code, whatever their code point.
        assert!(!reads_as_symbol('\u{00AA}'));
        assert!(!reads_as_symbol('ı'));
    }

    #[test]
    fn the_code_length_counts_the_check_symbol_and_every_separator() {
        let shape = |length, group_size, sep| Options {
            length,
            group_size,
            sep,
        };
        assert_eq!(Options::default().code_len(), Ok(16));
        assert_eq!(shape(12, 0, '-').code_len(), Ok(13));
        assert_eq!(shape(1, 1, '-').code_len(), Ok(3));
        assert_eq!(shape(11, 4, '-').code_len(), Ok(14));
        assert_eq!(shape(12, 4, '·').code_len(), Ok(19));
        assert_eq!(
            shape(usize::MAX, 0, '-').code_len(),
            Err(Error::TooLong { length: usize::MAX })
        );
        assert_eq!(
            shape(usize::MAX / 2, 1, '·').code_len(),
            Err(Error::TooLong {
                length: usize::MAX / 2
            })
        );
    }
}
