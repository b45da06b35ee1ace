//! `golden/checksummed-id.json`: fixed payloads with their check symbol and code, and strings
//! with their verdict. Remainders, check symbols, grouping and verdicts are all recomputed by
//! the independent model of `reference`.

mod reference;

use checksummed_id::{Options, generate_with, verify_with};
use serde_json::Value;

fn golden() -> Value {
    serde_json::from_str(include_str!("../../../golden/checksummed-id.json")).unwrap()
}

fn text<'a>(case: &'a Value, key: &str) -> &'a str {
    case[key].as_str().unwrap()
}

fn sep(case: &Value) -> char {
    let mut chars = text(case, "sep").chars();
    let sep = chars.next().unwrap();
    assert_eq!(chars.next(), None, "{case}");
    sep
}

/// The separator positions of a code, as a mask over its characters.
fn layout(code: &str, sep: char) -> Vec<bool> {
    code.chars().map(|c| c == sep).collect()
}

#[test]
fn codes_match_the_model_verify_and_have_the_generator_s_layout() {
    let golden = golden();
    let codes = golden["codes"].as_array().unwrap();
    for remainder in [0, 31, 32, 33, 34, 35, 36] {
        assert!(
            codes.iter().any(|case| case["remainder"] == remainder),
            "no vector has the remainder {remainder}"
        );
    }
    for case in codes {
        let (payload, code, sep) = (text(case, "payload"), text(case, "code"), sep(case));
        let group_size = case["group_size"].as_u64().unwrap() as usize;
        let remainder = reference::remainder(payload);
        let check = char::from(reference::SYMBOLS[remainder as usize]);
        assert_eq!(case["remainder"], remainder, "{case}");
        assert_eq!(text(case, "check_symbol"), check.to_string(), "{case}");
        let expected = reference::grouped(&format!("{payload}{check}"), group_size, sep);
        assert_eq!(code, expected, "{case}");
        assert_eq!(case["generated"], remainder < 32, "{case}");
        assert!(verify_with(code, sep), "{case}");
        assert!(verify_with(&code.to_lowercase(), sep), "{case}");

        let options = Options {
            length: payload.len(),
            group_size,
            sep,
        };
        let generated = generate_with(&options).unwrap();
        assert_eq!(layout(&generated, sep), layout(code, sep), "{case}");
    }
}

#[test]
fn the_worked_examples_are_in_the_file() {
    let golden = golden();
    let codes = golden["codes"].as_array().unwrap();
    for (payload, code) in [
        ("H88CMK9BVJ1V", "H88C-MK9B-VJ1V-P"),
        ("H88CMK9BVJ1W", "H88C-MK9B-VJ1W-Q"),
    ] {
        let case = codes
            .iter()
            .find(|case| case["payload"] == payload)
            .unwrap();
        assert_eq!(text(case, "code"), code);
    }
}

#[test]
fn verify_vectors_match_the_crate_and_the_model() {
    let golden = golden();
    let cases = golden["verify"].as_array().unwrap();
    let valid = cases.iter().filter(|case| case["valid"] == true).count();
    assert!(
        valid >= 10 && cases.len() - valid >= 10,
        "{valid} of {}",
        cases.len()
    );
    for case in cases {
        let (text, sep) = (text(case, "text"), sep(case));
        let expected = case["valid"].as_bool().unwrap();
        assert_eq!(verify_with(text, sep), expected, "{case}");
        assert_eq!(reference::verify(text, sep), expected, "{case}");
    }
}
