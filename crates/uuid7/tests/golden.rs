//! `golden/uuid7.json`, read in both directions and checked against independent sources: the
//! `uuid` crate, the crates.io `uuid7` crate (as `uuid7_peer`) and RFC 9562, Appendix A.6.

use test_support::golden::{cases, decimal, number, string};
use test_support::text::assert_both_ways;
use uuid7::{Error, ParseError, Uuid7};

/// The timestamp in milliseconds as the `uuid` crate reads it.
fn uuid_timestamp_ms(uuid: &uuid::Uuid) -> u64 {
    let (seconds, nanos) = uuid.get_timestamp().unwrap().to_unix();
    seconds * 1000 + u64::from(nanos) / 1_000_000
}

#[test]
fn encode_vectors_round_trip() {
    for case in &cases("uuid7", "encode") {
        let (value, text) = (decimal(case, "value"), string(case, "text"));
        let id = Uuid7::from_u128(value).unwrap();
        let parts = (decimal(case, "timestamp_ms"), decimal(case, "counter"));
        assert_eq!(id.to_u128(), value, "{case}");
        assert_eq!(Uuid7::from_parts(parts.0, parts.1), Ok(id), "{case}");
        assert_both_ways(&id, text, |id| (id.timestamp_ms(), id.counter()), parts);
        assert_eq!(uuid7::extract_timestamp_ms(text), Ok(parts.0), "{case}");
        assert_eq!(Uuid7::from_bytes(value.to_be_bytes()), Ok(id), "{case}");
    }
}

#[test]
fn encode_vectors_match_the_uuid_crate() {
    for case in &cases("uuid7", "encode") {
        let text = string(case, "text");
        let uuid = uuid::Uuid::parse_str(text).unwrap();
        assert_eq!(uuid.get_version_num(), 7, "{case}");
        assert_eq!(uuid.get_variant(), uuid::Variant::RFC4122, "{case}");
        assert_eq!(
            uuid_timestamp_ms(&uuid),
            decimal::<u64>(case, "timestamp_ms"),
            "{case}"
        );
        assert_eq!(uuid.as_u128(), decimal::<u128>(case, "value"), "{case}");
        assert_eq!(uuid.hyphenated().to_string(), text, "{case}");
        // rand_a and rand_b, read from the bytes the `uuid` crate parsed.
        let bytes = uuid.as_bytes();
        let rand_a = u16::from_be_bytes([bytes[6], bytes[7]]) & 0xFFF;
        let rand_b = u64::from_be_bytes(bytes[8..].try_into().unwrap()) & ((1 << 62) - 1);
        assert_eq!(
            u128::from(rand_a),
            decimal::<u128>(case, "rand_a"),
            "{case}"
        );
        assert_eq!(
            u128::from(rand_b),
            decimal::<u128>(case, "rand_b"),
            "{case}"
        );
    }
}

#[test]
fn encode_vectors_match_the_uuid7_crate_packing_of_rand_a_and_rand_b() {
    for case in &cases("uuid7", "encode") {
        let counter = decimal::<u128>(case, "counter");
        let (rand_a, rand_b) = (
            decimal::<u128>(case, "rand_a"),
            decimal::<u128>(case, "rand_b"),
        );
        assert_eq!((rand_a << 62) | rand_b, counter, "{case}");
        let peer = uuid7_peer::Uuid::try_from_fields_v7(
            decimal::<u64>(case, "timestamp_ms"),
            u16::try_from(rand_a).unwrap(),
            u64::try_from(rand_b).unwrap(),
        )
        .unwrap();
        let text = string(case, "text");
        assert_eq!(peer.to_string(), text, "{case}");
        assert_eq!(text.parse::<uuid7_peer::Uuid>().unwrap(), peer, "{case}");
    }
}

#[test]
fn decode_vectors_accept_either_case() {
    for case in &cases("uuid7", "decode") {
        let (text, value) = (string(case, "text"), decimal::<u128>(case, "value"));
        let canonical = string(case, "canonical");
        let id: Uuid7 = text.parse().unwrap();
        assert_eq!(id.to_u128(), value, "{case}");
        assert_eq!(id.to_string(), canonical, "{case}");
        assert_eq!(canonical, text.to_ascii_lowercase(), "{case}");
        assert_eq!(
            uuid::Uuid::parse_str(text).unwrap().as_u128(),
            value,
            "{case}"
        );
    }
}

#[test]
fn invalid_texts_fail_with_the_documented_error() {
    let invalid = cases("uuid7", "invalid_text");
    let mut kinds = std::collections::BTreeSet::new();
    for case in &invalid {
        let text = string(case, "text");
        let error = text.parse::<Uuid7>().expect_err(text);
        assert_eq!(uuid7::extract_timestamp_ms(text), Err(error), "{case}");
        let kind = string(case, "error");
        kinds.insert(kind);
        match (kind, error) {
            ("length", ParseError::InvalidLength { found: len, .. }) => {
                assert_eq!(len, text.chars().count(), "{case}");
                assert_ne!(len, 36, "{case}");
            }
            ("invalid_character", ParseError::InvalidCharacter { index, character })
            | ("missing_hyphen", ParseError::MissingHyphen { index, character }) => {
                assert_eq!(index as u64, number::<u64>(case, "index"), "{case}");
                assert_eq!(character.to_string(), string(case, "character"));
                assert_eq!(text[index..].chars().next(), Some(character), "{case}");
                let hyphen = [8, 13, 18, 23].contains(&index);
                assert_eq!(hyphen, kind == "missing_hyphen", "{case}");
                assert_ne!(character, if hyphen { '-' } else { '0' }, "{case}");
                assert!(hyphen || !character.is_ascii_hexdigit(), "{case}");
            }
            ("version", ParseError::Version { found }) => {
                assert_eq!(found, number::<u8>(case, "found"), "{case}");
                // The `uuid` crate reads the same version from the same text.
                let uuid = uuid::Uuid::parse_str(text).unwrap();
                assert_eq!(uuid.get_version_num(), usize::from(found), "{case}");
                assert_ne!(found, 7);
            }
            ("variant", ParseError::Variant { found }) => {
                assert_eq!(found, number::<u8>(case, "found"), "{case}");
                let uuid = uuid::Uuid::parse_str(text).unwrap();
                assert_eq!(uuid.get_version_num(), 7, "{case}");
                assert_ne!(uuid.get_variant(), uuid::Variant::RFC4122, "{case}");
                assert_eq!(uuid.as_bytes()[8] >> 6, found, "{case}");
            }
            (expected, found) => panic!("{text:?}: expected {expected}, found {found:?}"),
        }
    }
    let all = [
        "length",
        "invalid_character",
        "missing_hyphen",
        "version",
        "variant",
    ];
    assert_eq!(kinds, all.into_iter().collect());
}

#[test]
fn invalid_parts_fail_with_the_value_out_of_range() {
    for case in &cases("uuid7", "invalid_parts") {
        let (timestamp_ms, counter) = (
            decimal::<u64>(case, "timestamp_ms"),
            decimal::<u128>(case, "counter"),
        );
        let error = Uuid7::from_parts(timestamp_ms, counter).unwrap_err();
        match (string(case, "error"), error) {
            ("timestamp", Error::TimestampOutOfRange { value, .. }) => {
                assert_eq!(value, timestamp_ms);
                assert!(value >= 1 << 48);
            }
            ("counter", Error::CounterOutOfRange { value, .. }) => {
                assert_eq!(value, counter);
                assert!(value >= 1 << 74 && timestamp_ms < 1 << 48);
            }
            (expected, found) => panic!("{case}: expected {expected}, found {found:?}"),
        }
    }
}

#[test]
fn invalid_values_fail_with_the_version_or_variant_found() {
    for case in &cases("uuid7", "invalid_value") {
        let value = decimal::<u128>(case, "value");
        let uuid = uuid::Uuid::from_u128(value);
        let error = Uuid7::from_u128(value).unwrap_err();
        assert_eq!(Uuid7::try_from(value), Err(error));
        assert_eq!(Uuid7::from_bytes(value.to_be_bytes()), Err(error));
        match (string(case, "error"), error) {
            ("version", Error::Version { found }) => {
                assert_eq!(found, number::<u8>(case, "found"));
                assert_eq!(uuid.get_version_num(), usize::from(found), "{case}");
            }
            ("variant", Error::Variant { found }) => {
                assert_eq!(found, number::<u8>(case, "found"));
                assert_eq!(uuid.as_bytes()[8] >> 6, found, "{case}");
            }
            (expected, found) => panic!("{case}: expected {expected}, found {found:?}"),
        }
    }
}

/// RFC 9562, Appendix A.6: the published text, and the fields the RFC gives for it.
#[test]
fn the_example_of_rfc_9562() {
    const TEXT: &str = "017F22E2-79B0-7CC3-98C4-DC0C0C07398F";
    let id: Uuid7 = TEXT.parse().unwrap();
    // unix_ts_ms 0x017F22E279B0: Tuesday, February 22, 2022 2:22:22.00 PM GMT-05:00.
    assert_eq!(id.timestamp_ms(), 0x017F_22E2_79B0);
    let utc_seconds = days_from_civil(2022, 2, 22) * 86_400 + (14 + 5) * 3600 + 22 * 60 + 22;
    assert_eq!(id.timestamp_ms(), utc_seconds * 1000);
    assert_eq!((days_from_civil(2022, 2, 22) + 4) % 7, 2, "a Tuesday");
    // ver 0x7, rand_a 0xCC3, var 0b10, rand_b 0x18C4DC0C0C07398F.
    assert_eq!(id.to_u128() >> 76 & 0xF, 7);
    assert_eq!(id.counter() >> 62, 0xCC3);
    assert_eq!(id.to_u128() >> 62 & 0b11, 0b10);
    assert_eq!(id.counter() & ((1 << 62) - 1), 0x18C4_DC0C_0C07_398F);
    assert_eq!(id.to_string(), TEXT.to_ascii_lowercase());
    assert_eq!(
        Uuid7::from_parts(0x017F_22E2_79B0, (0xCC3 << 62) | 0x18C4_DC0C_0C07_398F),
        Ok(id)
    );
    // And it is among the golden vectors.
    assert!(
        cases("uuid7", "encode")
            .iter()
            .any(|case| case["text"] == TEXT.to_ascii_lowercase())
    );
}

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (H. Hinnant's
/// `days_from_civil`).
fn days_from_civil(year: u64, month: u64, day: u64) -> u64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year / 400;
    let year_of_era = year - era * 400;
    let day_of_year = (153 * ((month + 9) % 12) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}
