//! Integers to symbols, most significant first, zero-padded on the left.

use id_text::{AsciiByte, AsciiText};

use crate::{ALPHABET, EncodeError};

/// The two symbols of every 10-bit value, most significant first, as the symbols an
/// [`AsciiText`] takes.
static SYMBOL_PAIRS: [[AsciiByte; 2]; 1024] = {
    let Some(symbols) = AsciiByte::all(ALPHABET) else {
        panic!("the alphabet is ASCII")
    };
    let mut table = [[symbols[0]; 2]; 1024];
    let mut value = 0;
    while value < 1024 {
        table[value] = [symbols[value >> 5], symbols[value & 31]];
        value += 1;
    }
    table
};

/// The number of symbols of a `u128`, and of a ULID.
pub const U128_LEN: usize = 26;

/// Writes `value` into all of `out`, most significant symbol first, padded with `0` on the
/// left.
///
/// # Errors
///
/// [`EncodeError::BufferTooShort`] if `value` needs more than `out.len()` symbols (13 hold
/// any `u64`); `out` is left unchanged.
///
/// # Examples
///
/// ```
/// let mut buffer = [0u8; 13];
/// crockford32::encode_u64(u64::MAX, &mut buffer)?;
/// assert_eq!(&buffer, b"FZZZZZZZZZZZZ");
///
/// assert!(crockford32::encode_u64(32, &mut [0u8; 1]).is_err());
/// # Ok::<(), crockford32::EncodeError>(())
/// ```
#[inline]
pub fn encode_u64(value: u64, out: &mut [u8]) -> Result<(), EncodeError> {
    encode(u128::from(value), out)
}

/// Writes `value` into all of `out`, most significant symbol first, padded with `0` on the
/// left. A ULID is a `u128` in 26 symbols.
///
/// # Errors
///
/// [`EncodeError::BufferTooShort`] if `value` needs more than `out.len()` symbols (26 hold
/// any `u128`); `out` is left unchanged.
///
/// # Examples
///
/// ```
/// let mut ulid = [0u8; 26];
/// // The example of the ULID specification.
/// crockford32::encode(0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B, &mut ulid)?;
/// assert_eq!(&ulid, b"01ARZ3NDEKTSV4RRFFQ69G5FAV");
/// # Ok::<(), crockford32::EncodeError>(())
/// ```
#[inline]
pub fn encode(value: u128, out: &mut [u8]) -> Result<(), EncodeError> {
    let len = out.len();
    if len < 26 && value >> (5 * len) != 0 {
        return Err(EncodeError::BufferTooShort {
            len,
            needed: symbols_needed(value),
        });
    }
    // Two symbols (10 bits) a step, from the least significant end.
    let mut rest = value;
    let mut pairs = out.rchunks_exact_mut(2);
    for pair in &mut pairs {
        pair.copy_from_slice(&SYMBOL_PAIRS[(rest & 1023) as usize].map(AsciiByte::get));
        rest >>= 10;
    }
    if let [single] = pairs.into_remainder() {
        *single = ALPHABET[(rest & 31) as usize];
    }
    Ok(())
}

/// `value` in [`U128_LEN`] symbols (what [`encode`] writes into 26 bytes) as an
/// [`AsciiText`]: a `&str` with no check. A ULID's text.
///
/// ```
/// // The example of the ULID specification.
/// let text = crockford32::encode_text(0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B);
/// assert_eq!(text.as_str(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
/// assert_eq!(crockford32::encode_text(u128::MAX).as_str(), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
/// ```
#[inline]
#[must_use]
pub fn encode_text(value: u128) -> AsciiText<U128_LEN> {
    // Two symbols (10 bits) a pair, 13 pairs, the first the most significant; four pairs
    // shifted into a 64-bit word and stored at once, so that a reader of the whole text (a
    // copy into the caller's buffer) waits for four stores, not thirteen.
    let pair = |index: u32| {
        let symbols = SYMBOL_PAIRS[((value >> (10 * (12 - index))) & 1023) as usize];
        u64::from(u16::from_le_bytes(symbols.map(AsciiByte::get)))
    };
    let word = |first: u32| (0..4).fold(0, |word, at| word | pair(first + at) << (16 * at));
    let mut text = AsciiText::new();
    text.set_word(0, word(0));
    text.set_word(8, word(4));
    text.set_word(16, word(8));
    text.set_pair(24, SYMBOL_PAIRS[(value & 1023) as usize]);
    text
}

/// `value` as a `String` of exactly `len` symbols.
///
/// # Errors
///
/// [`EncodeError::BufferTooShort`] if `value` needs more than `len` symbols.
///
/// # Examples
///
/// ```
/// assert_eq!(crockford32::encode_to_string(31, 3)?, "00Z");
/// # Ok::<(), crockford32::EncodeError>(())
/// ```
#[cfg(feature = "alloc")]
pub fn encode_to_string(value: u128, len: usize) -> Result<alloc::string::String, EncodeError> {
    let mut buffer = alloc::vec![b'0'; len];
    encode(value, &mut buffer)?;
    // Every byte is an ASCII symbol, so the conversion cannot fail and does not copy.
    Ok(alloc::string::String::from_utf8(buffer).unwrap_or_default())
}

fn symbols_needed(value: u128) -> usize {
    let bits = 128 - value.leading_zeros() as usize;
    bits.div_ceil(5).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_carry_across_the_60_bit_boundary() {
        let mut out = [0u8; 13];
        encode(1 << 60, &mut out).unwrap();
        // 2^60 = 32^12: a one and twelve zeros.
        assert_eq!(&out, b"1000000000000");
    }

    #[test]
    fn a_short_buffer_is_left_unchanged() {
        let mut out = *b"abc";
        assert_eq!(
            encode(32 * 32 * 32, &mut out),
            Err(EncodeError::BufferTooShort { len: 3, needed: 4 })
        );
        assert_eq!(&out, b"abc");
    }

    /// The text is what `encode` writes into 26 bytes, for values at every symbol's edges.
    #[test]
    fn the_text_is_what_encode_writes() {
        for shift in 0..128 {
            for value in [1u128 << shift, (1u128 << shift) - 1, u128::MAX >> shift] {
                let mut out = [0u8; U128_LEN];
                encode(value, &mut out).unwrap();
                assert_eq!(encode_text(value).as_bytes(), &out, "{value:#x}");
            }
        }
    }

    #[test]
    fn an_empty_buffer_holds_only_zero() {
        assert_eq!(encode(0, &mut []), Ok(()));
        assert_eq!(
            encode(1, &mut []),
            Err(EncodeError::BufferTooShort { len: 0, needed: 1 })
        );
    }
}
