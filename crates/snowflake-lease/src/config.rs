//! [`LeaseConfig`]: where the lease table is and how long a lease lasts; checked, and turned
//! into the settings of the renewal thread, at acquire.

use core::fmt;
use core::str::FromStr;
use core::time::Duration;
use std::format;

use std::sync::Arc;

use postgres::config::Host;

use crate::connection_string::split_tls_keys;
use crate::error::{LeaseError, describe};
use crate::event::{LeaseEvent, OnEvent};
use crate::table::Table;
use crate::tls;

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
/// `Debug` leaves out the connection string, which may hold a password.
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
    connection: String,
    table: String,
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

    /// A configuration for the server and database of `connection`, a libpq connection
    /// string: a URL (`postgresql://user@host/db?sslmode=verify-full`) or `key=value` pairs
    /// (`host=/run/postgresql dbname=app`; a `host` starting with `/` is a Unix socket
    /// directory), with libpq's quoting (`'…'`, `\`) and percent-encoding. Parsed at acquire,
    /// by [`postgres::Config`]'s `FromStr` but for the two TLS keys, which the lease reads
    /// itself:
    ///
    /// - `sslmode`, as in libpq:
    ///   - `disable`: no TLS.
    ///   - `prefer` (the default), or `allow`: TLS when the server offers it, a plain connection
    ///     when it declines. The server's certificate is not checked unless root certificates
    ///     are given (then as with `verify-ca`): this keeps out passive eavesdroppers only, since
    ///     anyone on the path can answer "no TLS" or present a certificate of their own. `allow`
    ///     tries TLS first too (libpq tries a plain connection first). A failed handshake is an
    ///     error, not a fallback to a plain connection.
    ///   - `require`: TLS or an error (`server does not support TLS`); the certificate is not
    ///     checked, unless root certificates are given (then as with `verify-ca`, as in libpq).
    ///   - `verify-ca`: TLS, and the server's certificate must chain to a root certificate
    ///     (within its dates, for server authentication); its host names are not checked.
    ///   - `verify-full`: as `verify-ca`, and the certificate must name the `host` connected to
    ///     (a DNS name, or an IP address for a `host` written as one). Use this one against
    ///     anyone able to intercept the connection; with `hostaddr`, `host` is the name checked.
    /// - `sslrootcert`: a PEM file of the root (CA) certificates to trust; or `system`, the
    ///   operating system's trust store (on Linux OpenSSL's files, `SSL_CERT_FILE` and
    ///   `SSL_CERT_DIR` honoured), which, as in libpq, makes `verify-full` the default and
    ///   refuses the other modes. Not given: libpq's `~/.postgresql/root.crt` if it exists.
    ///   Read at acquire: a file that is missing, or holds no certificate, fails acquire.
    ///
    /// Over a Unix socket, `sslmode` is ignored, as in libpq: the server offers no TLS there.
    /// TLS is rustls's (TLS 1.2 and 1.3): it reads host names from the certificate's
    /// `subjectAltName` only (not the common name) and refuses a CA certificate as a server's,
    /// so a self-signed server certificate fails `verify-ca`; sign it with a CA. Client
    /// certificates (`sslcert`, `sslkey`) and revocation lists (`sslcrl`) are refused, naming
    /// the key; so is any key `postgres` does not know. Errors name the key and its value,
    /// never the rest of the string, which may hold a password.
    ///
    /// The lease adds to it: a connect timeout and a `tcp_user_timeout` of at most ttl/3, TCP
    /// keepalives, `statement_timeout` (through `options`) of ttl/3, and the
    /// `application_name` `snowflake-lease` unless one is given.
    ///
    /// # Examples
    ///
    /// ```
    /// // A Unix socket: no TLS.
    /// let local = snowflake_lease::LeaseConfig::new("host=/var/run/postgresql dbname=app user=app");
    /// // A managed service: TLS, the certificate checked against its CA and the host name.
    /// let managed = snowflake_lease::LeaseConfig::new(
    ///     "postgresql://app@db.example.com/app?sslmode=verify-full&sslrootcert=/etc/ssl/db-ca.pem",
    /// );
    /// # let _ = (local, managed);
    /// ```
    #[must_use]
    pub fn new(connection: &str) -> LeaseConfig {
        LeaseConfig {
            connection: connection.to_owned(),
            table: DEFAULT_TABLE.to_owned(),
            ttl: Self::DEFAULT_TTL,
            margin: None,
            max_clock_skew: Duration::from_secs(1),
            acquire_timeout: None,
            create_table: true,
            on_event: None,
        }
    }

    /// The lease table: a plain (`snowflake_worker_lease`) or schema-qualified
    /// (`ids.snowflake_worker_lease`) name of ASCII letters, digits and `_`. Letters are
    /// folded to lower case, as PostgreSQL folds a name written without quotes, so `LeaseT`
    /// and `leaset` name one table, the one `CREATE TABLE LeaseT` makes. Default
    /// `snowflake_worker_lease`.
    ///
    /// A name without a schema means the table in `public`, whatever the role's
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

    /// How long the database grants a lease after each renewal: a dead holder's worker id
    /// is free again this long after its last renewal, and a holder that cannot reach the
    /// database keeps its worker id this long (it serves only up to its last ceiling, at most
    /// [`LEAD`](Self::LEAD) ahead of the last renewal, in the meantime). Renewals run every
    /// ttl/3, and at least every 3,333 ms (half the lead). At least 300 ms, at most a day;
    /// default 10 s. Holders of one table may have different ttls.
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
    /// database's clock (see [Protocol](crate#protocol)).
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

    /// Checks every setting and derives what the renewal thread needs.
    pub(crate) fn settings(&self) -> Result<Settings, LeaseError> {
        let table = Table::parse(&self.table)?;
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
        let (rest, tls_keys) = split_tls_keys(&self.connection)
            .map_err(|reason| LeaseError::ConnectionString { reason })?;
        let mut client =
            postgres::Config::from_str(&rest).map_err(|error| LeaseError::ConnectionString {
                reason: describe(&error),
            })?;
        let timeout = third;
        if client
            .get_connect_timeout()
            .is_none_or(|given| *given > timeout)
        {
            client.connect_timeout(timeout);
        }
        if client
            .get_tcp_user_timeout()
            .is_none_or(|given| *given > timeout)
        {
            client.tcp_user_timeout(timeout);
        }
        // The kernel counts keepalive times in whole seconds.
        let keepalive = timeout.max(Duration::from_secs(1));
        if client.get_keepalives_idle() > keepalive {
            client.keepalives_idle(keepalive);
        }
        if client
            .get_keepalives_interval()
            .is_none_or(|given| given > keepalive)
        {
            client.keepalives_interval(keepalive);
        }
        if client.get_keepalives_retries().is_none() {
            client.keepalives_retries(3);
        }
        let statement_timeout = format!("-c statement_timeout={}", timeout.as_millis());
        let options = match client.get_options() {
            Some(given) if !given.trim().is_empty() => format!("{given} {statement_timeout}"),
            _ => statement_timeout,
        };
        client.options(&options);
        if client.get_application_name().is_none() {
            client.application_name("snowflake-lease");
        }
        let (tls, sslmode) = tls::configure(&tls_keys, &mut client)?;
        let mut target = target(&client);
        if let Some(sslmode) = sslmode {
            target.push_str(&format!(" sslmode={sslmode}"));
        }
        Ok(Settings {
            client,
            target,
            tls,
            table,
            ttl: self.ttl,
            margin,
            skew_ms: millis(self.max_clock_skew),
            renew_every: third.min(Self::LEAD / 2),
            retry_every: (self.ttl / 20).max(Duration::from_millis(50)),
            lead_ms: millis(Self::LEAD),
            acquire_timeout,
            create_table: self.create_table,
            on_event: self.on_event.clone(),
        })
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

/// The table and the durations; never the connection string.
///
/// ```
/// let config = snowflake_lease::LeaseConfig::new("postgresql://app:secret@db/app");
/// assert!(!format!("{config:?}").contains("secret"));
/// ```
impl fmt::Debug for LeaseConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LeaseConfig")
            .field("table", &self.table)
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
    pub(crate) client: postgres::Config,
    /// The TLS connector for `client.connect`, as `sslmode` and `sslrootcert` ask.
    pub(crate) tls: tls::Connector,
    /// Where the server is, for error messages (no password).
    pub(crate) target: String,
    pub(crate) table: Table,
    pub(crate) ttl: Duration,
    pub(crate) margin: Duration,
    pub(crate) skew_ms: i64,
    pub(crate) renew_every: Duration,
    pub(crate) retry_every: Duration,
    /// How far above the database's clock each written mark may reach: [`LeaseConfig::LEAD`]
    /// for every holder.
    pub(crate) lead_ms: i64,
    pub(crate) acquire_timeout: Duration,
    pub(crate) create_table: bool,
    pub(crate) on_event: Option<OnEvent>,
}

impl Settings {
    /// How long after sending a renewal the holder may serve: ttl - margin.
    pub(crate) fn grant(&self) -> Duration {
        self.ttl.saturating_sub(self.margin)
    }
}

/// Whole milliseconds of a duration of at most a day.
fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

/// `host=… port=… dbname=… user=…` of a configuration: where a connection goes.
fn target(config: &postgres::Config) -> String {
    let hosts: Vec<String> = config
        .get_hosts()
        .iter()
        .map(|host| match host {
            Host::Tcp(name) => name.clone(),
            #[cfg(unix)]
            Host::Unix(path) => path.display().to_string(),
        })
        .collect();
    let ports: Vec<String> = config.get_ports().iter().map(u16::to_string).collect();
    let mut target = format!("host={}", hosts.join(","));
    if !ports.is_empty() {
        target.push_str(&format!(" port={}", ports.join(",")));
    }
    if let Some(dbname) = config.get_dbname() {
        target.push_str(&format!(" dbname={dbname}"));
    }
    if let Some(user) = config.get_user() {
        target.push_str(&format!(" user={user}"));
    }
    target
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_apply_the_tls_keys() {
        let config = LeaseConfig::new("host=db.internal dbname=app sslmode=require");
        let settings = config.settings().unwrap();
        assert_eq!(
            settings.client.get_ssl_mode(),
            postgres::config::SslMode::Require
        );
        assert!(
            settings.target.ends_with("sslmode=require"),
            "{}",
            settings.target
        );
        // Unix sockets: no TLS, as in libpq.
        let config = LeaseConfig::new("host=/run/postgresql sslmode=require");
        let settings = config.settings().unwrap();
        assert_eq!(
            settings.client.get_ssl_mode(),
            postgres::config::SslMode::Disable
        );
        assert!(!settings.target.contains("sslmode"), "{}", settings.target);
    }
}
