//! `golden/content-id.json`, read in both directions: each case's typed description is
//! rebuilt and hashed, the Rust values the file names are hashed again, and each JSON
//! document is read again. The UUIDv5 of every case is recomputed with the `uuid` crate from
//! the 128-character id. The rejected documents are rejected with the filed error.

use content_id::{Encoder, Options, StableHash, Written, generate_uuid5_with, generate_with};
use serde_json::Value;
use uuid::Uuid;

mod fixtures;

use fixtures::{SetWithUnhashable, Unhashable};

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
    /// The marker of a part that failed; the bytes of it hashed before it failed.
    Unhashable(Vec<u8>),
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
            "unhashable" => Described::Unhashable(hex(inner.as_str().unwrap())),
            other => panic!("unknown kind {other}"),
        }
    }
}

impl StableHash for Described {
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
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
            // A part that failed before writing anything; one that wrote some of itself first
            // only comes out of serde (see `serde_values_give_the_filed_ids`).
            Described::Unhashable(written) => {
                assert!(written.is_empty(), "only serde fails after writing");
                encoder.fail("the marker of the golden file")
            }
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

/// The case written for the Rust value `rust`.
fn find(golden: &Value, rust: &str) -> Value {
    cases(golden)
        .iter()
        .find(|case| case["rust"] == rust)
        .unwrap_or_else(|| panic!("no case {rust}"))
        .clone()
}

/// What names a case: its Rust expression or its JSON document.
fn name(case: &Value) -> &str {
    case["rust"]
        .as_str()
        .or_else(|| case["json"].as_str())
        .unwrap()
}

fn assert_case<T: StableHash + ?Sized>(case: &Value, data: &T) {
    let ignore_unhashable = case["ignore_unhashable"] == true;
    for length in [16, 64, 128] {
        let expected = case["ids"][length.to_string()].as_str().unwrap();
        let options = Options {
            length,
            ignore_unhashable,
        };
        assert_eq!(
            generate_with(data, &options).unwrap(),
            expected,
            "{} at {length}",
            name(case)
        );
    }
    let options = Options {
        ignore_unhashable,
        ..Options::default()
    };
    assert_eq!(
        generate_uuid5_with(data, &content_id::NAMESPACE, &options)
            .unwrap()
            .to_string(),
        case["uuid5"].as_str().unwrap(),
        "{}",
        name(case)
    );
}

#[test]
fn every_description_hashes_to_its_ids() {
    let golden = golden();
    let cases = cases(&golden);
    assert!(cases.len() >= 90, "only {} cases", cases.len());
    let mut partial = Vec::new();
    for case in cases {
        if case["value"].to_string().contains(r#"{"unhashable":"0"#) {
            partial.push(name(case));
            continue;
        }
        assert_case(case, &Described::parse(&case["value"]));
    }
    assert_eq!(partial, ["Serde(&ShortSeq)", "(Serde(&ShortSeq), 3)"]);
}

#[cfg(feature = "json")]
#[test]
fn every_json_document_reads_to_its_ids() {
    use content_id::json::{generate_from_reader, generate_uuid5_from_reader};

    let golden = golden();
    let documents: Vec<&Value> = cases(&golden)
        .iter()
        .filter(|case| case.get("json").is_some())
        .collect();
    assert!(documents.len() >= 30, "only {} documents", documents.len());
    for case in documents {
        let document = case["json"].as_str().unwrap();
        for length in [16, 64, 128] {
            let options = Options {
                length,
                ..Options::default()
            };
            assert_eq!(
                generate_from_reader(document.as_bytes(), &options).unwrap(),
                case["ids"][length.to_string()].as_str().unwrap(),
                "{document} at {length}"
            );
        }
        assert_eq!(
            generate_uuid5_from_reader(document.as_bytes(), &content_id::NAMESPACE)
                .unwrap()
                .to_string(),
            case["uuid5"].as_str().unwrap(),
            "{document}"
        );
    }
}

#[cfg(feature = "json")]
#[test]
fn every_rejected_document_gives_its_error() {
    use content_id::Error;
    use content_id::json::generate_from_reader;

    let golden = golden();
    let rejected = golden["json_errors"].as_array().unwrap();
    assert!(
        rejected.len() >= 40,
        "only {} rejected documents",
        rejected.len()
    );
    let mut kinds = std::collections::BTreeSet::new();
    for case in rejected {
        let document = match case["json"].as_str() {
            Some(text) => text.as_bytes().to_vec(),
            None => hex(case["json_hex"].as_str().unwrap()),
        };
        let Err(Error::Json(error)) = generate_from_reader(&document[..], &Options::default())
        else {
            panic!("{case} is accepted");
        };
        let kind = fixtures::json_error_name(&error.kind);
        assert_eq!(kind, case["error"], "{case}");
        assert_eq!(error.offset, case["offset"].as_u64().unwrap(), "{case}");
        assert_eq!(error.line, case["line"].as_u64().unwrap(), "{case}");
        assert_eq!(error.column, case["column"].as_u64().unwrap(), "{case}");
        assert_eq!(error.to_string(), case["message"], "{case}");
        kinds.insert(kind);
    }
    // Every rule has a rejected document.
    assert_eq!(kinds.len(), 10, "{kinds:?}");
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
                    .push(name(case).to_owned());
            }
        }
    }
    // Values that are equal under the documented rules share an id; nothing else does.
    let mut shared: Vec<Vec<String>> = seen.into_values().filter(|names| names.len() > 1).collect();
    shared.iter_mut().for_each(|names| names.sort());
    shared.sort();
    // Each JSON document here shares its id with the Rust value it reads as.
    let expected: Vec<Vec<&str>> = vec![
        vec![
            "\r\n\t{ \"pages\" :[1,2.5,null],\n\"name\":\"report\" }\n",
            "{\"name\": \"report\", \"pages\": [1, 2.5, null]}",
        ],
        vec![" true ", "true"],
        vec!["\"\"", "\"\""],
        vec!["\"\\u00e9\"", "\"é\"", "'é'"],
        vec![
            "()",
            "None::<u8>",
            "Serde(&Marker)",
            "Some(None::<u8>)",
            "null",
        ],
        vec!["-0", "0", "0u8"],
        vec!["-0.0", "-0.0f64", "0.0f64", "0e-400"],
        vec!["-170141183460469231731687303715884105728", "i128::MIN"],
        vec!["-9223372036854775808", "i64::MIN"],
        vec!["-f64::NAN", "f64::NAN"],
        vec!["0.1", "0.1f64"],
        vec!["1.0", "1.0f64"],
        vec!["18446744073709551615", "u64::MAX"],
        vec!["1E2", "1e+2"],
        vec!["2.4703282292062328e-324", "5e-324", "5e-324f64"],
        vec!["340282366920938463463374607431768211455", "u128::MAX"],
        vec!["BTreeMap::<String, u8>::new()", "{}"],
        vec!["Vec::<u8>::new()", "[]"],
        vec!["false", "false"],
    ];
    assert_eq!(shared, expected);
}

/// The Rust values of some cases, hashed again: the file is what these values give.
#[test]
fn rust_values_give_the_filed_ids() {
    use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

    use content_id::Bytes;

    let golden = golden();
    let find = |rust: &str| find(&golden, rust);
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

/// The marker `0x0A` takes the place of each part that fails, with `ignore_unhashable`.
#[test]
fn unhashable_parts_give_the_filed_ids() {
    let golden = golden();
    let find = |rust: &str| find(&golden, rust);
    let case = find("(1, Unhashable)");
    assert_eq!(case["ignore_unhashable"], true);
    assert_case(&case, &(1u64, Unhashable));
    assert_case(&case, &[&1 as &dyn StableHash, &Unhashable]);
    assert_case(&find("HashSet {1, Unhashable}"), &SetWithUnhashable);
}

#[cfg(feature = "serde")]
#[test]
fn serde_values_give_the_filed_ids() {
    use content_id::Serde;
    use fixtures::{Fails, Marker, Meters, Point, Record, Shape, ShortSeq, Upload};

    let golden = golden();
    let find = |rust: &str| find(&golden, rust);
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
    assert_case(&find("Serde(&Meters(1.5))"), &Serde(&Meters(1.5)));
    assert_case(&find("Serde(&Marker)"), &Serde(&Marker));
    assert_case(
        &find(
            "Serde(&Record { id: 42, name: \"Ada\", tags: vec![\"math\", \"engine\"], score: 0.5, parent: None })",
        ),
        &Serde(&Record::ada()),
    );
    let upload = Upload {
        name: "a.txt",
        content: Fails,
    };
    assert_case(
        &find("Serde(&Upload { name: \"a.txt\", content: Fails })"),
        &Serde(&upload),
    );
    assert_case(&find("Serde(&ShortSeq)"), &Serde(&ShortSeq));
    assert_case(&find("(Serde(&ShortSeq), 3)"), &(Serde(&ShortSeq), 3));
}
