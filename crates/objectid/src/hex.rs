//! The 12 bytes as 24 lower-case hex digits and back, by table lookup.

/// Byte to its two lower-case hex digits.
static DIGIT_PAIRS: [[u8; 2]; 256] = {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut table = [[0u8; 2]; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = [DIGITS[byte >> 4], DIGITS[byte & 0x0F]];
        byte += 1;
    }
    table
};

/// Marks a byte that is not a lower-case hex digit; any value above 0x0F would do.
const INVALID: u8 = 0xFF;

/// Character byte to its value: `0`-`9` and `a`-`f` only.
static VALUES: [u8; 256] = {
    let mut table = [INVALID; 256];
    let mut value = 0;
    while value < 10 {
        table[b'0' as usize + value] = value as u8;
        value += 1;
    }
    while value < 16 {
        table[b'a' as usize + value - 10] = value as u8;
        value += 1;
    }
    table
};

/// Writes the two digits of each byte into `buffer`.
#[inline]
pub(crate) fn encode(bytes: &[u8; 12], buffer: &mut [u8; 24]) {
    for (pair, &byte) in buffer.chunks_exact_mut(2).zip(bytes) {
        pair.copy_from_slice(&DIGIT_PAIRS[usize::from(byte)]);
    }
}

/// The 12 bytes of 24 lower-case hex digits; `None` if any byte is not one.
#[inline]
pub(crate) fn decode(digits: &[u8; 24]) -> Option<[u8; 12]> {
    let mut bytes = [0u8; 12];
    // One check after the loop, not one per digit: an invalid digit sets bits above 0x0F.
    let mut seen = 0u8;
    for (byte, pair) in bytes.iter_mut().zip(digits.chunks_exact(2)) {
        let (high, low) = (VALUES[usize::from(pair[0])], VALUES[usize::from(pair[1])]);
        seen |= high | low;
        *byte = (high << 4) | low;
    }
    (seen <= 0x0F).then_some(bytes)
}

/// Whether `character` is a lower-case hex digit.
#[inline]
pub(crate) const fn is_digit(character: char) -> bool {
    matches!(character, '0'..='9' | 'a'..='f')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_agree_with_the_standard_library() {
        for byte in 0..=255u8 {
            let pair = DIGIT_PAIRS[usize::from(byte)];
            assert_eq!(pair, *format!("{byte:02x}").as_bytes());
            let digit = char::from(byte);
            let expected = match digit {
                '0'..='9' | 'a'..='f' => digit.to_digit(16).map(|value| value as u8),
                _ => None,
            };
            let found = Some(VALUES[usize::from(byte)]).filter(|&value| value != INVALID);
            assert_eq!(found, expected, "byte {byte:#04x}");
            assert_eq!(is_digit(digit), expected.is_some(), "byte {byte:#04x}");
        }
    }

    #[test]
    fn an_invalid_digit_is_caught_in_either_half_of_a_byte() {
        for index in 0..24 {
            let mut digits = [b'0'; 24];
            digits[index] = b'g';
            assert_eq!(decode(&digits), None, "at {index}");
        }
        assert_eq!(decode(&[b'f'; 24]), Some([0xFF; 12]));
    }
}
