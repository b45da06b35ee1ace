//! Strategies for the formats' property tests: strings over an alphabet of symbols and
//! strangers, and text and bytes around the one length that a parser's length check lets
//! through.

use proptest::collection::{SizeRange, vec};
use proptest::prelude::*;

/// Strings of the characters of `alphabet`, of a length in `len`.
pub fn string_of(alphabet: &str, len: impl Into<SizeRange>) -> impl Strategy<Value = String> {
    let chars: Vec<char> = alphabet.chars().collect();
    vec(proptest::sample::select(chars), len).prop_map(String::from_iter)
}

/// Bytes of any value and any length below 100, and runs of exactly `len` bytes (of any value,
/// or printable ASCII): past the length check of a text of `len` characters.
pub fn bytes_around(len: usize) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        vec(any::<u8>(), 0..100),
        vec(any::<u8>(), len),
        vec(0x20u8..0x80, len),
    ]
}

/// Text of any kind: any string, any `len` characters (past the length check of a text of `len`
/// characters, when they are ASCII), or bytes of [`bytes_around`] read as UTF-8 with
/// replacement characters.
pub fn text_around(len: usize) -> impl Strategy<Value = String> {
    let characters = proptest::string::string_regex(&format!("\\PC{{{len}}}")).unwrap();
    prop_oneof![
        any::<String>(),
        characters,
        bytes_around(len).prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
    ]
}
