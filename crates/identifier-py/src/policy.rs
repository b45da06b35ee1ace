//! `generation_policy`: how each time-ordered format's generator makes ids, as text.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::args;

/// The formats of `generation_policy`, as its argument names them.
const FORMATS: &str = "\"ulid\", \"uuid7\", \"objectid\" or \"snowflake\"";

/// How this package generates ids of `format` (`"ulid"`, `"uuid7"`, `"objectid"` or
/// `"snowflake"`): the bit layout, the clock and how it is read, the counter, the rule for a
/// clock that steps back, the crate and its version, and how a forked child is detected. The
/// text is what `identifier <format> --policy` prints. Record it beside stored ids, so that
/// what their order means can be told later.
///
/// Raises `TypeError` if `format` is not a str and `ValueError` if it names no format.
#[pyfunction]
pub(crate) fn generation_policy(format: &Bound<'_, PyAny>) -> PyResult<String> {
    let name = args::string(format, "format")?;
    Ok(match &*name {
        "ulid" => ulid::POLICY.to_string(),
        "uuid7" => uuid7::POLICY.to_string(),
        "objectid" => objectid::POLICY.to_string(),
        "snowflake" => snowflake::POLICY.to_string(),
        other => {
            return Err(PyValueError::new_err(format!(
                "format {other:?} is not a format with a generator: expected {FORMATS}"
            )));
        }
    })
}
