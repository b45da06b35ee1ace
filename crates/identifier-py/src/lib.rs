//! The Python package `identifier`: the API of the workspace's design (its seed is a Python
//! package) over the workspace's crates, as a CPython extension built with maturin for the
//! stable ABI of CPython 3.10 and later.
//!
//! | Python | Rust |
//! |---|---|
//! | `generate_ulid(*, timestamp_ms=None)`, `generate_ulids(n)`, `extract_ulid_timestamp_ms(ulid)` | [`ulid::try_generate`], [`ulid::generate_at`], [`ulid::try_fill`], [`ulid::extract_timestamp_ms`] |
//! | `generate_uuid7(*, timestamp_ms=None)`, `generate_uuid7s(n)`, `extract_uuid7_timestamp_ms(uuid7)` | [`uuid7::try_generate`], [`uuid7::generate_at`], [`uuid7::try_fill`], [`uuid7::extract_timestamp_ms`] |
//! | `generate_object_id(*, timestamp_s=None)`, `generate_object_ids(n)`, `extract_object_id_timestamp_s(object_id)` | [`objectid::try_generate`], [`objectid::generate_at`], [`objectid::try_fill`], [`objectid::extract_timestamp_s`] |
//! | `SnowflakeIdGenerator(*, worker_id)`, `.generate(*, timestamp_ms=None)`, `.generate_ids(n)`, `extract_snowflake_timestamp_ms(snowflake_id)` | [`snowflake::SnowflakeIdGenerator`], [`snowflake::extract_timestamp_ms`] |
//! | `SnowflakeIdGenerator.leased(dsn, *, table, ttl_s)`: `LeasedSnowflakeIdGenerator` (`.generate`, `.generate_ids`, `.worker_id`, `.state`, `.release()`, `with`), `LeaseError` | [`snowflake_lease::LeasedGenerator`], [`snowflake_lease::LeaseConfig`] |
//! | `generate_checksummed_id(*, length=12, group_size=4, sep="-")`, `verify_checksummed_id(identifier, *, sep="-")` | [`checksummed_id::generate_with`], [`checksummed_id::verify_with`] |
//! | `generate_stable_content_id(data, *, registry=None, length=64, ignore_unhashable=False)`, `generate_stable_uuid5(data, *, registry=None, namespace=..., ignore_unhashable=False)` | [`content_id::generate_with`], [`content_id::generate_uuid5_with`] |
//!
//! Options are keyword-only and checked as the seed checks them: a value of the wrong type is
//! a `TypeError` (a `bool` is not an `int`), a value out of range a `ValueError`, each naming
//! the parameter. An argument is read by its base type's value, with no method of its class
//! (an `int` subclass is its `int` value: see `exact`). The batch functions generate with the
//! GIL released. The package is built
//! and tested by `crates/identifier-py/run-tests.sh`; this crate has no Rust tests of its own.

mod args;
mod checksummed;
mod content;
mod exact;
mod fastcall;
mod inputs;
mod lease;
mod policy;
mod snowflake_generator;
mod snowflake_ids;
mod text;
mod time_ordered;

use pyo3::prelude::*;

/// The extension module `identifier._identifier`, re-exported by the package `identifier`.
///
/// The module declares that it uses the GIL: it is tested on CPython with the GIL only. A
/// free-threaded release (`gil_used = false`) needs a cp314t wheel and a stress test of every
/// generator and of the content walk from many threads on a free-threaded interpreter.
#[pymodule]
#[pyo3(name = "_identifier", gil_used = true)]
fn identifier_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    time_ordered::add(m)?;
    inputs::add(m)?;
    m.add_function(wrap_pyfunction!(policy::generation_policy, m)?)?;
    m.add_class::<snowflake_generator::SnowflakeIdGenerator>()?;
    m.add_class::<lease::LeasedSnowflakeIdGenerator>()?;
    m.add("LeaseError", m.py().get_type::<lease::LeaseError>())?;
    m.add_function(wrap_pyfunction!(
        snowflake_generator::extract_snowflake_timestamp_ms,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(checksummed::generate_checksummed_id, m)?)?;
    m.add_function(wrap_pyfunction!(checksummed::verify_checksummed_id, m)?)?;
    m.add_function(wrap_pyfunction!(checksummed::parse_checksummed_id, m)?)?;
    m.add_function(wrap_pyfunction!(content::generate_stable_content_id, m)?)?;
    m.add_function(wrap_pyfunction!(content::generate_stable_uuid5, m)?)?;
    Ok(())
}
