//! `golden/ulid.json`, read in both directions and checked against the crates.io `ulid` crate
//! (an independent implementation) and the examples of the ULID specification.

use test_support::golden::{cases, cases_at_least, character, decimal, string, text_error};
use test_support::text::assert_both_ways;
use ulid::{Error, ParseError, Ulid};

fn hex_of(bytes: [u8; 16]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

#[test]
fn canonical_vectors_go_from_parts_to_text_and_back() {
    for case in &cases_at_least("ulid", "canonical", 20) {
        let parts = (decimal(case, "timestamp_ms"), decimal(case, "random"));
        let (value, text) = (decimal(case, "value"), string(case, "text"));
        let id = Ulid::from_parts(parts.0, parts.1).unwrap();
        assert_both_ways(&id, text, |id| (id.timestamp_ms(), id.random()), parts);
        assert_eq!(id.to_u128(), value, "{case}");
        assert_eq!(hex_of(id.to_bytes()), string(case, "bytes"), "{case}");
        assert_eq!(ulid::extract_timestamp_ms(text), Ok(parts.0), "{case}");
        assert_eq!(Ulid::from_u128(value), id, "{case}");
    }
}

#[test]
fn canonical_vectors_match_the_ulid_crate() {
    for case in &cases("ulid", "canonical") {
        let (value, text) = (decimal(case, "value"), string(case, "text"));
        let (timestamp_ms, random) = (decimal(case, "timestamp_ms"), decimal(case, "random"));
        let peer = ulid_peer::Ulid::from_string(text).unwrap();
        assert_eq!(peer.0, value, "{case}");
        assert_eq!(ulid_peer::Ulid(value).to_string(), text, "{case}");
        assert_eq!(peer.timestamp_ms(), timestamp_ms, "{case}");
        assert_eq!(peer.random(), random, "{case}");
        assert_eq!(hex_of(peer.to_bytes()), string(case, "bytes"), "{case}");
        let peer_from_parts = ulid_peer::Ulid::from_parts(timestamp_ms, random);
        assert_eq!(peer_from_parts.0, value, "{case}");
    }
}

#[test]
fn the_examples_of_the_specification_are_in_the_vectors() {
    let canonical = cases("ulid", "canonical");
    let texts: Vec<&str> = canonical.iter().map(|case| string(case, "text")).collect();

    // The README example: 2016-07-30T23:54:10.259Z, and its value computed independently.
    assert!(texts.contains(&"01ARZ3NDEKTSV4RRFFQ69G5FAV"));
    let example: Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse().unwrap();
    assert_eq!(example.timestamp_ms(), 1_469_922_850_259);
    assert_eq!(example.to_u128(), 0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B);

    // The largest valid ULID, and the largest timestamp, 2^48 - 1.
    assert!(texts.contains(&"7ZZZZZZZZZZZZZZZZZZZZZZZZZ"));
    let largest: Ulid = "7ZZZZZZZZZZZZZZZZZZZZZZZZZ".parse().unwrap();
    assert_eq!(largest.to_u128(), u128::MAX);
    assert_eq!(largest.timestamp_ms(), 281_474_976_710_655);
    assert_eq!(
        ulid::extract_timestamp_ms("7ZZZZZZZZZ0000000000000000"),
        Ok((1 << 48) - 1)
    );
}

#[test]
fn decode_vectors_accept_either_case_and_the_aliases() {
    let mut compared = 0;
    for case in &cases("ulid", "decode") {
        let (text, value) = (string(case, "text"), decimal(case, "value"));
        let id: Ulid = text.parse().unwrap();
        assert_eq!(id.to_u128(), value, "{case}");
        assert_eq!(id.to_string(), string(case, "canonical"), "{case}");
        // The peer reads either case but rejects the aliases O, I and L.
        let peer = ulid_peer::Ulid::from_string(text).map(|peer| peer.0);
        if !text.contains(['O', 'o', 'I', 'i', 'L', 'l']) {
            assert_eq!(peer, Ok(value), "{case}");
            compared += 1;
        } else {
            assert!(peer.is_err(), "{case}");
        }
    }
    assert!(compared >= 3, "too few vectors checked against the peer");
}

#[test]
fn invalid_vectors_fail_with_the_documented_error() {
    for case in &cases("ulid", "invalid") {
        let text = string(case, "text");
        let error = text.parse::<Ulid>().unwrap_err();
        assert_eq!(ulid::extract_timestamp_ms(text), Err(error), "{case}");
        let length = |found| ParseError::InvalidLength {
            found,
            expected: 26,
        };
        let at = |index, character| ParseError::InvalidCharacter { index, character };
        let expected = text_error(case, "length", length, at).unwrap_or_else(|| {
            assert_eq!(string(case, "error"), "overflow", "{case}");
            ParseError::Overflow {
                first: character(case, "first"),
            }
        });
        assert_eq!(error, expected, "{case}");
        match error {
            ParseError::InvalidLength { found, .. } => {
                assert_eq!(found, text.chars().count(), "{case}");
            }
            ParseError::InvalidCharacter { index, character } => {
                assert_eq!(text[index..].chars().next(), Some(character), "{case}");
            }
            ParseError::Overflow { first } => {
                assert_eq!(text.chars().next(), Some(first), "{case}");
                assert!(first > '7', "{case}");
            }
            other => panic!("unexpected {other:?}"),
        }
        // The peer rejects these too, but wraps an overflowing first symbol (its documented
        // behaviour: the top two of the 130 bits are dropped).
        if string(case, "error") != "overflow" {
            assert!(ulid_peer::Ulid::from_string(text).is_err(), "{case}");
        }
    }
}

#[test]
fn out_of_range_vectors_name_the_field_and_its_maximum() {
    for case in &cases("ulid", "out_of_range") {
        let (timestamp_ms, random) = (decimal(case, "timestamp_ms"), decimal(case, "random"));
        let expected = match string(case, "error") {
            "timestamp_out_of_range" => Error::TimestampOutOfRange {
                value: timestamp_ms,
                max: decimal(case, "max"),
            },
            "random_out_of_range" => Error::RandomOutOfRange {
                value: random,
                max: decimal(case, "max"),
            },
            other => panic!("unknown error kind {other}"),
        };
        assert_eq!(
            Ulid::from_parts(timestamp_ms, random),
            Err(expected),
            "{case}"
        );
    }
}
