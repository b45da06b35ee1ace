//! The one `unsafe` function of `id_text`, which makes a `&str` of ASCII bytes, reached every
//! way it is called:
//!
//! - `id_text::ascii_str` gives what `core::str::from_utf8` gives on ASCII input, the same
//!   memory, and `None` for anything else: valid UTF-8 that is not ASCII, and invalid bytes.
//! - An `AsciiText` that the input writes into (any byte at any index, alone, as a pair, or
//!   as a word of any bits) only ever holds the bytes `AsciiByte::new` accepted and words
//!   with their high bits cleared, and each of its `&str`s is what `core::str::from_utf8`
//!   makes of the same bytes.
//! - The encoders that write into an `AsciiText` write the digits the standard library's
//!   hex writes, and Crockford Base32 that decodes back to the number.
#![no_main]

use id_text::{AsciiByte, AsciiText};
use libfuzzer_sys::fuzz_target;

/// The text's length: not a multiple of the word size, so that pairs meet the end.
const LEN: usize = 37;

fuzz_target!(|data: &[u8]| {
    // Every start within the first word, so the ASCII check's unaligned head and tail are
    // reached whatever the allocator's alignment of `data`.
    for start in 0..=data.len().min(8) {
        let bytes = &data[start..];
        let ascii = bytes.iter().all(|&byte| byte < 0x80);
        match id_text::ascii_str(bytes) {
            Some(text) => {
                assert!(ascii, "{bytes:?} is not ASCII");
                assert_eq!(Ok(text), core::str::from_utf8(bytes));
                assert_eq!(text.as_ptr(), bytes.as_ptr());
            }
            None => assert!(!ascii, "{bytes:?} is ASCII"),
        }
    }

    // Three bytes an operation: an index (past the end as often as not), a byte, and whether
    // to write it alone, as a pair, or spread over a word of any bits (whose high bits the
    // text clears).
    let mut text = AsciiText::<LEN>::new();
    let mut expected = [0u8; LEN];
    for op in data.chunks_exact(3) {
        let (index, byte) = (usize::from(op[0] % 64), op[1]);
        if op[2] % 3 == 2 {
            let word = u64::from(byte).wrapping_mul(0x8101_2345_6789_ABCD).rotate_left(u32::from(op[2]));
            text.set_word(index, word);
            if index + 8 <= LEN {
                let masked = word & u64::from_ne_bytes([0x7F; 8]);
                expected[index..index + 8].copy_from_slice(&masked.to_le_bytes());
            }
            continue;
        }
        let Some(symbol) = AsciiByte::new(byte) else {
            assert!(byte >= 0x80, "{byte:#x} is ASCII");
            continue;
        };
        assert_eq!(symbol.get(), byte);
        if op[2] % 3 == 1 {
            text.set_pair(index, [symbol, symbol]);
            if index + 2 <= LEN {
                expected[index..index + 2].copy_from_slice(&[byte, byte]);
            }
        } else {
            text.set(index, symbol);
            if index < LEN {
                expected[index] = byte;
            }
        }
    }
    assert_eq!(text.as_bytes(), &expected);
    assert_eq!(Ok(text.as_str()), core::str::from_utf8(&expected));
    for start in 0..=LEN + 1 {
        assert_eq!(text.tail(start).as_bytes(), expected.get(start..).unwrap_or_default());
    }
    let mut out = [0xFF; LEN];
    assert_eq!(text.copy_to(&mut out).as_bytes(), &expected);

    // The encoders, on the first 16 bytes as a number, against the standard library's hex
    // and the codec's own decoder.
    let mut word = [0u8; 16];
    let head = &data[..data.len().min(16)];
    word[..head.len()].copy_from_slice(head);
    let value = u128::from_be_bytes(word);
    let ulid = crockford32::encode_text(value);
    assert_eq!(crockford32::decode(ulid.as_str()), Ok(value));
    let digits = format!("{value:032x}");
    let uuid = [&digits[..8], &digits[8..12], &digits[12..16], &digits[16..20], &digits[20..]];
    assert_eq!(id_text::uuid_text::encode_text(value).as_str(), uuid.join("-"));
    assert_eq!(id_text::hex::encode_text::<16, 32>(&word).as_str(), digits);
});
