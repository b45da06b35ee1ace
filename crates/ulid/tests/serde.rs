//! Feature `serde`: text for human-readable formats, 16 bytes for binary ones, and
//! deserialization exactly as strict as parsing.
#![cfg(feature = "serde")]

use test_support::serde_checks;
use ulid::Ulid;

const SPEC: Ulid = Ulid::from_u128(0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B);
const SPEC_BYTES: [u8; 16] = [
    0x01, 0x56, 0x3E, 0x3A, 0xB5, 0xD3, 0xD6, 0x76, 0x4C, 0x61, 0xEF, 0xB9, 0x93, 0x02, 0xBD, 0x5B,
];

#[test]
fn text_for_human_readable_formats_and_the_16_bytes_for_binary_ones() {
    serde_checks::assert_text_or_bytes(SPEC, "01ARZ3NDEKTSV4RRFFQ69G5FAV", &SPEC_BYTES);
    assert_eq!(
        serde_json::to_string(&SPEC).unwrap(),
        r#""01ARZ3NDEKTSV4RRFFQ69G5FAV""#
    );
    let parsed: Ulid = serde_json::from_str(r#""01arz3ndektsv4rrffq69g5fav""#).unwrap();
    assert_eq!(parsed, SPEC);
}

#[test]
#[cfg(feature = "generate")]
fn serde_json_round_trips_generated_ids() {
    let ids: Vec<Ulid> = (0..100).map(|_| ulid::generate()).collect();
    serde_checks::assert_json_round_trip(&ids, None);
    // A byte array, as a binary format would write it through serde_json.
    let as_seq = serde_json::to_string(&SPEC_BYTES).unwrap();
    let value: serde_json::Value = serde_json::from_str(&as_seq).unwrap();
    assert!(value.is_array());
}

#[test]
fn invalid_text_is_rejected_with_the_parse_error() {
    serde_checks::assert_readable_texts_refused::<Ulid>(&[
        (
            "01ARZ3NDEKTSV4RRFFQ69G5FA",
            "a ULID has 26 characters, found 25",
        ),
        (
            "8ZZZZZZZZZZZZZZZZZZZZZZZZZ",
            "first character '8' is above '7': the value does not fit in 128 bits",
        ),
        (
            "01ARZ3NDEKTSV4RRFFQ69G5FAU",
            "invalid character 'U' at byte index 25: not a Crockford Base32 symbol",
        ),
    ]);
    serde_checks::assert_json_refused::<Ulid>(&[r#""01ARZ3NDEKTSV4RRFFQ69G5FAı""#, "12345"]);
}

#[test]
fn bytes_must_be_exactly_16() {
    serde_checks::assert_byte_lengths_refused::<Ulid>(
        &SPEC_BYTES,
        &[15, 17, 18],
        "a ULID: 26 Crockford Base32 characters, or 16 bytes",
    );
}
