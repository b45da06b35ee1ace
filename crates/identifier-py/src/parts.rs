//! Ids of given fields, for backfills and frameworks: each format's `from_parts`, and the
//! smallest and the largest id of an instant (`min_at_ms`, `max_at_ms`; `min_at_s`, `max_at_s`
//! for ObjectIds). Each is the Rust crate's function with Python arguments, and its range
//! errors become `ValueError`s that name the argument and the range.

use objectid::ObjectId;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use snowflake::SnowflakeId;
use ulid::Ulid;
use uuid7::Uuid7;

use crate::args;
use crate::exact::Int;
use crate::text;

/// An `int` argument, and the value the Rust crate is given for it: the value itself, or one
/// past every range (`u64::MAX`) for an int that is negative or too large, whose error then
/// shows the int as given.
fn int_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<(Int, u64)> {
    let int = args::int_value(obj, name, "an int")?;
    Ok((int, int.to_u64().unwrap_or(u64::MAX)))
}

/// A small `int` argument (a worker id, a sequence), as [`int_arg`] reads it, for a `u16`.
fn u16_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<(Int, u16)> {
    let (int, value) = int_arg(obj, name)?;
    Ok((int, u16::try_from(value).unwrap_or(u16::MAX)))
}

/// The `ValueError` of a Rust crate's error about the argument `name`, given as `int`.
fn out_of_range(name: &str, int: &Int, error: impl std::fmt::Display) -> PyErr {
    args::out_of_range(name, int, error)
}

/// The ULID of a timestamp and a random part: `timestamp_ms`, an int from 0 to 2**48 - 1
/// (milliseconds since the Unix epoch), and `random`, an int from 0 to 2**80 - 1, the 80 bits
/// below it. Its canonical text, as `generate_ulid` returns it.
///
/// For backfills (an id that carries a record's own time) and for tests. Raises `TypeError` if
/// an argument is not an int (a bool is not), and `ValueError` naming the argument and its
/// range if it is out of range (checked in that order).
#[pyfunction]
pub(crate) fn ulid_from_parts<'py>(
    py: Python<'py>,
    timestamp_ms: &Bound<'py, PyAny>,
    random: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyString>> {
    let (ms, ms_value) = int_arg(timestamp_ms, "timestamp_ms")?;
    let random = args::int_value(random, "random", "an int")?;
    match Ulid::from_parts(ms_value, random.to_u128().unwrap_or(u128::MAX)) {
        Ok(id) => text::str_of(py, id),
        Err(error @ ulid::Error::RandomOutOfRange { .. }) => {
            Err(out_of_range("random", &random, error))
        }
        Err(error) => Err(out_of_range("timestamp_ms", &ms, error)),
    }
}

/// The UUIDv7 of a timestamp and a counter: `timestamp_ms`, an int from 0 to 2**48 - 1, and
/// `counter`, an int from 0 to 2**74 - 1, whose top 12 bits go to `rand_a` and low 62 to
/// `rand_b`, around version 7 and variant `10`. Its canonical text, as `generate_uuid7` returns
/// it.
///
/// Raises `TypeError` if an argument is not an int (a bool is not), and `ValueError` naming the
/// argument and its range if it is out of range (checked in that order).
#[pyfunction]
pub(crate) fn uuid7_from_parts<'py>(
    py: Python<'py>,
    timestamp_ms: &Bound<'py, PyAny>,
    counter: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyString>> {
    let (ms, ms_value) = int_arg(timestamp_ms, "timestamp_ms")?;
    let counter = args::int_value(counter, "counter", "an int")?;
    match Uuid7::from_parts(ms_value, counter.to_u128().unwrap_or(u128::MAX)) {
        Ok(id) => text::str_of(py, id),
        Err(error @ uuid7::Error::CounterOutOfRange { .. }) => {
            Err(out_of_range("counter", &counter, error))
        }
        Err(error) => Err(out_of_range("timestamp_ms", &ms, error)),
    }
}

/// The ObjectId of a timestamp and a counter: `timestamp_s`, an int from 0 to 2**32 - 1
/// (seconds since the Unix epoch), and `counter`, an int from 0 to 2**64 - 1, the 8 bytes after
/// it (where MongoDB has its process value and 3-byte counter). Its 24 lower-case hex
/// characters, as `generate_object_id` returns them.
///
/// Raises `TypeError` if an argument is not an int (a bool is not), and `ValueError` naming the
/// argument and its range if it is out of range (checked in that order).
#[pyfunction]
pub(crate) fn object_id_from_parts<'py>(
    py: Python<'py>,
    timestamp_s: &Bound<'py, PyAny>,
    counter: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyString>> {
    let (s, s_value) = int_arg(timestamp_s, "timestamp_s")?;
    let counter = args::int_value(counter, "counter", "an int")?;
    match (
        ObjectId::from_parts(s_value, counter.to_u64().unwrap_or(0)),
        counter.to_u64(),
    ) {
        (Err(error), _) => Err(out_of_range("timestamp_s", &s, error)),
        // Every u64 is a counter, so the crate has no error for one: its range is the integer's.
        (Ok(_), None) => Err(PyValueError::new_err(format!(
            "counter {counter} is out of range: an ObjectId holds 0 to {} (64 bits)",
            ObjectId::MAX_COUNTER
        ))),
        (Ok(id), Some(_)) => text::str_of(py, id),
    }
}

/// The Snowflake id of a timestamp, a worker id and a sequence: `timestamp_ms`, an int from
/// 1704067200000 (2024-01-01T00:00:00Z) to 3903090455551 (41 bits of milliseconds after it);
/// `worker_id`, 0 to 1023; `sequence`, 0 to 4095. The id as an int, as
/// `SnowflakeIdGenerator.generate` returns it.
///
/// For a backfill whose ids carry each record's own time: under a worker id no live generator
/// uses, with a sequence the backfill keeps per millisecond (a generator's `generate` keeps its
/// ids in order instead, and does not put a timestamp behind its last one into an id). Raises
/// `TypeError` if an argument is not an int (a bool is not), and `ValueError` naming the
/// argument and its range if it is out of range (checked in that order).
#[pyfunction]
pub(crate) fn snowflake_id_from_parts(
    timestamp_ms: &Bound<'_, PyAny>,
    worker_id: &Bound<'_, PyAny>,
    sequence: &Bound<'_, PyAny>,
) -> PyResult<u64> {
    let (ms, ms_value) = int_arg(timestamp_ms, "timestamp_ms")?;
    let (worker, worker_value) = u16_arg(worker_id, "worker_id")?;
    let (seq, seq_value) = u16_arg(sequence, "sequence")?;
    SnowflakeId::from_parts(ms_value, worker_value, seq_value)
        .map(u64::from)
        .map_err(|error| match error {
            snowflake::Error::WorkerIdOutOfRange { .. } => {
                out_of_range("worker_id", &worker, error)
            }
            snowflake::Error::SequenceOutOfRange { .. } => out_of_range("sequence", &seq, error),
            _ => out_of_range("timestamp_ms", &ms, error),
        })
}

/// What the bound functions of the package's `min_*_at` and `max_*_at` accept besides an
/// `aware datetime`, which the Python side turns into this int first.
const TIMESTAMP: &str = "an int or an aware datetime";

/// The smallest (`largest` false) or the largest ULID of the millisecond `timestamp_ms` (an
/// int): the body of `identifier.min_ulid_at` and `max_ulid_at`, which also take a datetime.
#[pyfunction]
#[pyo3(name = "_ulid_at", signature = (timestamp_ms, largest, /))]
pub(crate) fn ulid_at<'py>(
    py: Python<'py>,
    timestamp_ms: &Bound<'py, PyAny>,
    largest: bool,
) -> PyResult<Bound<'py, PyString>> {
    let bound = if largest {
        Ulid::max_at_ms
    } else {
        Ulid::min_at_ms
    };
    text::str_of(
        py,
        args::checked_u64(timestamp_ms, "timestamp_ms", TIMESTAMP, bound)?,
    )
}

/// The smallest or the largest UUIDv7 of the millisecond `timestamp_ms` (an int): the body of
/// `identifier.min_uuid7_at` and `max_uuid7_at`.
#[pyfunction]
#[pyo3(name = "_uuid7_at", signature = (timestamp_ms, largest, /))]
pub(crate) fn uuid7_at<'py>(
    py: Python<'py>,
    timestamp_ms: &Bound<'py, PyAny>,
    largest: bool,
) -> PyResult<Bound<'py, PyString>> {
    let bound = if largest {
        Uuid7::max_at_ms
    } else {
        Uuid7::min_at_ms
    };
    text::str_of(
        py,
        args::checked_u64(timestamp_ms, "timestamp_ms", TIMESTAMP, bound)?,
    )
}

/// The smallest or the largest ObjectId of the second `timestamp_s` (an int): the body of
/// `identifier.min_object_id_at` and `max_object_id_at`.
#[pyfunction]
#[pyo3(name = "_object_id_at", signature = (timestamp_s, largest, /))]
pub(crate) fn object_id_at<'py>(
    py: Python<'py>,
    timestamp_s: &Bound<'py, PyAny>,
    largest: bool,
) -> PyResult<Bound<'py, PyString>> {
    let bound = if largest {
        ObjectId::max_at_s
    } else {
        ObjectId::min_at_s
    };
    text::str_of(
        py,
        args::checked_u64(timestamp_s, "timestamp_s", TIMESTAMP, bound)?,
    )
}

/// The smallest or the largest Snowflake id of the millisecond `timestamp_ms` (an int): the
/// body of `identifier.min_snowflake_id_at` and `max_snowflake_id_at`.
#[pyfunction]
#[pyo3(name = "_snowflake_id_at", signature = (timestamp_ms, largest, /))]
pub(crate) fn snowflake_id_at(timestamp_ms: &Bound<'_, PyAny>, largest: bool) -> PyResult<u64> {
    let bound = if largest {
        SnowflakeId::max_at_ms
    } else {
        SnowflakeId::min_at_ms
    };
    args::checked_u64(timestamp_ms, "timestamp_ms", TIMESTAMP, bound).map(u64::from)
}

/// Adds the functions of this module to `module`.
pub(crate) fn add(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(ulid_from_parts, module)?)?;
    module.add_function(wrap_pyfunction!(uuid7_from_parts, module)?)?;
    module.add_function(wrap_pyfunction!(object_id_from_parts, module)?)?;
    module.add_function(wrap_pyfunction!(snowflake_id_from_parts, module)?)?;
    module.add_function(wrap_pyfunction!(ulid_at, module)?)?;
    module.add_function(wrap_pyfunction!(uuid7_at, module)?)?;
    module.add_function(wrap_pyfunction!(object_id_at, module)?)?;
    module.add_function(wrap_pyfunction!(snowflake_id_at, module)?)?;
    Ok(())
}
