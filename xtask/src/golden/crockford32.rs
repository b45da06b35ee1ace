//! `golden/crockford32.json`: encodings, decodings with aliases, rejected inputs, check symbols.

use serde_json::{Value, json};

use super::SplitMix64;

pub(crate) fn vectors() -> Value {
    let mut rng = SplitMix64::new(0x0C0C_0A32);

    let mut encode = Vec::new();
    let mut cases: Vec<(u128, usize)> = vec![
        (0, 1),
        (0, 13),
        (0, 26),
        (31, 1),
        (32, 2),
        (1023, 2),
        (1024, 3),
        (1 << 60, 13),
        (u128::from(u64::MAX), 13),
        (u128::from(u64::MAX), 26),
        (u128::MAX, 26),
        // The ULID of the ULID specification's README.
        (0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B, 26),
    ];
    cases.extend((0..8).map(|_| (u128::from(rng.next_u64()), 13)));
    cases.extend((0..8).map(|_| (rng.next_u128(), 26)));
    for (value, len) in cases {
        let text = crockford32::encode_to_string(value, len).expect("every case fits");
        encode.push(json!({ "value": value.to_string(), "len": len, "text": text }));
    }

    // Lower case and the aliases decode to the same value.
    let mut decode = Vec::new();
    for (text, value) in [
        ("0", 0u128),
        ("oO", 0),
        ("iIlL", 0x8421),
        ("zz", 1023),
        (
            "01arz3ndektsv4rrffq69g5fav",
            0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B,
        ),
        ("7ZZZZZZZZZZZZZZZZZZZZZZZZZ", u128::MAX),
        ("0000000000000000000000000000000001", 1),
    ] {
        decode.push(json!({ "text": text, "value": value.to_string() }));
    }

    let mut invalid = Vec::new();
    for (text, bits, error, index) in [
        ("", 64, "empty", None),
        ("U", 64, "invalid_character", Some(0)),
        ("12-4", 64, "invalid_character", Some(2)),
        ("ABC ", 64, "invalid_character", Some(3)),
        ("1ı", 64, "invalid_character", Some(1)),
        ("G000000000000", 64, "overflow", None),
        ("8ZZZZZZZZZZZZZZZZZZZZZZZZZ", 128, "overflow", None),
        ("100000000000000000000000000", 128, "overflow", None),
    ] {
        let mut case = json!({ "text": text, "bits": bits, "error": error });
        if let Some(index) = index {
            case["index"] = json!(index);
        }
        invalid.push(case);
    }

    let mut check = Vec::new();
    let mut payloads: Vec<String> = vec!["0".into(), "H88CMK9BVJ1V".into(), "H88CMK9BVJ1W".into()];
    for len in [1, 4, 12, 12, 12, 25, 26, 64, 200] {
        let symbols = (0..len)
            .map(|_| char::from(crockford32::ALPHABET[(rng.next_u64() % 32) as usize]))
            .collect();
        payloads.push(symbols);
    }
    for payload in payloads {
        let remainder = crockford32::mod37(&payload).expect("payloads are symbols");
        let symbol = crockford32::check_symbol(remainder).expect("a remainder is below 37");
        check.push(json!({
            "payload": payload,
            "remainder": remainder,
            "check_symbol": char::from(symbol).to_string(),
        }));
    }

    json!({
        "description": "Crockford Base32 of unsigned integers, most significant symbol first, zero-padded to `len` symbols; decoding is case-insensitive with O=0 and I=L=1; `check` gives the payload's value modulo 37 and its check symbol (0-9A-Z without ILOU, then *~$=U).",
        "encode": encode,
        "decode": decode,
        "invalid": invalid,
        "check": check,
    })
}
