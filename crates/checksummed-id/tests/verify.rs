//! `verify`: the worked examples, the extended check symbols, and every kind of bad input.

mod reference;

use checksummed_id::{CheckError, check, check_with, verify, verify_with};

#[test]
fn worked_examples() {
    // H88CMK9BVJ1V is 621792125603661883 (17·32^11 + 8·32^10 + ... + 27), which is
    // 16805192583882753·37 + 22, and P is symbol 22. H88CMK9BVJ1W is one more: 23, Q.
    let value: u128 = "H88CMK9BVJ1V".bytes().fold(0, |v, b| {
        v * 32 + u128::from(reference::value_of(b).unwrap())
    });
    assert_eq!(value, 621_792_125_603_661_883);
    assert_eq!(value, 16_805_192_583_882_753 * 37 + 22);
    assert_eq!(reference::SYMBOLS[22], b'P');
    assert_eq!(reference::SYMBOLS[23], b'Q');

    assert!(verify("H88C-MK9B-VJ1V-P"));
    assert!(verify("H88C-MK9B-VJ1W-Q"));
    assert!(verify("H88CMK9BVJ1VP"));
    assert!(verify_with("H88C MK9B VJ1V P", ' '));
    assert!(!verify("H88C-MK9B-VJ1V-Q"));
    assert!(!verify("H88C-MK9B-VJ1W-P"));
}

#[test]
fn case_and_aliases_do_not_matter() {
    assert!(verify("h88c-mk9b-vj1v-p"));
    assert!(verify("H88c-mK9b-Vj1v-P"));
    for alias in ["I", "i", "L", "l"] {
        assert!(verify(&format!("H88C-MK9B-VJ{alias}V-P")), "{alias}");
    }
    // 0000 0000 0000 is 0, and so is its check symbol, written as an alias too.
    assert!(verify("OOOO-oooo-0000-O"));
    assert!(verify("0000-0000-0000-o"));
    // 1 checks with 1: every alias of 1 in either position.
    for text in ["11", "I1", "1i", "Ll", "lI"] {
        assert!(verify(text), "{text}");
    }
}

#[test]
fn separators_anywhere_are_ignored() {
    for text in [
        "H88CMK9BVJ1VP",
        "H-88CMK9BVJ1V-P",
        "H88CM-K9BVJ-1VP",
        "-H88C-MK9B-VJ1V-P",
        "H88C-MK9B-VJ1V-P-",
        "H88C--MK9B---VJ1V-P",
        "H-8-8-C-M-K-9-B-V-J-1-V-P",
    ] {
        assert!(verify(text), "{text}");
    }
    assert!(verify_with("H88C·MK9B·VJ1V·P", '·'));
    assert!(verify_with("H88CıMK9BıVJ1VıP", 'ı'));
    assert!(verify_with("H88C\tMK9B\tVJ1V\tP", '\t'));
}

#[test]
fn every_extended_check_symbol_verifies() {
    for (target, symbol) in (32..37).zip(["*", "~", "$", "=", "U"]) {
        let payload = reference::payload_with_remainder(
            0x5DEE_CE66_D1CE_4E5Bu64.wrapping_mul(target),
            target as u8,
        );
        assert_eq!(reference::remainder(&payload), target as u8);
        let code = format!("{payload}{symbol}");
        assert!(verify(&code), "{code}");
        assert!(verify(&code.to_lowercase()), "{code}");
        // The same payload with any other of the 37 check symbols does not.
        for other in reference::SYMBOLS
            .iter()
            .filter(|&&s| s != symbol.as_bytes()[0])
        {
            let code = format!("{payload}{}", char::from(*other));
            assert!(!verify(&code), "{code}");
        }
    }
    // The smallest: 10 is 32, 11 is 33, ..., 14 is 36.
    for text in ["10*", "11~", "12$", "13=", "14U", "14u"] {
        assert!(verify(text), "{text}");
    }
}

#[test]
fn a_check_symbol_is_no_payload_symbol() {
    for symbol in ["*", "~", "$", "=", "U", "u"] {
        let text = format!("H88C-MK9B-VJ1{symbol}-P");
        assert!(!verify(&text), "{text}");
        // Even where it would give the right remainder: *0 would be 32·32 = 1024 ≡ 25 (S).
        let text = format!("{symbol}0S");
        assert!(!verify(&text), "{text}");
    }
    assert!(verify("100S"), "1024 is 25 modulo 37: the control case");
}

#[test]
fn empty_separators_only_and_a_lone_symbol_are_rejected() {
    for text in [
        "", "-", "--", "-----", "0", "P", "-P", "P-", "-P-", "*", "U",
    ] {
        assert!(!verify(text), "{text:?}");
    }
    assert!(!verify_with("   ", ' '));
}

#[test]
fn non_ascii_characters_are_rejected() {
    for text in [
        // The dotless i upper-cases to I, an alias of 1 that makes this code valid.
        "H88C-MK9B-VJıV-P",
        "H88C-MK9B-VJ1V-ı",
        "H88C-MK9B-VJ1V-Ｐ",
        "Ｈ88C-MK9B-VJ1V-P",
        "H88C–MK9B–VJ1V–P",
        "H88C-MK9B-VJ1V-P\u{301}",
        "H88C-MK9B-VJ1V-P\u{200B}",
        "\u{FEFF}H88C-MK9B-VJ1V-P",
        "H88C-MK9B-VJ1V-é",
        "ß",
        "😀",
    ] {
        assert!(!verify(text), "{text:?}");
    }
    assert_eq!("ı".to_uppercase(), "I", "the trap is real");
    assert!(verify("H88C-MK9B-VJIV-P"), "and the ASCII I is accepted");
}

#[test]
fn other_characters_are_rejected() {
    for text in [
        "H88C-MK9B-VJ1V-P ",
        " H88C-MK9B-VJ1V-P",
        "H88C-MK9B-VJ1V-P\n",
        "H88C_MK9B_VJ1V_P",
        "H88C MK9B VJ1V P",
        "H88C-MK9B-VJ1V-#",
        "H88C-MK9B-VJ1V-\0",
        "H88C-MK9B-VJ1V-P\0",
    ] {
        assert!(!verify(text), "{text:?}");
    }
    assert!(!verify_with("H88C-MK9B-VJ1V-P", ' '));
}

#[test]
fn a_separator_that_reads_as_a_symbol_rejects_everything() {
    // Stripping A would leave H88CMK9BVJ1VP, a valid code.
    assert!(!verify_with("AH88CMK9BVJ1VPA", 'A'));
    for sep in [
        '0', 'A', 'z', 'O', 'o', 'I', 'i', 'L', 'l', 'U', 'u', '*', '~', '$', '=',
    ] {
        assert!(!verify_with("H88CMK9BVJ1VP", sep), "{sep:?}");
        assert!(!verify_with(&format!("{sep}H88CMK9BVJ1VP"), sep), "{sep:?}");
    }
}

#[test]
fn long_payloads_verify_with_no_length_limit() {
    let payload: String = (0..10_000)
        .map(|i| char::from(reference::SYMBOLS[(i * 7 + i / 3) % 32]))
        .collect();
    let check = reference::check_symbol(&payload);
    assert!(verify(&format!("{payload}{check}")));
    assert!(verify(&format!("{}{check}", payload.to_lowercase())));
    let wrong = reference::SYMBOLS[(reference::remainder(&payload) as usize + 1) % 37];
    assert!(!verify(&format!("{payload}{}", char::from(wrong))));
    // Leading zeros do not change the value, so they do not change the check symbol.
    assert!(verify("0000000000H88CMK9BVJ1VP"));
}

#[test]
fn check_names_the_first_rule_broken_and_where() {
    use CheckError::{Empty, Mismatch, NoPayload, SymbolSeparator};
    let symbol = |index, character| Err(CheckError::InvalidSymbol { index, character });
    let check_symbol = |index, character| Err(CheckError::InvalidCheckSymbol { index, character });
    let cases: [(&str, char, Result<(), CheckError>); 17] = [
        ("H88C-MK9B-VJ1V-P", '-', Ok(())),
        ("", '-', Err(Empty)),
        ("---", '-', Err(Empty)),
        ("-P-", '-', Err(NoPayload)),
        // One character, even one that is no symbol: no payload comes first.
        ("é", '-', Err(NoPayload)),
        // The leftmost bad payload character, before a bad check symbol.
        ("H8#C-MK9B-VJ1V-#", '-', symbol(2, '#')),
        ("H88C-MK9B-VJ1U-P", '-', symbol(13, 'U')),
        ("H88C-MK9B-VJ*V-P", '-', symbol(12, '*')),
        ("H8ıC-MK9B-VJ1V-P", '-', symbol(2, 'ı')),
        // A non-ASCII character is named whole, at the index of its first byte.
        ("ıH88C-P", '-', symbol(0, 'ı')),
        ("H88C-MK9B-VJ1V-#", '-', check_symbol(15, '#')),
        ("H88C-MK9B-VJ1V-é", '-', check_symbol(15, 'é')),
        ("H88C-MK9B-VJ1V-P\u{301}", '-', check_symbol(16, '\u{301}')),
        // The worked example with a wrong check symbol, in either case: as written.
        ("H88C-MK9B-VJ1V-Q", '-', Err(Mismatch { character: 'Q' })),
        ("h88c-mk9b-vj1v-q", '-', Err(Mismatch { character: 'q' })),
        // '·' is 2 bytes: indexes count them.
        ("H88C·MK9B·VJ1V·#", '·', check_symbol(18, '#')),
        ("H88CLMK9B", 'L', Err(SymbolSeparator { sep: 'L' })),
    ];
    for (text, sep, expected) in cases {
        assert_eq!(check_with(text, sep), expected, "{text:?} {sep:?}");
        assert_eq!(
            reference::check(text, sep),
            expected,
            "the model: {text:?} {sep:?}"
        );
        assert_eq!(verify_with(text, sep), expected.is_ok(), "{text:?} {sep:?}");
        if sep == '-' {
            assert_eq!(check(text), expected, "{text:?}");
        }
    }
}

#[test]
fn check_errors_say_what_and_where_but_not_the_expected_symbol() {
    let message = |text: &str| check(text).unwrap_err().to_string();
    assert_eq!(
        message(""),
        "no symbols: a checksummed code is payload symbols, then a check symbol"
    );
    assert_eq!(
        message("P"),
        "one symbol: a checksummed code has payload symbols before its check symbol"
    );
    assert_eq!(
        message("H8#C-P"),
        "invalid character '#' at byte index 2: not a Crockford Base32 symbol"
    );
    assert_eq!(
        message("H88C-é"),
        "invalid check symbol 'é' at byte index 5: not a Crockford Base32 symbol or one of *~$=U"
    );
    // P is the right check symbol of H88CMK9BVJ1V: the message must not lead to it.
    let mismatch = message("H88C-MK9B-VJ1V-Q");
    assert_eq!(mismatch, "check symbol 'Q' does not match the payload");
    assert!(!mismatch.contains('P'), "{mismatch}");
    assert!(
        check_with("H88C", '0')
            .unwrap_err()
            .to_string()
            .starts_with("separator '0' is a Crockford Base32 symbol")
    );
}
