//! What the encoding must never do: give one id to every value that fails to serialize, let
//! a `StableHash` impl write two values or none, or overflow the stack on deep nesting. (The
//! JSON reader's guards are in `tests/json.rs` and the command's in `identifier-cli`; that
//! nested maps cost linear time is a unit test of the encoder, which counts the bytes it
//! hashes.)

use content_id::{Encoder, Error, MAX_DEPTH, StableHash, Written};

/// The id of `data`, which must have one.
fn generate<T: StableHash + ?Sized>(data: &T) -> String {
    content_id::generate(data).unwrap()
}

/// Runs `f` on a thread with a 2 MiB stack: the default of spawned threads, and less than
/// a main thread has.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .expect("a thread starts")
        .join()
        .expect("the thread does not overflow its stack")
}

// Guards that a value whose `serialize` fails is an error, never one byte shared by every
// such value: `generate(&(1, Serde(&Failing)))` and `generate(&(2, Serde(&Failing)))` must
// not be equal ids.
#[cfg(feature = "serde")]
#[test]
fn different_failing_values_do_not_share_an_id() {
    use content_id::{Options, Serde};
    use serde::Serialize;
    use serde::ser::{Error as _, Serializer};

    struct Failing(&'static str);
    impl Serialize for Failing {
        fn serialize<S: Serializer>(&self, _serializer: S) -> Result<S::Ok, S::Error> {
            Err(S::Error::custom(self.0))
        }
    }

    // An error that says where and why, not an id.
    let one = content_id::generate(&(1, Serde(&Failing("broken"))));
    assert_eq!(
        one,
        Err(Error::Unencodable {
            path: "$[1]".into(),
            reason: "broken".into(),
        })
    );
    // With ignore_unhashable, the marker stands in the failed value's place and the rest of
    // the value still counts.
    let ignore = Options {
        ignore_unhashable: true,
        ..Options::default()
    };
    let one = content_id::generate_with(&(1, Serde(&Failing("a"))), &ignore).unwrap();
    let two = content_id::generate_with(&(2, Serde(&Failing("a"))), &ignore).unwrap();
    let other_place = content_id::generate_with(&(Serde(&Failing("a")), 1), &ignore).unwrap();
    assert_ne!(one, two);
    assert_ne!(one, other_place);
    // Failing at the same place is what the option makes equal, whatever the reason.
    let same_place = content_id::generate_with(&(1, Serde(&Failing("b"))), &ignore).unwrap();
    assert_eq!(one, same_place);
}

/// An enum whose variants carry different numbers of fields.
enum Shape {
    Line(i32, i32),
    Dot(i32),
}

// Guards that an impl writes one value for one value: an impl that could write the two fields
// of `Line` as two values would make `[Line(1, 2), Dot(3)]` and `[Dot(1), Line(2, 3)]` both
// the list 1, 2, 3. One `Encoder` writes one value (writing two does not compile: see the
// `compile_fail` example on `Encoder`), so `Line` writes a list.
impl StableHash for Shape {
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        match self {
            Shape::Line(a, b) => encoder.write_list([a, b]),
            Shape::Dot(a) => a.stable_hash(encoder),
        }
    }
}

#[test]
fn line_then_dot_differs_from_dot_then_line() {
    use Shape::{Dot, Line};
    assert_ne!(
        generate(&vec![Line(1, 2), Dot(3)]),
        generate(&vec![Dot(1), Line(2, 3)])
    );
    assert_eq!(generate(&vec![Line(1, 2), Dot(3)]), generate(&((1, 2), 3)));
}

/// `depth` JSON arrays, one inside the other, around `1`, built and taken apart without
/// recursion (`serde_json::Value`'s own drop recurses).
#[cfg(feature = "serde")]
fn with_nested_arrays<T>(depth: usize, f: impl FnOnce(&serde_json::Value) -> T) -> T {
    use serde_json::Value;
    let mut value = Value::from(1);
    for _ in 0..depth {
        value = Value::Array(vec![value]);
    }
    let result = f(&value);
    while let Value::Array(mut items) = value {
        value = items.pop().unwrap_or(Value::Null);
    }
    result
}

// Guards that depth through serde is an error, not a recursion that overflows the stack and
// aborts the process.
#[cfg(feature = "serde")]
#[test]
fn sixty_thousand_nested_arrays_through_serde_are_an_error_not_a_crash() {
    use content_id::Serde;
    let result =
        on_small_stack(|| with_nested_arrays(60_000, |value| content_id::generate(&Serde(value))));
    match result {
        Err(Error::TooDeep { path, limit }) => {
            assert_eq!(limit, MAX_DEPTH);
            assert_eq!(path.len(), 1 + 3 * MAX_DEPTH);
        }
        other => panic!("{other:?}"),
    }
}

/// A tree of lists, maps and sets, `depth` containers deep, hashed through `StableHash`.
enum Nest {
    Leaf,
    List(Box<Nest>),
    Map(Box<Nest>),
    Set(Box<Nest>),
}

impl Nest {
    /// Lists, maps and sets in turn, from the outside in.
    fn new(depth: usize) -> Nest {
        let mut nest = Nest::Leaf;
        for level in (0..depth).rev() {
            nest = match level % 3 {
                0 => Nest::List(Box::new(nest)),
                1 => Nest::Map(Box::new(nest)),
                _ => Nest::Set(Box::new(nest)),
            };
        }
        nest
    }
}

impl StableHash for Nest {
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        match self {
            Nest::Leaf => encoder.write_u128(1),
            Nest::List(inner) => encoder.write_list([inner]),
            Nest::Map(inner) => encoder.write_map([("k", inner)]),
            Nest::Set(inner) => encoder.write_set([inner]),
        }
    }
}

// MAX_DEPTH is chosen so that a debug build survives it on a 2 MiB stack, through
// `StableHash` and through serde, both up to the limit and one past it.
#[test]
fn max_depth_fits_in_a_2_mib_stack() {
    on_small_stack(|| {
        assert!(content_id::generate(&Nest::new(MAX_DEPTH)).is_ok());
        let error = content_id::generate(&Nest::new(MAX_DEPTH + 1)).unwrap_err();
        assert!(
            matches!(
                error,
                Error::TooDeep {
                    limit: MAX_DEPTH,
                    ..
                }
            ),
            "{error:?}"
        );
        let message = error.to_string();
        assert!(
            message.starts_with("the value at $[0].k{#0}[0].k{#0}"),
            "{message}"
        );
        assert!(message.ends_with(&format!(
            "more than {MAX_DEPTH} lists, maps and sets inside one another"
        )));
    });
}

#[cfg(feature = "serde")]
#[test]
fn max_depth_fits_in_a_2_mib_stack_through_serde() {
    use content_id::Serde;
    use serde_json::{Map, Value};

    on_small_stack(|| {
        assert!(with_nested_arrays(MAX_DEPTH, |v| content_id::generate(&Serde(v))).is_ok());
        let deeper = with_nested_arrays(MAX_DEPTH + 1, |v| content_id::generate(&Serde(v)));
        assert!(matches!(deeper, Err(Error::TooDeep { .. })), "{deeper:?}");

        // Objects, with a struct-like key, one inside the other.
        let objects = |depth: usize| {
            let mut value = Value::from(1);
            for _ in 0..depth {
                value = Value::Object(Map::from_iter([("key".to_owned(), value)]));
            }
            let result = content_id::generate(&Serde(&value));
            while let Value::Object(mut map) = value {
                value = map.remove("key").unwrap_or(Value::Null);
            }
            result
        };
        assert!(objects(MAX_DEPTH).is_ok());
        let error = objects(MAX_DEPTH + 1).unwrap_err();
        assert_eq!(
            error,
            Error::TooDeep {
                path: format!("${}", ".key".repeat(MAX_DEPTH)),
                limit: MAX_DEPTH
            }
        );
    });
}

/// Writes null and unwinds with the [`Written`] it got as the payload: a panic that carries
/// the proof of a write out of the encoder that gave it.
struct Thief;

impl StableHash for Thief {
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        let written = encoder.write_null();
        // `resume_unwind` skips the panic hook: no message in the test output.
        std::panic::resume_unwind(Box::new(written))
    }
}

/// Catches the unwind of `f` and takes the [`Written`] out of it.
fn steal(f: impl FnOnce()) -> Written {
    let payload =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).expect_err("the thief unwinds");
    *payload
        .downcast::<Written>()
        .expect("the payload is a Written")
}

/// Writes nothing, and returns a [`Written`] carried out of another `generate`.
struct FromElsewhere;

impl StableHash for FromElsewhere {
    fn stable_hash(&self, _encoder: Encoder<'_>) -> Written {
        steal(|| drop(content_id::generate(&Thief)))
    }
}

/// Writes the list `[null]` and keeps the [`Written`] of its item, caught inside the list,
/// for [`Spender`], which writes nothing.
struct Hoarder;

thread_local! {
    static HOARD: std::cell::RefCell<Vec<Written>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl StableHash for Hoarder {
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        let mut list = encoder.list();
        let stolen = steal(|| {
            list.item(&Thief);
        });
        HOARD.with(|hoard| hoard.borrow_mut().push(stolen));
        list.finish()
    }
}

struct Spender;

impl StableHash for Spender {
    fn stable_hash(&self, _encoder: Encoder<'_>) -> Written {
        HOARD
            .with(|hoard| hoard.borrow_mut().pop())
            .expect("the hoarder ran first")
    }
}

/// Catches the unwind of its item inside a list and writes the list on as if nothing
/// happened: no token leaves, but the item is missing.
struct Swallower;

impl StableHash for Swallower {
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        let mut list = encoder.list();
        let _ = steal(|| {
            list.item(&Thief);
        });
        list.finish()
    }
}

// A `Written` carried out of an unwind is the one way to return a `Written` without writing:
// with it, a value that writes nothing made `(Nothing, 1)` and `(1, Nothing)` one list. A
// `Written` from another `generate`, or a write that unwound and was caught inside the
// value, makes `generate` fail, naming the value that returned or caught it.
#[test]
fn a_written_carried_out_of_a_panic_is_an_error() {
    let error = content_id::generate(&(FromElsewhere, 1)).unwrap_err();
    assert_ne!(
        content_id::generate(&(FromElsewhere, 1)),
        content_id::generate(&(1, FromElsewhere)),
    );
    assert!(
        matches!(&error, Error::Unencodable { path, .. } if path == "$[0]"),
        "{error:?}"
    );
    let error = content_id::generate(&FromElsewhere).unwrap_err();
    assert!(
        matches!(&error, Error::Unencodable { path, .. } if path == "$"),
        "{error:?}"
    );

    // Within one `generate`: the list `[null]` is written in full, and a later value spends
    // the stolen `Written`.
    let error = content_id::generate(&(Hoarder, Spender, 1)).unwrap_err();
    assert!(
        matches!(&error, Error::Unencodable { path, .. } if path == "$[0]"),
        "{error:?}"
    );
    HOARD.with(|hoard| hoard.borrow_mut().clear());
    let error = content_id::generate(&vec![Swallower]).unwrap_err();
    assert!(
        matches!(&error, Error::Unencodable { path, .. } if path == "$[0]"),
        "{error:?}"
    );
    // What is caught outside `generate` leaves the next one alone.
    assert!(std::panic::catch_unwind(|| content_id::generate(&Thief)).is_err());
    assert_eq!(generate(&(1, ())), generate(&[&1 as &dyn StableHash, &()]));
}
