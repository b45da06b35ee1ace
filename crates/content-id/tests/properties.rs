//! Property tests: what must share an id, and what must not.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

use content_id::{Bytes, Error, StableHash, generate_with_length};
use proptest::prelude::*;

/// The id of `data`, which must have one.
fn generate<T: StableHash + ?Sized>(data: &T) -> String {
    content_id::generate(data).unwrap()
}

proptest! {
    #[test]
    fn maps_ignore_insertion_order(
        entries in proptest::collection::btree_map(any::<i64>(), ".{0,12}", 0..24),
        seed in any::<u64>(),
    ) {
        let mut shuffled: Vec<(i64, String)> = entries.clone().into_iter().collect();
        shuffle(&mut shuffled, seed);
        let hashed: HashMap<i64, String> = shuffled.iter().cloned().collect();
        let reversed: HashMap<i64, String> = shuffled.iter().rev().cloned().collect();
        let id = generate(&entries);
        prop_assert_eq!(generate(&hashed), id.clone());
        prop_assert_eq!(generate(&reversed), id.clone());

        struct Pairs<'a>(&'a [(i64, String)]);
        impl StableHash for Pairs<'_> {
            fn stable_hash(&self, encoder: content_id::Encoder<'_>) -> content_id::Written {
                encoder.write_map(self.0.iter().map(|(k, v)| (k, v)))
            }
        }
        prop_assert_eq!(generate(&Pairs(&shuffled)), id);
    }

    #[test]
    fn sets_ignore_insertion_order(
        items in proptest::collection::btree_set(any::<u32>(), 0..32),
        seed in any::<u64>(),
    ) {
        let mut shuffled: Vec<u32> = items.iter().copied().collect();
        shuffle(&mut shuffled, seed);
        let hashed: HashSet<u32> = shuffled.iter().copied().collect();
        prop_assert_eq!(generate(&hashed), generate(&items));
        // Widening the elements keeps the id: the encoding is by value.
        let wide: BTreeSet<u128> = items.iter().map(|&n| u128::from(n)).collect();
        prop_assert_eq!(generate(&wide), generate(&items));
    }

    #[test]
    fn nested_maps_ignore_insertion_order(
        entries in proptest::collection::btree_map(
            ".{0,4}",
            proptest::collection::btree_map(any::<i8>(), any::<bool>(), 0..6),
            0..8,
        ),
        seed in any::<u64>(),
    ) {
        let mut shuffled: Vec<_> = entries.clone().into_iter().collect();
        shuffle(&mut shuffled, seed);
        let hashed: HashMap<String, HashMap<i8, bool>> = shuffled
            .into_iter()
            .map(|(k, inner)| (k, inner.into_iter().collect()))
            .collect();
        prop_assert_eq!(generate(&(1, &hashed, 2)), generate(&(1, &entries, 2)));
    }

    #[test]
    fn integers_agree_across_widths(x in any::<i64>()) {
        let id = generate(&x);
        prop_assert_eq!(generate(&i128::from(x)), id.clone());
        prop_assert_eq!(generate(&(x as isize)), id.clone());
        if let Ok(v) = i32::try_from(x) { prop_assert_eq!(generate(&v), id.clone()); }
        if let Ok(v) = i16::try_from(x) { prop_assert_eq!(generate(&v), id.clone()); }
        if let Ok(v) = i8::try_from(x) { prop_assert_eq!(generate(&v), id.clone()); }
        if let Ok(v) = u64::try_from(x) {
            prop_assert_eq!(generate(&v), id.clone());
            prop_assert_eq!(generate(&u128::from(v)), id.clone());
            prop_assert_eq!(generate(&(v as usize)), id.clone());
        }
        if let Ok(v) = u32::try_from(x) { prop_assert_eq!(generate(&v), id.clone()); }
        if let Ok(v) = u16::try_from(x) { prop_assert_eq!(generate(&v), id.clone()); }
        if let Ok(v) = u8::try_from(x) { prop_assert_eq!(generate(&v), id.clone()); }
        // Only the value counts: its neighbours and its negation differ.
        prop_assert_ne!(generate(&(i128::from(x) + 1)), id.clone());
        if x != 0 {
            prop_assert_ne!(generate(&-i128::from(x)), id);
        }
    }

    #[test]
    fn wide_integers_agree_where_they_overlap(x in any::<u128>()) {
        match i128::try_from(x) {
            Ok(signed) => prop_assert_eq!(generate(&signed), generate(&x)),
            Err(_) => prop_assert_ne!(generate(&(x as i128)), generate(&x)),
        }
    }

    #[test]
    fn values_of_different_kinds_do_not_collide(n in any::<i64>(), s in ".{0,16}", bytes in any::<Vec<u8>>()) {
        prop_assert_ne!(generate(&n), generate(&n.to_string()));
        prop_assert_ne!(generate(&n), generate(&(n as f64)));
        prop_assert_ne!(generate(&n), generate(&[n]));
        prop_assert_ne!(generate(&n), generate(&(n == 0)));
        prop_assert_ne!(generate(&s), generate(&Bytes(s.as_bytes())));
        prop_assert_ne!(generate(&s), generate(&[&s]));
        prop_assert_ne!(generate(&Bytes(&bytes)), generate(&bytes));
        prop_assert_ne!(generate(&bytes), generate(&bytes.iter().copied().collect::<BTreeSet<u8>>()));
        prop_assert_ne!(generate(&()), generate(&s));
    }

    #[test]
    fn lists_must_and_must_not_collide(a in ".{0,8}", b in ".{0,8}", x in any::<i32>(), y in any::<i32>()) {
        // Must: a tuple is a list, whatever holds it.
        prop_assert_eq!(generate(&vec![x, y]), generate(&(x, y)));
        prop_assert_eq!(generate(&[x, y]), generate(&VecDeque::from([x, y])));
        prop_assert_eq!(generate(&(a.as_str(), b.clone())), generate(&vec![a.clone(), b.clone()]));
        // Must not: boundaries are part of the encoding.
        let joined = format!("{a}{b}");
        prop_assert_ne!(generate(&[&joined]), generate(&[&a, &b]));
        prop_assert_ne!(generate(&[[x], [y]]), generate(&[[x, y]]));
        prop_assert_ne!(generate(&[vec![x], vec![]]), generate(&[vec![], vec![x]]));
        prop_assert_ne!(generate(&(x, (y,))), generate(&((x,), y)));
        // Must not: a map is not a list of pairs, nor a set of them.
        let map = BTreeMap::from([(a.clone(), x)]);
        prop_assert_ne!(generate(&map), generate(&[(a.clone(), x)]));
        prop_assert_ne!(generate(&map), generate(&BTreeSet::from([(a.clone(), x)])));
        // Order matters in a list, not in a set.
        if x != y {
            prop_assert_ne!(generate(&[x, y]), generate(&[y, x]));
            prop_assert_eq!(generate(&BTreeSet::from([x, y])), generate(&HashSet::from([y, x])));
        }
    }

    #[test]
    fn lengths_are_checked(length in 0usize..300, s in ".{0,8}") {
        match generate_with_length(&s, length) {
            Ok(id) => {
                prop_assert!(length % 2 == 0 && (2..=128).contains(&length));
                prop_assert_eq!(id.len(), length);
                prop_assert!(id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')));
            }
            Err(Error::OddLength { length: found }) => {
                prop_assert_eq!(found, length);
                prop_assert!(length % 2 == 1 && (2..=128).contains(&length));
            }
            Err(Error::LengthOutOfRange { length: found }) => {
                prop_assert_eq!(found, length);
                prop_assert!(!(2..=128).contains(&length));
            }
            Err(other) => prop_assert!(false, "unexpected {other:?}"),
        }
    }
}

#[cfg(feature = "serde")]
mod serde_properties {
    use super::*;
    use content_id::Serde;
    use serde::Serialize;

    #[derive(Serialize, Debug, Clone)]
    struct Sample {
        count: u64,
        delta: i64,
        label: String,
        ratio: f64,
        flags: Vec<bool>,
        parent: Option<u32>,
        kind: Kind,
    }

    #[derive(Serialize, Debug, Clone)]
    enum Kind {
        Plain,
        Weighted(f32),
        Span { from: i16, to: i16 },
    }

    fn kind() -> impl Strategy<Value = Kind> {
        prop_oneof![
            Just(Kind::Plain),
            // serde_json turns a non-finite float into null: only finite ones round-trip.
            (-1e6f32..1e6).prop_map(Kind::Weighted),
            (any::<i16>(), any::<i16>()).prop_map(|(from, to)| Kind::Span { from, to }),
        ]
    }

    fn sample() -> impl Strategy<Value = Sample> {
        (
            any::<u64>(),
            any::<i64>(),
            ".{0,12}",
            -1e300f64..1e300,
            proptest::collection::vec(any::<bool>(), 0..4),
            any::<Option<u32>>(),
            kind(),
        )
            .prop_map(|(count, delta, label, ratio, flags, parent, kind)| Sample {
                count,
                delta,
                label,
                ratio,
                flags,
                parent,
                kind,
            })
    }

    proptest! {
        #[test]
        fn a_struct_equals_its_json_value_and_its_map(sample in sample()) {
            let id = generate(&Serde(&sample));
            let value = serde_json::to_value(&sample).unwrap();
            prop_assert_eq!(generate(&Serde(&value)), id.clone());
            let object: BTreeMap<String, serde_json::Value> =
                serde_json::from_value(value.clone()).unwrap();
            prop_assert_eq!(generate(&Serde(&object)), id.clone());

            let kind: Box<dyn StableHash> = match &sample.kind {
                Kind::Plain => Box::new("Plain"),
                Kind::Weighted(w) => Box::new(BTreeMap::from([("Weighted", *w)])),
                Kind::Span { from, to } => Box::new(BTreeMap::from([(
                    "Span",
                    HashMap::from([("from", *from), ("to", *to)]),
                )])),
            };
            let fields = BTreeMap::<&str, &dyn StableHash>::from([
                ("count", &sample.count as &dyn StableHash),
                ("delta", &sample.delta),
                ("label", &sample.label),
                ("ratio", &sample.ratio),
                ("flags", &sample.flags),
                ("parent", &sample.parent),
                ("kind", &kind),
            ]);
            prop_assert_eq!(generate(&fields), id);
        }

        #[test]
        fn serde_agrees_with_stable_hash_on_std_values(
            map in proptest::collection::hash_map(any::<i32>(), proptest::collection::vec(".{0,4}", 0..3), 0..8),
            tuple in (any::<u128>(), any::<i128>(), any::<char>(), any::<Option<bool>>()),
        ) {
            prop_assert_eq!(generate(&Serde(&map)), generate(&map));
            prop_assert_eq!(generate(&Serde(&tuple)), generate(&tuple));
        }
    }
}

/// A Fisher–Yates shuffle driven by a SplitMix64 of `seed`.
fn shuffle<T>(items: &mut [T], mut seed: u64) {
    for i in (1..items.len()).rev() {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        items.swap(i, (z % (i as u64 + 1)) as usize);
    }
}
