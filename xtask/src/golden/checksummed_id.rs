//! `golden/checksummed-id.json`: fixed payloads with their check symbol and formatted code, and
//! strings with the verdict of `verify`.
//!
//! Generated codes are random, so the vectors fix the payload: other implementations compute
//! the check symbol and the grouping from it, and run their verifier on `verify`.

use crockford32::ALPHABET;
use serde_json::{Value, json};

use super::SplitMix64;

pub(crate) fn vectors() -> Value {
    let mut rng = SplitMix64::new(0xC4EC_C5A7);

    // (payload, group_size, sep)
    let mut shapes: Vec<(String, usize, char)> = vec![
        ("H88CMK9BVJ1V".into(), 4, '-'),
        ("H88CMK9BVJ1W".into(), 4, '-'),
        ("000000000000".into(), 4, '-'),
        ("ZZZZZZZZZZZZ".into(), 4, '-'),
        ("0".into(), 4, '-'),
        ("Z".into(), 1, '-'),
        ("10".into(), 0, '-'),
        ("Z".repeat(26), 4, '-'),
    ];
    // One payload for each remainder at the edges of the plain check symbols and beyond.
    for remainder in [0, 1, 31, 32, 33, 34, 35, 36] {
        shapes.push((payload_with_remainder(&mut rng, 12, remainder), 4, '-'));
    }
    for (len, group_size, sep) in [
        (1, 0, '-'),
        (2, 1, '-'),
        (4, 4, '-'),
        (10, 4, '-'),
        (11, 4, '-'),
        (12, 4, '-'),
        (12, 4, '-'),
        (12, 4, '-'),
        (12, 0, '-'),
        (12, 3, ' '),
        (12, 4, '_'),
        (12, 4, '·'),
        (13, 5, '.'),
        (20, 5, '-'),
        (25, 5, '/'),
        (26, 4, '-'),
        (50, 10, '-'),
        (200, 8, '-'),
    ] {
        let payload = random_payload(&mut rng, len);
        shapes.push((payload, group_size, sep));
    }

    let mut codes = Vec::new();
    for (payload, group_size, sep) in shapes {
        let remainder = crockford32::mod37(&payload).expect("payloads are symbols");
        let check = crockford32::check_symbol(remainder).expect("a remainder is below 37");
        let code = grouped(&format!("{payload}{}", char::from(check)), group_size, sep);
        codes.push(json!({
            "payload": payload,
            "remainder": remainder,
            "check_symbol": char::from(check).to_string(),
            "group_size": group_size,
            "sep": sep.to_string(),
            "code": code,
            "generated": remainder < 32,
        }));
    }

    let extended: Vec<(String, char)> = codes
        .iter()
        .filter(|case| case["remainder"].as_u64() >= Some(32))
        .filter_map(|case| {
            let code = case["code"].as_str()?.to_owned();
            Some((code, case["sep"].as_str()?.chars().next()?))
        })
        .collect();
    let long = codes
        .iter()
        .filter_map(|case| case["code"].as_str())
        .max_by_key(|code| code.len())
        .unwrap_or_default()
        .to_owned();

    // (text, sep, valid, why), one a line: the table reads down its columns.
    #[rustfmt::skip]
    let fixed: &[(&str, char, bool, &str)] = &[
        ("H88C-MK9B-VJ1V-P", '-', true, "worked example"),
        ("H88C-MK9B-VJ1W-Q", '-', true, "worked example"),
        ("H88CMK9BVJ1VP", '-', true, "no separator"),
        ("H-88CMK9BVJ1V-P", '-', true, "separators moved"),
        ("--H88C--MK9B-VJ1V-P--", '-', true, "separators repeated, at both ends"),
        ("h88c-mk9b-vj1v-p", '-', true, "lower case"),
        ("H88c-Mk9B-vJ1V-p", '-', true, "mixed case"),
        ("H88C-MK9B-VJIV-P", '-', true, "alias I for 1"),
        ("H88C-MK9B-VJlV-P", '-', true, "alias l for 1"),
        ("OOOO-oooo-0000-O", '-', true, "alias O and o for 0, check symbol too"),
        ("H88C MK9B VJ1V P", ' ', true, "space separator"),
        ("H88C·MK9B·VJ1V·P", '·', true, "non-ASCII separator"),
        ("00", '-', true, "shortest: one payload symbol and the check symbol"),
        ("10U", '-', false, "payload 32 with the check symbol of 36"),
        ("14u", '-', true, "payload 36: check symbol u, lower case"),
        ("", '-', false, "empty"),
        ("-", '-', false, "separator only"),
        ("----", '-', false, "separators only"),
        ("P", '-', false, "a check symbol without payload"),
        ("-P-", '-', false, "a check symbol without payload"),
        ("H88C-MK9B-VJ1V-Q", '-', false, "wrong check symbol"),
        ("H88C-MK9B-VJ1V-*", '-', false, "wrong extended check symbol"),
        ("H88C-MK9B-VJ1W-P", '-', false, "one payload symbol changed"),
        ("H89C-MK9B-VJ1V-P", '-', false, "one payload symbol changed"),
        ("8H8C-MK9B-VJ1V-P", '-', false, "adjacent payload symbols swapped"),
        ("H88C-MK9B-V1JV-P", '-', false, "adjacent payload symbols swapped"),
        ("H88C-MK9B-VJ1P-V", '-', false, "payload and check symbol swapped"),
        ("H88C-MK9B-VJ1U-P", '-', false, "U in the payload"),
        ("H88C-MK9B-VJ*V-P", '-', false, "check symbol in the payload"),
        ("H88C-MK9B-VJıV-P", '-', false, "dotless i (upper-cases to I) is not a symbol"),
        ("H88C-MK9B-VJ1V-Ｐ", '-', false, "full-width P"),
        ("H88C–MK9B–VJ1V–P", '-', false, "en dash is not the separator"),
        ("H88C MK9B VJ1V P", '-', false, "space is not the separator"),
        ("H88C-MK9B-VJ1V-P", ' ', false, "hyphen is not the separator"),
        ("H88C-MK9B-VJ1V-P ", '-', false, "trailing space"),
        ("H88C-MK9B-VJ1V-P\n", '-', false, "trailing newline"),
        ("H88C-MK9B-VJ1V-P", 'P', false, "a symbol as separator"),
        ("AH88CMK9BVJ1VPA", 'A', false, "a symbol as separator, though stripping it would verify"),
        ("0*", '*', false, "a check symbol as separator"),
    ];
    let mut verify: Vec<(String, char, bool, &str)> = fixed
        .iter()
        .map(|&(text, sep, valid, why)| (text.to_owned(), sep, valid, why))
        .collect();
    verify.push((long.clone(), '-', true, "long payload"));
    verify.push((long.to_lowercase(), '-', true, "long payload, lower case"));
    verify.push((
        swap_first_two_differing(&long),
        '-',
        false,
        "long payload, swapped symbols",
    ));
    for (code, sep) in extended {
        verify.push((code.clone(), sep, true, "extended check symbol"));
        if code.ends_with('U') {
            verify.push((code.to_lowercase(), sep, true, "extended check symbol u"));
        }
    }

    let verify: Vec<Value> = verify
        .into_iter()
        .map(|(text, sep, valid, why)| {
            assert_eq!(
                checksummed_id::verify_with(&text, sep),
                valid,
                "checksummed_id::verify_with disagrees on {text:?} (sep {sep:?}): {why}"
            );
            json!({ "text": text, "sep": sep.to_string(), "valid": valid, "why": why })
        })
        .collect();

    json!({
        "description": "Checksummed codes: `payload` (Crockford Base32 symbols, a base-32 number, most significant first), its value modulo 37 (`remainder`) and its check symbol (0-9A-Z without ILOU for 0..31, then *~$=U for 32..36); `code` is payload + check symbol cut into groups of `group_size` symbols (the check symbol counts; 0 = no groups) joined by `sep`. `generated` is false where the remainder is 32 or more: the generator draws such payloads again and never writes *~$=U. `verify` lists strings with the verdict of verify(text, sep): every `sep` is stripped, symbols are read in either case with O=0 and I=L=1, the last symbol is the check symbol (any of the 37, u too), at least one payload symbol precedes it, and any other character, or a `sep` that reads as a symbol or check symbol, makes it false.",
        "codes": codes,
        "verify": verify,
    })
}

fn random_payload(rng: &mut SplitMix64, len: usize) -> String {
    (0..len)
        .map(|_| char::from(ALPHABET[(rng.next_u64() % 32) as usize]))
        .collect()
}

/// The first random 12-symbol payload with the remainder asked for.
fn payload_with_remainder(rng: &mut SplitMix64, len: usize, remainder: u8) -> String {
    loop {
        let payload = random_payload(rng, len);
        if crockford32::mod37(&payload) == Ok(remainder) {
            return payload;
        }
    }
}

fn grouped(symbols: &str, group_size: usize, sep: char) -> String {
    if group_size == 0 {
        return symbols.to_owned();
    }
    let groups: Vec<&str> = symbols
        .as_bytes()
        .chunks(group_size)
        .map(|group| std::str::from_utf8(group).unwrap_or_default())
        .collect();
    groups.join(&sep.to_string())
}

/// The code with its first two adjacent, different payload symbols swapped.
fn swap_first_two_differing(code: &str) -> String {
    let mut bytes = code.as_bytes().to_vec();
    if let Some(i) = (0..bytes.len() - 2).find(|&i| {
        bytes[i] != bytes[i + 1]
            && bytes[i].is_ascii_alphanumeric()
            && bytes[i + 1].is_ascii_alphanumeric()
    }) {
        bytes.swap(i, i + 1);
    }
    String::from_utf8(bytes).unwrap_or_default()
}
