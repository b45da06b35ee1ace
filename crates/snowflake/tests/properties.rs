//! Property tests: fields and integers round-trip, order follows the fields, the parser is
//! the exact inverse of `Display` and never panics.

use proptest::prelude::*;
use snowflake::{EPOCH_MS, Error, ParseError, SnowflakeId, extract_timestamp_ms};
use snowflaked::Snowflake;
use test_support::strategy::string_of;
use test_support::text;

const MAX_TIMESTAMP_MS: u64 = EPOCH_MS + (1 << 41) - 1;

fn parts() -> impl Strategy<Value = (u64, u16, u16)> {
    (EPOCH_MS..=MAX_TIMESTAMP_MS, 0u16..=1023, 0u16..=4095)
}

/// Digits, signs, space, separators and non-ASCII digits.
const MIXED: &str = "0123456789+-_ .,e\u{FF10}\u{0663}é";

proptest! {
    #[test]
    fn fields_round_trip_and_match_the_peer_layout((timestamp_ms, worker_id, sequence) in parts()) {
        let id = SnowflakeId::from_parts(timestamp_ms, worker_id, sequence).unwrap();
        prop_assert_eq!((id.timestamp_ms(), id.worker_id(), id.sequence()), (timestamp_ms, worker_id, sequence));
        prop_assert!(id.to_u64() < 1 << 63);
        let peer = <u64 as Snowflake>::from_parts(timestamp_ms - EPOCH_MS, worker_id.into(), sequence.into());
        prop_assert_eq!(id.to_u64(), peer);
        prop_assert_eq!(extract_timestamp_ms(id.to_u64()), Ok(timestamp_ms));
    }

    #[test]
    fn every_integer_below_2_to_the_63_is_an_id_whose_text_round_trips(value in 0u64..1 << 63) {
        let id = SnowflakeId::try_from(value).unwrap();
        prop_assert_eq!(SnowflakeId::try_from(value as i64), Ok(id));
        prop_assert_eq!(u64::from(id), value);
        prop_assert_eq!(i64::from(id), value as i64);
        let text = id.to_string();
        prop_assert_eq!(&text, &value.to_string());
        prop_assert_eq!(text.parse::<SnowflakeId>(), Ok(id));
        let rebuilt = SnowflakeId::from_parts(id.timestamp_ms(), id.worker_id(), id.sequence());
        prop_assert_eq!(rebuilt, Ok(id));
    }

    #[test]
    fn integers_from_2_to_the_63_up_are_rejected_everywhere(value in (1u64 << 63)..=u64::MAX) {
        let out_of_range = Err(Error::IdOutOfRange { value: i128::from(value) });
        prop_assert_eq!(SnowflakeId::try_from(value), out_of_range);
        prop_assert_eq!(extract_timestamp_ms(value), out_of_range.map(|_: SnowflakeId| 0));
        prop_assert_eq!(
            value.to_string().parse::<SnowflakeId>(),
            Err(ParseError::OutOfRange { len: value.to_string().len() })
        );
    }

    #[test]
    fn negative_integers_are_rejected(value in i64::MIN..0) {
        prop_assert_eq!(
            SnowflakeId::try_from(value),
            Err(Error::IdOutOfRange { value: i128::from(value) })
        );
    }

    #[test]
    fn order_is_the_order_of_the_fields(a in parts(), b in parts()) {
        let (x, y) = (
            SnowflakeId::from_parts(a.0, a.1, a.2).unwrap(),
            SnowflakeId::from_parts(b.0, b.1, b.2).unwrap(),
        );
        prop_assert_eq!(x.cmp(&y), a.cmp(&b));
        prop_assert_eq!(x.cmp(&y), x.to_u64().cmp(&y.to_u64()));
    }

    #[test]
    fn the_parser_accepts_exactly_what_display_writes(text in string_of(MIXED, 0..=24)) {
        match text.parse::<SnowflakeId>() {
            Ok(id) => prop_assert_eq!(id.to_string(), text),
            Err(_) => {
                // Either not canonical, or not below 2^63.
                let canonical = text.parse::<u64>().ok().filter(|v| v.to_string() == text);
                prop_assert!(canonical.is_none_or(|value| value >= 1 << 63), "{text:?}");
            }
        }
    }

    #[test]
    fn the_parser_never_panics(text in any::<String>()) {
        let _ = text.parse::<SnowflakeId>();
    }
}

proptest! {
    #[test]
    fn from_parts_then_display_then_from_str_gives_the_parts_back(
        (timestamp_ms, worker_id, sequence) in parts(),
    ) {
        let id = SnowflakeId::from_parts(timestamp_ms, worker_id, sequence).unwrap();
        let parts = |id: SnowflakeId| (id.timestamp_ms(), id.worker_id(), id.sequence());
        text::assert_both_ways(&id, &id.to_string(), parts, (timestamp_ms, worker_id, sequence));
    }

    #[test]
    fn arbitrary_bytes_read_as_text_never_panic(
        bytes in prop_oneof![
            proptest::collection::vec(any::<u8>(), 0..32),
            proptest::collection::vec(b'0'..=b'9', 18..=21),
        ],
    ) {
        let text = String::from_utf8_lossy(&bytes);
        text::assert_parsed_displays_as::<SnowflakeId>(&text, str::to_owned);
    }

    #[test]
    fn extract_timestamp_ms_never_panics_and_reads_any_id_below_2_to_the_63(value: u64) {
        match extract_timestamp_ms(value) {
            Ok(timestamp_ms) => {
                prop_assert!(value < 1 << 63);
                prop_assert_eq!(timestamp_ms, EPOCH_MS + (value >> 22));
            }
            Err(_) => prop_assert!(value >= 1 << 63),
        }
    }
}

proptest! {
    /// The two encoders of the text, `encode_ascii` (for byte writers and Python) and
    /// `Display`/`to_string`, write the same digits: the standard library's decimal of the
    /// integer, of every length from 1 to 19 digits.
    #[test]
    fn encode_ascii_writes_what_display_writes(
        value in prop_oneof![0u64..1 << 63, (0u32..63).prop_flat_map(|bits| 0u64..=(1 << bits))]
    ) {
        let id = SnowflakeId::try_from(value).unwrap();
        let expected = value.to_string();
        let mut buffer = [0; SnowflakeId::TEXT_LEN];
        prop_assert_eq!(id.encode_ascii(&mut buffer), expected.as_bytes());
        prop_assert_eq!(id.to_string(), expected.as_str());
        prop_assert_eq!(format!("{id}"), expected.as_str());
        let mut buffer = [0; SnowflakeId::TEXT_LEN];
        prop_assert_eq!(id.encode(&mut buffer), expected.as_str());
    }
}
