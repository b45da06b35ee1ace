//! The encoding written out by hand from the table in the crate documentation, hashed with
//! the `blake2` crate's own personalized BLAKE2b: the golden ids are then what the
//! specification gives, not only what this crate's encoder gives.

use std::sync::LazyLock;

use blake2::Blake2bMac;
use blake2::digest::Mac;
use blake2::digest::array::ArraySize;
use blake2::digest::consts::{U8, U32, U64};
use blake2::digest::typenum::{IsLessOrEqual, True};
use serde_json::Value;

const PERSONALIZATION: &[u8] = b"identifier:cid:2";
const ENTRY_PERSONALIZATION: &[u8] = b"identifier:ent:2";

/// The bytes of a hex literal; spaces and line breaks separate fields for the reader.
fn bytes(literal: &str) -> Vec<u8> {
    let digits: Vec<u8> = literal
        .bytes()
        .filter(|b| !b.is_ascii_whitespace())
        .collect();
    digits
        .chunks(2)
        .map(|pair| u8::from_str_radix(std::str::from_utf8(pair).unwrap(), 16).unwrap())
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

fn blake2b<N>(encoding: &[u8]) -> String
where
    N: ArraySize + IsLessOrEqual<U64, Output = True>,
{
    let mut mac = Blake2bMac::<N>::new_with_salt_and_personal(None, &[], PERSONALIZATION).unwrap();
    mac.update(encoding);
    hex(&mac.finalize().into_bytes())
}

/// The entry digest of a map entry (key and value encodings) or a set element: BLAKE2b-256
/// personalized with `identifier:ent:2`.
fn entry_digest(encoding: &str) -> [u8; 32] {
    let mut mac =
        Blake2bMac::<U32>::new_with_salt_and_personal(None, &[], ENTRY_PERSONALIZATION).unwrap();
    mac.update(&bytes(encoding));
    mac.finalize().into_bytes().into()
}

/// A map (`07`) or set (`08`) of the given entry encodings, as hex: the tag, the count, and
/// the entry digests in ascending order.
fn entries(tag: &str, encodings: &[&str]) -> String {
    let mut digests: Vec<[u8; 32]> = encodings.iter().map(|e| entry_digest(e)).collect();
    digests.sort();
    let mut out = format!("{tag} {:016x}", digests.len());
    for digest in digests {
        out.push(' ');
        out.push_str(&hex(&digest));
    }
    out
}

fn map(encodings: &[&str]) -> String {
    entries("07", encodings)
}

fn set(encodings: &[&str]) -> String {
    entries("08", encodings)
}

/// Every filed id of the case named `name` (its Rust expression or JSON document) is the
/// hash of `encoding`.
fn assert_encoding(name: &str, encoding: &str) {
    let case = GOLDEN["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|case| case["rust"] == name || case["json"] == name)
        .unwrap_or_else(|| panic!("no case {name}"));
    let encoding = bytes(encoding);
    let ids = &case["ids"];
    assert_eq!(blake2b::<U8>(&encoding), ids["16"], "{name}");
    assert_eq!(blake2b::<U32>(&encoding), ids["64"], "{name}");
    assert_eq!(blake2b::<U64>(&encoding), ids["128"], "{name}");
}

static GOLDEN: LazyLock<Value> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../../../golden/content-id.json")).unwrap()
});

#[test]
fn scalars() {
    assert_encoding("()", "00");
    assert_encoding("None::<u8>", "00");
    assert_encoding("true", "01 01");
    assert_encoding("false", "01 00");
    assert_encoding("0u8", "02 00 00000000000000000000000000000000");
    assert_encoding("1u8", "02 00 00000000000000000000000000000001");
    assert_encoding("-1i64", "02 01 00000000000000000000000000000001");
    assert_encoding("i64::MIN", "02 01 00000000000000008000000000000000");
    assert_encoding("u128::MAX", "02 00 ffffffffffffffffffffffffffffffff");
    assert_encoding("i128::MIN", "02 01 80000000000000000000000000000000");
    assert_encoding("0.0f64", "03 0000000000000000");
    assert_encoding("-0.0f64", "03 0000000000000000");
    assert_encoding("f64::NAN", "03 7ff8000000000000");
    assert_encoding("-f64::NAN", "03 7ff8000000000000");
    assert_encoding("f64::NEG_INFINITY", "03 fff0000000000000");
    assert_encoding("0.1f64", "03 3fb999999999999a");
    // 0.1f32 widened: 0.100000001490116119384765625.
    assert_encoding("0.1f32", "03 3fb99999a0000000");
    assert_encoding("5e-324f64", "03 0000000000000001");
}

#[test]
fn strings_and_bytes() {
    assert_encoding("\"\"", "04 0000000000000000");
    assert_encoding("\"1\"", "04 0000000000000001 31");
    assert_encoding("'é'", "04 0000000000000002 c3a9");
    // h é l l o ␠ w ö r l d ␠ ✓ ␠ 🦀: 22 bytes of UTF-8.
    assert_encoding(
        "\"héllo wörld ✓ 🦀\"",
        "04 0000000000000016 68 c3a9 6c 6c 6f 20 77 c3b6 72 6c 64 20 e29c93 20 f09fa680",
    );
    assert_encoding("Bytes(b\"\")", "05 0000000000000000");
    assert_encoding("Bytes(&[0, 255])", "05 0000000000000002 00ff");
}

#[test]
fn lists_end_with_09() {
    assert_encoding("Vec::<u8>::new()", "06 09");
    assert_encoding(
        "[0u8, 255]",
        "06
           02 00 00000000000000000000000000000000
           02 00 000000000000000000000000000000ff
         09",
    );
    assert_encoding("[\"ab\"]", "06 04 0000000000000002 6162 09");
    assert_encoding(
        "[\"a\", \"b\"]",
        "06 04 0000000000000001 61 04 0000000000000001 62 09",
    );
    assert_encoding(
        "[[1], [2]]",
        "06
           06 02 00 00000000000000000000000000000001 09
           06 02 00 00000000000000000000000000000002 09
         09",
    );
    assert_encoding(
        "[[1, 2]]",
        "06
           06
             02 00 00000000000000000000000000000001
             02 00 00000000000000000000000000000002
           09
         09",
    );
    // The first worked example of the crate documentation.
    assert_encoding(
        "(\"a\", 1)",
        "06 04 0000000000000001 61 02 00 00000000000000000000000000000001 09",
    );
}

const INT_1: &str = "02 00 00000000000000000000000000000001";
const INT_2: &str = "02 00 00000000000000000000000000000002";

#[test]
fn maps_and_sets_are_their_sorted_entry_digests() {
    assert_encoding("BTreeMap::<String, u8>::new()", "07 0000000000000000");
    assert_encoding("BTreeSet::<u8>::new()", "08 0000000000000000");
    // The second worked example of the crate documentation.
    assert_eq!(
        hex(&entry_digest(&format!("04 0000000000000001 61 {INT_1}"))),
        "014d41af744e8c4c7386356d12fea6bf35880c7644aa2aecb9437e744ccd13c0"
    );
    assert_encoding(
        "BTreeMap {\"a\": 1, \"b\": 2}",
        &map(&[
            &format!("04 0000000000000001 61 {INT_1}"),
            &format!("04 0000000000000001 62 {INT_2}"),
        ]),
    );
    assert_encoding(
        "HashMap {1: \"x\", -1: \"y\", 300: \"z\"}",
        &map(&[
            &format!("{INT_1} 04 0000000000000001 78"),
            "02 01 00000000000000000000000000000001 04 0000000000000001 79",
            "02 00 0000000000000000000000000000012c 04 0000000000000001 7a",
        ]),
    );
    assert_encoding(
        "HashSet {\"x\", \"yy\", \"\"}",
        &set(&[
            "04 0000000000000000",
            "04 0000000000000001 78",
            "04 0000000000000002 7979",
        ]),
    );
    assert_encoding(
        "BTreeSet {1, 2, 3}",
        &set(&[INT_1, INT_2, "02 00 00000000000000000000000000000003"]),
    );
    // A map in a map: the inner map's encoding is part of the outer entry.
    let inner = map(&[&format!("04 0000000000000001 6b 06 {INT_1} {INT_2} 09")]);
    assert_encoding(
        "BTreeMap {\"inner\": {\"k\": [1, 2]}}",
        &map(&[&format!("04 0000000000000005 696e6e6572 {inner}")]),
    );
}

#[test]
fn serde_structs_and_enums() {
    assert_encoding(
        "Serde(&Point { x: 1, y: -2 })",
        &map(&[
            &format!("04 0000000000000001 78 {INT_1}"),
            "04 0000000000000001 79 02 01 00000000000000000000000000000002",
        ]),
    );
    // "Empty"
    assert_encoding("Serde(&Shape::Empty)", "04 0000000000000005 456d707479");
    // {"Circle": 2.0}
    assert_encoding(
        "Serde(&Shape::Circle(2.0))",
        &map(&["04 0000000000000006 436972636c65 03 4000000000000000"]),
    );
    // {"Rect": [3, 4]}
    assert_encoding(
        "Serde(&Shape::Rect(3, 4))",
        &map(&["04 0000000000000004 52656374
                06
                  02 00 00000000000000000000000000000003
                  02 00 00000000000000000000000000000004
                09"]),
    );
    // {"Labeled": {"name": "box", "size": 7}}
    let fields = map(&[
        "04 0000000000000004 6e616d65 04 0000000000000003 626f78",
        "04 0000000000000004 73697a65 02 00 00000000000000000000000000000007",
    ]);
    assert_encoding(
        "Serde(&Shape::Labeled { name: \"box\", size: 7 })",
        &map(&[&format!("04 0000000000000007 4c6162656c6564 {fields}")]),
    );
    assert_encoding("Serde(&Meters(1.5))", "03 3ff8000000000000");
    // A unit struct is a unit.
    assert_encoding("Serde(&Marker)", "00");
    // {"id": 42, "name": "Ada", "tags": ["math", "engine"], "score": 0.5, "parent": null}
    assert_encoding(
        "Serde(&Record { id: 42, name: \"Ada\", tags: vec![\"math\", \"engine\"], score: 0.5, parent: None })",
        &map(&[
            "04 0000000000000002 6964 02 00 0000000000000000000000000000002a",
            "04 0000000000000004 6e616d65 04 0000000000000003 416461",
            "04 0000000000000004 74616773
               06 04 0000000000000004 6d617468 04 0000000000000006 656e67696e65 09",
            "04 0000000000000005 73636f7265 03 3fe0000000000000",
            "04 0000000000000006 706172656e74 00",
        ]),
    );
}

const NO_BYTES: &str = "0000000000000000";

#[test]
fn the_marker_of_unhashable_parts_is_0a_and_a_count() {
    assert_encoding("(1, Unhashable)", &format!("06 {INT_1} 0a {NO_BYTES} 09"));
    assert_encoding(
        "Serde(&Upload { name: \"a.txt\", content: Fails })",
        &map(&[
            "04 0000000000000004 6e616d65 04 0000000000000005 612e747874",
            &format!("04 0000000000000007 636f6e74656e74 0a {NO_BYTES}"),
        ]),
    );
    // The sequence failed at its end, after its start and its elements were hashed: the
    // marker counts those 37 bytes, and with them takes the sequence's one place.
    assert_encoding(
        "Serde(&ShortSeq)",
        &format!("06 {INT_1} {INT_2} 0a 0000000000000025"),
    );
    assert_encoding(
        "(Serde(&ShortSeq), 3)",
        &format!(
            "06
               06 {INT_1} {INT_2} 0a 0000000000000025
               02 00 00000000000000000000000000000003
             09"
        ),
    );
    assert_encoding(
        "HashSet {1, Unhashable}",
        &set(&[INT_1, &format!("0a {NO_BYTES}")]),
    );
}

#[test]
fn json_documents() {
    assert_encoding("-0", "02 00 00000000000000000000000000000000");
    // 2^64 and 2^64 + 1 are integers; with a fraction, 2^64 is a float.
    assert_encoding(
        "18446744073709551616",
        "02 00 00000000000000010000000000000000",
    );
    assert_encoding(
        "18446744073709551617",
        "02 00 00000000000000010000000000000001",
    );
    assert_encoding("18446744073709551616.0", "03 43f0000000000000");
    assert_encoding(
        "-9223372036854775809",
        "02 01 00000000000000008000000000000001",
    );
    assert_encoding(
        "-9223372036854775810",
        "02 01 00000000000000008000000000000002",
    );
    assert_encoding("0e-400", "03 0000000000000000");
    assert_encoding("1E2", "03 4059000000000000");
    assert_encoding("\"\\ud83e\\udd80\"", "04 0000000000000004 f09fa680");
    assert_encoding(
        "{\"name\": \"report\", \"pages\": [1, 2.5, null]}",
        &map(&[
            "04 0000000000000004 6e616d65 04 0000000000000006 7265706f7274",
            &format!("04 0000000000000005 7061676573 06 {INT_1} 03 4004000000000000 00 09"),
        ]),
    );
}

/// An implementation that shares no code with Rust's: Python's `hashlib.blake2b`, on the
/// worked examples of the crate documentation.
#[test]
fn the_worked_examples_match_pythons_hashlib() {
    // python3 -c 'import hashlib; print(hashlib.blake2b(bytes.fromhex(
    //     "060400000000000000016102000000000000000000000000000000000109"),
    //     digest_size=32, person=b"identifier:cid:2").hexdigest())'
    let list = "de9760586f2d4e3dbd471750e8f84a16cd638d2b1a7b07ae7cfec668cbafc10f";
    assert_eq!(content_id::generate(&("a", 1)).unwrap(), list);
    assert_eq!(
        blake2b::<U32>(&bytes(&format!("06 04 0000000000000001 61 {INT_1} 09"))),
        list
    );
    // e = hashlib.blake2b(bytes.fromhex("0400000000000000016102000000000000000000000000"
    //     "000000000001"), digest_size=32, person=b"identifier:ent:2").digest()
    // hashlib.blake2b(bytes.fromhex("070000000000000001") + e, digest_size=32,
    //     person=b"identifier:cid:2").hexdigest()
    let map_id = "23cbc5d4642b77e7067b5485dd337fa7b01e38c1017f21dad03807d8a5953f04";
    let value = std::collections::BTreeMap::from([("a", 1)]);
    assert_eq!(content_id::generate(&value).unwrap(), map_id);
    assert_eq!(
        blake2b::<U32>(&bytes(&map(&[&format!("04 0000000000000001 61 {INT_1}")]))),
        map_id
    );
}

/// Maps written in a chosen order, so that sorting has work to do at every depth.
struct InOrder<K, V>(Vec<(K, V)>);

impl<K: content_id::StableHash, V: content_id::StableHash> content_id::StableHash
    for InOrder<K, V>
{
    fn stable_hash(&self, encoder: content_id::Encoder<'_>) -> content_id::Written {
        encoder.write_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

#[test]
fn maps_nested_in_maps_and_lists() {
    use content_id::StableHash;

    // {"m": {2: true, 1: false}, "a": [{"z": 1, "y": 2}]}, entries given out of order.
    let value = InOrder::<&str, Box<dyn StableHash>>(vec![
        ("m", Box::new(InOrder(vec![(2, true), (1, false)]))),
        ("a", Box::new(vec![InOrder(vec![("z", 1), ("y", 2)])])),
    ]);
    let m = map(&[&format!("{INT_2} 01 01"), &format!("{INT_1} 01 00")]);
    let a = map(&[
        &format!("04 0000000000000001 7a {INT_1}"),
        &format!("04 0000000000000001 79 {INT_2}"),
    ]);
    let encoding = map(&[
        &format!("04 0000000000000001 6d {m}"),
        &format!("04 0000000000000001 61 06 {a} 09"),
    ]);
    assert_eq!(
        content_id::generate(&value).unwrap(),
        blake2b::<U32>(&bytes(&encoding))
    );

    // The same map one level down, inside a map itself: {"k": value, "": 0}.
    let outer =
        InOrder::<&str, Box<dyn StableHash>>(vec![("k", Box::new(value)), ("", Box::new(0))]);
    let encoding = map(&[
        &format!("04 0000000000000001 6b {encoding}"),
        "04 0000000000000000 02 00 00000000000000000000000000000000",
    ]);
    assert_eq!(
        content_id::generate(&outer).unwrap(),
        blake2b::<U32>(&bytes(&encoding))
    );
}

/// The encoding of a JSON value by the table in the crate documentation, written here
/// without the crate's encoder.
#[cfg(all(feature = "serde", feature = "json"))]
fn reference_encoding(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Null => out.push(0x00),
        Value::Bool(b) => out.extend([0x01, u8::from(*b)]),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                out.extend([0x02, u8::from(i < 0)]);
                out.extend(u128::from(i.unsigned_abs()).to_be_bytes());
            } else if let Some(u) = n.as_u64() {
                out.extend([0x02, 0x00]);
                out.extend(u128::from(u).to_be_bytes());
            } else {
                let f = n.as_f64().unwrap();
                out.push(0x03);
                out.extend((if f == 0.0 { 0.0f64 } else { f }).to_bits().to_be_bytes());
            }
        }
        Value::String(s) => {
            out.push(0x04);
            out.extend((s.len() as u64).to_be_bytes());
            out.extend(s.as_bytes());
        }
        Value::Array(items) => {
            out.push(0x06);
            for item in items {
                reference_encoding(item, out);
            }
            out.push(0x09);
        }
        Value::Object(entries) => {
            let mut digests: Vec<[u8; 32]> = entries
                .iter()
                .map(|(key, value)| {
                    let mut entry = Vec::new();
                    reference_encoding(&Value::String(key.clone()), &mut entry);
                    reference_encoding(value, &mut entry);
                    entry_digest(&hex(&entry))
                })
                .collect();
            digests.sort();
            out.push(0x07);
            out.extend((digests.len() as u64).to_be_bytes());
            digests.iter().for_each(|digest| out.extend(digest));
        }
    }
}

// While a map is written inside an entry, the entry's hasher is set aside and resumed
// afterwards, with the bytes it had not compressed and, past one 128-byte block, its chaining
// state: entries whose bytes before the inner map end on either side of a block boundary,
// at every depth, give what the specification gives, through `Serde` and the JSON reader.
#[cfg(all(feature = "serde", feature = "json"))]
#[test]
fn maps_inside_entries_longer_than_a_block() {
    use content_id::Serde;
    use content_id::json::generate_from_reader;

    for length in (100..=150).chain([255, 256, 257, 383, 384, 385, 1000]) {
        let key = "k".repeat(length);
        let items: Vec<Value> = (0..length / 18).map(Value::from).collect();
        let inner = serde_json::json!({"a": {"b": [1, {"c": null}]}, &key: [0.5, {"d": true}]});
        let value = serde_json::json!({
            &key: inner,
            "list": [items.clone(), inner, {"e": items}],
            "": {&key: {&key: {&key: 1}}},
        });
        let mut encoding = Vec::new();
        reference_encoding(&value, &mut encoding);
        let expected = blake2b::<U32>(&encoding);
        assert_eq!(
            content_id::generate(&Serde(&value)).unwrap(),
            expected,
            "{length}"
        );
        let document = value.to_string();
        let options = content_id::Options::default();
        assert_eq!(
            generate_from_reader(document.as_bytes(), &options).unwrap(),
            expected,
            "{length}"
        );
    }
}

// A value that fails with its own map open, inside an entry of another map: with
// `ignore_unhashable` its map is dropped and the entry it sits in resumes where it was, with
// a key shorter and longer than a block, and the marker (no bytes of it reached that entry)
// takes its place.
#[cfg(feature = "serde")]
#[test]
fn a_value_that_fails_inside_its_own_map_leaves_the_entry_around_it_whole() {
    use content_id::{Options, Serde};
    use serde::ser::{Error as _, SerializeMap, Serializer};

    struct FailsInItsMap;
    impl serde::Serialize for FailsInItsMap {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut map = serializer.serialize_map(None)?;
            map.serialize_entry("inner", &[1, 2])?;
            Err(S::Error::custom("failed with its map open"))
        }
    }

    let ignore = Options {
        ignore_unhashable: true,
        ..Options::default()
    };
    for length in [5, 127, 128, 200] {
        let key = "k".repeat(length);
        let value = std::collections::BTreeMap::from([(key.as_str(), Serde(&FailsInItsMap))]);
        let encoding = map(&[&format!(
            "04 {length:016x} {} 0a {NO_BYTES}",
            hex(key.as_bytes())
        )]);
        assert_eq!(
            content_id::generate_with(&value, &ignore).unwrap(),
            blake2b::<U32>(&bytes(&encoding)),
            "{length}"
        );
    }
}
