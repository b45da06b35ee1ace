//! The text of ids as Python `str`s.
//!
//! Each format's text comes from its crate's `encode_ascii`: the bytes of `encode`, written
//! straight into the array that CPython copies into a new `str`. The tests read every id back
//! with the crates' parsers and independent ones.

use objectid::ObjectId;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use ulid::Ulid;
use uuid7::Uuid7;

/// An id whose text is a fixed number of ASCII bytes.
pub(crate) trait Text: Copy + Send {
    /// The length of the text.
    const LEN: usize;

    /// The text, as ASCII bytes.
    type Ascii: AsRef<[u8]>;

    /// Writes the text.
    fn ascii(self) -> Self::Ascii;
}

/// The crate's own `encode_ascii`, into an array of the text's length.
macro_rules! text_of_encode_ascii {
    ($($id:ty),+) => {$(
        impl Text for $id {
            const LEN: usize = <$id>::TEXT_LEN;
            type Ascii = [u8; <$id>::TEXT_LEN];

            #[inline]
            fn ascii(self) -> Self::Ascii {
                let mut out = [0; <$id>::TEXT_LEN];
                self.encode_ascii(&mut out);
                out
            }
        }
    )+};
}

text_of_encode_ascii!(Ulid, Uuid7, ObjectId);

/// A new reference to a `str` of the ASCII `text`, or NULL with the error set.
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

/// The `str` of an id.
#[inline]
pub(crate) fn str_of<T: Text>(py: Python<'_>, id: T) -> PyResult<Bound<'_, PyString>> {
    // SAFETY: `py` proves the GIL is held; the result is a new reference or NULL with an error.
    unsafe {
        Ok(Bound::from_owned_ptr_or_err(py, new_str(id.ascii().as_ref()))?.cast_into_unchecked())
    }
}

/// A `list[str]` of the consecutive `width`-byte texts in `text`.
pub(crate) fn list_of<'py>(
    py: Python<'py>,
    text: &[u8],
    width: usize,
) -> PyResult<Bound<'py, PyList>> {
    let len = text.len() / width;
    // SAFETY: the GIL is held (`py`); `PyList_New` returns a new list of `len` empty slots or
    // NULL with an error set, which `from_owned_ptr_or_err` turns into the `Err`.
    let list = unsafe {
        Bound::from_owned_ptr_or_err(py, ffi::PyList_New(len as ffi::Py_ssize_t))?
            .cast_into_unchecked::<PyList>()
    };
    for (index, chunk) in text.chunks_exact(width).enumerate() {
        // SAFETY: the GIL is held; the new reference is owned by the `Bound` until the list
        // takes it.
        let item = unsafe { Bound::from_owned_ptr_or_err(py, new_str(chunk))? };
        // SAFETY: `index < len`, the slot is empty, and `PyList_SetItem` takes the reference
        // (`into_ptr`) whatever it returns.
        if unsafe { ffi::PyList_SetItem(list.as_ptr(), index as ffi::Py_ssize_t, item.into_ptr()) }
            != 0
        {
            return Err(PyErr::fetch(py));
        }
    }
    Ok(list)
}
