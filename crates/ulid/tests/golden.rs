//! `golden/ulid.json`, read in both directions and checked against the crates.io `ulid` crate
//! (an independent implementation) and the examples of the ULID specification.

use serde_json::Value;
use ulid::{Error, ParseError, Ulid};

fn golden() -> Value {
    serde_json::from_str(include_str!("../../../golden/ulid.json")).unwrap()
}

fn cases<'a>(golden: &'a Value, key: &str) -> &'a [Value] {
    golden[key].as_array().unwrap()
}

fn str_of<'a>(case: &'a Value, key: &str) -> &'a str {
    case[key].as_str().unwrap()
}

fn u128_of(case: &Value, key: &str) -> u128 {
    str_of(case, key).parse().unwrap()
}

fn u64_of(case: &Value, key: &str) -> u64 {
    str_of(case, key).parse().unwrap()
}

fn hex_of(bytes: [u8; 16]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

#[test]
fn canonical_vectors_go_from_parts_to_text_and_back() {
    let golden = golden();
    let canonical = cases(&golden, "canonical");
    assert!(canonical.len() >= 20);
    for case in canonical {
        let (timestamp_ms, random) = (u64_of(case, "timestamp_ms"), u128_of(case, "random"));
        let (value, text) = (u128_of(case, "value"), str_of(case, "text"));

        let id = Ulid::from_parts(timestamp_ms, random).unwrap();
        assert_eq!(id.to_u128(), value, "{case}");
        assert_eq!(id.to_string(), text, "{case}");
        assert_eq!(hex_of(id.to_bytes()), str_of(case, "bytes"), "{case}");

        let parsed: Ulid = text.parse().unwrap();
        assert_eq!(parsed, id, "{case}");
        assert_eq!(
            (parsed.timestamp_ms(), parsed.random()),
            (timestamp_ms, random)
        );
        assert_eq!(ulid::extract_timestamp_ms(text), Ok(timestamp_ms), "{case}");
        assert_eq!(Ulid::from_u128(value), id);
    }
}

#[test]
fn canonical_vectors_match_the_ulid_crate() {
    let golden = golden();
    for case in cases(&golden, "canonical") {
        let (value, text) = (u128_of(case, "value"), str_of(case, "text"));
        let peer = ulid_peer::Ulid::from_string(text).unwrap();
        assert_eq!(peer.0, value, "{case}");
        assert_eq!(ulid_peer::Ulid(value).to_string(), text, "{case}");
        assert_eq!(peer.timestamp_ms(), u64_of(case, "timestamp_ms"), "{case}");
        assert_eq!(peer.random(), u128_of(case, "random"), "{case}");
        assert_eq!(hex_of(peer.to_bytes()), str_of(case, "bytes"), "{case}");
        let peer_from_parts =
            ulid_peer::Ulid::from_parts(u64_of(case, "timestamp_ms"), u128_of(case, "random"));
        assert_eq!(peer_from_parts.0, value, "{case}");
    }
}

#[test]
fn the_examples_of_the_specification_are_in_the_vectors() {
    let golden = golden();
    let texts: Vec<&str> = cases(&golden, "canonical")
        .iter()
        .map(|case| str_of(case, "text"))
        .collect();

    // The README example: 2016-07-30T23:54:10.259Z, and its value computed independently.
    assert!(texts.contains(&"01ARZ3NDEKTSV4RRFFQ69G5FAV"));
    let example: Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse().unwrap();
    assert_eq!(example.timestamp_ms(), 1_469_922_850_259);
    assert_eq!(example.to_u128(), 0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B);

    // The largest valid ULID, and the largest timestamp, 2^48 - 1.
    assert!(texts.contains(&"7ZZZZZZZZZZZZZZZZZZZZZZZZZ"));
    let largest: Ulid = "7ZZZZZZZZZZZZZZZZZZZZZZZZZ".parse().unwrap();
    assert_eq!(largest.to_u128(), u128::MAX);
    assert_eq!(largest.timestamp_ms(), 281_474_976_710_655);
    assert_eq!(
        ulid::extract_timestamp_ms("7ZZZZZZZZZ0000000000000000"),
        Ok((1 << 48) - 1)
    );
}

#[test]
fn decode_vectors_accept_either_case_and_the_aliases() {
    let golden = golden();
    let decode = cases(&golden, "decode");
    let mut compared = 0;
    for case in decode {
        let (text, value) = (str_of(case, "text"), u128_of(case, "value"));
        let id: Ulid = text.parse().unwrap();
        assert_eq!(id.to_u128(), value, "{case}");
        assert_eq!(id.to_string(), str_of(case, "canonical"), "{case}");
        // The peer reads either case but rejects the aliases O, I and L.
        if !text.contains(['O', 'o', 'I', 'i', 'L', 'l']) {
            assert_eq!(
                ulid_peer::Ulid::from_string(text).unwrap().0,
                value,
                "{case}"
            );
            compared += 1;
        } else {
            assert!(ulid_peer::Ulid::from_string(text).is_err(), "{case}");
        }
    }
    assert!(compared >= 3, "too few vectors checked against the peer");
}

#[test]
fn invalid_vectors_fail_with_the_documented_error() {
    let golden = golden();
    for case in cases(&golden, "invalid") {
        let text = str_of(case, "text");
        let error = text.parse::<Ulid>().unwrap_err();
        assert_eq!(ulid::extract_timestamp_ms(text), Err(error), "{case}");
        let expected = match str_of(case, "error") {
            "length" => ParseError::InvalidLength {
                found: case["found"].as_u64().unwrap() as usize,
                expected: 26,
            },
            "invalid_character" => ParseError::InvalidCharacter {
                index: case["index"].as_u64().unwrap() as usize,
                character: str_of(case, "character").chars().next().unwrap(),
            },
            "overflow" => ParseError::Overflow {
                first: str_of(case, "first").chars().next().unwrap(),
            },
            other => panic!("unknown error kind {other}"),
        };
        assert_eq!(error, expected, "{case}");
        match error {
            ParseError::InvalidLength { found, .. } => assert_eq!(found, text.chars().count()),
            ParseError::InvalidCharacter { index, character } => {
                assert_eq!(text[index..].chars().next(), Some(character), "{case}");
            }
            ParseError::Overflow { first } => {
                assert_eq!(text.chars().next(), Some(first));
                assert!(first > '7');
            }
            other => panic!("unexpected {other:?}"),
        }
        // The peer rejects these too, but wraps an overflowing first symbol (its documented
        // behaviour: the top two of the 130 bits are dropped).
        if str_of(case, "error") != "overflow" {
            assert!(ulid_peer::Ulid::from_string(text).is_err(), "{case}");
        }
    }
}

#[test]
fn out_of_range_vectors_name_the_field_and_its_maximum() {
    let golden = golden();
    for case in cases(&golden, "out_of_range") {
        let (timestamp_ms, random) = (u64_of(case, "timestamp_ms"), u128_of(case, "random"));
        let expected = match str_of(case, "error") {
            "timestamp_out_of_range" => Error::TimestampOutOfRange {
                value: timestamp_ms,
                max: u64_of(case, "max"),
            },
            "random_out_of_range" => Error::RandomOutOfRange {
                value: random,
                max: u128_of(case, "max"),
            },
            other => panic!("unknown error kind {other}"),
        };
        assert_eq!(
            Ulid::from_parts(timestamp_ms, random),
            Err(expected),
            "{case}"
        );
    }
}
