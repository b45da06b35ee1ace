//! `Serde`: serde's data model mapped onto the encoding, as serde_json sees it.
#![cfg(feature = "serde")]

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::net::Ipv4Addr;

use content_id::{Bytes, Error, Options, Serde, StableHash};
use serde::Serialize;
use serde::ser::{Error as _, SerializeMap, SerializeSeq, Serializer};
use serde_json::json;

mod fixtures;

use fixtures::ShortSeq;

/// The id of `data`, which must have one.
fn generate<T: StableHash + ?Sized>(data: &T) -> String {
    content_id::generate(data).unwrap()
}

#[derive(Serialize)]
struct Order {
    id: u64,
    customer: String,
    lines: Vec<Line>,
    note: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    coupon: Option<String>,
    paid: bool,
}

#[derive(Serialize)]
struct Line {
    sku: &'static str,
    quantity: u32,
    price: f64,
}

fn order() -> Order {
    Order {
        id: u64::MAX,
        customer: "Ada".into(),
        lines: vec![
            Line {
                sku: "A-1",
                quantity: 2,
                price: 9.5,
            },
            Line {
                sku: "B-2",
                quantity: 1,
                price: -0.25,
            },
        ],
        note: None,
        coupon: None,
        paid: true,
    }
}

#[test]
fn a_struct_its_json_value_and_its_map_share_an_id() {
    let order = order();
    let id = generate(&Serde(&order));
    assert_eq!(generate(&Serde(&serde_json::to_value(&order).unwrap())), id);
    // The same entries, in another order, parsed from text.
    let text = r#"{"paid": true, "note": null, "lines": [
        {"quantity": 2, "price": 9.5, "sku": "A-1"},
        {"sku": "B-2", "price": -0.25, "quantity": 1}], "customer": "Ada",
        "id": 18446744073709551615}"#;
    let parsed: serde_json::Value = serde_json::from_str(text).unwrap();
    assert_eq!(generate(&Serde(&parsed)), id);

    // Through StableHash: a BTreeMap of field name to value.
    let line = |sku: &'static str, quantity: u32, price: f64| {
        BTreeMap::<&str, Box<dyn StableHash>>::from([
            ("sku", Box::new(sku) as Box<dyn StableHash>),
            ("quantity", Box::new(quantity)),
            ("price", Box::new(price)),
        ])
    };
    let fields = BTreeMap::<&str, Box<dyn StableHash>>::from([
        ("id", Box::new(u64::MAX) as Box<dyn StableHash>),
        ("customer", Box::new("Ada")),
        (
            "lines",
            Box::new(vec![line("A-1", 2, 9.5), line("B-2", 1, -0.25)]),
        ),
        ("note", Box::new(())),
        ("paid", Box::new(true)),
    ]);
    assert_eq!(generate(&fields), id);
}

#[test]
fn a_skipped_field_is_absent_and_a_present_one_counts() {
    let mut with_coupon = order();
    with_coupon.coupon = Some("SPRING".into());
    let value = serde_json::to_value(&with_coupon).unwrap();
    assert_eq!(generate(&Serde(&with_coupon)), generate(&Serde(&value)));
    assert_ne!(generate(&Serde(&with_coupon)), generate(&Serde(&order())));
}

#[derive(Serialize)]
enum Event {
    Started,
    Moved(i32),
    Resized(u32, u32),
    Renamed { from: String, to: String },
}

#[test]
fn enums_are_tagged_as_serde_json_tags_them() {
    let events = [
        Event::Started,
        Event::Moved(-3),
        Event::Resized(640, 480),
        Event::Renamed {
            from: "a".into(),
            to: "b".into(),
        },
    ];
    for event in &events {
        let value = serde_json::to_value(event).unwrap();
        assert_eq!(generate(&Serde(event)), generate(&Serde(&value)));
    }
    assert_eq!(generate(&Serde(&Event::Started)), generate("Started"));
    assert_eq!(
        generate(&Serde(&Event::Moved(-3))),
        generate(&BTreeMap::from([("Moved", -3)]))
    );
    assert_eq!(
        generate(&Serde(&Event::Resized(640, 480))),
        generate(&BTreeMap::from([("Resized", (640, 480))]))
    );
    assert_eq!(
        generate(&Serde(&events[3])),
        generate(&BTreeMap::from([(
            "Renamed",
            BTreeMap::from([("to", "b"), ("from", "a")])
        )]))
    );
}

#[derive(Serialize)]
struct Meters(f64);

#[derive(Serialize)]
struct Unit;

#[derive(Serialize)]
struct Pair(u8, &'static str);

#[test]
fn newtypes_are_transparent_and_unit_is_null() {
    assert_eq!(generate(&Serde(&Meters(2.5))), generate(&2.5));
    assert_eq!(generate(&Serde(&Unit)), generate(&()));
    assert_eq!(generate(&Serde(&())), generate(&()));
    assert_eq!(generate(&Serde(&None::<u8>)), generate(&()));
    assert_eq!(generate(&Serde(&Some(Some(4u8)))), generate(&4));
    assert_eq!(generate(&Serde(&Pair(1, "x"))), generate(&(1, "x")));
}

#[test]
fn scalars_agree_with_stable_hash() {
    assert_eq!(generate(&Serde(&u128::MAX)), generate(&u128::MAX));
    assert_eq!(generate(&Serde(&i128::MIN)), generate(&i128::MIN));
    assert_eq!(generate(&Serde(&7u8)), generate(&7i64));
    assert_eq!(generate(&Serde(&-0.0f32)), generate(&0.0));
    assert_eq!(generate(&Serde(&f64::NAN)), generate(&f32::NAN));
    assert_eq!(generate(&Serde(&'é')), generate("é"));
    assert_eq!(generate(&Serde("text")), generate("text"));
    assert_eq!(generate(&Serde(&false)), generate(&false));
    assert_eq!(generate(&Serde(&vec![1, 2])), generate(&[1, 2]));
    assert_eq!(
        generate(&Serde(&(1, "a"))),
        generate(&[&1 as &dyn StableHash, &"a"])
    );
}

/// Bytes through `serialize_bytes`, as `serde_bytes` writes them.
struct Blob<'a>(&'a [u8]);

impl Serialize for Blob<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self.0)
    }
}

#[test]
fn serialize_bytes_is_bytes() {
    assert_eq!(
        generate(&Serde(&Blob(b"\x00\xff"))),
        generate(&Bytes(b"\x00\xff"))
    );
    assert_ne!(
        generate(&Serde(&Blob(b"\x00\xff"))),
        generate(&Serde(&[0u8, 255]))
    );
}

// The `Serde` documentation says when a value and its `serde_json::Value` share an id:
// serde_json's `to_value` keeps floats only when they are finite, map keys only as strings
// and bytes only as arrays of integers. `Serde` hashes the value itself, as `StableHash`
// does, so that `Serde(&x)` and `x` agree; the `Value` hashes what serde_json made of it.
#[test]
fn a_value_and_its_json_value_differ_where_serde_json_changes_it() {
    #[derive(Serialize)]
    struct Reading {
        value: f64,
    }

    for float in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let reading = Reading { value: float };
        let value = serde_json::to_value(&reading).unwrap();
        assert_eq!(value, json!({"value": null}));
        // The struct keeps its float, as the same map through `StableHash` does …
        assert_eq!(
            generate(&Serde(&reading)),
            generate(&BTreeMap::from([("value", float)]))
        );
        // … and its `Value` has null in its place.
        assert_eq!(
            generate(&Serde(&value)),
            generate(&BTreeMap::from([("value", ())]))
        );
        assert_ne!(generate(&Serde(&reading)), generate(&Serde(&value)));
    }
    // Finite floats are kept, so there the ids agree.
    let reading = Reading { value: -2.5 };
    let value = serde_json::to_value(&reading).unwrap();
    assert_eq!(generate(&Serde(&reading)), generate(&Serde(&value)));

    // Integer keys become strings.
    let map = BTreeMap::from([(1, true)]);
    let value = serde_json::to_value(&map).unwrap();
    assert_eq!(value, json!({"1": true}));
    assert_eq!(generate(&Serde(&map)), generate(&map));
    assert_eq!(
        generate(&Serde(&value)),
        generate(&BTreeMap::from([("1", true)]))
    );
    assert_ne!(generate(&Serde(&map)), generate(&Serde(&value)));

    // Bytes become an array of integers.
    let value = serde_json::to_value(Blob(b"\x00\xff")).unwrap();
    assert_eq!(value, json!([0, 255]));
    assert_eq!(generate(&Serde(&value)), generate(&[0, 255]));
    assert_ne!(
        generate(&Serde(&Blob(b"\x00\xff"))),
        generate(&Serde(&value))
    );

    // An integer beyond 64 bits has no `Value`, but an id.
    assert!(serde_json::to_value(u128::MAX).is_err());
    assert!(serde_json::to_value(i128::MIN).is_err());
    assert_eq!(generate(&Serde(&u128::MAX)), generate(&u128::MAX));
}

#[test]
fn map_keys_need_not_be_strings() {
    let map = BTreeMap::from([(3, "c"), (-1, "a")]);
    assert_eq!(generate(&Serde(&map)), generate(&map));
    let nested = HashMap::from([((1, 2), vec!["x"]), ((0, 9), vec![])]);
    assert_eq!(generate(&Serde(&nested)), generate(&nested));
}

#[test]
fn a_hash_set_reaches_serde_as_a_sequence() {
    let set: HashSet<u32> = (0..64).collect();
    // serde sees the HashSet's iteration order, as a list.
    let in_order: Vec<u32> = set.iter().copied().collect();
    assert_eq!(generate(&Serde(&set)), generate(&in_order));
    assert_ne!(generate(&Serde(&set)), generate(&set));
    // A BTreeSet reaches serde sorted: the same list every time, but still not a set.
    let sorted: BTreeSet<u32> = set.iter().copied().collect();
    assert_eq!(
        generate(&Serde(&sorted)),
        generate(&(0..64).collect::<Vec<u32>>())
    );
}

#[test]
fn the_serializer_is_human_readable() {
    // An address is a string for human-readable formats and bytes for the others.
    let address = Ipv4Addr::new(127, 0, 0, 1);
    assert_eq!(generate(&Serde(&address)), generate("127.0.0.1"));
}

/// A sequence whose length serde does not know (`collect_seq` of a filter).
struct Evens(u32);

impl Serialize for Evens {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((0..self.0).filter(|n| n % 2 == 0))
    }
}

/// A map of unknown length, as `#[serde(flatten)]` writes.
#[derive(Serialize)]
struct Flattened {
    id: u8,
    #[serde(flatten)]
    extra: BTreeMap<String, i32>,
}

#[test]
fn sequences_and_maps_of_unknown_length() {
    assert_eq!(generate(&Serde(&Evens(9))), generate(&[0, 2, 4, 6, 8]));
    assert_eq!(
        generate(&(Serde(&Evens(5)), Serde(&Evens(3)))),
        generate(&([0, 2, 4], [0, 2]))
    );
    assert_eq!(
        generate(&BTreeMap::from([("k", Serde(&Evens(4)))])),
        generate(&BTreeMap::from([("k", [0, 2])]))
    );
    let flattened = Flattened {
        id: 1,
        extra: BTreeMap::from([("b".into(), 2), ("a".into(), 3)]),
    };
    assert_eq!(
        generate(&Serde(&flattened)),
        generate(&Serde(&json!({ "a": 3, "b": 2, "id": 1 })))
    );
}

struct Failing;

impl Serialize for Failing {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("ok", &1)?;
        map.serialize_key("broken")?;
        Err(S::Error::custom("cannot serialize"))
    }
}

/// Writes two keys in a row.
struct KeyKey;

impl Serialize for KeyKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_key("a")?;
        map.serialize_key("b")?;
        map.serialize_value(&1)?;
        map.end()
    }
}

/// `Err(Unencodable { path, reason })`.
fn unencodable(path: &str, reason: &str) -> Result<String, Error> {
    Err(Error::Unencodable {
        path: path.into(),
        reason: reason.into(),
    })
}

#[test]
fn a_failing_serialize_is_an_error_that_says_where() {
    assert_eq!(
        content_id::generate(&Serde(&Failing)),
        unencodable("$", "cannot serialize")
    );
    assert_eq!(
        content_id::generate(&Serde(&ShortSeq)),
        unencodable("$", "the sequence declared 3 elements and gave 2")
    );
    assert_eq!(
        content_id::generate(&Serde(&KeyKey)),
        unencodable("$", "a map key was given where its value was due")
    );
    // Wherever it sits, and whatever was written before it.
    assert_eq!(
        content_id::generate(&BTreeMap::from([
            ("a", Serde(&Failing)),
            ("b", Serde(&Failing))
        ])),
        unencodable("$.a", "cannot serialize")
    );
    assert_eq!(
        content_id::generate(&(1, Serde(&Failing), "after")),
        unencodable("$[1]", "cannot serialize")
    );
    assert_eq!(
        content_id::generate(&vec![BTreeMap::from([(1, vec![Serde(&ShortSeq)])])]),
        unencodable("$[0]{1}[0]", "the sequence declared 3 elements and gave 2")
    );
    // Inside serde: fields, elements, map entries and variants name their place.
    #[derive(Serialize)]
    struct User {
        name: Failing,
    }
    #[derive(Serialize)]
    struct Users {
        users: Vec<BTreeMap<String, User>>,
    }
    let users = Users {
        users: vec![
            BTreeMap::new(),
            BTreeMap::from([("first name".into(), User { name: Failing })]),
        ],
    };
    assert_eq!(
        content_id::generate(&Serde(&users)),
        unencodable("$.users[1][\"first name\"].name", "cannot serialize")
    );
    #[derive(Serialize)]
    enum Event {
        Moved(ShortSeq),
        Pair(u8, Failing),
        Named { inner: KeyKey },
    }
    assert_eq!(
        content_id::generate(&Serde(&[Event::Moved(ShortSeq)])),
        unencodable("$[0].Moved", "the sequence declared 3 elements and gave 2")
    );
    assert_eq!(
        content_id::generate(&Serde(&Event::Pair(1, Failing))),
        unencodable("$.Pair[1]", "cannot serialize")
    );
    assert_eq!(
        content_id::generate(&Serde(&Event::Named { inner: KeyKey })),
        unencodable(
            "$.Named.inner",
            "a map key was given where its value was due"
        )
    );
    let keyed = BTreeMap::from([((1, 2), Serde(&Failing))]);
    assert_eq!(
        content_id::generate(&keyed),
        unencodable("${#0}", "cannot serialize")
    );
    let keyed = BTreeMap::from([(-7i64, vec![Failing])]);
    assert_eq!(
        content_id::generate(&Serde(&keyed)),
        unencodable("${-7}[0]", "cannot serialize")
    );
    // A Mutex poisoned by a panic fails to serialize.
    let mutex = std::sync::Arc::new(std::sync::Mutex::new(5));
    let poisoner = std::sync::Arc::clone(&mutex);
    let _ = std::thread::spawn(move || {
        let _guard = poisoner.lock().unwrap();
        panic!("poison the mutex");
    })
    .join();
    assert!(mutex.is_poisoned());
    assert_eq!(
        content_id::generate(&Serde(&("config", &*mutex))),
        unencodable("$[1]", "lock poison error while serializing")
    );
}

#[test]
fn ignore_unhashable_writes_the_marker_in_the_place_of_what_fails() {
    let ignore = Options {
        ignore_unhashable: true,
        ..Options::default()
    };
    let id = |data: &dyn StableHash| content_id::generate_with(&data, &ignore).unwrap();
    // A part that fails is the marker; the rest counts.
    assert_ne!(id(&(1, Serde(&Failing))), id(&(2, Serde(&Failing))));
    assert_eq!(id(&(1, Serde(&Failing))), id(&(1, Serde(&KeyKey))));
    // The marker is not null, nor anything else that encodes.
    assert_ne!(id(&(1, Serde(&Failing))), id(&(1, ())));
    assert_ne!(id(&(1, Serde(&Failing))), id(&(1,)));
    // A struct field that fails: the other fields still count.
    #[derive(Serialize)]
    struct Upload {
        name: &'static str,
        content: Failing,
    }
    let a = Upload {
        name: "a.txt",
        content: Failing,
    };
    let b = Upload {
        name: "b.txt",
        content: Failing,
    };
    assert_ne!(id(&Serde(&a)), id(&Serde(&b)));
    // A value that wrote part of itself before it failed still takes one place: the marker
    // counts the bytes it wrote. `[1]`-then-failing is not `[1]` followed by a failure.
    struct WritesThenFails;
    impl Serialize for WritesThenFails {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut seq = serializer.serialize_seq(Some(1))?;
            seq.serialize_element(&1)?;
            seq.end()?;
            Err(S::Error::custom("failed after writing"))
        }
    }
    assert_ne!(
        id(&(Serde(&WritesThenFails), 2)),
        id(&([1], Serde(&Failing), 2))
    );
    assert_ne!(id(&(Serde(&WritesThenFails), 2)), id(&(Serde(&Failing), 2)));
    assert_ne!(id(&(Serde(&WritesThenFails),)), id(&([1], Serde(&Failing))));
    assert_ne!(
        id(&(Serde(&ShortSeq), 3)),
        id(&([1, 2], Serde(&Failing), 3))
    );
    // Values that encode are not affected by the option.
    let value = json!({"a": [1, 2.5, null]});
    assert_eq!(id(&Serde(&value)), generate(&Serde(&value)));
}

#[test]
fn nesting_deeper_than_max_depth_is_an_error() {
    use content_id::MAX_DEPTH;
    let deep = |depth: usize| {
        let mut value = json!(1);
        for _ in 0..depth {
            value = serde_json::Value::Array(vec![value]);
        }
        value
    };
    assert!(content_id::generate(&Serde(&deep(MAX_DEPTH))).is_ok());
    let error = content_id::generate(&Serde(&deep(MAX_DEPTH + 1))).unwrap_err();
    let Error::TooDeep { path, limit } = &error else {
        panic!("{error:?}");
    };
    assert_eq!(*limit, MAX_DEPTH);
    assert_eq!(*path, format!("${}", "[0]".repeat(MAX_DEPTH)));
    // With ignore_unhashable too: depth is not a property of one part.
    let ignore = Options {
        ignore_unhashable: true,
        ..Options::default()
    };
    assert!(matches!(
        content_id::generate_with(&Serde(&deep(MAX_DEPTH + 1)), &ignore),
        Err(Error::TooDeep { .. })
    ));
}
