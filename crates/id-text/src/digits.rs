//! The 16 hex digits in order of value, and which letters a reader accepts for the values 10
//! to 15: what the scalar code (`hex`, `uuid_text`) and the vector code share.
//! Both are public as `id_text::hex::DIGITS` and `id_text::hex::Case`.

use core::fmt;

/// The 16 digits, in order of value: `DIGITS[v]` writes the 4-bit value `v`.
///
/// ```
/// assert_eq!(id_text::hex::DIGITS[10], b'a');
/// ```
pub const DIGITS: &[u8; 16] = b"0123456789abcdef";

/// Which letters a decoder accepts for the values 10 to 15.
///
/// ```
/// use id_text::hex::{Case, digit_value};
///
/// assert_eq!(digit_value(b'b', Case::Lower), Some(11));
/// assert_eq!(digit_value(b'B', Case::Lower), None);
/// assert_eq!(digit_value(b'B', Case::Any), Some(11));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Case {
    /// `0`-`9` and `a`-`f` only: the canonical text of a format that has exactly one (an
    /// ObjectId).
    Lower,
    /// `0`-`9`, `a`-`f` and `A`-`F`, mixed freely (a UUID).
    Any,
}

impl Case {
    /// What to OR into an ASCII byte before checking for `a`-`f`: `0x20` turns `A`-`F` (and
    /// nothing else) into `a`-`f`.
    pub(crate) const fn fold(self) -> u8 {
        match self {
            Case::Lower => 0,
            Case::Any => 0x20,
        }
    }
}

/// `"lower-case hex digit"` or `"hex digit"`: what a byte must be under this rule.
impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Case::Lower => "lower-case hex digit",
            Case::Any => "hex digit",
        })
    }
}
