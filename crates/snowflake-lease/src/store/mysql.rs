//! The MySQL and MariaDB store: a table of 1,024 rows, on the synchronous `mysql` client, with
//! TLS as MySQL's client names it (`ssl-mode`, `ssl-ca`), through rustls and the ring provider.
//!
//! The store's clock is `UTC_TIMESTAMP(3)` on the server, its lock `FOR UPDATE SKIP LOCKED`
//! in the claim (MariaDB 10.6, MySQL 8.0), its fencing token the row's `token` (and
//! `generation`), its expiry `expires_at` on the server's clock. Each connection sets its
//! session first: UTC, a known SQL mode, and lock and statement timeouts of the renewal
//! interval, beside the client's connect, read and write timeouts.
//!
//! How each `ssl-mode` maps onto the client's settings:
//!
//! | ssl-mode | `ssl-ca` | the server's certificate |
//! |---|---|---|
//! | `DISABLED` | ignored | no TLS |
//! | `PREFERRED` (default), `REQUIRED` | none | not checked: encrypts only |
//! | `PREFERRED`, `REQUIRED` | given | chain checked (as `VERIFY_CA`) |
//! | `VERIFY_CA` | needed | chain checked, host name not |
//! | `VERIFY_IDENTITY` | needed | chain and host name checked |
//!
//! `PREFERRED` connects without TLS when the server offers none (and only then: a certificate
//! refused is an error). A Unix socket (`socket=`) never uses TLS, whatever the mode, as MySQL's
//! client treats a socket as secure.

mod table;
mod url;

use core::time::Duration;
use std::format;

use mysql::prelude::Queryable;
use mysql::{Conn, DriverError, OptsBuilder, SslOpts};

use crate::error::LeaseError;
use crate::store::{Claim, Claimed, Held, Options, Renewed, Seen, Store};
use table::{Table, describe, run};
use url::{SslMode, Url, invalid};

/// The oldest servers with `SKIP LOCKED`.
const MARIADB_OLDEST: (u32, u32) = (10, 6);
const MYSQL_OLDEST: (u32, u32) = (8, 0);

/// A lease table on a MySQL or MariaDB server, and the connection to it.
pub(crate) struct MysqlStore {
    connection: Connection,
    table: Table,
    options: Options,
}

/// The connection to the server, made again when it broke.
struct Connection {
    url: Url,
    /// The client's TLS settings, as `ssl-mode` and `ssl-ca` ask (`None`: no TLS).
    tls: Option<SslOpts>,
    /// The renewal interval: the connect, read and write timeouts, and the server's lock and
    /// statement timeouts.
    timeout: Duration,
    /// Where the server is, for error messages (no password).
    target: String,
    /// `None` before the first connection, and after a failed statement until a reconnect.
    conn: Option<Conn>,
}

impl MysqlStore {
    /// Checks the URL and the table name, and reads `ssl-ca`; connects later, in
    /// [`Store::prepare`].
    pub(crate) fn new(url: &str, table: &str, options: Options) -> Result<MysqlStore, LeaseError> {
        let url = Url::parse(url).map_err(invalid)?;
        let table = Table::parse(table, url.database.as_deref())?;
        let tls = tls_settings(&url)?;
        Ok(MysqlStore {
            connection: Connection {
                target: url.target(),
                url,
                tls,
                timeout: options.timeout,
                conn: None,
            },
            table,
            options,
        })
    }

    /// Runs `step` on the connection (connecting first if there is none), and drops the
    /// connection when the step fails: a statement cut by a timeout, or a transaction left
    /// open by an error, ends with it (the server rolls the transaction back).
    fn with_connection<T>(
        &mut self,
        step: impl FnOnce(&Table, &mut Conn) -> Result<T, LeaseError>,
    ) -> Result<T, LeaseError> {
        let conn = self.connection.conn()?;
        let result = step(&self.table, conn);
        if result.is_err() {
            self.connection.conn = None;
        }
        result
    }
}

/// The client's TLS settings for `url`; reads `ssl-ca` now, so that a missing or empty file
/// is an error of acquire rather than of every reconnect.
fn tls_settings(url: &Url) -> Result<Option<SslOpts>, LeaseError> {
    if url.socket.is_some() || url.ssl_mode == SslMode::Disabled {
        return Ok(None);
    }
    let Some(ca) = &url.ssl_ca else {
        // Encryption only: the client checks nothing of the certificate.
        return Ok(Some(
            SslOpts::default().with_danger_accept_invalid_certs(true),
        ));
    };
    let shown = ca.display();
    let pem = std::fs::read(ca)
        .map_err(|error| invalid(format!("ssl-ca {shown:?} cannot be read: {error}")))?;
    let mut count = 0;
    for (index, certificate) in rustls::pki_types::CertificateDer::pem_slice_iter(&pem).enumerate()
    {
        let certificate = certificate.map_err(|error| {
            invalid(format!(
                "ssl-ca {shown:?}: certificate {} is not valid PEM: {error}",
                index + 1
            ))
        })?;
        rustls::RootCertStore::empty()
            .add(certificate)
            .map_err(|error| {
                invalid(format!(
                    "ssl-ca {shown:?}: certificate {} is not a usable X.509 certificate: {error}",
                    index + 1
                ))
            })?;
        count += 1;
    }
    if count == 0 {
        return Err(invalid(format!(
            "ssl-ca {shown:?} holds no certificate (expected PEM: -----BEGIN CERTIFICATE-----)"
        )));
    }
    let settings = SslOpts::default().with_root_cert_path(Some(ca.clone()));
    Ok(Some(match url.ssl_mode {
        SslMode::VerifyIdentity => settings,
        _ => settings.with_danger_skip_domain_validation(true),
    }))
}

use rustls::pki_types::pem::PemObject as _;

impl Connection {
    /// The connection, connecting first if there is none.
    fn conn(&mut self) -> Result<&mut Conn, LeaseError> {
        let open = match self.conn.take() {
            Some(open) => open,
            None => self.connect(self.timeout, false)?,
        };
        Ok(self.conn.insert(open))
    }

    /// A new connection whose client timeouts are `timeout`; its session in UTC, with the
    /// lock and statement timeouts of the renewals, or none (`for_creation`: the creation of
    /// the table waits for peers up to `timeout`).
    fn connect(&self, timeout: Duration, for_creation: bool) -> Result<Conn, LeaseError> {
        let failed = |detail: String, source: Box<dyn std::error::Error + Send + Sync>| {
            LeaseError::Connect {
                server: "MySQL",
                target: self.target.clone(),
                detail,
                source,
            }
        };
        let url = &self.url;
        let mut options = OptsBuilder::new()
            .user(url.user.clone())
            .pass(url.password.clone())
            .db_name(url.database.clone())
            // Never the server's own socket in place of the TCP connection asked for: it
            // would skip TLS.
            .prefer_socket(false)
            .tcp_connect_timeout(Some(timeout))
            .read_timeout(Some(timeout))
            .write_timeout(Some(timeout))
            .stmt_cache_size(0);
        options = match &url.socket {
            Some(socket) => options.socket(Some(socket.to_string_lossy().into_owned())),
            None => {
                let millis = u32::try_from(timeout.as_millis()).unwrap_or(u32::MAX);
                let options = options
                    .ip_or_hostname(url.host.clone())
                    .tcp_port(url.port)
                    // The kernel counts keepalive times in whole seconds.
                    .tcp_keepalive_time_ms(Some(millis.max(1_000)));
                // The client sets TCP_USER_TIMEOUT on Linux only, and the probes' interval
                // and count on Linux and macOS; elsewhere (Windows) the read and write
                // timeouts above bound a dead connection.
                #[cfg(target_os = "linux")]
                let options = options.tcp_user_timeout_ms(Some(millis));
                #[cfg(any(target_os = "linux", target_os = "macos"))]
                let options = options
                    .tcp_keepalive_probe_interval_secs(Some(timeout.as_secs().max(1) as u32))
                    .tcp_keepalive_probe_count(Some(3));
                options
            }
        };
        let mut conn = match &self.tls {
            None => Conn::new(options),
            Some(tls) => {
                ensure_crypto_provider();
                match Conn::new(options.clone().ssl_opts(tls.clone())) {
                    // PREFERRED: plain when the server offers no TLS, and only then.
                    Err(mysql::Error::DriverError(DriverError::TlsNotSupported))
                        if url.ssl_mode == SslMode::Preferred =>
                    {
                        Conn::new(options)
                    }
                    other => other,
                }
            }
        }
        .map_err(|error| failed(describe(&error), Box::new(error)))?;
        let version = run(&mut conn, "SELECT VERSION()")
            .ok()
            .and_then(|rows| rows.first().and_then(|row| row.get_opt::<String, usize>(0)))
            .and_then(Result::ok)
            .unwrap_or_default();
        let (server, major_minor) = parse_version(&version);
        let (oldest, required) = match server {
            "MariaDB" => (MARIADB_OLDEST, "MariaDB 10.6"),
            _ => (MYSQL_OLDEST, "MySQL 8.0"),
        };
        if major_minor.is_none_or(|found| found < oldest) {
            return Err(LeaseError::ServerVersion {
                server,
                version,
                required,
            });
        }
        // Whole seconds, at least 1, for the lock waits; the client's read timeout comes first.
        let lock_wait = if for_creation {
            timeout.as_secs().max(1)
        } else {
            timeout.as_secs_f64().ceil().max(1.0) as u64
        };
        let statement_limit = match (server, for_creation) {
            (_, true) => String::new(),
            ("MariaDB", false) => format!(", max_statement_time = {:.3}", timeout.as_secs_f64()),
            (_, false) => format!(", max_execution_time = {}", timeout.as_millis().max(1)),
        };
        conn.query_drop(format!(
            "SET SESSION time_zone = '+00:00', \
             sql_mode = 'STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION', autocommit = 1, \
             innodb_lock_wait_timeout = {lock_wait}, lock_wait_timeout = {lock_wait}\
             {statement_limit}"
        ))
        .map_err(|error| failed(describe(&error), Box::new(error)))?;
        Ok(conn)
    }
}

/// The client reads rustls's process-wide provider: ring, if the application has installed
/// none (with both of rustls's providers built in, rustls would pick neither and panic).
fn ensure_crypto_provider() {
    if rustls::crypto::CryptoProvider::get_default().is_none() {
        // Another thread may have installed one in between: theirs stays.
        let _ = rustls::crypto::ring::default_provider().install_default();
    }
}

/// `("MariaDB" | "MySQL", (major, minor))` of what `VERSION()` returns
/// (`10.11.6-MariaDB-0+deb12u1`, `8.0.36`, `8.4.0-commercial`).
fn parse_version(version: &str) -> (&'static str, Option<(u32, u32)>) {
    let server = if version.to_ascii_lowercase().contains("mariadb") {
        "MariaDB"
    } else {
        "MySQL"
    };
    let mut parts = version
        .split(|c: char| !c.is_ascii_digit())
        .map(str::parse::<u32>);
    let major_minor = match (parts.next(), parts.next()) {
        (Some(Ok(major)), Some(Ok(minor))) => Some((major, minor)),
        _ => None,
    };
    (server, major_minor)
}

impl Store for MysqlStore {
    fn name(&self) -> &str {
        &self.table.name
    }

    fn prepare(&mut self) -> Result<bool, LeaseError> {
        let create = self.options.create_table;
        let creation_timeout = self.options.creation_timeout;
        let open = self.connection.conn.take();
        let connection = &self.connection;
        let mut conn = match open {
            Some(conn) => conn,
            None => connection.connect(connection.timeout, false)?,
        };
        // The creation's connection waits for peers up to the acquire timeout.
        let result = self.table.prepare(&mut conn, create, creation_timeout, || {
            connection.connect(creation_timeout + connection.timeout, true)
        });
        if result.is_ok() {
            self.connection.conn = Some(conn);
        }
        result
    }

    fn claim(&mut self, claim: &Claim<'_>) -> Result<Option<Claimed>, LeaseError> {
        self.with_connection(|table, conn| table.claim(conn, claim))
    }

    fn seen(&mut self, claim: &Claim<'_>) -> Result<Seen, LeaseError> {
        self.with_connection(|table, conn| table.seen(conn, claim))
    }

    fn renew(&mut self, held: &Held, proposal_ms: u64) -> Result<Option<Renewed>, String> {
        let conn = self.connection.conn().map_err(|error| error.to_string())?;
        let result = self.table.renew(conn, held, proposal_ms);
        if result.is_err() {
            self.connection.conn = None;
        }
        result
    }

    fn release(&mut self, held: &Held) -> Result<bool, LeaseError> {
        self.with_connection(|table, conn| table.release(conn, held))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::sql::test_options as options;

    #[test]
    fn versions_are_read_as_servers_write_them() {
        assert_eq!(
            parse_version("10.11.6-MariaDB-0+deb12u1"),
            ("MariaDB", Some((10, 11)))
        );
        assert_eq!(parse_version("8.0.36"), ("MySQL", Some((8, 0))));
        assert_eq!(parse_version("5.7.44-log"), ("MySQL", Some((5, 7))));
        assert_eq!(parse_version(""), ("MySQL", None));
        assert!(Some((10, 5)) < Some(MARIADB_OLDEST) && Some((10, 6)) >= Some(MARIADB_OLDEST));
    }

    #[test]
    fn the_tls_settings_follow_the_mode() {
        let store = |url: &str| MysqlStore::new(url, "t", options());
        let plain = store("mysql://app@db/app?ssl-mode=DISABLED").unwrap();
        assert!(plain.connection.tls.is_none());
        // A socket never uses TLS.
        let socket = store("mysql://app@/app?socket=/run/mysqld.sock&ssl-mode=REQUIRED").unwrap();
        assert!(socket.connection.tls.is_none());
        let required = store("mysql://app@db/app?ssl-mode=REQUIRED").unwrap();
        let tls = required.connection.tls.as_ref().unwrap();
        assert!(tls.accept_invalid_certs() && tls.root_cert_path().is_none());
        assert_eq!(
            required.connection.target,
            "host=db port=3306 database=app user=app ssl-mode=REQUIRED"
        );
        assert_eq!(required.table.name, "app.t");
        // A CA that cannot be read is an error of acquire, naming the file.
        let Err(error) = store("mysql://app@db/app?ssl-ca=/nonexistent/ca.pem") else {
            panic!("a CA that cannot be read")
        };
        assert!(
            error
                .to_string()
                .starts_with("invalid MySQL URL: ssl-ca \"/nonexistent/ca.pem\" cannot be read"),
            "{error}"
        );
        let Err(error) = store("mysql://app@db/app?ssl-ca=/dev/null") else {
            panic!("a CA file without a certificate")
        };
        assert!(
            error.to_string().contains("holds no certificate"),
            "{error}"
        );
    }
}
