//! `golden/ulid.json`: ULIDs from their parts, accepted non-canonical texts, rejected texts
//! and parts out of range.

use ::ulid::{Error, ParseError, Ulid};
use serde_json::{Value, json};

use super::SplitMix64;

const MAX_TIMESTAMP_MS: u64 = (1 << 48) - 1;
const MAX_RANDOM: u128 = (1 << 80) - 1;

pub(crate) fn vectors() -> Value {
    let mut rng = SplitMix64::new(0x0001_D0CA_5E00);

    let mut parts: Vec<(u64, u128)> = vec![
        (0, 0),
        (0, 1),
        (1, 0),
        (0, MAX_RANDOM),
        (MAX_TIMESTAMP_MS, 0),
        (MAX_TIMESTAMP_MS, MAX_RANDOM),
        (MAX_TIMESTAMP_MS - 1, MAX_RANDOM),
        // The example of the ULID specification's README: 2016-07-30T23:54:10.259Z.
        (1_469_922_850_259, 0xD676_4C61_EFB9_9302_BD5B),
        // Where the timestamp and the random part leave 32 and 64 bits.
        ((1 << 32) - 1, (1 << 64) - 1),
        (1 << 32, 1 << 64),
        // Either side of the boundary between the 10th symbol, the last of the timestamp, and
        // the 11th, the first of the random part: the top bits of the random part, the low
        // bits of the timestamp.
        (946_684_800_000, 1 << 79),
        (1_704_067_200_000, 0b11 << 78),
        (0b111, 0b11 << 78),
    ];
    parts.extend((0..16).map(|_| {
        (
            rng.next_u64() & MAX_TIMESTAMP_MS,
            rng.next_u128() & MAX_RANDOM,
        )
    }));
    let mut canonical = Vec::new();
    let mut texts = Vec::new();
    for (timestamp_ms, random) in parts {
        let id = Ulid::from_parts(timestamp_ms, random).expect("every case is in range");
        let bytes: String = id.to_bytes().iter().map(|b| format!("{b:02x}")).collect();
        texts.push(id.to_string());
        canonical.push(json!({
            "timestamp_ms": timestamp_ms.to_string(),
            "random": random.to_string(),
            "value": id.to_u128().to_string(),
            "bytes": bytes,
            "text": id.to_string(),
        }));
    }

    // Lower case and the aliases O = 0, I = L = 1 read as the canonical symbols.
    let mut alternatives = vec![
        "01arz3ndektsv4rrffq69g5fav".to_owned(),
        "7zzzzzzzzzzzzzzzzzzzzzzzzz".to_owned(),
        "OOOOOOOOOOOOOOOOOOOOOOOOOO".to_owned(),
        "oooooooooooooooooooooooooo".to_owned(),
        "0000000000000000000000000I".to_owned(),
        "0000000000000000000000000i".to_owned(),
        "0000000000000000000000000L".to_owned(),
        "0000000000000000000000000l".to_owned(),
        "1IiLl1IiLl1IiLl1IiLl1IiLl1".to_owned(),
    ];
    for text in texts.iter().skip(13).take(6) {
        alternatives.push(scramble(text, &mut rng));
    }
    let decode: Vec<Value> = alternatives
        .iter()
        .map(|text| {
            let id: Ulid = text.parse().expect("an accepted alternative");
            json!({ "text": text, "value": id.to_u128().to_string(), "canonical": id.to_string() })
        })
        .collect();

    let invalid: Vec<Value> = [
        "",
        "01ARZ3NDEKTSV4RRFFQ69G5FA",
        "01ARZ3NDEKTSV4RRFFQ69G5FAVX",
        "01ARZ3NDEKTSV4RRFFQ69G5FAV ",
        "01ARZ3ND-EKTS-V4RR-FFQ6-9G5FAV",
        "01ARZ3NDEKTSV4RRFFQ69G5FAU",
        "u1ARZ3NDEKTSV4RRFFQ69G5FAV",
        "01ARZ3NDEK-SV4RRFFQ69G5FAV",
        " 1ARZ3NDEKTSV4RRFFQ69G5FAV",
        "01ARZ3NDEKTSV4RRFFQ69G5FA*",
        "01ARZ3NDEKTSV4RRFFQ69G5FAı",
        "01ARZ3NDEKTSV4RRFFQ69G5Fı",
        "01ARZ3NDEKTSV4RRFFQ69G5FAé",
        "ıııııııııııııııııııııııııı",
        "8ZZZZZZZZZZZZZZZZZZZZZZZZZ",
        "80000000000000000000000000",
        "ZZZZZZZZZZZZZZZZZZZZZZZZZZ",
        "z0000000000000000000000000",
    ]
    .into_iter()
    .map(|text| {
        let error = text.parse::<Ulid>().expect_err("an invalid text");
        let mut case = json!({ "text": text });
        match error {
            ParseError::InvalidLength { found, expected } => {
                case["error"] = json!("length");
                case["found"] = json!(found);
                case["expected"] = json!(expected);
            }
            ParseError::InvalidCharacter { index, character } => {
                case["error"] = json!("invalid_character");
                case["index"] = json!(index);
                case["character"] = json!(character.to_string());
            }
            ParseError::Overflow { first } => {
                case["error"] = json!("overflow");
                case["first"] = json!(first.to_string());
            }
            other => panic!("{text:?}: unexpected error {other:?}"),
        }
        case
    })
    .collect();

    let out_of_range: Vec<Value> = [
        (MAX_TIMESTAMP_MS + 1, 0),
        (u64::MAX, 0),
        (0, MAX_RANDOM + 1),
        (0, u128::MAX),
        (MAX_TIMESTAMP_MS + 1, MAX_RANDOM + 1),
    ]
    .into_iter()
    .map(|(timestamp_ms, random)| {
        let error = Ulid::from_parts(timestamp_ms, random).expect_err("out of range");
        let (name, max) = match error {
            Error::TimestampOutOfRange { max, .. } => ("timestamp_out_of_range", u128::from(max)),
            Error::RandomOutOfRange { max, .. } => ("random_out_of_range", max),
            other => panic!("unexpected error {other:?}"),
        };
        json!({
            "timestamp_ms": timestamp_ms.to_string(),
            "random": random.to_string(),
            "error": name,
            "max": max.to_string(),
        })
    })
    .collect();

    json!({
        "description": "ULID (https://github.com/ulid/spec): a 48-bit Unix timestamp in milliseconds above an 80-bit random part, as a big-endian u128 (`value`, 16 `bytes` in hex) and as 26 Crockford Base32 symbols, upper case (`text`). `canonical`: parts to value, bytes and text, and back. `decode`: other texts that parse (either case; O reads as 0, I and L as 1) and the canonical text of their value. `invalid`: texts that do not parse, with the error: `length` (in characters, checked first), `invalid_character` (the first one, at its byte `index`), or `overflow` (26 symbols whose first is above 7, so the value needs more than 128 bits). `out_of_range`: parts that do not fit, the timestamp checked first.",
        "canonical": canonical,
        "decode": decode,
        "invalid": invalid,
        "out_of_range": out_of_range,
    })
}

/// `text` with random letters in lower case and random `0`/`1` written as aliases.
fn scramble(text: &str, rng: &mut SplitMix64) -> String {
    text.chars()
        .map(|symbol| {
            let draw = rng.next_u64() % 4;
            match (symbol, draw) {
                ('0', 0) => 'O',
                ('0', 1) => 'o',
                ('1', 0) => 'I',
                ('1', 1) => 'l',
                ('1', 2) => 'L',
                (letter, 0 | 1) => letter.to_ascii_lowercase(),
                (other, _) => other,
            }
        })
        .collect()
}
