//! Property tests: round trips, agreement with the `bson` crate, order, no panic on any input.

use objectid::{Error, ObjectId, ParseError};
use proptest::prelude::*;
use test_support::strategy::{string_of, text_around};
use test_support::text;

/// Hex digits in both cases, and a few strangers.
const MIXED: &str = "0123456789abcdefABCDEFgxX -_.ıé６";

proptest! {
    #[test]
    fn display_is_the_hex_of_bson_and_parses_back(bytes: [u8; 12]) {
        let id = ObjectId::from_bytes(bytes);
        let text = id.to_string();
        prop_assert_eq!(&text, &bson::oid::ObjectId::from_bytes(bytes).to_hex());
        let mut buffer = [0; 24];
        prop_assert_eq!(id.encode(&mut buffer), text.as_str());
        prop_assert_eq!(text.parse::<ObjectId>(), Ok(id));
        prop_assert_eq!(format!("{id:?}"), format!("ObjectId({text})"));
        prop_assert_eq!(<[u8; 12]>::from(ObjectId::from(bytes)), bytes);
    }

    #[test]
    fn lower_case_hex_parses_as_bson_parses_it(text in "[0-9a-f]{24}") {
        let ours = text.parse::<ObjectId>().unwrap();
        let peer = bson::oid::ObjectId::parse_str(&text).unwrap();
        prop_assert_eq!(ours.to_bytes(), peer.bytes());
        prop_assert_eq!(
            i64::try_from(ours.timestamp_s() * 1000).unwrap(),
            peer.timestamp().timestamp_millis()
        );
    }

    #[test]
    fn we_accept_what_bson_accepts_except_upper_case(text in string_of(MIXED, 22..=26)) {
        // By design ours is stricter: `bson` also reads upper-case digits.
        let ours = text.parse::<ObjectId>().ok();
        let peer = bson::oid::ObjectId::parse_str(&text).ok();
        let has_upper = text.bytes().any(|byte| byte.is_ascii_uppercase());
        match (ours, peer) {
            (Some(ours), Some(peer)) => prop_assert_eq!(ours.to_bytes(), peer.bytes()),
            (None, Some(_)) => prop_assert!(has_upper, "{:?}", text),
            (Some(_), None) => prop_assert!(false, "only ours accepts {:?}", text),
            (None, None) => {}
        }
    }

    #[test]
    fn errors_name_the_length_or_the_first_bad_character(text in string_of(MIXED, 0..=30)) {
        match text.parse::<ObjectId>() {
            Ok(id) => prop_assert_eq!(id.to_string(), text),
            Err(ParseError::InvalidLength { found, expected }) => {
                prop_assert_eq!((found, expected), (text.chars().count(), 24));
            }
            Err(ParseError::InvalidCharacter { index, character }) => {
                prop_assert_eq!(text.chars().count(), 24);
                let first_bad = text
                    .char_indices()
                    .find(|&(_, c)| !matches!(c, '0'..='9' | 'a'..='f'));
                prop_assert_eq!(first_bad, Some((index, character)));
            }
            Err(other) => prop_assert!(false, "unexpected error {:?}", other),
        }
    }

    #[test]
    fn parts_round_trip(timestamp_s in 0..=u64::from(u32::MAX), counter: u64) {
        let id = ObjectId::from_parts(timestamp_s, counter).unwrap();
        prop_assert_eq!((id.timestamp_s(), id.counter()), (timestamp_s, counter));
        prop_assert_eq!(objectid::extract_timestamp_s(&id.to_string()), Ok(timestamp_s));
    }

    #[test]
    fn timestamps_above_32_bits_are_rejected(timestamp_s in u64::from(u32::MAX) + 1.., counter: u64) {
        let out_of_range = Error::TimestampOutOfRange { value: timestamp_s, max: u64::from(u32::MAX) };
        prop_assert_eq!(ObjectId::from_parts(timestamp_s, counter), Err(out_of_range));
        #[cfg(feature = "generate")]
        prop_assert_eq!(objectid::generate_at(timestamp_s), Err(out_of_range));
    }

    #[test]
    fn value_order_is_parts_order_byte_order_and_text_order(a: [u8; 12], b: [u8; 12]) {
        let (x, y) = (ObjectId::from_bytes(a), ObjectId::from_bytes(b));
        prop_assert_eq!(x.cmp(&y), a.cmp(&b));
        prop_assert_eq!(x.cmp(&y), (x.timestamp_s(), x.counter()).cmp(&(y.timestamp_s(), y.counter())));
        prop_assert_eq!(x.cmp(&y), x.to_string().cmp(&y.to_string()));
        prop_assert_eq!(x.cmp(&y), bson::oid::ObjectId::from_bytes(a).cmp(&bson::oid::ObjectId::from_bytes(b)));
    }

    #[test]
    #[cfg(feature = "generate")]
    fn generate_at_keeps_the_second(timestamp_s in 0..=u64::from(u32::MAX)) {
        let id = objectid::generate_at(timestamp_s).unwrap();
        prop_assert_eq!(id.timestamp_s(), timestamp_s);
        let peer = bson::oid::ObjectId::parse_str(id.to_string()).unwrap();
        prop_assert_eq!(peer.bytes(), id.to_bytes());
    }

    #[test]
    fn from_parts_then_display_then_from_str_gives_the_parts_back(
        timestamp_s in 0..=u64::from(u32::MAX),
        counter: u64,
    ) {
        let id = ObjectId::from_parts(timestamp_s, counter).unwrap();
        let parts = |id: ObjectId| (id.timestamp_s(), id.counter());
        text::assert_both_ways(&id, &id.to_string(), parts, (timestamp_s, counter));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(768))]

    /// Any string, 24 characters of any kind (past the length check when they are ASCII, into
    /// the digits), or any bytes read as text: 256 cases of each, in expectation.
    #[test]
    fn arbitrary_text_never_panics_and_reads_as_it_displays(text in text_around(24)) {
        let (extract, timestamp) = (objectid::extract_timestamp_s, ObjectId::timestamp_s);
        text::assert_reads_any_text(&text, extract, timestamp, str::to_owned);
    }
}

proptest! {
    /// The two encoders of the text, `encode_ascii` (for byte writers and Python) and
    /// `Display`/`to_string`, write the same 24 digits: the hex of the `bson` crate.
    #[test]
    fn encode_ascii_writes_what_display_writes(bytes: [u8; 12]) {
        let id = ObjectId::from_bytes(bytes);
        let expected = bson::oid::ObjectId::from_bytes(bytes).to_hex();
        let mut buffer = [0; ObjectId::TEXT_LEN];
        prop_assert_eq!(id.encode_ascii(&mut buffer), expected.as_bytes());
        prop_assert_eq!(id.to_string(), expected.as_str());
        prop_assert_eq!(format!("{id}"), expected.as_str());
        let mut buffer = [0; ObjectId::TEXT_LEN];
        prop_assert_eq!(id.encode(&mut buffer), expected.as_str());
    }
}
