//! `SnowflakeIdGenerator` and `extract_snowflake_timestamp_ms`.

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use snowflake::Error;

use crate::args::{self, Opt};
use crate::exact::Int;
use crate::lease::{self, LeasedSnowflakeIdGenerator};
use crate::snowflake_ids::{generated_id, generated_ids};

/// Ids generated per lock of the sequence in a batch.
const CHUNK: usize = 1024;

/// The Python error of a generator's error: `RuntimeError` in a forked child, `ValueError`
/// for a timestamp out of range (`value` as the caller wrote it, or the clock's reading).
fn generate_error(error: Error, value: Option<&Int>) -> PyErr {
    match (error, value) {
        (Error::Forked, _) => PyRuntimeError::new_err(error.to_string()),
        (_, Some(value)) => args::out_of_range("timestamp_ms", value, error),
        (_, None) => PyValueError::new_err(error.to_string()),
    }
}

/// Strictly increasing Snowflake ids (`int`) for one worker id, from any number of threads.
///
/// An id is 63 bits: 41 bits of milliseconds since 2024-01-01T00:00:00Z, the 10-bit
/// `worker_id`, then a 12-bit sequence that restarts at 0 on every new millisecond. Create one
/// generator per process, once, with a `worker_id` (0 to 1023) that no other process
/// generating at the same time uses (allocating worker ids is the caller's job), and share
/// it between threads. There is no default worker id and no process-wide generator.
///
/// It never waits for the clock: above 4096 ids in one millisecond, and after the clock steps
/// back, the timestamp runs ahead of the clock until the clock catches up; order and
/// uniqueness hold regardless.
///
/// A child process created by `fork` cannot choose a new worker id for a generator it
/// inherited, and the parent goes on using that worker id: in the child, `generate` raises
/// `RuntimeError` instead of repeating the parent's ids. Create a generator with its own
/// worker id in the child.
///
/// `SnowflakeIdGenerator.leased(dsn)` allocates the worker id instead: it leases one from a
/// PostgreSQL table and returns a `LeasedSnowflakeIdGenerator`.
///
/// Raises `TypeError` if `worker_id` is not an int (a bool is not), and `ValueError` if it is
/// out of range.
#[pyclass(frozen, module = "identifier", name = "SnowflakeIdGenerator")]
pub(crate) struct SnowflakeIdGenerator {
    inner: snowflake::SnowflakeIdGenerator,
}

#[pymethods]
impl SnowflakeIdGenerator {
    #[new]
    #[pyo3(signature = (*, worker_id))]
    fn new(worker_id: &Bound<'_, PyAny>) -> PyResult<Self> {
        let inner = args::checked_u64(worker_id, "worker_id", "an int", |worker_id| {
            snowflake::SnowflakeIdGenerator::new(u16::try_from(worker_id).unwrap_or(u16::MAX))
        })?;
        Ok(SnowflakeIdGenerator { inner })
    }

    /// A generator whose worker id is leased from the store at `location`, so that processes
    /// sharing it never use one worker id at the same time: a `LeasedSnowflakeIdGenerator`,
    /// with `generate`, `generate_ids`, `worker_id`, `state` and `release()`, and a context
    /// manager that releases the lease at the end of the `with` block.
    ///
    /// `location` is one of:
    /// - a PostgreSQL connection string, for hosts sharing a table: `key=value` pairs
    ///   (`host=/run/postgresql dbname=app user=app`; a `host` starting with `/` is a Unix
    ///   socket directory) or a URL (`postgresql://app@db.internal/app`). The client is pure
    ///   Rust, without libpq; TLS follows `sslmode` and `sslrootcert` as in libpq (rustls, no
    ///   system library; use `sslmode=verify-full sslrootcert=ca.pem` against interception).
    /// - a MySQL or MariaDB URL, for hosts sharing a table there:
    ///   `mysql://user:password@host:3306/database`, with `ssl-mode` (`DISABLED`, `PREFERRED`,
    ///   `REQUIRED`, `VERIFY_CA`, `VERIFY_IDENTITY`) and `ssl-ca` as MySQL's clients name them.
    /// - `file:` and a directory of this host, for the processes of one host (prefork
    ///   workers, a process pool, containers sharing a volume): a lock file per worker id,
    ///   on a local filesystem; a process that dies frees its worker id at once.
    ///
    /// `table` is the table of a database store, a plain or qualified name (ASCII letters,
    /// digits, `_`; on PostgreSQL a name without a schema is public's), created with its 1024
    /// rows if missing. `ttl_s` (0.3 to 86400, an int or a float) is how long the database
    /// grants the lease after each renewal: a renewal runs every `ttl_s / 3` (at least every
    /// 3.3 s), and the worker id of a holder that dies is free again `ttl_s` after its last
    /// renewal. The holder stops serving `ttl_s / 10` (at most 1 s) before the database would
    /// let another process take over. `max_clock_skew_s` (0 to 60, default 1) is how far
    /// apart the clocks of the servers that may hold the table can be (a failover moves it to
    /// another server's clock), or how far this host's clock may be stepped back (a
    /// directory): a new holder starts that much, plus the lead of 6.666 s (the same for every
    /// holder, whatever its ttl), above the store's clock, and waits about that long for its
    /// first ids. `worker_ids`, a `range` (`range(96, 128)`), limits the worker ids this
    /// generator may take, for hosts or fleets that split the 1024. `on_event`, a callable,
    /// is called with a dict for each event of the lease (`event`: `table_created`,
    /// `acquired`, `late_renewal`, `expired`, `lost` or `released`, its fields, and
    /// `message`, one line for a log), from the lease's own thread with the GIL held; an
    /// exception it raises goes to `sys.unraisablehook`.
    ///
    /// Acquire one per process, after any `fork`, and share it between threads. Waits for the
    /// store with the GIL released (a few round trips and about `max_clock_skew_s`; at most
    /// twice the ttl plus the skew).
    ///
    /// Raises `TypeError` if `location` or `table` is not a str, `ttl_s` not an int or a float
    /// (a bool is not), `worker_ids` not a range or `on_event` not callable; `ValueError` if
    /// `location` does not parse, `table` is not a valid name, `worker_ids` is empty, has a
    /// step other than 1 or reaches past 1023, or `ttl_s` or `max_clock_skew_s` is out of
    /// range (or NaN); and `LeaseError` (a `RuntimeError`) if the store cannot be reached
    /// (the message says where), refuses the connection or has no such database, if the table
    /// has another shape or a statement on it fails, if every worker id is held, or if the
    /// store does not answer within twice the ttl.
    #[staticmethod]
    #[pyo3(
        signature = (
            location,
            *,
            table = Opt::Absent,
            ttl_s = Opt::Absent,
            max_clock_skew_s = Opt::Absent,
            worker_ids = None,
            on_event = None
        ),
        text_signature = "(location, *, table='snowflake_worker_lease', ttl_s=10.0, max_clock_skew_s=1.0, worker_ids=None, on_event=None)"
    )]
    #[allow(
        clippy::too_many_arguments,
        reason = "Python's keyword-only options, each a parameter"
    )]
    fn leased<'py>(
        py: Python<'py>,
        location: &Bound<'py, PyAny>,
        table: Opt<'py>,
        ttl_s: Opt<'py>,
        max_clock_skew_s: Opt<'py>,
        worker_ids: Option<Bound<'py, PyAny>>,
        on_event: Option<Bound<'py, PyAny>>,
    ) -> PyResult<LeasedSnowflakeIdGenerator> {
        lease::leased(
            py,
            location,
            &lease::LeaseOptions {
                table: &table,
                ttl_s: &ttl_s,
                max_clock_skew_s: &max_clock_skew_s,
                worker_ids: worker_ids.as_ref(),
                on_event: on_event.as_ref(),
            },
        )
    }

    /// How this generator makes ids: the layout, the clock, the counter, the rule and the fork
    /// detection, as `identifier snowflake --policy` prints it. Record it beside the ids.
    #[getter]
    fn policy(&self) -> String {
        snowflake::POLICY.to_string()
    }

    /// The worker id written into every id of this generator.
    #[getter]
    fn worker_id(&self) -> u16 {
        self.inner.worker_id()
    }

    /// The next id, an int below 2**63.
    ///
    /// Greater than every id this generator returned before, in any thread. Without
    /// `timestamp_ms` the clock is read; its millisecond is the id's timestamp, or a later one
    /// after a burst of more than 4096 ids in one millisecond or a backward step of the clock.
    ///
    /// `timestamp_ms` (milliseconds since the Unix epoch, from 2024-01-01T00:00:00Z to
    /// 2093-09-06T15:47:35.551Z) stands for the clock reading, with the same rule on the same
    /// sequence: a reading ahead of the clock makes later calls continue from it, and a reading
    /// behind the last one continues the last millisecond.
    ///
    /// Raises `RuntimeError` in a child process forked after the generator was created,
    /// `TypeError` if `timestamp_ms` is not an int (a bool is not), and `ValueError` if it (or
    /// the clock) is out of range.
    #[pyo3(signature = (*, timestamp_ms = None))]
    fn generate(&self, timestamp_ms: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
        generated_id(
            timestamp_ms,
            || self.inner.generate(),
            |at| self.inner.generate_at(at),
            generate_error,
        )
    }

    /// `n` new ids, in increasing order: the ids of `n` calls to `generate()`, with one clock
    /// reading per 1024 ids and the GIL released while they are generated. Past 4096 ids in a
    /// millisecond, the later ids borrow the next milliseconds.
    ///
    /// Raises `RuntimeError` in a forked child (as `generate`), `TypeError` if `n` is not an
    /// int, `ValueError` if it is negative or the clock is out of range, and `MemoryError` if
    /// the ids do not fit in memory.
    #[pyo3(signature = (n, /))]
    fn generate_ids<'py>(
        &self,
        py: Python<'py>,
        n: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        generated_ids(
            py,
            n,
            |ids| {
                ids.chunks_mut(CHUNK)
                    .try_for_each(|chunk| self.inner.fill(chunk))
            },
            |error| generate_error(error, None),
        )
    }

    fn __repr__(&self) -> String {
        format!("SnowflakeIdGenerator(worker_id={})", self.inner.worker_id())
    }
}

/// The timestamp of a Snowflake id, in milliseconds since the Unix epoch:
/// `1704067200000 + (snowflake_id >> 22)`.
///
/// Takes an int from 0 to 2**63 - 1 (every such int is an id). Raises `TypeError` if
/// `snowflake_id` is not an int (a bool is not), and `ValueError` if it is out of range.
#[pyfunction]
pub(crate) fn extract_snowflake_timestamp_ms(snowflake_id: &Bound<'_, PyAny>) -> PyResult<u64> {
    args::checked_u64(
        snowflake_id,
        "snowflake_id",
        "an int",
        snowflake::extract_timestamp_ms,
    )
}
