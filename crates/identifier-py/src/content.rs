//! Content ids of Python values: the value is walked here and written through content-id's
//! encoder, so the id is the Rust crate's for the same data (and for the same JSON document
//! read by `json.loads`, by `content_id::json` or by `identifier content-id`).

use std::cell::Cell;
use std::fmt::Display;

use content_id::{Encoder, Error, ListWriter, Options, SetWriter, StableHash, Written};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{
    PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyFrozenSet, PyInt, PyList, PySet, PyString,
    PyTuple, PyType,
};

use crate::args::{self, Opt};

/// Why a part of a value could not be encoded: its type, or its value (an `int` out of
/// range, a `str` with a lone surrogate). Decides between `TypeError` and `ValueError`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Failure {
    Type,
    Value,
}

/// A Python value, encoded as the Rust value of the same kind.
struct Value<'a, 'py> {
    obj: &'a Bound<'py, PyAny>,
    /// The first failure, if any.
    failure: &'a Cell<Option<Failure>>,
}

impl<'a, 'py> Value<'a, 'py> {
    /// A part of this value (an item, a key, an element), with the same failure record.
    fn part<'b>(&'b self, obj: &'b Bound<'py, PyAny>) -> Value<'b, 'py> {
        Value {
            obj,
            failure: self.failure,
        }
    }

    fn fail(&self, encoder: Encoder<'_>, failure: Failure, reason: impl Display) -> Written {
        if self.failure.get().is_none() {
            self.failure.set(Some(failure));
        }
        encoder.fail(reason)
    }

    /// The parts of a `list` or `tuple` (into a list's writer) or of a `set` or `frozenset`
    /// (into a set's), each a value.
    fn container(
        &self,
        parts: impl Iterator<Item = Bound<'py, PyAny>>,
        mut writer: impl Container,
    ) -> Written {
        for part in parts {
            writer.write(&self.part(&part));
        }
        writer.end()
    }

    /// An `int` by its value: from -2**127 to 2**128 - 1, the range of the encoding.
    fn int(&self, int: &Bound<'py, PyInt>, encoder: Encoder<'_>) -> Written {
        if let Ok(value) = int.extract::<i64>() {
            return encoder.write_i128(value.into());
        }
        if let Ok(value) = int.extract::<i128>() {
            return encoder.write_i128(value);
        }
        if let Ok(value) = int.extract::<u128>() {
            return encoder.write_u128(value);
        }
        let bits = int
            .call_method0("bit_length")
            .map_or_else(|_| "?".to_owned(), |bits| bits.to_string());
        let sign = if int.lt(0).unwrap_or(false) { "-" } else { "" };
        self.fail(
            encoder,
            Failure::Value,
            format_args!(
                "int {sign}2**{} or beyond is out of range: the encoding holds integers from \
                 -2**127 to 2**128 - 1 (an int of {bits} bits)",
                if sign.is_empty() { 128 } else { 127 }
            ),
        )
    }
}

/// The writer of a container whose parts come one by one: a list's or a set's.
trait Container {
    fn write(&mut self, part: &Value<'_, '_>);
    fn end(self) -> Written;
}

impl Container for ListWriter<'_> {
    fn write(&mut self, item: &Value<'_, '_>) {
        self.item(item);
    }

    fn end(self) -> Written {
        self.finish()
    }
}

impl Container for SetWriter<'_> {
    fn write(&mut self, element: &Value<'_, '_>) {
        self.element(element);
    }

    fn end(self) -> Written {
        self.finish()
    }
}

impl StableHash for Value<'_, '_> {
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        let obj = self.obj;
        if obj.is_none() {
            return encoder.write_null();
        }
        // Before int: a bool is an int in Python, and its own kind in the encoding.
        if let Ok(flag) = obj.cast::<PyBool>() {
            return encoder.write_bool(flag.is_true());
        }
        if let Ok(int) = obj.cast::<PyInt>() {
            return self.int(int, encoder);
        }
        if let Ok(float) = obj.cast::<PyFloat>() {
            return encoder.write_f64(float.value());
        }
        if let Ok(string) = obj.cast::<PyString>() {
            return match string.to_cow() {
                Ok(text) => encoder.write_str(&text),
                Err(_) => self.fail(
                    encoder,
                    Failure::Value,
                    "a str with a lone surrogate has no UTF-8 encoding",
                ),
            };
        }
        if let Ok(bytes) = obj.cast::<PyBytes>() {
            return encoder.write_bytes(bytes.as_bytes());
        }
        if let Ok(bytes) = obj.cast::<PyByteArray>() {
            return encoder.write_bytes(&bytes.to_vec());
        }
        if let Ok(list) = obj.cast::<PyList>() {
            return self.container(list.iter(), encoder.list());
        }
        if let Ok(tuple) = obj.cast::<PyTuple>() {
            return self.container(tuple.iter(), encoder.list());
        }
        if let Ok(dict) = obj.cast::<PyDict>() {
            let mut writer = encoder.map();
            for (key, value) in dict.iter() {
                writer.entry(&self.part(&key), &self.part(&value));
            }
            return writer.finish();
        }
        if let Ok(set) = obj.cast::<PySet>() {
            return self.container(set.iter(), encoder.set());
        }
        if let Ok(set) = obj.cast::<PyFrozenSet>() {
            return self.container(set.iter(), encoder.set());
        }
        self.fail(
            encoder,
            Failure::Type,
            format_args!(
                "unsupported type {}: a content id is defined for dict, list, tuple, str, int, \
                 float, bool, None, bytes, bytearray, set and frozenset",
                args::type_name(obj)
            ),
        )
    }
}

/// The Python error of content-id's error: `TypeError` for a part of an unsupported type,
/// `ValueError` for the rest.
fn content_error(error: Error, failure: Option<Failure>) -> PyErr {
    match (&error, failure) {
        (Error::Unencodable { .. }, Some(Failure::Type)) => PyTypeError::new_err(error.to_string()),
        _ => PyValueError::new_err(error.to_string()),
    }
}

/// The options of both functions: `registry` must be `None`, `ignore_unhashable` a bool.
fn options(registry: Option<&Bound<'_, PyAny>>, ignore_unhashable: &Opt<'_>) -> PyResult<Options> {
    if let Some(registry) = registry {
        return Err(PyTypeError::new_err(format!(
            "registry must be None, not {}: the encoding is fixed (content-id version 2), so that \
             a value has the same id here, in Rust and from the identifier command",
            args::type_name(registry)
        )));
    }
    Ok(Options {
        ignore_unhashable: match ignore_unhashable.given() {
            Some(flag) => args::flag(flag, "ignore_unhashable")?,
            None => false,
        },
        ..Options::default()
    })
}

/// The content id of `data`: `length` lower-case hex characters (64 by default, 2 to 128,
/// even), a BLAKE2b digest of `length / 2` bytes of its typed encoding. The same value gives
/// the same id in every process, on every platform, and in Rust (the `content-id` crate) and
/// from `identifier content-id`: one JSON document read by `json.loads` has one id.
///
/// The encoding (version 2, specified byte by byte in the `content-id` crate's
/// documentation) is typed and order-free where Python is: `None` is null; `bool`; `int` by
/// value, from -2**127 to 2**128 - 1; `float` (`-0.0` as `0.0`, one NaN); `str`; `bytes` and
/// `bytearray` as bytes; `list` and `tuple` as lists; `dict` as a map (any key order, keys of
/// any of these types); `set` and `frozenset` as sets. `1`, `1.0`, `True` and `"1"` have
/// different ids; so have `["ab"]` and `["a", "b"]`. Subclasses (an `IntEnum`, an
/// `OrderedDict`, a named tuple) are encoded as their base type. Containers nest at most 512
/// deep. An id of one length is not a prefix of an id of another length.
///
/// An id identifies content; it hides nothing: do not use the id of private data as a
/// secret.
///
/// Raises `TypeError` for a part of another type (the error says where, such as
/// `$.users[3].name`), `ValueError` for an int out of range, a str with a lone surrogate, a
/// value nested too deep or a bad `length`. With `ignore_unhashable=True` a part that
/// cannot be encoded (of another type, or out of range) is written as a marker in its place
/// and the rest is hashed as usual, so values that differ only there share an id; a value
/// nested too deep is still an error. `registry` must be `None`: the encoding is fixed.
#[pyfunction]
#[pyo3(
    signature = (data, *, registry = None, length = Opt::Absent, ignore_unhashable = Opt::Absent),
    text_signature = "(data, *, registry=None, length=64, ignore_unhashable=False)"
)]
pub(crate) fn generate_stable_content_id<'py>(
    data: &Bound<'py, PyAny>,
    registry: Option<&Bound<'py, PyAny>>,
    length: Opt<'py>,
    ignore_unhashable: Opt<'py>,
) -> PyResult<String> {
    let mut options = options(registry, &ignore_unhashable)?;
    if let Some(length) = length.given() {
        options.length = match args::size(length, "length")? {
            Ok(length) => length,
            Err(text) => {
                let error = Error::LengthOutOfRange { length: usize::MAX };
                return Err(args::out_of_range("length", text, error));
            }
        };
    }
    let failure = Cell::new(None);
    let value = Value {
        obj: data,
        failure: &failure,
    };
    content_id::generate_with(&value, &options).map_err(|error| content_error(error, failure.get()))
}

/// `uuid.UUID`, looked up once.
fn uuid_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    static UUID: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    UUID.import(py, "uuid", "UUID")
}

/// A UUIDv5 of `data`, as the 36-character lower-case hyphenated str: `uuid.uuid5(namespace,
/// id)` where `id` is `generate_stable_content_id(data, length=128)`.
///
/// The default `namespace` is `361d425a-83f3-5c34-bc1b-1fb0a53128cd`, the UUIDv5 of the name
/// `identifier:content-id` in `uuid.NAMESPACE_URL`, as in the Rust crate. A UUIDv5 keeps 122
/// bits of a SHA-1 digest of the id: the chance of a collision among n values is about
/// n**2 / 2**123; use `generate_stable_content_id` where more bits are needed.
///
/// Raises as `generate_stable_content_id`, and `TypeError` if `namespace` is not a
/// `uuid.UUID`.
#[pyfunction]
#[pyo3(
    signature = (data, *, registry = None, namespace = Opt::Absent, ignore_unhashable = Opt::Absent),
    text_signature = "(data, *, registry=None, namespace=..., ignore_unhashable=False)"
)]
pub(crate) fn generate_stable_uuid5<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyAny>,
    registry: Option<&Bound<'py, PyAny>>,
    namespace: Opt<'py>,
    ignore_unhashable: Opt<'py>,
) -> PyResult<String> {
    let options = options(registry, &ignore_unhashable)?;
    let namespace = match namespace.given() {
        None => content_id::NAMESPACE,
        Some(namespace) => {
            if !namespace.is_instance(uuid_type(py)?)? {
                return Err(PyTypeError::new_err(format!(
                    "namespace must be a uuid.UUID, not {}",
                    args::type_name(namespace)
                )));
            }
            let bytes = namespace.getattr("bytes")?;
            let bytes: [u8; 16] = bytes
                .cast::<PyBytes>()?
                .as_bytes()
                .try_into()
                .map_err(|_| PyValueError::new_err("namespace.bytes must be 16 bytes"))?;
            uuid::Uuid::from_bytes(bytes)
        }
    };
    let failure = Cell::new(None);
    let value = Value {
        obj: data,
        failure: &failure,
    };
    let id = content_id::generate_uuid5_with(&value, &namespace, &options)
        .map_err(|error| content_error(error, failure.get()))?;
    Ok(id.hyphenated().to_string())
}
