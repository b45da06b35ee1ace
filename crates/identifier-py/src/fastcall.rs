//! The call of a single-id generator with no argument, the hot path: a builtin with the
//! vectorcall convention (`METH_FASTCALL | METH_KEYWORDS`) that generates and builds the `str`
//! directly. Any other call (an explicit timestamp, a wrong argument) goes to the PyO3
//! function of the same name, which checks the arguments and raises as documented.
//!
//! PyO3 registers that function with `METH_FASTCALL | METH_KEYWORDS` too (the limited API of
//! CPython 3.10 has it), but its call still enters PyO3's trampoline (a thread-local count of
//! the attached thread, read through `__tls_get_addr` in a shared library, and a panic guard)
//! and its keyword parser, `extract_arguments_fastcall`, before the generator runs. That was
//! about a fifth of a call of `generate_uuid7()`, `generate_ulid()` and `generate_object_id()`
//! through PyO3's function alone, against this entry point (`bench.py`'s rows; BENCHMARKS.md,
//! "In Python", holds the figures).

use std::ffi::CString;
use std::sync::atomic::{AtomicPtr, Ordering};

use pyo3::exceptions::PyValueError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyCFunction, PyString};

use crate::text::Text;

/// Adds to `module` a builtin named as `checked`, whose calls go to `entry`, and whose
/// `__doc__` and signature are those of `checked`; `slot` keeps `checked` for `entry`.
pub(crate) fn add(
    module: &Bound<'_, PyModule>,
    checked: Bound<'_, PyCFunction>,
    entry: ffi::PyCFunctionFastWithKeywords,
    slot: &'static AtomicPtr<ffi::PyObject>,
) -> PyResult<()> {
    let py = module.py();
    let name: String = checked.getattr("__name__")?.extract()?;
    let signature: String = checked.getattr("__text_signature__")?.extract()?;
    let doc: String = checked.getattr("__doc__")?.extract()?;
    let c_string = |text: String| {
        CString::new(text).map_err(|_| PyValueError::new_err("a NUL in a function's name or doc"))
    };
    // CPython keeps the definition for the life of the function: it lives as long as the
    // process, like PyO3's own.
    let def = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: c_string(name.clone())?.into_raw(),
        // CPython reads the pointer as the kind that `ml_flags` names.
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunctionFastWithKeywords: entry,
        },
        ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
        ml_doc: c_string(format!("{name}{signature}\n--\n\n{doc}"))?.into_raw(),
    }));
    let module_name = module.name()?;
    // SAFETY: `def` lives forever; the module and its name are valid objects, which the new
    // function references (PyCFunction_NewEx takes its own references).
    let function = unsafe {
        Bound::from_owned_ptr_or_err(
            py,
            ffi::PyCFunction_NewEx(def, module.as_ptr(), module_name.as_ptr()),
        )?
    };
    // A strong reference for the life of the process, as the module's functions have.
    slot.store(checked.into_ptr(), Ordering::Release);
    module.add(PyString::new(py, &name), function)
}

/// The call with its arguments as they came: `checked(*args[:nargs], **dict(zip(kwnames,
/// args[nargs:])))`. Returns a new reference, or NULL with the error set.
///
/// # Safety
///
/// The arguments of a `METH_FASTCALL | METH_KEYWORDS` call, with the GIL held.
pub(crate) unsafe fn call_checked(
    checked: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: the caller's arguments: `args` holds `nargs` positional arguments followed by one
    // value per name of the tuple `kwnames` (if any), all borrowed.
    unsafe {
        let positional = ffi::PyTuple_New(nargs);
        if positional.is_null() {
            return std::ptr::null_mut();
        }
        for i in 0..nargs {
            let arg = *args.offset(i);
            ffi::Py_INCREF(arg);
            ffi::PyTuple_SetItem(positional, i, arg);
        }
        let mut keywords = std::ptr::null_mut();
        if !kwnames.is_null() {
            keywords = ffi::PyDict_New();
            if keywords.is_null() {
                ffi::Py_DECREF(positional);
                return std::ptr::null_mut();
            }
            for i in 0..ffi::PyTuple_Size(kwnames) {
                let set = ffi::PyDict_SetItem(
                    keywords,
                    ffi::PyTuple_GetItem(kwnames, i),
                    *args.offset(nargs + i),
                );
                if set != 0 {
                    ffi::Py_DECREF(positional);
                    ffi::Py_DECREF(keywords);
                    return std::ptr::null_mut();
                }
            }
        }
        let result = ffi::PyObject_Call(checked, positional, keywords);
        ffi::Py_DECREF(positional);
        if !keywords.is_null() {
            ffi::Py_DECREF(keywords);
        }
        result
    }
}

/// A new reference to a `str` of the ASCII `text`, or NULL with the error set: the `str` of
/// an entry point, made without PyO3's API, whose `Python` token the entry point does not
/// have.
///
/// # Safety
///
/// The GIL must be held.
#[inline]
pub(crate) unsafe fn new_str(text: &[u8]) -> *mut ffi::PyObject {
    // SAFETY: `text` is `text.len()` readable bytes (a slice never exceeds `isize::MAX`);
    // CPython copies them and checks that they are UTF-8 (ASCII here), raising otherwise.
    unsafe { ffi::PyUnicode_FromStringAndSize(text.as_ptr().cast(), text.len() as ffi::Py_ssize_t) }
}

/// The entry point of a generator of one id: with no argument, `$generate()` encoded by
/// `Text::ascii` into a `str`; otherwise (or if it fails), the checked function in `$slot`.
macro_rules! generator {
    ($entry:ident, $slot:ident, $generate:path) => {
        /// The checked function of the entry point of the same name.
        pub(crate) static $slot: AtomicPtr<ffi::PyObject> = AtomicPtr::new(std::ptr::null_mut());

        /// # Safety
        ///
        /// Called by CPython only, as a `METH_FASTCALL | METH_KEYWORDS` function, after `add`
        /// stored the checked function.
        pub(crate) unsafe extern "C" fn $entry(
            _module: *mut pyo3::ffi::PyObject,
            args: *const *mut pyo3::ffi::PyObject,
            nargs: pyo3::ffi::Py_ssize_t,
            kwnames: *mut pyo3::ffi::PyObject,
        ) -> *mut pyo3::ffi::PyObject {
            if nargs == 0 && kwnames.is_null() {
                if let Ok(id) = $generate() {
                    // SAFETY: the GIL is held (CPython is calling).
                    return unsafe { $crate::fastcall::new_str(Text::ascii(id).as_ref()) };
                }
            }
            let checked = $slot.load(Ordering::Acquire);
            // SAFETY: the arguments of this call, passed on to the function `add` stored.
            unsafe { $crate::fastcall::call_checked(checked, args, nargs, kwnames) }
        }
    };
}

generator!(generate_ulid, ULID, ulid::try_generate);
generator!(generate_uuid7, UUID7, uuid7::try_generate);
generator!(generate_object_id, OBJECT_ID, objectid::try_generate);
