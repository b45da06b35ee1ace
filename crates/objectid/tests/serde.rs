//! Feature `serde`: text for human-readable formats, bytes for binary ones, strict both ways.
#![cfg(feature = "serde")]

use objectid::ObjectId;
use serde_test::{Compact, Token, assert_de_tokens_error};
use test_support::serde_checks;

const TEXT: &str = "507c7f79bcf86cd7994f6c0e";
const BYTES: [u8; 12] = [
    0x50, 0x7c, 0x7f, 0x79, 0xbc, 0xf8, 0x6c, 0xd7, 0x99, 0x4f, 0x6c, 0x0e,
];
/// What serde's messages say an ObjectId is.
const EXPECTING: &str = "an ObjectId: 24 lower-case hex characters or 12 bytes";

#[test]
fn text_for_human_readable_formats_and_bytes_for_binary_ones() {
    serde_checks::assert_text_or_bytes(ObjectId::from_bytes(BYTES), TEXT, &BYTES);
}

#[test]
fn deserializing_is_as_strict_as_parsing() {
    serde_checks::assert_readable_texts_refused::<ObjectId>(&[
        (
            "507C7F79BCF86CD7994F6C0E",
            "invalid character 'C' at byte index 3: expected a lower-case hex digit (0-9, a-f)",
        ),
        (
            "507c7f79",
            "an ObjectId has 24 lower-case hex characters, found 8",
        ),
    ]);
    serde_checks::assert_byte_lengths_refused::<ObjectId>(&BYTES, &[2, 11, 13], EXPECTING);
    assert_de_tokens_error::<Compact<ObjectId>>(
        &[Token::U64(7)],
        &format!("invalid type: integer `7`, expected {EXPECTING}"),
    );
}

#[test]
fn json_round_trips_the_text_and_rejects_anything_else() {
    let id: ObjectId = TEXT.parse().unwrap();
    let json = serde_json::to_string(&id).unwrap();
    assert_eq!(json, format!("\"{TEXT}\""));
    assert_eq!(serde_json::from_str::<ObjectId>(&json).unwrap(), id);
    #[cfg(feature = "generate")]
    serde_checks::assert_json_round_trip(&[objectid::generate()], None);
    serde_checks::assert_json_refused::<ObjectId>(&[
        "\"507C7F79BCF86CD7994F6C0E\"",
        "\"0x507c7f79bcf86cd7994f6c\"",
        "\" 507c7f79bcf86cd7994f6c0e\"",
        "12",
        "null",
    ]);
}
