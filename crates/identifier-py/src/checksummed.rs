//! `generate_checksummed_id` and `verify_checksummed_id`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use checksummed_id::{Error, Options};

use crate::args::{self, Opt};

/// The `ValueError` of options that cannot make a code, naming the option.
fn options_error(error: Error) -> PyErr {
    let message = error.to_string();
    PyValueError::new_err(match error {
        Error::SymbolSeparator { .. } => message.replacen("separator", "sep", 1),
        _ => message,
    })
}

/// A new code for a human: `length` random Crockford Base32 symbols and a check symbol, in
/// groups of `group_size` joined by `sep` (such as `7K3M-9QPA-XW2B-G`).
///
/// The payload comes from the operating system's CSPRNG (60 bits by default). Its check
/// symbol is its value modulo 37, which catches every single-symbol error and every
/// transposition of adjacent symbols; payloads whose check symbol would be one of the extra
/// symbols `*~$=U` are drawn again, so the code is made of `0-9A-Z` without `I`, `L`, `O`,
/// `U`, plus `sep`: safe in a shell, a URL and a spreadsheet. The check symbol counts as a
/// symbol of the last group; `group_size=0` writes no separator.
///
/// Raises `TypeError` if `length` or `group_size` is not an int (a bool is not) or `sep` not
/// a str, and `ValueError` if `length` is below 1 or too large for memory, `group_size`
/// negative, or `sep` not one character or one that would be read as part of a code (`0-9`,
/// `A-Z`, `a-z`, `*~$=`).
#[pyfunction]
#[pyo3(
    signature = (*, length = Opt::Absent, group_size = Opt::Absent, sep = Opt::Absent),
    text_signature = "(*, length=12, group_size=4, sep='-')"
)]
pub(crate) fn generate_checksummed_id<'py>(
    py: Python<'py>,
    length: Opt<'py>,
    group_size: Opt<'py>,
    sep: Opt<'py>,
) -> PyResult<Bound<'py, PyString>> {
    let mut options = Options::default();
    if let Some(length) = length.given() {
        options.length = match args::size(length, "length")? {
            // 0 passes here: `generate_with` refuses it with its own error.
            Ok(length) => length,
            Err(int) if int.negative => {
                return Err(args::out_of_range("length", int, Error::ZeroLength));
            }
            Err(int) => {
                let error = Error::TooLong { length: usize::MAX };
                return Err(args::out_of_range("length", int, error));
            }
        };
    }
    if let Some(group_size) = group_size.given() {
        options.group_size = match args::size(group_size, "group_size")? {
            Ok(group_size) => group_size,
            Err(int) if int.negative => {
                return Err(PyValueError::new_err(format!(
                    "group_size {int} is out of range: a group has 1 or more symbols, or 0 for no groups"
                )));
            }
            // More symbols per group than any code has: one group.
            Err(_) => usize::MAX,
        };
    }
    if let Some(sep) = sep.given() {
        options.sep = args::separator(sep)?;
    }
    let code = checksummed_id::generate_with(&options).map_err(options_error)?;
    Ok(PyString::new(py, &code))
}

/// Whether `identifier` is a code with a correct check symbol once every `sep` is removed.
///
/// The symbols are read in either case, with `O` as `0` and `I`, `L` as `1`; `sep` may appear
/// anywhere, any number of times; the last symbol is the check symbol, any of the 37 (the
/// extra `*~$=U` too, so codes from other implementations verify). Returns `False`, and never
/// raises, for anything else: a value that is not a str, an empty string, a non-ASCII
/// character (the dotless `ı` is not an `I`), a check symbol inside the payload. The length is
/// not checked.
///
/// Raises `TypeError` if `sep` is not a str and `ValueError` if it is not one character.
#[pyfunction]
#[pyo3(signature = (identifier, *, sep = Opt::Absent), text_signature = "(identifier, *, sep='-')")]
pub(crate) fn verify_checksummed_id<'py>(
    identifier: &Bound<'py, PyAny>,
    sep: Opt<'py>,
) -> PyResult<bool> {
    let sep = sep.read_or(Options::default().sep, args::separator)?;
    let Ok(identifier) = identifier.cast::<PyString>() else {
        return Ok(false);
    };
    // A lone surrogate has no UTF-8: such a string is no code.
    Ok(identifier
        .to_cow()
        .is_ok_and(|text| checksummed_id::verify_with(&text, sep)))
}

/// `checksummed_id` itself if it is a code with a correct check symbol once every `sep` is
/// removed (read as `verify_checksummed_id` reads it), as a plain `str`, kept as given.
///
/// Raises `TypeError` if `checksummed_id` or `sep` is not a str, and `ValueError` naming the
/// first rule the code breaks (no symbols, no payload, a character that is not a symbol and
/// its byte index, a check symbol that does not match), or a bad `sep`.
#[pyfunction]
#[pyo3(
    signature = (checksummed_id, *, sep = Opt::Absent),
    text_signature = "(checksummed_id, *, sep='-')"
)]
pub(crate) fn parse_checksummed_id<'py>(
    py: Python<'py>,
    checksummed_id: &Bound<'py, PyAny>,
    sep: Opt<'py>,
) -> PyResult<Bound<'py, PyString>> {
    let sep = sep.read_or(Options::default().sep, args::separator)?;
    let text = args::text(checksummed_id, "checksummed_id")?;
    checksummed_id::check_with(&text, sep)
        .map_err(|error| args::parse_error("checksummed_id", checksummed_id, error))?;
    Ok(PyString::new(py, &text))
}
