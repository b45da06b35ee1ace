//! Content ids of Python values: the value is walked here and written through content-id's
//! encoder, so the id is the Rust crate's for the same data (and for the same JSON document
//! read by `json.loads`, by `content_id::json` or by `identifier content-id`).
//!
//! The walk runs none of the caller's code: every part is read as its base type's value, as
//! [`exact`] reads it, so that a subclass (an `int` whose `__rshift__` lies, a `dict` whose
//! `items` does) cannot change an id, nor change the value while it is walked. It calls into
//! Python only for these functions and methods of the built-in types, looked up on the types
//! themselves, all C functions of CPython that call nothing back:
//!
//! - `int.bit_length`, `int.__abs__` and `int.to_bytes`, for an `int` of 64 bits or more;
//! - `set.__iter__` and `frozenset.__iter__`, for the elements of a set (a dict's entries come
//!   from `PyDict_Next`, a list's and a tuple's items from `PyList_GetItem` and
//!   `PyTuple_GetItem`);
//! - the getter of `type.__name__`, for the name of an unsupported type in its error;
//! - `uuid.UUID`'s slot `int`, for the value of a `namespace`.
//!
//! The one exception is the registry (`identifier._registry`): a value of any other type is
//! looked up in its table, by the type's `__mro__` read with `type`'s own descriptor, once per
//! type in a walk; a registered hasher runs, by the caller's choice, and its result is walked
//! in the value's place.
//!
//! Python code can still run when the walk allocates, through the garbage collector
//! (finalizers, `gc.callbacks`): a dict or set that changes meanwhile is a `RuntimeError`,
//! which ends the walk; no state outlives a call.

use std::cell::{Cell, RefCell};
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
use crate::exact::{self, Int, Magnitude};

/// Why a part of a value could not be encoded: its type, or its value (an `int` out of
/// range, a `str` with a lone surrogate). Decides between `TypeError` and `ValueError`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Failure {
    Type,
    Value,
}

/// Registered hashers that may apply in a row at one place (a hasher that returns a value of
/// a registered class, not inside a container, whose containers the encoding limits): past
/// this, the walk fails rather than run out of stack.
const MAX_HASHERS_IN_A_ROW: u32 = 64;

/// A type the registry was asked about, and its hasher if it has one.
type Asked<'py> = (Bound<'py, PyType>, Option<Bound<'py, PyAny>>);

/// The record of one walk: its first failure, the Python error that ended it, if any, and
/// the registry's answers so far.
struct Walk<'py> {
    failure: Cell<Option<Failure>>,
    /// An exception of Python (a container changed during the walk, memory ran out, a hasher
    /// raised): the walk stops, and the call raises it instead of returning an id.
    error: RefCell<Option<PyErr>>,
    /// The registry asked about the types that are not the encoding's own: the caller's, or
    /// `None` for `get_stable_registry()`, fetched at the first such type.
    registry: Option<Bound<'py, PyAny>>,
    /// The hasher of each type asked (by its type object, which the entry keeps alive).
    hashers: RefCell<Vec<Asked<'py>>>,
}

impl<'py> Walk<'py> {
    fn new(registry: Option<Bound<'py, PyAny>>) -> Self {
        Walk {
            failure: Cell::new(None),
            error: RefCell::new(None),
            registry,
            hashers: RefCell::new(Vec::new()),
        }
    }

    /// The hasher of the type of `obj` in the registry, if it has one: the rule of
    /// `HasherRegistry.hasher_for`, read here from the registry's table and the types' own
    /// `__mro__` and `__dict__` (by `type`'s descriptors), so that no method of a class or
    /// metaclass runs.
    fn hasher_for(&self, obj: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let ty = obj.get_type();
        if let Some((_, hasher)) = self
            .hashers
            .borrow()
            .iter()
            .find(|(known, _)| known.is(&ty))
        {
            return Ok(hasher.clone());
        }
        let py = obj.py();
        let registry = match &self.registry {
            Some(registry) => registry.clone(),
            None => stable_registry(py)?,
        };
        let registry_type = registry_type(py)?;
        let slot = |name: &str| -> PyResult<Bound<'py, PyAny>> {
            registry_type
                .getattr(name)?
                .call_method1("__get__", (&registry, registry_type))
        };
        let table = slot("_hashers")?.cast_into::<PyDict>()?;
        let mro = exact::mro(&ty)?;
        let mut hasher = None;
        'mro: for base in mro.iter() {
            // By identity: a metaclass's `__eq__` or `__hash__` is not asked.
            for (class, found) in table.iter() {
                if class.is(&base) {
                    hasher = Some(found);
                    break 'mro;
                }
            }
        }
        if hasher.is_none() && slot("_dataclasses")?.is_truthy()? {
            for base in mro.iter() {
                if exact::defines(&base, "__dataclass_fields__")? {
                    hasher = Some(dataclass_fields(py)?);
                    break;
                }
            }
        }
        self.hashers.borrow_mut().push((ty, hasher.clone()));
        Ok(hasher)
    }

    fn stopped(&self) -> bool {
        self.error.borrow().is_some()
    }

    /// The id, or the error of the walk or of the encoding.
    fn finish<T>(self, result: Result<T, Error>) -> PyResult<T> {
        if let Some(error) = self.error.into_inner() {
            return Err(error);
        }
        result.map_err(|error| content_error(error, self.failure.get()))
    }
}

/// A Python value, encoded as the Rust value of the same kind.
struct Value<'a, 'py> {
    obj: &'a Bound<'py, PyAny>,
    walk: &'a Walk<'py>,
    /// Registered hashers that gave this value, one from the result of the other.
    hashed: u32,
}

impl<'a, 'py> Value<'a, 'py> {
    /// A part of this value (an item, a key, an element), in the same walk.
    fn part<'b>(&'b self, obj: &'b Bound<'py, PyAny>) -> Value<'b, 'py> {
        Value {
            obj,
            walk: self.walk,
            hashed: 0,
        }
    }

    fn fail(&self, encoder: Encoder<'_>, failure: Failure, reason: impl Display) -> Written {
        if self.walk.failure.get().is_none() {
            self.walk.failure.set(Some(failure));
        }
        encoder.fail(reason)
    }

    /// Ends the walk with a Python error, which the call raises (the first one).
    fn stop(&self, error: PyErr) {
        self.walk.error.borrow_mut().get_or_insert(error);
    }

    /// Writes into `writer` each part that `for_each` gives, until the walk stops.
    fn container(
        &self,
        mut writer: impl Container,
        for_each: impl FnOnce(&mut dyn FnMut(Bound<'py, PyAny>) -> bool) -> PyResult<()>,
    ) -> Written {
        let walked = for_each(&mut |part| {
            writer.write(&self.part(&part));
            !self.walk.stopped()
        });
        if let Err(error) = walked {
            self.stop(error);
        }
        writer.end()
    }

    /// The value `hasher` returns for this one, walked in its place.
    fn registered(&self, hasher: &Bound<'py, PyAny>, encoder: Encoder<'_>) -> Written {
        if self.hashed >= MAX_HASHERS_IN_A_ROW {
            return self.fail(
                encoder,
                Failure::Value,
                format_args!(
                    "more than {MAX_HASHERS_IN_A_ROW} registered hashers in a row at a {}: does \
                     its hasher return a value that hashes through it again?",
                    args::type_name(self.obj)
                ),
            );
        }
        let value = match hasher.call1((self.obj,)) {
            Ok(value) => value,
            Err(error) => {
                self.stop(error);
                return encoder.write_null();
            }
        };
        Value {
            obj: &value,
            walk: self.walk,
            hashed: self.hashed + 1,
        }
        .stable_hash(encoder)
    }

    /// An `int` by its value: from -2**127 to 2**128 - 1, the range of the encoding.
    fn int(&self, int: &Bound<'py, PyInt>, encoder: Encoder<'_>) -> Written {
        let value = match Int::read(int) {
            Ok(value) => value,
            Err(error) => {
                self.stop(error);
                return encoder.write_null();
            }
        };
        match value {
            Int {
                negative: false,
                magnitude: Magnitude::Fits(magnitude),
            } => return encoder.write_u128(magnitude),
            Int {
                negative: true,
                magnitude: Magnitude::Fits(magnitude),
            } => {
                if let Some(value) = 0i128.checked_sub_unsigned(magnitude) {
                    return encoder.write_i128(value);
                }
            }
            _ => {}
        }
        let (sign, bound) = if value.negative {
            ("-", 127)
        } else {
            ("", 128)
        };
        self.fail(
            encoder,
            Failure::Value,
            format_args!(
                "int {sign}2**{bound} or beyond is out of range: the encoding holds integers \
                 from -2**127 to 2**128 - 1 (an int of {} bits)",
                value.bits()
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

/// The items of a `list` or `tuple`, by index (a list that changes meanwhile is read as
/// Python's own iteration reads it), until `each` returns `false`.
fn for_each_item<'py>(
    items: impl Iterator<Item = Bound<'py, PyAny>>,
    each: &mut dyn FnMut(Bound<'py, PyAny>) -> bool,
) -> PyResult<()> {
    for item in items {
        if !each(item) {
            break;
        }
    }
    Ok(())
}

impl StableHash for Value<'_, '_> {
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        let obj = self.obj;
        // After an exception nothing more is read: the call raises it.
        if self.walk.stopped() {
            return encoder.write_null();
        }
        if obj.is_none() {
            return encoder.write_null();
        }
        // A type of the encoding's own is never looked up: no registry changes its id.
        if !is_encoding_type(obj) {
            match self.walk.hasher_for(obj) {
                Ok(Some(hasher)) => return self.registered(&hasher, encoder),
                Ok(None) => {}
                Err(error) => {
                    self.stop(error);
                    return encoder.write_null();
                }
            }
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
            return self.container(encoder.list(), |each| for_each_item(list.iter(), each));
        }
        if let Ok(tuple) = obj.cast::<PyTuple>() {
            return self.container(encoder.list(), |each| for_each_item(tuple.iter(), each));
        }
        if let Ok(dict) = obj.cast::<PyDict>() {
            let mut writer = encoder.map();
            let walked = exact::for_each_entry(dict, |key, value| {
                writer.entry(&self.part(&key), &self.part(&value));
                !self.walk.stopped()
            });
            if let Err(error) = walked {
                self.stop(error);
            }
            return writer.finish();
        }
        if obj.is_instance_of::<PySet>() || obj.is_instance_of::<PyFrozenSet>() {
            return self.container(encoder.set(), |each| exact::for_each_element(obj, each));
        }
        self.fail(
            encoder,
            Failure::Type,
            format_args!(
                "unsupported type {}: a content id is defined for dict, list, tuple, str, int, \
                 float, bool, None, bytes, bytearray, set and frozenset, and for the classes \
                 of the registry (HasherRegistry.register)",
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

/// Whether `obj` is of one of the encoding's own types exactly (a subclass is not).
fn is_encoding_type(obj: &Bound<'_, PyAny>) -> bool {
    obj.is_exact_instance_of::<PyBool>()
        || obj.is_exact_instance_of::<PyInt>()
        || obj.is_exact_instance_of::<PyFloat>()
        || obj.is_exact_instance_of::<PyString>()
        || obj.is_exact_instance_of::<PyBytes>()
        || obj.is_exact_instance_of::<PyByteArray>()
        || obj.is_exact_instance_of::<PyList>()
        || obj.is_exact_instance_of::<PyTuple>()
        || obj.is_exact_instance_of::<PyDict>()
        || obj.is_exact_instance_of::<PySet>()
        || obj.is_exact_instance_of::<PyFrozenSet>()
}

/// `identifier._registry.HasherRegistry`, imported once.
fn registry_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    static REGISTRY: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    REGISTRY.import(py, "identifier._registry", "HasherRegistry")
}

/// `identifier._registry._dataclass_fields`, the hasher of a dataclass.
fn dataclass_fields(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    static FIELDS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    Ok(FIELDS
        .import(py, "identifier._registry", "_dataclass_fields")?
        .clone())
}

/// `identifier._registry.get_stable_registry()`, the registry of `registry=None`.
fn stable_registry(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    static GET: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    GET.import(py, "identifier._registry", "get_stable_registry")?
        .call0()
}

/// The options of both functions: `registry` a `HasherRegistry` or `None`,
/// `ignore_unhashable` a bool.
fn options<'py>(
    registry: Option<&Bound<'py, PyAny>>,
    ignore_unhashable: &Opt<'_>,
) -> PyResult<(Options, Option<Bound<'py, PyAny>>)> {
    if let Some(registry) = registry {
        // The type itself, not `isinstance`, which may ask the object's `__class__`; the
        // registry's metaclass is `type`, so the check is CPython's own walk of the bases.
        let registry_type = registry_type(registry.py())?;
        if !registry.get_type().is_subclass(registry_type)? {
            return Err(PyTypeError::new_err(format!(
                "registry must be a HasherRegistry or None, not {}",
                args::type_name(registry)
            )));
        }
    }
    let options = Options {
        ignore_unhashable: ignore_unhashable
            .read_or(false, |flag| args::flag(flag, "ignore_unhashable"))?,
        ..Options::default()
    };
    Ok((options, registry.cloned()))
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
/// `OrderedDict`, a named tuple) are encoded as their base type, by the value the base type
/// holds: an `int` subclass is hashed as its `int` value, a `dict` subclass by its entries,
/// whatever their methods (`__rshift__`, `__index__`, `__iter__`, `items`...) say. Containers
/// nest at most 512 deep. An id of one length is not a prefix of an id of another length.
///
/// A value of another class is hashed as the value its hasher in `registry` (a
/// `HasherRegistry`; `None` is `get_stable_registry()`, with dataclasses as the dict of their
/// fields and `uuid.UUID` as its text) returns, looked up by the class's method resolution
/// order. A subclass of a built-in type without a hasher is hashed as its base type's value.
/// The built-in types are never looked up: no registry changes their ids.
///
/// No other code of the caller's runs during the walk than the registry's: no method of a
/// value, a key or a metaclass (`__eq__`, `__hash__`, `__lt__`, `__str__`, `__name__`...). The walk calls only the
/// built-in `int.bit_length`, `int.__abs__` and `int.to_bytes` (for ints of 64 bits or more),
/// `set.__iter__` and `frozenset.__iter__`, and the getter of `type.__name__` (for the name
/// of an unsupported type in an error). Where the garbage collector runs Python code meanwhile
/// (a finalizer, `gc.callbacks`) and it changes a dict or set being hashed, the call raises
/// `RuntimeError`, as Python's own iteration does.
///
/// An id identifies content; it hides nothing: do not use the id of private data as a
/// secret.
///
/// Raises `TypeError` for a part of another type (the error says where, such as
/// `$.users[3].name`), `ValueError` for an int out of range, a str with a lone surrogate, a
/// value nested too deep or a bad `length`, and `RuntimeError` for a dict or set that changed
/// while it was hashed. With `ignore_unhashable=True` a part that
/// cannot be encoded (of another type, or out of range) is written as a marker in its place
/// and the rest is hashed as usual, so values that differ only there share an id; a value
/// nested too deep is still an error. An exception a hasher raises is raised as it is.
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
    let (mut options, registry) = options(registry, &ignore_unhashable)?;
    if let Some(length) = length.given() {
        options.length = match args::size(length, "length")? {
            Ok(length) => length,
            Err(int) => {
                let error = Error::LengthOutOfRange { length: usize::MAX };
                return Err(args::out_of_range("length", int, error));
            }
        };
    }
    let walk = Walk::new(registry);
    let value = Value {
        obj: data,
        walk: &walk,
        hashed: 0,
    };
    let id = content_id::generate_with(&value, &options);
    walk.finish(id)
}

/// A UUIDv5 of `data`, as the 36-character lower-case hyphenated str: `uuid.uuid5(namespace,
/// id)` where `id` is `generate_stable_content_id(data, length=128)`.
///
/// The default `namespace` is `361d425a-83f3-5c34-bc1b-1fb0a53128cd`, the UUIDv5 of the name
/// `identifier:content-id` in `uuid.NAMESPACE_URL`, as in the Rust crate. A UUIDv5 keeps 122
/// bits of a SHA-1 digest of the id: the chance of a collision among n values is about
/// n**2 / 2**123; use `generate_stable_content_id` where more bits are needed.
///
/// A `namespace` that subclasses `uuid.UUID` is read by its value (the slot `int` of
/// `uuid.UUID`), not by its methods or properties.
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
) -> PyResult<Bound<'py, PyString>> {
    let (options, registry) = options(registry, &ignore_unhashable)?;
    let namespace = match namespace.given() {
        None => content_id::NAMESPACE,
        Some(namespace) => match exact::uuid_value(namespace, "namespace")? {
            Some(value) => uuid::Uuid::from_u128(value),
            None => {
                return Err(PyTypeError::new_err(format!(
                    "namespace must be a uuid.UUID, not {}",
                    args::type_name(namespace)
                )));
            }
        },
    };
    let walk = Walk::new(registry);
    let value = Value {
        obj: data,
        walk: &walk,
        hashed: 0,
    };
    let id = content_id::generate_uuid5_with(&value, &namespace, &options);
    // The text is written on the stack, then copied once into the str.
    let id = walk.finish(id)?;
    Ok(PyString::new(
        py,
        id.hyphenated()
            .encode_lower(&mut uuid::Uuid::encode_buffer()),
    ))
}
