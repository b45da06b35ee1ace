//! Property tests: round trips, agreement with the `crockford` crate, no panic on any input.

use crockford32::{
    ALPHABET, CHECK_ALPHABET, DecodeError, check_symbol, check_symbol_value, decode, decode_u64,
    encode, encode_u64, mod37, mod37_symbols,
};
use proptest::prelude::*;

/// Symbols, aliases, both cases, check symbols and a few strangers.
const MIXED: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyzOoIiLlUu*~$=-_ ıé";

fn mixed_string(max_len: usize) -> impl Strategy<Value = String> {
    let chars: Vec<char> = MIXED.chars().collect();
    proptest::collection::vec(proptest::sample::select(chars), 0..=max_len)
        .prop_map(|chars| chars.into_iter().collect())
}

fn symbols_needed(value: u128) -> usize {
    ((128 - value.leading_zeros() as usize).div_ceil(5)).max(1)
}

proptest! {
    #[test]
    fn u128_round_trips_at_every_sufficient_length(value: u128, extra in 0usize..8) {
        let mut buffer = vec![0u8; symbols_needed(value) + extra];
        encode(value, &mut buffer).unwrap();
        let text = std::str::from_utf8(&buffer).unwrap();
        prop_assert!(text.bytes().all(|byte| ALPHABET.contains(&byte)));
        prop_assert_eq!(decode(text), Ok(value));
        prop_assert_eq!(decode(&text.to_ascii_lowercase()), Ok(value));
    }

    #[test]
    fn u64_encoding_matches_the_crockford_crate(value: u64) {
        let mut buffer = [0u8; 13];
        encode_u64(value, &mut buffer).unwrap();
        let text = std::str::from_utf8(&buffer).unwrap();
        let peer = crockford::encode(value);
        prop_assert_eq!(&text[13 - peer.len()..], peer.as_str());
        prop_assert!(text[..13 - peer.len()].bytes().all(|byte| byte == b'0'));
        prop_assert_eq!(decode_u64(text), Ok(value));
    }

    #[test]
    fn one_symbol_too_few_is_an_error_not_a_truncation(value in 1u128..) {
        let needed = symbols_needed(value);
        let mut buffer = vec![b'#'; needed - 1];
        prop_assert_eq!(
            encode(value, &mut buffer),
            Err(crockford32::EncodeError::BufferTooShort { len: needed - 1, needed })
        );
        prop_assert!(buffer.iter().all(|&byte| byte == b'#'));
    }

    #[test]
    fn decoding_agrees_with_the_crockford_crate(text in mixed_string(13)) {
        // The peer has no error for the check symbols in a number, and caps the length at 13.
        let ours = decode_u64(&text).ok();
        let peer = crockford::decode(&text).ok();
        prop_assert_eq!(ours, peer);
    }

    #[test]
    fn decoding_never_panics_and_names_the_first_bad_character(text in mixed_string(40)) {
        match decode(&text) {
            Ok(value) => {
                // Every character is a symbol; the canonical form decodes to the same value.
                prop_assert!(text.bytes().all(|byte| crockford32::symbol_value(byte).is_some()));
                let canonical = crockford32::encode_to_string(value, text.len()).unwrap();
                prop_assert_eq!(decode(&canonical), Ok(value));
            }
            Err(DecodeError::InvalidCharacter { index, character }) => {
                let first_bad = text
                    .char_indices()
                    .find(|&(_, c)| !c.is_ascii() || crockford32::symbol_value(c as u8).is_none());
                prop_assert_eq!(first_bad, Some((index, character)));
            }
            Err(DecodeError::Empty) => prop_assert!(text.is_empty()),
            Err(DecodeError::Overflow { len, bits }) => {
                prop_assert_eq!((len, bits), (text.len(), 128));
                prop_assert!(text.len() >= 26);
            }
            Err(other) => prop_assert!(false, "unexpected error {other:?}"),
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes: Vec<u8>) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = decode_u64(&text);
        let _ = decode(&text);
        let _ = mod37(&text);
        let _ = mod37_symbols(bytes.iter().copied());
        for &byte in &bytes {
            let _ = (check_symbol_value(byte), check_symbol(byte));
        }
    }

    #[test]
    fn mod37_is_the_remainder_of_the_value(value: u128) {
        let text = crockford32::encode_to_string(value, 26).unwrap();
        prop_assert_eq!(mod37(&text), Ok((value % 37) as u8));
        prop_assert_eq!(mod37_symbols(text.bytes()), Some((value % 37) as u8));
    }

    #[test]
    fn check_symbols_round_trip_in_both_cases(value in 0u8..37) {
        let symbol = check_symbol(value).unwrap();
        prop_assert_eq!(CHECK_ALPHABET[value as usize], symbol);
        prop_assert_eq!(check_symbol_value(symbol), Some(value));
        prop_assert_eq!(check_symbol_value(symbol.to_ascii_lowercase()), Some(value));
    }
}

proptest! {
    #[test]
    fn arbitrary_strings_never_panic(text: String) {
        // Any Unicode, where the bytes of the other properties are mostly ASCII.
        let _ = decode_u64(&text);
        let _ = decode(&text);
        let _ = mod37(&text);
        let _ = mod37_symbols(text.bytes());
    }
}
