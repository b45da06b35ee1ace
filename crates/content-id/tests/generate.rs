//! The public functions: lengths, UUIDv5, and the documented choices of the encoding.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;
use std::sync::Arc;

use content_id::{
    Bytes, Encoder, Error, NAMESPACE, StableHash, Written, generate_uuid5, generate_uuid5_in,
    generate_with_length,
};
use uuid::Uuid;

/// The id of `data`, which must have one.
fn generate<T: StableHash + ?Sized>(data: &T) -> String {
    content_id::generate(data).unwrap()
}

#[test]
fn invalid_lengths_are_errors_that_name_the_length_and_the_rule() {
    for length in [0, 130, 129, 256, usize::MAX] {
        let error = generate_with_length(&1, length).unwrap_err();
        assert_eq!(error, Error::LengthOutOfRange { length });
        let message = error.to_string();
        assert!(message.contains(&length.to_string()), "{message}");
        assert!(message.contains("2 to 128"), "{message}");
    }
    assert_eq!(
        generate_with_length(&1, 1),
        Err(Error::LengthOutOfRange { length: 1 })
    );
    for length in [3, 15, 127] {
        let error = generate_with_length(&1, length).unwrap_err();
        assert_eq!(error, Error::OddLength { length });
        let message = error.to_string();
        assert!(message.contains(&length.to_string()), "{message}");
        assert!(message.contains("odd"), "{message}");
    }
}

#[test]
fn every_valid_length_gives_that_many_lower_case_hex_characters() {
    let mut ids = Vec::new();
    for length in (2..=128).step_by(2) {
        let id = generate_with_length(&"data", length).unwrap();
        assert_eq!(id.len(), length);
        assert!(
            id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')),
            "{id}"
        );
        ids.push(id);
    }
    assert_eq!(ids.len(), 64);
    assert_eq!(
        generate_with_length(&"data", 64).unwrap(),
        generate(&"data")
    );
}

#[test]
fn a_shorter_id_is_not_a_prefix_of_a_longer_one() {
    let ids: Vec<String> = (2..=128)
        .step_by(2)
        .map(|length| generate_with_length(&"data", length).unwrap())
        .collect();
    let prefixes = ids
        .windows(2)
        .filter(|pair| pair[1].starts_with(&pair[0]))
        .count();
    // Each pair has a 1 in 256 (or less) chance of sharing its first byte by accident.
    assert!(prefixes <= 2, "{prefixes} prefixes");
}

#[test]
fn the_namespace_is_the_uuid5_of_its_documented_name() {
    assert_eq!(
        NAMESPACE,
        Uuid::new_v5(&Uuid::NAMESPACE_URL, b"identifier:content-id")
    );
    assert_eq!(
        NAMESPACE.to_string(),
        "361d425a-83f3-5c34-bc1b-1fb0a53128cd"
    );
}

#[test]
fn uuid5_is_the_v5_of_the_128_character_id() {
    let data = ("order", 17u32, [1.5, 2.5]);
    let id = generate_uuid5(&data).unwrap();
    assert_eq!(id.get_version_num(), 5);
    assert_eq!(id.get_variant(), uuid::Variant::RFC4122);
    let hex = generate_with_length(&data, 128).unwrap();
    assert_eq!(id, Uuid::new_v5(&NAMESPACE, hex.as_bytes()));
    assert_eq!(generate_uuid5_in(&data, &NAMESPACE).unwrap(), id);
    let other = generate_uuid5_in(&data, &Uuid::NAMESPACE_OID).unwrap();
    assert_ne!(other, id);
    assert_eq!(other, Uuid::new_v5(&Uuid::NAMESPACE_OID, hex.as_bytes()));
}

#[test]
fn option_follows_json() {
    assert_eq!(generate(&None::<u8>), generate(&()));
    assert_eq!(generate(&Some(None::<u8>)), generate(&()));
    assert_eq!(generate(&Some(())), generate(&None::<()>));
    assert_eq!(generate(&Some(Some(3u8))), generate(&3));
    assert_ne!(generate(&Some(0u8)), generate(&None::<u8>));
}

#[test]
fn floats_follow_equality_and_have_one_nan() {
    assert_eq!(generate(&-0.0), generate(&0.0));
    let nans = [
        f64::NAN,
        -f64::NAN,
        f64::from_bits(0x7FF0_0000_0000_0001),
        f64::from_bits(0xFFF8_0000_0000_00FF),
    ];
    for nan in nans {
        assert!(nan.is_nan());
        assert_eq!(generate(&nan), generate(&f64::NAN));
    }
    assert_eq!(generate(&f32::NAN), generate(&f64::NAN));
    assert_eq!(generate(&1.5f32), generate(&1.5f64));
    assert_ne!(generate(&0.1f32), generate(&0.1f64));
    assert_ne!(generate(&f64::INFINITY), generate(&f64::NEG_INFINITY));
    assert_ne!(generate(&1.0), generate(&1));
    assert_ne!(generate(&0.0), generate(&0));
}

#[test]
fn char_is_a_one_character_string() {
    assert_eq!(generate(&'x'), generate(&"x"));
    assert_eq!(generate(&'🦀'), generate(&String::from("🦀")));
}

#[test]
fn wrappers_are_transparent() {
    let id = generate(&vec![1, 2]);
    assert_eq!(generate(&&vec![1, 2]), id);
    assert_eq!(generate(&&mut vec![1, 2]), id);
    assert_eq!(generate(&Box::new(vec![1, 2])), id);
    assert_eq!(generate(&Rc::new(vec![1, 2])), id);
    assert_eq!(generate(&Arc::new([1, 2])), id);
    assert_eq!(generate(&Cow::<[i32]>::Borrowed(&[1, 2])), id);
    assert_eq!(generate(&Cow::<str>::Owned("a".into())), generate("a"));
    let boxed: Box<dyn StableHash> = Box::new((1, 2));
    assert_eq!(generate(&boxed), id);
}

#[test]
fn heterogeneous_lists_through_dyn() {
    let items: [&dyn StableHash; 3] = [&1u8, &"a", &Bytes(b"b")];
    assert_eq!(generate(&items), generate(&(1, "a", Bytes(b"b"))));
    assert_eq!(generate(&items[..]), generate(&items.to_vec()));
}

/// A `HashMap` iterates in an order of its own, which must not matter, however deep.
#[test]
fn nested_maps_and_sets_are_sorted_at_every_level() {
    let mut hashed: HashMap<String, HashMap<i32, Vec<std::collections::HashSet<&str>>>> =
        HashMap::new();
    let mut ordered: BTreeMap<String, BTreeMap<i32, Vec<std::collections::BTreeSet<&str>>>> =
        BTreeMap::new();
    for outer in 0..20 {
        for inner in -5..5 {
            let set = ["p", "q", "rr", ""]
                .into_iter()
                .take((inner + 5) as usize % 5);
            hashed.entry(format!("k{outer}")).or_default().insert(
                inner,
                vec![set.clone().collect(), set.clone().rev().collect()],
            );
            ordered
                .entry(format!("k{outer}"))
                .or_default()
                .insert(inner, vec![set.clone().collect(), set.rev().collect()]);
        }
    }
    assert_eq!(generate(&hashed), generate(&ordered));
    // Inside a list, next to streamed values.
    assert_eq!(
        generate(&(1, &hashed, "tail")),
        generate(&(1, &ordered, "tail"))
    );
}

/// An `ExactSizeIterator` whose `len()` is wrong: lists are not counted in advance any more,
/// so it does not matter.
struct Liar;

impl StableHash for Liar {
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        struct Iter(u8);
        impl Iterator for Iter {
            type Item = u8;
            fn next(&mut self) -> Option<u8> {
                self.0 = self.0.checked_sub(1)?;
                Some(self.0)
            }
        }
        impl ExactSizeIterator for Iter {
            fn len(&self) -> usize {
                1
            }
        }
        encoder.write_list(Iter(2))
    }
}

#[test]
fn a_list_is_what_its_iterator_yields() {
    assert_eq!(generate(&Liar), generate(&[1u8, 0]));
    assert_eq!(
        generate(&BTreeMap::from([("a", Liar)])),
        generate(&BTreeMap::from([("a", [1, 0])]))
    );
}

#[test]
fn the_encoder_and_the_writers_show_their_state() {
    struct Probe;
    impl StableHash for Probe {
        fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
            let shown = format!("{encoder:?}");
            assert!(shown.starts_with("Encoder {"), "{shown}");
            let mut list = encoder.list();
            list.item(&1);
            let shown = format!("{list:?}");
            assert!(shown.starts_with("ListWriter { items: 1"), "{shown}");
            let written = list.finish();
            assert_eq!(format!("{written:?}"), "Written");
            written
        }
    }
    assert_eq!(generate(&Probe), generate(&[1]));
}

#[test]
fn options_default_to_64_characters_and_failing_on_unencodable_parts() {
    use content_id::Options;
    let options = Options::default();
    assert_eq!(options.length, 64);
    assert!(!options.ignore_unhashable);
    assert_eq!(options.check(), Ok(()));
    assert_eq!(
        content_id::generate_with(&"x", &options).unwrap(),
        generate("x")
    );
    for length in [0, 1, 3, 130] {
        let options = Options {
            length,
            ..Options::default()
        };
        assert_eq!(
            options.check(),
            generate_with_length(&1, length).map(|_| ())
        );
        assert!(options.check().is_err());
    }
}
