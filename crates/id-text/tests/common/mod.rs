//! What the property tests of hex and of the UUID text share.

use id_text::hex::Case;
use proptest::test_runner::Config;

/// Fewer cases under Miri, which interprets every instruction, and no failure file there:
/// isolation hides the working directory it would be written to.
pub(crate) fn config() -> Config {
    let default = Config::default();
    if cfg!(miri) {
        Config {
            cases: default.cases.min(8),
            failure_persistence: None,
            ..default
        }
    } else {
        default
    }
}

/// Whether `byte` is a digit under `case`, by the standard library.
#[allow(dead_code, reason = "not every test file reads hex")]
pub(crate) fn is_digit(byte: u8, case: Case) -> bool {
    match case {
        Case::Lower => matches!(byte, b'0'..=b'9' | b'a'..=b'f'),
        Case::Any => byte.is_ascii_hexdigit(),
    }
}

/// The value of the hex digits of a UUID's text, its hyphens left out, by the standard
/// library.
#[allow(dead_code, reason = "not every test file reads a UUID's text")]
pub(crate) fn uuid_value(text: &[u8]) -> u128 {
    let digits: String = text
        .iter()
        .map(|&b| b as char)
        .filter(|&c| c != '-')
        .collect();
    u128::from_str_radix(&digits, 16).unwrap()
}
