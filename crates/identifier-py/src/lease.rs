//! `SnowflakeIdGenerator.leased(...)`: `LeasedSnowflakeIdGenerator`, a Snowflake generator
//! whose worker id is leased from a store ([`snowflake_lease::LeasedGenerator`]: a PostgreSQL
//! or MySQL/MariaDB table, or a directory of the host), and the exception `LeaseError`.
//!
//! The Rust generator is consumed by its `release`, so the Python object holds it in an
//! `RwLock<Option<_>>`: `generate` and `state` read it, `release` takes it out. The lock is
//! never held while waiting for the GIL, and it is written only with the GIL held, which a
//! `fork` from Python also holds: a child never inherits it write-locked. A child may inherit it
//! read-locked (a batch running in another thread of the parent), which reading still allows,
//! so `release` in a child raises before it would wait for the write lock.

use std::sync::{PoisonError, RwLock};

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyRange, PyRangeMethods};
use snowflake_lease::{Error, LeaseConfig, LeaseEvent, LeasedGenerator};

use crate::args::{self, Opt};
use crate::exact::Int;
use crate::snowflake_ids::{generated_id, generated_ids};

create_exception!(
    identifier,
    LeaseError,
    PyRuntimeError,
    "A Snowflake worker id lease that could not be acquired, kept or released (a subclass of \
     RuntimeError).\n\n\
     Raised by SnowflakeIdGenerator.leased() when the server cannot be reached, refuses the \
     connection or has no such database, the table has another shape or a statement on it \
     fails, every worker id is held, or the server does not answer within twice the ttl; by \
     release() when freeing the row fails; and by generate() and generate_ids() of a \
     LeasedSnowflakeIdGenerator when it may not serve: its lease is lost (another process \
     holds the worker id: acquire a new lease), expired (no renewal succeeded in time: it \
     serves again once one does), an id would be ahead of the high-water mark written to the \
     lease row (a burst or a reading ahead of the clock: it serves again as renewals raise \
     the mark), the lease was released, or the process is a child forked after the lease was \
     acquired. The message says which; `state['lost']` tells a lost lease from one that may \
     come back."
);

/// The range of `ttl_s`, in seconds: the crate's (300 ms to a day).
const TTL_RANGE_S: (f64, f64) = (0.3, 86_400.0);
const TTL_RULE: &str = "a lease lasts 0.3 to 86400 seconds";
/// The range of `max_clock_skew_s`, in seconds: the crate's (up to a minute).
const SKEW_RANGE_S: (f64, f64) = (0.0, 60.0);
const SKEW_RULE: &str = "a clock skew is 0 to 60 seconds";

/// The Python error of an acquire: `ValueError` naming the argument for a bad one,
/// `LeaseError` for the rest (the server, the table, all held).
fn acquire_error(error: snowflake_lease::LeaseError) -> PyErr {
    match error {
        snowflake_lease::LeaseError::ConnectionString { reason } => PyValueError::new_err(format!(
            "location is not a valid PostgreSQL connection string (key=value pairs or a \
             postgresql:// URL): {reason}"
        )),
        snowflake_lease::LeaseError::Tls { reason } => PyValueError::new_err(format!(
            "location's TLS settings (sslmode, sslrootcert) cannot be used: {reason}"
        )),
        error @ (snowflake_lease::LeaseError::Location { .. }
        | snowflake_lease::LeaseError::MysqlUrl { .. }
        | snowflake_lease::LeaseError::StoreNotBuilt { .. }) => {
            PyValueError::new_err(format!("location is not valid: {error}"))
        }
        error @ snowflake_lease::LeaseError::TableName { .. } => {
            PyValueError::new_err(format!("table is not valid: {error}"))
        }
        error @ snowflake_lease::LeaseError::Setting {
            setting: "max_clock_skew",
            ..
        } => PyValueError::new_err(format!("max_clock_skew_s is out of range: {error}")),
        error @ (snowflake_lease::LeaseError::TtlTooSmall { .. }
        | snowflake_lease::LeaseError::Setting { .. }) => {
            PyValueError::new_err(format!("ttl_s is out of range: {error}"))
        }
        error => LeaseError::new_err(error.to_string()),
    }
}

/// The message of a generator used in a process forked after it acquired its lease.
fn forked_message(worker_id: u16) -> String {
    format!(
        "LeasedSnowflakeIdGenerator cannot be used in a forked process: the lease on worker_id \
         {worker_id} belongs to the parent; acquire a new one in the child with \
         SnowflakeIdGenerator.leased()"
    )
}

/// The message of a generator used after `release()`.
fn released_message(worker_id: u16) -> String {
    format!(
        "the lease on worker_id {worker_id} was released: acquire a new one with \
         SnowflakeIdGenerator.leased()"
    )
}

/// The options of `SnowflakeIdGenerator.leased` besides the location, as given.
pub(crate) struct LeaseOptions<'a, 'py> {
    pub(crate) table: &'a Opt<'py>,
    pub(crate) ttl_s: &'a Opt<'py>,
    pub(crate) max_clock_skew_s: &'a Opt<'py>,
    pub(crate) worker_ids: Option<&'a Bound<'py, PyAny>>,
    pub(crate) on_event: Option<&'a Bound<'py, PyAny>>,
}

/// `worker_ids`: a `range` of step 1, not empty, within `range(0, 1024)`.
fn worker_ids(obj: &Bound<'_, PyAny>) -> PyResult<core::ops::RangeInclusive<u16>> {
    let max = snowflake::SnowflakeId::MAX_WORKER_ID;
    let range = obj.cast::<PyRange>().map_err(|_| {
        PyTypeError::new_err(format!(
            "worker_ids must be a range of worker ids, such as range(96, 128), not {}",
            args::type_name(obj)
        ))
    })?;
    let (start, stop, step) = (range.start()?, range.stop()?, range.step()?);
    let bounds = u16::try_from(start).ok().zip(
        stop.checked_sub(1)
            .and_then(|last| u16::try_from(last).ok()),
    );
    match bounds {
        Some((first, last)) if step == 1 && first <= last && last <= max => Ok(first..=last),
        _ => Err(PyValueError::new_err(format!(
            "worker_ids {} is not a range of worker ids: give a non-empty range of step 1 \
             within range(0, {})",
            obj.repr()?,
            u32::from(max) + 1
        ))),
    }
}

/// A lease event as a dict for the Python callback: the event's name under `event`, its
/// fields, and `message`, its one-line description.
fn event_dict<'py>(py: Python<'py>, event: &LeaseEvent) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    match event {
        LeaseEvent::TableCreated { table } => {
            dict.set_item("event", "table_created")?;
            dict.set_item("table", table)?;
        }
        LeaseEvent::Acquired {
            worker_id,
            store,
            generation,
            floor_ms,
            high_water_ms,
            passed_over,
        } => {
            dict.set_item("event", "acquired")?;
            dict.set_item("worker_id", worker_id)?;
            dict.set_item("store", store)?;
            dict.set_item("generation", generation)?;
            dict.set_item("floor_ms", floor_ms)?;
            dict.set_item("high_water_ms", high_water_ms)?;
            dict.set_item("passed_over", passed_over)?;
        }
        LeaseEvent::LateRenewal {
            worker_id,
            failed_attempts,
            after_expiry,
        } => {
            dict.set_item("event", "late_renewal")?;
            dict.set_item("worker_id", worker_id)?;
            dict.set_item("failed_attempts", failed_attempts)?;
            dict.set_item("after_expiry", after_expiry)?;
        }
        LeaseEvent::Expired { worker_id, reason } => {
            dict.set_item("event", "expired")?;
            dict.set_item("worker_id", worker_id)?;
            dict.set_item("reason", reason)?;
        }
        LeaseEvent::Lost {
            worker_id,
            store,
            reason,
        } => {
            dict.set_item("event", "lost")?;
            dict.set_item("worker_id", worker_id)?;
            dict.set_item("store", store)?;
            dict.set_item("reason", reason)?;
        }
        LeaseEvent::Released { worker_id } => {
            dict.set_item("event", "released")?;
            dict.set_item("worker_id", worker_id)?;
        }
        // An event of a later version of the lease: its description alone.
        _ => dict.set_item("event", "other")?,
    }
    dict.set_item("message", event.to_string())?;
    Ok(dict)
}

/// Calls `on_event` with each event, from whichever thread saw it (the lease's own, mostly),
/// holding the GIL for the call only. An exception it raises goes to `sys.unraisablehook`, and
/// the lease goes on; after the interpreter began to shut down, events are dropped.
fn deliver_events(on_event: Py<PyAny>) -> impl Fn(&LeaseEvent) + Send + Sync + 'static {
    move |event| {
        let _ = Python::try_attach(|py| {
            let outcome = event_dict(py, event).and_then(|dict| on_event.call1(py, (dict,)));
            if let Err(error) = outcome {
                error.write_unraisable(py, Some(on_event.bind(py)));
            }
        });
    }
}

/// Acquires a lease: the body of `SnowflakeIdGenerator.leased`, which documents it.
pub(crate) fn leased(
    py: Python<'_>,
    location: &Bound<'_, PyAny>,
    options: &LeaseOptions<'_, '_>,
) -> PyResult<LeasedSnowflakeIdGenerator> {
    let LeaseOptions {
        table,
        ttl_s,
        max_clock_skew_s,
        worker_ids: ids,
        on_event,
    } = *options;
    let location = args::string(location, "location")?;
    let mut config = LeaseConfig::new(&location);
    if let Some(ids) = ids {
        config = config.worker_ids(worker_ids(ids)?);
    }
    if let Some(on_event) = on_event {
        if !on_event.is_callable() {
            return Err(PyTypeError::new_err(format!(
                "on_event must be a callable taking one dict, not {}",
                args::type_name(on_event)
            )));
        }
        config = config.on_event(deliver_events(on_event.clone().unbind()));
    }
    if let Some(table) = table.given() {
        config = config.table(&args::string(table, "table")?);
    }
    // The margin is the crate's default: a tenth of the ttl, at most 1 s.
    if let Some(ttl_s) = ttl_s.given() {
        config = config.ttl(args::seconds(ttl_s, "ttl_s", TTL_RANGE_S, TTL_RULE)?);
    }
    if let Some(skew) = max_clock_skew_s.given() {
        config = config.max_clock_skew(args::seconds(
            skew,
            "max_clock_skew_s",
            SKEW_RANGE_S,
            SKEW_RULE,
        )?);
    }
    // A few round trips and about the skew, up to the acquire timeout (twice the ttl plus the
    // skew) against a server that does not answer.
    let generator = py
        .detach(|| LeasedGenerator::acquire(&config))
        .map_err(acquire_error)?;
    let state = generator.state();
    Ok(LeasedSnowflakeIdGenerator {
        worker_id: state.worker_id,
        generation: state.generation,
        store: state.store,
        pid: std::process::id(),
        slot: RwLock::new(Some(generator)),
    })
}

/// Strictly increasing Snowflake ids (`int`) under a worker id leased from a store (a
/// PostgreSQL or MySQL/MariaDB table, or a directory of the host), so that no other process
/// generating at the same time uses it. Made by `SnowflakeIdGenerator.leased(location, *,
/// table=..., ttl_s=...)`; not constructed directly.
///
/// The ids are those of a `SnowflakeIdGenerator` (same layout, same order, shared between
/// threads), and the lease adds refusals rather than risk a duplicate: `generate` and
/// `generate_ids` raise `LeaseError` when the lease is lost (another process holds the row:
/// acquire a new lease), expired (no renewal succeeded in time, for example while the server
/// is unreachable: it serves again once one succeeds), or when an id would be ahead of the
/// high-water mark last written to the row (a burst, or a `timestamp_ms` ahead of the clock;
/// the mark follows the clock at each renewal). A background thread renews the lease every
/// `ttl_s / 3`; `generate` only reads what it wrote, never the network.
///
/// `release()` frees the worker id at once, and so does leaving a `with` block; a generator
/// that is neither released nor garbage collected keeps its worker id until `ttl_s` after its
/// process ended. After `release()`, `generate`, `generate_ids` and `state` raise
/// `LeaseError`; `worker_id` and `repr` still answer.
///
/// In a child process forked after the lease was acquired, the lease stays the parent's:
/// `generate`, `generate_ids` and `release` raise `LeaseError` (a `RuntimeError`). Acquire a
/// lease in the child instead.
///
/// `state` is a dict (`identifier.LeaseState`): `worker_id`, `generation` (incremented by
/// every acquisition of the worker id), `store`, `floor_ms` and `high_water_ms` (the range of
/// timestamps, in ms since the Unix epoch, this holder may serve now), `took_over_ahead`,
/// `lost`, `time_left_s` (float, or None once expired or lost), `last_renewal_error` (str,
/// or None after a successful renewal), `forked`, `clock_ahead_ms`, and the counts
/// `renewals`, `late_renewals`, `failed_renewals` and `refused`.
#[pyclass(frozen, module = "identifier", name = "LeasedSnowflakeIdGenerator")]
pub(crate) struct LeasedSnowflakeIdGenerator {
    worker_id: u16,
    generation: u64,
    store: String,
    /// The process that acquired the lease: `release` in another (a forked child) must not
    /// touch the lock (see the module's documentation).
    pid: u32,
    /// `None` once released.
    slot: RwLock<Option<LeasedGenerator>>,
}

impl LeasedSnowflakeIdGenerator {
    /// Runs `use_it` on the generator, or gives the error of a released one.
    fn with<T>(&self, use_it: impl FnOnce(&LeasedGenerator) -> PyResult<T>) -> PyResult<T> {
        let slot = self.slot.read().unwrap_or_else(PoisonError::into_inner);
        match slot.as_ref() {
            Some(generator) => use_it(generator),
            None => Err(LeaseError::new_err(released_message(self.worker_id))),
        }
    }

    /// The Python error of a generator's error: `LeaseError` for the lease's refusals and a
    /// fork, `ValueError` for a timestamp out of range (`value` as the caller wrote it).
    fn generate_error(&self, error: Error, value: Option<&Int>) -> PyErr {
        match (error, value) {
            (Error::Forked, _) => LeaseError::new_err(forked_message(self.worker_id)),
            (
                Error::LeaseLost { .. } | Error::LeaseExpired { .. } | Error::AheadOfLease { .. },
                _,
            ) => LeaseError::new_err(error.to_string()),
            (Error::Timestamp(_), Some(value)) => args::out_of_range("timestamp_ms", value, error),
            (Error::Timestamp(_) | Error::BatchTooLarge { .. }, None) => {
                PyValueError::new_err(error.to_string())
            }
            (error, _) => PyRuntimeError::new_err(error.to_string()),
        }
    }

    /// The repr's description of the lease: the crate's one line, or the released lease.
    fn describe(&self) -> String {
        let slot = self.slot.read().unwrap_or_else(PoisonError::into_inner);
        match slot.as_ref() {
            Some(generator) => generator.state().to_string(),
            None => format!(
                "worker_id {} (generation {}) of {:?}: released",
                self.worker_id, self.generation, self.store
            ),
        }
    }
}

#[pymethods]
impl LeasedSnowflakeIdGenerator {
    /// How this generator makes ids: a Snowflake generator's policy (see `generation_policy`)
    /// but for the clock, which for a leased generator is the boot clock from the lease's
    /// floor. Record it beside the ids.
    #[getter]
    fn policy(&self) -> String {
        snowflake_lease::LeasedGenerator::POLICY.to_string()
    }

    /// The leased worker id written into every id of this generator (it stays readable
    /// after `release()`).
    #[getter]
    fn worker_id(&self) -> u16 {
        self.worker_id
    }

    /// The lease as it stands, a dict (`identifier.LeaseState`): `worker_id`, `generation`,
    /// `store` (the table, with its schema or database, or the directory), `floor_ms`, `high_water_ms`, `took_over_ahead`, `lost`, `time_left_s` (None
    /// once expired or lost, and in a forked child), `last_renewal_error` (None after a
    /// successful renewal), `forked` (a child forked after the lease was acquired: the lease
    /// is the parent's), `clock_ahead_ms` (this host's clock minus the database's at the last
    /// renewal), and the counts `renewals`, `late_renewals`, `failed_renewals` and `refused`.
    ///
    /// Raises `LeaseError` after `release()`.
    #[getter]
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let state = self.with(|generator| Ok(generator.state()))?;
        let dict = PyDict::new(py);
        dict.set_item("worker_id", state.worker_id)?;
        dict.set_item("generation", state.generation)?;
        dict.set_item("store", state.store)?;
        dict.set_item("floor_ms", state.floor_ms)?;
        dict.set_item("high_water_ms", state.high_water_ms)?;
        dict.set_item("took_over_ahead", state.took_over_ahead)?;
        dict.set_item("lost", state.lost)?;
        dict.set_item(
            "time_left_s",
            state.time_left.map(|left| left.as_secs_f64()),
        )?;
        dict.set_item("last_renewal_error", state.last_renewal_error)?;
        dict.set_item("forked", state.forked)?;
        dict.set_item("clock_ahead_ms", state.clock_ahead_ms)?;
        for (name, count) in [
            ("renewals", state.renewals),
            ("late_renewals", state.late_renewals),
            ("failed_renewals", state.failed_renewals),
            ("refused", state.refused),
        ] {
            dict.set_item(name, count)?;
        }
        Ok(dict)
    }

    /// The next id, an int below 2**63, greater than every id this generator returned before.
    ///
    /// Without `timestamp_ms` the clock is read (raised to the lease's floor: a lease taken
    /// over from a holder that ran ahead of the clock continues above it). `timestamp_ms`
    /// (milliseconds since the Unix epoch) stands for the clock reading, as in
    /// `SnowflakeIdGenerator.generate`; a reading above the high-water mark is refused, and
    /// later calls stay refused until the mark passes it.
    ///
    /// Raises `LeaseError` if the lease is lost, expired or released, if the id would be
    /// ahead of the high-water mark, or in a child process forked after the lease was
    /// acquired; `TypeError` if `timestamp_ms` is not an int (a bool is not), and `ValueError`
    /// if it (or the clock) is out of range.
    #[pyo3(signature = (*, timestamp_ms = None))]
    fn generate(&self, timestamp_ms: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
        self.with(|generator| {
            generated_id(
                timestamp_ms,
                || generator.generate(),
                |at| generator.generate_at(at),
                |e, int| self.generate_error(e, int),
            )
        })
    }

    /// `n` new ids, in increasing order: the ids of `n` calls to `generate()`, with one clock
    /// reading and one check of the lease, generated with the GIL released.
    ///
    /// Raises `LeaseError` as `generate` does (a batch that borrows milliseconds beyond the
    /// high-water mark is refused too, and its ids are used up), `TypeError` if `n` is not an
    /// int, `ValueError` if it is negative, larger than any ceiling leaves room for (4096 ids
    /// a millisecond over the lease's lead of 6,666 ms: 27,308,032; nothing is
    /// used up) or the clock is out of range, and `MemoryError` if the ids do not fit in
    /// memory.
    #[pyo3(signature = (n, /))]
    fn generate_ids<'py>(
        &self,
        py: Python<'py>,
        n: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        // The lock is taken and let go without the GIL: a thread holding it never waits for
        // the GIL. `None`: released.
        generated_ids(
            py,
            n,
            |ids| {
                let slot = self.slot.read().unwrap_or_else(PoisonError::into_inner);
                let generator = slot.as_ref().ok_or(None)?;
                // One fill: it refuses at once a batch no ceiling leaves room for, and checks
                // every id against the ceiling.
                generator.fill(ids).map_err(Some)
            },
            |error| match error {
                None => LeaseError::new_err(released_message(self.worker_id)),
                Some(error) => self.generate_error(error, None),
            },
        )
    }

    /// Frees the worker id at once (its row stays, with its high-water mark, for the next
    /// holder) and stops the renewal thread; waits for the server with the GIL released, at
    /// most twice the ttl. Does nothing if already released, and leaves a lost lease alone.
    ///
    /// Raises `LeaseError` if the server could not be reached or the statement failed (the
    /// lease then expires by itself `ttl_s` later), or in a child process forked after the
    /// lease was acquired (the lease is the parent's, and stays acquired).
    fn release(&self, py: Python<'_>) -> PyResult<()> {
        if std::process::id() != self.pid {
            return Err(LeaseError::new_err(
                snowflake_lease::LeaseError::Forked {
                    worker_id: self.worker_id,
                }
                .to_string(),
            ));
        }
        // Written with the GIL held: see the module's documentation.
        let taken = self
            .slot
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        match taken {
            None => Ok(()),
            Some(generator) => py
                .detach(|| generator.release())
                .map_err(|error| LeaseError::new_err(error.to_string())),
        }
    }

    /// Returns the generator itself; raises `LeaseError` if it was released.
    fn __enter__(slf: Bound<'_, Self>) -> PyResult<Bound<'_, Self>> {
        slf.get().with(|_| Ok(()))?;
        Ok(slf)
    }

    /// Releases the lease (as `release()`), whatever ended the block; returns False, so an
    /// exception from the block propagates.
    fn __exit__(
        &self,
        py: Python<'_>,
        _exc_type: &Bound<'_, PyAny>,
        _exc_value: &Bound<'_, PyAny>,
        _traceback: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        self.release(py)?;
        Ok(false)
    }

    fn __repr__(&self) -> String {
        format!("<LeasedSnowflakeIdGenerator: {}>", self.describe())
    }
}

/// A generator that is dropped without `release()` releases its lease here (the crate's
/// drop), with the GIL released for the round trip.
impl Drop for LeasedSnowflakeIdGenerator {
    fn drop(&mut self) {
        let taken = self
            .slot
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(generator) = taken {
            // Without an interpreter to detach from, the closure, and the generator in it,
            // is dropped as it is.
            let _ = Python::try_attach(move |py| py.detach(move || drop(generator)));
        }
    }
}
