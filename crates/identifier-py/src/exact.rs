//! Python values read as the values of their base types, without running the caller's code.
//!
//! A subclass of `int`, `str`, `set` or `uuid.UUID` can override any method, and a metaclass
//! can answer for `__name__`: what the package reads must not depend on them. So it reads
//! through CPython's functions that take the object's data directly (`PyLong_AsLongLong...`,
//! `PyDict_Next`, `PySet_Size`), and otherwise through methods looked up on the built-in types
//! themselves, never on the object's class: `int.bit_length`, `int.__abs__`, `int.to_bytes`,
//! `str.__repr__`, `set.__iter__`, `frozenset.__iter__`, the getter of `type.__name__` and the
//! slot `int` of `uuid.UUID`. Those are C functions of CPython (and a slot of the standard
//! library) that call nothing back.
//!
//! The one way left for Python code to run during a read is the garbage collector, which may
//! run finalizers and `gc.callbacks` when an object is allocated (before CPython 3.12, within
//! the allocation). A dict or set that changes meanwhile is a `RuntimeError`, as in Python's
//! own iteration.

use std::ffi::c_int;
use std::fmt;

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{
    PyBytes, PyDict, PyFrozenSet, PyInt, PyIterator, PySet, PyString, PyTuple, PyType,
};

/// An attribute of a built-in type, looked up once on the type itself.
fn builtin<'py, T: pyo3::PyTypeInfo>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyAny>>,
    name: &str,
) -> PyResult<&'py Bound<'py, PyAny>> {
    cell.get_or_try_init(py, || Ok(py.get_type::<T>().getattr(name)?.unbind()))
        .map(|attribute| attribute.bind(py))
}

/// The magnitude of an `int`: its value up to 128 bits, or past them, its number of bits.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Magnitude {
    Fits(u128),
    Bits(u64),
}

/// An `int` as its sign and magnitude, read without a method of the object's class.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Int {
    pub(crate) negative: bool,
    pub(crate) magnitude: Magnitude,
}

impl From<u64> for Int {
    fn from(value: u64) -> Self {
        Int {
            negative: false,
            magnitude: Magnitude::Fits(value.into()),
        }
    }
}

impl Int {
    /// The value of `int` (an `int` or a subclass; a subclass is read as its `int` value).
    #[allow(unsafe_code)]
    pub(crate) fn read(int: &Bound<'_, PyInt>) -> PyResult<Int> {
        let py = int.py();
        let mut overflow: c_int = 0;
        // SAFETY: the GIL is held and `int` is an `int` object, whose digits CPython reads
        // directly (it calls `__index__` only for objects that are not ints).
        let value = unsafe { ffi::PyLong_AsLongLongAndOverflow(int.as_ptr(), &mut overflow) };
        if overflow == 0 {
            if value == -1
                && let Some(error) = PyErr::take(py)
            {
                return Err(error);
            }
            return Ok(Int {
                negative: value < 0,
                magnitude: Magnitude::Fits(value.unsigned_abs().into()),
            });
        }
        // Past 64 bits: the methods of `int` itself, whose results are exact ints.
        static BIT_LENGTH: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
        static ABS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
        static TO_BYTES: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
        let negative = overflow < 0;
        let bits: u64 = builtin::<PyInt>(py, &BIT_LENGTH, "bit_length")?
            .call1((int,))?
            .extract()?;
        if bits > 128 {
            return Ok(Int {
                negative,
                magnitude: Magnitude::Bits(bits),
            });
        }
        let magnitude = if negative {
            builtin::<PyInt>(py, &ABS, "__abs__")?.call1((int,))?
        } else {
            int.clone().into_any()
        };
        let bytes = builtin::<PyInt>(py, &TO_BYTES, "to_bytes")?.call1((magnitude, 16, "big"))?;
        let bytes: [u8; 16] = bytes
            .cast::<PyBytes>()?
            .as_bytes()
            .try_into()
            .map_err(|_| PyValueError::new_err("int.to_bytes(x, 16) gave other than 16 bytes"))?;
        Ok(Int {
            negative,
            magnitude: Magnitude::Fits(u128::from_be_bytes(bytes)),
        })
    }

    /// The value, if it is from 0 to `u64::MAX`.
    pub(crate) fn to_u64(self) -> Option<u64> {
        match self.magnitude {
            Magnitude::Fits(value) if !self.negative => u64::try_from(value).ok(),
            _ => None,
        }
    }

    /// The value, if it is from 0 to `u128::MAX`.
    pub(crate) fn to_u128(self) -> Option<u128> {
        match self.magnitude {
            Magnitude::Fits(value) if !self.negative => Some(value),
            _ => None,
        }
    }

    /// The number of bits of the magnitude, as `int.bit_length` counts them.
    pub(crate) fn bits(self) -> u64 {
        match self.magnitude {
            Magnitude::Fits(value) => u64::from(u128::BITS - value.leading_zeros()),
            Magnitude::Bits(bits) => bits,
        }
    }
}

/// In decimal up to 128 bits, such as `-5`; past them by its bits, such as `(an int of 16610
/// bits)` or `(a negative int of 16610 bits)`, which is all an error needs, and what `str`
/// cannot always give (it stops at 4300 digits).
impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.negative, self.magnitude) {
            (false, Magnitude::Fits(value)) => write!(f, "{value}"),
            (true, Magnitude::Fits(value)) => write!(f, "-{value}"),
            (false, Magnitude::Bits(bits)) => write!(f, "(an int of {bits} bits)"),
            (true, Magnitude::Bits(bits)) => write!(f, "(a negative int of {bits} bits)"),
        }
    }
}

/// The name of `ty`, from `type`'s own getter of `__name__` (not a metaclass's).
pub(crate) fn type_name(ty: &Bound<'_, PyType>) -> PyResult<String> {
    static NAME: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let py = ty.py();
    let getter = NAME.get_or_try_init(py, || {
        let attributes = py.get_type::<PyType>().getattr("__dict__")?;
        Ok::<_, PyErr>(attributes.get_item("__name__")?.unbind())
    })?;
    let name = getter.bind(py).call_method1("__get__", (ty,))?;
    Ok(name.cast::<PyString>()?.to_cow()?.into_owned())
}

/// A descriptor of `type` itself (`type.__dict__[name]`), looked up once.
fn type_descriptor<'py>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyAny>>,
    name: &str,
) -> PyResult<&'py Bound<'py, PyAny>> {
    cell.get_or_try_init(py, || {
        let attributes = py.get_type::<PyType>().getattr("__dict__")?;
        Ok::<_, PyErr>(attributes.get_item(name)?.unbind())
    })
    .map(|descriptor| descriptor.bind(py))
}

/// The method resolution order of `ty`, from `type`'s own `__mro__` (not a metaclass's).
pub(crate) fn mro<'py>(ty: &Bound<'py, PyType>) -> PyResult<Bound<'py, PyTuple>> {
    static MRO: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let mro = type_descriptor(ty.py(), &MRO, "__mro__")?.call_method1("__get__", (ty,))?;
    Ok(mro.cast_into::<PyTuple>()?)
}

/// Whether the namespace of `ty` itself (its `__dict__`, read by `type`'s own getter) holds
/// `name`: a lookup of a `str` key in a `dict`, which runs no code of the class.
pub(crate) fn defines(ty: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    static DICT: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    type_descriptor(ty.py(), &DICT, "__dict__")?
        .call_method1("__get__", (ty,))?
        .contains(name)
}

/// `repr(text)` as `str.__repr__` writes it (not a subclass's `__repr__`).
pub(crate) fn str_repr(text: &Bound<'_, PyString>) -> PyResult<String> {
    static REPR: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let repr = builtin::<PyString>(text.py(), &REPR, "__repr__")?.call1((text,))?;
    Ok(repr.cast::<PyString>()?.to_cow()?.into_owned())
}

/// Calls `each` on the entries of `dict` (a `dict` or a subclass, read as a `dict`) in its
/// order, until `each` returns `false`. A dict that changes meanwhile is a `RuntimeError`.
#[allow(unsafe_code)]
pub(crate) fn for_each_entry<'py>(
    dict: &Bound<'py, PyDict>,
    mut each: impl FnMut(Bound<'py, PyAny>, Bound<'py, PyAny>) -> bool,
) -> PyResult<()> {
    let py = dict.py();
    let len = dict.len();
    let keys_changed = || PyRuntimeError::new_err("dictionary keys changed during hashing");
    let mut position: ffi::Py_ssize_t = 0;
    let mut seen = 0;
    loop {
        if dict.len() != len {
            return Err(PyRuntimeError::new_err(
                "dictionary changed size during hashing",
            ));
        }
        let mut key = std::ptr::null_mut();
        let mut value = std::ptr::null_mut();
        // SAFETY: the GIL is held and `dict` is a dict; `position` is only ever advanced by
        // `PyDict_Next`, which checks it against the dict's current table.
        if unsafe { ffi::PyDict_Next(dict.as_ptr(), &mut position, &mut key, &mut value) } == 0 {
            break;
        }
        seen += 1;
        if seen > len {
            return Err(keys_changed());
        }
        // SAFETY: borrowed references into the dict, valid until it changes: both are taken
        // (their counts incremented) here, before any other code can run.
        let (key, value) = unsafe {
            (
                Bound::from_borrowed_ptr(py, key),
                Bound::from_borrowed_ptr(py, value),
            )
        };
        if !each(key, value) {
            return Ok(());
        }
    }
    if seen == len {
        Ok(())
    } else {
        Err(keys_changed())
    }
}

/// Calls `each` on the elements of `set` (a `set` or `frozenset`, or a subclass of either,
/// read as its base type), until `each` returns `false`. A set that changes meanwhile is a
/// `RuntimeError`.
pub(crate) fn for_each_element<'py>(
    set: &Bound<'py, PyAny>,
    mut each: impl FnMut(Bound<'py, PyAny>) -> bool,
) -> PyResult<()> {
    static SET_ITER: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    static FROZENSET_ITER: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let py = set.py();
    let iter = if set.is_instance_of::<PySet>() {
        builtin::<PySet>(py, &SET_ITER, "__iter__")?
    } else if set.is_instance_of::<PyFrozenSet>() {
        builtin::<PyFrozenSet>(py, &FROZENSET_ITER, "__iter__")?
    } else {
        return Err(PyTypeError::new_err("a set or frozenset was expected"));
    };
    // The size as CPython keeps it (`PySet_Size`, through PyO3): no method of the set runs.
    let size = || match (set.cast::<PySet>(), set.cast::<PyFrozenSet>()) {
        (Ok(set), _) => set.len(),
        (_, Ok(frozen)) => frozen.len(),
        _ => 0,
    };
    let len = size();
    let mut elements = iter.call1((set,))?.cast_into::<PyIterator>()?;
    loop {
        if size() != len {
            return Err(PyRuntimeError::new_err("set changed size during hashing"));
        }
        match elements.next() {
            Some(element) => {
                if !each(element?) {
                    return Ok(());
                }
            }
            None => return Ok(()),
        }
    }
}

/// `uuid.UUID`, looked up once.
fn uuid_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    static UUID: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    UUID.import(py, "uuid", "UUID")
}

/// The value of `obj` if it is a `uuid.UUID` (or a subclass), as the slot `int` of
/// `uuid.UUID` holds it, read by the slot's own descriptor (not a subclass's `bytes`, `int` or
/// `__getattribute__`); `None` for any other type. `name` is the parameter, for errors.
pub(crate) fn uuid_value(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Option<u128>> {
    let uuid_type = uuid_type(obj.py())?;
    // The type itself, not `isinstance`, which may ask the object's `__class__`; `type` is
    // `uuid.UUID`'s metaclass, so the check is CPython's own walk of the type's bases.
    if !obj.get_type().is_subclass(uuid_type)? {
        return Ok(None);
    }
    let slot = uuid_type.getattr("int")?;
    let value = slot.call_method1("__get__", (obj, uuid_type))?;
    let value = value.cast::<PyInt>().map_err(|_| {
        PyTypeError::new_err(format!("{name} must be a uuid.UUID whose int is an int"))
    })?;
    match Int::read(value)? {
        Int {
            negative: false,
            magnitude: Magnitude::Fits(value),
        } => Ok(Some(value)),
        _ => Err(PyValueError::new_err(format!(
            "{name} must be a uuid.UUID whose int is from 0 to 2**128 - 1"
        ))),
    }
}

/// A new `uuid.UUID` of `value` (`uuid.UUID(int=value)`).
pub(crate) fn new_uuid(py: Python<'_>, value: u128) -> PyResult<Bound<'_, PyAny>> {
    let kwargs = PyDict::new(py);
    kwargs.set_item("int", value)?;
    uuid_type(py)?.call((), Some(&kwargs))
}
