//! Python arguments to the Rust crates' argument types, with errors that name the parameter:
//! `TypeError` for a value of the wrong type (a `bool` is not an `int`), `ValueError` for a
//! value out of range.
//!
//! Arguments are read as `exact` reads them, without a method of their class: an `int`
//! subclass is its `int` value, a `str` subclass its characters, and an error shows them (and
//! a type's name) as the base type would.

use std::fmt::Display;
use std::time::Duration;

use pyo3::exceptions::{PyMemoryError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyString};

use crate::exact::{self, Int};

/// The name of `type(obj)`, for error messages.
pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    exact::type_name(&obj.get_type()).unwrap_or_else(|_| "object".to_owned())
}

/// `obj` as an `int` that is not a `bool`, or the `TypeError` that says what `name` must be.
fn int<'a, 'py>(
    obj: &'a Bound<'py, PyAny>,
    name: &str,
    expected: &str,
) -> PyResult<&'a Bound<'py, PyInt>> {
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be {expected}, not bool"
        )));
    }
    obj.cast::<PyInt>().map_err(|_| {
        PyTypeError::new_err(format!("{name} must be {expected}, not {}", type_name(obj)))
    })
}

/// An `int` argument (not a `bool`), read as its value whatever its size, or the
/// `TypeError` that says what `name` must be.
pub(crate) fn int_value(obj: &Bound<'_, PyAny>, name: &str, expected: &str) -> PyResult<Int> {
    Int::read(int(obj, name, expected)?)
}

/// An `int` argument that must fit a `u64`: `Ok(Ok(value))`, or `Ok(Err(int))` with an `int`
/// outside `0..2**64` for the caller's range error.
pub(crate) fn u64_or_int(
    obj: &Bound<'_, PyAny>,
    name: &str,
    expected: &str,
) -> PyResult<Result<u64, Int>> {
    let int = Int::read(int(obj, name, expected)?)?;
    Ok(int.to_u64().ok_or(int))
}

/// The `ValueError` of a value outside its range: `"{name} {value} is out of range: {range}"`,
/// where `range` is what the Rust crate's error says after its first `": "` (the crates word
/// their range errors the same way, and the value may not fit the crate's type).
pub(crate) fn out_of_range(name: &str, value: impl Display, rust_error: impl Display) -> PyErr {
    let message = rust_error.to_string();
    let range = message
        .split_once(": ")
        .map_or(message.as_str(), |(_, range)| range);
    PyValueError::new_err(format!("{name} {value} is out of range: {range}"))
}

/// A `u64` argument that `check` accepts, or the `ValueError` with `check`'s error (values
/// outside `u64` get the error `check` gives for `u64::MAX`).
pub(crate) fn checked_u64<T, E: Display>(
    obj: &Bound<'_, PyAny>,
    name: &str,
    expected: &str,
    check: impl Fn(u64) -> Result<T, E>,
) -> PyResult<T> {
    match u64_or_int(obj, name, expected)? {
        Ok(value) => check(value).map_err(|error| out_of_range(name, value, error)),
        Err(int) => Err(match check(u64::MAX) {
            Err(error) => out_of_range(name, int, error),
            Ok(_) => PyValueError::new_err(format!("{name} {int} is out of range")),
        }),
    }
}

/// A count of ids for a batch: an `int` from 0.
pub(crate) fn count(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    match u64_or_int(obj, "n", "an int")? {
        Ok(n) => usize::try_from(n).map_err(|_| too_many(n)),
        Err(int) if int.negative => Err(PyValueError::new_err(format!(
            "n {int} is out of range: a count of ids is 0 or more"
        ))),
        Err(int) => Err(too_many(int)),
    }
}

/// The error of a batch that cannot be allocated.
pub(crate) fn too_many(n: impl Display) -> PyErr {
    PyMemoryError::new_err(format!("n {n}: that many ids do not fit in memory"))
}

/// A `usize` option (a length, a group size): `Ok(Ok(size))`, or `Ok(Err(int))` with an `int`
/// outside `0..=usize::MAX` for the caller's range error.
pub(crate) fn size(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Result<usize, Int>> {
    Ok(match u64_or_int(obj, name, "an int")? {
        Ok(value) => usize::try_from(value).map_err(|_| Int::from(value)),
        Err(int) => Err(int),
    })
}

/// A `bool` option: `True` or `False` only.
pub(crate) fn flag(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    obj.cast::<PyBool>()
        .map(|flag| flag.is_true())
        .map_err(|_| PyTypeError::new_err(format!("{name} must be a bool, not {}", type_name(obj))))
}

/// `obj` as a `str`, or the `TypeError` naming the parameter.
fn str_object<'a, 'py>(
    obj: &'a Bound<'py, PyAny>,
    name: &str,
) -> PyResult<&'a Bound<'py, PyString>> {
    obj.cast::<PyString>()
        .map_err(|_| PyTypeError::new_err(format!("{name} must be a str, not {}", type_name(obj))))
}

/// A `str` option (a connection string, a table name), as its characters.
pub(crate) fn string<'a>(
    obj: &'a Bound<'_, PyAny>,
    name: &str,
) -> PyResult<std::borrow::Cow<'a, str>> {
    str_object(obj, name)?.to_cow().map_err(|_| {
        PyValueError::new_err(format!(
            "{name} must be text that UTF-8 can encode, not one with a lone surrogate"
        ))
    })
}

/// A duration option in seconds: an `int` or a `float` (not a `bool`) from `min_s` to `max_s`,
/// or the error naming `name` with `rule`, which says the range. A `float` subclass is read as
/// its value, like an `int` subclass.
pub(crate) fn seconds(
    obj: &Bound<'_, PyAny>,
    name: &str,
    (min_s, max_s): (f64, f64),
    rule: &str,
) -> PyResult<Duration> {
    let expected = "a number of seconds (an int or a float)";
    // The value, and the text an error shows it with (as Python writes it).
    let (seconds, shown) = if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be {expected}, not bool"
        )));
    } else if let Ok(int) = obj.cast::<PyInt>() {
        let int = Int::read(int)?;
        // Past u64 is past any range here; within it, the f64 nearby is close enough to check.
        let seconds = int.to_u64().map_or(f64::INFINITY, |value| value as f64);
        (
            if int.negative { -seconds } else { seconds },
            int.to_string(),
        )
    } else if let Ok(float) = obj.cast::<PyFloat>() {
        (float.value(), float_text(float.value()))
    } else {
        return Err(PyTypeError::new_err(format!(
            "{name} must be {expected}, not {}",
            type_name(obj)
        )));
    };
    // Also refuses NaN, which no range contains.
    if !(min_s..=max_s).contains(&seconds) {
        return Err(PyValueError::new_err(format!(
            "{name} {shown} is out of range: {rule}"
        )));
    }
    // Rounded to the nanosecond, so that 0.3 is 300 ms and not a hair below it.
    Ok(Duration::from_nanos((seconds * 1e9).round() as u64))
}

/// A float as Python's `repr` writes the usual ones (`nan`, `inf`, `-inf`, `0.25`).
fn float_text(value: f64) -> String {
    if value.is_nan() {
        "nan".to_owned()
    } else if value.is_infinite() {
        if value > 0.0 { "inf" } else { "-inf" }.to_owned()
    } else {
        format!("{value:?}")
    }
}

/// A separator: a `str` of exactly one character.
pub(crate) fn separator(obj: &Bound<'_, PyAny>) -> PyResult<char> {
    let text = obj.cast::<PyString>().map_err(|_| {
        PyTypeError::new_err(format!(
            "sep must be a str of one character, not {}",
            type_name(obj)
        ))
    })?;
    let text = text.to_cow().map_err(|_| {
        PyValueError::new_err(
            "sep must be one character that UTF-8 can encode, not a lone surrogate",
        )
    })?;
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(sep), None) => Ok(sep),
        _ => Err(PyValueError::new_err(format!(
            "sep must be one character, not {} ({} characters)",
            repr(obj),
            text.chars().count()
        ))),
    }
}

/// The text of an id to parse: a `str`, or the `TypeError` naming the parameter.
pub(crate) fn text<'a>(
    obj: &'a Bound<'_, PyAny>,
    name: &str,
) -> PyResult<std::borrow::Cow<'a, str>> {
    let text = str_object(obj, name)?;
    // A lone surrogate has no UTF-8, and is no symbol of any format: said as such, rather
    // than through a replacement character that is not in the text.
    text.to_cow()
        .map_err(|_| parse_error(name, obj, "it holds a lone surrogate, which no id does"))
}

/// `repr(obj)` of a `str` (or subclass) as `str.__repr__` writes it, for error messages.
fn repr(obj: &Bound<'_, PyAny>) -> String {
    obj.cast::<PyString>()
        .ok()
        .and_then(|text| exact::str_repr(text).ok())
        .unwrap_or_else(|| String::from("?"))
}

/// The `ValueError` of a string that is not an id: the parameter, the string's `repr`
/// (shortened) and the Rust crate's reason.
pub(crate) fn parse_error(name: &str, obj: &Bound<'_, PyAny>, error: impl Display) -> PyErr {
    const SHOWN: usize = 60;
    let repr = repr(obj);
    let shown = match repr.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}...", &repr[..end]),
        None => repr,
    };
    PyValueError::new_err(format!("{name} {shown} is not valid: {error}"))
}

/// A keyword option whose default is not `None`: `Absent` when the caller leaves it out. An
/// explicit `None` is `Given`, and the option's check refuses it as a value of the wrong type.
pub(crate) enum Opt<'py> {
    /// Not passed: the default applies.
    Absent,
    /// Passed, with this value.
    Given(Bound<'py, PyAny>),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Opt<'py> {
    type Error = std::convert::Infallible;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> Result<Self, Self::Error> {
        Ok(Opt::Given(obj.to_owned()))
    }
}

impl<'py> Opt<'py> {
    /// The value passed, if any.
    pub(crate) fn given(&self) -> Option<&Bound<'py, PyAny>> {
        match self {
            Opt::Absent => None,
            Opt::Given(value) => Some(value),
        }
    }

    /// The value passed, read by `read` (which checks it), or `default` when left out.
    pub(crate) fn read_or<T>(
        &self,
        default: T,
        read: impl FnOnce(&Bound<'py, PyAny>) -> PyResult<T>,
    ) -> PyResult<T> {
        self.given().map_or(Ok(default), read)
    }
}
