//! `FromStr` reads with vector code where the processor has it; `Ulid::try_parse`, a `const
//! fn`, with scalar code. Both against each other and against the `ulid` crate, on every byte
//! at every place and on random text: the same id, or the same error.

use proptest::prelude::*;
use ulid::{ParseError, Ulid};

const VALID: &str = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

/// What the `ulid` crate reads in `text`, with the aliases it refuses (`O`, `I`, `L`, either
/// case) read as the specification says first, and a first symbol above `7` refused as the
/// specification says (the crate drops the overflowing bits).
fn by_peer(text: &str) -> Option<u128> {
    if !text.starts_with(|c: char| ('0'..='7').contains(&c) || "OoIiLl".contains(c)) {
        return None;
    }
    let canonical: String = text
        .chars()
        .map(|c| match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            _ => c,
        })
        .collect();
    ulid_peer::Ulid::from_string(&canonical).ok().map(|id| id.0)
}

fn check(text: &str) {
    let run_time = text.parse::<Ulid>();
    assert_eq!(run_time, Ulid::try_parse(text), "{text:?}");
    assert_eq!(run_time.ok().map(Ulid::to_u128), by_peer(text), "{text:?}");
}

#[test]
fn every_byte_at_every_place_reads_alike_at_run_time_and_at_compile_time() {
    for base in [
        VALID,
        "7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
        "7zzzzzzzzzzzzzzzzzzzzzzzzz",
    ] {
        for index in 0..26 {
            for byte in 0..=0x7Fu8 {
                let mut text = base.as_bytes().to_vec();
                text[index] = byte;
                check(std::str::from_utf8(&text).unwrap());
            }
            let mut text = base.as_bytes().to_vec();
            text.splice(index..(index + 2).min(26), "é".bytes());
            check(std::str::from_utf8(&text).unwrap());
        }
    }
}

#[test]
fn a_refused_text_names_what_the_scalar_reading_names() {
    assert_eq!(
        "8ZZZZZZZZZZZZZZZZZZZZZZZZZ".parse::<Ulid>(),
        Err(ParseError::Overflow { first: '8' })
    );
    assert_eq!(
        "01ARZ3NDEKTSV4RRFFQ69G5FAU".parse::<Ulid>(),
        Err(ParseError::InvalidCharacter {
            index: 25,
            character: 'U'
        })
    );
}

proptest! {
    #[test]
    fn random_text_reads_alike_at_run_time_and_at_compile_time(
        value in any::<u128>(),
        lower in any::<bool>(),
        strangers in proptest::collection::vec((0..26usize, "[0-9A-Za-z\\-é]"), 0..3),
    ) {
        let mut text = ulid_peer::Ulid(value).to_string();
        if lower {
            text.make_ascii_lowercase();
        }
        for (index, stranger) in strangers {
            if text.is_char_boundary(index) && text.is_char_boundary(index + 1) {
                text.replace_range(index..index + 1, &stranger);
            }
        }
        check(&text);
    }
}
