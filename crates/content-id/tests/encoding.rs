//! The encoding written out by hand from the table in the crate documentation, hashed with
//! the `blake2` crate's own personalized BLAKE2b: the golden ids are then what the
//! specification gives, not only what this crate's encoder gives.

use blake2::Blake2bMac;
use blake2::digest::Mac;
use blake2::digest::array::ArraySize;
use blake2::digest::consts::{U8, U32, U64};
use blake2::digest::typenum::{IsLessOrEqual, True};
use serde_json::Value;

const PERSONALIZATION: &[u8] = b"identifier:cid:1";

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

fn blake2b<N>(encoding: &[u8]) -> String
where
    N: ArraySize + IsLessOrEqual<U64, Output = True>,
{
    let mut mac = Blake2bMac::<N>::new_with_salt_and_personal(None, &[], PERSONALIZATION).unwrap();
    mac.update(encoding);
    let digest = mac.finalize().into_bytes();
    digest.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Every filed id of the case named `rust` is the hash of `encoding`.
fn assert_encoding(golden: &Value, rust: &str, encoding: &str) {
    let case = golden["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|case| case["rust"] == rust)
        .unwrap_or_else(|| panic!("no case {rust}"));
    let encoding = bytes(encoding);
    let ids = &case["ids"];
    assert_eq!(blake2b::<U8>(&encoding), ids["16"], "{rust}");
    assert_eq!(blake2b::<U32>(&encoding), ids["64"], "{rust}");
    assert_eq!(blake2b::<U64>(&encoding), ids["128"], "{rust}");
}

fn golden() -> Value {
    serde_json::from_str(include_str!("../../../golden/content-id.json")).unwrap()
}

#[test]
fn scalars() {
    let golden = golden();
    let g = &golden;
    assert_encoding(g, "()", "00");
    assert_encoding(g, "None::<u8>", "00");
    assert_encoding(g, "true", "01 01");
    assert_encoding(g, "false", "01 00");
    assert_encoding(g, "0u8", "02 00 00000000000000000000000000000000");
    assert_encoding(g, "1u8", "02 00 00000000000000000000000000000001");
    assert_encoding(g, "-1i64", "02 01 00000000000000000000000000000001");
    assert_encoding(g, "i64::MIN", "02 01 00000000000000008000000000000000");
    assert_encoding(g, "u128::MAX", "02 00 ffffffffffffffffffffffffffffffff");
    assert_encoding(g, "i128::MIN", "02 01 80000000000000000000000000000000");
    assert_encoding(g, "0.0f64", "03 0000000000000000");
    assert_encoding(g, "-0.0f64", "03 0000000000000000");
    assert_encoding(g, "f64::NAN", "03 7ff8000000000000");
    assert_encoding(g, "-f64::NAN", "03 7ff8000000000000");
    assert_encoding(g, "f64::NEG_INFINITY", "03 fff0000000000000");
    assert_encoding(g, "0.1f64", "03 3fb999999999999a");
    // 0.1f32 widened: 0.100000001490116119384765625.
    assert_encoding(g, "0.1f32", "03 3fb99999a0000000");
    assert_encoding(g, "5e-324f64", "03 0000000000000001");
}

#[test]
fn strings_and_bytes() {
    let golden = golden();
    let g = &golden;
    assert_encoding(g, "\"\"", "04 0000000000000000");
    assert_encoding(g, "\"1\"", "04 0000000000000001 31");
    assert_encoding(g, "'é'", "04 0000000000000002 c3a9");
    // h é l l o ␠ w ö r l d ␠ ✓ ␠ 🦀: 22 bytes of UTF-8.
    assert_encoding(
        g,
        "\"héllo wörld ✓ 🦀\"",
        "04 0000000000000016 68 c3a9 6c 6c 6f 20 77 c3b6 72 6c 64 20 e29c93 20 f09fa680",
    );
    assert_encoding(g, "Bytes(b\"\")", "05 0000000000000000");
    assert_encoding(g, "Bytes(&[0, 255])", "05 0000000000000002 00ff");
}

#[test]
fn lists() {
    let golden = golden();
    let g = &golden;
    assert_encoding(g, "Vec::<u8>::new()", "06 0000000000000000");
    assert_encoding(
        g,
        "[0u8, 255]",
        "06 0000000000000002
           02 00 00000000000000000000000000000000
           02 00 000000000000000000000000000000ff",
    );
    assert_encoding(
        g,
        "[\"ab\"]",
        "06 0000000000000001 04 0000000000000002 6162",
    );
    assert_encoding(
        g,
        "[\"a\", \"b\"]",
        "06 0000000000000002 04 0000000000000001 61 04 0000000000000001 62",
    );
    assert_encoding(
        g,
        "[[1], [2]]",
        "06 0000000000000002
           06 0000000000000001 02 00 00000000000000000000000000000001
           06 0000000000000001 02 00 00000000000000000000000000000002",
    );
    assert_encoding(
        g,
        "[[1, 2]]",
        "06 0000000000000001
           06 0000000000000002
             02 00 00000000000000000000000000000001
             02 00 00000000000000000000000000000002",
    );
    // The worked example of the crate documentation.
    assert_encoding(
        g,
        "(\"a\", 1)",
        "06 0000000000000002 04 0000000000000001 61 02 00 00000000000000000000000000000001",
    );
}

#[test]
fn maps_and_sets_in_byte_order_of_their_entries() {
    let golden = golden();
    let g = &golden;
    assert_encoding(g, "BTreeMap::<String, u8>::new()", "07 0000000000000000");
    assert_encoding(
        g,
        "BTreeMap {\"a\": 1, \"b\": 2}",
        "07 0000000000000002
           04 0000000000000001 61 02 00 00000000000000000000000000000001
           04 0000000000000001 62 02 00 00000000000000000000000000000002",
    );
    // 1 < 300 < -1 in byte order: the sign byte comes first.
    assert_encoding(
        g,
        "HashMap {1: \"x\", -1: \"y\", 300: \"z\"}",
        "07 0000000000000003
           02 00 00000000000000000000000000000001 04 0000000000000001 78
           02 00 0000000000000000000000000000012c 04 0000000000000001 7a
           02 01 00000000000000000000000000000001 04 0000000000000001 79",
    );
    // "" < "x" < "yy": the length comes first.
    assert_encoding(
        g,
        "HashSet {\"x\", \"yy\", \"\"}",
        "08 0000000000000003
           04 0000000000000000
           04 0000000000000001 78
           04 0000000000000002 7979",
    );
    assert_encoding(g, "BTreeSet::<u8>::new()", "08 0000000000000000");
    assert_encoding(
        g,
        "BTreeMap {\"inner\": {\"k\": [1, 2]}}",
        "07 0000000000000001
           04 0000000000000005 696e6e6572
           07 0000000000000001
             04 0000000000000001 6b
             06 0000000000000002
               02 00 00000000000000000000000000000001
               02 00 00000000000000000000000000000002",
    );
}

#[test]
fn serde_structs_and_enums() {
    let golden = golden();
    let g = &golden;
    assert_encoding(
        g,
        "Serde(&Point { x: 1, y: -2 })",
        "07 0000000000000002
           04 0000000000000001 78 02 00 00000000000000000000000000000001
           04 0000000000000001 79 02 01 00000000000000000000000000000002",
    );
    // "Empty"
    assert_encoding(g, "Serde(&Shape::Empty)", "04 0000000000000005 456d707479");
    // {"Circle": 2.0}
    assert_encoding(
        g,
        "Serde(&Shape::Circle(2.0))",
        "07 0000000000000001 04 0000000000000006 436972636c65 03 4000000000000000",
    );
    // {"Rect": [3, 4]}
    assert_encoding(
        g,
        "Serde(&Shape::Rect(3, 4))",
        "07 0000000000000001 04 0000000000000004 52656374
           06 0000000000000002
             02 00 00000000000000000000000000000003
             02 00 00000000000000000000000000000004",
    );
    // {"Labeled": {"name": "box", "size": 7}}
    assert_encoding(
        g,
        "Serde(&Shape::Labeled { name: \"box\", size: 7 })",
        "07 0000000000000001 04 0000000000000007 4c6162656c6564
           07 0000000000000002
             04 0000000000000004 6e616d65 04 0000000000000003 626f78
             04 0000000000000004 73697a65 02 00 00000000000000000000000000000007",
    );
    assert_encoding(g, "Serde(&Meters(1.5))", "03 3ff8000000000000");
}

/// An implementation that shares no code with Rust's: Python's `hashlib.blake2b`, on the
/// worked example's 37 bytes.
#[test]
fn the_worked_example_matches_pythons_hashlib() {
    // hashlib.blake2b(bytes.fromhex("06000000000000000204000000000000000161"
    //     "020000000000000000000000000000000001"), digest_size=32,
    //     person=b"identifier:cid:1").hexdigest()
    let python = "8d365df06afe95e397f73a0c31c7f2eb5768abb3b50f03bd3073e477fd17f247";
    assert_eq!(content_id::generate(&("a", 1)), python);
    assert_eq!(
        blake2b::<U32>(&bytes(
            "06 0000000000000002 04 0000000000000001 61 02 00 00000000000000000000000000000001"
        )),
        python
    );
}

/// Maps written in a chosen order, so that sorting has work to do at every depth.
struct InOrder<K, V>(Vec<(K, V)>);

impl<K: content_id::StableHash, V: content_id::StableHash> content_id::StableHash
    for InOrder<K, V>
{
    fn stable_hash(&self, encoder: &mut content_id::Encoder) {
        encoder.write_map(self.0.iter().map(|(k, v)| (k, v)));
    }
}

#[test]
fn maps_nested_in_maps_are_sorted_in_place() {
    use content_id::StableHash;

    // {"m": {2: true, 1: false}, "a": [{"z": 1, "y": 2}]}, entries given out of order.
    let value = InOrder::<&str, Box<dyn StableHash>>(vec![
        ("m", Box::new(InOrder(vec![(2, true), (1, false)]))),
        ("a", Box::new(vec![InOrder(vec![("z", 1), ("y", 2)])])),
    ]);
    let encoding = "07 0000000000000002
          04 0000000000000001 61
            06 0000000000000001
              07 0000000000000002
                04 0000000000000001 79 02 00 00000000000000000000000000000002
                04 0000000000000001 7a 02 00 00000000000000000000000000000001
          04 0000000000000001 6d
            07 0000000000000002
              02 00 00000000000000000000000000000001 01 00
              02 00 00000000000000000000000000000002 01 01";
    assert_eq!(
        content_id::generate(&value),
        blake2b::<U32>(&bytes(encoding))
    );

    // The same map one level down, inside a map being sorted itself: {"k": value, "": 0}.
    let outer =
        InOrder::<&str, Box<dyn StableHash>>(vec![("k", Box::new(value)), ("", Box::new(0))]);
    let encoding = format!(
        "07 0000000000000002
           04 0000000000000000 02 00 00000000000000000000000000000000
           04 0000000000000001 6b {encoding}"
    );
    assert_eq!(
        content_id::generate(&outer),
        blake2b::<U32>(&bytes(&encoding))
    );
}
