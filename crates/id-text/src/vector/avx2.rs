//! AVX2: 32 bytes a register, so a UUID's 32 digits are decoded in one. As in `sse2`, the
//! one load and the one store are `unsafe` blocks with their arguments; each function enables
//! AVX2, and `super` calls them only where the processor has it (the build's target features,
//! or the one run-time detection).

use core::arch::x86_64::{
    __m256i, _mm_storeu_si128, _mm256_add_epi8, _mm256_castsi256_si128, _mm256_cmpeq_epi8,
    _mm256_loadu_si256, _mm256_maddubs_epi16, _mm256_min_epu8, _mm256_movemask_epi8,
    _mm256_or_si256, _mm256_packus_epi16, _mm256_permute4x64_epi64, _mm256_set1_epi8,
    _mm256_set1_epi16, _mm256_setr_epi8, _mm256_shuffle_epi8, _mm256_sub_epi8,
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
