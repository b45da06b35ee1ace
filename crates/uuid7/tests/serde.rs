//! Feature `serde`: the text for human-readable formats, the 16 bytes for binary ones, and
//! reading exactly as strict as `FromStr`.
#![cfg(feature = "serde")]

use serde_test::{Compact, Configure, Token, assert_de_tokens, assert_de_tokens_error};
use test_support::serde_checks;
use uuid7::Uuid7;

const TEXT: &str = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
const BYTES: [u8; 16] = [
    0x01, 0x7f, 0x22, 0xe2, 0x79, 0xb0, 0x7c, 0xc3, 0x98, 0xc4, 0xdc, 0x0c, 0x0c, 0x07, 0x39, 0x8f,
];
/// What serde's messages say a UUIDv7 is.
const EXPECTING: &str = "a UUIDv7: 36 characters xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx, or 16 bytes";

#[test]
fn text_for_human_readable_formats_and_the_16_bytes_for_binary_ones() {
    let id: Uuid7 = TEXT.parse().unwrap();
    serde_checks::assert_text_or_bytes(id, TEXT, &BYTES);
    assert_de_tokens(
        &id.readable(),
        &[Token::Str("017F22E2-79B0-7CC3-98C4-DC0C0C07398F")],
    );
}

#[test]
fn text_is_read_as_strictly_as_from_str() {
    for text in [
        "{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}",
        "urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
        "017f22e279b07cc398c4dc0c0c07398f",
        "550e8400-e29b-41d4-a716-446655440000",
        "017f22e2-79b0-7cc3-c8c4-dc0c0c07398f",
        "017f22e2-79b0-7cc3-98c4-dc0c0c07398g",
    ] {
        let error = text.parse::<Uuid7>().unwrap_err().to_string();
        serde_checks::assert_readable_texts_refused::<Uuid7>(&[(text, &error)]);
    }
}

#[test]
fn bytes_must_be_16_and_a_uuidv7() {
    serde_checks::assert_byte_lengths_refused::<Uuid7>(&BYTES, &[0, 15, 17, 20], EXPECTING);
    const V4: [u8; 16] = {
        let mut bytes = BYTES;
        bytes[6] = 0x4c;
        bytes
    };
    assert_de_tokens_error::<Compact<Uuid7>>(
        &[Token::Bytes(&V4)],
        "version 4 in the version field: expected 7",
    );
    // The text is not accepted as bytes.
    assert_de_tokens_error::<Compact<Uuid7>>(
        &[Token::Bytes(TEXT.as_bytes())],
        &format!("invalid length 36, expected {EXPECTING}"),
    );
}

#[test]
#[cfg(feature = "generate")]
fn serde_json_round_trips_the_text() {
    let id = uuid7::generate();
    let json = serde_json::to_string(&id).unwrap();
    assert_eq!(json, format!("\"{id}\""));
    assert_eq!(serde_json::from_str::<Uuid7>(&json).unwrap(), id);
    serde_checks::assert_json_round_trip(&[id, uuid7::generate()], None);
    serde_checks::assert_json_refused::<Uuid7>(&[
        "\"017f22e279b07cc398c4dc0c0c07398f\"",
        "42",
        "[1, 2]",
        "null",
    ]);
}
