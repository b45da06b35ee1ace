//! Over generated codes, exhaustively: every single-symbol substitution and every adjacent
//! transposition is rejected, while case, aliases and separators do not matter.

mod reference;

use checksummed_id::{generate, verify, verify_with};

const CODES: usize = 1_000;

/// A code as its symbols, and the byte index of each in the text.
struct Code {
    text: String,
    positions: Vec<usize>,
}

impl Code {
    fn new(text: String) -> Self {
        let positions = text
            .bytes()
            .enumerate()
            .filter(|&(_, byte)| byte != b'-')
            .map(|(index, _)| index)
            .collect();
        Code { text, positions }
    }

    fn symbol(&self, k: usize) -> u8 {
        self.text.as_bytes()[self.positions[k]]
    }

    /// The text with the symbols at `edits` replaced.
    fn with(&self, edits: &[(usize, u8)]) -> String {
        let mut bytes = self.text.clone().into_bytes();
        for &(k, symbol) in edits {
            bytes[self.positions[k]] = symbol;
        }
        String::from_utf8(bytes).unwrap()
    }
}

fn codes() -> Vec<Code> {
    (0..CODES).map(|_| Code::new(generate())).collect()
}

#[test]
fn every_single_symbol_substitution_is_rejected() {
    let mut rejected = 0;
    for code in codes() {
        assert!(verify(&code.text), "{}", code.text);
        let check = code.positions.len() - 1;
        for k in 0..=check {
            // A payload symbol becomes any other of the 32; the check symbol any other of 37.
            let alphabet = if k == check {
                &reference::SYMBOLS[..]
            } else {
                &reference::SYMBOLS[..32]
            };
            for &other in alphabet.iter().filter(|&&s| s != code.symbol(k)) {
                let text = code.with(&[(k, other)]);
                assert!(!verify(&text), "{} -> {text}", code.text);
                rejected += 1;
            }
        }
    }
    assert_eq!(rejected, CODES * (12 * 31 + 36));
}

#[test]
fn every_adjacent_transposition_is_rejected() {
    let mut rejected = 0;
    for code in codes() {
        // Payload with payload, and the last payload symbol with the check symbol.
        for k in 0..code.positions.len() - 1 {
            let (a, b) = (code.symbol(k), code.symbol(k + 1));
            if a != b {
                let text = code.with(&[(k, b), (k + 1, a)]);
                assert!(!verify(&text), "{} -> {text}", code.text);
                rejected += 1;
            }
        }
    }
    // About 1 pair in 32 holds the same symbol twice.
    assert!(rejected > CODES * 11, "{rejected}");
}

#[test]
fn lower_case_verifies() {
    for code in codes() {
        assert!(verify(&code.text.to_lowercase()), "{}", code.text);
    }
}

#[test]
fn aliases_verify() {
    let mut aliased = 0;
    for (i, code) in codes().into_iter().enumerate() {
        let zero = ["O", "o"][i % 2];
        let one = ["I", "i", "L", "l"][i % 4];
        let text = code.text.replace('0', zero).replace('1', one);
        if text != code.text {
            assert!(verify(&text), "{} -> {text}", code.text);
            aliased += 1;
        }
    }
    assert!(aliased > CODES / 2, "{aliased}");
}

#[test]
fn separators_moved_or_removed_still_verify() {
    for code in codes() {
        let symbols = code.text.replace('-', "");
        assert!(verify(&symbols), "{symbols}");
        for group_size in 1..=13 {
            let text = reference::grouped(&symbols, group_size, '-');
            assert!(verify(&text), "{text}");
        }
        assert!(verify(&format!("--{}--", code.text.replace('-', "---"))));
        let spaced = code.text.replace('-', " ");
        assert!(verify_with(&spaced, ' '), "{spaced}");
        assert!(!verify(&spaced), "{spaced}");
    }
}
