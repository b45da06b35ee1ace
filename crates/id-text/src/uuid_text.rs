//! The text of a UUID: 32 hex digits in groups of 8, 4, 4, 4 and 12, joined by hyphens
//! (`xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`), the layout every UUID and every PostgreSQL `uuid`
//! uses. Lower case out; in, the [`Case`] rule the caller asks for.
//!
//! Only that layout: no braces, no `urn:uuid:`, no 32 digits without hyphens. An error names
//! the first byte out of place and its index ([`DecodeError::MissingHyphen`] where a hyphen
//! belongs, [`DecodeError::InvalidDigit`] where a digit does).
//!
//! # Examples
//!
//! ```
//! use id_text::hex::{Case, DecodeError};
//! use id_text::uuid_text;
//!
//! let mut out = [0u8; uuid_text::LEN];
//! uuid_text::encode(0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F, &mut out);
//! assert_eq!(&out, b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
//! assert_eq!(uuid_text::decode(&out, Case::Lower), Ok(0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F));
//!
//! out[13] = b'_';
//! assert_eq!(
//!     uuid_text::decode(&out, Case::Any),
//!     Err(DecodeError::MissingHyphen { index: 13, byte: b'_' })
//! );
//! ```

use crate::AsciiText;
use crate::hex::{
    Case, DecodeError, NOT_A_DIGIT, decode_digits, decode_group, digit_value, encode_byte,
    encode_byte_ascii,
};
use crate::uuid_version::has_version;

/// The length of a UUID's text: 32 digits and 4 hyphens.
///
/// ```
/// assert_eq!(id_text::uuid_text::LEN, "017f22e2-79b0-7cc3-98c4-dc0c0c07398f".len());
/// ```
pub const LEN: usize = 36;

/// The byte indices of the four hyphens in a UUID's text.
///
/// ```
/// use id_text::uuid_text::HYPHENS;
///
/// let text = b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
/// assert!(HYPHENS.iter().all(|&index| text[index] == b'-'));
/// ```
pub const HYPHENS: [usize; 4] = [8, 13, 18, 23];

/// Writes `value`, most significant byte first, as the text of a UUID into `out`: lower-case
/// digits in groups of 8, 4, 4, 4 and 12, joined by hyphens. Bytes, for a caller that writes
/// bytes; [`encode_text`] gives the same text as a `&str`.
///
/// ```
/// let mut out = [0u8; id_text::uuid_text::LEN];
/// id_text::uuid_text::encode(0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F, &mut out);
/// assert_eq!(&out, b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
/// ```
#[inline]
pub fn encode(value: u128, out: &mut [u8; LEN]) {
    encode_str(value.to_be_bytes(), out);
}

/// The text of a UUID, as [`encode`] writes it, in an [`AsciiText`]: a `&str` with no check.
///
/// ```
/// let text = id_text::uuid_text::encode_text(0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F);
/// assert_eq!(text.as_str(), "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
/// ```
#[inline]
#[must_use]
pub fn encode_text(value: u128) -> AsciiText<LEN> {
    // Vector code where the processor has it (x86-64).
    if let Some(text) = crate::vector::uuid_encode(value) {
        return AsciiText::from_low_seven_bits(text);
    }
    encode_text_scalar(value)
}

/// Writes the text of the UUID of `bytes` (the most significant first) into `out`, as
/// [`encode_text`] gives it, and returns it as a `&str`: for a type that keeps its 16 bytes
/// (as `uuid::Uuid` does) and a caller's buffer. Where the processor has AVX2, vector code
/// writes straight into `out`.
///
/// ```
/// let bytes = 0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F_u128.to_be_bytes();
/// let mut out = [0u8; id_text::uuid_text::LEN];
/// let text = id_text::uuid_text::encode_str(bytes, &mut out);
/// assert_eq!(text, "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
/// assert_eq!(text, id_text::uuid_text::encode_text_scalar(u128::from_be_bytes(bytes)).as_str());
/// ```
#[inline]
pub fn encode_str(bytes: [u8; 16], out: &mut [u8; LEN]) -> &str {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
    {
        crate::vector::uuid_encode_str(bytes, out)
    }
    // No processor of the target has more than `encode_text`'s code.
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2", not(miri))))]
    {
        encode_text(u128::from_be_bytes(bytes)).copy_to(out)
    }
}

/// [`encode_text`] in scalar code, whatever the processor: the reference its vector code is
/// held equal to (by the tests and the fuzz target `id_text_vector`), and what every other
/// target runs.
///
/// ```
/// use id_text::uuid_text::{encode_text, encode_text_scalar};
///
/// let value = 0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F;
/// assert_eq!(encode_text_scalar(value).as_str(), "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
/// assert_eq!(encode_text_scalar(value), encode_text(value));
/// ```
#[inline]
#[must_use]
pub fn encode_text_scalar(value: u128) -> AsciiText<LEN> {
    // Each byte's two digits shifted into their place in a 64-bit word, with the hyphens,
    // and a word stored at a time: four wide stores and two pairs, where a pair at a time
    // made 16 narrow stores that a reader of the whole text (a copy into a `String`, a
    // benchmark's copy) waits for: slower than this, and than pairs followed by an ASCII
    // check (`cargo bench --bench uuid7 -- uuid7/format` holds the figure).
    let bytes = value.to_be_bytes();
    let pair = |index: usize| u64::from(u16::from_le_bytes(encode_byte(bytes[index])));
    let hyphen = u64::from(b'-');
    let mut text = AsciiText::new();
    // Bytes 0-7: `xxxxxxxx`; 8-15: `-xxxx-xx`; 16-23: `xx-xxxx-`; 24-31 and 32-35: digits.
    text.set_word(0, pair(0) | pair(1) << 16 | pair(2) << 32 | pair(3) << 48);
    text.set_word(
        8,
        hyphen | pair(4) << 8 | pair(5) << 24 | hyphen << 40 | pair(6) << 48,
    );
    text.set_word(
        16,
        pair(7) | hyphen << 16 | pair(8) << 24 | pair(9) << 40 | hyphen << 56,
    );
    text.set_word(
        24,
        pair(10) | pair(11) << 16 | pair(12) << 32 | pair(13) << 48,
    );
    text.set_pair(32, encode_byte_ascii(bytes[14]));
    text.set_pair(34, encode_byte_ascii(bytes[15]));
    text
}

/// Reads the text of a UUID (32 digits under `case`, in groups of 8, 4, 4, 4 and 12 joined by
/// hyphens) as a number, the first digit most significant.
///
/// # Errors
///
/// For the first byte out of place, as [`misplaced`] reports it:
/// [`DecodeError::MissingHyphen`] where a hyphen belongs, [`DecodeError::InvalidDigit`] where
/// a digit does.
///
/// # Examples
///
/// ```
/// use id_text::hex::{Case, DecodeError};
/// use id_text::uuid_text;
///
/// let value = uuid_text::decode(b"017F22E2-79b0-7cc3-98c4-dc0c0c07398f", Case::Any)?;
/// assert_eq!(value, 0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F);
/// assert_eq!(
///     uuid_text::decode(b"017f22e2_79b0-7cc3-98c4-dc0c0c07398f", Case::Any),
///     Err(DecodeError::MissingHyphen { index: 8, byte: b'_' })
/// );
/// assert_eq!(
///     uuid_text::decode(b"017F22E2-79b0-7cc3-98c4-dc0c0c07398f", Case::Lower),
///     Err(DecodeError::InvalidDigit { index: 3, byte: b'F', case: Case::Lower })
/// );
/// # Ok::<(), DecodeError>(())
/// ```
// Always inlined: as a call, saving and restoring the registers the lookups use cost 1 to
// 2 ns of a 9 ns parse (the criterion row `uuid7/parse`, scalar).
#[inline(always)]
pub const fn decode(text: &[u8; LEN], case: Case) -> Result<u128, DecodeError> {
    let read = match case {
        Case::Any => read_groups(text),
        Case::Lower => read_words(text, case),
    };
    match read {
        Some(value) => Ok(value),
        None => Err(refused(text, case)),
    }
}

/// Where each group of four digits starts in the text: two in the first group, one in each
/// of the next three, three in the last.
const GROUPS: [usize; 8] = [
    0,
    4,
    HYPHENS[0] + 1,
    HYPHENS[1] + 1,
    HYPHENS[2] + 1,
    HYPHENS[3] + 1,
    HYPHENS[3] + 5,
    HYPHENS[3] + 9,
];

/// [`decode`] under [`Case::Any`], what a UUID reads: each group of four digits by one table
/// lookup a digit ([`decode_group`]), the groups where they lie. `None` for text with a byte
/// out of place. Faster than gathering the digits into words for [`decode_digits`] (the
/// criterion row `uuid7/parse`, scalar), whose range checks cost more ALU operations than
/// the lookups cost loads.
#[inline(always)]
const fn read_groups(text: &[u8; LEN]) -> Option<u128> {
    let mut groups = [0u32; 8];
    let mut seen = 0;
    let mut index = 0;
    while index < GROUPS.len() {
        let at = GROUPS[index];
        groups[index] = decode_group([text[at], text[at + 1], text[at + 2], text[at + 3]]);
        seen |= groups[index];
        index += 1;
    }
    if seen & NOT_A_DIGIT != 0 || !has_hyphens(text) {
        return None;
    }
    let [g0, g1, g2, g3, g4, g5, g6, g7] = groups;
    let high = (g0 as u64) << 48 | (g1 as u64) << 32 | (g2 as u64) << 16 | g3 as u64;
    let low = (g4 as u64) << 48 | (g5 as u64) << 32 | (g6 as u64) << 16 | g7 as u64;
    Some((high as u128) << 64 | low as u128)
}

/// [`decode`] under any `case` (the one [`Case::Lower`] takes): the 32 digits as four words
/// of 8, each gathered from the text by whole loads (8 and 4 bytes) where its digits lie,
/// then read word-at-a-time by [`decode_digits`], which has the case rule without a table;
/// 64-bit words keep the four readings apart. `None` for text with a byte out of place.
#[inline(always)]
const fn read_words(text: &[u8; LEN], case: Case) -> Option<u128> {
    let (first, first_invalid) = decode_digits(be64(text, GROUPS[0]), case);
    let (second, second_invalid) =
        decode_digits(join(be32(text, GROUPS[2]), be32(text, GROUPS[3])), case);
    let (third, third_invalid) =
        decode_digits(join(be32(text, GROUPS[4]), be32(text, GROUPS[5])), case);
    let (fourth, fourth_invalid) = decode_digits(be64(text, GROUPS[6]), case);
    if first_invalid | second_invalid | third_invalid | fourth_invalid != 0 || !has_hyphens(text) {
        return None;
    }
    Some((first as u128) << 96 | (second as u128) << 64 | (third as u128) << 32 | fourth as u128)
}

/// Whether the four hyphens are where they belong.
#[inline(always)]
const fn has_hyphens(text: &[u8; LEN]) -> bool {
    let hyphens = [
        text[HYPHENS[0]],
        text[HYPHENS[1]],
        text[HYPHENS[2]],
        text[HYPHENS[3]],
    ];
    u32::from_ne_bytes(hyphens) == u32::from_ne_bytes([b'-'; 4])
}

/// Two groups of 4 digits as one word of 8, `high` first.
#[inline(always)]
const fn join(high: u32, low: u32) -> u64 {
    (high as u64) << 32 | low as u64
}

/// The 4 bytes of `text` from `at`, the first most significant.
#[inline(always)]
const fn be32(text: &[u8; LEN], at: usize) -> u32 {
    u32::from_be_bytes([text[at], text[at + 1], text[at + 2], text[at + 3]])
}

/// The 8 bytes of `text` from `at`, the first most significant.
#[inline(always)]
const fn be64(text: &[u8; LEN], at: usize) -> u64 {
    u64::from_be_bytes([
        text[at],
        text[at + 1],
        text[at + 2],
        text[at + 3],
        text[at + 4],
        text[at + 5],
        text[at + 6],
        text[at + 7],
    ])
}

/// [`decode`], at run time: vector code where the processor has it (x86-64, AArch64), the
/// scalar [`decode`] elsewhere. Text with a byte out of place is handed to [`decode`], so the
/// error is the same, byte and index; only valid text takes the vector path.
///
/// Not a `const fn` (the vector code cannot run at compile time): [`decode`] is.
///
/// # Errors
///
/// Those of [`decode`].
///
/// # Examples
///
/// ```
/// use id_text::hex::{Case, DecodeError};
/// use id_text::uuid_text;
///
/// let text = b"017F22E2-79b0-7cc3-98c4-dc0c0c07398f";
/// assert_eq!(uuid_text::parse(text, Case::Any), Ok(0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F));
/// assert_eq!(uuid_text::parse(text, Case::Any), uuid_text::decode(text, Case::Any));
/// assert_eq!(
///     uuid_text::parse(text, Case::Lower),
///     Err(DecodeError::InvalidDigit { index: 3, byte: b'F', case: Case::Lower })
/// );
/// ```
#[inline]
pub fn parse(text: &[u8; LEN], case: Case) -> Result<u128, DecodeError> {
    match crate::vector::uuid_decode(text, case) {
        Some(bytes) => Ok(u128::from_be_bytes(bytes)),
        None if crate::vector::ALWAYS => decode_refused(text, case),
        None => decode(text, case),
    }
}

/// [`parse`], giving the 16 bytes, the most significant first: for a type that keeps the
/// bytes (as `uuid::Uuid` does), which vector code writes at once, never through a number.
///
/// # Errors
///
/// Those of [`decode`].
///
/// # Examples
///
/// ```
/// use id_text::hex::{Case, DecodeError};
/// use id_text::uuid_text;
///
/// let text = b"017F22E2-79b0-7cc3-98c4-dc0c0c07398f";
/// let value = 0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F_u128;
/// assert_eq!(uuid_text::parse_bytes(text, Case::Any), Ok(value.to_be_bytes()));
/// assert_eq!(
///     uuid_text::parse_bytes(b"017f22e2+79b0-7cc3-98c4-dc0c0c07398f", Case::Any),
///     Err(DecodeError::MissingHyphen { index: 8, byte: b'+' })
/// );
/// ```
#[inline]
pub fn parse_bytes(text: &[u8; LEN], case: Case) -> Result<[u8; 16], DecodeError> {
    let decoded = match crate::vector::uuid_decode(text, case) {
        Some(bytes) => return Ok(bytes),
        None if crate::vector::ALWAYS => decode_refused(text, case),
        None => decode(text, case),
    };
    match decoded {
        Ok(value) => Ok(value.to_be_bytes()),
        Err(error) => Err(error),
    }
}

/// The 16 bytes of the text of a UUID of version `VERSION` (one decimal digit, 0 to 9) and
/// the variant of RFC 9562 (`0b10`): text that [`parse_bytes`] reads under [`Case::Any`], whose
/// digit at index 14 is `VERSION` and whose digit at index 19 is `8`, `9`, `a` or `b` (either
/// case). `None` for any other text, whose error the caller names: [`decode`]'s, else the
/// version and variant of the value it reads.
///
/// For a format of one version (a UUIDv7): where the vector code reads the text, it checks
/// the two digits with the hyphens, so that the caller need not read them first.
///
/// ```
/// use id_text::uuid_text;
///
/// let text = b"017F22E2-79B0-7CC3-98C4-DC0C0C07398F";
/// let bytes = 0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F_u128.to_be_bytes();
/// assert_eq!(uuid_text::parse_version_bytes::<7>(text), Some(bytes));
/// assert_eq!(uuid_text::parse_version_bytes::<4>(text), None);
/// assert_eq!(uuid_text::parse_version_bytes::<7>(b"017f22e2-79b0-7cc3-c8c4-dc0c0c07398f"), None);
/// assert_eq!(
///     uuid_text::parse_version_bytes::<7>(text),
///     uuid_text::decode_version_bytes::<7>(text)
/// );
/// ```
#[inline]
#[must_use]
pub fn parse_version_bytes<const VERSION: u8>(text: &[u8; LEN]) -> Option<[u8; 16]> {
    const { assert!(VERSION <= 9, "a version of one decimal digit") };
    match crate::vector::uuid_decode_version::<VERSION>(text) {
        Some(bytes) => Some(bytes),
        None if crate::vector::ALWAYS => None,
        None => decode_version_bytes::<VERSION>(text),
    }
}

/// [`parse_version_bytes`] in scalar code, whatever the processor: the reference its vector
/// code is held equal to (by the tests and the fuzz target `id_text_vector`), and what every
/// other target runs. A `const fn`.
///
/// ```
/// use id_text::uuid_text::decode_version_bytes;
///
/// const BYTES: Option<[u8; 16]> = decode_version_bytes::<7>(b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
/// assert_eq!(BYTES, Some(0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F_u128.to_be_bytes()));
/// assert_eq!(decode_version_bytes::<7>(b"017f22e2-79b0-7cc3-98c4-dc0c0c07398g"), None);
/// ```
#[must_use]
pub const fn decode_version_bytes<const VERSION: u8>(text: &[u8; LEN]) -> Option<[u8; 16]> {
    const { assert!(VERSION <= 9, "a version of one decimal digit") };
    if has_version::<VERSION>(text)
        && let Ok(value) = decode(text, Case::Any)
    {
        return Some(value.to_be_bytes());
    }
    None
}

/// [`decode`] of text the vector code refused: out of the way of the valid text's path.
#[cold]
#[inline(never)]
fn decode_refused(text: &[u8; LEN], case: Case) -> Result<u128, DecodeError> {
    decode(text, case)
}

/// Reads a string that should be the text of a UUID, such as a PostgreSQL `uuid` in the text
/// protocol: [`decode`] after checking its length.
///
/// # Errors
///
/// [`DecodeError::InvalidLength`] unless `text` has [`LEN`] bytes; then as [`decode`].
///
/// # Examples
///
/// ```
/// use id_text::hex::{Case, DecodeError};
/// use id_text::uuid_text;
///
/// let value = uuid_text::decode_str("017f22e2-79b0-7cc3-98c4-dc0c0c07398f", Case::Any)?;
/// assert_eq!(value, 0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F);
/// assert_eq!(
///     uuid_text::decode_str("017f22e2", Case::Any),
///     Err(DecodeError::InvalidLength { found: 8, expected: 36 })
/// );
/// # Ok::<(), DecodeError>(())
/// ```
#[inline]
pub const fn decode_str(text: &str, case: Case) -> Result<u128, DecodeError> {
    match text.as_bytes().first_chunk::<LEN>() {
        Some(digits) if text.len() == LEN => decode(digits, case),
        _ => Err(DecodeError::InvalidLength {
            found: text.len(),
            expected: LEN,
        }),
    }
}

/// The first byte of `text` that is out of place in the text of a UUID, read under `case`: a
/// byte other than `-` where a hyphen belongs ([`DecodeError::MissingHyphen`]), or one that
/// is not a digit where a digit does ([`DecodeError::InvalidDigit`]). `None` if the first
/// [`LEN`] bytes (or all of a shorter `text`) are in place; bytes past [`LEN`] are not read.
///
/// For a parser that reports its own errors: every byte before the one reported is ASCII, so
/// in a `&str` that byte starts a character ([`char_at`](crate::char_at)).
///
/// ```
/// use id_text::hex::{Case, DecodeError};
/// use id_text::uuid_text::misplaced;
///
/// assert_eq!(misplaced(b"017f22e2-79b0", Case::Lower), None);
/// assert_eq!(
///     misplaced("017f22e2-79bé".as_bytes(), Case::Any),
///     Some(DecodeError::InvalidDigit { index: 12, byte: 0xC3, case: Case::Any })
/// );
/// assert_eq!(
///     misplaced(b"017f22e2-79b0x", Case::Any),
///     Some(DecodeError::MissingHyphen { index: 13, byte: b'x' })
/// );
/// ```
#[must_use]
pub const fn misplaced(text: &[u8], case: Case) -> Option<DecodeError> {
    let mut index = 0;
    while index < text.len() && index < LEN {
        let byte = text[index];
        if index == HYPHENS[0] || index == HYPHENS[1] || index == HYPHENS[2] || index == HYPHENS[3]
        {
            if byte != b'-' {
                return Some(DecodeError::MissingHyphen { index, byte });
            }
        } else if digit_value(byte, case).is_none() {
            return Some(DecodeError::InvalidDigit { index, byte, case });
        }
        index += 1;
    }
    None
}

/// The error of a UUID's text that [`decode`] refused: its first byte out of place.
#[cold]
#[inline(never)]
const fn refused(text: &[u8; LEN], case: Case) -> DecodeError {
    match misplaced(text, case) {
        Some(error) => error,
        // Not reached: a refused text has a byte out of place.
        None => DecodeError::MissingHyphen {
            index: HYPHENS[0],
            byte: text[HYPHENS[0]],
        },
    }
}
