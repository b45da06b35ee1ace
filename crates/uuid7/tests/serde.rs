//! Feature `serde`: the text for human-readable formats, the 16 bytes for binary ones, and
//! reading exactly as strict as `FromStr`.
#![cfg(feature = "serde")]

use serde_test::{
    Compact, Configure, Readable, Token, assert_de_tokens, assert_de_tokens_error, assert_tokens,
};
use uuid7::Uuid7;

const TEXT: &str = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
const BYTES: [u8; 16] = [
    0x01, 0x7f, 0x22, 0xe2, 0x79, 0xb0, 0x7c, 0xc3, 0x98, 0xc4, 0xdc, 0x0c, 0x0c, 0x07, 0x39, 0x8f,
];

fn example() -> Uuid7 {
    TEXT.parse().unwrap()
}

#[test]
fn human_readable_formats_get_the_text() {
    assert_tokens(&example().readable(), &[Token::Str(TEXT)]);
    assert_de_tokens(&example().readable(), &[Token::String(TEXT)]);
    assert_de_tokens(&example().readable(), &[Token::BorrowedStr(TEXT)]);
    assert_de_tokens(
        &example().readable(),
        &[Token::Str("017F22E2-79B0-7CC3-98C4-DC0C0C07398F")],
    );
}

#[test]
fn binary_formats_get_the_16_bytes() {
    assert_tokens(&example().compact(), &[Token::Bytes(&BYTES)]);
    assert_de_tokens(&example().compact(), &[Token::ByteBuf(&BYTES)]);
    assert_de_tokens(&example().compact(), &[Token::BorrowedBytes(&BYTES)]);
    // Formats that write bytes as a sequence of integers.
    let mut tokens = vec![Token::Seq { len: Some(16) }];
    tokens.extend(BYTES.iter().map(|&byte| Token::U8(byte)));
    tokens.push(Token::SeqEnd);
    assert_de_tokens(&example().compact(), &tokens);
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
        assert_de_tokens_error::<Readable<Uuid7>>(&[Token::Str(text)], &error);
    }
}

#[test]
fn bytes_must_be_16_and_a_uuidv7() {
    let expected = "a UUIDv7: 36 characters xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx, or 16 bytes";
    assert_de_tokens_error::<Compact<Uuid7>>(
        &[Token::Bytes(&BYTES[..15])],
        &format!("invalid length 15, expected {expected}"),
    );
    assert_de_tokens_error::<Compact<Uuid7>>(
        &[Token::Bytes(&[0; 17])],
        &format!("invalid length 17, expected {expected}"),
    );
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
        &format!("invalid length 36, expected {expected}"),
    );
}

#[test]
fn a_byte_sequence_must_hold_exactly_16() {
    let expected = "a UUIDv7: 36 characters xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx, or 16 bytes";
    for len in [0, 15, 17, 20] {
        let mut tokens = vec![Token::Seq { len: Some(len) }];
        tokens.extend(BYTES.iter().cycle().take(len).map(|&byte| Token::U8(byte)));
        tokens.push(Token::SeqEnd);
        assert_de_tokens_error::<Compact<Uuid7>>(
            &tokens,
            &format!("invalid length {len}, expected {expected}"),
        );
    }
}

#[test]
#[cfg(feature = "std")]
fn serde_json_round_trips_the_text() {
    let id = uuid7::generate();
    let json = serde_json::to_string(&id).unwrap();
    assert_eq!(json, format!("\"{id}\""));
    assert_eq!(serde_json::from_str::<Uuid7>(&json).unwrap(), id);
    let ids = vec![id, uuid7::generate()];
    let back: Vec<Uuid7> = serde_json::from_str(&serde_json::to_string(&ids).unwrap()).unwrap();
    assert_eq!(back, ids);
    for bad in [
        "\"017f22e279b07cc398c4dc0c0c07398f\"",
        "42",
        "[1, 2]",
        "null",
    ] {
        assert!(serde_json::from_str::<Uuid7>(bad).is_err(), "{bad}");
    }
}
