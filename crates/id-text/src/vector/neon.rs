//! NEON, which every AArch64 processor has: 16 bytes a register, and table lookups over one or
//! two registers (`vqtbl1q_u8`, `vqtbl2q_u8`) that move any byte to any lane. The loads and
//! the stores are each an `unsafe` block with its argument. Each function enables NEON (so
//! calling one is `unsafe` outside this module); `super` calls them where the build has NEON.

use core::arch::aarch64::{
    uint8x16_t, uint8x16x2_t, vaddq_u8, vandq_u8, vcleq_u8, vcombine_u8, vdup_n_u8, vdupq_n_u8,
    vgetq_lane_u32, vld1_u8, vld1q_u8, vminq_u8, vminvq_u8, vorrq_u8, vqtbl1q_u8, vqtbl2q_u8,
    vreinterpretq_u32_u8, vshlq_n_u8, vshrq_n_u8, vst1q_u8, vsubq_u8, vuzp1q_u8, vuzp2q_u8,
    vzip1q_u8, vzip2q_u8,
};

use crate::digits::Case;

/// The 16 bytes, the first in lane 0.
#[inline]
#[target_feature(enable = "neon")]
fn load(bytes: &[u8; 16]) -> uint8x16_t {
    // SAFETY: `vld1q_u8` reads 16 bytes at any alignment from the pointer, and `bytes` is 16
    // bytes that may be read.
    #[allow(unsafe_code)]
    unsafe {
        vld1q_u8(bytes.as_ptr())
    }
}

/// The 8 bytes in lanes 0 to 7, `fill` in lanes 8 to 15.
#[inline]
#[target_feature(enable = "neon")]
fn load_half(bytes: &[u8; 8], fill: u8) -> uint8x16_t {
    // SAFETY: `vld1_u8` reads 8 bytes at any alignment from the pointer, and `bytes` is 8
    // bytes that may be read.
    #[allow(unsafe_code)]
    let half = unsafe { vld1_u8(bytes.as_ptr()) };
    vcombine_u8(half, vdup_n_u8(fill))
}

/// Writes the 16 lanes into `bytes`, lane 0 first, in one store.
#[inline]
#[target_feature(enable = "neon")]
fn store(vector: uint8x16_t, bytes: &mut [u8; 16]) {
    // SAFETY: `vst1q_u8` writes 16 bytes at any alignment to the pointer, and `bytes` is 16
    // bytes that may be written.
    #[allow(unsafe_code)]
    unsafe {
        vst1q_u8(bytes.as_mut_ptr(), vector);
    }
}

/// A table of 16 lanes, the first in lane 0 (a constant once inlined).
#[inline]
#[target_feature(enable = "neon")]
fn table(lanes: &[u8; 16]) -> uint8x16_t {
    load(lanes)
}

/// The values (0 to 15) of 16 ASCII hex digits, and 0xFF in each lane that holds a digit
/// under `case` (a lane that does not holds a value that means nothing).
#[inline]
#[target_feature(enable = "neon")]
fn digit_values(digits: uint8x16_t, case: Case) -> (uint8x16_t, uint8x16_t) {
    // As in `sse2::digit_values`: wrapping differences compared unsigned.
    let fold = case.fold();
    let decimal = vsubq_u8(digits, vdupq_n_u8(b'0'));
    let letter = vsubq_u8(vorrq_u8(digits, vdupq_n_u8(fold)), vdupq_n_u8(b'a'));
    let is_decimal = vcleq_u8(decimal, vdupq_n_u8(9));
    let is_letter = vcleq_u8(letter, vdupq_n_u8(5));
    let value = vminq_u8(decimal, vaddq_u8(letter, vdupq_n_u8(10)));
    (value, vorrq_u8(is_decimal, is_letter))
}

/// The 16 bytes of 32 digit values, 16 a register, each pair the more significant first.
#[inline]
#[target_feature(enable = "neon")]
fn pairs(first: uint8x16_t, second: uint8x16_t) -> uint8x16_t {
    let high = vuzp1q_u8(first, second);
    let low = vuzp2q_u8(first, second);
    vorrq_u8(vshlq_n_u8::<4>(high), low)
}

/// The 32 lower-case digits of 16 bytes (`bytes`, lane 0 first), as two registers of 16.
#[inline]
#[target_feature(enable = "neon")]
fn hex_digits(bytes: uint8x16_t) -> (uint8x16_t, uint8x16_t) {
    let alphabet = table(b"0123456789abcdef");
    let high = vqtbl1q_u8(alphabet, vshrq_n_u8::<4>(bytes));
    let low = vqtbl1q_u8(alphabet, vandq_u8(bytes, vdupq_n_u8(0x0F)));
    (vzip1q_u8(high, low), vzip2q_u8(high, low))
}

/// Whether every lane of `valid` is 0xFF.
#[inline]
#[target_feature(enable = "neon")]
fn all(valid: uint8x16_t) -> bool {
    vminvq_u8(valid) == 0xFF
}

/// An index that a table lookup answers with 0.
const NONE: u8 = 0xFF;

/// The 16 bytes of the text of a UUID, the most significant first, if every byte is in its
/// place (under `case`).
#[inline]
#[target_feature(enable = "neon")]
pub(crate) fn uuid_decode(text: &[u8; 36], case: Case) -> Option<[u8; 16]> {
    let (first, middle, last) = super::uuid_thirds(text)?;
    let hyphens = [text[8], text[13], text[18], text[23]];
    // Bytes 0-15, 16-31 and 20-35 of the text.
    let (first, middle, last) = (load(first), load(middle), load(last));
    // Digits 0-15 (text 0-7, 9-12, 14-17) from the first two; 16-31 (text 19-22, 24-31,
    // 32-35) from the last two.
    let high = vqtbl2q_u8(
        uint8x16x2_t(first, middle),
        table(&[0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17]),
    );
    let low = vqtbl2q_u8(
        uint8x16x2_t(middle, last),
        table(&[3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 28, 29, 30, 31]),
    );
    let (high, high_ok) = digit_values(high, case);
    let (low, low_ok) = digit_values(low, case);
    if !all(vandq_u8(high_ok, low_ok)) || hyphens != [b'-'; 4] {
        return None;
    }
    let mut bytes = [0; 16];
    store(pairs(high, low), &mut bytes);
    Some(bytes)
}

/// The text of a UUID: its 36 bytes, written as 16, 16 and 4.
#[inline]
#[target_feature(enable = "neon")]
pub(crate) fn uuid_encode(value: u128) -> Option<[u8; 36]> {
    let (high, low) = hex_digits(load(&value.to_be_bytes()));
    let digits = uint8x16x2_t(high, low);
    // Text 0-15: digits 0-7, `-`, 8-11, `-`, 12-13; text 16-31: digits 14-15, `-`, 16-19,
    // `-`, 20-27. The hyphens' lanes look up nothing and are ORed in.
    let first = vorrq_u8(
        vqtbl2q_u8(
            digits,
            table(&[0, 1, 2, 3, 4, 5, 6, 7, NONE, 8, 9, 10, 11, NONE, 12, 13]),
        ),
        table(&[0, 0, 0, 0, 0, 0, 0, 0, b'-', 0, 0, 0, 0, b'-', 0, 0]),
    );
    let middle = vorrq_u8(
        vqtbl2q_u8(
            digits,
            table(&[
                14, 15, NONE, 16, 17, 18, 19, NONE, 20, 21, 22, 23, 24, 25, 26, 27,
            ]),
        ),
        table(&[0, 0, b'-', 0, 0, 0, 0, b'-', 0, 0, 0, 0, 0, 0, 0, 0]),
    );
    // Text 32-35: digits 28-31, the last four lanes of `low`.
    let last = vgetq_lane_u32::<3>(vreinterpretq_u32_u8(low));
    Some(super::uuid_text(
        first,
        middle,
        last.to_le_bytes(),
        |vector, bytes| store(vector, bytes),
    ))
}

/// The 12 bytes of 24 hex digits, if every one is a digit under `case`.
#[inline]
#[target_feature(enable = "neon")]
pub(crate) fn hex24_decode(text: &[u8; 24], case: Case) -> Option<[u8; 12]> {
    let (Some(first), Some(last)) = (text.first_chunk::<16>(), text.last_chunk::<8>()) else {
        return None;
    };
    // Digits 16-23, then eight `0`s, which are digits and change nothing.
    let (first, first_ok) = digit_values(load(first), case);
    let (last, last_ok) = digit_values(load_half(last, b'0'), case);
    if !all(vandq_u8(first_ok, last_ok)) {
        return None;
    }
    let mut bytes = [0; 16];
    store(pairs(first, last), &mut bytes);
    let [b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, ..] = bytes;
    Some([b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11])
}

/// The 24 lower-case digits of 12 bytes, written as 16 and 8.
#[inline]
#[target_feature(enable = "neon")]
pub(crate) fn hex24_encode(bytes: &[u8; 12]) -> Option<[u8; 24]> {
    let mut padded = [0; 16];
    if let Some(front) = padded.first_chunk_mut::<12>() {
        *front = *bytes;
    }
    let (first, last) = hex_digits(load(&padded));
    let mut digits = [0; 32];
    let (front, back) = digits.split_at_mut(16);
    if let (Some(front), Some(back)) = (front.first_chunk_mut::<16>(), back.first_chunk_mut::<16>())
    {
        store(first, front);
        store(last, back);
    }
    digits.first_chunk::<24>().copied()
}
