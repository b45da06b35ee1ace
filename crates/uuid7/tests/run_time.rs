//! `FromStr` reads with vector code where the processor has it; `Uuid7::try_parse`, a `const
//! fn`, with scalar code. Both against each other and against the `uuid` crate, on every byte
//! at every place and on random text: the same id, or the same error.

use proptest::prelude::*;
use uuid7::{ParseError, Uuid7};

const VALID: &str = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f";

/// What `uuid` reads in `text` as a UUIDv7's hyphenated text: the 16 bytes, or `None`.
fn by_uuid(text: &[u8]) -> Option<[u8; 16]> {
    if text.len() != 36 || [8, 13, 18, 23].iter().any(|&index| text[index] != b'-') {
        return None;
    }
    let id = uuid::Uuid::try_parse_ascii(text).ok()?;
    let rfc = id.get_variant() == uuid::Variant::RFC4122;
    (id.get_version_num() == 7 && rfc).then(|| *id.as_bytes())
}

fn check(text: &str) {
    let run_time = text.parse::<Uuid7>();
    assert_eq!(run_time, Uuid7::try_parse(text), "{text:?}");
    assert_eq!(
        run_time.ok().map(Uuid7::to_bytes),
        by_uuid(text.as_bytes()),
        "{text:?}"
    );
}

#[test]
fn every_byte_at_every_place_reads_alike_at_run_time_and_at_compile_time() {
    for base in [VALID, "FFFFFFFF-FFFF-7FFF-BFFF-FFFFFFFFFFFF"] {
        for index in 0..36 {
            for byte in 0..=0x7Fu8 {
                let mut text = base.as_bytes().to_vec();
                text[index] = byte;
                check(std::str::from_utf8(&text).unwrap());
            }
            // Non-ASCII: a two-byte character in place of two bytes.
            let mut text = base.as_bytes().to_vec();
            text.splice(index..(index + 2).min(36), "é".bytes());
            check(std::str::from_utf8(&text).unwrap());
        }
    }
}

#[test]
fn a_refused_text_costs_what_the_scalar_reading_says() {
    assert_eq!(
        "017f22e2-79b0-6cc3-98c4-dc0c0c07398f".parse::<Uuid7>(),
        Err(ParseError::Version { found: 6 })
    );
    assert_eq!(
        "017f22e2-79b0-7cc3-c8c4-dc0c0c07398f".parse::<Uuid7>(),
        Err(ParseError::Variant { found: 0b11 })
    );
    assert_eq!(
        "017f22e2-79b0-7cc3-98c4-dc0c0c07398g".parse::<Uuid7>(),
        Err(ParseError::InvalidCharacter {
            index: 35,
            character: 'g'
        })
    );
}

proptest! {
    #[test]
    fn random_text_reads_alike_at_run_time_and_at_compile_time(
        value in any::<u128>(),
        strangers in proptest::collection::vec((0..36usize, "[0-9a-fA-F8-9\\-xé]"), 0..3),
    ) {
        let value = (value & !(0xF << 76) & !(0b11 << 62)) | 0x7 << 76 | 0b10 << 62;
        let mut text = uuid::Uuid::from_u128(value).hyphenated().to_string();
        for (index, stranger) in strangers {
            if text.is_char_boundary(index) && text.is_char_boundary(index + 1) {
                text.replace_range(index..index + 1, &stranger);
            }
        }
        check(&text);
    }
}
