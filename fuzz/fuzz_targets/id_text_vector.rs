//! The vector paths of `id_text` against the scalar code, byte for byte and error for error:
//! each path the processor has (`id_text::vector_paths`), and the run-time functions that
//! choose one (`uuid_text::parse`, `parse_bytes`, `parse_version_bytes`, `encode_text`,
//! `encode_str`; `hex::parse_array`, `encode_text`, `encode_array`; `ulid_text::decode_vector`
//! against `crockford32::decode`; `ulid`'s and `uuid7`'s `FromStr` against their `const`
//! `try_parse`).
//!
//! The input is read as text that is mostly well formed, so that the vector code's success
//! path is reached as often as its refusals: a UUID's text and 24 hex digits are written from
//! the input's first 16 bytes (and a ULID's 26 symbols), then the rest of the input, three bytes at a time, puts any
//! byte at any place. Its first byte's flags upper-case the hex, lower-case the symbols, and
//! give the UUID version 7 and the RFC 9562 variant. Then the raw input itself, as text of
//! both lengths.
#![no_main]

use id_text::hex::{self, Case};
use id_text::uuid_text;
use id_text::vector_paths::Path;
use libfuzzer_sys::fuzz_target;

/// Every path and every run-time function read `text` as the scalar decoder does.
fn check_uuid(text: &[u8; 36]) {
    for case in [Case::Lower, Case::Any] {
        let scalar = uuid_text::decode(text, case);
        assert_eq!(uuid_text::parse(text, case), scalar, "{text:?}");
        assert_eq!(
            uuid_text::parse_bytes(text, case),
            scalar.map(u128::to_be_bytes),
            "{text:?}"
        );
        for path in Path::ALL {
            if let Some(vector) = path.uuid_decode(text, case) {
                assert_eq!(
                    vector,
                    scalar.ok().map(u128::to_be_bytes),
                    "{path:?} {text:?}"
                );
            }
        }
    }
    // The readings of one version (7, a UUIDv7's; 4) against their scalar reference, and
    // that against the reading of any UUID.
    let seven = uuid_text::decode_version_bytes::<7>(text);
    let expected = uuid_text::decode(text, Case::Any)
        .ok()
        .filter(|value| value >> 76 & 0xF == 7 && value >> 62 & 0b11 == 0b10);
    assert_eq!(seven, expected.map(u128::to_be_bytes), "{text:?}");
    assert_eq!(uuid_text::parse_version_bytes::<7>(text), seven, "{text:?}");
    let four = uuid_text::decode_version_bytes::<4>(text);
    assert_eq!(uuid_text::parse_version_bytes::<4>(text), four, "{text:?}");
    for path in Path::ALL {
        if let Some(vector) = path.uuid_decode_version::<7>(text) {
            assert_eq!(vector, seven, "{path:?} {text:?}");
        }
        if let Some(vector) = path.uuid_decode_version::<4>(text) {
            assert_eq!(vector, four, "{path:?} {text:?}");
        }
    }
    if let Ok(text) = core::str::from_utf8(text) {
        assert_eq!(
            text.parse::<uuid7::Uuid7>(),
            uuid7::Uuid7::try_parse(text),
            "{text:?}"
        );
    }
}

fn check_hex24(text: &[u8; 24]) {
    for case in [Case::Lower, Case::Any] {
        let scalar = hex::decode_array::<12, 24>(text, case);
        assert_eq!(hex::parse_array::<12, 24>(text, case), scalar, "{text:?}");
        for path in Path::ALL {
            if let Some(vector) = path.hex24_decode(text, case) {
                assert_eq!(vector, scalar.ok(), "{path:?} {text:?}");
            }
        }
    }
}

/// The vector path reads a ULID's symbols as the scalar codec does, or leaves them to it.
fn check_ulid(text: &[u8; 26]) {
    let scalar = core::str::from_utf8(text).ok().map(crockford32::decode);
    let vector = id_text::ulid_text::decode_vector(text);
    if let Some(value) = vector {
        assert_eq!(scalar, Some(Ok(value)), "{text:?}");
    }
    for path in Path::ALL {
        if let Some(read) = path.ulid_decode(text) {
            assert_eq!(read, scalar.and_then(Result::ok), "{path:?} {text:?}");
        }
    }
    if let Ok(text) = core::str::from_utf8(text) {
        assert_eq!(
            text.parse::<ulid::Ulid>(),
            ulid::Ulid::try_parse(text),
            "{text:?}"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let mut word = [0u8; 16];
    let head = &data[..data.len().min(16)];
    word[..head.len()].copy_from_slice(head);
    let value = u128::from_be_bytes(word);
    let Some(bytes) = word.first_chunk::<12>() else {
        return;
    };

    // Writing: every path and the run-time functions write what the scalar code writes.
    let uuid = uuid_text::encode_text_scalar(value);
    assert_eq!(uuid_text::encode_text(value), uuid);
    let mut out = [0xFF; 36];
    assert_eq!(
        uuid_text::encode_str(value.to_be_bytes(), &mut out),
        uuid.as_str()
    );
    assert_eq!(&out, uuid.as_bytes());
    let digits = hex::encode_text_scalar::<12, 24>(bytes);
    assert_eq!(hex::encode_text::<12, 24>(bytes), digits);
    let mut out = [0u8; 24];
    hex::encode_array(bytes, &mut out);
    assert_eq!(&out, digits.as_bytes());
    for path in Path::ALL {
        if let Some(text) = path.uuid_encode(value) {
            assert_eq!(&text, uuid.as_bytes(), "{path:?}");
        }
        if let Some(text) = path.hex24_encode(bytes) {
            assert_eq!(&text, digits.as_bytes(), "{path:?}");
        }
    }

    // Reading the texts written, upper-cased where the input says, then with any byte put at
    // any place, the text read after each.
    let rest = &data[head.len()..];
    // Half the UUIDs with version 7 and variant 10, so that a UUIDv7's reading is reached.
    let mut uuid = match rest.first() {
        Some(&flags) if flags & 4 == 4 => {
            let value = value & !(0xF << 76) | 7 << 76;
            *uuid_text::encode_text_scalar(value & !(0b11 << 62) | 0b10 << 62).as_bytes()
        }
        _ => *uuid.as_bytes(),
    };
    let mut digits = *digits.as_bytes();
    if rest.first().is_some_and(|&flags| flags & 1 == 1) {
        uuid.make_ascii_uppercase();
        digits.make_ascii_uppercase();
    }
    let mut symbols = *crockford32::encode_text(value).as_bytes();
    if rest.first().is_some_and(|&flags| flags & 2 == 2) {
        symbols.make_ascii_lowercase();
    }
    check_uuid(&uuid);
    check_hex24(&digits);
    check_ulid(&symbols);
    for op in rest.chunks_exact(3) {
        let (index, byte) = (usize::from(op[0]), op[1]);
        match op[2] % 3 {
            0 => {
                uuid[index % 36] = byte;
                check_uuid(&uuid);
            }
            1 => {
                digits[index % 24] = byte;
                check_hex24(&digits);
            }
            _ => {
                symbols[index % 26] = byte;
                check_ulid(&symbols);
            }
        }
    }

    // The raw input, as text of each length.
    if let Some(text) = data.first_chunk::<36>() {
        check_uuid(text);
    }
    if let Some(text) = data.first_chunk::<24>() {
        check_hex24(text);
    }
    if let Some(text) = data.first_chunk::<26>() {
        check_ulid(text);
    }
});
