//! `ulid_text::decode_vector` against Crockford's specification, read the slow way: the
//! value of every valid text (either case, the aliases `O`, `I`, `L`), `None` for every
//! other, on every byte at every place and on the texts of random values. Where this build
//! or processor has no vector path, `None` everywhere is the answer.

use id_text::ulid_text::decode_vector;
use proptest::prelude::*;

mod common;

use common::config;

const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// The value of one symbol by the specification.
fn symbol(byte: u8) -> Option<u128> {
    let byte = match byte.to_ascii_uppercase() {
        b'O' => b'0',
        b'I' | b'L' => b'1',
        other => other,
    };
    ALPHABET.iter().position(|&s| s == byte).map(|v| v as u128)
}

/// A ULID's value by the specification: 26 symbols, at most 128 bits.
fn reference(text: &[u8; 26]) -> Option<u128> {
    let mut value = 0u128;
    for &byte in text {
        value = value.checked_mul(32)?.checked_add(symbol(byte)?)?;
    }
    Some(value)
}

/// The 26 symbols of `value`, most significant first.
fn text_of(value: u128) -> [u8; 26] {
    let mut text = [0u8; 26];
    for (index, slot) in text.iter_mut().enumerate() {
        *slot = ALPHABET[((value >> (5 * (25 - index))) & 31) as usize];
    }
    text
}

fn check(text: &[u8; 26]) {
    if let Some(read) = decode_vector(b"01ARZ3NDEKTSV4RRFFQ69G5FAV") {
        // The vector path runs here: it answers exactly as the specification.
        assert_eq!(read, 0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B);
        assert_eq!(decode_vector(text), reference(text), "{text:?}");
    } else {
        assert_eq!(decode_vector(text), None);
    }
}

#[test]
#[cfg_attr(miri, ignore = "no vector path under Miri")]
fn every_byte_at_every_place_reads_as_the_specification_says() {
    for base in [
        *b"01ARZ3NDEKTSV4RRFFQ69G5FAV",
        *b"7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
        *b"00000000000000000000000000",
        *b"7zzzzzzzzzzzzzzzzzzzzzzzzz",
    ] {
        check(&base);
        for index in 0..26 {
            for byte in 0..=u8::MAX {
                let mut text = base;
                text[index] = byte;
                check(&text);
            }
        }
    }
}

#[test]
fn the_spec_example_and_the_extremes() {
    for (text, value) in [
        (
            b"01ARZ3NDEKTSV4RRFFQ69G5FAV",
            Some(0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B),
        ),
        (b"7ZZZZZZZZZZZZZZZZZZZZZZZZZ", Some(u128::MAX)),
        (b"8ZZZZZZZZZZZZZZZZZZZZZZZZZ", None),
        (b"OOOOOOOOOOOOOOOOOOOOOOOOOl", Some(1)),
    ] {
        assert_eq!(reference(text), value);
        check(text);
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn random_values_and_strangers_read_as_the_specification_says(
        value in any::<u128>(),
        lower in any::<bool>(),
        strangers in proptest::collection::vec((0..26usize, any::<u8>()), 0..3),
    ) {
        let mut text = text_of(value);
        if lower {
            text.make_ascii_lowercase();
        }
        prop_assert_eq!(reference(&text), Some(value));
        check(&text);
        for (index, byte) in strangers {
            text[index] = byte;
        }
        check(&text);
    }
}
