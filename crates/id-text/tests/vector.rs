//! The run-time codecs (vector code where the processor has it) against the scalar ones and
//! the standard library: `uuid_text::parse` and `encode_text` beside `decode` and
//! `encode_text_scalar`, `hex::parse_array` and `encode_text` (24 digits, an ObjectId's)
//! beside `decode_array` and `encode_text_scalar`. Equal byte for byte and error for error,
//! on random text, on every byte at every place, and on the texts of random values.

use id_text::hex::{self, Case, DecodeError};
use id_text::uuid_text::{self, HYPHENS, LEN};
use id_text::vector_paths::Path;
use proptest::prelude::*;

mod common;

use common::{config, is_digit, uuid_value};

const CASES: [Case; 2] = [Case::Lower, Case::Any];

/// The text of a UUID by the standard library: 32 digits, then the hyphens put in.
fn std_uuid(value: u128) -> [u8; LEN] {
    let digits = format!("{value:032x}");
    let text = [
        &digits[..8],
        &digits[8..12],
        &digits[12..16],
        &digits[16..20],
        &digits[20..],
    ]
    .join("-");
    text.into_bytes().try_into().unwrap()
}

/// What the standard library reads in a UUID's text under `case`: the value, or the first
/// byte out of place.
fn std_uuid_read(text: &[u8; LEN], case: Case) -> Result<u128, DecodeError> {
    for (index, &byte) in text.iter().enumerate() {
        if HYPHENS.contains(&index) {
            if byte != b'-' {
                return Err(DecodeError::MissingHyphen { index, byte });
            }
        } else if !is_digit(byte, case) {
            return Err(DecodeError::InvalidDigit { index, byte, case });
        }
    }
    Ok(uuid_value(text))
}

/// What the standard library reads in 24 digits under `case`.
fn std_hex24_read(text: &[u8; 24], case: Case) -> Result<[u8; 12], DecodeError> {
    if let Some(index) = text.iter().position(|&byte| !is_digit(byte, case)) {
        let byte = text[index];
        return Err(DecodeError::InvalidDigit { index, byte, case });
    }
    let mut bytes = [0u8; 12];
    for (byte, pair) in bytes.iter_mut().zip(text.chunks_exact(2)) {
        *byte = u8::from_str_radix(std::str::from_utf8(pair).unwrap(), 16).unwrap();
    }
    Ok(bytes)
}

/// What the standard library reads as a UUID of version `version` and the RFC 9562 variant:
/// the bytes of text read under `Case::Any`, with those two fields, or nothing.
fn std_uuid_version_read(text: &[u8; LEN], version: u128) -> Option<[u8; 16]> {
    let value = std_uuid_read(text, Case::Any).ok()?;
    (value >> 76 & 0xF == version && value >> 62 & 0b11 == 0b10).then(|| value.to_be_bytes())
}

/// Both UUID readers agree with each other and with the standard library, and so do the
/// readers of one version (7 and 4), on every path.
fn check_uuid(text: &[u8; LEN], case: Case) {
    let expected = std_uuid_read(text, case);
    assert_eq!(uuid_text::decode(text, case), expected, "{text:?} {case:?}");
    assert_eq!(uuid_text::parse(text, case), expected, "{text:?} {case:?}");
    let seven = std_uuid_version_read(text, 7);
    assert_eq!(uuid_text::parse_version_bytes::<7>(text), seven, "{text:?}");
    assert_eq!(
        uuid_text::decode_version_bytes::<7>(text),
        seven,
        "{text:?}"
    );
    let four = std_uuid_version_read(text, 4);
    assert_eq!(uuid_text::parse_version_bytes::<4>(text), four, "{text:?}");
    let bytes = expected.ok().map(u128::to_be_bytes);
    for path in Path::ALL {
        if let Some(read) = path.uuid_decode(text, case) {
            assert_eq!(read, bytes, "{path:?} {text:?} {case:?}");
        }
        if let Some(read) = path.uuid_decode_version::<7>(text) {
            assert_eq!(read, seven, "{path:?} {text:?}");
        }
        if let Some(read) = path.uuid_decode_version::<4>(text) {
            assert_eq!(read, four, "{path:?} {text:?}");
        }
    }
}

/// Both 24-digit readers agree with each other and with the standard library.
fn check_hex24(text: &[u8; 24], case: Case) {
    let expected = std_hex24_read(text, case);
    assert_eq!(hex::decode_array(text, case), expected, "{text:?} {case:?}");
    assert_eq!(hex::parse_array(text, case), expected, "{text:?} {case:?}");
    for path in Path::ALL {
        if let Some(read) = path.hex24_decode(text, case) {
            assert_eq!(read, expected.ok(), "{path:?} {text:?} {case:?}");
        }
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "36,864 texts: minutes under Miri; the plain test run covers it"
)]
fn every_byte_at_every_place_of_a_uuid_reads_the_same_on_every_path() {
    for base in [
        *b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
        *b"550E8400-E29B-41D4-A716-446655440000",
        *b"FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
        *b"00000000-0000-0000-0000-000000000000",
    ] {
        for case in CASES {
            for index in 0..LEN {
                for byte in 0..=u8::MAX {
                    let mut text = base;
                    text[index] = byte;
                    check_uuid(&text, case);
                }
            }
        }
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "12,288 texts: minutes under Miri; the plain test run covers it"
)]
fn every_byte_at_every_place_of_24_digits_reads_the_same_on_every_path() {
    for base in [
        *b"507c7f79bcf86cd7994f6c0e",
        *b"ffffffffffffffffffffffff",
        *b"000000000000000000000000",
    ] {
        for case in CASES {
            for index in 0..24 {
                for byte in 0..=u8::MAX {
                    let mut text = base;
                    text[index] = byte;
                    check_hex24(&text, case);
                }
            }
        }
    }
}

/// Two bad bytes: the first is reported, whichever path found the text bad.
#[test]
fn the_first_of_two_bad_bytes_is_reported_on_every_path() {
    let base = *b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
    for first in (0..LEN).step_by(if cfg!(miri) { 7 } else { 1 }) {
        for second in first + 1..LEN {
            let mut text = base;
            text[first] = b'g';
            text[second] = 0xC3;
            check_uuid(&text, Case::Any);
        }
    }
    let base = *b"507c7f79bcf86cd7994f6c0e";
    for first in 0..24 {
        for second in first + 1..24 {
            let mut text = base;
            text[first] = b'A';
            text[second] = b'-';
            check_hex24(&text, Case::Lower);
        }
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn a_uuid_is_written_alike_on_every_path_and_read_back(value in any::<u128>(), upper in any::<bool>()) {
        let expected = std_uuid(value);
        prop_assert_eq!(*uuid_text::encode_text(value).as_bytes(), expected);
        prop_assert_eq!(*uuid_text::encode_text_scalar(value).as_bytes(), expected);
        // Into a buffer of anything, the vector code's and the copy alike.
        for path in Path::ALL {
            if let Some(text) = path.uuid_encode(value) {
                prop_assert_eq!(text, expected, "{:?}", path);
            }
        }
        let mut out = [0xFF; LEN];
        prop_assert_eq!(uuid_text::encode_str(value.to_be_bytes(), &mut out).as_bytes(), &expected);
        prop_assert_eq!(out, expected);
        let mut out = [0x80; LEN];
        uuid_text::encode(value, &mut out);
        prop_assert_eq!(out, expected);
        let mut text = expected;
        if upper {
            text.make_ascii_uppercase();
        }
        prop_assert_eq!(uuid_text::parse(&text, Case::Any), Ok(value));
        check_uuid(&text, Case::Lower);
    }

    #[test]
    fn random_bytes_read_the_same_on_every_path(
        value in any::<u128>(),
        strangers in proptest::collection::vec((0..LEN, any::<u8>()), 0..4),
        case in prop_oneof![Just(Case::Lower), Just(Case::Any)],
        noise in any::<[u8; LEN]>(),
    ) {
        let mut text = std_uuid(value);
        for (index, byte) in strangers {
            text[index] = byte;
        }
        check_uuid(&text, case);
        check_uuid(&noise, case);
        let mut digits = [0u8; 24];
        digits.copy_from_slice(&text[12..]);
        check_hex24(&digits, case);
        digits.copy_from_slice(&noise[..24]);
        check_hex24(&digits, case);
    }

    #[test]
    fn twelve_bytes_are_written_alike_on_every_path_and_read_back(bytes in any::<[u8; 12]>(), upper in any::<bool>()) {
        let expected: String = bytes.iter().map(|byte| format!("{byte:02x}")).collect();
        let text = hex::encode_text::<12, 24>(&bytes);
        prop_assert_eq!(&text.as_bytes()[..], expected.as_bytes());
        let scalar = hex::encode_text_scalar::<12, 24>(&bytes);
        prop_assert_eq!(&scalar.as_bytes()[..], expected.as_bytes());
        for path in Path::ALL {
            if let Some(digits) = path.hex24_encode(&bytes) {
                prop_assert_eq!(&digits[..], expected.as_bytes(), "{:?}", path);
            }
        }
        let mut out = [0u8; 24];
        hex::encode_array(&bytes, &mut out);
        prop_assert_eq!(&out, expected.as_bytes());
        if upper {
            out.make_ascii_uppercase();
        }
        prop_assert_eq!(hex::parse_array(&out, Case::Any), Ok(bytes));
        check_hex24(&out, Case::Lower);
    }
}

#[test]
fn sse2_is_available_on_every_x86_64_build_but_miri() {
    let expected = cfg!(all(target_arch = "x86_64", not(miri)));
    assert_eq!(Path::Sse2.available(), expected);
}

#[test]
fn neon_is_available_on_every_aarch64_build_but_miri() {
    let expected = cfg!(all(target_arch = "aarch64", not(miri)));
    assert_eq!(Path::Neon.available(), expected);
}
