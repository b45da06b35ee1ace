//! [`Error`]: why a leased generator did not serve an id; [`LeaseError`]: what can go wrong
//! when acquiring or releasing a lease, and where.

use core::time::Duration;
use std::path::PathBuf;

/// Why a [`LeasedGenerator`](crate::LeasedGenerator) did not serve an id: it serves only
/// while it can prove that no other process serves under its worker id.
///
/// | function | variants it can return |
/// |---|---|
/// | [`generate`](crate::LeasedGenerator::generate), [`generate_at`](crate::LeasedGenerator::generate_at) | `Forked`, `LeaseLost`, `LeaseExpired`, `Timestamp`, `AheadOfLease` |
/// | [`fill`](crate::LeasedGenerator::fill) | the same, and `BatchTooLarge` |
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
    /// A [`fill`](crate::LeasedGenerator::fill) of more ids than fit under any ceiling the
    /// lease can have: 4096 a millisecond over the lead. Nothing was served: fill smaller
    /// batches.
    #[error(
        "a batch of {requested} ids is more than a lease can serve at once: at most {limit} ({per_ms} a millisecond, over the lead of {lead_ms} ms)",
        per_ms = u32::from(snowflake::SnowflakeId::MAX_SEQUENCE) + 1
    )]
    BatchTooLarge {
        /// The ids asked for.
        requested: usize,
        /// The most one fill can serve.
        limit: usize,
        /// How far the ceiling may be ahead of the clock, in milliseconds.
        lead_ms: u64,
    },
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
    /// The MySQL or MariaDB URL does not parse, has a key the lease does not take, or TLS
    /// settings that cannot be used (the file of `ssl-ca`). The reason names the key, never
    /// the password.
    #[error("invalid MySQL URL: {reason}")]
    MysqlUrl {
        /// What is wrong with it, naming the part or the key.
        reason: String,
    },
    /// The server is older than the store supports: it lacks `SKIP LOCKED`, which the claim
    /// needs (MariaDB 10.6, MySQL 8.0).
    #[error("{server} {version} is too old for the lease: it needs {required} or later")]
    ServerVersion {
        /// The kind of server: `MySQL`, `MariaDB`.
        server: &'static str,
        /// The version the server reports.
        version: String,
        /// The oldest version supported.
        required: &'static str,
    },
    /// The table's storage engine has no row locks or transactions (MyISAM, Aria, MEMORY):
    /// the claim's `FOR UPDATE SKIP LOCKED` and the renewal's transaction need InnoDB's.
    #[error(
        "lease table {table:?} uses the storage engine {engine}: the lease needs InnoDB's row locks and transactions (ALTER TABLE {table} ENGINE = InnoDB)"
    )]
    TableEngine {
        /// The table.
        table: String,
        /// Its engine.
        engine: String,
    },
    /// The connection string's TLS settings cannot be used: the root certificates of
    /// `sslrootcert` cannot be read or hold no certificate, or a verifying `sslmode` has none
    /// to check against.
    #[error("TLS settings of the PostgreSQL connection string cannot be used: {reason}")]
    Tls {
        /// What is wrong, naming the setting and the file.
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
    #[error("could not connect to {server} ({target}): {detail}")]
    Connect {
        /// The kind of server: `PostgreSQL`, `MySQL`.
        server: &'static str,
        /// Where: host(s), port(s), database and user of the connection string.
        target: String,
        /// What went wrong, with the server's message.
        detail: String,
        /// The client's error.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// A statement on the lease table failed.
    #[error("{action} on lease table {table:?} failed: {detail}")]
    Database {
        /// The table.
        table: String,
        /// What was being done: creating the table, checking its shape, acquiring, releasing.
        action: &'static str,
        /// What went wrong, with the server's message.
        detail: String,
        /// The client's error.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// The location is none of the forms [`LeaseConfig::new`](crate::LeaseConfig::new) takes.
    #[error("invalid lease location: {reason}")]
    Location {
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The location names a store whose client this build leaves out: each store is behind a
    /// feature of this crate (the umbrella's `lease-postgres`, `lease-mysql`, `lease-file`).
    #[error(
        "the lease location is {store}, and this build has no {store} store: enable the feature `{feature}` of tick-snowflake-lease"
    )]
    StoreNotBuilt {
        /// The store the location names: `PostgreSQL`, `MySQL`, `a directory`.
        store: &'static str,
        /// The crate feature that builds it.
        feature: &'static str,
    },
    /// The directory of the host-local store (`file:`) cannot be used: it is missing or not a
    /// directory, or a slot file in it cannot be created, locked, read or written (no
    /// permission, a read-only filesystem, a full disk, an I/O error). Acquire never creates
    /// the directory: a misspelt path would be a second store handing out the same worker
    /// ids. See [One host's processes](crate#one-hosts-processes-a-directory).
    #[error("lease directory {directory:?}: {action} failed: {detail}")]
    Directory {
        /// The directory, as the location names it.
        directory: PathBuf,
        /// What was being done, naming the slot file: `creating worker-0003.lease`.
        action: String,
        /// What went wrong, with the operating system's message, and what to do about it.
        detail: String,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
    /// The directory of the host-local store is where its locks cannot be trusted: on a
    /// network, FUSE or cluster filesystem (NFS, SMB/CIFS, sshfs, CephFS, ...), where `flock`
    /// is kept by a server or a daemon, or by one client only, and several hosts may share
    /// the directory; or on an operating system the store does not support. See
    /// [One host's processes](crate#one-hosts-processes-a-directory).
    #[error(
        "lease directory {directory:?} is on {filesystem}, which the host-local store does not support: {reason}"
    )]
    UnsupportedFilesystem {
        /// The directory, as the location names it.
        directory: PathBuf,
        /// The filesystem (`NFS`, `FUSE`, ...), or the operating system.
        filesystem: String,
        /// Why its locks cannot be trusted, and what to use instead.
        reason: &'static str,
    },
    /// The range of worker ids the lease may hand out is empty, or reaches past 1023.
    #[error(
        "worker ids {first}-{last} are not a range of worker ids: give a non-empty range within 0-{max}",
        max = snowflake::SnowflakeId::MAX_WORKER_ID
    )]
    WorkerIds {
        /// The first worker id of the range given.
        first: u16,
        /// The last worker id of the range given.
        last: u16,
    },
    /// The table exists with another shape: a column is missing, has another type, or may be
    /// NULL where the lease needs a value.
    #[error("lease table {table:?} has another shape: column {column:?} {problem}")]
    TableShape {
        /// The table.
        table: String,
        /// The column that is missing or mistyped.
        column: &'static str,
        /// What is wrong with it: missing, its type, or nullable.
        problem: String,
    },
    /// No worker id could be claimed: every row is held by a live lease, or was being claimed
    /// by another process at that moment, or has a high-water mark too far ahead of the
    /// database's clock to serve under. Acquiring never waits for a row: retry later (a
    /// locked row is free again within milliseconds), or free worker ids.
    #[error(
        "no worker id of {store:?} could be claimed: {held} held by live leases, {locked} free but being claimed by other processes (retry), {ahead} free but with a high-water mark too far ahead of the store's clock (the furthest by {ahead_ms} ms)"
    )]
    AllHeld {
        /// The store: the table, with its schema, or the directory.
        store: String,
        /// The worker ids held by live leases (all of the range when the store is full).
        held: u32,
        /// The free worker ids another claim had locked at that moment.
        locked: u32,
        /// The free worker ids whose mark is more than the lead and the maximum clock skew
        /// above the store's clock: a clock far ahead wrote it, or an operator did, or the
        /// store's clock went back. They serve again once the clock gets there; or see
        /// [Operating the table](crate#operating-the-table).
        ahead: u32,
        /// How far the furthest of those is ahead of the store's clock, in milliseconds.
        ahead_ms: u64,
    },
    /// The table does not exist, and [`LeaseConfig::create_table`](crate::LeaseConfig::create_table)
    /// is off.
    #[error(
        "lease table {table:?} does not exist, and creating it is turned off: check the connection string and table name, or create it (see the crate documentation for its SQL)"
    )]
    TableMissing {
        /// The table.
        table: String,
    },
    /// The table is missing and the role may not create it: it lacks `CREATE` on the
    /// table's schema (on PostgreSQL 15 and later, only the database's owner has it on
    /// `public` by default). Create the table once as a role that may, and grant the others
    /// `SELECT` and `UPDATE` on it.
    #[error(
        "the role {role:?} may not create lease table {table:?}: it lacks CREATE on schema {schema:?}; create the table once as a role that may (its SQL is in the crate's docs, \"The table, for migrations\") and GRANT SELECT, UPDATE ON {table} TO {role}, or name a table in a schema every process can use"
    )]
    CreatePrivilege {
        /// The table, with its schema.
        table: String,
        /// The role connected, `current_user`.
        role: String,
        /// The table's schema.
        schema: String,
    },
    /// The table was named without a schema, which means the one in `public`; it is missing
    /// there, and a table of that name is on the role's `search_path` in another schema.
    /// Acquire neither takes that one for it nor creates a second table beside it, which
    /// would hand out the same worker ids as the first: name the table you mean in full.
    #[error(
        "lease table {table:?} is missing, and {found:?} is on the role's search_path: a table name without a schema means the one in public; name the table you mean with its schema"
    )]
    TableElsewhere {
        /// The table meant: in `public`.
        table: String,
        /// The table of that name found on the `search_path`, with its schema.
        found: String,
    },
    /// The role may not read or update the table.
    #[error(
        "the role {role:?} lacks {missing} on lease table {table:?}: the lease needs SELECT and UPDATE (GRANT SELECT, UPDATE ON {table} TO {role})"
    )]
    Privilege {
        /// The table.
        table: String,
        /// The role connected, `current_user`.
        role: String,
        /// The privileges it lacks: `SELECT`, `UPDATE`, or both.
        missing: &'static str,
    },
    /// A row returned by the server is not what the table's shape promises.
    #[error("lease table {table:?} returned a bad row: {detail}")]
    BadRow {
        /// The table.
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
    #[error("the lease renewal thread for {store:?} ended without answering")]
    ThreadEnded {
        /// The store: the table, with its schema, or the directory.
        store: String,
    },
    /// The renewal thread did not finish within the acquire timeout (twice the ttl by
    /// default): the server takes bytes but does not answer (a stopped process, a hung host
    /// that still acknowledges), which the TCP and statement timeouts cannot see, or peers
    /// held the table's creation that long. The thread is left to finish on its own: a lease
    /// it gets after this is released at once, and a lease being released expires by itself
    /// after the ttl in any case.
    #[error(
        "{action} on {store:?}: no answer within {waited:?} (the acquire timeout); the renewal thread finishes on its own"
    )]
    Unanswered {
        /// The store: the table, with its schema, or the directory.
        store: String,
        /// What was being done: acquiring or releasing.
        action: &'static str,
        /// How long the caller waited: the acquire timeout.
        waited: Duration,
    },
    /// The worker id claimed was taken over, or its row removed, before the new holder's
    /// first ceiling: an operator or a failover acted within milliseconds. Acquire again.
    #[error(
        "the worker_id {worker_id} claimed from {store:?} was taken over before it could serve; acquire again"
    )]
    LostAtAcquire {
        /// The store: the table, with its schema, or the directory.
        store: String,
        /// The worker id claimed.
        worker_id: u16,
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
