//! `golden/uuid7.json`: UUIDv7s from (timestamp, counter), texts read in either case, and the
//! texts, parts and values that are refused.

use serde_json::{Value, json};
use uuid7::{Error, ParseError, Uuid7};

use super::SplitMix64;

/// The example of RFC 9562, Appendix A.6: `017F22E2-79B0-7CC3-98C4-DC0C0C07398F`.
const RFC_TIMESTAMP_MS: u64 = 0x017F_22E2_79B0;
const RFC_COUNTER: u128 = (0xCC3 << 62) | 0x18C4_DC0C_0C07_398F;

pub(crate) fn vectors() -> Value {
    let mut rng = SplitMix64::new(0x9562_0007);
    let (max_ts, max_counter) = (Uuid7::MAX_TIMESTAMP_MS, Uuid7::MAX_COUNTER);

    let mut parts: Vec<(u64, u128)> = vec![
        (0, 0),
        (0, 1),
        (0, max_counter),
        (max_ts, 0),
        (max_ts, max_counter),
        (1, 0),
        // The carry from rand_b into rand_a.
        (1_700_000_000_000, (1 << 62) - 1),
        (1_700_000_000_000, 1 << 62),
        // rand_a only, rand_b only.
        (1_700_000_000_000, 0xFFF << 62),
        (1_700_000_000_000, (1 << 62) - 1 + (0xABC << 62)),
        (RFC_TIMESTAMP_MS, RFC_COUNTER),
    ];
    parts.extend((0..6).map(|_| (rng.next_u64() & max_ts, rng.next_u128() & max_counter)));
    // Timestamps of this century, the common case.
    parts.extend((0..6).map(|_| {
        let timestamp_ms = 1_600_000_000_000 + rng.next_u64() % 2_000_000_000_000;
        (timestamp_ms, rng.next_u128() & max_counter)
    }));
    let mut encode = Vec::new();
    for (timestamp_ms, counter) in parts {
        let id = Uuid7::from_parts(timestamp_ms, counter).expect("every case is in range");
        encode.push(json!({
            "timestamp_ms": timestamp_ms.to_string(),
            "counter": counter.to_string(),
            "rand_a": (counter >> 62).to_string(),
            "rand_b": (counter & ((1 << 62) - 1)).to_string(),
            "value": id.to_u128().to_string(),
            "text": id.to_string(),
        }));
    }

    // Upper and mixed case read as the lower-case text.
    let decode: Vec<Value> = [
        "017F22E2-79B0-7CC3-98C4-DC0C0C07398F",
        "017f22e2-79B0-7cC3-98c4-Dc0C0c07398F",
        "FFFFFFFF-FFFF-7FFF-BFFF-FFFFFFFFFFFF",
        "00000000-0000-7000-8000-000000000000",
        "0189DCD5-5311-7D40-8DB0-9496A2EEF37B",
    ]
    .into_iter()
    .map(|text| {
        let id: Uuid7 = text.parse().expect("every case is a UUIDv7");
        json!({
            "text": text,
            "value": id.to_u128().to_string(),
            "canonical": id.to_string(),
        })
    })
    .collect();

    let mut invalid_text = Vec::new();
    for text in [
        "",
        "017f22e2-79b0-7cc3-98c4-dc0c0c07398",
        "017f22e2-79b0-7cc3-98c4-dc0c0c07398f ",
        "{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}",
        "urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
        "017f22e279b07cc398c4dc0c0c07398f",
        // A misplaced hyphen: the first character out of place is named.
        "017f22e-279b0-7cc3-98c4-dc0c0c07398f",
        "017f22e2-79b07-cc3-98c4-dc0c0c07398f",
        "017f22e2 79b0-7cc3-98c4-dc0c0c07398f",
        "017f22e2-79b0-7cc3-98c4-dc0c0c07398g",
        "+17f22e2-79b0-7cc3-98c4-dc0c0c07398f",
        // Non-ASCII, 36 bytes but fewer characters: the length counts characters.
        "017f22e2-79b0-7cc3-98c4-dc0c0c0739é",
        "017f22e\u{2014}9b0-7cc3-98c4-dc0c0c07398f",
        // Non-ASCII, 36 characters: named whole, at the byte index where it starts.
        "017f22e2-79b0-7cc3-98c4-dc0c0c07398é",
        "017f22e2\u{2014}79b0-7cc3-98c4-dc0c0c07398f",
        // Well-formed UUIDs of another version or variant.
        "550e8400-e29b-41d4-a716-446655440000",
        "00000000-0000-0000-0000-000000000000",
        "ffffffff-ffff-ffff-ffff-ffffffffffff",
        "1ec9414c-232a-6b00-b3c8-9e6bdeced846",
        "017f22e2-79b0-7cc3-08c4-dc0c0c07398f",
        "017f22e2-79b0-7cc3-78c4-dc0c0c07398f",
        "017f22e2-79b0-7cc3-c8c4-dc0c0c07398f",
        "017f22e2-79b0-7cc3-f8c4-dc0c0c07398f",
    ] {
        let error = text.parse::<Uuid7>().expect_err("every case is refused");
        let mut case = parse_error(&error);
        case["text"] = json!(text);
        invalid_text.push(case);
    }

    let mut invalid_parts = Vec::new();
    for (timestamp_ms, counter) in [
        (1 << 48, 0),
        (u64::MAX, 0),
        (0, 1 << 74),
        (max_ts, u128::MAX),
        (1 << 48, 1 << 74),
    ] {
        let error = Uuid7::from_parts(timestamp_ms, counter).expect_err("out of range");
        let mut case = value_error(&error);
        case["timestamp_ms"] = json!(timestamp_ms.to_string());
        case["counter"] = json!(counter.to_string());
        invalid_parts.push(case);
    }

    let mut invalid_value = Vec::new();
    for value in [
        0,
        u128::MAX,
        0x550E_8400_E29B_41D4_A716_4466_5544_0000,
        0x017F_22E2_79B0_7CC3_C8C4_DC0C_0C07_398F,
        0x017F_22E2_79B0_7CC3_58C4_DC0C_0C07_398F,
    ] {
        let error = Uuid7::from_u128(value).expect_err("not a UUIDv7");
        let mut case = value_error(&error);
        case["value"] = json!(value.to_string());
        invalid_value.push(case);
    }

    json!({
        "description": "UUID version 7 (RFC 9562). `encode`: the 48-bit timestamp_ms, the 74-bit counter whose high 12 bits are rand_a and low 62 bits rand_b, the 128-bit value and its text (36 characters, lower case, hyphens at byte indices 8, 13, 18, 23). `decode`: texts in any case and the value they read as. `invalid_text`: texts refused, with the error (length: `len` characters; invalid_character: a non-hexadecimal `character` at byte `index`; missing_hyphen: `character` at a hyphen's byte `index`; version: the version `found`; variant: the two variant bits `found`); the first character out of place is reported. `invalid_parts` and `invalid_value`: out-of-range fields, or a version other than 7 or a variant other than 0b10. Integers are decimal strings.",
        "encode": encode,
        "decode": decode,
        "invalid_text": invalid_text,
        "invalid_parts": invalid_parts,
        "invalid_value": invalid_value,
    })
}

fn parse_error(error: &ParseError) -> Value {
    match *error {
        ParseError::InvalidLength { found: len, .. } => json!({ "error": "length", "len": len }),
        ParseError::InvalidCharacter { index, character } => json!({
            "error": "invalid_character", "index": index, "character": character.to_string(),
        }),
        ParseError::MissingHyphen { index, character } => json!({
            "error": "missing_hyphen", "index": index, "character": character.to_string(),
        }),
        ParseError::Version { found } => json!({ "error": "version", "found": found }),
        ParseError::Variant { found } => json!({ "error": "variant", "found": found }),
        ref other => json!({ "error": format!("{other:?}") }),
    }
}

fn value_error(error: &Error) -> Value {
    match *error {
        Error::TimestampOutOfRange { .. } => json!({ "error": "timestamp" }),
        Error::CounterOutOfRange { .. } => json!({ "error": "counter" }),
        Error::Version { found } => json!({ "error": "version", "found": found }),
        Error::Variant { found } => json!({ "error": "variant", "found": found }),
        ref other => json!({ "error": format!("{other:?}") }),
    }
}
