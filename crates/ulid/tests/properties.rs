//! Property tests: round trips, one order for integers, bytes and text, agreement with the
//! crates.io `ulid` crate, and no panic on any input.

use proptest::prelude::*;
use test_support::strategy::{string_of, text_around};
use test_support::text;
use ulid::{ParseError, Ulid};

/// Symbols, aliases, both cases and a few strangers (`U`, punctuation, non-ASCII).
const MIXED: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyzOoIiLlUu-_ *ıé";

/// 26 characters where both parsers specify the same thing: symbols of either case, and no
/// aliases (the peer rejects `O`, `I` and `L`, which the specification reads as `0` and `1`).
fn peer_domain() -> impl Strategy<Value = String> {
    (
        string_of("01234567", 1),
        string_of("0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz", 25),
    )
        .prop_map(|(first, rest)| first + &rest)
}

/// The text a ULID read from `text` displays as: upper case, the aliases read as 0 and 1.
fn canonical(text: &str) -> String {
    text.to_ascii_uppercase()
        .replace('O', "0")
        .replace(['I', 'L'], "1")
}

proptest! {
    #[test]
    fn display_matches_the_ulid_crate_and_parses_back(value: u128) {
        let id = Ulid::from_u128(value);
        let text = id.to_string();
        prop_assert_eq!(&text, &ulid_peer::Ulid(value).to_string());
        prop_assert_eq!(text.parse::<Ulid>(), Ok(id));
        prop_assert_eq!(text.to_ascii_lowercase().parse::<Ulid>(), Ok(id));
        prop_assert_eq!(format!("{id:?}"), format!("Ulid({text})"));
        let mut buffer = [0; 26];
        prop_assert_eq!(id.encode(&mut buffer), text.as_str());
    }

    #[test]
    fn parts_bytes_and_integers_round_trip(timestamp_ms in 0u64..1 << 48, random in 0u128..1 << 80) {
        let id = Ulid::from_parts(timestamp_ms, random).unwrap();
        prop_assert_eq!((id.timestamp_ms(), id.random()), (timestamp_ms, random));
        prop_assert_eq!(Ulid::from_bytes(id.to_bytes()), id);
        prop_assert_eq!(Ulid::from(<[u8; 16]>::from(id)), id);
        prop_assert_eq!(Ulid::from(u128::from(id)), id);
        prop_assert_eq!(id.to_bytes(), ulid_peer::Ulid(id.to_u128()).to_bytes());
        let peer = ulid_peer::Ulid::from_parts(timestamp_ms, random);
        prop_assert_eq!(peer.0, id.to_u128());
    }

    #[test]
    fn integer_byte_and_text_order_agree(a: u128, b: u128) {
        let (x, y) = (Ulid::from_u128(a), Ulid::from_u128(b));
        prop_assert_eq!(x.cmp(&y), a.cmp(&b));
        prop_assert_eq!(x.to_bytes().cmp(&y.to_bytes()), a.cmp(&b));
        prop_assert_eq!(x.to_string().cmp(&y.to_string()), a.cmp(&b));
    }

    #[test]
    fn parsing_agrees_with_the_ulid_crate_where_both_specify_it(text in peer_domain()) {
        let ours = text.parse::<Ulid>().map(Ulid::to_u128);
        let peer = ulid_peer::Ulid::from_string(&text).map(|id| id.0);
        prop_assert_eq!(ours.ok(), peer.ok());
        prop_assert!(ours.is_ok());
        prop_assert_eq!(
            ulid::extract_timestamp_ms(&text).ok(),
            peer.ok().map(|value| ulid_peer::Ulid(value).timestamp_ms())
        );
    }

    #[test]
    fn both_crates_reject_what_is_not_26_symbols(text in string_of(MIXED, 0..40)) {
        // Outside the peer's domain (aliases, or a first symbol above 7) the two differ by
        // design; everywhere else they accept and reject the same strings.
        let aliases = text.contains(['O', 'o', 'I', 'i', 'L', 'l']);
        let first_above_7 = text.starts_with(|c: char| c.is_ascii_alphanumeric() && c > '7');
        if !aliases && !first_above_7 {
            let ours = text.parse::<Ulid>().map(Ulid::to_u128).ok();
            let peer = ulid_peer::Ulid::from_string(&text).map(|id| id.0).ok();
            prop_assert_eq!(ours, peer);
        }
    }

    #[test]
    fn errors_name_the_length_or_the_first_bad_character(text in string_of(MIXED, 24..=28)) {
        let is_symbol = |c: char| u8::try_from(c).ok().and_then(crockford32::symbol_value).is_some();
        match text.parse::<Ulid>() {
            Ok(id) => {
                prop_assert_eq!(text.len(), 26);
                prop_assert!(text.chars().all(is_symbol));
                prop_assert_eq!(id.to_string(), canonical(&text));
            }
            Err(ParseError::InvalidLength { found, expected }) => {
                prop_assert_eq!((found, expected), (text.chars().count(), 26));
                prop_assert_ne!(found, 26);
            }
            Err(ParseError::InvalidCharacter { index, character }) => {
                let first_bad = text.char_indices().find(|&(_, c)| !is_symbol(c));
                prop_assert_eq!(first_bad, Some((index, character)));
                prop_assert_eq!(text.chars().count(), 26);
            }
            Err(ParseError::Overflow { first }) => {
                prop_assert!(text.chars().all(is_symbol) && text.len() == 26);
                prop_assert_eq!(text.chars().next(), Some(first));
                prop_assert!(crockford32::symbol_value(first as u8).unwrap() > 7);
            }
            Err(other) => prop_assert!(false, "unexpected error {other:?}"),
        }
    }

    #[test]
    fn from_parts_rejects_exactly_the_values_out_of_range(timestamp_ms: u64, random: u128) {
        let result = Ulid::from_parts(timestamp_ms, random);
        prop_assert_eq!(result.is_ok(), timestamp_ms < 1 << 48 && random < 1 << 80);
    }

    #[test]
    fn from_parts_then_display_then_from_str_gives_the_parts_back(
        timestamp_ms in 0u64..1 << 48,
        random in 0u128..1 << 80,
    ) {
        let id = Ulid::from_parts(timestamp_ms, random).unwrap();
        let text = id.to_string();
        let parts = |id: Ulid| (id.timestamp_ms(), id.random());
        text::assert_both_ways(&id, &text, parts, (timestamp_ms, random));
        prop_assert_eq!(ulid::extract_timestamp_ms(&text), Ok(timestamp_ms));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(768))]

    /// Any string, 26 characters of any kind (past the length check, into the symbols), or
    /// any bytes read as text: 256 cases of each, in expectation.
    #[test]
    fn arbitrary_text_never_panics_and_reads_as_it_displays(text in text_around(26)) {
        let (extract, timestamp) = (ulid::extract_timestamp_ms, Ulid::timestamp_ms);
        text::assert_reads_any_text(&text, extract, timestamp, canonical);
    }
}

proptest! {
    /// The two encoders of the text, `encode_ascii` (for byte writers and Python) and
    /// `Display`/`to_string`, write the same 26 symbols: those of the crates.io `ulid` crate.
    #[test]
    fn encode_ascii_writes_what_display_writes(value: u128) {
        let id = Ulid::from_u128(value);
        let expected = ulid_peer::Ulid(value).to_string();
        let mut buffer = [0; Ulid::TEXT_LEN];
        prop_assert_eq!(id.encode_ascii(&mut buffer), expected.as_bytes());
        prop_assert_eq!(id.to_string(), expected.as_str());
        prop_assert_eq!(format!("{id}"), expected.as_str());
        let mut buffer = [0; Ulid::TEXT_LEN];
        prop_assert_eq!(id.encode(&mut buffer), expected.as_str());
    }
}
