//! The checks of a `Serialize` and `Deserialize` pair that the formats' tests share, on
//! `serde_test` tokens in the human-readable and the compact configuration, and on JSON: an id
//! as a string, as bytes (or a sequence of `u8`, as formats without bytes write them), and the
//! errors for texts, byte lengths and JSON that are not an id.
//!
//! Every failure names the input it is about.

use std::fmt::Debug;
use std::panic::{AssertUnwindSafe, catch_unwind};

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_test::{
    Compact, Configure, Readable, Token, assert_de_tokens, assert_de_tokens_error, assert_tokens,
};

/// `id` serializes as the string `text` for human-readable formats, and deserializes from it
/// borrowed, transient or owned; and as `bytes` for compact formats, deserializing from them
/// borrowed, owned, or as a sequence of `u8`.
pub fn assert_text_or_bytes<T>(id: T, text: &'static str, bytes: &'static [u8])
where
    T: Serialize + DeserializeOwned + PartialEq + Debug + Copy,
{
    naming(text, || {
        assert_tokens(&id.readable(), &[Token::Str(text)]);
        assert_de_tokens(&id.readable(), &[Token::BorrowedStr(text)]);
        assert_de_tokens(&id.readable(), &[Token::String(text)]);
    });
    naming(bytes, || {
        assert_tokens(&id.compact(), &[Token::Bytes(bytes)]);
        assert_de_tokens(&id.compact(), &[Token::BorrowedBytes(bytes)]);
        assert_de_tokens(&id.compact(), &[Token::ByteBuf(bytes)]);
        assert_de_tokens(&id.compact(), &byte_seq(bytes));
    });
}

/// Compact formats: bytes, and sequences of `u8`, of each length in `lengths` (cut from
/// `bytes`, repeated where longer) are refused with `invalid length {length}, expected
/// {expecting}`.
pub fn assert_byte_lengths_refused<T>(bytes: &[u8], lengths: &[usize], expecting: &str)
where
    T: DeserializeOwned + PartialEq + Debug,
{
    for &len in lengths {
        let wrong: &'static [u8] = bytes
            .iter()
            .copied()
            .cycle()
            .take(len)
            .collect::<Vec<_>>()
            .leak();
        let message = format!("invalid length {len}, expected {expecting}");
        naming(wrong, || {
            assert_de_tokens_error::<Compact<T>>(&[Token::Bytes(wrong)], &message);
            assert_de_tokens_error::<Compact<T>>(&byte_seq(wrong), &message);
        });
    }
}

/// Human-readable formats: each text of `cases`, borrowed, transient or owned, is refused with
/// the message given.
pub fn assert_readable_texts_refused<T>(cases: &[(&'static str, &str)])
where
    T: DeserializeOwned + PartialEq + Debug,
{
    for &(text, message) in cases {
        for token in [
            Token::Str(text),
            Token::BorrowedStr(text),
            Token::String(text),
        ] {
            naming(token, || {
                assert_de_tokens_error::<Readable<T>>(&[token], message);
            });
        }
    }
}

/// Each JSON text of `cases` fails to deserialize as a `T`.
pub fn assert_json_refused<T>(cases: &[&str])
where
    T: DeserializeOwned + Debug,
{
    for json in cases {
        let read = serde_json::from_str::<T>(json);
        assert!(read.is_err(), "{json} reads as {read:?}");
    }
}

/// `ids` written as JSON are `json` (when given), and read back as themselves.
pub fn assert_json_round_trip<T>(ids: &[T], json: Option<&str>)
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let written = serde_json::to_string(ids).unwrap();
    if let Some(json) = json {
        assert_eq!(written, json, "{ids:?}");
    }
    let read: Vec<T> = serde_json::from_str(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
    assert_eq!(read, ids, "{written}");
}

/// The tokens of `bytes` as a sequence of `u8`.
fn byte_seq(bytes: &[u8]) -> Vec<Token> {
    let mut tokens = vec![Token::Seq {
        len: Some(bytes.len()),
    }];
    tokens.extend(bytes.iter().map(|&byte| Token::U8(byte)));
    tokens.push(Token::SeqEnd);
    tokens
}

/// Runs `check`, assertions of `serde_test`, and names `input` if one fails: their messages do
/// not say which tokens they were given.
fn naming(input: impl Debug, check: impl FnOnce()) {
    if let Err(panic) = catch_unwind(AssertUnwindSafe(check)) {
        let message = panic
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| panic.downcast_ref::<&str>().copied())
            .unwrap_or("a panic without a message");
        panic!("{input:?}: {message}");
    }
}
