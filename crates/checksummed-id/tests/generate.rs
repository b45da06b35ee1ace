//! `generate` and `generate_with`: shape, alphabet, options and their errors.

mod reference;

use std::collections::HashSet;

use checksummed_id::{Error, Options, generate, generate_with, verify, verify_with};

/// The symbols of a code, its separators removed.
fn symbols(code: &str, sep: char) -> String {
    code.chars().filter(|&c| c != sep).collect()
}

fn shape(length: usize, group_size: usize, sep: char) -> Options {
    Options {
        length,
        group_size,
        sep,
    }
}

/// The code's symbols are a payload and its check symbol, grouped as asked.
fn assert_well_formed(code: &String, options: &Options) {
    let symbols = symbols(code, options.sep);
    assert_eq!(symbols.len(), options.length + 1, "{code}");
    assert!(
        symbols
            .bytes()
            .all(|b| reference::SYMBOLS[..32].contains(&b)),
        "{code}"
    );
    let (payload, check) = symbols.split_at(options.length);
    assert_eq!(
        check,
        reference::check_symbol(payload).to_string(),
        "{code}"
    );
    assert_eq!(
        *code,
        reference::grouped(&symbols, options.group_size, options.sep)
    );
    assert_eq!(code.capacity(), code.len(), "{code}: exact capacity");
    assert!(verify_with(code, options.sep), "{code}");
}

#[test]
fn the_default_code_is_12_symbols_a_check_symbol_and_groups_of_4() {
    for _ in 0..100 {
        let code = generate();
        assert_eq!(code.len(), 16, "{code}");
        assert_eq!(
            code.match_indices('-').map(|(i, _)| i).collect::<Vec<_>>(),
            [4, 9, 14]
        );
        assert_well_formed(&code, &Options::default());
        assert!(verify(&code));
    }
}

#[test]
fn the_output_never_holds_an_extended_check_symbol_and_uses_every_symbol() {
    let mut payload_symbols = HashSet::new();
    let mut check_symbols = HashSet::new();
    // 20,000 codes: an extended symbol would be the check of 1 code in 8.
    for _ in 0..20_000 {
        let code = generate();
        for byte in code.bytes() {
            assert!(
                byte == b'-' || reference::SYMBOLS[..32].contains(&byte),
                "{code}"
            );
        }
        let symbols = symbols(&code, '-');
        payload_symbols.extend(symbols[..12].bytes());
        check_symbols.extend(symbols[12..].bytes());
    }
    assert_eq!(payload_symbols.len(), 32);
    assert_eq!(check_symbols.len(), 32);
}

#[test]
fn codes_do_not_repeat() {
    let codes: HashSet<String> = (0..100_000).map(|_| generate()).collect();
    // 60 random bits: a repeat among 100,000 has a probability of 4 in a billion.
    assert_eq!(codes.len(), 100_000);
}

#[test]
fn threads_draw_different_codes() {
    let handles: Vec<_> = (0..4)
        .map(|_| std::thread::spawn(|| (0..1_000).map(|_| generate()).collect::<Vec<_>>()))
        .collect();
    let mut all = HashSet::new();
    for handle in handles {
        all.extend(handle.join().unwrap());
    }
    assert_eq!(all.len(), 4_000);
}

#[test]
fn a_zero_length_is_an_error() {
    assert_eq!(generate_with(&shape(0, 4, '-')), Err(Error::ZeroLength));
    assert_eq!(generate_with(&shape(0, 0, '-')), Err(Error::ZeroLength));
    let message = Error::ZeroLength.to_string();
    assert!(
        message.contains("length") && message.contains('0'),
        "{message}"
    );
}

#[test]
fn a_separator_that_reads_as_a_symbol_is_an_error_that_names_it() {
    let symbols = ['0', '9', 'A', 'Z', 'a', 'z', 'H', 'h'];
    let aliases = ['O', 'o', 'I', 'i', 'L', 'l'];
    let check_symbols = ['*', '~', '$', '=', 'U', 'u'];
    for sep in symbols.into_iter().chain(aliases).chain(check_symbols) {
        // With or without groups: the options are wrong either way.
        for group_size in [0, 4] {
            let error = generate_with(&shape(12, group_size, sep)).unwrap_err();
            assert_eq!(error, Error::SymbolSeparator { sep });
            let message = error.to_string();
            assert!(message.contains(&format!("{sep:?}")), "{message}");
        }
    }
}

#[test]
fn a_code_too_long_for_memory_is_an_error() {
    for options in [
        shape(usize::MAX, 0, '-'),
        shape(usize::MAX - 1, 0, '-'),
        shape(usize::MAX / 2, 1, '·'),
        shape(usize::MAX / 4, 4, '-'),
    ] {
        assert_eq!(
            generate_with(&options),
            Err(Error::TooLong {
                length: options.length
            }),
            "{options:?}"
        );
    }
}

#[test]
fn any_other_separator_is_accepted() {
    for sep in [' ', '_', '.', '/', ':', '+', '\t', '·', '–', 'ı', '😀'] {
        let options = shape(12, 4, sep);
        let code = generate_with(&options).unwrap();
        assert_eq!(code.chars().filter(|&c| c == sep).count(), 3, "{code}");
        assert_well_formed(&code, &options);
    }
}

#[test]
fn group_size_zero_writes_no_separator() {
    let options = shape(12, 0, '-');
    let code = generate_with(&options).unwrap();
    assert_eq!(code.len(), 13);
    assert!(!code.contains('-'));
    assert_well_formed(&code, &options);
}

#[test]
fn the_check_symbol_counts_in_the_last_group() {
    for (length, group_size, separators) in
        [(11, 4, 2), (12, 4, 3), (12, 13, 0), (12, 12, 1), (3, 1, 3)]
    {
        let options = shape(length, group_size, '-');
        let code = generate_with(&options).unwrap();
        assert_eq!(code.matches('-').count(), separators, "{code}");
        assert_well_formed(&code, &options);
    }
}

#[test]
fn length_1_has_one_payload_symbol() {
    for group_size in [0, 1, 4] {
        let options = shape(1, group_size, '-');
        let code = generate_with(&options).unwrap();
        assert_eq!(code.len(), if group_size == 1 { 3 } else { 2 }, "{code}");
        assert_well_formed(&code, &options);
    }
}

#[test]
fn long_codes_draw_as_many_symbols_as_asked() {
    for length in [24, 25, 26, 50, 51, 200, 1_000] {
        let options = shape(length, 8, '-');
        let code = generate_with(&options).unwrap();
        assert_well_formed(&code, &options);
        // Each draw of 25 symbols is fresh: no block repeats the one before.
        let symbols = symbols(&code, '-');
        for pair in symbols.as_bytes()[..length]
            .chunks_exact(25)
            .collect::<Vec<_>>()
            .windows(2)
        {
            assert_ne!(pair[0], pair[1], "{code}");
        }
    }
}
