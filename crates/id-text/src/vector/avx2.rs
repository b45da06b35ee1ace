//! AVX2: 32 bytes a register, so a UUID's 32 digits are decoded in one. As in `sse2`, the
//! one load and the one store are `unsafe` blocks with their arguments; each function enables
//! AVX2, and `super` calls them only where the processor has it (the build's target features,
//! or the one run-time detection).

use core::arch::x86_64::{
    __m128i, __m256i, _mm_cvtsi128_si64, _mm_loadu_si128, _mm_madd_epi16, _mm_maddubs_epi16,
    _mm_set_epi32, _mm_set1_epi16, _mm_slli_si128, _mm_storeu_si128, _mm_unpackhi_epi64,
    _mm256_add_epi8, _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_si128,
    _mm256_cmpeq_epi8, _mm256_extracti128_si256, _mm256_loadu_si256, _mm256_maddubs_epi16,
    _mm256_min_epu8, _mm256_movemask_epi8, _mm256_or_si256, _mm256_packus_epi16,
    _mm256_permute4x64_epi64, _mm256_set_m128i, _mm256_set1_epi8, _mm256_set1_epi16,
    _mm256_setr_epi8, _mm256_shuffle_epi8, _mm256_srli_epi16, _mm256_sub_epi8,
};

use crate::hex::Case;

/// `byte` in every lane.
#[inline]
#[target_feature(enable = "avx2")]
fn splat(byte: u8) -> __m256i {
    _mm256_set1_epi8(byte as i8)
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

/// Writes the 16 bytes of the text of a UUID into `out`, the most significant first, if every
/// byte is in its place (under `case`), and says whether it did. An out-parameter, not an
/// `Option`: the bytes stay where one store put them (an `Option`'s would sit one byte in,
/// and be read back in pieces that the store cannot serve).
#[inline]
#[target_feature(enable = "avx2")]
pub(crate) fn uuid_decode(text: &[u8; 36], case: Case, out: &mut [u8; 16]) -> bool {
    let (Some(front), Some(back)) = (
        text.first_chunk::<32>(),
        text.get(4..).and_then(<[u8]>::first_chunk::<32>),
    ) else {
        return false;
    };
    // Text 0-15 and 16-31 in the two halves of `front`; 4-19 and 20-35 in those of `back`.
    let (front, back) = (load(front), load(back));
    let hyphens = _mm256_movemask_epi8(_mm256_cmpeq_epi8(front, splat(b'-'))) as u32;
    let hyphens_in_place = hyphens & (1 << 8 | 1 << 13 | 1 << 18 | 1 << 23);
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
    // As `sse2::digit_values`: wrapping differences compared unsigned.
    let fold = match case {
        Case::Lower => 0,
        Case::Any => 0x20,
    };
    let decimal = _mm256_sub_epi8(digits, splat(b'0'));
    let letter = _mm256_sub_epi8(_mm256_or_si256(digits, splat(fold)), splat(b'a'));
    let is_decimal = _mm256_cmpeq_epi8(_mm256_min_epu8(decimal, splat(9)), decimal);
    let is_letter = _mm256_cmpeq_epi8(_mm256_min_epu8(letter, splat(5)), letter);
    let all_digits = _mm256_movemask_epi8(_mm256_or_si256(is_decimal, is_letter));
    if all_digits != -1 || hyphens_in_place != (1 << 8 | 1 << 13 | 1 << 18 | 1 << 23) {
        return false;
    }
    let values = _mm256_min_epu8(decimal, _mm256_add_epi8(letter, splat(10)));
    // Each pair: the first value times 16 plus the second, in a 16-bit lane; then bytes.
    let pairs = _mm256_maddubs_epi16(values, _mm256_set1_epi16(0x0110));
    // Bytes 0-7 in the low 64 bits of each half, then 8-15 beside them, stored at once (a
    // later read of the bytes is served from the one store).
    let bytes = _mm256_packus_epi16(pairs, pairs);
    let bytes = _mm256_castsi256_si128(_mm256_permute4x64_epi64::<0b1000>(bytes));
    // SAFETY: `_mm_storeu_si128` writes 16 bytes at any alignment to the pointer, and `out`
    // is 16 bytes that may be written.
    #[allow(unsafe_code)]
    unsafe {
        _mm_storeu_si128(out.as_mut_ptr().cast(), bytes);
    }
    true
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

/// The value (0 to 31) of each of 32 Crockford Base32 symbols, either case, `O` as 0 and `I`
/// and `L` as 1, or a byte with its high bit set where a byte is not a symbol.
#[inline]
#[target_feature(enable = "avx2")]
fn crockford_values(symbols: __m256i) -> __m256i {
    const BAD: i8 = -1;
    // `@`-`_` (capitals) ORed with 0x20 become `` ` ``-`DEL` (small letters); no other byte
    // moves (ORing every byte would make 0x10-0x19 look like digits).
    let capitals = _mm256_and_si256(_mm256_srli_epi16::<1>(symbols), splat(0x20));
    let folded = _mm256_or_si256(symbols, capitals);
    let high = _mm256_and_si256(_mm256_srli_epi16::<4>(folded), splat(0x0F));
    let low = _mm256_and_si256(folded, splat(0x0F));
    // One table a high half-byte, the same in both halves (a shuffle stays in its half):
    // `0`-`9` (0x3_), `` ` ``-`o` (0x6_), `p`-DEL (0x7_).
    #[rustfmt::skip]
    let digits = _mm256_setr_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, BAD, BAD, BAD, BAD, BAD, BAD,
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, BAD, BAD, BAD, BAD, BAD, BAD,
    );
    #[rustfmt::skip]
    let a_to_o = _mm256_setr_epi8(
        BAD, 10, 11, 12, 13, 14, 15, 16, 17, 1, 18, 19, 1, 20, 21, 0,
        BAD, 10, 11, 12, 13, 14, 15, 16, 17, 1, 18, 19, 1, 20, 21, 0,
    );
    #[rustfmt::skip]
    let p_to_z = _mm256_setr_epi8(
        22, 23, 24, 25, 26, BAD, 27, 28, 29, 30, 31, BAD, BAD, BAD, BAD, BAD,
        22, 23, 24, 25, 26, BAD, 27, 28, 29, 30, 31, BAD, BAD, BAD, BAD, BAD,
    );
    let in_digits = _mm256_cmpeq_epi8(high, splat(3));
    let in_a_to_o = _mm256_cmpeq_epi8(high, splat(6));
    let in_p_to_z = _mm256_cmpeq_epi8(high, splat(7));
    let values = _mm256_or_si256(
        _mm256_and_si256(in_digits, _mm256_shuffle_epi8(digits, low)),
        _mm256_or_si256(
            _mm256_and_si256(in_a_to_o, _mm256_shuffle_epi8(a_to_o, low)),
            _mm256_and_si256(in_p_to_z, _mm256_shuffle_epi8(p_to_z, low)),
        ),
    );
    // A byte in none of the three rows (`high` is taken after the fold, so a byte at or
    // above 0x80 is in none) is bad.
    let in_none = _mm256_andnot_si256(
        _mm256_or_si256(in_digits, _mm256_or_si256(in_a_to_o, in_p_to_z)),
        splat(0xFF),
    );
    _mm256_or_si256(values, in_none)
}

/// The value of the 26 Crockford Base32 symbols of a ULID, if every byte is a symbol and the
/// first is at most `7` (the value fits 128 bits); `valid` says whether.
///
/// The 26 symbols are read as 32, six `0`s before them (which change no value): bytes 0-15
/// and 10-25 of the text are loaded into the two halves of one register, their values worked
/// out, and the first half's shifted up by six places. Then each pair becomes 10 bits and each pair of those 20, in
/// eight 32-bit lanes, joined into the number.
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
    let first = _mm256_castsi256_si128(values);
    let last = _mm256_extracti128_si256::<1>(values);
    // Symbols -6 to 9 (the six padding `0`s, then the first ten) and 10 to 25.
    let first = _mm_slli_si128::<6>(first);
    let tens = _mm_set1_epi16(0x0120);
    let twenties = _mm_set_epi32(0x0001_0400, 0x0001_0400, 0x0001_0400, 0x0001_0400);
    let first = _mm_madd_epi16(_mm_maddubs_epi16(first, tens), twenties);
    let last = _mm_madd_epi16(_mm_maddubs_epi16(last, tens), twenties);
    // Eight groups of four symbols, 20 bits each, the first the most significant: group 0
    // is four padding `0`s, group 1 two of them and the first two symbols.
    let lane = |vector: __m128i, at: u32| -> u128 {
        let word = match at / 2 {
            0 => _mm_cvtsi128_si64(vector),
            _ => _mm_cvtsi128_si64(_mm_unpackhi_epi64(vector, vector)),
        } as u64;
        u128::from((word >> (32 * (at % 2))) as u32)
    };
    let group_1 = lane(first, 1);
    *valid = bad == 0 && group_1 >> 8 == 0;
    group_1 << 120
        | lane(first, 2) << 100
        | lane(first, 3) << 80
        | lane(last, 0) << 60
        | lane(last, 1) << 40
        | lane(last, 2) << 20
        | lane(last, 3)
}
