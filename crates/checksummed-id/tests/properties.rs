//! Property tests: `verify` never panics and agrees with an independent model; every valid
//! shape of options generates a code that verifies.

mod reference;

use checksummed_id::{Error, Options, check, check_with, generate_with, verify, verify_with};
use proptest::prelude::*;

/// Symbols, aliases, both cases, check symbols, separators and a few strangers.
const MIXED: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyzOoIiLlUu*~$=- _·ıé";

fn mixed_string(max_len: usize) -> impl Strategy<Value = String> {
    let chars: Vec<char> = MIXED.chars().collect();
    proptest::collection::vec(proptest::sample::select(chars), 0..=max_len)
        .prop_map(|chars| chars.into_iter().collect())
}

fn separator() -> impl Strategy<Value = char> {
    prop_oneof![
        proptest::sample::select(vec!['-', ' ', '_', '.', '/', '·', 'ı']),
        any::<char>(),
    ]
    .prop_filter("a separator is not a symbol", |&c| {
        !reference::reads_as_symbol(c)
    })
}

fn options() -> impl Strategy<Value = Options> {
    (1usize..300, 0usize..20, separator()).prop_map(|(length, group_size, sep)| Options {
        length,
        group_size,
        sep,
    })
}

proptest! {
    #[test]
    fn verify_never_panics_on_any_string(text: String, sep: char) {
        let _ = verify(&text);
        let _ = verify_with(&text, sep);
    }

    #[test]
    fn verify_never_panics_on_any_bytes(bytes: Vec<u8>, sep: char) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = verify(&text);
        let _ = verify_with(&text, sep);
    }

    #[test]
    fn check_never_panics_and_verify_is_its_verdict(text: String, sep: char) {
        prop_assert_eq!(check(&text).is_ok(), verify(&text));
        prop_assert_eq!(check_with(&text, sep).is_ok(), verify_with(&text, sep));
    }

    #[test]
    fn check_gives_the_reason_of_the_model(
        text in mixed_string(40),
        sep in proptest::sample::select(vec!['-', ' ', '·', 'ı', 'A', '*']),
    ) {
        prop_assert_eq!(check_with(&text, sep), reference::check(&text, sep));
    }

    #[test]
    fn verify_agrees_with_the_model(
        text in mixed_string(40),
        sep in proptest::sample::select(vec!['-', ' ', '·', 'ı', 'A', '*']),
    ) {
        prop_assert_eq!(verify_with(&text, sep), reference::verify(&text, sep));
    }

    #[test]
    fn a_payload_with_its_model_check_symbol_verifies(
        payload in proptest::collection::vec(0u8..32, 1..100),
    ) {
        let payload: String = payload.iter().map(|&v| char::from(reference::SYMBOLS[v as usize])).collect();
        let check = reference::check_symbol(&payload);
        let code = format!("{payload}{check}");
        prop_assert!(verify(&code));
        for other in reference::SYMBOLS.iter().map(|&s| char::from(s)).filter(|&s| s != check) {
            let wrong = format!("{payload}{other}");
            prop_assert!(!verify(&wrong));
        }
    }

    #[test]
    fn generated_codes_verify_for_any_valid_options(options in options()) {
        let code = generate_with(&options).unwrap();
        prop_assert!(verify_with(&code, options.sep), "{} {:?}", code, options);
        let symbols: String = code.chars().filter(|&c| c != options.sep).collect();
        prop_assert_eq!(symbols.len(), options.length + 1);
        prop_assert!(symbols.bytes().all(|b| reference::SYMBOLS[..32].contains(&b)), "{}", code);
        prop_assert_eq!(&code, &reference::grouped(&symbols, options.group_size, options.sep));
    }

    #[test]
    fn a_separator_that_reads_as_a_symbol_is_refused(
        length in 0usize..50,
        group_size in 0usize..8,
        sep in proptest::sample::select(MIXED.chars().filter(|&c| reference::reads_as_symbol(c)).collect::<Vec<_>>()),
    ) {
        let expected = if length == 0 { Error::ZeroLength } else { Error::SymbolSeparator { sep } };
        prop_assert_eq!(generate_with(&Options { length, group_size, sep }), Err(expected));
    }
}
