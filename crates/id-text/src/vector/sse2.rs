//! SSE2, which every x86-64 processor has: 16 bytes a register. The intrinsics take and give
//! values; the one load and the one store of 16 bytes are each an `unsafe` block with its
//! argument. Each function enables SSE2 (so calling one is `unsafe` outside this module);
//! `super` calls them where the build has SSE2.

use core::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_and_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_cvtsi128_si32,
    _mm_cvtsi128_si64, _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128,
    _mm_packus_epi16, _mm_set_epi64x, _mm_set1_epi8, _mm_slli_epi16, _mm_slli_si128,
    _mm_srli_epi16, _mm_srli_si128, _mm_storeu_si128, _mm_sub_epi8, _mm_unpackhi_epi8,
    _mm_unpackhi_epi64, _mm_unpacklo_epi8,
};

use crate::digits::Case;

/// `byte` in every lane.
#[inline]
#[target_feature(enable = "sse2")]
fn splat(byte: u8) -> __m128i {
    _mm_set1_epi8(byte as i8)
}

/// 0xFF in the lanes `from..to`, 0 elsewhere (a constant once inlined).
#[inline]
#[target_feature(enable = "sse2")]
fn lanes(from: u32, to: u32) -> __m128i {
    let ones = |bits: u32| {
        if bits >= 128 {
            u128::MAX
        } else {
            (1u128 << bits) - 1
        }
    };
    let mask = ones(8 * to) & !ones(8 * from);
    _mm_set_epi64x((mask >> 64) as i64, mask as i64)
}

/// The 16 bytes, the first in lane 0.
#[inline]
#[target_feature(enable = "sse2")]
fn load(bytes: &[u8; 16]) -> __m128i {
    // SAFETY: `_mm_loadu_si128` reads 16 bytes at any alignment from the pointer, and `bytes`
    // is 16 bytes that may be read.
    #[allow(unsafe_code)]
    unsafe {
        _mm_loadu_si128(bytes.as_ptr().cast())
    }
}

/// Writes the 16 lanes into `bytes`, lane 0 first: one store, so that a later read of the
/// bytes (a copy, a 16-byte load) is served from it whole.
#[inline]
#[target_feature(enable = "sse2")]
fn store(vector: __m128i, bytes: &mut [u8; 16]) {
    // SAFETY: `_mm_storeu_si128` writes 16 bytes at any alignment to the pointer, and `bytes`
    // is 16 bytes that may be written.
    #[allow(unsafe_code)]
    unsafe {
        _mm_storeu_si128(bytes.as_mut_ptr().cast(), vector);
    }
}

/// Lanes 0 to 7 and 8 to 15 as two words, lane 0 the least significant byte of the first.
#[inline]
#[target_feature(enable = "sse2")]
fn words(vector: __m128i) -> (u64, u64) {
    let low = _mm_cvtsi128_si64(vector) as u64;
    let high = _mm_cvtsi128_si64(_mm_unpackhi_epi64(vector, vector)) as u64;
    (low, high)
}

/// The values (0 to 15) of 16 ASCII hex digits, and 0xFF in each lane that holds a digit
/// under `case` (a lane that does not holds a value that means nothing).
#[inline]
#[target_feature(enable = "sse2")]
fn digit_values(digits: __m128i, case: Case) -> (__m128i, __m128i) {
    // Wrapping differences compared unsigned: `0`-`9` are exactly the bytes 0 to 9 above
    // `0`; `a`-`f` (with `A`-`F` once ORed with 0x20, under `Case::Any`) 0 to 5 above `a`.
    let fold = case.fold();
    let decimal = _mm_sub_epi8(digits, splat(b'0'));
    let letter = _mm_sub_epi8(_mm_or_si128(digits, splat(fold)), splat(b'a'));
    let is_decimal = _mm_cmpeq_epi8(_mm_min_epu8(decimal, splat(9)), decimal);
    let is_letter = _mm_cmpeq_epi8(_mm_min_epu8(letter, splat(5)), letter);
    // A decimal digit's `letter + 10` wraps above 0xC0; a letter's `decimal` is at least 17
    // (`A` is 17 above `0`): the smaller of the two is the value of either.
    let value = _mm_min_epu8(decimal, _mm_add_epi8(letter, splat(10)));
    (value, _mm_or_si128(is_decimal, is_letter))
}

/// Each pair of values (lanes 2i and 2i+1, the more significant first) as one byte in the low
/// half of 16-bit lane i.
#[inline]
#[target_feature(enable = "sse2")]
fn pairs(values: __m128i) -> __m128i {
    // Lane i holds `first | second << 8`: `first << 4` stays in the low byte.
    let high = _mm_slli_epi16::<4>(values);
    let low = _mm_srli_epi16::<8>(values);
    _mm_and_si128(_mm_or_si128(high, low), low_bytes())
}

/// 0x00FF in every 16-bit lane.
#[inline]
#[target_feature(enable = "sse2")]
fn low_bytes() -> __m128i {
    _mm_set_epi64x(0x00FF_00FF_00FF_00FF, 0x00FF_00FF_00FF_00FF)
}

/// The lower-case hex digit of each value (0 to 15).
#[inline]
#[target_feature(enable = "sse2")]
fn digits_of(values: __m128i) -> __m128i {
    // `a` is 39 above the character after `9`.
    let letters = _mm_and_si128(_mm_cmpgt_epi8(values, splat(9)), splat(b'a' - b'0' - 10));
    _mm_add_epi8(_mm_add_epi8(values, splat(b'0')), letters)
}

/// The 32 lower-case digits of 16 bytes (`bytes`, lane 0 first), as two registers of 16.
#[inline]
#[target_feature(enable = "sse2")]
fn hex_digits(bytes: __m128i) -> (__m128i, __m128i) {
    let high = _mm_and_si128(_mm_srli_epi16::<4>(bytes), splat(0x0F));
    let low = _mm_and_si128(bytes, splat(0x0F));
    let (high, low) = (digits_of(high), digits_of(low));
    (_mm_unpacklo_epi8(high, low), _mm_unpackhi_epi8(high, low))
}

/// A hyphen in lane `lane`, zeros elsewhere.
#[inline]
#[target_feature(enable = "sse2")]
fn hyphen(lane: u32) -> __m128i {
    _mm_and_si128(splat(b'-'), lanes(lane, lane + 1))
}

/// The 16 bytes of the text of a UUID, the most significant first, if every byte is in its
/// place (under `case`).
#[inline]
#[target_feature(enable = "sse2")]
pub(crate) fn uuid_decode(text: &[u8; 36], case: Case) -> Option<[u8; 16]> {
    let (first, middle, last) = super::uuid_thirds(text)?;
    // Bytes 0-15, 16-31 and 20-35 of the text.
    let (first, middle, last) = (load(first), load(middle), load(last));
    // The hyphens: bytes 8 and 13 of the text, 2 and 7 of `middle` (18 and 23).
    let hyphens = _mm_movemask_epi8(_mm_cmpeq_epi8(first, splat(b'-')))
        | _mm_movemask_epi8(_mm_cmpeq_epi8(middle, splat(b'-'))) << 16;
    let hyphens_in_place = hyphens & (1 << 8 | 1 << 13 | 1 << 18 | 1 << 23);
    // Digits 0-15: text 0-7, 9-12, 14-17; digits 16-31: text 19-22, 24-35.
    let high = _mm_or_si128(
        _mm_or_si128(
            _mm_and_si128(first, lanes(0, 8)),
            _mm_and_si128(_mm_srli_si128::<1>(first), lanes(8, 12)),
        ),
        _mm_or_si128(
            _mm_and_si128(_mm_srli_si128::<2>(first), lanes(12, 14)),
            _mm_slli_si128::<14>(middle),
        ),
    );
    let low = _mm_or_si128(
        _mm_and_si128(_mm_srli_si128::<3>(middle), lanes(0, 4)),
        _mm_and_si128(last, lanes(4, 16)),
    );
    let (high, high_ok) = digit_values(high, case);
    let (low, low_ok) = digit_values(low, case);
    let all_digits = _mm_movemask_epi8(_mm_and_si128(high_ok, low_ok));
    if all_digits != 0xFFFF || hyphens_in_place != (1 << 8 | 1 << 13 | 1 << 18 | 1 << 23) {
        return None;
    }
    let mut bytes = [0; 16];
    store(_mm_packus_epi16(pairs(high), pairs(low)), &mut bytes);
    Some(bytes)
}

/// The text of a UUID: its 36 bytes, written as 16, 16 and 4 (no two stores overlap, so that
/// a reader of any part is served from one).
#[inline]
#[target_feature(enable = "sse2")]
pub(crate) fn uuid_encode(value: u128) -> [u8; 36] {
    let bytes = value.to_be_bytes();
    // Digits 0-15 and 16-31.
    let (high, low) = hex_digits(load(&bytes));
    // Text 0-15: digits 0-7, `-`, 8-11, `-`, 12-13.
    let first = _mm_or_si128(
        _mm_or_si128(
            _mm_and_si128(high, lanes(0, 8)),
            _mm_and_si128(_mm_slli_si128::<1>(high), lanes(9, 13)),
        ),
        _mm_or_si128(
            _mm_and_si128(_mm_slli_si128::<2>(high), lanes(14, 16)),
            _mm_or_si128(hyphen(8), hyphen(13)),
        ),
    );
    // Text 16-31: digits 14-15, `-`, 16-19, `-`, 20-27.
    let middle = _mm_or_si128(
        _mm_or_si128(
            _mm_srli_si128::<14>(high),
            _mm_and_si128(_mm_slli_si128::<3>(low), lanes(3, 7)),
        ),
        _mm_or_si128(
            _mm_and_si128(_mm_slli_si128::<4>(low), lanes(8, 16)),
            _mm_or_si128(hyphen(2), hyphen(7)),
        ),
    );
    // Text 32-35: digits 28-31, the last four lanes of `low`.
    let last = _mm_cvtsi128_si32(_mm_srli_si128::<12>(low));
    super::uuid_text(first, middle, last.to_le_bytes(), |vector, bytes| {
        store(vector, bytes)
    })
}

/// The 12 bytes of 24 hex digits, if every one is a digit under `case`.
#[inline]
#[target_feature(enable = "sse2")]
pub(crate) fn hex24_decode(text: &[u8; 24], case: Case) -> Option<[u8; 12]> {
    let (Some(first), Some(last)) = (text.first_chunk::<16>(), text.last_chunk::<8>()) else {
        return None;
    };
    let first = load(first);
    let last = _mm_set_epi64x(0, i64::from_le_bytes(*last));
    let (first, first_ok) = digit_values(first, case);
    let (last, last_ok) = digit_values(last, case);
    let all_digits = _mm_movemask_epi8(first_ok) | (_mm_movemask_epi8(last_ok) & 0xFF) << 16;
    if all_digits != 0xFF_FFFF {
        return None;
    }
    let (low, high) = words(_mm_packus_epi16(pairs(first), pairs(last)));
    let [b0, b1, b2, b3, b4, b5, b6, b7] = low.to_le_bytes();
    let [b8, b9, b10, b11] = (high as u32).to_le_bytes();
    Some([b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11])
}

/// The 24 lower-case digits of 12 bytes, written as 16 and 8.
#[inline]
#[target_feature(enable = "sse2")]
pub(crate) fn hex24_encode(bytes: &[u8; 12]) -> Option<[u8; 24]> {
    let (Some(low), Some(high)) = (bytes.first_chunk::<8>(), bytes.last_chunk::<4>()) else {
        return None;
    };
    let vector = _mm_set_epi64x(
        i64::from(u32::from_le_bytes(*high)),
        i64::from_le_bytes(*low),
    );
    let (first, last) = hex_digits(vector);
    let mut text = [0; 24];
    let (front, back) = text.split_at_mut(16);
    if let (Some(front), Some(back)) = (front.first_chunk_mut::<16>(), back.first_chunk_mut::<8>())
    {
        store(first, front);
        *back = _mm_cvtsi128_si64(last).to_le_bytes();
    }
    Some(text)
}
