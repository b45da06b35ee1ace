//! Property tests of the hex codec: round trips, agreement with `format!("{:02x}")`, the index
//! of the first bad byte, the case rules, no panic on any input.

use id_text::hex::{
    self, Case, DecodeError, EncodeError, decode, decode_array, decode_u128, encode_array,
    encode_byte, encode_lower,
};
use proptest::prelude::*;

mod common;

use common::{config, is_digit};

/// The standard library's lower-case hex of `bytes`.
fn std_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Digits of both cases, and strangers next to them.
fn mixed_text(len: impl Into<proptest::collection::SizeRange>) -> impl Strategy<Value = Vec<u8>> {
    let bytes: Vec<u8> = b"0123456789abcdefABCDEF/:@`gG xX-\x00\x7F\x80\xB0\xC3\xE1\xFF".to_vec();
    proptest::collection::vec(proptest::sample::select(bytes), len)
}

fn case() -> impl Strategy<Value = Case> {
    prop_oneof![Just(Case::Lower), Just(Case::Any)]
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn a_fixed_array_is_written_as_format_writes_it(bytes in any::<[u8; 12]>()) {
        let mut out = [0u8; 24];
        encode_array(&bytes, &mut out);
        prop_assert_eq!(std::str::from_utf8(&out).unwrap(), std_hex(&bytes));
        prop_assert_eq!(decode_array::<12, 24>(&out, Case::Lower), Ok(bytes));
    }

    #[test]
    fn encoding_agrees_with_format_and_round_trips(
        bytes in proptest::collection::vec(any::<u8>(), 0..100),
        extra in 0usize..20,
    ) {
        let mut buffer = vec![b'#'; 2 * bytes.len() + extra];
        let text = encode_lower(&bytes, &mut buffer).unwrap().to_owned();
        prop_assert_eq!(&text, &std_hex(&bytes));
        prop_assert!(buffer[2 * bytes.len()..].iter().all(|&byte| byte == b'#'));

        let mut decoded = vec![0u8; bytes.len() + extra];
        prop_assert_eq!(decode(text.as_bytes(), Case::Lower, &mut decoded), Ok(&bytes[..]));
        prop_assert_eq!(decode(text.as_bytes(), Case::Any, &mut decoded), Ok(&bytes[..]));
        let upper = text.to_ascii_uppercase();
        prop_assert_eq!(decode(upper.as_bytes(), Case::Any, &mut decoded), Ok(&bytes[..]));
    }

    #[test]
    fn the_fixed_size_decoders_agree_with_the_slice_decoder(
        twelve: [u8; 12],
        sixteen: [u8; 16],
        three: [u8; 3],
        upper: bool,
    ) {
        let raise = |text: String| if upper { text.to_ascii_uppercase() } else { text };
        let case = if upper { Case::Any } else { Case::Lower };

        let digits: [u8; 24] = raise(std_hex(&twelve)).into_bytes().try_into().unwrap();
        prop_assert_eq!(decode_array(&digits, case), Ok(twelve));
        let digits: [u8; 32] = raise(std_hex(&sixteen)).into_bytes().try_into().unwrap();
        prop_assert_eq!(decode_array(&digits, case), Ok(sixteen));
        prop_assert_eq!(decode_u128(&digits, case), Ok(u128::from_be_bytes(sixteen)));
        let digits: [u8; 6] = raise(std_hex(&three)).into_bytes().try_into().unwrap();
        prop_assert_eq!(decode_array(&digits, case), Ok(three));
    }

    #[test]
    fn the_fixed_size_decoders_report_what_the_slice_decoder_reports(
        text in mixed_text(32),
        case in case(),
    ) {
        let digits: [u8; 32] = text.clone().try_into().unwrap();
        let mut out = [0u8; 16];
        let expected = decode(&text, case, &mut out).map(|bytes| bytes.to_vec());
        prop_assert_eq!(decode_array::<16, 32>(&digits, case).map(|bytes| bytes.to_vec()), expected.clone());
        prop_assert_eq!(
            decode_u128(&digits, case).map(|value| value.to_be_bytes().to_vec()),
            expected
        );
        let first: [u8; 24] = text[..24].try_into().unwrap();
        let expected = decode(&text[..24], case, &mut out).map(|bytes| bytes.to_vec());
        prop_assert_eq!(decode_array::<12, 24>(&first, case).map(|bytes| bytes.to_vec()), expected);
    }

    #[test]
    fn decoding_never_panics_on_arbitrary_bytes(
        text in proptest::collection::vec(any::<u8>(), 0..80),
        out_len in 0usize..50,
        case in case(),
    ) {
        let mut out = vec![0u8; out_len];
        let _ = decode(&text, case, &mut out);
        if let Ok(text) = <[u8; 24]>::try_from(&text[..]) {
            let _ = decode_array::<12, 24>(&text, case);
        }
    }

    #[test]
    fn the_first_bad_byte_is_reported_with_its_index(text in mixed_text(0..=70), case in case()) {
        let mut out = vec![0u8; text.len() / 2];
        let found = decode(&text, case, &mut out);
        if text.len() % 2 != 0 {
            prop_assert_eq!(found, Err(DecodeError::OddLength { len: text.len() }));
            return Ok(());
        }
        match text.iter().position(|&byte| !is_digit(byte, case)) {
            Some(index) => prop_assert_eq!(
                found,
                Err(DecodeError::InvalidDigit { index, byte: text[index], case })
            ),
            None => {
                let expected: Vec<u8> = text
                    .chunks_exact(2)
                    .map(|pair| u8::from_str_radix(std::str::from_utf8(pair).unwrap(), 16).unwrap())
                    .collect();
                prop_assert_eq!(found, Ok(&expected[..]));
            }
        }
    }

    #[test]
    fn lower_rejects_upper_case_at_the_first_capital(
        bytes in proptest::collection::vec(any::<u8>(), 1..40),
        raise in any::<proptest::sample::Index>(),
    ) {
        let mut text = std_hex(&bytes).into_bytes();
        let letters: Vec<usize> = (0..text.len()).filter(|&i| text[i].is_ascii_lowercase()).collect();
        prop_assume!(!letters.is_empty());
        // Raise one letter, and every letter after it.
        let first = letters[raise.index(letters.len())];
        text[first..].make_ascii_uppercase();
        let mut out = vec![0u8; bytes.len()];
        prop_assert_eq!(
            decode(&text, Case::Lower, &mut out),
            Err(DecodeError::InvalidDigit { index: first, byte: text[first], case: Case::Lower })
        );
        prop_assert_eq!(decode(&text, Case::Any, &mut out), Ok(&bytes[..]));
    }

    #[test]
    fn a_short_buffer_is_an_error_and_left_unchanged(
        bytes in proptest::collection::vec(any::<u8>(), 1..40),
        short in 1usize..80,
    ) {
        let len = (2 * bytes.len()).saturating_sub(short);
        let mut buffer = vec![b'#'; len];
        prop_assert_eq!(
            encode_lower(&bytes, &mut buffer),
            Err(EncodeError::BufferTooShort { len, needed: 2 * bytes.len() })
        );
        prop_assert!(buffer.iter().all(|&byte| byte == b'#'));

        let text = std_hex(&bytes);
        let len = bytes.len() - 1;
        let mut out = vec![7u8; len];
        prop_assert_eq!(
            decode(text.as_bytes(), Case::Any, &mut out),
            Err(DecodeError::BufferTooShort { len, needed: bytes.len() })
        );
        prop_assert!(out.iter().all(|&byte| byte == 7));
    }
}

#[test]
fn digits_is_the_alphabet_of_the_encoder() {
    let all: Vec<u8> = (0..=255).collect();
    let mut buffer = [0u8; 512];
    let text = encode_lower(&all, &mut buffer).unwrap();
    for (pair, byte) in text.as_bytes().chunks_exact(2).zip(0..=255u8) {
        let expected = [
            hex::DIGITS[usize::from(byte >> 4)],
            hex::DIGITS[usize::from(byte & 15)],
        ];
        assert_eq!(pair, expected);
        assert_eq!(encode_byte(byte), expected);
    }
}

#[test]
fn empty_input_is_empty_output() {
    assert_eq!(encode_lower(&[], &mut []), Ok(""));
    assert_eq!(decode(b"", Case::Lower, &mut []), Ok(&[][..]));
    assert_eq!(decode_array::<0, 0>(&[], Case::Any), Ok([]));
}
