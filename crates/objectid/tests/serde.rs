//! Feature `serde`: text for human-readable formats, bytes for binary ones, strict both ways.
#![cfg(feature = "serde")]

use objectid::ObjectId;
use serde_test::{Configure, Token, assert_de_tokens, assert_de_tokens_error, assert_tokens};

const TEXT: &str = "507c7f79bcf86cd7994f6c0e";
const BYTES: [u8; 12] = [
    0x50, 0x7c, 0x7f, 0x79, 0xbc, 0xf8, 0x6c, 0xd7, 0x99, 0x4f, 0x6c, 0x0e,
];

fn id() -> ObjectId {
    TEXT.parse().unwrap()
}

#[test]
fn human_readable_formats_get_the_text() {
    assert_tokens(&id().readable(), &[Token::Str(TEXT)]);
    assert_de_tokens(&id().readable(), &[Token::BorrowedStr(TEXT)]);
    assert_de_tokens(&id().readable(), &[Token::String(TEXT)]);
}

#[test]
fn binary_formats_get_the_bytes() {
    assert_tokens(&id().compact(), &[Token::Bytes(&BYTES)]);
    assert_de_tokens(&id().compact(), &[Token::BorrowedBytes(&BYTES)]);
    assert_de_tokens(&id().compact(), &[Token::ByteBuf(&BYTES)]);
    let mut seq = vec![Token::Seq { len: Some(12) }];
    seq.extend(BYTES.iter().map(|&byte| Token::U8(byte)));
    seq.push(Token::SeqEnd);
    assert_de_tokens(&id().compact(), &seq);
}

#[test]
fn deserializing_is_as_strict_as_parsing() {
    assert_de_tokens_error::<serde_test::Readable<ObjectId>>(
        &[Token::Str("507C7F79BCF86CD7994F6C0E")],
        "invalid character 'C' at byte index 3: expected a lower-case hex digit (0-9, a-f)",
    );
    assert_de_tokens_error::<serde_test::Readable<ObjectId>>(
        &[Token::Str("507c7f79")],
        "an ObjectId has 24 lower-case hex characters, found 8",
    );
    assert_de_tokens_error::<serde_test::Compact<ObjectId>>(
        &[Token::Bytes(&BYTES[..11])],
        "invalid length 11, expected an ObjectId: 24 lower-case hex characters or 12 bytes",
    );
    assert_de_tokens_error::<serde_test::Compact<ObjectId>>(
        &[
            Token::Seq { len: Some(2) },
            Token::U8(1),
            Token::U8(2),
            Token::SeqEnd,
        ],
        "invalid length 2, expected an ObjectId: 24 lower-case hex characters or 12 bytes",
    );
    let mut long = vec![Token::Seq { len: Some(13) }];
    long.extend([0u8; 13].iter().map(|&byte| Token::U8(byte)));
    long.push(Token::SeqEnd);
    assert_de_tokens_error::<serde_test::Compact<ObjectId>>(
        &long,
        "invalid length 13, expected an ObjectId: 24 lower-case hex characters or 12 bytes",
    );
    assert_de_tokens_error::<serde_test::Compact<ObjectId>>(
        &[Token::U64(7)],
        "invalid type: integer `7`, expected an ObjectId: 24 lower-case hex characters or 12 bytes",
    );
}

#[test]
fn json_round_trips_the_text_and_rejects_anything_else() {
    let id = id();
    let json = serde_json::to_string(&id).unwrap();
    assert_eq!(json, format!("\"{TEXT}\""));
    assert_eq!(serde_json::from_str::<ObjectId>(&json).unwrap(), id);
    #[cfg(feature = "std")]
    {
        let generated = objectid::generate();
        let back: ObjectId =
            serde_json::from_str(&serde_json::to_string(&generated).unwrap()).unwrap();
        assert_eq!(back, generated);
    }
    for bad in [
        "\"507C7F79BCF86CD7994F6C0E\"",
        "\"0x507c7f79bcf86cd7994f6c\"",
        "\" 507c7f79bcf86cd7994f6c0e\"",
        "12",
        "null",
    ] {
        assert!(serde_json::from_str::<ObjectId>(bad).is_err(), "{bad}");
    }
}
