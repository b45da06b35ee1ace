//! The golden files of the workspace's `golden/` folder, read once for every format's tests:
//! the cases under a key, and their fields. Integers too wide for a JSON number are written as
//! decimal strings, small ones as numbers.
//!
//! ```
//! use test_support::golden;
//!
//! for case in &golden::cases("ulid", "canonical") {
//!     let value: u128 = golden::decimal(case, "value");
//!     assert_eq!(golden::string(case, "text").len(), 26, "{case}: {value}");
//! }
//! ```

use std::fmt::Debug;
use std::str::FromStr;

use serde_json::Value;

/// `golden/{name}.json` of the workspace, as JSON.
///
/// # Panics
///
/// If the file cannot be read or is not JSON, naming the file.
pub fn load(name: &str) -> Value {
    let path = format!("{}/../../golden/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
    serde_json::from_str(&text).unwrap_or_else(|error| panic!("{path}: {error}"))
}

/// The cases under `key` of `golden/{name}.json`: the array there.
///
/// # Panics
///
/// If the file cannot be read, or has no array under `key`.
pub fn cases(name: &str, key: &str) -> Vec<Value> {
    match load(name).get_mut(key).map(Value::take) {
        Some(Value::Array(cases)) => cases,
        _ => panic!("golden/{name}.json: no array {key:?}"),
    }
}

/// [`cases`], which must be at least `min`: a file cut short fails.
///
/// # Panics
///
/// As [`cases`], or if there are fewer.
pub fn cases_at_least(name: &str, key: &str, min: usize) -> Vec<Value> {
    let cases = cases(name, key);
    assert!(
        cases.len() >= min,
        "golden/{name}.json: {} {key:?}",
        cases.len()
    );
    cases
}

/// The string `key` of `case`.
///
/// # Panics
///
/// If `case` has no string there, naming the case.
pub fn string<'a>(case: &'a Value, key: &str) -> &'a str {
    case[key]
        .as_str()
        .unwrap_or_else(|| panic!("{case}: no string {key:?}"))
}

/// The decimal string `key` of `case`, read as a `T`: how the files write integers that may
/// pass 2^53.
///
/// # Panics
///
/// If `case` has no string there or it does not parse, naming the case.
pub fn decimal<T>(case: &Value, key: &str) -> T
where
    T: FromStr,
    T::Err: Debug,
{
    let digits = string(case, key);
    digits
        .parse()
        .unwrap_or_else(|error| panic!("{case}: {key:?} {digits:?}: {error:?}"))
}

/// The JSON number `key` of `case`, as a `T`: how the files write indexes, lengths and small
/// fields.
///
/// # Panics
///
/// If `case` has no unsigned number there or it does not fit a `T`, naming the case.
pub fn number<T: TryFrom<u64>>(case: &Value, key: &str) -> T {
    case[key]
        .as_u64()
        .and_then(|number| T::try_from(number).ok())
        .unwrap_or_else(|| panic!("{case}: no number {key:?} of the width wanted"))
}

/// The one character of the string `key` of `case`.
///
/// # Panics
///
/// If the string there is not one character long, naming the case.
pub fn character(case: &Value, key: &str) -> char {
    let mut chars = string(case, key).chars();
    match (chars.next(), chars.next()) {
        (Some(character), None) => character,
        _ => panic!("{case}: {key:?} is not one character"),
    }
}

/// The error that a case of invalid text documents, of the two kinds every text form has: under
/// `"error"`, `length` (with the number of characters `"found"`) for `length_error`, or
/// `"invalid_character"` (with its byte `"index"` and the `"character"`) for
/// `character_error`. `None` for another kind.
pub fn text_error<E>(
    case: &Value,
    length: &str,
    length_error: impl Fn(usize) -> E,
    character_error: impl Fn(usize, char) -> E,
) -> Option<E> {
    match string(case, "error") {
        kind if kind == length => Some(length_error(number(case, "found"))),
        "invalid_character" => Some(character_error(
            number(case, "index"),
            character(case, "character"),
        )),
        _ => None,
    }
}
