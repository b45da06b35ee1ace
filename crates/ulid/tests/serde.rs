//! Feature `serde`: text for human-readable formats, 16 bytes for binary ones, and
//! deserialization exactly as strict as parsing.
#![cfg(feature = "serde")]

use serde_test::{Configure, Token, assert_de_tokens_error, assert_tokens};
use ulid::Ulid;

const SPEC: Ulid = Ulid::from_u128(0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B);
const SPEC_BYTES: [u8; 16] = [
    0x01, 0x56, 0x3E, 0x3A, 0xB5, 0xD3, 0xD6, 0x76, 0x4C, 0x61, 0xEF, 0xB9, 0x93, 0x02, 0xBD, 0x5B,
];

#[test]
fn human_readable_formats_get_the_text() {
    assert_tokens(
        &SPEC.readable(),
        &[Token::Str("01ARZ3NDEKTSV4RRFFQ69G5FAV")],
    );
    assert_eq!(
        serde_json::to_string(&SPEC).unwrap(),
        r#""01ARZ3NDEKTSV4RRFFQ69G5FAV""#
    );
    let parsed: Ulid = serde_json::from_str(r#""01arz3ndektsv4rrffq69g5fav""#).unwrap();
    assert_eq!(parsed, SPEC);
}

#[test]
fn binary_formats_get_the_16_bytes() {
    assert_tokens(&SPEC.compact(), &[Token::Bytes(&SPEC_BYTES)]);
    serde_test::assert_de_tokens(&SPEC.compact(), &[Token::BorrowedBytes(&SPEC_BYTES)]);
    serde_test::assert_de_tokens(&SPEC.compact(), &[Token::ByteBuf(&SPEC_BYTES)]);
    let mut seq = vec![Token::Seq { len: Some(16) }];
    seq.extend(SPEC_BYTES.iter().map(|&byte| Token::U8(byte)));
    seq.push(Token::SeqEnd);
    serde_test::assert_de_tokens(&SPEC.compact(), &seq);
}

#[test]
#[cfg(feature = "std")]
fn serde_json_round_trips_generated_ids() {
    let ids: Vec<Ulid> = (0..100).map(|_| ulid::generate()).collect();
    let json = serde_json::to_string(&ids).unwrap();
    let back: Vec<Ulid> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, ids);
    // A byte array, as a binary format would write it through serde_json.
    let as_seq = serde_json::to_string(&SPEC_BYTES).unwrap();
    let value: serde_json::Value = serde_json::from_str(&as_seq).unwrap();
    assert!(value.is_array());
}

#[test]
fn invalid_text_is_rejected_with_the_parse_error() {
    assert_de_tokens_error::<serde_test::Readable<Ulid>>(
        &[Token::Str("01ARZ3NDEKTSV4RRFFQ69G5FA")],
        "a ULID has 26 characters, found 25",
    );
    assert_de_tokens_error::<serde_test::Readable<Ulid>>(
        &[Token::BorrowedStr("8ZZZZZZZZZZZZZZZZZZZZZZZZZ")],
        "first character '8' is above '7': the value does not fit in 128 bits",
    );
    assert_de_tokens_error::<serde_test::Readable<Ulid>>(
        &[Token::String("01ARZ3NDEKTSV4RRFFQ69G5FAU")],
        "invalid character 'U' at byte index 25: not a Crockford Base32 symbol",
    );
    assert!(serde_json::from_str::<Ulid>(r#""01ARZ3NDEKTSV4RRFFQ69G5FAı""#).is_err());
    assert!(serde_json::from_str::<Ulid>("12345").is_err());
}

#[test]
fn bytes_must_be_exactly_16() {
    assert_de_tokens_error::<serde_test::Compact<Ulid>>(
        &[Token::Bytes(&SPEC_BYTES[..15])],
        "invalid length 15, expected a ULID: 26 Crockford Base32 characters, or 16 bytes",
    );
    const LONG: [u8; 17] = [
        0x01, 0x56, 0x3E, 0x3A, 0xB5, 0xD3, 0xD6, 0x76, 0x4C, 0x61, 0xEF, 0xB9, 0x93, 0x02, 0xBD,
        0x5B, 0x00,
    ];
    assert_de_tokens_error::<serde_test::Compact<Ulid>>(
        &[Token::Bytes(&LONG)],
        "invalid length 17, expected a ULID: 26 Crockford Base32 characters, or 16 bytes",
    );

    let mut short_seq = vec![Token::Seq { len: Some(15) }];
    short_seq.extend(SPEC_BYTES[..15].iter().map(|&byte| Token::U8(byte)));
    short_seq.push(Token::SeqEnd);
    assert_de_tokens_error::<serde_test::Compact<Ulid>>(
        &short_seq,
        "invalid length 15, expected a ULID: 26 Crockford Base32 characters, or 16 bytes",
    );

    let mut long_seq = vec![Token::Seq { len: Some(18) }];
    long_seq.extend(
        SPEC_BYTES
            .iter()
            .chain(&[0, 0])
            .map(|&byte| Token::U8(byte)),
    );
    long_seq.push(Token::SeqEnd);
    assert_de_tokens_error::<serde_test::Compact<Ulid>>(
        &long_seq,
        "invalid length 18, expected a ULID: 26 Crockford Base32 characters, or 16 bytes",
    );
}
