//! What the two Snowflake generators of the package, `SnowflakeIdGenerator` and
//! `LeasedSnowflakeIdGenerator`, share: an id from the clock or an explicit `timestamp_ms`,
//! a batch of ids made with the GIL released, and the error of a `timestamp_ms` past `u64`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use snowflake::SnowflakeId;

use crate::args;
use crate::exact::Int;

/// The id of `generate(timestamp_ms=...)`: from the clock (`now`) without a timestamp, else
/// from the reading (`at`); a timestamp past `u64` is out of range, named as given. The
/// generators' errors become Python errors through `error`, with the int given when it is past
/// `u64` (the crates' own messages name every other timestamp out of range as given).
pub(crate) fn generated_id<E>(
    timestamp_ms: Option<&Bound<'_, PyAny>>,
    now: impl FnOnce() -> Result<SnowflakeId, E>,
    at: impl Fn(u64) -> Result<SnowflakeId, E>,
    error: impl Fn(E, Option<&Int>) -> PyErr,
) -> PyResult<u64> {
    let id = match timestamp_ms {
        None => now().map_err(|e| error(e, None))?,
        Some(timestamp) => match args::u64_or_int(timestamp, "timestamp_ms", "an int or None")? {
            Ok(value) => at(value).map_err(|e| error(e, None))?,
            Err(int) => return Err(past_u64(&int, at, |e| error(e, Some(&int)))),
        },
    };
    Ok(u64::from(id))
}

/// The error for a `timestamp_ms` past `u64`: the generator still says first whether it may
/// serve here (forked, lease lost), and a reading out of range leaves its sequence as it was.
pub(crate) fn past_u64<E>(
    int: &Int,
    generate_at: impl FnOnce(u64) -> Result<SnowflakeId, E>,
    error: impl FnOnce(E) -> PyErr,
) -> PyErr {
    match generate_at(u64::MAX) {
        Err(e) => error(e),
        Ok(_) => PyValueError::new_err(format!("timestamp_ms {int} is out of range")),
    }
}

/// `n` ids (`n` as the caller gave it), made by `fill` into a buffer of that many with the GIL
/// released, as a list of ints; `fill`'s error becomes the Python error `error` makes of it.
pub(crate) fn generated_ids<'py, E: Send>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    fill: impl FnOnce(&mut [SnowflakeId]) -> Result<(), E> + Send,
    error: impl FnOnce(E) -> PyErr,
) -> PyResult<Bound<'py, PyList>> {
    let n = args::count(n)?;
    let mut ids: Vec<SnowflakeId> = Vec::new();
    ids.try_reserve_exact(n).map_err(|_| args::too_many(n))?;
    ids.resize(n, SnowflakeId::MIN);
    py.detach(|| fill(&mut ids)).map_err(error)?;
    PyList::new(py, ids.into_iter().map(u64::from))
}
