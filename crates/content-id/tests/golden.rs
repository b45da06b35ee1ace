//! `golden/content-id.json`, read in both directions: each case's typed description is
//! rebuilt and hashed, and the Rust values the file names are hashed again. The UUIDv5 of
//! every case is recomputed with the `uuid` crate from the 128-character id.

use content_id::{Encoder, StableHash, generate_uuid5, generate_with_length};
use serde_json::Value;
use uuid::Uuid;

fn golden() -> Value {
    serde_json::from_str(include_str!("../../../golden/content-id.json")).unwrap()
}

/// A value rebuilt from its typed description, hashed through the std implementations.
enum Described {
    Null,
    Bool(bool),
    Int(String),
    Float(f64),
    Str(String),
    Bytes(Vec<u8>),
    List(Vec<Described>),
    Map(Vec<(Described, Described)>),
    Set(Vec<Described>),
}

impl Described {
    fn parse(value: &Value) -> Described {
        let object = value.as_object().unwrap();
        assert_eq!(object.len(), 1, "{value}");
        let (kind, inner) = object.iter().next().unwrap();
        let items = || inner.as_array().unwrap().iter().map(Described::parse);
        match kind.as_str() {
            "null" => Described::Null,
            "bool" => Described::Bool(inner.as_bool().unwrap()),
            "int" => Described::Int(inner.as_str().unwrap().to_owned()),
            "float" => Described::Float(f64::from_bits(
                u64::from_str_radix(inner.as_str().unwrap(), 16).unwrap(),
            )),
            "str" => Described::Str(inner.as_str().unwrap().to_owned()),
            "bytes" => Described::Bytes(hex(inner.as_str().unwrap())),
            "list" => Described::List(items().collect()),
            "set" => Described::Set(items().collect()),
            "map" => Described::Map(
                inner
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|pair| (Described::parse(&pair[0]), Described::parse(&pair[1])))
                    .collect(),
            ),
            other => panic!("unknown kind {other}"),
        }
    }
}

impl StableHash for Described {
    fn stable_hash(&self, encoder: &mut Encoder) {
        match self {
            Described::Null => ().stable_hash(encoder),
            Described::Bool(value) => value.stable_hash(encoder),
            Described::Int(text) => match text.parse::<i128>() {
                Ok(value) => value.stable_hash(encoder),
                Err(_) => text.parse::<u128>().unwrap().stable_hash(encoder),
            },
            Described::Float(value) => value.stable_hash(encoder),
            Described::Str(value) => value.stable_hash(encoder),
            Described::Bytes(value) => content_id::Bytes(value).stable_hash(encoder),
            Described::List(items) => items.stable_hash(encoder),
            Described::Map(entries) => encoder.write_map(entries.iter().map(|(k, v)| (k, v))),
            Described::Set(items) => encoder.write_set(items),
        }
    }
}

fn hex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
        .collect()
}

fn cases(golden: &Value) -> &[Value] {
    golden["cases"].as_array().unwrap()
}

fn assert_case<T: StableHash + ?Sized>(case: &Value, data: &T) {
    for length in [16, 64, 128] {
        let expected = case["ids"][length.to_string()].as_str().unwrap();
        assert_eq!(
            generate_with_length(data, length).unwrap(),
            expected,
            "{} at {length}",
            case["rust"]
        );
    }
    assert_eq!(
        generate_uuid5(data).to_string(),
        case["uuid5"].as_str().unwrap(),
        "{}",
        case["rust"]
    );
}

#[test]
fn every_description_hashes_to_its_ids() {
    let golden = golden();
    let cases = cases(&golden);
    assert!(cases.len() >= 50, "only {} cases", cases.len());
    for case in cases {
        assert_case(case, &Described::parse(&case["value"]));
    }
}

#[test]
fn uuid5_is_the_uuid_crates_v5_of_the_128_character_id() {
    let namespace = Uuid::parse_str("361d425a-83f3-5c34-bc1b-1fb0a53128cd").unwrap();
    assert_eq!(namespace, content_id::NAMESPACE);
    for case in cases(&golden()) {
        let id = case["ids"]["128"].as_str().unwrap();
        let uuid = Uuid::new_v5(&namespace, id.as_bytes());
        assert_eq!(uuid.to_string(), case["uuid5"].as_str().unwrap());
    }
}

#[test]
fn ids_have_the_lengths_they_are_filed_under_and_are_distinct() {
    let golden = golden();
    let mut seen = std::collections::HashMap::new();
    for case in cases(&golden) {
        for (length, id) in case["ids"].as_object().unwrap() {
            let id = id.as_str().unwrap();
            assert_eq!(id.len().to_string(), *length);
            assert!(id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')));
            if length == "64" {
                seen.entry(id.to_owned())
                    .or_insert_with(Vec::new)
                    .push(case["rust"].as_str().unwrap().to_owned());
            }
        }
    }
    // Values that are equal under the documented rules share an id; nothing else does.
    let mut shared: Vec<Vec<String>> = seen.into_values().filter(|names| names.len() > 1).collect();
    shared.iter_mut().for_each(|names| names.sort());
    shared.sort();
    let expected: Vec<Vec<&str>> = vec![
        vec!["()", "None::<u8>", "Serde(&Marker)", "Some(None::<u8>)"],
        vec!["-0.0f64", "0.0f64"],
        vec!["-f64::NAN", "f64::NAN"],
    ];
    assert_eq!(shared, expected);
}

/// The Rust values of some cases, hashed again: the file is what these values give.
#[test]
fn rust_values_give_the_filed_ids() {
    use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

    use content_id::Bytes;

    let golden = golden();
    let find = |rust: &str| {
        cases(&golden)
            .iter()
            .find(|case| case["rust"] == rust)
            .unwrap_or_else(|| panic!("no case {rust}"))
            .clone()
    };
    assert_case(&find("0u8"), &0u8);
    assert_case(&find("0u8"), &0i128);
    assert_case(&find("1u8"), &1u128);
    assert_case(&find("-1i64"), &-1i8);
    assert_case(&find("u128::MAX"), &u128::MAX);
    assert_case(&find("i128::MIN"), &i128::MIN);
    assert_case(&find("u64::MAX"), &u64::MAX);
    assert_case(&find("-0.0f64"), &0.0f32);
    assert_case(&find("f64::NAN"), &f32::NAN);
    assert_case(&find("0.1f32"), &0.1f32);
    assert_case(&find("'é'"), &'é');
    assert_case(&find("'é'"), "é");
    assert_case(&find("Bytes(&[0, 255])"), &Bytes(&[0, 255]));
    assert_case(&find("[0u8, 255]"), &vec![0u8, 255]);
    assert_case(&find("[\"a\", \"b\"]"), &("a", String::from("b")));
    assert_case(&find("(\"a\", 1)"), &("a", 1));
    assert_case(
        &find("vec![1, 2, 3]"),
        &std::collections::VecDeque::from([1, 2, 3]),
    );
    assert_case(
        &find("BTreeMap {\"a\": 1, \"b\": 2}"),
        &HashMap::from([("b", 2u64), ("a", 1)]),
    );
    assert_case(
        &find("HashMap {1: \"x\", -1: \"y\", 300: \"z\"}"),
        &BTreeMap::from([(300u16 as i32, "z"), (-1, "y"), (1, "x")]),
    );
    assert_case(&find("BTreeSet {1, 2, 3}"), &HashSet::from([3u8, 1, 2]));
    assert_case(
        &find("HashSet {\"x\", \"yy\", \"\"}"),
        &BTreeSet::from(["", "yy", "x"]),
    );
    assert_case(&find("Some(5u8)"), &Some(Some(5i32)));
}

#[cfg(feature = "serde")]
#[test]
fn serde_values_give_the_filed_ids() {
    use content_id::Serde;
    use serde::Serialize;

    #[derive(Serialize)]
    struct Point {
        x: i32,
        y: i32,
    }

    #[derive(Serialize)]
    enum Shape {
        Empty,
        Circle(f64),
        Rect(u32, u32),
        Labeled { name: String, size: u8 },
    }

    let golden = golden();
    let find = |rust: &str| {
        cases(&golden)
            .iter()
            .find(|case| case["rust"] == rust)
            .unwrap_or_else(|| panic!("no case {rust}"))
            .clone()
    };
    let point = find("Serde(&Point { x: 1, y: -2 })");
    assert_case(&point, &Serde(&Point { x: 1, y: -2 }));
    assert_case(&point, &Serde(&serde_json::json!({ "y": -2, "x": 1 })));
    assert_case(&find("Serde(&Shape::Empty)"), &Serde(&Shape::Empty));
    assert_case(
        &find("Serde(&Shape::Circle(2.0))"),
        &Serde(&Shape::Circle(2.0)),
    );
    assert_case(
        &find("Serde(&Shape::Rect(3, 4))"),
        &Serde(&Shape::Rect(3, 4)),
    );
    assert_case(
        &find("Serde(&Shape::Labeled { name: \"box\", size: 7 })"),
        &Serde(&serde_json::json!({ "Labeled": { "size": 7, "name": "box" } })),
    );
    assert_case(
        &find("Serde(&Shape::Labeled { name: \"box\", size: 7 })"),
        &Serde(&Shape::Labeled {
            name: "box".into(),
            size: 7,
        }),
    );
    assert_case(&find("Serde(&Meters(1.5))"), &Serde(&1.5));
}
