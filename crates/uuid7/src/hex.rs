//! Hexadecimal digits: a table from a byte to its two lower-case digits, and 16 digits of
//! either case to their 64-bit value, checked and converted in one 128-bit word.

/// Byte to its two lower-case digits.
pub(crate) static PAIRS: [[u8; 2]; 256] = {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut table = [[0; 2]; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = [DIGITS[byte >> 4], DIGITS[byte & 0xF]];
        byte += 1;
    }
    table
};

/// `0x01` in every byte of a word.
const ONES: u128 = u128::MAX / 0xFF;
/// The high bit of every byte.
const HIGH_BITS: u128 = ONES * 0x80;

/// The value of 16 hexadecimal digits of either case, most significant first; `None` unless
/// all 16 bytes are digits.
///
/// The 16 bytes are handled at once as the bytes of one word: a table lookup each would cost
/// twice as much.
#[inline]
pub(crate) const fn decode_16(digits: [u8; 16]) -> Option<u64> {
    let bytes = u128::from_be_bytes(digits);
    if bytes & HIGH_BITS != 0 {
        return None; // Not ASCII; the range checks below need bytes below 0x80.
    }
    let decimal = in_range(bytes, b'0', b'9');
    // `| 0x20` lower-cases the letters; no other byte lands in `a..=f`.
    let letter = in_range(bytes | (ONES * 0x20), b'a', b'f');
    if decimal | letter != HIGH_BITS {
        return None;
    }
    // The low four bits of `0`-`9` are their values; those of `a`-`f` and `A`-`F` are 1 to 6.
    let mut value = (bytes & (ONES * 0x0F)) + (letter >> 7) * 9;
    // Close the gaps: two 4-bit digits into a byte, two bytes into 16 bits, and so on.
    value = (value | (value >> 4)) & (u128::MAX / 0xFFFF * 0x00FF);
    value = (value | (value >> 8)) & (u128::MAX / 0xFFFF_FFFF * 0xFFFF);
    value = (value | (value >> 16)) & (u128::MAX / u64::MAX as u128 * 0xFFFF_FFFF);
    value = (value | (value >> 32)) & u64::MAX as u128;
    Some(value as u64)
}

/// The high bit of each byte of `bytes` (each below 0x80) that lies in `low..=high`.
///
/// A byte below 0x80 plus `0x80 - low` reaches 0x80 exactly when it is at least `low`, and
/// plus `0x7F - high` exactly when it is above `high`; neither sum carries into the next byte.
#[inline]
const fn in_range(bytes: u128, low: u8, high: u8) -> u128 {
    let at_least_low = bytes + ONES * (0x80 - low as u128);
    let above_high = bytes + ONES * (0x7F - high as u128);
    at_least_low & !above_high & HIGH_BITS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_the_lower_case_digits_of_each_byte() {
        for byte in 0..=255u8 {
            assert_eq!(PAIRS[usize::from(byte)], *format!("{byte:02x}").as_bytes());
        }
    }

    #[test]
    fn every_byte_at_every_position_is_decoded_or_refused() {
        let base = *b"0123456789abcdef";
        for position in 0..16 {
            for byte in 0..=255u8 {
                let mut digits = base;
                digits[position] = byte;
                let expected = digits.iter().try_fold(0u64, |value, &digit| {
                    let digit = char::from(digit).to_digit(16)?;
                    Some((value << 4) | u64::from(digit))
                });
                assert_eq!(decode_16(digits), expected, "{byte:#04x} at {position}");
            }
        }
    }

    #[test]
    fn both_cases_and_the_extremes_decode() {
        assert_eq!(decode_16(*b"0000000000000000"), Some(0));
        assert_eq!(decode_16(*b"ffffffffffffffff"), Some(u64::MAX));
        assert_eq!(decode_16(*b"FFFFFFFFFFFFFFFF"), Some(u64::MAX));
        assert_eq!(decode_16(*b"0123456789AbCdEf"), Some(0x0123_4567_89AB_CDEF));
    }
}
