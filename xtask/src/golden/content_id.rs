//! `golden/content-id.json`: content ids of values of every kind, at lengths 16, 64 and 128,
//! and their UUIDv5.
//!
//! Each case holds the value twice: as the Rust expression (`rust`) or the JSON document
//! (`json`) it was computed from, and as a typed JSON tree (`value`) that another
//! implementation can rebuild it from. `json_errors` are documents the JSON reader rejects,
//! with where and why.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use content_id::json::{generate_from_reader, generate_uuid5_from_reader};
use content_id::{
    Bytes, Error, NAMESPACE, Options, Serde, StableHash, generate_uuid5, generate_uuid5_with,
    generate_with,
};
use serde_json::{Value, json};

use super::SplitMix64;

// Shared with the tests of content-id, which hash these values again.
#[path = "../../../crates/content-id/tests/fixtures/mod.rs"]
mod fixtures;

use fixtures::{
    Fails, Marker, Meters, Point, Record, SetWithUnhashable, Shape, ShortSeq, Unhashable, Upload,
};

const LENGTHS: [usize; 3] = [16, 64, 128];

/// The cases, in the order of the file, and the rejected JSON documents.
struct Cases {
    cases: Vec<Value>,
    json_errors: Vec<Value>,
}

impl Cases {
    fn add<T: StableHash + ?Sized>(&mut self, rust: &str, data: &T, value: Value) {
        let ids = ids(|length| {
            generate_with(
                data,
                &Options {
                    length,
                    ..Options::default()
                },
            )
        });
        self.cases.push(json!({
            "rust": rust,
            "value": value,
            "ids": ids,
            "uuid5": generate_uuid5(data).expect("an encodable value").to_string(),
        }));
    }

    /// A value with parts that cannot be encoded, hashed with `ignore_unhashable`.
    fn add_ignoring<T: StableHash + ?Sized>(&mut self, rust: &str, data: &T, value: Value) {
        assert!(
            content_id::generate(data).is_err(),
            "{rust} should fail without ignore_unhashable"
        );
        let ids = ids(|length| {
            generate_with(
                data,
                &Options {
                    length,
                    ignore_unhashable: true,
                },
            )
        });
        let uuid5 = generate_uuid5_with(
            data,
            &NAMESPACE,
            &Options {
                ignore_unhashable: true,
                ..Options::default()
            },
        )
        .expect("a value whose parts that fail are ignored");
        self.cases.push(json!({
            "rust": rust,
            "ignore_unhashable": true,
            "value": value,
            "ids": ids,
            "uuid5": uuid5.to_string(),
        }));
    }

    /// A JSON document and the typed tree it reads as.
    fn add_json(&mut self, document: &str, value: Value) {
        let ids = ids(|length| {
            generate_from_reader(
                document.as_bytes(),
                &Options {
                    length,
                    ..Options::default()
                },
            )
        });
        let uuid5 =
            generate_uuid5_from_reader(document.as_bytes(), &NAMESPACE).expect("a valid document");
        self.cases.push(json!({
            "json": document,
            "value": value,
            "ids": ids,
            "uuid5": uuid5.to_string(),
        }));
    }

    /// A document the JSON reader rejects: the error's kind, where, and its message.
    fn reject(&mut self, document: &[u8]) {
        let error = match generate_from_reader(document, &Options::default()) {
            Err(Error::Json(error)) => error,
            other => panic!("{document:?} should be rejected, not give {other:?}"),
        };
        let kind = fixtures::json_error_name(&error.kind);
        let mut case = json!({
            "error": kind,
            "offset": error.offset,
            "line": error.line,
            "column": error.column,
            "message": error.to_string(),
        });
        match std::str::from_utf8(document) {
            Ok(text) => case["json"] = json!(text),
            Err(_) => {
                let hex: String = document.iter().map(|byte| format!("{byte:02x}")).collect();
                case["json_hex"] = json!(hex);
            }
        }
        self.json_errors.push(case);
    }
}

/// The ids of one input at each length.
fn ids(id: impl Fn(usize) -> Result<String, Error>) -> serde_json::Map<String, Value> {
    LENGTHS
        .iter()
        .map(|&length| {
            let id = id(length).expect("a valid length and input");
            (length.to_string(), Value::String(id))
        })
        .collect()
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
/// The marker of a part that failed before it wrote anything.
fn unhashable() -> Value {
    json!({ "unhashable": "" })
}
/// The marker of a part that failed after `written` (hex) of its encoding was hashed.
fn unhashable_after(written: &str) -> Value {
    json!({ "unhashable": written })
}

pub(crate) fn vectors() -> Value {
    let mut rng = SplitMix64::new(0xC0_17E7_71D5);
    let mut cases = Cases {
        cases: Vec::new(),
        json_errors: Vec::new(),
    };

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
    cases.add(
        "Serde(&Record { id: 42, name: \"Ada\", tags: vec![\"math\", \"engine\"], score: 0.5, parent: None })",
        &Serde(&Record::ada()),
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
    // A uuid::Uuid under serde is its hyphenated text: the Python package's default hasher of
    // uuid.UUID gives the same id.
    let uuid = uuid::Uuid::from_u128(0x0190_7e5a_c0de_7abc_8123_4567_89ab_cdef);
    cases.add(
        "Serde(&uuid::Uuid::from_u128(0x01907e5a_c0de_7abc_8123_456789abcdef))",
        &Serde(&uuid),
        string("01907e5a-c0de-7abc-8123-456789abcdef"),
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

    // Parts that cannot be encoded, with ignore_unhashable: the marker in their place.
    cases.add_ignoring(
        "(1, Unhashable)",
        &(1, Unhashable),
        list(vec![int(1), unhashable()]),
    );
    cases.add_ignoring(
        "Serde(&Upload { name: \"a.txt\", content: Fails })",
        &Serde(&Upload {
            name: "a.txt",
            content: Fails,
        }),
        map(vec![
            (string("name"), string("a.txt")),
            (string("content"), unhashable()),
        ]),
    );
    // A sequence fails at its end, after its start and its elements were hashed: the marker
    // counts those 37 bytes, which with it take the place of the sequence.
    cases.add_ignoring(
        "Serde(&ShortSeq)",
        &Serde(&ShortSeq),
        unhashable_after(
            "06020000000000000000000000000000000001020000000000000000000000000000000002",
        ),
    );
    cases.add_ignoring(
        "(Serde(&ShortSeq), 3)",
        &(Serde(&ShortSeq), 3),
        list(vec![
            unhashable_after(
                "06020000000000000000000000000000000001020000000000000000000000000000000002",
            ),
            int(3),
        ]),
    );
    cases.add_ignoring(
        "HashSet {1, Unhashable}",
        &SetWithUnhashable,
        set(vec![int(1), unhashable()]),
    );

    json_cases(&mut cases);

    json!({
        "description": "Content ids (content-id encoding version 2): BLAKE2b, unkeyed, unsalted, personalization \"identifier:cid:2\", digest size length/2 bytes, of the typed encoding specified in the content-id crate documentation (lists: 0x06, items, 0x09; maps and sets: tag, count, then the sorted BLAKE2b-256 digests personalized \"identifier:ent:2\" of each entry's key and value encodings or each element's encoding), in lower-case hex at lengths 16, 64 and 128; `uuid5` is the UUIDv5 of the 128-character id (ASCII) under the namespace 361d425a-83f3-5c34-bc1b-1fb0a53128cd. `value` is the input as a typed tree of one-key objects: null, bool, int (a decimal string), float (the IEEE 754 binary64 bits in hex, before -0.0 and NaN are made canonical), str, bytes (hex), list, map (a list of [key, value] pairs, in no particular order), set (in no particular order), unhashable (with `ignore_unhashable: true`, the marker of a part that cannot be encoded: its value is the hex of the bytes of the part that were hashed before it failed, usually empty; the encoding is those bytes, 0x0A, and their number as a u64). `rust` is the Rust value the ids were computed from, or `json` the JSON document. `json_errors` are documents (`json`, or `json_hex` when they are not UTF-8) that the JSON reader rejects, with the kind of error, its byte offset (from 0), line and column (from 1) and message.",
        "cases": cases.cases,
        "json_errors": cases.json_errors,
    })
}

/// JSON documents, one for each rule of `content_id::json`, and the documents it rejects.
fn json_cases(cases: &mut Cases) {
    // Every kind, and the same value whatever the spacing and the key order.
    cases.add_json("null", null());
    cases.add_json(" true ", boolean(true));
    cases.add_json("false", boolean(false));
    cases.add_json("\"\"", string(""));
    cases.add_json("[]", list(vec![]));
    cases.add_json("{}", map(vec![]));
    cases.add_json(
        "{\"name\": \"report\", \"pages\": [1, 2.5, null]}",
        map(vec![
            (string("name"), string("report")),
            (string("pages"), list(vec![int(1), float(2.5), null()])),
        ]),
    );
    cases.add_json(
        "\r\n\t{ \"pages\" :[1,2.5,null],\n\"name\":\"report\" }\n",
        map(vec![
            (string("pages"), list(vec![int(1), float(2.5), null()])),
            (string("name"), string("report")),
        ]),
    );
    // The same key in different objects.
    cases.add_json(
        "[{\"a\": 1}, {\"a\": {\"a\": [\"a\"]}}]",
        list(vec![
            map(vec![(string("a"), int(1))]),
            map(vec![(
                string("a"),
                map(vec![(string("a"), list(vec![string("a")]))]),
            )]),
        ]),
    );
    // Integers of any size in i128::MIN..=u128::MAX; -0 is the integer 0.
    cases.add_json("0", int(0));
    cases.add_json("-0", int(0));
    cases.add_json("18446744073709551615", int(u64::MAX));
    cases.add_json("18446744073709551616", int(1u128 << 64));
    cases.add_json("18446744073709551617", int((1u128 << 64) + 1));
    cases.add_json("-9223372036854775808", int(i64::MIN));
    cases.add_json("-9223372036854775809", int(i128::from(i64::MIN) - 1));
    cases.add_json("-9223372036854775810", int(i128::from(i64::MIN) - 2));
    cases.add_json("340282366920938463463374607431768211455", int(u128::MAX));
    cases.add_json("-170141183460469231731687303715884105728", int(i128::MIN));
    // Floats: a fraction or an exponent; correctly rounded; -0.0 and 0e-400 are 0.0.
    cases.add_json(
        "18446744073709551616.0",
        float(18_446_744_073_709_551_616.0),
    );
    cases.add_json("1.0", float(1.0));
    cases.add_json("1E2", float(100.0));
    cases.add_json("1e+2", float(100.0));
    cases.add_json("-0.0", float(-0.0));
    cases.add_json("0e-400", float(0.0));
    cases.add_json("0.1", float(0.1));
    cases.add_json("0.11000420646668853801420", float(0.110_004_206_466_688_54));
    cases.add_json("5e-324", float(5e-324));
    cases.add_json("2.4703282292062328e-324", float(5e-324));
    cases.add_json("1.7976931348623157e308", float(f64::MAX));
    // Strings: escapes, surrogate pairs, the same text written two ways.
    cases.add_json("\"\\u00e9\"", string("é"));
    cases.add_json("\"é\"", string("é"));
    cases.add_json("\"\\ud83e\\udd80\"", string("🦀"));
    cases.add_json(
        "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0000\u{7f}\"",
        string("\"\\/\u{8}\u{c}\n\r\t\u{0}\u{7f}"),
    );
    // Depth: 20 arrays and 20 objects, one inside the other (the typed tree of deeper ones
    // would pass the nesting limit of JSON readers such as serde_json).
    let mut document = String::new();
    let mut value = int(1);
    for _ in 0..20 {
        value = map(vec![(string("k"), list(vec![value]))]);
    }
    for _ in 0..20 {
        document.push_str("{\"k\":[");
    }
    document.push('1');
    for _ in 0..20 {
        document.push_str("]}");
    }
    cases.add_json(&document, value);

    // Rejected: the rules, and strict RFC 8259.
    for document in [
        &b"{\"a\": 1, \"a\": 2}"[..],
        b"[{\"x\": {\"k\": 1, \"j\": 2, \"k\": 3}}]",
        b"{\"\\u0061\": 1, \"a\": 2}",
        b"340282366920938463463374607431768211456",
        b"-170141183460469231731687303715884105729",
        b"1e400",
        b"-1.8e308",
        b"1e-400",
        b"[0.00001e-320]",
        b"2e-324",
        b"01",
        b"-01",
        b"1.",
        b".5",
        b"+1",
        b"-",
        b"1e",
        b"1e+",
        b"NaN",
        b"Infinity",
        b"\"\xff\"",
        b"\"a\xc3\"",
        b"\"\xed\xa0\x80\"",
        b"\"\\ud800\"",
        b"\"\\udc00\"",
        b"\"\\ud800\\u0041\"",
        b"\"\\ud800x\"",
        b"\"tab\there\"",
        b"\"line\nbreak\"",
        b"\"\\x41\"",
        b"\"\\u12g4\"",
        b"\"unterminated",
        b"",
        b"  \n ",
        b"\xef\xbb\xbf{}",
        b"[1, 2,]",
        b"{\"a\": 1,}",
        b"{\"a\" 1}",
        b"{a: 1}",
        b"{'a': 1}",
        b"[1 2]",
        b"[1] [2]",
        b"{} x",
        b"// comment\n{}",
        b"tru",
        b"nul",
        b"[1,\n  }",
    ] {
        cases.reject(document);
    }
}
