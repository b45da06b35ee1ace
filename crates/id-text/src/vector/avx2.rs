//! AVX2: 32 bytes a register, so a UUID's 32 digits are decoded in one. As in `sse2`, the
//! one load and the one store are `unsafe` blocks with their arguments; each function enables
//! AVX2, and `super` calls them only where the processor has it (the build's target features,
//! or the one run-time detection).

use core::arch::x86_64::{
    __m128i, __m256i, _mm_cvtsi128_si64, _mm_extract_epi32, _mm_extract_epi64, _mm_loadu_si128,
    _mm_setzero_si128, _mm_storeu_si128, _mm256_add_epi8, _mm256_add_epi64, _mm256_and_si256,
    _mm256_blend_epi32, _mm256_blendv_epi8, _mm256_castsi256_si128, _mm256_cmpeq_epi8,
    _mm256_cmpgt_epi8, _mm256_cvtepu8_epi16, _mm256_extracti128_si256, _mm256_loadu_si256,
    _mm256_madd_epi16, _mm256_maddubs_epi16, _mm256_movemask_epi8, _mm256_mul_epu32,
    _mm256_mullo_epi16, _mm256_or_si256, _mm256_packus_epi16, _mm256_permute4x64_epi64,
    _mm256_set_m128i, _mm256_set1_epi8, _mm256_set1_epi16, _mm256_set1_epi32, _mm256_set1_epi64x,
    _mm256_setr_epi8, _mm256_shuffle_epi8, _mm256_slli_epi16, _mm256_srli_epi16, _mm256_srli_epi64,
    _mm256_storeu_si256,
};

use crate::digits::Case;

/// `byte` in every lane.
#[inline]
#[target_feature(enable = "avx2")]
fn splat(byte: u8) -> __m256i {
    _mm256_set1_epi8(byte as i8)
}

/// The same 16 lanes in both halves: a table for `_mm256_shuffle_epi8`, which looks up within
/// each half (a constant once inlined).
#[inline]
#[target_feature(enable = "avx2")]
fn table(lanes: [i8; 16]) -> __m256i {
    let [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p] = lanes;
    #[rustfmt::skip]
    let table = _mm256_setr_epi8(
        a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p,
        a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p,
    );
    table
}

/// The 32 bytes, the first in lane 0.
#[inline]
#[target_feature(enable = "avx2")]
fn load(bytes: &[u8; 32]) -> __m256i {
    // SAFETY: `_mm256_loadu_si256` reads 32 bytes at any alignment from the pointer, and
    // `bytes` is 32 bytes that may be read.
    #[allow(unsafe_code)]
    unsafe {
        _mm256_loadu_si256(bytes.as_ptr().cast())
    }
}

/// No version checked: [`uuid_decode`] reads any UUID's text.
pub(crate) const ANY_VERSION: u8 = u8::MAX;

/// Writes the 16 bytes of the text of a UUID into `out`, the most significant first, if every
/// byte is in its place (under `case`), and says whether it did; with a `VERSION` of one digit
/// (not [`ANY_VERSION`]), only for a UUID of that version and the RFC 9562 variant: the
/// version's digit (index 14) is compared with the hyphens, at no cost, and the variant's
/// (index 19) looked up. An out-parameter, not an `Option`: the bytes stay where one store
/// put them (an `Option`'s would sit one byte in, and be read back in pieces that the store
/// cannot serve).
///
/// Each digit is read by two table lookups, one by each half of its byte (see
/// [`digit_tables`]). Measured over 1,024 different texts: this reading took a sixth less
/// time a text than range checks of each kind of digit (a subtraction, a minimum and a
/// comparison each, the value from a third minimum: eleven vector operations where this
/// takes seven), and checking the version and the variant here, rather than in the caller's
/// scalar code, took another 0.15 ns off its 2.2 ns.
#[inline]
#[target_feature(enable = "avx2")]
pub(crate) fn uuid_decode<const VERSION: u8>(
    text: &[u8; 36],
    case: Case,
    out: &mut [u8; 16],
) -> bool {
    let Some(bytes) = read_uuid::<VERSION>(text, case) else {
        return false;
    };
    // SAFETY: `_mm_storeu_si128` writes 16 bytes at any alignment to the pointer, and `out`
    // is 16 bytes that may be written.
    #[allow(unsafe_code)]
    unsafe {
        _mm_storeu_si128(out.as_mut_ptr().cast(), bytes);
    }
    true
}

/// [`uuid_decode`] of a UUID of one version (`VERSION`, a digit) under [`Case::Any`], its 16
/// bytes given in a register (the C calling convention returns a 128-bit vector in one),
/// all zero for refused text: accepted text has the RFC 9562 variant, so its byte 8 has its
/// high bit set. No store for the caller to read back, and no flag beside the bytes.
#[inline]
#[target_feature(enable = "avx2")]
#[allow(
    improper_ctypes_definitions,
    reason = "called from Rust only, for the C convention's registers"
)]
pub(crate) extern "C" fn uuid_decode_version<const VERSION: u8>(text: &[u8; 36]) -> __m128i {
    match read_uuid::<VERSION>(text, Case::Any) {
        Some(bytes) => bytes,
        None => _mm_setzero_si128(),
    }
}

/// The 16 bytes of the text of a UUID, the most significant in lane 0, if every byte is in
/// its place (and, for a `VERSION` of one digit, the version and the variant are); see
/// [`uuid_decode`].
#[inline]
#[target_feature(enable = "avx2")]
fn read_uuid<const VERSION: u8>(text: &[u8; 36], case: Case) -> Option<__m128i> {
    let (Some(front), Some(back)) = (
        text.first_chunk::<32>(),
        text.get(4..).and_then(<[u8]>::first_chunk::<32>),
    ) else {
        return None;
    };
    // Text 0-15 and 16-31 in the two halves of `front`; 4-19 and 20-35 in those of `back`.
    let (front, back) = (load(front), load(back));
    // The hyphens (text 8, 13, 18, 23) and the version's digit (14), compared at once.
    const H: i8 = b'-' as i8;
    let (version, fixed) = match VERSION {
        0..=9 => ((b'0' + VERSION) as i8, FIXED | 1 << 14),
        _ => (0, FIXED),
    };
    #[rustfmt::skip]
    let pattern = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, H, 0, 0, 0, 0, H, version, 0,
        0, 0, H, 0, 0, 0, 0, H, 0, 0, 0, 0, 0, 0, 0, 0,
    );
    let in_place = _mm256_movemask_epi8(_mm256_cmpeq_epi8(front, pattern)) as u32 & fixed;
    let not_variant = match VERSION {
        0..=9 => u32::from(NOT_VARIANT[text[19] as usize]),
        _ => 0,
    };
    // A shuffle moves bytes within each half only (an index with its high bit set gives 0):
    // digits 0-13 and 16-27 from `front` (text 0-7, 9-12, 14-15; 19-22, 24-31), digits 14-15
    // and 28-31 from `back` (text 16-17 and 32-35).
    const NONE: i8 = -128;
    #[rustfmt::skip]
    let from_front = _mm256_setr_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, NONE, NONE,
        3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, NONE, NONE, NONE, NONE,
    );
    #[rustfmt::skip]
    let from_back = _mm256_setr_epi8(
        NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, 12, 13,
        NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, 12, 13, 14, 15,
    );
    let digits = _mm256_or_si256(
        _mm256_shuffle_epi8(front, from_front),
        _mm256_shuffle_epi8(back, from_back),
    );
    let (by_high, by_low) = digit_tables(case);
    let high = _mm256_and_si256(_mm256_srli_epi16::<4>(digits), splat(0x0F));
    let offsets = _mm256_shuffle_epi8(by_high, high);
    let flags = _mm256_add_epi8(offsets, _mm256_shuffle_epi8(by_low, digits));
    let not_digits = _mm256_movemask_epi8(flags) as u32;
    // One test of every check.
    if not_digits | (in_place ^ fixed) | not_variant != 0 {
        return None;
    }
    let values = _mm256_add_epi8(digits, offsets);
    // Each pair: the first value times 16 plus the second, in a 16-bit lane; then bytes.
    let pairs = _mm256_maddubs_epi16(values, _mm256_set1_epi16(0x0110));
    // Bytes 0-7 in the low 64 bits of each half, then 8-15 beside them, stored at once (a
    // later read of the bytes is served from the one store).
    let bytes = _mm256_packus_epi16(pairs, pairs);
    Some(_mm256_castsi256_si128(_mm256_permute4x64_epi64::<0b1000>(
        bytes,
    )))
}

/// The places of the hyphens in a UUID's text, as bits.
const FIXED: u32 = 1 << 8 | 1 << 13 | 1 << 18 | 1 << 23;

/// 1 for each byte that is not a digit of the variant of RFC 9562 (`0b10`: `8`, `9`, `a`,
/// `b`, either case). A constant, not a static: the generic reader that looks it up is
/// compiled in its caller's crate, which reaches a constant directly and another crate's
/// static through one more load.
const NOT_VARIANT: [u8; 256] = {
    let mut table = [1; 256];
    let mut byte = 0;
    while byte < 256 {
        if matches!(byte as u8, b'8' | b'9' | b'a' | b'b' | b'A' | b'B') {
            table[byte] = 0;
        }
        byte += 1;
    }
    table
};

/// The two tables that read a hex digit (under `case`): by the high half of its byte, what
/// to add to the byte for its value (`0` is 0x30 above 0, `A` 0x37 above 10, `a` 0x57); by
/// the low half, what to add to that so that the sum wraps below 0x80 exactly for a digit.
///
/// The sum is worked out mod 256: for `0`-`9` (0xD0 added) the low half's number must be
/// 0x30 to 0xAF, for `A`-`F` (0xC9) 0x37 to 0xB6, for `a`-`f` (0xA9) 0x57 to 0xD6. So 0x57
/// where all three rows hold a digit (1-6), 0x30 where only `0`-`9` do (0, 7-9), 0 where none
/// does (10-15). Any other row adds 0x80, which every one of the three keeps at 0x80 or
/// above; so does a byte from 0x80 up, whose high half is 8 or more (and whose low half the
/// shuffle reads as 0).
#[inline]
#[target_feature(enable = "avx2")]
fn digit_tables(case: Case) -> (__m256i, __m256i) {
    const NO: i8 = -128;
    let capitals = match case {
        Case::Lower => NO,
        Case::Any => -0x37,
    };
    let by_high = table([
        NO, NO, NO, -0x30, capitals, NO, -0x57, NO, NO, NO, NO, NO, NO, NO, NO, NO,
    ]);
    let by_low = table([
        0x30, 0x57, 0x57, 0x57, 0x57, 0x57, 0x57, 0x30, 0x30, 0x30, 0, 0, 0, 0, 0, 0,
    ]);
    (by_high, by_low)
}

/// The 16 bytes, the first in lane 0.
#[inline]
#[target_feature(enable = "avx2")]
fn load16(bytes: &[u8; 16]) -> __m128i {
    // SAFETY: `_mm_loadu_si128` reads 16 bytes at any alignment from the pointer, and `bytes`
    // is 16 bytes that may be read.
    #[allow(unsafe_code)]
    unsafe {
        _mm_loadu_si128(bytes.as_ptr().cast())
    }
}

/// The 16 hex digits as a table's lanes.
const DIGIT_LANES: [i8; 16] = {
    let mut lanes = [0; 16];
    let mut value = 0;
    while value < 16 {
        lanes[value] = crate::digits::DIGITS[value] as i8;
        value += 1;
    }
    lanes
};

/// Writes the text of the UUID of `bytes` (the most significant first) into `out`: 32
/// lower-case digits in groups of 8, 4, 4, 4 and 12 joined by hyphens. Text 0-31 is one
/// 32-byte store and 32-35 one of 4, so that a reader of the text is served by the stores
/// (no store is written over by another). Every byte stored is a byte of the table of the 16
/// digits (the shuffles and the permutation only move lanes, or clear them) ORed with a
/// hyphen or 0: ASCII, whatever the indices, so that the caller may make a `&str` of `out`
/// with no check.
///
/// Each byte's two halves are spread into a 16-bit lane each and looked up in a table of the
/// 16 digits; one permutation of 32-bit lanes brings digits 12-27 into the upper half, and one
/// shuffle in each half leaves the hyphens' places empty. Over 1,024 different ids it took
/// 1.7 ns where the SSE2 code inlined in the caller, which places the digits with byte shifts
/// and masks (three times the operations) and hands the text back through a copy, took 2.5 ns.
///
/// The bytes come in a register (the C calling convention passes a 128-bit vector in one):
/// taken by reference, they were first copied to the stack to have an address, and read back.
#[inline]
#[target_feature(enable = "avx2")]
#[allow(
    improper_ctypes_definitions,
    reason = "called from Rust only, for the C convention's registers"
)]
pub(crate) extern "C" fn uuid_encode(bytes: __m128i, out: &mut [u8; 36]) {
    // Byte i in 16-bit lane i: its high half into the low byte, its low half into the high.
    // Times 0x1001 puts a copy of the low half at bits 12-15 (the byte itself stays at 0-7,
    // apart), and a shift right by 4 brings both halves down: three operations, where
    // shifting and masking each half took five.
    let wide = _mm256_cvtepu8_epi16(bytes);
    let halves = _mm256_srli_epi16::<4>(_mm256_mullo_epi16(wide, _mm256_set1_epi16(0x1001)));
    let digits = table(DIGIT_LANES);
    // Digits 0-15 and 16-31: each lane a byte of the table (ASCII), whatever its index.
    let digits = _mm256_shuffle_epi8(digits, halves);
    // The halves swapped: digits 16-31, then 0-15. Its last 32-bit lane (digits 12-15) into
    // the upper half beside digits 16-27, and its fourth (digits 28-31) is text 32-35.
    let swapped = _mm256_permute4x64_epi64::<0b0100_1110>(digits);
    let spread = _mm256_blend_epi32::<0b1000_0000>(digits, swapped);
    // Text 0-15: digits 0-7, `-`, 8-11, `-`, 12-13; text 16-31: digits 14-15 (lanes 14-15 of
    // the upper half), `-`, 16-19, `-`, 20-27. An index with its high bit set gives 0.
    const GAP: i8 = -128;
    const H: i8 = b'-' as i8;
    #[rustfmt::skip]
    let layout = _mm256_setr_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, GAP, 8, 9, 10, 11, GAP, 12, 13,
        14, 15, GAP, 0, 1, 2, 3, GAP, 4, 5, 6, 7, 8, 9, 10, 11,
    );
    #[rustfmt::skip]
    let hyphens = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, H, 0, 0, 0, 0, H, 0, 0,
        0, 0, H, 0, 0, 0, 0, H, 0, 0, 0, 0, 0, 0, 0, 0,
    );
    let text = _mm256_or_si256(_mm256_shuffle_epi8(spread, layout), hyphens);
    // Text 32-35: digits 28-31.
    let last = _mm_extract_epi32::<3>(_mm256_castsi256_si128(swapped));
    let (front, back) = out.split_at_mut(32);
    if let (Some(front), Some(back)) = (front.first_chunk_mut::<32>(), back.first_chunk_mut::<4>())
    {
        // SAFETY: `_mm256_storeu_si256` writes 32 bytes at any alignment to the pointer, and
        // `front` is 32 bytes that may be written.
        #[allow(unsafe_code)]
        unsafe {
            _mm256_storeu_si256(front.as_mut_ptr().cast(), text);
        }
        *back = last.to_le_bytes();
    }
}

/// The value (0 to 31) of each of 32 Crockford Base32 symbols, either case, `O` as 0 and `I`
/// and `L` as 1, or a byte with its high bit set where a byte is not a symbol.
///
/// Three tables of 16 by the low half of the byte, one for `0`-`9` (row 0x3_), one for the
/// rows 0x4_ and 0x6_ (`@`-`O`, `` ` ``-`o`) and one for 0x5_ and 0x7_ (`P`-`_`, `p`-DEL), the
/// row chosen by two of the byte's bits; a byte below `0` (signed: 0x80 and up too) is in no
/// row. Nine operations for the 32 bytes, where folding the case first and selecting each
/// row by comparing the high half took nineteen.
#[inline]
#[target_feature(enable = "avx2")]
fn crockford_values(symbols: __m256i) -> __m256i {
    const BAD: i8 = -1;
    let digits = table([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, BAD, BAD, BAD, BAD, BAD, BAD]);
    let a_to_o = table([BAD, 10, 11, 12, 13, 14, 15, 16, 17, 1, 18, 19, 1, 20, 21, 0]);
    let p_to_z = table([
        22, 23, 24, 25, 26, BAD, 27, 28, 29, 30, 31, BAD, BAD, BAD, BAD, BAD,
    ]);
    // A blend takes the second value where a byte's high bit is set: bit 4 of a letter
    // (shifted up by 3) says `P`-`_` or `p`-DEL, bit 6 (by 1) a letter rather than a digit.
    // The shifts are of 16-bit lanes: the bit that lands on a byte's high bit is its own.
    let letters = _mm256_blendv_epi8(
        _mm256_shuffle_epi8(a_to_o, symbols),
        _mm256_shuffle_epi8(p_to_z, symbols),
        _mm256_slli_epi16::<3>(symbols),
    );
    let values = _mm256_blendv_epi8(
        _mm256_shuffle_epi8(digits, symbols),
        letters,
        _mm256_slli_epi16::<1>(symbols),
    );
    _mm256_or_si256(values, _mm256_cmpgt_epi8(splat(b'0'), symbols))
}

/// The value of the 26 Crockford Base32 symbols of a ULID, if every byte is a symbol and the
/// first is at most `7` (the value fits 128 bits); `valid` says whether.
///
/// The 26 symbols are read as 32, six `0`s before them (which change no value): bytes 0-15
/// and 10-25 of the text are loaded into the two halves of one register, their values worked
/// out, and the first half's moved up by six places. Then each pair becomes 10 bits, each
/// pair of those 20 and each pair of those 40, in four 64-bit lanes, joined into the number.
#[inline]
#[target_feature(enable = "avx2")]
pub(crate) fn ulid_decode(text: &[u8; 26], valid: &mut bool) -> u128 {
    let (Some(first), Some(last)) = (text.first_chunk::<16>(), text.last_chunk::<16>()) else {
        *valid = false;
        return 0;
    };
    // Both in one register, their values worked out at once.
    let values = crockford_values(_mm256_set_m128i(load16(last), load16(first)));
    let bad = _mm256_movemask_epi8(values);
    // Symbols -6 to 9 (the six padding `0`s, then the first ten) and 10 to 25.
    const ZERO: i8 = -128;
    #[rustfmt::skip]
    let padded = _mm256_setr_epi8(
        ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    );
    let values = _mm256_shuffle_epi8(values, padded);
    let tens = _mm256_maddubs_epi16(values, _mm256_set1_epi16(0x0120));
    let twenties = _mm256_madd_epi16(tens, _mm256_set1_epi32(0x0001_0400));
    // Each 64-bit lane: its first 20 bits (the low half) times 2^20, plus its second.
    let forties = _mm256_add_epi64(
        _mm256_mul_epu32(twenties, _mm256_set1_epi64x(1 << 20)),
        _mm256_srli_epi64::<32>(twenties),
    );
    // Four groups of eight symbols, 40 bits each, the first the most significant: the first
    // is six padding `0`s and the first two symbols.
    let (front, back) = (
        _mm256_castsi256_si128(forties),
        _mm256_extracti128_si256::<1>(forties),
    );
    let group_0 = _mm_cvtsi128_si64(front) as u64;
    let group_1 = _mm_extract_epi64::<1>(front) as u64;
    let group_2 = _mm_cvtsi128_si64(back) as u64;
    let group_3 = _mm_extract_epi64::<1>(back) as u64;
    *valid = bad == 0 && group_0 >> 8 == 0;
    let high = group_0 << 56 | group_1 << 16 | group_2 >> 24;
    let low = group_2 << 40 | group_3;
    u128::from(high) << 64 | u128::from(low)
}
