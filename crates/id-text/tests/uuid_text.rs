//! The text of a UUID against the standard library's hex: written as `format!("{:032x}")` with
//! the hyphens put in, read back in either case, and every byte at every place refused with
//! its index unless it belongs there.

use id_text::hex::{Case, DecodeError};
use id_text::uuid_text::{HYPHENS, LEN, decode, decode_str, encode, misplaced};
use proptest::prelude::*;

mod common;

use common::{config, is_digit, uuid_value};

/// The text of a UUID by the standard library: 32 digits, then the hyphens put in.
fn std_uuid(value: u128) -> String {
    let digits = format!("{value:032x}");
    [
        &digits[..8],
        &digits[8..12],
        &digits[12..16],
        &digits[16..20],
        &digits[20..],
    ]
    .join("-")
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn a_uuid_is_written_as_the_standard_library_writes_it_and_read_back(
        value in any::<u128>(),
        upper in any::<bool>(),
    ) {
        let mut out = [0u8; LEN];
        encode(value, &mut out);
        let expected = std_uuid(value);
        prop_assert_eq!(std::str::from_utf8(&out).unwrap(), expected.as_str());
        let mut text = out;
        if upper {
            text.make_ascii_uppercase();
        }
        prop_assert_eq!(decode(&text, Case::Any), Ok(value));
        let has_upper = text.iter().any(u8::is_ascii_uppercase);
        prop_assert_eq!(decode(&text, Case::Lower).is_ok(), !has_upper);
    }

    #[test]
    fn misplaced_reports_the_first_byte_out_of_place_at_any_length(
        value in any::<u128>(),
        len in 0usize..=40,
        strangers in proptest::collection::vec((0usize..40, any::<u8>()), 0..3),
        case in prop_oneof![Just(Case::Lower), Just(Case::Any)],
    ) {
        let mut text = std_uuid(value).into_bytes();
        text.extend_from_slice(b"tail");
        for (index, byte) in strangers {
            text[index] = byte;
        }
        text.truncate(len);
        let expected = text.iter().take(LEN).enumerate().find_map(|(index, &byte)| {
            if HYPHENS.contains(&index) {
                (byte != b'-').then_some(DecodeError::MissingHyphen { index, byte })
            } else {
                (!is_digit(byte, case)).then_some(DecodeError::InvalidDigit { index, byte, case })
            }
        });
        prop_assert_eq!(misplaced(&text, case), expected);
        if let Ok(whole) = <[u8; LEN]>::try_from(&text[..]) {
            prop_assert_eq!(decode(&whole, case).err(), expected);
        }
    }
}

/// Every byte at every place of a UUID's text, against the standard library's reading: the
/// digits' places take exactly the digits of the case rule, the hyphens' places only `-`,
/// and the error names the place and the byte.
#[test]
#[cfg_attr(
    miri,
    ignore = "18,432 texts: minutes under Miri; the plain test run covers it"
)]
fn every_byte_at_every_place_of_a_uuid_is_read_as_the_standard_library_reads_it() {
    let base = *b"017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
    for case in [Case::Lower, Case::Any] {
        for index in 0..LEN {
            for byte in 0..=u8::MAX {
                let mut text = base;
                text[index] = byte;
                let expected = if HYPHENS.contains(&index) {
                    if byte == b'-' {
                        Ok(0x017f22e2_79b0_7cc3_98c4_dc0c0c07398f)
                    } else {
                        Err(DecodeError::MissingHyphen { index, byte })
                    }
                } else if is_digit(byte, case) {
                    Ok(uuid_value(&text))
                } else {
                    Err(DecodeError::InvalidDigit { index, byte, case })
                };
                assert_eq!(decode(&text, case), expected, "{byte:#04x} at {index}");
                assert_eq!(
                    misplaced(&text, case),
                    expected.err(),
                    "{byte:#04x} at {index}"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(config())]

    /// A string is read as a UUID's text only at its length: any other length is refused with
    /// the length found, whatever the string holds.
    #[test]
    fn a_string_of_another_length_is_refused_with_its_length(
        value in any::<u128>(),
        cut in 0..LEN,
        extra in "[0-9a-f-]{1,8}",
    ) {
        let text = std_uuid(value);
        prop_assert_eq!(decode_str(&text, Case::Lower), Ok(value));
        prop_assert_eq!(
            decode_str(&text[..cut], Case::Any),
            Err(DecodeError::InvalidLength { found: cut, expected: LEN })
        );
        let longer = format!("{text}{extra}");
        prop_assert_eq!(
            decode_str(&longer, Case::Any),
            Err(DecodeError::InvalidLength { found: longer.len(), expected: LEN })
        );
    }
}
