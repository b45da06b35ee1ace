//! Hexadecimal: lower case out, an explicit case rule in.
//!
//! ObjectIds, UUIDv7s and content ids all write bytes as lower-case hex; they differ in what
//! they read back. A UUID reads either case ([`Case::Any`]), an ObjectId only its canonical
//! lower case ([`Case::Lower`]). Both rules live here, in one decoder that names the byte
//! index of the first byte that is not a digit.
//!
//! - [`encode_lower`] writes any number of bytes into the front of a caller's buffer and
//!   returns the digits as a `&str`; [`encode_byte`] gives the two digits of one byte, for a
//!   format that lays them out itself (a UUID's hyphens).
//! - [`encode_array`] writes a fixed number of bytes as ASCII digits into an array of exactly
//!   twice their number, for a format whose sizes are constants; [`encode_text`] gives them as
//!   an [`AsciiText`], a `&str` with no check, and [`encode_byte_ascii`] one byte's digits for
//!   one.
//! - [`decode`] reads any number of digits back under a [`Case`] rule; [`decode_array`] is
//!   the same for a fixed number, whose sizes are checked when the program is compiled, and
//!   [`decode_u128`] reads 32 digits as one number; [`digit_value`] reads one digit.
//!
//! The hyphenated text of a UUID, digits from this module, is [`crate::uuid_text`].
//!
//! Writing looks each byte up in a table of its two digits (512 bytes, built at compile time
//! from [`DIGITS`]). Reading handles sixteen digits at once as the bytes of one 128-bit word,
//! range-checked and packed without a table, with one branch a word; the byte index of a bad
//! digit is worked out only once there is one. A UUID's text, whose digits lie in groups of
//! four between hyphens, is read a group at a time instead, a table lookup a digit (four
//! tables of 1 KiB, from [`digit_value`]). Each is the faster of the ways measured. No
//! allocation, and no function panics, whatever its input.
//!
//! # Examples
//!
//! ```
//! use id_text::hex::{self, Case, DecodeError};
//!
//! let mut buffer = [0u8; 8];
//! assert_eq!(hex::encode_lower(&[0xDE, 0xAD, 0xBE, 0xEF], &mut buffer)?, "deadbeef");
//!
//! let mut bytes = [0u8; 4];
//! assert_eq!(hex::decode(b"DeadBeef", Case::Any, &mut bytes)?, [0xDE, 0xAD, 0xBE, 0xEF]);
//! assert_eq!(
//!     hex::decode(b"DeadBeef", Case::Lower, &mut bytes),
//!     Err(DecodeError::InvalidDigit { index: 0, byte: b'D', case: Case::Lower })
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use crate::digits::{Case, DIGITS};
use crate::{AsciiByte, AsciiText};

/// Byte to its two lower-case digits, as symbols an [`AsciiText`] takes.
static PAIRS: [[AsciiByte; 2]; 256] = {
    let Some(digits) = AsciiByte::all(DIGITS) else {
        panic!("the hex digits are ASCII")
    };
    let mut table = [[digits[0]; 2]; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = [digits[byte >> 4], digits[byte & 0x0F]];
        byte += 1;
    }
    table
};

/// A buffer too short for the digits of the bytes to encode.
///
/// ```
/// use id_text::hex::{self, EncodeError};
///
/// let error = hex::encode_lower(&[1, 2, 3], &mut [0u8; 5]).unwrap_err();
/// assert_eq!(error, EncodeError::BufferTooShort { len: 5, needed: 6 });
/// assert_eq!(error.to_string(), "the bytes need 6 hex digits but the buffer holds 5");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum EncodeError {
    /// The buffer holds fewer than two digits a byte; nothing is written.
    #[error("the bytes need {needed} hex digits but the buffer holds {len}")]
    BufferTooShort {
        /// Length of the buffer.
        len: usize,
        /// Digits the bytes need: twice their number.
        needed: usize,
    },
}

/// Text that is not hex digits under the [`Case`] rule asked for, or does not fit the buffer.
///
/// ```
/// use id_text::hex::{self, Case, DecodeError};
///
/// let error = hex::decode(b"0fG0", Case::Any, &mut [0u8; 2]).unwrap_err();
/// assert_eq!(error, DecodeError::InvalidDigit { index: 2, byte: b'G', case: Case::Any });
/// assert_eq!(error.to_string(), "invalid byte 0x47 at index 2: not a hex digit");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// An odd number of digits: the last byte would have only one.
    #[error("{len} hex digits: an odd number, but a byte has two")]
    OddLength {
        /// Number of bytes in the text.
        len: usize,
    },
    /// The buffer holds fewer bytes than the text encodes; nothing is written.
    #[error("the text encodes {needed} bytes but the buffer holds {len}")]
    BufferTooShort {
        /// Length of the buffer.
        len: usize,
        /// Bytes the text encodes: half its length.
        needed: usize,
    },
    /// The first byte that is not a digit under `case`. Every byte before it is an ASCII
    /// digit, so in a `&str` it starts a character: `text[index..].chars().next()` is that
    /// character.
    #[error("invalid byte {byte:#04x} at index {index}: not a {case}")]
    InvalidDigit {
        /// Its index in the text.
        index: usize,
        /// The byte found there.
        byte: u8,
        /// The rule it broke.
        case: Case,
    },
    /// Text of a UUID ([`uuid_text::decode_str`](crate::uuid_text::decode_str)) that is not
    /// [`uuid_text::LEN`](crate::uuid_text::LEN) bytes long.
    #[error("{found} bytes, but the text of a UUID has {expected}")]
    InvalidLength {
        /// Its length in bytes.
        found: usize,
        /// The length of a UUID's text: 36.
        expected: usize,
    },
    /// In the text of a UUID ([`uuid_text::decode`](crate::uuid_text::decode)), the first
    /// place of a hyphen that holds something else; every byte before it is in place.
    #[error("invalid byte {byte:#04x} at index {index}: not the hyphen of a UUID's text")]
    MissingHyphen {
        /// Its index in the text: 8, 13, 18 or 23.
        index: usize,
        /// The byte found there.
        byte: u8,
    },
}

/// The value (0 to 15) of one digit under `case`, or `None` if `byte` is not one.
///
/// ```
/// use id_text::hex::{Case, digit_value};
///
/// assert_eq!(digit_value(b'7', Case::Lower), Some(7));
/// assert_eq!(digit_value(b'f', Case::Lower), Some(15));
/// assert_eq!(digit_value(b'F', Case::Lower), None);
/// assert_eq!(digit_value(b'F', Case::Any), Some(15));
/// assert_eq!(digit_value(b'g', Case::Any), None);
/// ```
#[inline]
#[must_use]
pub const fn digit_value(byte: u8, case: Case) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' if matches!(case, Case::Any) => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// The two lower-case digits of `byte`, the more significant first.
///
/// ```
/// assert_eq!(id_text::hex::encode_byte(0x7F), *b"7f");
/// ```
#[inline]
#[must_use]
pub const fn encode_byte(byte: u8) -> [u8; 2] {
    let [high, low] = encode_byte_ascii(byte);
    [high.get(), low.get()]
}

/// The two lower-case digits of `byte` as [`AsciiByte`]s, for a format that lays them out in
/// an [`AsciiText`] itself (a UUID's hyphens).
///
/// ```
/// let digits = id_text::hex::encode_byte_ascii(0x7F);
/// assert_eq!(digits.map(id_text::AsciiByte::get), *b"7f");
/// ```
#[inline]
#[must_use]
pub const fn encode_byte_ascii(byte: u8) -> [AsciiByte; 2] {
    PAIRS[byte as usize]
}

/// Writes `bytes` as lower-case hex, two digits a byte, most significant digit first, into
/// the front of `out`, and returns the digits. The rest of `out` is left as it was.
///
/// # Errors
///
/// [`EncodeError::BufferTooShort`] if `out` holds fewer than `2 * bytes.len()` digits;
/// `out` is then left unchanged.
///
/// # Examples
///
/// ```
/// let mut buffer = [b'.'; 6];
/// assert_eq!(id_text::hex::encode_lower(&[0x00, 0x7F], &mut buffer)?, "007f");
/// assert_eq!(&buffer, b"007f..");
/// # Ok::<(), id_text::hex::EncodeError>(())
/// ```
#[inline]
pub fn encode_lower<'a>(bytes: &[u8], out: &'a mut [u8]) -> Result<&'a str, EncodeError> {
    // A slice holds at most `isize::MAX` bytes: the product cannot overflow.
    let needed = 2 * bytes.len();
    let len = out.len();
    let Some(digits) = out.get_mut(..needed) else {
        return Err(EncodeError::BufferTooShort { len, needed });
    };
    write_digits(bytes, digits);
    // A caller's buffer, written here from the table: the check is a few word operations,
    // and the empty string it would give on failure cannot happen.
    Ok(crate::ascii_str(digits).unwrap_or_default())
}

/// Writes the `N` bytes as `M = 2 * N` lower-case digits into `out`: [`encode_lower`] for a
/// fixed size, checked when the program is compiled, so that it has no error to return.
///
/// ```
/// let mut out = [0u8; 6];
/// id_text::hex::encode_array(&[0x50, 0x7C, 0x0F], &mut out);
/// assert_eq!(&out, b"507c0f");
/// ```
#[inline]
pub fn encode_array<const N: usize, const M: usize>(bytes: &[u8; N], out: &mut [u8; M]) {
    const { assert!(M == 2 * N, "M must be twice N: two hex digits a byte") };
    // An ObjectId's 12 bytes: vector code where the processor has it.
    if let (Some(bytes), Some(out)) = (bytes.first_chunk::<12>(), out.first_chunk_mut::<24>())
        && N == 12
        && let Some(digits) = crate::vector::hex24_encode(bytes)
    {
        *out = digits;
        return;
    }
    write_digits(bytes, out);
}

/// The `N` bytes as an [`AsciiText`] of `M = 2 * N` lower-case digits: a `&str` with no check
/// (the sizes are checked when the program is compiled).
///
/// ```
/// let text = id_text::hex::encode_text::<3, 6>(&[0x50, 0x7C, 0x0F]);
/// assert_eq!(text.as_str(), "507c0f");
/// ```
#[inline]
#[must_use]
pub fn encode_text<const N: usize, const M: usize>(bytes: &[u8; N]) -> AsciiText<M> {
    const { assert!(M == 2 * N, "M must be twice N: two hex digits a byte") };
    // An ObjectId's 12 bytes: vector code where the processor has it.
    if let Some(bytes) = bytes.first_chunk::<12>()
        && N == 12
        && let Some(digits) = crate::vector::hex24_encode(bytes)
    {
        let mut text = [0; M];
        if let Some(front) = text.first_chunk_mut::<24>() {
            *front = digits;
        }
        return AsciiText::from_low_seven_bits(text);
    }
    encode_text_scalar(bytes)
}

/// [`encode_text`] in scalar code, whatever the processor: the reference its vector code is
/// held equal to (by the tests and the fuzz target `id_text_vector`), and what every other
/// target runs.
///
/// ```
/// let bytes = [0x50, 0x7C, 0x7F, 0x79, 0xBC, 0xF8, 0x6C, 0xD7, 0x99, 0x4F, 0x6C, 0x0E];
/// let text = id_text::hex::encode_text_scalar::<12, 24>(&bytes);
/// assert_eq!(text.as_str(), "507c7f79bcf86cd7994f6c0e");
/// assert_eq!(text, id_text::hex::encode_text(&bytes));
/// ```
#[inline]
#[must_use]
pub fn encode_text_scalar<const N: usize, const M: usize>(bytes: &[u8; N]) -> AsciiText<M> {
    const { assert!(M == 2 * N, "M must be twice N: two hex digits a byte") };
    // Four bytes' digits shifted into a 64-bit word and stored at once, as the UUID text is
    // (see `uuid_text::encode_text`): a reader of the whole text waits for fewer stores.
    let mut text = AsciiText::new();
    let (quads, rest) = bytes.as_chunks::<4>();
    for (index, quad) in quads.iter().enumerate() {
        let word = quad.iter().rev().fold(0, |word, &byte| {
            word << 16 | u64::from(u16::from_le_bytes(encode_byte(byte)))
        });
        text.set_word(8 * index, word);
    }
    for (index, &byte) in rest.iter().enumerate() {
        text.set_pair(8 * quads.len() + 2 * index, encode_byte_ascii(byte));
    }
    text
}

/// Reads `text`, two digits a byte under the `case` rule, into the front of `out`, and
/// returns the bytes written. The rest of `out` is left as it was.
///
/// # Errors
///
/// Checked in this order: [`DecodeError::OddLength`], [`DecodeError::BufferTooShort`] if
/// `out` holds fewer than `text.len() / 2` bytes, then [`DecodeError::InvalidDigit`] for the
/// first byte that is not a digit under `case`. After an error, the front of `out` may hold
/// bytes decoded before the bad digit was found.
///
/// # Examples
///
/// ```
/// use id_text::hex::{self, Case, DecodeError};
///
/// let mut buffer = [0u8; 4];
/// assert_eq!(hex::decode(b"01aB", Case::Any, &mut buffer)?, [0x01, 0xAB]);
/// assert_eq!(
///     hex::decode(b"01aB", Case::Lower, &mut buffer),
///     Err(DecodeError::InvalidDigit { index: 3, byte: b'B', case: Case::Lower })
/// );
/// assert_eq!(hex::decode(b"abc", Case::Any, &mut buffer), Err(DecodeError::OddLength { len: 3 }));
/// # Ok::<(), DecodeError>(())
/// ```
#[inline]
pub fn decode<'a>(text: &[u8], case: Case, out: &'a mut [u8]) -> Result<&'a [u8], DecodeError> {
    if !text.len().is_multiple_of(2) {
        return Err(DecodeError::OddLength { len: text.len() });
    }
    let needed = text.len() / 2;
    let len = out.len();
    let Some(bytes) = out.get_mut(..needed) else {
        return Err(DecodeError::BufferTooShort { len, needed });
    };
    read_digits(text, case, bytes)?;
    Ok(bytes)
}

/// The `N` bytes of `M = 2 * N` digits under the `case` rule. A size that does not match is a
/// compile error (when the call is compiled, so `cargo build`, not only `cargo check`), never
/// a panic: the sizes of a format's bytes and text are constants.
///
/// # Errors
///
/// [`DecodeError::InvalidDigit`], for the first byte that is not a digit under `case`.
///
/// # Examples
///
/// ```
/// use id_text::hex::{self, Case, DecodeError};
///
/// assert_eq!(hex::decode_array(b"507c7f", Case::Lower), Ok([0x50, 0x7C, 0x7F]));
/// assert_eq!(
///     hex::decode_array::<3, 6>(b"507C7F", Case::Lower),
///     Err(DecodeError::InvalidDigit { index: 3, byte: b'C', case: Case::Lower })
/// );
/// ```
#[inline]
pub const fn decode_array<const N: usize, const M: usize>(
    text: &[u8; M],
    case: Case,
) -> Result<[u8; N], DecodeError> {
    const { assert!(M == 2 * N, "M must be twice N: two hex digits a byte") };
    let mut bytes = [0; N];
    match read_digits(text, case, &mut bytes) {
        Ok(()) => Ok(bytes),
        Err(error) => Err(error),
    }
}

/// [`decode_array`], at run time: for an ObjectId's 24 digits, vector code where the processor
/// has it (x86-64); [`decode_array`] for any other size and elsewhere. Digits with a byte that
/// is not one are handed to [`decode_array`], so the error is the same, byte and index; only
/// valid digits take the vector path.
///
/// Not a `const fn` (the vector code cannot run at compile time): [`decode_array`] is.
///
/// # Errors
///
/// Those of [`decode_array`].
///
/// # Examples
///
/// ```
/// use id_text::hex::{self, Case, DecodeError};
///
/// let text = b"507c7f79bcf86cd7994f6c0e";
/// let bytes = [0x50, 0x7C, 0x7F, 0x79, 0xBC, 0xF8, 0x6C, 0xD7, 0x99, 0x4F, 0x6C, 0x0E];
/// assert_eq!(hex::parse_array(text, Case::Lower), Ok(bytes));
/// assert_eq!(
///     hex::parse_array::<12, 24>(b"507c7f79bcf86cd7994f6c0E", Case::Lower),
///     Err(DecodeError::InvalidDigit { index: 23, byte: b'E', case: Case::Lower })
/// );
/// ```
#[inline]
pub fn parse_array<const N: usize, const M: usize>(
    text: &[u8; M],
    case: Case,
) -> Result<[u8; N], DecodeError> {
    const { assert!(M == 2 * N, "M must be twice N: two hex digits a byte") };
    if let Some(digits) = text.first_chunk::<24>()
        && M == 24
        && let Some(decoded) = crate::vector::hex24_decode(digits, case)
    {
        let mut bytes = [0; N];
        if let Some(front) = bytes.first_chunk_mut::<12>() {
            *front = decoded;
            return Ok(bytes);
        }
    }
    if M == 24 && crate::vector::ALWAYS {
        // Refused by the vector code: out of the way of the valid digits' path.
        return decode_array_refused(text, case);
    }
    decode_array(text, case)
}

/// [`decode_array`] of digits the vector code refused.
#[cold]
#[inline(never)]
fn decode_array_refused<const N: usize, const M: usize>(
    text: &[u8; M],
    case: Case,
) -> Result<[u8; N], DecodeError> {
    decode_array(text, case)
}

/// The value of 32 digits under the `case` rule, most significant first: a UUID's.
///
/// # Errors
///
/// [`DecodeError::InvalidDigit`], for the first byte that is not a digit under `case`.
///
/// # Examples
///
/// ```
/// use id_text::hex::{self, Case};
///
/// let digits = b"017F22E279B07CC398C4DC0C0C07398F";
/// assert_eq!(hex::decode_u128(digits, Case::Any), Ok(0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F));
/// assert!(hex::decode_u128(digits, Case::Lower).is_err());
/// ```
#[inline]
pub const fn decode_u128(digits: &[u8; 32], case: Case) -> Result<u128, DecodeError> {
    // Two words, one after the other: measured faster than a loop over them, and than
    // decoding both before checking either.
    let (Some(high), Some(low)) = (digits.first_chunk::<16>(), digits.last_chunk::<16>()) else {
        // Not reached: 32 digits are two halves of 16.
        return Ok(0);
    };
    let (high, low) = (u128::from_be_bytes(*high), u128::from_be_bytes(*low));
    let (high_value, invalid) = decode_word(high, case);
    if invalid != 0 {
        return Err(invalid_digit(high, 0, case));
    }
    let (low_value, invalid) = decode_word(low, case);
    if invalid != 0 {
        return Err(invalid_digit(low, 16, case));
    }
    Ok(((high_value as u128) << 64) | low_value as u128)
}

/// Writes the digits of `bytes` into `digits`, which the callers make exactly twice as long;
/// anything beyond the shorter of the two is left alone.
#[inline(always)]
fn write_digits(bytes: &[u8], digits: &mut [u8]) {
    // A table lookup a byte measured faster than spreading the nibbles of a word: the
    // lookups are independent, the shifts of a word one long chain.
    for (pair, &byte) in digits.as_chunks_mut::<2>().0.iter_mut().zip(bytes) {
        *pair = encode_byte(byte);
    }
}

/// Reads `text` into `bytes`, which the callers make exactly half as long. Loops over
/// indices rather than iterators, so that it is a `const fn` (a format's literal macro reads
/// its text with the same code as its parser).
#[inline(always)]
const fn read_digits(text: &[u8], case: Case, bytes: &mut [u8]) -> Result<(), DecodeError> {
    let (words, tail) = text.as_chunks::<16>();
    let (byte_words, byte_tail) = bytes.as_chunks_mut::<8>();
    let mut at = 0;
    while at < words.len() && at < byte_words.len() {
        let word = u128::from_be_bytes(words[at]);
        let (value, invalid) = decode_word(word, case);
        if invalid != 0 {
            return Err(invalid_digit(word, 16 * at, case));
        }
        byte_words[at] = value.to_be_bytes();
        at += 1;
    }
    if !tail.is_empty() {
        // Fewer than 16 digits left: pad them with `0` on the right, keep their bytes.
        let mut digits = [b'0'; 16];
        let mut at = 0;
        while at < tail.len() {
            digits[at] = tail[at];
            at += 1;
        }
        let word = u128::from_be_bytes(digits);
        let (value, invalid) = decode_word(word, case);
        if invalid != 0 {
            let start = text.len() - tail.len();
            return Err(invalid_digit(word, start, case));
        }
        let value = value.to_be_bytes();
        let mut at = 0;
        while at < byte_tail.len() && at < value.len() {
            byte_tail[at] = value[at];
            at += 1;
        }
    }
    Ok(())
}

/// The error for the first byte of `word` that is not a digit: 16 bytes, the first at `start`
/// in the text, that [`decode_word`] refused. Everything comes in registers: the caller's
/// digits need not be kept in memory for it.
#[cold]
#[inline(never)]
const fn invalid_digit(word: u128, start: usize, case: Case) -> DecodeError {
    let invalid = (exact_invalid((word >> 64) as u64, case) as u128) << 64
        | exact_invalid(word as u64, case) as u128;
    // The first byte is the most significant: count whole bytes of leading zeros (fewer
    // than 16 of them, as some byte is invalid).
    let at = (invalid.leading_zeros() / 8) as usize;
    DecodeError::InvalidDigit {
        index: start + at,
        byte: (word.wrapping_shl(8 * at as u32) >> 120) as u8,
        case,
    }
}

/// The high bit of each byte of `word` that is not a digit under `case`, exactly: the bytes
/// are classified without their high bits (so that nothing carries), and those that have one
/// are refused.
#[inline(always)]
const fn exact_invalid(word: u64, case: Case) -> u64 {
    let (decimal, letter) = classify(word & !HIGH_BITS, case);
    (word | !(decimal | letter)) & HIGH_BITS
}

/// Set in a [`decode_group`] value when a byte is not a digit: above the 16 bits of the value.
pub(crate) const NOT_A_DIGIT: u32 = 1 << 16;

/// The value of each byte under [`Case::Any`] shifted left by `shift`, or [`NOT_A_DIGIT`].
const fn placed(shift: u32) -> [u32; 256] {
    let mut table = [NOT_A_DIGIT; 256];
    let mut byte = 0;
    while byte < 256 {
        if let Some(value) = digit_value(byte as u8, Case::Any) {
            table[byte] = (value as u32) << shift;
        }
        byte += 1;
    }
    table
}

/// [`decode_group`]'s tables: `PLACED[k]` for digit `k` of a group of four, its value where
/// it lies among them, the first most significant. 4 KiB, where one table and shifts cost a
/// shift a digit, and one table for all four keeps one register for its address (measured:
/// four tables were slower).
static PLACED: [[u32; 256]; 4] = [placed(12), placed(8), placed(4), placed(0)];

/// The value of four digits under [`Case::Any`], the first most significant, in the low 16
/// bits, with [`NOT_A_DIGIT`] set when any byte is not one. A table lookup a digit: for text
/// whose digits lie in groups of four (a UUID's), where [`decode_digits`] must first gather
/// them into words; measured faster for a UUID (the criterion row `uuid7/parse`, scalar).
#[inline(always)]
pub(crate) const fn decode_group(digits: [u8; 4]) -> u32 {
    PLACED[0][digits[0] as usize]
        | PLACED[1][digits[1] as usize]
        | PLACED[2][digits[2] as usize]
        | PLACED[3][digits[3] as usize]
}

/// `0x01` in every byte of a word.
const ONES: u64 = u64::MAX / 0xFF;
/// The high bit of every byte.
const HIGH_BITS: u64 = ONES * 0x80;

/// The value of the 16 digits in the bytes of `bytes`, most significant first, under `case`,
/// and a word that is 0 exactly when they all are digits: the value means nothing otherwise.
/// Two independent halves of 8 ([`decode_digits`]): 64-bit words carry nothing from one to
/// the other, where 128-bit sums chain their halves.
#[inline(always)]
pub(crate) const fn decode_word(bytes: u128, case: Case) -> (u64, u128) {
    let (high, high_invalid) = decode_digits((bytes >> 64) as u64, case);
    let (low, low_invalid) = decode_digits(bytes as u64, case);
    (
        (high as u64) << 32 | low as u64,
        (high_invalid as u128) << 64 | low_invalid as u128,
    )
}

/// The value of the 8 digits in the bytes of `bytes`, most significant first, under `case`,
/// and a word that is 0 exactly when they all are digits: the value means nothing otherwise.
#[inline(always)]
pub(crate) const fn decode_digits(bytes: u64, case: Case) -> (u32, u64) {
    // A byte at or above 0x80 is refused by its high bit. The range checks of the bytes before
    // it may then be spoilt by its carries (only valid text needs them right), so the index
    // of the first bad byte is worked out again by `invalid_digit`.
    let (decimal, letter) = classify(bytes, case);
    let invalid = (bytes | !(decimal | letter)) & HIGH_BITS;
    // The low four bits of `0`-`9` are their values; those of `a`-`f` and `A`-`F` are 1 to 6.
    let mut value = (bytes & (ONES * 0x0F)) + (letter >> 7) * 9;
    // Close the gaps: two 4-bit digits into a byte, two bytes into 16 bits, and so on.
    value = (value | (value >> 4)) & (u64::MAX / 0xFFFF * 0x00FF);
    value = (value | (value >> 8)) & (u64::MAX / 0xFFFF_FFFF * 0xFFFF);
    value = (value | (value >> 16)) & 0xFFFF_FFFF;
    (value as u32, invalid)
}

/// The high bits of the bytes of `bytes` that are `0`-`9`, and of those that are letters
/// `a`-`f` (or `A`-`F` too, under [`Case::Any`]); exact for bytes below 0x80.
#[inline(always)]
const fn classify(bytes: u64, case: Case) -> (u64, u64) {
    let decimal = in_range(bytes, b'0', b'9');
    // `| 0x20` lower-cases the letters; no other byte lands in `a..=f`.
    let letter = in_range(bytes | (ONES * case.fold() as u64), b'a', b'f');
    (decimal, letter)
}

/// The high bit of each byte of `bytes` (each below 0x80) that lies in `low..=high`.
///
/// A byte below 0x80 plus `0x80 - low` reaches 0x80 exactly when it is at least `low`, and
/// plus `0x7F - high` exactly when it is above `high`; neither sum carries into the next byte.
#[inline(always)]
const fn in_range(bytes: u64, low: u8, high: u8) -> u64 {
    // Wrapping: a byte at or above 0x80 may carry out of the word; its result is not used.
    let at_least_low = bytes.wrapping_add(ONES * (0x80 - low as u64));
    let above_high = bytes.wrapping_add(ONES * (0x7F - high as u64));
    at_least_low & !above_high & HIGH_BITS
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digit value of `byte` under `case`, the slow way.
    fn reference(byte: u8, case: Case) -> Option<u8> {
        let value = DIGITS.iter().position(|&digit| digit == byte);
        let value = match case {
            Case::Lower => value,
            Case::Any => value.or_else(|| {
                DIGITS
                    .iter()
                    .position(|&digit| digit.to_ascii_uppercase() == byte)
            }),
        };
        value.map(|value| value as u8)
    }

    #[test]
    fn every_byte_has_the_value_of_the_reference() {
        for case in [Case::Lower, Case::Any] {
            for byte in 0..=255u8 {
                assert_eq!(
                    digit_value(byte, case),
                    reference(byte, case),
                    "{byte:#04x}"
                );
            }
        }
    }

    #[test]
    fn the_pair_of_every_byte_is_its_two_digits() {
        for byte in 0..=255u8 {
            let expected = [
                DIGITS[usize::from(byte >> 4)],
                DIGITS[usize::from(byte & 15)],
            ];
            assert_eq!(encode_byte(byte), expected, "{byte:#04x}");
        }
    }

    /// [`decode_word`] as a `Result`, with the index and the byte of the first invalid digit
    /// as the first byte of its `invalid` word says.
    fn decode_16(digits: [u8; 16], case: Case) -> Result<u64, (usize, u8)> {
        let word = u128::from_be_bytes(digits);
        match decode_word(word, case) {
            (value, 0) => Ok(value),
            _ => match invalid_digit(word, 0, case) {
                DecodeError::InvalidDigit { index, byte, .. } => {
                    assert_eq!(byte, digits[index]);
                    Err((index, byte))
                }
                other => panic!("{other}"),
            },
        }
    }

    #[test]
    fn every_byte_at_every_position_is_decoded_or_refused_with_its_index() {
        for case in [Case::Lower, Case::Any] {
            for position in 0..16 {
                for byte in 0..=255u8 {
                    let mut digits = *DIGITS;
                    digits[position] = byte;
                    let expected = match reference(byte, case) {
                        Some(value) => {
                            let shift = 60 - 4 * position;
                            let base = 0x0123_4567_89AB_CDEFu64 & !(0xF << shift);
                            Ok(base | (u64::from(value) << shift))
                        }
                        None => Err((position, byte)),
                    };
                    assert_eq!(
                        decode_16(digits, case),
                        expected,
                        "{byte:#04x} at {position}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_first_of_several_bad_bytes_is_reported() {
        assert_eq!(decode_16(*b"0123x56789abcdeG", Case::Any), Err((4, b'x')));
        assert_eq!(decode_16(*b"0123456789abcdeG", Case::Any), Err((15, b'G')));
        assert_eq!(
            decode_16(*b"\xB0123456789abcdef", Case::Any),
            Err((0, 0xB0))
        );
        assert_eq!(decode_16(*b"A123456789abcdef", Case::Lower), Err((0, b'A')));
    }

    #[test]
    fn the_extremes_decode() {
        assert_eq!(decode_16(*b"0000000000000000", Case::Lower), Ok(0));
        assert_eq!(decode_16(*b"ffffffffffffffff", Case::Lower), Ok(u64::MAX));
        assert_eq!(decode_16(*b"FFFFFFFFFFFFFFFF", Case::Any), Ok(u64::MAX));
    }
}
