//! `FromStr` reads with vector code where the processor has it; `ObjectId::try_parse`, a
//! `const fn`, with scalar code. Both against each other and against the `bson` crate, on
//! every byte at every place and on random text: the same id, or the same error.

use objectid::{ObjectId, ParseError};
use proptest::prelude::*;

const VALID: &str = "507c7f79bcf86cd7994f6c0e";

/// What `bson` reads in `text` as an ObjectId's canonical (lower-case) text.
fn by_bson(text: &str) -> Option<[u8; 12]> {
    let lower = !text.bytes().any(|byte| byte.is_ascii_uppercase());
    let id = bson::oid::ObjectId::parse_str(text).ok()?;
    lower.then(|| id.bytes())
}

fn check(text: &str) {
    let run_time = text.parse::<ObjectId>();
    assert_eq!(run_time, ObjectId::try_parse(text), "{text:?}");
    assert_eq!(
        run_time.ok().map(|id| *id.as_bytes()),
        by_bson(text),
        "{text:?}"
    );
}

#[test]
fn every_byte_at_every_place_reads_alike_at_run_time_and_at_compile_time() {
    for base in [
        VALID,
        "ffffffffffffffffffffffff",
        "000000000000000000000000",
    ] {
        for index in 0..24 {
            for byte in 0..=0x7Fu8 {
                let mut text = base.as_bytes().to_vec();
                text[index] = byte;
                check(std::str::from_utf8(&text).unwrap());
            }
            let mut text = base.as_bytes().to_vec();
            text.splice(index..(index + 2).min(24), "é".bytes());
            check(std::str::from_utf8(&text).unwrap());
        }
    }
}

#[test]
fn a_refused_text_names_the_first_bad_character() {
    assert_eq!(
        "507c7f79bcf86cd7994f6c0E".parse::<ObjectId>(),
        Err(ParseError::InvalidCharacter {
            index: 23,
            character: 'E'
        })
    );
}

proptest! {
    #[test]
    fn random_text_reads_alike_at_run_time_and_at_compile_time(
        bytes in any::<[u8; 12]>(),
        strangers in proptest::collection::vec((0..24usize, "[0-9a-fA-Fg\\-é]"), 0..3),
    ) {
        let mut text: String = bytes.iter().map(|byte| format!("{byte:02x}")).collect();
        for (index, stranger) in strangers {
            if text.is_char_boundary(index) && text.is_char_boundary(index + 1) {
                text.replace_range(index..index + 1, &stranger);
            }
        }
        check(&text);
    }
}
