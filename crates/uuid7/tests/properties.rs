//! Property tests: round trips, order, agreement with the `uuid` crate, no panic on any input.

use proptest::prelude::*;
use test_support::strategy::{string_of, text_around};
use test_support::text;
use uuid7::{Error, ParseError, Uuid7};

const HYPHENS: [usize; 4] = [8, 13, 18, 23];

fn timestamp() -> impl Strategy<Value = u64> {
    prop_oneof![
        0..=Uuid7::MAX_TIMESTAMP_MS,
        1_500_000_000_000..2_500_000_000_000u64
    ]
}

fn counter() -> impl Strategy<Value = u128> {
    0..=Uuid7::MAX_COUNTER
}

/// Texts close to a UUID: hex digits of both cases, hyphens, and a few strangers.
fn near_uuid() -> impl Strategy<Value = String> {
    const NEAR: &str = "0123456789abcdefABCDEF-7-8-9-b-gG{}: é\u{2011}";
    prop_oneof![string_of(NEAR, 36), string_of(NEAR, 30..40)]
}

/// Well-formed 36-character texts: hex digits of both cases where digits belong.
fn well_formed() -> impl Strategy<Value = String> {
    let digits: Vec<char> = "0123456789abcdefABCDEF".chars().collect();
    proptest::collection::vec(proptest::sample::select(digits), 32).prop_map(|digits| {
        let mut digits = digits.into_iter();
        (0..36)
            .map(|index| {
                if HYPHENS.contains(&index) {
                    '-'
                } else {
                    digits.next().unwrap()
                }
            })
            .collect()
    })
}

proptest! {
    #[test]
    fn our_text_parses_in_the_uuid_crate_with_the_same_bytes(ts in timestamp(), counter in counter()) {
        let id = Uuid7::from_parts(ts, counter).unwrap();
        let text = id.to_string();
        let uuid = uuid::Uuid::parse_str(&text).unwrap();
        prop_assert_eq!(uuid.as_bytes(), &id.to_bytes());
        prop_assert_eq!(uuid.get_version_num(), 7);
        prop_assert_eq!(uuid.get_variant(), uuid::Variant::RFC4122);
        let (seconds, nanos) = uuid.get_timestamp().unwrap().to_unix();
        prop_assert_eq!(seconds * 1000 + u64::from(nanos) / 1_000_000, ts);
        prop_assert_eq!(uuid.hyphenated().to_string(), text);
    }

    #[test]
    fn parts_text_bytes_and_integer_round_trip(ts in timestamp(), counter in counter()) {
        let id = Uuid7::from_parts(ts, counter).unwrap();
        prop_assert_eq!((id.timestamp_ms(), id.counter()), (ts, counter));
        let text = id.to_string();
        prop_assert_eq!(text.parse::<Uuid7>(), Ok(id));
        prop_assert_eq!(text.to_ascii_uppercase().parse::<Uuid7>(), Ok(id));
        prop_assert_eq!(Uuid7::from_bytes(id.to_bytes()), Ok(id));
        prop_assert_eq!(Uuid7::from_u128(id.to_u128()), Ok(id));
        prop_assert_eq!(Uuid7::try_from(u128::from(id)), Ok(id));
        let mut buffer = [0u8; 36];
        prop_assert_eq!(id.encode(&mut buffer), text.as_str());
        prop_assert_eq!(format!("{id:?}"), format!("Uuid7({text})"));
    }

    #[test]
    fn pair_order_is_value_byte_and_text_order(
        a in (timestamp(), counter()),
        b in (timestamp(), counter()),
    ) {
        let (x, y) = (Uuid7::from_parts(a.0, a.1).unwrap(), Uuid7::from_parts(b.0, b.1).unwrap());
        let order = a.cmp(&b);
        prop_assert_eq!(x.cmp(&y), order);
        prop_assert_eq!(x.to_bytes().cmp(&y.to_bytes()), order);
        prop_assert_eq!(x.to_string().cmp(&y.to_string()), order);
    }

    #[test]
    fn out_of_range_parts_are_refused(ts in (1u64 << 48).., counter in (1u128 << 74)..) {
        prop_assert_eq!(Uuid7::from_parts(ts, 0), Err(Error::TimestampOutOfRange { value: ts, max: Uuid7::MAX_TIMESTAMP_MS }));
        prop_assert_eq!(Uuid7::from_parts(0, counter), Err(Error::CounterOutOfRange { value: counter, max: Uuid7::MAX_COUNTER }));
    }

    #[test]
    fn any_u128_is_accepted_exactly_when_the_uuid_crate_sees_a_v7(value: u128) {
        let uuid = uuid::Uuid::from_u128(value);
        let is_v7 = uuid.get_version_num() == 7 && uuid.get_variant() == uuid::Variant::RFC4122;
        match Uuid7::from_u128(value) {
            Ok(id) => {
                prop_assert!(is_v7);
                prop_assert_eq!(id.to_u128(), value);
            }
            Err(Error::Version { found }) => prop_assert_eq!(usize::from(found), uuid.get_version_num()),
            Err(Error::Variant { found }) => {
                prop_assert_eq!(uuid.get_version_num(), 7);
                prop_assert_eq!(found, uuid.as_bytes()[8] >> 6);
                prop_assert!(!is_v7);
            }
            Err(other) => prop_assert!(false, "unexpected {other:?}"),
        }
    }

    #[test]
    fn well_formed_text_is_accepted_exactly_when_the_uuid_crate_sees_a_v7(text in well_formed()) {
        let uuid = uuid::Uuid::parse_str(&text).unwrap();
        let is_v7 = uuid.get_version_num() == 7 && uuid.get_variant() == uuid::Variant::RFC4122;
        match text.parse::<Uuid7>() {
            Ok(id) => {
                prop_assert!(is_v7);
                prop_assert_eq!(id.to_u128(), uuid.as_u128());
                // The strict inverse of Display: only the case may differ.
                prop_assert_eq!(id.to_string(), text.to_ascii_lowercase());
            }
            Err(ParseError::Version { found }) => {
                prop_assert_eq!(usize::from(found), uuid.get_version_num());
            }
            Err(ParseError::Variant { found }) => {
                prop_assert_eq!(found, uuid.as_bytes()[8] >> 6);
                prop_assert!(!is_v7);
            }
            Err(other) => prop_assert!(false, "unexpected {other:?}"),
        }
    }

    #[test]
    fn errors_name_the_first_character_out_of_place(text in near_uuid()) {
        let first_bad = text.char_indices().find(|&(index, character)| {
            if HYPHENS.contains(&index) { character != '-' } else { !character.is_ascii_hexdigit() }
        });
        match text.parse::<Uuid7>() {
            Ok(id) => {
                prop_assert_eq!(text.len(), 36);
                prop_assert_eq!(first_bad, None);
                prop_assert_eq!(id.to_string(), text.to_ascii_lowercase());
            }
            Err(ParseError::InvalidLength { found: len, .. }) => {
                prop_assert_eq!(len, text.chars().count());
                prop_assert_ne!(len, 36);
            }
            Err(ParseError::InvalidCharacter { index, character }) => {
                prop_assert_eq!(first_bad, Some((index, character)));
                prop_assert!(!HYPHENS.contains(&index));
            }
            Err(ParseError::MissingHyphen { index, character }) => {
                prop_assert_eq!(first_bad, Some((index, character)));
                prop_assert!(HYPHENS.contains(&index));
            }
            Err(ParseError::Version { found }) => {
                prop_assert_eq!(first_bad, None);
                prop_assert_eq!(u32::from(found), text[14..15].chars().next().unwrap().to_digit(16).unwrap());
            }
            Err(ParseError::Variant { found }) => {
                prop_assert_eq!(first_bad, None);
                prop_assert_eq!(u32::from(found), text[19..20].chars().next().unwrap().to_digit(16).unwrap() >> 2);
            }
            Err(other) => prop_assert!(false, "unexpected {other:?}"),
        }
    }

    #[test]
    #[cfg(feature = "generate")]
    fn generate_at_keeps_the_timestamp(ts in timestamp()) {
        let id = uuid7::generate_at(ts).unwrap();
        prop_assert_eq!(id.timestamp_ms(), ts);
        prop_assert!(id.counter() <= Uuid7::MAX_COUNTER);
    }
}

proptest! {
    #[test]
    fn display_of_parts_gives_the_timestamp_back_to_extract_timestamp_ms(ts in timestamp(), counter in counter()) {
        let id = Uuid7::from_parts(ts, counter).unwrap();
        let text = id.to_string();
        text::assert_both_ways(&id, &text, |id| (id.timestamp_ms(), id.counter()), (ts, counter));
        prop_assert_eq!(uuid7::extract_timestamp_ms(&text), Ok(ts));
        prop_assert_eq!(uuid7::extract_timestamp_ms(&text.to_ascii_uppercase()), Ok(ts));
    }

    #[test]
    fn any_16_bytes_are_read_without_a_panic(bytes: [u8; 16]) {
        let _ = Uuid7::from_bytes(bytes);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(768))]

    /// Any string, 36 characters of any kind (past the length check, into the digits), or any
    /// bytes read as text: 256 cases of each, in expectation.
    #[test]
    fn arbitrary_text_never_panics_and_reads_as_it_displays(text in text_around(36)) {
        let lower = str::to_ascii_lowercase;
        text::assert_reads_any_text(&text, uuid7::extract_timestamp_ms, Uuid7::timestamp_ms, lower);
    }
}

proptest! {
    /// The two encoders of the text, `encode_ascii` (for byte writers and Python) and
    /// `Display`/`to_string`, write the same 36 characters: the hyphenated form of the `uuid`
    /// crate.
    #[test]
    fn encode_ascii_writes_what_display_writes(ts in timestamp(), counter in counter()) {
        let id = Uuid7::from_parts(ts, counter).unwrap();
        let expected = uuid::Uuid::from_u128(id.to_u128()).hyphenated().to_string();
        let mut buffer = [0; Uuid7::TEXT_LEN];
        prop_assert_eq!(id.encode_ascii(&mut buffer), expected.as_bytes());
        prop_assert_eq!(id.to_string(), expected.as_str());
        prop_assert_eq!(format!("{id}"), expected.as_str());
        let mut buffer = [0; Uuid7::TEXT_LEN];
        prop_assert_eq!(id.encode(&mut buffer), expected.as_str());
    }
}
