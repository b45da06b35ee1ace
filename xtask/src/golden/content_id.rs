//! `golden/content-id.json`: content ids of values of every kind, at lengths 16, 64 and 128,
//! and their UUIDv5.
//!
//! Each case holds the value twice: as the Rust expression it was computed from (`rust`), and
//! as a typed JSON tree (`value`) that another implementation can rebuild it from.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use content_id::{Bytes, Serde, StableHash, generate_uuid5, generate_with_length};
use serde::Serialize;
use serde_json::{Value, json};

use super::Seeded;

const LENGTHS: [usize; 3] = [16, 64, 128];

#[derive(Serialize)]
struct Point {
    x: i32,
    y: i32,
}

#[derive(Serialize)]
struct Record {
    id: u64,
    name: String,
    tags: Vec<String>,
    score: f64,
    parent: Option<u64>,
}

#[derive(Serialize)]
struct Meters(f64);

#[derive(Serialize)]
struct Marker;

#[derive(Serialize)]
enum Shape {
    Empty,
    Circle(f64),
    Rect(u32, u32),
    Labeled { name: String, size: u8 },
}

/// The cases, in the order of the file.
struct Cases(Vec<Value>);

impl Cases {
    fn add<T: StableHash + ?Sized>(&mut self, rust: &str, data: &T, value: Value) {
        let ids: serde_json::Map<String, Value> = LENGTHS
            .iter()
            .map(|&length| {
                let id = generate_with_length(data, length).expect("a valid length");
                (length.to_string(), Value::String(id))
            })
            .collect();
        self.0.push(json!({
            "rust": rust,
            "value": value,
            "ids": ids,
            "uuid5": generate_uuid5(data).to_string(),
        }));
    }
}

// The typed JSON tree of a value: one-key objects named after the kinds of the encoding.
fn null() -> Value {
    json!({ "null": null })
}
fn boolean(value: bool) -> Value {
    json!({ "bool": value })
}
fn int(value: impl ToString) -> Value {
    json!({ "int": value.to_string() })
}
fn float(value: f64) -> Value {
    json!({ "float": format!("{:016x}", value.to_bits()) })
}
fn string(value: &str) -> Value {
    json!({ "str": value })
}
fn bytes(value: &[u8]) -> Value {
    let hex: String = value.iter().map(|byte| format!("{byte:02x}")).collect();
    json!({ "bytes": hex })
}
fn list(items: Vec<Value>) -> Value {
    json!({ "list": items })
}
fn map(entries: Vec<(Value, Value)>) -> Value {
    let entries: Vec<Value> = entries.into_iter().map(|(k, v)| json!([k, v])).collect();
    json!({ "map": entries })
}
fn set(items: Vec<Value>) -> Value {
    json!({ "set": items })
}

pub(crate) fn vectors() -> Value {
    let mut rng = Seeded::new(0xC0_17E7_71D5);
    let mut cases = Cases(Vec::new());

    // Integers: by value, whatever the type.
    cases.add("0u8", &0u8, int(0));
    cases.add("1u8", &1u8, int(1));
    cases.add("-1i64", &-1i64, int(-1));
    cases.add("i64::MIN", &i64::MIN, int(i64::MIN));
    cases.add("u64::MAX", &u64::MAX, int(u64::MAX));
    cases.add("u128::MAX", &u128::MAX, int(u128::MAX));
    cases.add("i128::MIN", &i128::MIN, int(i128::MIN));
    for _ in 0..3 {
        let value = rng.next_u128() as i128;
        cases.add(&format!("{value}i128"), &value, int(value));
    }

    // Floats: -0.0 is 0.0, every NaN is one NaN.
    for (rust, value) in [
        ("0.0f64", 0.0),
        ("-0.0f64", -0.0),
        ("f64::NAN", f64::NAN),
        ("-f64::NAN", -f64::NAN),
        ("f64::INFINITY", f64::INFINITY),
        ("f64::NEG_INFINITY", f64::NEG_INFINITY),
        ("0.1f64", 0.1),
        ("1.0f64", 1.0),
        ("5e-324f64", 5e-324),
    ] {
        cases.add(rust, &value, float(value));
    }
    cases.add("0.1f32", &0.1f32, float(f64::from(0.1f32)));

    // Booleans, null, characters and strings.
    cases.add("false", &false, boolean(false));
    cases.add("true", &true, boolean(true));
    cases.add("()", &(), null());
    cases.add("'é'", &'é', string("é"));
    cases.add("\"\"", "", string(""));
    cases.add("\"1\"", "1", string("1"));
    let unicode = "héllo wörld ✓ 🦀";
    cases.add(&format!("{unicode:?}"), unicode, string(unicode));
    let random: String = (0..150)
        .map(|_| char::from(b' ' + (rng.next_u64() % 95) as u8))
        .collect();
    cases.add(&format!("{random:?}"), random.as_str(), string(&random));

    // Bytes; a block of BLAKE2b is 128 bytes.
    cases.add("Bytes(b\"\")", &Bytes(b""), bytes(b""));
    cases.add("Bytes(&[0, 255])", &Bytes(&[0, 255]), bytes(&[0, 255]));
    for len in [64usize, 200, 1000] {
        let data: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        cases.add(
            &format!("Bytes(&<{len} seeded bytes>)"),
            &Bytes(&data),
            bytes(&data),
        );
    }
    cases.add("[0u8, 255]", &[0u8, 255], list(vec![int(0), int(255)]));

    // Lists and tuples.
    cases.add("Vec::<u8>::new()", &Vec::<u8>::new(), list(vec![]));
    cases.add(
        "vec![1, 2, 3]",
        &vec![1, 2, 3],
        list(vec![int(1), int(2), int(3)]),
    );
    cases.add("[\"ab\"]", &["ab"], list(vec![string("ab")]));
    cases.add(
        "[\"a\", \"b\"]",
        &["a", "b"],
        list(vec![string("a"), string("b")]),
    );
    cases.add(
        "[[1], [2]]",
        &[[1], [2]],
        list(vec![list(vec![int(1)]), list(vec![int(2)])]),
    );
    cases.add(
        "[[1, 2]]",
        &[[1, 2]],
        list(vec![list(vec![int(1), int(2)])]),
    );
    cases.add(
        "(1, \"a\", true)",
        &(1, "a", true),
        list(vec![int(1), string("a"), boolean(true)]),
    );
    cases.add("(\"a\", 1)", &("a", 1), list(vec![string("a"), int(1)]));
    cases.add(
        "(1u8, 2u16, ..., 12i128)",
        &(
            1u8, 2u16, 3u32, 4u64, 5u128, 6usize, 7i8, 8i16, 9i32, 10i64, 11isize, 12i128,
        ),
        list((1..=12).map(int).collect()),
    );

    // Options: None is null, Some(x) is x.
    cases.add("None::<u8>", &None::<u8>, null());
    cases.add("Some(5u8)", &Some(5u8), int(5));
    cases.add("Some(None::<u8>)", &Some(None::<u8>), null());

    // Maps and sets: entries sorted by their encoding.
    cases.add(
        "BTreeMap::<String, u8>::new()",
        &BTreeMap::<String, u8>::new(),
        map(vec![]),
    );
    let letters = BTreeMap::from([("a", 1), ("b", 2)]);
    cases.add(
        "BTreeMap {\"a\": 1, \"b\": 2}",
        &letters,
        map(vec![(string("a"), int(1)), (string("b"), int(2))]),
    );
    let mixed: HashMap<i64, &str> = HashMap::from([(1, "x"), (-1, "y"), (300, "z")]);
    cases.add(
        "HashMap {1: \"x\", -1: \"y\", 300: \"z\"}",
        &mixed,
        map(vec![
            (int(1), string("x")),
            (int(-1), string("y")),
            (int(300), string("z")),
        ]),
    );
    let nested = BTreeMap::from([("inner", BTreeMap::from([("k", vec![1, 2])]))]);
    cases.add(
        "BTreeMap {\"inner\": {\"k\": [1, 2]}}",
        &nested,
        map(vec![(
            string("inner"),
            map(vec![(string("k"), list(vec![int(1), int(2)]))]),
        )]),
    );
    cases.add("BTreeSet::<u8>::new()", &BTreeSet::<u8>::new(), set(vec![]));
    cases.add(
        "BTreeSet {1, 2, 3}",
        &BTreeSet::from([1, 2, 3]),
        set(vec![int(1), int(2), int(3)]),
    );
    cases.add(
        "HashSet {\"x\", \"yy\", \"\"}",
        &HashSet::from(["x", "yy", ""]),
        set(vec![string("x"), string("yy"), string("")]),
    );

    // serde: structs are maps, enums are tagged like serde_json.
    cases.add(
        "Serde(&Point { x: 1, y: -2 })",
        &Serde(&Point { x: 1, y: -2 }),
        map(vec![(string("x"), int(1)), (string("y"), int(-2))]),
    );
    let record = Record {
        id: 42,
        name: "Ada".into(),
        tags: vec!["math".into(), "engine".into()],
        score: 0.5,
        parent: None,
    };
    cases.add(
        "Serde(&Record { id: 42, name: \"Ada\", tags: vec![\"math\", \"engine\"], score: 0.5, parent: None })",
        &Serde(&record),
        map(vec![
            (string("id"), int(42)),
            (string("name"), string("Ada")),
            (
                string("tags"),
                list(vec![string("math"), string("engine")]),
            ),
            (string("score"), float(0.5)),
            (string("parent"), null()),
        ]),
    );
    cases.add("Serde(&Meters(1.5))", &Serde(&Meters(1.5)), float(1.5));
    cases.add("Serde(&Marker)", &Serde(&Marker), null());
    cases.add(
        "Serde(&Shape::Empty)",
        &Serde(&Shape::Empty),
        string("Empty"),
    );
    cases.add(
        "Serde(&Shape::Circle(2.0))",
        &Serde(&Shape::Circle(2.0)),
        map(vec![(string("Circle"), float(2.0))]),
    );
    cases.add(
        "Serde(&Shape::Rect(3, 4))",
        &Serde(&Shape::Rect(3, 4)),
        map(vec![(string("Rect"), list(vec![int(3), int(4)]))]),
    );
    cases.add(
        "Serde(&Shape::Labeled { name: \"box\", size: 7 })",
        &Serde(&Shape::Labeled {
            name: "box".into(),
            size: 7,
        }),
        map(vec![(
            string("Labeled"),
            map(vec![
                (string("name"), string("box")),
                (string("size"), int(7)),
            ]),
        )]),
    );

    json!({
        "description": "Content ids (content-id encoding version 1): BLAKE2b, unkeyed, unsalted, personalization \"identifier:cid:1\", digest size length/2 bytes, of the typed length-prefixed encoding specified in the content-id crate documentation, in lower-case hex at lengths 16, 64 and 128; `uuid5` is the UUIDv5 of the 128-character id (ASCII) under the namespace 361d425a-83f3-5c34-bc1b-1fb0a53128cd. `value` is the input as a typed tree of one-key objects: null, bool, int (a decimal string), float (the IEEE 754 binary64 bits in hex, before -0.0 and NaN are made canonical), str, bytes (hex), list, map (a list of [key, value] pairs, in no particular order), set (in no particular order). `rust` is the Rust value the ids were computed from.",
        "cases": cases.0,
    })
}
