//! [`LeaseConfig`]: where the leases are kept and how long a lease lasts; checked, and turned
//! into the store and the settings of the renewal thread, at acquire.

use core::fmt;
use core::ops::RangeInclusive;
use core::time::Duration;

use std::sync::Arc;

use snowflake::SnowflakeId;

use crate::error::LeaseError;
use crate::event::{LeaseEvent, OnEvent};
use crate::location::Location;
use crate::store::{Options, Store};

/// The table name used unless [`LeaseConfig::table`] sets another.
pub(crate) const DEFAULT_TABLE: &str = "snowflake_worker_lease";

/// The shortest ttl: renewals every ttl/3 must fit a round trip and a retry or two.
const MIN_TTL: Duration = Duration::from_millis(300);

/// The longest ttl: a day keeps every millisecond count far inside an `i64`.
const MAX_TTL: Duration = Duration::from_secs(86_400);

/// The largest maximum clock skew: acquire waits about this long for its first ceiling, and
/// a new holder's ids run this far ahead of the clock (beside the lead).
const MAX_CLOCK_SKEW: Duration = Duration::from_secs(60);

/// The longest acquire timeout: twice the longest ttl plus the longest skew, the default's
/// largest value, and far inside PostgreSQL's `statement_timeout` (24.8 days).
const MAX_ACQUIRE_TIMEOUT: Duration = Duration::from_secs(3 * 86_400);

/// Where the lease table is and how a lease is kept: the input of
/// [`LeasedGenerator::acquire`](crate::LeasedGenerator::acquire).
///
/// Nothing is checked until `acquire`, which reports a bad setting as a [`LeaseError`]
/// naming it. The defaults: table `snowflake_worker_lease` (created if missing), ttl 10 s,
/// margin a tenth of the ttl up to 1 s, maximum clock skew 1 s, acquire timeout twice the
/// ttl plus the skew, no event callback.
///
/// `Debug` leaves out the location, which may hold a password.
///
/// # Examples
///
/// ```
/// use snowflake_lease::LeaseConfig;
/// use std::time::Duration;
///
/// let config = LeaseConfig::new("postgresql://app@db.internal/app")
///     .table("ids.snowflake_worker_lease")
///     .ttl(Duration::from_secs(30))
///     .margin(Duration::from_secs(2))
///     .max_clock_skew(Duration::from_millis(500));
/// assert!(format!("{config:?}").contains("ids.snowflake_worker_lease"));
/// ```
#[derive(Clone)]
pub struct LeaseConfig {
    location: String,
    table: String,
    worker_ids: RangeInclusive<u16>,
    ttl: Duration,
    /// `None`: a tenth of the ttl, at most 1 s.
    margin: Option<Duration>,
    max_clock_skew: Duration,
    /// `None`: twice the ttl.
    acquire_timeout: Option<Duration>,
    create_table: bool,
    on_event: Option<OnEvent>,
}

impl LeaseConfig {
    /// The ttl of a configuration that does not set one.
    ///
    /// ```
    /// assert_eq!(snowflake_lease::LeaseConfig::DEFAULT_TTL.as_secs(), 10);
    /// ```
    pub const DEFAULT_TTL: Duration = Duration::from_secs(10);

    /// How far above the store's clock any high-water mark may be written, and so how far
    /// ahead of the clock a holder may serve: 6,666 ms, two renewal intervals of the default
    /// ttl. The same for every holder of every table, whatever its ttl: a new holder starts
    /// above the store's clock plus this lead (and the maximum clock skew), which is above
    /// anything an earlier holder can still serve only if no holder's marks may run further
    /// ahead. Holders renew at least every half of it (every ttl/3, or every 3,333 ms for a
    /// ttl above 10 s), so a healthy one meets its ceiling only in a burst.
    ///
    /// ```
    /// assert_eq!(snowflake_lease::LeaseConfig::LEAD.as_millis(), 6_666);
    /// ```
    pub const LEAD: Duration = Duration::from_millis(6_666);

    /// A configuration for the store at `location`, one of:
    ///
    /// - a PostgreSQL connection string, as libpq reads it: a URL
    ///   (`postgresql://app@db.internal/app?sslmode=verify-full&sslrootcert=/etc/ssl/ca.pem`)
    ///   or `key=value` pairs (`host=/run/postgresql dbname=app`; a `host` starting with `/` is
    ///   a Unix socket directory). Its TLS keys, and what the lease adds to it, are in
    ///   [PostgreSQL](crate#postgresql). Feature `postgres` (on by default).
    /// - a MySQL or MariaDB URL,
    ///   `mysql://user:password@host:port/database?ssl-mode=VERIFY_IDENTITY&ssl-ca=/etc/ssl/ca.pem`
    ///   (or `mariadb://`): see [MySQL and MariaDB](crate#mysql-and-mariadb). Feature `mysql`.
    /// - `file:` and a directory of this host (`file:/var/lib/app/worker-ids`), shared by the
    ///   processes of one host: see [One host's processes](crate#one-hosts-processes-a-directory).
    ///   Feature `file`.
    ///
    /// Parsed at acquire: a location of a store this build leaves out is
    /// [`LeaseError::StoreNotBuilt`], naming the feature. Errors name the key and its value,
    /// never the rest of the location, which may hold a password.
    ///
    /// # Examples
    ///
    /// ```
    /// use snowflake_lease::LeaseConfig;
    ///
    /// // A Unix socket: no TLS.
    /// let local = LeaseConfig::new("host=/var/run/postgresql dbname=app user=app");
    /// // A managed service: TLS, the certificate checked against its CA and the host name.
    /// let managed = LeaseConfig::new(
    ///     "postgresql://app@db.example.com/app?sslmode=verify-full&sslrootcert=/etc/ssl/db-ca.pem",
    /// );
    /// let mysql = LeaseConfig::new("mysql://app:secret@db.internal:3306/app?ssl-mode=REQUIRED");
    /// let host = LeaseConfig::new("file:/var/lib/app/worker-ids");
    /// # let _ = (local, managed, mysql, host);
    /// ```
    #[must_use]
    pub fn new(location: &str) -> LeaseConfig {
        LeaseConfig {
            location: location.to_owned(),
            table: DEFAULT_TABLE.to_owned(),
            worker_ids: 0..=SnowflakeId::MAX_WORKER_ID,
            ttl: Self::DEFAULT_TTL,
            margin: None,
            max_clock_skew: Duration::from_secs(1),
            acquire_timeout: None,
            create_table: true,
            on_event: None,
        }
    }

    /// The lease table of a database store: a plain (`snowflake_worker_lease`) or qualified
    /// (`ids.snowflake_worker_lease`) name of ASCII letters, digits and `_`. Default
    /// `snowflake_worker_lease`. The host-local store has no table and ignores it.
    ///
    /// On MySQL and MariaDB, the qualifier is a database, and a name without one means the
    /// table in the URL's database; letters are folded to lower case, which a server whose
    /// `lower_case_table_names` is 0 does not do, so name tables there in lower case.
    ///
    /// On PostgreSQL, letters are folded to lower case, as PostgreSQL folds a name written
    /// without quotes, so `LeaseT` and `leaset` name one table, the one `CREATE TABLE LeaseT`
    /// makes. A name without a schema means the table in `public`, whatever the role's
    /// `search_path` (set on the role, in the connection string's `options`, or
    /// `"$user", public` with a schema of the role's own): every process that names the table
    /// alike reaches one table, and each event and message names it with its schema
    /// (`public.snowflake_worker_lease`). Acquire refuses to create it there when a table of
    /// that name is on the role's `search_path` in another schema
    /// ([`LeaseError::TableElsewhere`](crate::LeaseError::TableElsewhere)), and says so when
    /// the role may not create tables in `public`
    /// ([`LeaseError::CreatePrivilege`](crate::LeaseError::CreatePrivilege), the default on
    /// PostgreSQL 15 and later for roles that do not own the database).
    ///
    /// # Examples
    ///
    /// ```
    /// let config = snowflake_lease::LeaseConfig::new("host=/tmp").table("ids.worker_lease");
    /// # let _ = config;
    /// ```
    #[must_use]
    pub fn table(mut self, name: &str) -> LeaseConfig {
        self.table = name.to_owned();
        self
    }

    /// The worker ids this configuration may claim, for fleets that share the 1,024 between
    /// them: hosts that each use a host-local store, or separate fleets sharing one table.
    /// Within 0 to 1023 and not empty, or acquire fails with
    /// [`LeaseError::WorkerIds`](crate::LeaseError::WorkerIds); default all of them.
    ///
    /// # Examples
    ///
    /// ```
    /// // The fourth of four hosts, each with a directory of its own.
    /// let config = snowflake_lease::LeaseConfig::new("file:/var/lib/app/worker-ids")
    ///     .worker_ids(768..=1023);
    /// # let _ = config;
    /// ```
    #[must_use]
    pub fn worker_ids(mut self, worker_ids: RangeInclusive<u16>) -> LeaseConfig {
        self.worker_ids = worker_ids;
        self
    }

    /// How long the database grants a lease after each renewal: a dead holder's worker id
    /// is free again this long after its last renewal, and a holder that cannot reach the
    /// database keeps its worker id this long (it serves only up to its last ceiling, at most
    /// [`LEAD`](Self::LEAD) ahead of the last renewal, in the meantime). Renewals run every
    /// ttl/3, and at least every 3,333 ms (half the lead). At least 300 ms, at most a day;
    /// default 10 s. Holders of one table may have different ttls. The host-local store has no
    /// expiry (a lock lasts as long as its process): there the ttl is only how long a holder
    /// serves on while its renewals fail (see [One host's
    /// processes](crate#one-hosts-processes-a-directory)).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// let config = snowflake_lease::LeaseConfig::new("host=/tmp").ttl(Duration::from_secs(30));
    /// # let _ = config;
    /// ```
    #[must_use]
    pub fn ttl(mut self, ttl: Duration) -> LeaseConfig {
        self.ttl = ttl;
        self
    }

    /// How much sooner than the database the holder considers its lease over: it stops
    /// serving at ttl - margin after sending its last successful renewal, measured on its own
    /// boot clock. Covers a local clock that runs slow relative to the database's by up to
    /// margin/(ttl - margin). Less than ttl/3; by default a tenth of the ttl, at most 1 s
    /// (1 s of the default 10 s: a clock up to 11 % slow).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// let config = snowflake_lease::LeaseConfig::new("host=/tmp").margin(Duration::from_millis(500));
    /// # let _ = config;
    /// ```
    #[must_use]
    pub fn margin(mut self, margin: Duration) -> LeaseConfig {
        self.margin = Some(margin);
        self
    }

    /// How far apart the clocks of the PostgreSQL servers that may hold the table may be
    /// (after a failover, another server's clock counts), and how far a server's clock may
    /// be stepped back. A new holder starts this much (plus the lead, plus 1 ms) above the
    /// database's clock at its claim, and waits about this long in
    /// [`acquire`](crate::LeasedGenerator::acquire) for its first ceiling. At most 60 s,
    /// less than the acquire timeout; default 1 s.
    ///
    /// The holders' own clocks need no such bound: every high-water mark is capped by the
    /// database's clock (see [Protocol](crate#protocol)). For the host-local store, whose
    /// clock is this host's: how far that clock may be stepped back at the moment a slot file
    /// is deleted or replaced.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// let config =
    ///     snowflake_lease::LeaseConfig::new("host=/tmp").max_clock_skew(Duration::from_millis(200));
    /// # let _ = config;
    /// ```
    #[must_use]
    pub fn max_clock_skew(mut self, max_clock_skew: Duration) -> LeaseConfig {
        self.max_clock_skew = max_clock_skew;
        self
    }

    /// How long [`acquire`](crate::LeasedGenerator::acquire) may take in all: connecting,
    /// waiting for peers that create the table at the same moment, claiming, and waiting for
    /// the first ceiling (about the maximum clock skew). Past it, acquire fails with
    /// [`LeaseError::Unanswered`] and the lease, if it comes, is released. Release and drop
    /// wait at most this long too. More than the maximum clock skew, at most three days;
    /// default twice the ttl plus the maximum clock skew.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// let config =
    ///     snowflake_lease::LeaseConfig::new("host=/tmp").acquire_timeout(Duration::from_secs(60));
    /// # let _ = config;
    /// ```
    #[must_use]
    pub fn acquire_timeout(mut self, acquire_timeout: Duration) -> LeaseConfig {
        self.acquire_timeout = Some(acquire_timeout);
        self
    }

    /// Whether acquire creates the table when it is missing (default `true`): in one
    /// transaction, under an advisory lock so that processes starting together create it
    /// once, with the SQL of [The table](crate#the-table-for-migrations). A table created is
    /// reported as [`LeaseEvent::TableCreated`]. With `false`, a missing table is
    /// [`LeaseError::TableMissing`]: for deployments whose migrations own the schema, where a
    /// missing table means a wrong connection string or table name.
    ///
    /// # Examples
    ///
    /// ```
    /// let config = snowflake_lease::LeaseConfig::new("host=/tmp").create_table(false);
    /// # let _ = config;
    /// ```
    #[must_use]
    pub fn create_table(mut self, create_table: bool) -> LeaseConfig {
        self.create_table = create_table;
        self
    }

    /// A function called with each [`LeaseEvent`]: the table created, the lease acquired,
    /// renewed late, expired, lost, released. It runs on the thread that saw the event (the
    /// renewal thread, mostly), so it should return quickly: log, count, alert.
    ///
    /// # Examples
    ///
    /// ```
    /// let config = snowflake_lease::LeaseConfig::new("host=/tmp")
    ///     .on_event(|event| eprintln!("snowflake lease: {event}"));
    /// # let _ = config;
    /// ```
    #[must_use]
    pub fn on_event(
        mut self,
        on_event: impl Fn(&LeaseEvent) + Send + Sync + 'static,
    ) -> LeaseConfig {
        self.on_event = Some(Arc::new(on_event));
        self
    }

    /// Checks every setting, and opens the store of the location (without connecting): the
    /// settings of the renewal thread, and the store.
    pub(crate) fn open(&self) -> Result<(Settings, Box<dyn Store>), LeaseError> {
        let acquire_timeout = self.effective_acquire_timeout();
        for (setting, value, max, rule) in [
            ("ttl", self.ttl, MAX_TTL, "at most 86400s (a day)"),
            (
                "max_clock_skew",
                self.max_clock_skew,
                MAX_CLOCK_SKEW,
                "at most 60s (acquire waits about this long, and a new holder's ids run this \
                 far ahead of the clock)",
            ),
            (
                "acquire_timeout",
                acquire_timeout,
                MAX_ACQUIRE_TIMEOUT,
                "at most 259200s (three days)",
            ),
        ] {
            if value > max {
                return Err(LeaseError::Setting {
                    setting,
                    value,
                    rule,
                });
            }
        }
        let third = self.ttl / 3;
        let margin = self.effective_margin();
        if self.ttl < MIN_TTL || margin >= third {
            return Err(LeaseError::TtlTooSmall {
                ttl: self.ttl,
                margin,
            });
        }
        if acquire_timeout <= self.max_clock_skew {
            return Err(LeaseError::Setting {
                setting: "acquire_timeout",
                value: acquire_timeout,
                rule: "more than max_clock_skew, which acquire waits for",
            });
        }
        let (first, last) = (*self.worker_ids.start(), *self.worker_ids.end());
        if first > last || last > SnowflakeId::MAX_WORKER_ID {
            return Err(LeaseError::WorkerIds { first, last });
        }
        let renew_every = third.min(Self::LEAD / 2);
        let options = Options {
            timeout: renew_every,
            creation_timeout: acquire_timeout,
            create_table: self.create_table,
        };
        let store = Location::parse(&self.location)?.open(&self.table, options)?;
        Ok((
            Settings {
                ttl: self.ttl,
                margin,
                skew_ms: millis(self.max_clock_skew),
                renew_every,
                retry_every: (self.ttl / 20).max(Duration::from_millis(50)),
                lead_ms: millis(Self::LEAD),
                worker_ids: self.worker_ids.clone(),
                acquire_timeout,
                on_event: self.on_event.clone(),
            },
            store,
        ))
    }
}

impl LeaseConfig {
    /// The acquire timeout set, or twice the ttl plus the maximum clock skew (which acquire
    /// waits for).
    fn effective_acquire_timeout(&self) -> Duration {
        self.acquire_timeout.unwrap_or_else(|| {
            self.ttl
                .saturating_mul(2)
                .saturating_add(self.max_clock_skew)
        })
    }

    /// The margin set, or a tenth of the ttl, at most 1 s.
    fn effective_margin(&self) -> Duration {
        self.margin
            .unwrap_or_else(|| (self.ttl / 10).min(Duration::from_secs(1)))
    }
}

/// The table, the worker ids and the durations; never the location, which may hold a
/// password.
///
/// ```
/// let config = snowflake_lease::LeaseConfig::new("postgresql://app:secret@db/app");
/// assert!(!format!("{config:?}").contains("secret"));
/// ```
impl fmt::Debug for LeaseConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LeaseConfig")
            .field("table", &self.table)
            .field("worker_ids", &self.worker_ids)
            .field("ttl", &self.ttl)
            .field("margin", &self.effective_margin())
            .field("max_clock_skew", &self.max_clock_skew)
            .field("acquire_timeout", &self.effective_acquire_timeout())
            .field("create_table", &self.create_table)
            .field("on_event", &self.on_event.is_some())
            .finish_non_exhaustive()
    }
}

/// A checked [`LeaseConfig`], as the renewal thread uses it.
pub(crate) struct Settings {
    pub(crate) ttl: Duration,
    pub(crate) margin: Duration,
    pub(crate) skew_ms: u64,
    pub(crate) renew_every: Duration,
    pub(crate) retry_every: Duration,
    /// How far above the store's clock each written mark may reach: [`LeaseConfig::LEAD`]
    /// for every holder.
    pub(crate) lead_ms: u64,
    /// The worker ids a claim may take.
    pub(crate) worker_ids: RangeInclusive<u16>,
    pub(crate) acquire_timeout: Duration,
    pub(crate) on_event: Option<OnEvent>,
}

impl Settings {
    /// How long after sending a renewal the holder may serve: ttl - margin.
    pub(crate) fn grant(&self) -> Duration {
        self.ttl.saturating_sub(self.margin)
    }
}

/// Whole milliseconds of a duration of at most three days.
fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}
