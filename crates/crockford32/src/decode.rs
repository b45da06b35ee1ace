//! Symbols to integers: case-insensitive, with the aliases of the specification.

use crate::{ALPHABET, DecodeError, U128_LEN};

const INVALID: u8 = 0xFF;

/// Byte to value: the 32 symbols in both cases, `O`/`o` as 0, `I`/`i`/`L`/`l` as 1.
static VALUES: [u8; 256] = {
    let mut table = [INVALID; 256];
    let mut value = 0;
    while value < 32 {
        let symbol = ALPHABET[value];
        table[symbol as usize] = value as u8;
        table[symbol.to_ascii_lowercase() as usize] = value as u8;
        value += 1;
    }
    table[b'O' as usize] = 0;
    table[b'o' as usize] = 0;
    table[b'I' as usize] = 1;
    table[b'i' as usize] = 1;
    table[b'L' as usize] = 1;
    table[b'l' as usize] = 1;
    table
};

/// The value (0 to 31) of one symbol byte, or `None` if it is not a symbol. Either case is
/// accepted, `O` reads as 0 and `I`/`L` as 1; `U` is not a symbol.
///
/// # Examples
///
/// ```
/// use crockford32::symbol_value;
///
/// assert_eq!(symbol_value(b'Z'), Some(31));
/// assert_eq!(symbol_value(b'z'), Some(31));
/// assert_eq!(symbol_value(b'o'), Some(0));
/// assert_eq!(symbol_value(b'L'), Some(1));
/// assert_eq!(symbol_value(b'U'), None);
/// assert_eq!(symbol_value(b'-'), None);
/// ```
#[inline]
#[must_use]
pub const fn symbol_value(byte: u8) -> Option<u8> {
    match VALUES[byte as usize] {
        INVALID => None,
        value => Some(value),
    }
}

/// Reads a number of at most 64 bits.
///
/// # Errors
///
/// [`DecodeError::Empty`], [`DecodeError::InvalidCharacter`] (the first invalid character,
/// with its byte index), or, when every character is a symbol, [`DecodeError::Overflow`] if
/// the value needs more than 64 bits. Leading zeros are allowed.
///
/// # Examples
///
/// ```
/// use crockford32::{DecodeError, decode_u64};
///
/// assert_eq!(decode_u64("FZZZZZZZZZZZZ"), Ok(u64::MAX));
/// assert_eq!(decode_u64("G000000000000"), Err(DecodeError::Overflow { len: 13, bits: 64 }));
/// assert_eq!(
///     decode_u64("12U4"),
///     Err(DecodeError::InvalidCharacter { index: 2, character: 'U' })
/// );
/// ```
#[inline]
pub const fn decode_u64(text: &str) -> Result<u64, DecodeError> {
    // The value fits 64 bits by construction.
    match decode_bits::<13>(text, 64) {
        Ok(value) => Ok(value as u64),
        Err(error) => Err(error),
    }
}

/// Reads a number of at most 128 bits.
///
/// # Errors
///
/// [`DecodeError::Empty`], [`DecodeError::InvalidCharacter`] (the first invalid character,
/// with its byte index), or, when every character is a symbol, [`DecodeError::Overflow`] if
/// the value needs more than 128 bits: 26 symbols hold 130 bits, so a 26-symbol string must
/// start with `0` to `7`.
///
/// # Examples
///
/// ```
/// use crockford32::{DecodeError, decode};
///
/// assert_eq!(decode("7ZZZZZZZZZZZZZZZZZZZZZZZZZ"), Ok(u128::MAX));
/// assert_eq!(
///     decode("8ZZZZZZZZZZZZZZZZZZZZZZZZZ"),
///     Err(DecodeError::Overflow { len: 26, bits: 128 })
/// );
///
/// // A `const fn`: the same decoding at compile time.
/// const ONE: Result<u128, DecodeError> = decode("01");
/// assert_eq!(ONE, Ok(1));
/// ```
// Always inlined: as a call, saving and restoring the registers the 26 symbols' reading
// uses cost 2 ns of its 7 ns (the criterion row `ulid/decode`, floor).
#[inline(always)]
pub const fn decode(text: &str) -> Result<u128, DecodeError> {
    if let Some(symbols) = text.as_bytes().first_chunk::<U128_LEN>()
        && text.len() == U128_LEN
        && let Some(value) = decode_full(symbols)
    {
        return Ok(value);
    }
    decode_other(text)
}

/// [`decode`] of what [`decode_full`] does not read: another length, or an error to name. A
/// call of its own, so that the 26 symbols' path keeps its bytes in registers rather than
/// sharing their loads with this one.
#[inline(never)]
const fn decode_other(text: &str) -> Result<u128, DecodeError> {
    decode_bits::<U128_LEN>(text, 128)
}

/// Set in a [`PLACED`] entry for a byte that is not a symbol: above the 30 bits of six
/// symbols.
const NOT_A_SYMBOL: u32 = 1 << 31;

/// The value of each byte shifted left by `shift`, or [`NOT_A_SYMBOL`]; also for a value of
/// `limit` or more, the first symbol's overflow.
const fn placed(shift: u32, limit: u8) -> [u32; 256] {
    let mut table = [NOT_A_SYMBOL; 256];
    let mut byte = 0;
    while byte < 256 {
        if VALUES[byte] < limit {
            table[byte] = (VALUES[byte] as u32) << shift;
        }
        byte += 1;
    }
    table
}

/// [`decode_full`]'s tables: `PLACED[0]` for the first symbol (`0` to `7`, beside the
/// second), then `PLACED[1 + k]` for symbol `k` of a group of six, its value where it lies
/// among them, the first most significant. 7 KiB, where [`VALUES`] and shifts cost a shift a
/// symbol and one table for all keeps one register for its address (measured: fewer tables
/// and smaller groups were slower).
static PLACED: [[u32; 256]; 7] = [
    placed(5, 8),
    placed(25, 32),
    placed(20, 32),
    placed(15, 32),
    placed(10, 32),
    placed(5, 32),
    placed(0, 32),
];

/// The 30 bits of six symbols from `at`, with [`NOT_A_SYMBOL`] set when any is not one.
#[inline(always)]
const fn six(symbols: &[u8; U128_LEN], at: usize) -> u32 {
    PLACED[1][symbols[at] as usize]
        | PLACED[2][symbols[at + 1] as usize]
        | PLACED[3][symbols[at + 2] as usize]
        | PLACED[4][symbols[at + 3] as usize]
        | PLACED[5][symbols[at + 4] as usize]
        | PLACED[6][symbols[at + 5] as usize]
}

/// The value of 26 symbols, a ULID's: two, then four groups of six, each group one table
/// lookup a symbol, with no shift and no dependency between symbols; `None` when a byte is
/// not a symbol or the value needs more than 128 bits, for [`decode_bits`] to name. Twice as
/// fast as the general reading for a ULID (the criterion row `ulid/decode`, scalar), whose
/// symbols each wait for the one before.
#[inline(always)]
const fn decode_full(symbols: &[u8; U128_LEN]) -> Option<u128> {
    // Symbols 0 and 1: 8 bits, the first symbol's table refusing a value above 7.
    let first = PLACED[0][symbols[0] as usize] | PLACED[6][symbols[1] as usize];
    let groups = [
        six(symbols, 2),
        six(symbols, 8),
        six(symbols, 14),
        six(symbols, 20),
    ];
    if (first | groups[0] | groups[1] | groups[2] | groups[3]) & NOT_A_SYMBOL != 0 {
        return None;
    }
    // 8 + 4 * 30 = 128 bits: the second group straddles the two halves.
    let [g0, g1, g2, g3] = groups;
    let high = (first as u64) << 56 | (g0 as u64) << 26 | (g1 as u64) >> 4;
    let low = (g1 as u64) << 60 | (g2 as u64) << 30 | g3 as u64;
    Some((high as u128) << 64 | low as u128)
}

/// [`decode_any`], with `FULL` symbols, those of a full value of `bits` bits (26 for 128, a
/// ULID's; 13 for 64), as a case of its own: with the length known, the loops unroll, which
/// takes about 40 % off the instructions. Always inlined: left to the inliner, it became a
/// call that cost a ULID's parse 40 instructions more (`cargo xtask bench-gate`).
#[inline(always)]
const fn decode_bits<const FULL: usize>(text: &str, bits: u32) -> Result<u128, DecodeError> {
    if text.len() == FULL
        && let Some(symbols) = text.as_bytes().first_chunk::<FULL>()
    {
        return decode_any(text, symbols, bits);
    }
    decode_any(text, text.as_bytes(), bits)
}

/// Every symbol validated in one pass (a single check at the end: an invalid byte maps to a
/// value above 31), then accumulated 12 symbols at a time in 64-bit arithmetic. `bytes` are
/// those of `text`. `while` loops rather than iterators, so that decoding is a `const fn` (the
/// literal macros of the ids read their text with it).
#[inline(always)]
const fn decode_any(text: &str, bytes: &[u8], bits: u32) -> Result<u128, DecodeError> {
    if bytes.is_empty() {
        return Err(DecodeError::Empty);
    }
    let mut seen = 0u8;
    let mut value = 0u128;
    // Chunks split off the front and bytes matched off the front, rather than indices, so
    // that no access needs a bounds check, and the loops unroll when the length is known.
    let mut rest = bytes;
    while let Some((chunk, tail)) = rest.split_first_chunk::<12>() {
        let mut part = 0u64;
        let mut at = 0;
        while at < chunk.len() {
            let digit = VALUES[chunk[at] as usize];
            seen |= digit;
            // An invalid byte's entry spills into other symbols' bits: the value is then
            // discarded, since `seen` reports it.
            part = (part << 5) | digit as u64;
            at += 1;
        }
        // Bits shifted out here are zero whenever `fits` holds below.
        value = (value << 60) | part as u128;
        rest = tail;
    }
    let shift = 5 * rest.len();
    let mut part = 0u64;
    while let [byte, tail @ ..] = rest {
        let digit = VALUES[*byte as usize];
        seen |= digit;
        part = (part << 5) | digit as u64;
        rest = tail;
    }
    value = (value << shift) | part as u128;
    if seen > 31 {
        return Err(first_invalid(text));
    }
    if !fits(bytes, bits) {
        return Err(DecodeError::Overflow {
            len: bytes.len(),
            bits,
        });
    }
    Ok(value)
}

/// Whether valid symbols encode a value below `2^bits`: the `5 * len - bits` excess bits at
/// the top, whole leading symbols and the high bits of the next one, are all zero.
#[inline]
const fn fits(bytes: &[u8], bits: u32) -> bool {
    let excess = bytes.len().saturating_mul(5).saturating_sub(bits as usize);
    let (zero_symbols, zero_bits) = (excess / 5, excess % 5);
    let mut at = 0;
    while at < zero_symbols && at < bytes.len() {
        if VALUES[bytes[at] as usize] != 0 {
            return false;
        }
        at += 1;
    }
    zero_bits == 0
        || (zero_symbols < bytes.len()
            && VALUES[bytes[zero_symbols] as usize] >> (5 - zero_bits) == 0)
}

/// The error for the first byte that is not a symbol.
#[cold]
#[inline(never)]
const fn first_invalid(text: &str) -> DecodeError {
    let bytes = text.as_bytes();
    let mut index = 0;
    while index < bytes.len() && VALUES[bytes[index] as usize] != INVALID {
        index += 1;
    }
    if index == bytes.len() {
        // Not reached: the caller found a byte that is not a symbol.
        index = 0;
    }
    invalid_character(text, index)
}

/// The error for the byte at `index`, which starts a character: every byte before it was an
/// ASCII symbol.
pub(crate) const fn invalid_character(text: &str, index: usize) -> DecodeError {
    DecodeError::InvalidCharacter {
        index,
        character: id_text::char_at(text, index),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_outside_the_alphabet_and_aliases_is_rejected() {
        let accepted = b"0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyzOoIiLl";
        for byte in 0..=255u8 {
            assert_eq!(
                symbol_value(byte).is_some(),
                accepted.contains(&byte),
                "byte {byte:#04x}"
            );
        }
    }

    /// The value of 26 symbols the slow way, from the alphabet and the aliases of the
    /// specification: `None` for a byte that is not a symbol, or a first symbol above `7`.
    fn slow_value(symbols: &[u8; 26]) -> Option<u128> {
        let mut value = 0u128;
        for (index, &byte) in symbols.iter().enumerate() {
            let upper = byte.to_ascii_uppercase();
            let digit = match upper {
                b'O' => 0,
                b'I' | b'L' => 1,
                _ => ALPHABET.iter().position(|&symbol| symbol == upper)? as u128,
            };
            if index == 0 && digit > 7 {
                return None;
            }
            value = value << 5 | digit;
        }
        Some(value)
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "19,968 texts: minutes under Miri; the plain test run covers it"
    )]
    fn the_26_symbol_reading_agrees_with_the_slow_one_for_every_byte_at_every_place() {
        for base in [
            *b"01ARZ3NDEKTSV4RRFFQ69G5FAV",
            *b"7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
            *b"00000000000000000000000000",
        ] {
            for index in 0..26 {
                for byte in 0..=u8::MAX {
                    let mut symbols = base;
                    symbols[index] = byte;
                    let read = decode_full(&symbols);
                    assert_eq!(read, slow_value(&symbols), "{byte:#04x} at {index}");
                    // What `decode` answers, value or error, is the general reading's.
                    if let Ok(text) = core::str::from_utf8(&symbols) {
                        assert_eq!(decode(text), decode_other(text), "{text}");
                        assert_eq!(decode(text).ok(), read, "{text}");
                    }
                }
            }
        }
    }

    /// Both paths of `decode_bits`: the length of a full value, and any other.
    fn decode_both_ways(text: &str, bits: u32) -> Result<u128, DecodeError> {
        let fixed = decode_bits::<26>(text, bits);
        assert_eq!(fixed, decode_bits::<13>(text, bits), "{text}");
        fixed
    }

    #[test]
    fn the_overflow_check_is_exact_at_every_width() {
        // 2^bits - 1 decodes; 2^bits does not.
        for bits in [64u32, 128] {
            let max = if bits == 128 {
                u128::MAX
            } else {
                (1u128 << bits) - 1
            };
            let mut buffer = [0u8; 26];
            crate::encode(max, &mut buffer).unwrap();
            let text = core::str::from_utf8(&buffer).unwrap();
            assert_eq!(decode_both_ways(text, bits), Ok(max));
            if bits < 128 {
                crate::encode(max + 1, &mut buffer).unwrap();
                let text = core::str::from_utf8(&buffer).unwrap();
                assert_eq!(
                    decode_both_ways(text, bits),
                    Err(DecodeError::Overflow { len: 26, bits })
                );
            }
        }
    }

    #[test]
    fn decoding_runs_at_compile_time_with_the_same_results() {
        const FULL: Result<u128, DecodeError> = decode("7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
        const OVERFLOW: Result<u128, DecodeError> = decode("8ZZZZZZZZZZZZZZZZZZZZZZZZZ");
        const SHORT: Result<u64, DecodeError> = decode_u64("15nm7");
        const INVALID: Result<u64, DecodeError> = decode_u64("12😀4");
        const EMPTY: Result<u64, DecodeError> = decode_u64("");
        assert_eq!(FULL, Ok(u128::MAX));
        assert_eq!(OVERFLOW, Err(DecodeError::Overflow { len: 26, bits: 128 }));
        // The symbols 1, 5, N, M, 7 are the digits 1, 5, 21, 20, 7 in base 32.
        let digits = [1u64, 5, 21, 20, 7];
        assert_eq!(
            SHORT,
            Ok(digits.iter().fold(0, |value, digit| value * 32 + digit))
        );
        assert_eq!(
            INVALID,
            Err(DecodeError::InvalidCharacter {
                index: 2,
                character: '😀'
            })
        );
        assert_eq!(EMPTY, Err(DecodeError::Empty));
    }

    #[test]
    fn a_non_ascii_character_is_reported_whole() {
        assert_eq!(
            decode_u64("12ı4"),
            Err(DecodeError::InvalidCharacter {
                index: 2,
                character: 'ı'
            })
        );
    }
}
