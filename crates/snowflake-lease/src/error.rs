//! [`Error`]: why a leased generator did not serve an id; [`LeaseError`]: what can go wrong
//! when acquiring or releasing a lease, and where.

use core::time::Duration;
use std::format;

/// Why a [`LeasedGenerator`](crate::LeasedGenerator) did not serve an id: it serves only
/// while it can prove that no other process serves under its worker id.
///
/// | function | variants it can return |
/// |---|---|
/// | [`generate`](crate::LeasedGenerator::generate), [`generate_at`](crate::LeasedGenerator::generate_at), [`fill`](crate::LeasedGenerator::fill) | `Forked`, `LeaseLost`, `LeaseExpired`, `Timestamp`, `AheadOfLease` |
///
/// `LeaseExpired` and `AheadOfLease` pass: retry shortly. `LeaseLost` and `Forked` do not:
/// acquire a new lease.
///
/// ```
/// let error = snowflake_lease::Error::LeaseLost { worker_id: 7 };
/// assert!(error.to_string().contains("worker_id 7"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The generator was acquired before a `fork`, and is used in the child: the lease, its
    /// renewal thread and its worker id are the parent's, which goes on serving.
    #[error(
        "this LeasedGenerator was acquired by the parent process: a forked child cannot use its lease; acquire one in the child"
    )]
    Forked,
    /// The lease on this worker id is gone for good: its row carries another holder's token,
    /// or the row or table is gone, so another process may serve under the worker id now.
    /// Acquire a new lease.
    #[error(
        "the lease on worker_id {worker_id} was lost: another process took it over, or its row is gone; acquire a new lease"
    )]
    LeaseLost {
        /// The worker id whose lease was lost.
        worker_id: u16,
    },
    /// The local deadline of the lease has passed: no renewal has succeeded in time, so
    /// another process may soon take the worker id. The generator serves again if a renewal
    /// succeeds while the row still carries its token.
    #[error(
        "the lease on worker_id {worker_id} has expired: its renewal has not succeeded in time (the generator serves again once one does)"
    )]
    LeaseExpired {
        /// The worker id whose lease has expired.
        worker_id: u16,
    },
    /// An id whose timestamp is above the high-water mark last written to the lease row: a
    /// later holder of the worker id starts above that mark, so serving it could repeat that
    /// holder's ids. The id was used up, not served; the mark moves up with the clock at each
    /// renewal. It comes after a burst, a reading ahead of the clock, or renewals failing for
    /// two renewal intervals (the clock then reaches the last mark before the lease's
    /// deadline).
    #[error(
        "timestamp_ms {timestamp_ms} is ahead of the lease: the high-water mark written to the lease row is {high_water_ms} ms"
    )]
    AheadOfLease {
        /// The timestamp of the refused id, in milliseconds since the Unix epoch.
        timestamp_ms: u64,
        /// The high-water mark (the ceiling), in milliseconds since the Unix epoch.
        high_water_ms: u64,
    },
    /// A clock outside the range of a Snowflake timestamp, or a borrowed millisecond past
    /// its end: [`snowflake::Error::TimestampOutOfRange`], as a plain generator reports it.
    #[error(transparent)]
    Timestamp(snowflake::Error),
}

impl From<snowflake::Error> for Error {
    /// The generator's errors as the lease reports them: `AboveCeiling` is the lease's
    /// high-water mark, `Forked` the lease's fork.
    fn from(error: snowflake::Error) -> Error {
        match error {
            snowflake::Error::AboveCeiling {
                timestamp_ms,
                ceiling_ms,
            } => Error::AheadOfLease {
                timestamp_ms,
                high_water_ms: ceiling_ms,
            },
            snowflake::Error::Forked => Error::Forked,
            other => Error::Timestamp(other),
        }
    }
}

/// A lease that could not be acquired or released: the configuration, the server, the table,
/// or all worker ids taken.
///
/// Once a [`LeasedGenerator`](crate::LeasedGenerator) runs, its errors are those of
/// [`Error`] (`LeaseExpired`, `LeaseLost`, `AheadOfLease`, ...); this type is for
/// [`acquire`](crate::LeasedGenerator::acquire) and
/// [`release`](crate::LeasedGenerator::release). Messages name the table, the column, the
/// count, the setting and its value; connection strings are never repeated, since they may
/// hold a password.
///
/// # Examples
///
/// ```
/// use snowflake_lease::{LeaseConfig, LeaseError, LeasedGenerator};
/// use std::time::Duration;
///
/// // Checked before any connection: the margin must be below a third of the ttl.
/// let config = LeaseConfig::new("host=/tmp")
///     .ttl(Duration::from_secs(1))
///     .margin(Duration::from_secs(1));
/// let error = LeasedGenerator::acquire(&config).unwrap_err();
/// assert!(matches!(error, LeaseError::TtlTooSmall { .. }));
/// assert!(error.to_string().contains("margin 1s"));
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LeaseError {
    /// The connection string does not parse (as a URL or as `key=value` pairs).
    #[error("invalid PostgreSQL connection string: {reason}")]
    ConnectionString {
        /// What is wrong with it, from the parser.
        reason: String,
    },
    /// The table name is not a plain or schema-qualified SQL identifier.
    #[error(
        "invalid lease table name {name:?}: {reason} (expected `name` or `schema.name`, each of ASCII letters, digits and `_`, not starting with a digit, at most 63 bytes)"
    )]
    TableName {
        /// The name given.
        name: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The ttl is below 300 ms, or the margin is not below a third of it (renewals run every
    /// ttl/3, and the local deadline is ttl - margin after a renewal was sent).
    #[error(
        "ttl {ttl:?} is too small for margin {margin:?}: the margin must be less than ttl/3 and the ttl at least 300ms"
    )]
    TtlTooSmall {
        /// The ttl configured.
        ttl: Duration,
        /// The margin configured.
        margin: Duration,
    },
    /// A setting outside the range the lease supports.
    #[error("lease setting {setting} = {value:?} is out of range: {rule}")]
    Setting {
        /// The setting's name, as the method of [`LeaseConfig`](crate::LeaseConfig) that sets it.
        setting: &'static str,
        /// The value configured.
        value: Duration,
        /// The range allowed.
        rule: &'static str,
    },
    /// The server could not be reached, refused the connection, or has no such database.
    #[error("could not connect to PostgreSQL ({target}): {detail}")]
    Connect {
        /// Where: host(s), port(s), database and user of the connection string.
        target: String,
        /// What went wrong, with the server's message.
        detail: String,
        /// The client's error.
        #[source]
        source: postgres::Error,
    },
    /// A statement on the lease table failed.
    #[error("{action} on lease table {table:?} failed: {detail}")]
    Database {
        /// The table, as configured.
        table: String,
        /// What was being done: creating the table, checking its shape, acquiring, releasing.
        action: &'static str,
        /// What went wrong, with the server's message.
        detail: String,
        /// The client's error.
        #[source]
        source: postgres::Error,
    },
    /// The table exists with another shape: a column is missing, has another type, or may be
    /// NULL where the lease needs a value.
    #[error("lease table {table:?} has another shape: column {column:?} {problem}")]
    TableShape {
        /// The table, as configured.
        table: String,
        /// The column that is missing or mistyped.
        column: &'static str,
        /// What is wrong with it: missing, its type, or nullable.
        problem: String,
    },
    /// Every worker id in the table is held by a live lease. Acquiring never waits: retry
    /// later, or free worker ids.
    #[error(
        "all worker ids of lease table {table:?} are taken: {held} rows are held by unexpired leases"
    )]
    AllHeld {
        /// The table, as configured.
        table: String,
        /// The rows held when the table was counted (1024 when the table is full).
        held: u32,
    },
    /// A row returned by the server is not what the table's shape promises.
    #[error("lease table {table:?} returned a bad row: {detail}")]
    BadRow {
        /// The table, as configured.
        table: String,
        /// What was wrong with it.
        detail: String,
    },
    /// The renewal thread could not be started.
    #[error("could not start the lease renewal thread: {source}")]
    Thread {
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
    /// The renewal thread ended without an answer (it panicked).
    #[error("the lease renewal thread for table {table:?} ended without answering")]
    ThreadEnded {
        /// The table, as configured.
        table: String,
    },
    /// The renewal thread did not answer within twice the ttl: the server takes bytes but
    /// does not answer (a stopped process, a hung host that still acknowledges), which the
    /// TCP and statement timeouts cannot see. The thread is left to finish on its own: a
    /// lease it gets after this is released at once, and a lease being released expires by
    /// itself after the ttl in any case.
    #[error(
        "{action} on lease table {table:?}: the server did not answer within {waited:?}; the renewal thread finishes on its own"
    )]
    Unanswered {
        /// The table, as configured.
        table: String,
        /// What was being done: acquiring or releasing.
        action: &'static str,
        /// How long the caller waited: twice the ttl.
        waited: Duration,
    },
    /// [`release`](crate::LeasedGenerator::release) in a child process forked after the
    /// lease was acquired: the lease, and its renewal thread, belong to the parent.
    #[error(
        "the lease on worker_id {worker_id} belongs to the parent process: a forked child cannot release it"
    )]
    Forked {
        /// The parent's worker id.
        worker_id: u16,
    },
}

/// The client's error with what it wraps: its `Display` alone says only "db error".
pub(crate) fn describe(error: &postgres::Error) -> String {
    if let Some(db) = error.as_db_error() {
        let mut text = format!("{} {}: {}", db.severity(), db.code().code(), db.message());
        if let Some(detail) = db.detail() {
            text.push_str(&format!(" (detail: {detail})"));
        }
        if let Some(hint) = db.hint() {
            text.push_str(&format!(" (hint: {hint})"));
        }
        return text;
    }
    let mut text = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
