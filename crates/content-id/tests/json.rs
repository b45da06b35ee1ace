//! `content_id::json`: the rules of the module documentation, one test each, and the same id
//! as `Serde(&serde_json::Value)` wherever serde_json reads a document without loss.
#![cfg(feature = "json")]

use std::collections::BTreeMap;
use std::io::{self, Read};

use content_id::json::{Found, JsonError, JsonErrorKind, generate_from_reader};
use content_id::{Error, Options, StableHash};

fn id(document: &str) -> String {
    generate_from_reader(document.as_bytes(), &Options::default())
        .unwrap_or_else(|error| panic!("{document}: {error}"))
}

fn error(document: &[u8]) -> JsonError {
    match generate_from_reader(document, &Options::default()) {
        Err(Error::Json(error)) => error,
        other => panic!("{}: {other:?}", String::from_utf8_lossy(document)),
    }
}

fn generate<T: StableHash + ?Sized>(data: &T) -> String {
    content_id::generate(data).unwrap()
}

#[test]
fn kinds_map_to_the_encoding() {
    assert_eq!(id("null"), generate(&()));
    assert_eq!(id("true"), generate(&true));
    assert_eq!(id("\"a\""), generate("a"));
    assert_eq!(id("[1, \"a\", [false]]"), generate(&(1, "a", [false])));
    assert_eq!(
        id(r#"{"b": [], "a": {"c": null}}"#),
        generate(&BTreeMap::<&str, &dyn StableHash>::from([
            ("a", &BTreeMap::from([("c", ())]) as &dyn StableHash),
            ("b", &Vec::<u8>::new()),
        ]))
    );
    // Key order and whitespace do not matter.
    assert_eq!(
        id(r#"{"a":1,"b":2}"#),
        id("\n{ \"b\" : 2 ,\r\n\t\"a\" : 1 }\n")
    );
}

// Guards against keeping only the last of duplicate keys (serde_json's way), which would give
// `{"a":1,"a":2}` the id of `{"a":2}`.
#[test]
fn duplicate_keys_are_an_error_naming_the_key_and_its_offset() {
    let found = error(br#"{"a": 1, "a": 2}"#);
    assert_eq!(found.kind, JsonErrorKind::DuplicateKey { key: "a".into() });
    assert_eq!((found.offset, found.line, found.column), (9, 1, 10));
    // The same key written another way is the same key.
    let found = error(b"{\"a\": 1,\n  \"\\u0061\": 2}");
    assert_eq!(found.kind, JsonErrorKind::DuplicateKey { key: "a".into() });
    assert_eq!((found.offset, found.line, found.column), (11, 2, 3));
    assert_eq!(
        found.to_string(),
        "invalid JSON at line 2, column 3 (byte 11): duplicate key \"a\""
    );
    // Keys are shown as JSON strings.
    let found = error("{\"k\\\"\\n\": 1, \"k\\\"\\n\": 2}".as_bytes());
    assert!(
        found.to_string().ends_with(r#"duplicate key "k\"\n""#),
        "{found}"
    );
    // The same key in different objects, or at different depths, is fine.
    id(r#"[{"a": 1}, {"a": 2, "b": {"a": 3}}]"#);
}

// Guards against reading integers past 64 bits as floats, which would give
// -9223372036854775809 and -9223372036854775810 one id.
#[test]
fn integers_of_any_size_up_to_128_bits_are_integers() {
    assert_eq!(id("18446744073709551616"), generate(&(1u128 << 64)));
    assert_eq!(id("18446744073709551617"), generate(&((1u128 << 64) + 1)));
    assert_ne!(id("18446744073709551616"), id("18446744073709551616.0"));
    assert_eq!(
        id("-9223372036854775809"),
        generate(&(i128::from(i64::MIN) - 1))
    );
    assert_ne!(id("-9223372036854775809"), id("-9223372036854775810"));
    assert_eq!(id(&u128::MAX.to_string()), generate(&u128::MAX));
    assert_eq!(id(&i128::MIN.to_string()), generate(&i128::MIN));
    for literal in [
        "340282366920938463463374607431768211456",
        "-170141183460469231731687303715884105729",
        "100000000000000000000000000000000000000000000000000000000000",
    ] {
        let found = error(literal.as_bytes());
        assert_eq!(found.kind, JsonErrorKind::IntegerOutOfRange, "{literal}");
        assert_eq!(found.offset, 0);
        assert!(found.to_string().contains("integer out of range"));
    }
    // With a fraction or an exponent, the same digits are a float.
    assert_eq!(
        id("340282366920938463463374607431768211456.0"),
        generate(&340_282_366_920_938_463_463_374_607_431_768_211_456.0f64)
    );
}

// `-0` is the integer 0, not the float 0.0.
#[test]
fn minus_zero_is_the_integer_zero() {
    assert_eq!(id("-0"), generate(&0));
    assert_eq!(id("-0.0"), generate(&0.0));
    assert_eq!(id("-0e3"), generate(&0.0));
    assert_ne!(id("-0"), id("-0.0"));
}

// Underflow is an error, as overflow is: 1e-400 is never silently 0.0.
#[test]
fn floats_are_correctly_rounded_and_never_silently_zero_or_infinite() {
    for literal in [
        "0.1",
        "1e23",
        "2.2250738585072011e-308",
        "0.11000420646668853801420",
        "5e-324",
        "2.4703282292062328e-324",
        "1.7976931348623157e308",
        "-123.456e-7",
    ] {
        assert_eq!(
            id(literal),
            generate(&literal.parse::<f64>().unwrap()),
            "{literal}"
        );
    }
    for literal in ["1e-400", "2e-324", "-1e-400", "0.000000001e-320"] {
        assert_eq!(
            error(literal.as_bytes()).kind,
            JsonErrorKind::FloatUnderflow,
            "{literal}"
        );
    }
    for literal in ["1e400", "-1.8e308", "1.7976931348623159e308"] {
        assert_eq!(
            error(literal.as_bytes()).kind,
            JsonErrorKind::FloatOverflow,
            "{literal}"
        );
    }
    // Zero, however written, is zero.
    assert_eq!(id("0e-400"), generate(&0.0));
    assert_eq!(id("0.000e999999999999999999"), generate(&0.0));
}

#[test]
fn strings_are_utf8_without_raw_control_characters_or_lone_surrogates() {
    assert_eq!(id(r#""\ud83e\udd80""#), generate("🦀"));
    assert_eq!(id(r#""\u00e9""#), id("\"é\""));
    assert_eq!(
        id(r#""\"\\\/\b\f\n\r\t\u0000""#),
        generate("\"\\/\u{8}\u{c}\n\r\t\u{0}")
    );
    let found = error(b"[\"ok\", \"a\xff\"]");
    assert_eq!((found.kind, found.offset), (JsonErrorKind::InvalidUtf8, 9));
    let found = error(b"\"\\n\xc3\"");
    assert_eq!((found.kind, found.offset), (JsonErrorKind::InvalidUtf8, 3));
    for (document, code, offset) in [
        (&br#"["\ud800"]"#[..], 0xD800, 2),
        (br#""\udfff""#, 0xDFFF, 1),
        (br#""x\ud83e\u0041""#, 0xD83E, 2),
        (br#""\ud83e""#, 0xD83E, 1),
    ] {
        let found = error(document);
        assert_eq!(found.kind, JsonErrorKind::LoneSurrogate { code }, "{found}");
        assert_eq!(found.offset, offset);
    }
    let found = error(b"\"a\tb\"");
    assert_eq!(
        (found.kind, found.offset),
        (JsonErrorKind::ControlCharacter { byte: b'\t' }, 2)
    );
    let found = error(br#""\a""#);
    assert_eq!(
        found.kind,
        JsonErrorKind::InvalidEscape {
            found: Found::Byte(b'a')
        }
    );
}

#[test]
fn strict_json_and_nothing_after_it() {
    for (document, offset) in [
        (&b"[1] x"[..], 4),
        (b"{}{}", 2),
        (b"[1,]", 3),
        (b"01", 1),
        (b"", 0),
        (b"\xef\xbb\xbf1", 0),
        (b"NaN", 0),
        (b"[1\n,\n2,", 7),
    ] {
        let found = error(document);
        assert_eq!(found.offset, offset, "{found}");
    }
    let found = error(b"[1\n,\n2,");
    assert_eq!(
        (found.line, found.column, found.kind),
        (
            3,
            3,
            JsonErrorKind::Expected {
                what: "a value",
                found: Found::End
            }
        )
    );
}

// Nesting is limited, 10,000 deep unless the caller says otherwise: a document at the limit
// is hashed, one level deeper is an error at the `[` or `{` that goes past it.
#[test]
fn nesting_past_max_depth_is_an_error_at_its_offset() {
    use content_id::json::{DEFAULT_MAX_DEPTH, Limits, generate_from_reader_with};

    let nested = |depth: usize| format!("{}1{}", "[{\"k\":".repeat(depth), "}]".repeat(depth));
    // 5,000 arrays and 5,000 objects by turns.
    let at_the_limit = nested(DEFAULT_MAX_DEPTH / 2);
    let found = generate_from_reader(at_the_limit.as_bytes(), &Options::default());
    assert!(found.is_ok(), "{found:?}");
    // One array more, around it: the innermost object is one too deep.
    let past = format!("[{at_the_limit}]");
    let found = error(past.as_bytes());
    assert_eq!(found.kind, JsonErrorKind::TooDeep { limit: 10_000 });
    assert_eq!(found.offset, 1 + 6 * 4_999 + 1);
    assert_eq!(
        found.to_string(),
        "invalid JSON at line 1, column 29997 (byte 29996): nested too deep: an array or object at depth 10001, past the limit of 10000"
    );
    // With a limit of the caller's.
    let limits = Limits { max_depth: 10_001 };
    let deeper = generate_from_reader_with(past.as_bytes(), &Options::default(), &limits);
    assert!(deeper.is_ok(), "{deeper:?}");
    for (max_depth, document, offset) in [
        (0, &b"[]"[..], 0),
        (1, b" [ [", 3),
        (2, b"{\"a\": {\"b\": {}}}", 12),
        (2, b"[1, [2], [[3]]]", 10),
    ] {
        let limits = Limits { max_depth };
        let Err(Error::Json(found)) =
            generate_from_reader_with(document, &Options::default(), &limits)
        else {
            panic!("{max_depth}: {}", String::from_utf8_lossy(document));
        };
        assert_eq!(found.kind, JsonErrorKind::TooDeep { limit: max_depth });
        assert_eq!(found.offset, offset, "{found}");
    }
    // A scalar needs no depth.
    let limits = Limits { max_depth: 0 };
    assert_eq!(
        generate_from_reader_with(&b"7"[..], &Options::default(), &limits).unwrap(),
        generate(&7)
    );
    // The UUIDv5 has the same limits.
    let found =
        content_id::json::generate_uuid5_from_reader(past.as_bytes(), &content_id::NAMESPACE);
    assert!(matches!(
        found,
        Err(Error::Json(JsonError {
            kind: JsonErrorKind::TooDeep { .. },
            ..
        }))
    ));
}

// An object of more than 16 keys keeps its key fingerprints in a hash table instead of the
// stack it shares with the objects around it: duplicates are found either way, and an
// object's keys are forgotten when it closes, not before.
#[test]
fn duplicate_keys_are_found_in_objects_of_any_size() {
    let keys = |range: std::ops::Range<usize>| -> Vec<String> {
        range.map(|i| format!("\"k{i}\": {i}")).collect()
    };
    for count in [1, 2, 15, 16, 17, 18, 40, 1000] {
        let distinct = format!("{{{}}}", keys(0..count).join(", "));
        let expected: BTreeMap<String, usize> = (0..count).map(|i| (format!("k{i}"), i)).collect();
        assert_eq!(id(&distinct), generate(&expected), "{count}");
        // The first key again, then a key from the middle, at the end.
        for again in [0, count / 2] {
            let document = format!("{{{}, \"k{again}\": 0}}", keys(0..count).join(", "));
            let found = error(document.as_bytes());
            assert_eq!(
                found.kind,
                JsonErrorKind::DuplicateKey {
                    key: format!("k{again}")
                },
                "{count}"
            );
            let last = format!("\"k{again}\": 0}}");
            assert_eq!(found.offset as usize, document.len() - last.len());
        }
    }
    // An inner object of 20 keys, between keys of the outer one: the outer object still
    // knows its own keys, and the inner one's do not count for it.
    let inner = format!("{{{}}}", keys(0..20).join(", "));
    id(&format!("{{\"a\": 1, \"inner\": {inner}, \"k3\": 2}}"));
    let found = error(format!("{{\"a\": 1, \"inner\": {inner}, \"a\": 2}}").as_bytes());
    assert_eq!(found.kind, JsonErrorKind::DuplicateKey { key: "a".into() });
    let outer = format!(
        "{{{}, \"inner\": {{\"k1\": 1}}, \"z\": {{}}}}",
        keys(0..20).join(", ")
    );
    id(&outer);
    let found = error(
        format!(
            "{{{}, \"inner\": {{\"k1\": 1}}, \"k19\": 0}}",
            keys(0..20).join(", ")
        )
        .as_bytes(),
    );
    assert_eq!(
        found.kind,
        JsonErrorKind::DuplicateKey { key: "k19".into() }
    );
}

/// A reader that fails after giving `0`'s bytes.
struct Failing<'a>(&'a [u8], bool);

impl Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        // Interrupted once: retried.
        if !self.1 {
            self.1 = true;
            return Err(io::Error::from(io::ErrorKind::Interrupted));
        }
        if self.0.is_empty() {
            return Err(io::Error::other("disk on fire"));
        }
        let n = self.0.len().min(buf.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn read_errors_say_how_far_reading_got() {
    let result = generate_from_reader(Failing(b"[1, 2", false), &Options::default());
    assert_eq!(
        result,
        Err(Error::Read {
            offset: 5,
            kind: io::ErrorKind::Other,
            message: "disk on fire".into(),
        })
    );
    assert_eq!(
        result.unwrap_err().to_string(),
        "reading the input failed after 5 bytes: disk on fire"
    );
}

/// A reader that must not be read.
struct Untouchable;

impl Read for Untouchable {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        panic!("the input was read before the length was checked");
    }
}

#[test]
fn a_bad_length_is_an_error_before_anything_is_read() {
    let options = Options {
        length: 3,
        ..Options::default()
    };
    assert_eq!(
        generate_from_reader(Untouchable, &options),
        Err(Error::OddLength { length: 3 })
    );
}

#[test]
fn uuid5_and_lengths_match_the_library() {
    use content_id::json::generate_uuid5_from_reader;

    let document = br#"{"order": 17, "lines": [1.5, 2.5]}"#;
    let value = BTreeMap::<&str, &dyn StableHash>::from([
        ("order", &17 as &dyn StableHash),
        ("lines", &[1.5, 2.5]),
    ]);
    assert_eq!(
        generate_uuid5_from_reader(&document[..], &content_id::NAMESPACE).unwrap(),
        content_id::generate_uuid5(&value).unwrap()
    );
    let tenant = uuid::Uuid::NAMESPACE_DNS;
    assert_eq!(
        generate_uuid5_from_reader(&document[..], &tenant).unwrap(),
        content_id::generate_uuid5_in(&value, &tenant).unwrap()
    );
    for length in [2, 16, 128] {
        let options = Options {
            length,
            ..Options::default()
        };
        assert_eq!(
            generate_from_reader(&document[..], &options).unwrap(),
            content_id::generate_with(&value, &options).unwrap()
        );
    }
}

/// A document of `count` items `[0,1,2,…]` made as it is read: nothing holds it.
struct Counting {
    next: u64,
    count: u64,
    pending: Vec<u8>,
}

impl Read for Counting {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_empty() {
            if self.next > self.count {
                return Ok(0);
            }
            self.pending = match self.next {
                0 => b"[".to_vec(),
                n if n == self.count => b"0]".to_vec(),
                n => format!("{n},").into_bytes(),
            };
            self.next += 1;
        }
        let n = self.pending.len().min(buf.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

#[test]
fn a_generated_array_streams_through() {
    let count = 100_000;
    let reader = Counting {
        next: 0,
        count,
        pending: Vec::new(),
    };
    let items: Vec<u64> = (1..count).chain([0]).collect();
    assert_eq!(
        generate_from_reader(reader, &Options::default()).unwrap(),
        generate(&items)
    );
}

#[cfg(feature = "serde")]
mod against_serde_json {
    use content_id::Serde;
    use proptest::prelude::*;
    use serde_json::{Map, Number, Value};

    use super::*;

    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            any::<f64>()
                .prop_filter_map("finite", Number::from_f64)
                .prop_map(Value::Number),
            (-1e6f64..1e6).prop_filter_map("finite", |f| Number::from_f64(f).map(Value::Number)),
            ".{0,12}".prop_map(Value::String),
        ];
        leaf.prop_recursive(6, 64, 8, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
                proptest::collection::btree_map(".{0,6}", inner, 0..8)
                    .prop_map(|entries| Value::Object(Map::from_iter(entries))),
            ]
        })
    }

    proptest! {
        // A document serde_json reads without loss has the id of its `serde_json::Value`,
        // however it is written.
        #[test]
        fn a_document_has_the_id_of_its_serde_json_value(value in value()) {
            let expected = content_id::generate(&Serde(&value)).unwrap();
            for text in [
                serde_json::to_string(&value).unwrap(),
                serde_json::to_string_pretty(&value).unwrap(),
            ] {
                let found = generate_from_reader(text.as_bytes(), &Options::default());
                prop_assert_eq!(found.as_ref(), Ok(&expected), "{}", text);
                let reread: Value = serde_json::from_str(&text).unwrap();
                prop_assert_eq!(content_id::generate(&Serde(&reread)).unwrap(), expected.clone());
            }
        }

        // Any bytes: an id or an error, never a panic; and an id only for what serde_json
        // accepts too (it is the more lenient of the two only on duplicate keys and numbers).
        #[test]
        fn any_bytes_give_an_id_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
            if generate_from_reader(&bytes[..], &Options::default()).is_ok() {
                prop_assert!(serde_json::from_slice::<Value>(&bytes).is_ok());
            }
        }

        // Valid documents cut or changed at one byte: an id or an error, never a panic.
        #[test]
        fn damaged_documents_give_an_id_or_an_error(
            value in value(),
            at in any::<prop::sample::Index>(),
            byte in any::<u8>(),
        ) {
            let text = serde_json::to_string(&value).unwrap().into_bytes();
            let at = at.index(text.len());
            let mut changed = text.clone();
            changed[at] = byte;
            let _ = generate_from_reader(&changed[..], &Options::default());
            let _ = generate_from_reader(&text[..at], &Options::default());
        }
    }
}

/// A document with objects whose keys may repeat.
#[derive(Debug, Clone)]
enum Node {
    Leaf(u8),
    List(Vec<Node>),
    Object(Vec<(String, Node)>),
}

impl Node {
    /// Writes the document, and notes the offset and key of the first key that repeats in
    /// its object, if any: where the reader must stop.
    fn write(&self, out: &mut String, first_duplicate: &mut Option<(usize, String)>) {
        match self {
            Node::Leaf(n) => out.push_str(&n.to_string()),
            Node::List(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write(out, first_duplicate);
                }
                out.push(']');
            }
            Node::Object(entries) => {
                out.push('{');
                let mut seen = std::collections::HashSet::new();
                for (i, (key, value)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    if !seen.insert(key) && first_duplicate.is_none() {
                        *first_duplicate = Some((out.len(), key.clone()));
                    }
                    out.push_str(&format!("\"{key}\":"));
                    value.write(out, first_duplicate);
                }
                out.push('}');
            }
        }
    }
}

fn node() -> impl proptest::strategy::Strategy<Value = Node> {
    use proptest::prelude::*;

    any::<u8>()
        .prop_map(Node::Leaf)
        .prop_recursive(4, 200, 40, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..4).prop_map(Node::List),
                // Keys of one letter, which often repeat in up to 40 keys, and of two, which
                // seldom do.
                proptest::collection::vec((prop_oneof!["[a-x]", "[a-z]{2}"], inner), 0..40)
                    .prop_map(Node::Object),
            ]
        })
}

proptest::proptest! {
    // The first key that repeats in its object is the error, at its offset, in objects of
    // any size and at any depth; a document without one has the id of its `Value`.
    #[test]
    fn the_first_duplicate_key_is_the_error(node in node()) {
        let mut text = String::new();
        let mut first_duplicate = None;
        node.write(&mut text, &mut first_duplicate);
        let found = generate_from_reader(text.as_bytes(), &Options::default());
        match first_duplicate {
            Some((offset, key)) => {
                let Err(Error::Json(found)) = found else {
                    panic!("{text}: {found:?}");
                };
                proptest::prop_assert_eq!(found.kind, JsonErrorKind::DuplicateKey { key });
                proptest::prop_assert_eq!(found.offset, offset as u64);
            }
            None => {
                #[cfg(feature = "serde")]
                {
                    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
                    let expected = content_id::generate(&content_id::Serde(&value)).unwrap();
                    proptest::prop_assert_eq!(found, Ok(expected));
                }
                #[cfg(not(feature = "serde"))]
                proptest::prop_assert!(found.is_ok());
            }
        }
    }
}
