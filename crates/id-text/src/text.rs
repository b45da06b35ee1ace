//! Bytes from elsewhere as a `&str` after an ASCII check, and the bodies of an id's `Display`
//! and `Debug`.

use core::fmt;

/// `bytes` as a `&str` if every byte is ASCII, else `None`.
///
/// On ASCII input the result is what [`core::str::from_utf8`] gives, without its full UTF-8
/// check: ASCII is all the text of an id ever holds, and the check here is a few word
/// operations, the bytes ORed together eight at a time. For bytes written from an alphabet,
/// [`AsciiText`](crate::AsciiText) needs no check at all.
///
/// ```
/// assert_eq!(id_text::ascii_str(b"01ARZ3NDEKTSV4RRFFQ69G5FAV"), Some("01ARZ3NDEKTSV4RRFFQ69G5FAV"));
/// assert_eq!(id_text::ascii_str(b""), Some(""));
/// assert_eq!(id_text::ascii_str("é".as_bytes()), None);
/// assert_eq!(id_text::ascii_str(b"\xFF"), None);
/// ```
#[inline]
#[must_use]
pub fn ascii_str(bytes: &[u8]) -> Option<&str> {
    if !is_ascii(bytes) {
        return None;
    }
    // SAFETY: every byte is below 0x80, checked just above.
    #[allow(unsafe_code)]
    let text = unsafe { crate::ascii::str_of_ascii(bytes) };
    Some(text)
}

/// Whether every byte of `bytes` is below 0x80: the bytes ORed together eight at a time (the
/// last eight, which may overlap the words before, standing for the rest; each byte below
/// eight), then the high bit of each byte of the result. No early exit, so that for the fixed
/// lengths of ids the loop unrolls into a few loads and ORs. (`<[u8]>::is_ascii` returns at
/// the first word with a high bit, and its loop stays a loop in the encoders: the gate's row
/// "UUIDv7 format vs uuid's encode_lower" holds the count.)
#[inline]
fn is_ascii(bytes: &[u8]) -> bool {
    const HIGH_BITS: u64 = u64::from_ne_bytes([0x80; 8]);
    let (words, tail) = bytes.as_chunks::<8>();
    let words = words
        .iter()
        .fold(0, |any, word| any | u64::from_ne_bytes(*word));
    let tail = match bytes.last_chunk::<8>() {
        Some(last) => u64::from_ne_bytes(*last),
        None => tail.iter().fold(0, |any, &byte| any | u64::from(byte)),
    };
    (words | tail) & HIGH_BITS == 0
}

/// The body of an id's `Display`: its text (from an [`AsciiText`](crate::AsciiText)) through
/// [`Formatter::pad`](fmt::Formatter::pad), so that width, fill, alignment and precision are
/// honoured as for any text.
///
/// # Errors
///
/// Those of the formatter's writer.
///
/// # Examples
///
/// ```
/// use core::fmt;
///
/// struct Code(u8);
///
/// impl fmt::Display for Code {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         id_text::display(f, id_text::hex::encode_text::<1, 2>(&[self.0]).as_str())
///     }
/// }
///
/// assert_eq!(Code(0x7F).to_string(), "7f");
/// assert_eq!(format!("[{:>4}]", Code(0x7F)), "[  7f]");
/// assert_eq!(format!("[{:.1}]", Code(0x7F)), "[7]");
/// ```
#[inline]
pub fn display(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    f.pad(text)
}

/// The body of an id's [`LowerHex`](fmt::LowerHex): every byte as two lower-case digits
/// (leading zeros kept: the id's width is fixed), through
/// [`Formatter::pad_integral`](fmt::Formatter::pad_integral), so that `#` (the `0x` prefix),
/// width, fill, alignment and the `0` flag behave as they do for an integer. `M` is twice
/// `N`, checked when the program is compiled.
///
/// # Errors
///
/// Those of the formatter's writer.
///
/// # Examples
///
/// ```
/// use core::fmt;
///
/// struct Code([u8; 2]);
///
/// impl fmt::LowerHex for Code {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         id_text::lower_hex::<2, 4>(f, &self.0)
///     }
/// }
///
/// assert_eq!(format!("{:x}", Code([0x0A, 0xBC])), "0abc");
/// assert_eq!(format!("{:#x}", Code([0x0A, 0xBC])), "0x0abc");
/// assert_eq!(format!("[{:>6x}]", Code([0x0A, 0xBC])), "[  0abc]");
/// assert_eq!(format!("{:#08x}", Code([0x0A, 0xBC])), "0x000abc");
/// ```
#[inline]
pub fn lower_hex<const N: usize, const M: usize>(
    f: &mut fmt::Formatter<'_>,
    bytes: &[u8; N],
) -> fmt::Result {
    let mut digits = [0u8; M];
    crate::hex::encode_array(bytes, &mut digits);
    pad_hex(f, &digits)
}

/// The body of an id's [`UpperHex`](fmt::UpperHex): [`lower_hex`] with the letters `A`-`F`
/// (the prefix stays `0x`, as for an integer).
///
/// # Errors
///
/// Those of the formatter's writer.
///
/// # Examples
///
/// ```
/// use core::fmt;
///
/// struct Code([u8; 2]);
///
/// impl fmt::UpperHex for Code {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         id_text::upper_hex::<2, 4>(f, &self.0)
///     }
/// }
///
/// assert_eq!(format!("{:X}", Code([0x0A, 0xBC])), "0ABC");
/// assert_eq!(format!("{:#X}", Code([0x0A, 0xBC])), "0x0ABC");
/// assert_eq!(format!("[{:<6X}]", Code([0x0A, 0xBC])), "[0ABC  ]");
/// ```
#[inline]
pub fn upper_hex<const N: usize, const M: usize>(
    f: &mut fmt::Formatter<'_>,
    bytes: &[u8; N],
) -> fmt::Result {
    let mut digits = [0u8; M];
    crate::hex::encode_array(bytes, &mut digits);
    digits.make_ascii_uppercase();
    pad_hex(f, &digits)
}

/// Hex digits through `pad_integral`, which handles `#`, `+`, width, fill and `0` as the
/// integer formats do.
fn pad_hex(f: &mut fmt::Formatter<'_>, digits: &[u8]) -> fmt::Result {
    // The digits come from the hex table (and an ASCII case change): the check is a few word
    // operations, and the empty string it would give on failure cannot happen.
    f.pad_integral(true, "0x", ascii_str(digits).unwrap_or_default())
}

/// The body of an id's `Debug`: `name`, then its text in parentheses. No padding: `Debug` of
/// an id is for reading, not for tables.
///
/// # Errors
///
/// Those of the formatter's writer.
///
/// # Examples
///
/// ```
/// use core::fmt;
///
/// struct Code(u8);
///
/// impl fmt::Debug for Code {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         id_text::debug(f, "Code", id_text::hex::encode_text::<1, 2>(&[self.0]).as_str())
///     }
/// }
///
/// assert_eq!(format!("{:?}", Code(0x7F)), "Code(7f)");
/// ```
#[inline]
pub fn debug(f: &mut fmt::Formatter<'_>, name: &str, text: &str) -> fmt::Result {
    f.write_str(name)?;
    f.write_str("(")?;
    f.write_str(text)?;
    f.write_str(")")
}

/// `Err` with the length of `text` in characters unless it is `expected`: the length a parse
/// error reports, counted as a reader counts (`"é"` is one character, two bytes), the one
/// unit of every id's length errors.
///
/// # Errors
///
/// The number of characters of `text`, when it is not `expected`.
///
/// # Examples
///
/// ```
/// assert_eq!(id_text::check_char_len("01ARZ", 5), Ok(()));
/// assert_eq!(id_text::check_char_len("01ARé", 5), Ok(()));
/// assert_eq!(id_text::check_char_len("01AR", 5), Err(4));
/// ```
pub const fn check_char_len(text: &str, expected: usize) -> Result<(), usize> {
    // Every character has exactly one byte that is not a continuation byte (`0b10xx_xxxx`).
    let bytes = text.as_bytes();
    let mut found = 0;
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] & 0xC0 != 0x80 {
            found += 1;
        }
        index += 1;
    }
    if found == expected {
        Ok(())
    } else {
        Err(found)
    }
}

/// The character that starts at byte `index` of `text`, for an error that names it; the
/// replacement character `U+FFFD` if `index` is past the end or inside a character.
///
/// ```
/// assert_eq!(id_text::char_at("01é3", 2), 'é');
/// assert_eq!(id_text::char_at("01é3", 4), '3');
/// assert_eq!(id_text::char_at("01é3", 3), char::REPLACEMENT_CHARACTER);
/// assert_eq!(id_text::char_at("01é3", 5), char::REPLACEMENT_CHARACTER);
/// ```
#[must_use]
pub const fn char_at(text: &str, index: usize) -> char {
    // `str::chars` is not available in a `const fn`: the UTF-8 of one character, decoded by
    // hand. `text` is valid UTF-8, so a byte that starts a character is followed by all of its
    // continuation bytes.
    let bytes = text.as_bytes();
    if index >= bytes.len() {
        return char::REPLACEMENT_CHARACTER;
    }
    let first = bytes[index];
    let (len, mut code) = match first {
        0x00..=0x7F => return first as char,
        0xC0..=0xDF => (2, (first & 0x1F) as u32),
        0xE0..=0xEF => (3, (first & 0x0F) as u32),
        0xF0..=0xF7 => (4, (first & 0x07) as u32),
        // A continuation byte: `index` is inside a character.
        _ => return char::REPLACEMENT_CHARACTER,
    };
    let mut at = index + 1;
    while at < index + len && at < bytes.len() {
        code = (code << 6) | (bytes[at] & 0x3F) as u32;
        at += 1;
    }
    match char::from_u32(code) {
        Some(character) => character,
        None => char::REPLACEMENT_CHARACTER,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every length up to 40 at every alignment, with a non-ASCII byte at each place or none:
    /// the check reads whole words, then the last eight bytes (each byte below eight), a high
    /// bit may hide in any of them, and under Miri any read out of bounds or any `&str` that
    /// is not UTF-8 is an error.
    #[test]
    fn ascii_str_agrees_with_from_utf8_at_every_length_alignment_and_place() {
        let mut storage = [b'a'; 48];
        for start in 0..8 {
            for len in 0..=40 {
                let ascii = &mut storage[start..start + len];
                for (index, byte) in ascii.iter_mut().enumerate() {
                    // Every ASCII byte, 0x00 and 0x7F among them.
                    *byte = ((start * 7 + index * 13 + len) % 128) as u8;
                }
                let expected = core::str::from_utf8(ascii).ok();
                assert_eq!(ascii_str(ascii), expected, "{start} {len}");
                for place in 0..len {
                    for stranger in [0x80, 0xC3, 0xFF] {
                        let slice = &mut storage[start..start + len];
                        let kept = slice[place];
                        slice[place] = stranger;
                        assert_eq!(
                            ascii_str(slice),
                            None,
                            "{start} {len} {place} {stranger:#x}"
                        );
                        slice[place] = kept;
                    }
                }
            }
        }
    }

    #[test]
    fn valid_utf8_that_is_not_ascii_is_refused() {
        for text in [
            "é",
            "0123456789abcdeé",
            "ı01ARZ3NDEKTSV4RRFFQ69G5FAV",
            "\u{10FFFF}",
        ] {
            assert!(core::str::from_utf8(text.as_bytes()).is_ok());
            assert_eq!(ascii_str(text.as_bytes()), None, "{text}");
        }
    }

    #[test]
    fn the_str_is_the_same_memory() {
        let bytes = *b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
        let text = ascii_str(&bytes).unwrap();
        assert_eq!(text.as_ptr(), bytes.as_ptr());
        assert_eq!(text.len(), bytes.len());
    }

    /// Characters of every UTF-8 length, at the ends of each length's range.
    const SAMPLES: &[&str] = &[
        "",
        "0",
        "\u{7F}",
        "\u{80}é\u{7FF}",
        "\u{800}ı\u{FFFF}",
        "\u{10000}😀\u{10FFFF}",
        "01ARZ3NDEKTSV4RRFFQ69G5FAé",
        "a\u{10FFFF}b\u{800}c\u{80}d",
    ];

    #[test]
    fn the_length_is_the_standard_library_count_of_chars() {
        for text in SAMPLES {
            let count = text.chars().count();
            assert_eq!(check_char_len(text, count), Ok(()), "{text:?}");
            assert_eq!(check_char_len(text, count + 1), Err(count), "{text:?}");
        }
    }

    #[test]
    fn the_char_at_every_index_is_the_standard_library_char_there() {
        for text in SAMPLES {
            for index in 0..=text.len() + 1 {
                let expected = text
                    .get(index..)
                    .and_then(|rest| rest.chars().next())
                    .unwrap_or(char::REPLACEMENT_CHARACTER);
                assert_eq!(char_at(text, index), expected, "{text:?} at {index}");
            }
        }
    }

    #[test]
    fn the_char_helpers_run_at_compile_time() {
        const LEN: Result<(), usize> = check_char_len("aé😀", 3);
        const CHAR: char = char_at("aé😀", 3);
        assert_eq!((LEN, CHAR), (Ok(()), '😀'));
    }
}
