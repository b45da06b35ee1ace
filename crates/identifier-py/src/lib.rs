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
//!
//! | Python, besides the seed's API | Rust |
//! |---|---|
//! | `ulid_from_parts(timestamp_ms, random)`, `uuid7_from_parts(timestamp_ms, counter)`, `object_id_from_parts(timestamp_s, counter)`, `snowflake_id_from_parts(timestamp_ms, worker_id, sequence)` | [`ulid::Ulid::from_parts`], [`uuid7::Uuid7::from_parts`], [`objectid::ObjectId::from_parts`], [`snowflake::SnowflakeId::from_parts`] |
//! | `min_ulid_at(timestamp_ms)`, `max_ulid_at`, `min_uuid7_at`, `max_uuid7_at`, `min_object_id_at(timestamp_s)`, `max_object_id_at`, `min_snowflake_id_at`, `max_snowflake_id_at` (an int, or an aware `datetime` turned into one by `identifier/_bounds.py`) | [`ulid::Ulid::min_at_ms`], [`ulid::Ulid::max_at_ms`], the same of `Uuid7` and `SnowflakeId`, [`objectid::ObjectId::min_at_s`], [`objectid::ObjectId::max_at_s`] |
//! | `ulid_to_uuid(ulid, *, compliant=False)`, `ulid_from_uuid(value)`, `generate_uuid7(as_uuid=True)` | [`ulid::Ulid::to_u128`] (the same bits), [`uuid7::Uuid7::from_ulid_compliant`], [`ulid::Ulid::from_u128`] |
//!
//! # Unsafe code
//!
//! The crate denies `unsafe_code`, and allows it in two places. Each block has a `// SAFETY:`
//! argument just above it and each `unsafe fn` a `# Safety` section;
//! `tests/test_unsafe_code.py` counts them per file against this table.
//!
//! | file | `unsafe` blocks | `unsafe fn` | what, and why it is kept |
//! |---|---|---|---|
//! | `fastcall.rs` | 5 | 3 | The entry points of `generate_ulid()`, `generate_uuid7()` and `generate_object_id()` called without arguments: a builtin of CPython's `METH_FASTCALL` convention made with `PyCFunction_NewEx`, the `str` made with `PyUnicode_FromStringAndSize`, and for any other call the checked PyO3 function, called with the arguments rebuilt as a tuple and a dict (`call_checked`). The three `unsafe fn`s are `call_checked`, `new_str` and the entry point the macro defines (one definition, three instances). Kept for a measured 19 to 24 % a call against PyO3's own function, whose trampoline and keyword parser ran before every generator (`bench.py`'s rows; BENCHMARKS.md, "In Python"). |
//! | `exact.rs` | 3 | 0 | An `int` read with `PyLong_AsLongLongAndOverflow`, which gives its value, or past 64 bits its sign, with no exception raised and no method of the int's class called (PyO3's `extract::<i64>` raises and drops an `OverflowError` there and tells no sign); and a `dict`'s entries read with `PyDict_Next`, each taken as an owned reference at once, because PyO3's safe dict iterator panics when the dict changes size during the walk, which a finalizer or `gc.callbacks` can make happen, where the package raises `RuntimeError` as Python's own iteration does (`tests/test_user_code.py`). Kept not for speed but for the package's rule: read an argument without running the caller's code, and never panic. |
//!
//! The other reads of `exact.rs` (a set's size, whether a type is `uuid.UUID` or a subclass)
//! and the `str`s and lists of every other function go through PyO3's safe API.

#![deny(unsafe_code)]

mod args;
mod checksummed;
mod content;
mod exact;
// The fast-call entry points: CPython's C API without PyO3 (see "Unsafe code" above).
#[allow(unsafe_code)]
mod fastcall;
mod inputs;
mod lease;
mod parts;
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
    parts::add(m)?;
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
