//! The text of ids as Python `str`s.
//!
//! Each format's text comes from its crate: the bytes of `encode_ascii` for the fast-call
//! entry points (`fastcall`, which make the `str` of them directly), and the `&str` of `encode`
//! for everything else, through PyO3's safe API. The tests read every id back with the crates'
//! parsers and independent ones.

use objectid::ObjectId;
use pyo3::exceptions::PyValueError;
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

    /// Writes the text into `buffer`, as the crate's `encode` makes it a `&str`.
    fn text(self, buffer: &mut Self::Ascii) -> &str;

    /// A buffer for [`text`](Self::text).
    fn buffer() -> Self::Ascii;
}

/// The crate's own `encode_ascii` and `encode`, into an array of the text's length.
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

            #[inline]
            fn text(self, buffer: &mut Self::Ascii) -> &str {
                self.encode(buffer)
            }

            #[inline]
            fn buffer() -> Self::Ascii {
                [0; <$id>::TEXT_LEN]
            }
        }
    )+};
}

text_of_encode_ascii!(Ulid, Uuid7, ObjectId);

/// The `str` of an id.
#[inline]
pub(crate) fn str_of<T: Text>(py: Python<'_>, id: T) -> PyResult<Bound<'_, PyString>> {
    Ok(PyString::new(py, id.text(&mut T::buffer())))
}

/// A `list[str]` of the consecutive `width`-byte texts in `text`, the ASCII bytes that the
/// crates' `encode_ascii` wrote.
pub(crate) fn list_of<'py>(
    py: Python<'py>,
    text: &[u8],
    width: usize,
) -> PyResult<Bound<'py, PyList>> {
    // One check of the whole batch (ASCII, a few bytes a cycle), then each id's part of it.
    let text = std::str::from_utf8(text)
        .map_err(|error| PyValueError::new_err(format!("the ids' text is not ASCII: {error}")))?;
    let ids = (0..text.len() / width).map(|index| {
        let id = text
            .get(index * width..(index + 1) * width)
            .unwrap_or_default();
        PyString::new(py, id)
    });
    PyList::new(py, ids)
}
