//! `golden/crockford32.json`, read in both directions and checked against the `crockford`
//! crate, an independent implementation.

use crockford32::{DecodeError, check_symbol, decode, decode_u64, encode_to_string, mod37};
use serde_json::Value;

fn golden() -> Value {
    serde_json::from_str(include_str!("../../../golden/crockford32.json")).unwrap()
}

fn cases<'a>(golden: &'a Value, key: &str) -> &'a [Value] {
    golden[key].as_array().unwrap()
}

fn u128_of(value: &Value) -> u128 {
    value.as_str().unwrap().parse().unwrap()
}

#[test]
fn encode_vectors_round_trip_and_match_the_crockford_crate() {
    let golden = golden();
    let mut compared = 0;
    for case in cases(&golden, "encode") {
        let (value, len, text) = (
            u128_of(&case["value"]),
            case["len"].as_u64().unwrap() as usize,
            case["text"].as_str().unwrap(),
        );
        assert_eq!(encode_to_string(value, len).unwrap(), text, "{case}");
        assert_eq!(decode(text), Ok(value), "{case}");
        if let Ok(small) = u64::try_from(value) {
            // The peer writes no padding.
            let unpadded = text.trim_start_matches('0');
            let unpadded = if unpadded.is_empty() { "0" } else { unpadded };
            assert_eq!(crockford::encode(small), unpadded, "{case}");
            assert_eq!(decode_u64(text), Ok(small), "{case}");
            compared += 1;
        }
    }
    assert!(compared >= 10, "too few vectors checked against the peer");
}

#[test]
fn decode_vectors_accept_lower_case_and_aliases() {
    let golden = golden();
    for case in cases(&golden, "decode") {
        let (text, value) = (case["text"].as_str().unwrap(), u128_of(&case["value"]));
        assert_eq!(decode(text), Ok(value), "{case}");
        if text.len() <= 13 {
            assert_eq!(crockford::decode(text).map(u128::from), Ok(value), "{case}");
        }
    }
}

#[test]
fn invalid_vectors_fail_with_the_documented_error() {
    let golden = golden();
    for case in cases(&golden, "invalid") {
        let text = case["text"].as_str().unwrap();
        let result = match case["bits"].as_u64().unwrap() {
            64 => decode_u64(text).map(u128::from),
            128 => decode(text),
            bits => panic!("unexpected width {bits}"),
        };
        let error = result.expect_err(text);
        match (case["error"].as_str().unwrap(), error) {
            ("empty", DecodeError::Empty) => {}
            ("overflow", DecodeError::Overflow { len, .. }) => assert_eq!(len, text.len()),
            ("invalid_character", DecodeError::InvalidCharacter { index, character }) => {
                assert_eq!(index as u64, case["index"].as_u64().unwrap(), "{case}");
                assert_eq!(text[index..].chars().next(), Some(character), "{case}");
            }
            (expected, found) => panic!("{text:?}: expected {expected}, found {found:?}"),
        }
    }
}

/// The remainder modulo 37 in arithmetic that shares nothing with the crate: the payload in
/// chunks of 12 symbols decoded by the `crockford` crate, `r = (r * 32^12 + chunk) % 37`.
fn independent_mod37(payload: &str) -> u8 {
    let mut remainder = 0u128;
    for chunk in payload.as_bytes().chunks(12) {
        let chunk = std::str::from_utf8(chunk).unwrap();
        let value = u128::from(crockford::decode(chunk).unwrap());
        remainder = (remainder * (1u128 << (5 * chunk.len())) + value) % 37;
    }
    remainder as u8
}

#[test]
fn check_vectors_match_an_independent_remainder() {
    let golden = golden();
    let check = cases(&golden, "check");
    assert!(
        check
            .iter()
            .any(|case| case["payload"].as_str().unwrap().len() > 100)
    );
    for case in check {
        let payload = case["payload"].as_str().unwrap();
        let remainder = case["remainder"].as_u64().unwrap() as u8;
        let symbol = case["check_symbol"].as_str().unwrap().as_bytes()[0];
        assert_eq!(mod37(payload), Ok(remainder), "{case}");
        assert_eq!(independent_mod37(payload), remainder, "{case}");
        assert_eq!(check_symbol(remainder), Some(symbol), "{case}");
    }
}

#[test]
fn worked_examples_of_the_check_symbol() {
    // H88CMK9BVJ1V is 621792125603661883, which is 22 modulo 37; P is
    // the 23rd symbol. One more, and Q.
    assert_eq!(
        crockford::decode("H88CMK9BVJ1V"),
        Ok(621_792_125_603_661_883)
    );
    assert_eq!(621_792_125_603_661_883u64 % 37, 22);
    assert_eq!(mod37("H88CMK9BVJ1V").map(check_symbol), Ok(Some(b'P')));
    assert_eq!(mod37("H88CMK9BVJ1W").map(check_symbol), Ok(Some(b'Q')));
}
