//! The PostgreSQL store: a table of 1,024 rows, on the synchronous `postgres` client, with
//! TLS as libpq's `sslmode` and `sslrootcert` ask.
//!
//! The store's clock is `now()` on the server, its lock `FOR UPDATE SKIP LOCKED` in the
//! claim, its fencing token the row's `token` (and `generation`), its expiry `expires_at` on
//! the server's clock. Every statement goes through `query_typed`: one round trip with the
//! unnamed statement, so that a pooler in transaction mode (PgBouncer) never sees a prepared
//! statement outlive its transaction.

mod connection_string;
mod table;
mod tls;

use core::str::FromStr;
use core::time::Duration;
use std::format;

use postgres::Client;
use postgres::config::Host;

use crate::error::LeaseError;
use crate::store::{Claim, Claimed, Held, Options, Renewed, Seen, Store};
use connection_string::split_tls_keys;
use table::Table;

/// A lease table on a PostgreSQL server, and the connection to it.
pub(crate) struct PostgresStore {
    connection: Connection,
    table: Table,
    options: Options,
}

/// The connection to the server, made again when it broke.
struct Connection {
    config: postgres::Config,
    /// The TLS connector for `config.connect`, as `sslmode` and `sslrootcert` ask.
    tls: tls::Connector,
    /// Where the server is, for error messages (no password).
    target: String,
    /// `None` before the first connection, and after one broke until a reconnect succeeds.
    client: Option<Client>,
}

impl PostgresStore {
    /// Checks the connection string (libpq's, with `sslmode` and `sslrootcert` read here) and
    /// the table name, and reads the TLS root certificates; connects later, in
    /// [`Store::prepare`].
    pub(crate) fn new(
        connection: &str,
        table: &str,
        options: Options,
    ) -> Result<PostgresStore, LeaseError> {
        let table = Table::parse(table)?;
        let (rest, tls_keys) =
            split_tls_keys(connection).map_err(|reason| LeaseError::ConnectionString { reason })?;
        let mut config =
            postgres::Config::from_str(&rest).map_err(|error| LeaseError::ConnectionString {
                reason: describe(&error),
            })?;
        let timeout = options.timeout;
        if config
            .get_connect_timeout()
            .is_none_or(|given| *given > timeout)
        {
            config.connect_timeout(timeout);
        }
        if config
            .get_tcp_user_timeout()
            .is_none_or(|given| *given > timeout)
        {
            config.tcp_user_timeout(timeout);
        }
        // The kernel counts keepalive times in whole seconds.
        let keepalive = timeout.max(Duration::from_secs(1));
        if config.get_keepalives_idle() > keepalive {
            config.keepalives_idle(keepalive);
        }
        if config
            .get_keepalives_interval()
            .is_none_or(|given| given > keepalive)
        {
            config.keepalives_interval(keepalive);
        }
        if config.get_keepalives_retries().is_none() {
            config.keepalives_retries(3);
        }
        let statement_timeout = format!("-c statement_timeout={}", timeout.as_millis());
        let server_options = match config.get_options() {
            Some(given) if !given.trim().is_empty() => format!("{given} {statement_timeout}"),
            _ => statement_timeout,
        };
        config.options(&server_options);
        if config.get_application_name().is_none() {
            config.application_name("snowflake-lease");
        }
        let (tls, sslmode) = tls::configure(&tls_keys, &mut config)?;
        let mut target = target(&config);
        if let Some(sslmode) = sslmode {
            target.push_str(&format!(" sslmode={sslmode}"));
        }
        Ok(PostgresStore {
            connection: Connection {
                config,
                tls,
                target,
                client: None,
            },
            table,
            options,
        })
    }
}

impl Connection {
    /// The connection, connecting first if there is none or it broke.
    fn client(&mut self) -> Result<&mut Client, LeaseError> {
        let open = match self.client.take() {
            Some(open) if !open.is_closed() => open,
            _ => self
                .config
                .connect(self.tls.clone())
                .map_err(|error| LeaseError::Connect {
                    server: "PostgreSQL",
                    target: self.target.clone(),
                    detail: describe(&error),
                    source: Box::new(error),
                })?,
        };
        Ok(self.client.insert(open))
    }
}

impl Store for PostgresStore {
    fn name(&self) -> &str {
        &self.table.name
    }

    fn prepare(&mut self) -> Result<bool, LeaseError> {
        let client = self.connection.client()?;
        self.table.prepare(
            client,
            self.options.create_table,
            self.options.creation_timeout,
        )
    }

    fn claim(&mut self, claim: &Claim<'_>) -> Result<Option<Claimed>, LeaseError> {
        let client = self.connection.client()?;
        self.table.claim(client, claim)
    }

    fn seen(&mut self, claim: &Claim<'_>) -> Result<Seen, LeaseError> {
        let client = self.connection.client()?;
        self.table.seen(client, claim)
    }

    fn renew(&mut self, held: &Held, proposal_ms: u64) -> Result<Option<Renewed>, String> {
        let client = self
            .connection
            .client()
            .map_err(|error| error.to_string())?;
        match self.table.renew(client, held, proposal_ms) {
            Ok(renewed) => Ok(renewed),
            Err(error) => {
                if client.is_closed() {
                    self.connection.client = None;
                }
                Err(describe(&error))
            }
        }
    }

    fn release(&mut self, held: &Held) -> Result<bool, LeaseError> {
        let client = self.connection.client()?;
        self.table.release(client, held)
    }
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
    use crate::store::sql::test_options as options;

    #[test]
    fn the_tls_keys_are_applied() {
        let store = PostgresStore::new(
            "host=db.internal dbname=app sslmode=require",
            "t",
            options(),
        )
        .unwrap();
        assert_eq!(
            store.connection.config.get_ssl_mode(),
            postgres::config::SslMode::Require
        );
        assert!(
            store.connection.target.ends_with("sslmode=require"),
            "{}",
            store.connection.target
        );
        // Unix sockets: no TLS, as in libpq.
        let store =
            PostgresStore::new("host=/run/postgresql sslmode=require", "t", options()).unwrap();
        assert_eq!(
            store.connection.config.get_ssl_mode(),
            postgres::config::SslMode::Disable
        );
        assert!(
            !store.connection.target.contains("sslmode"),
            "{}",
            store.connection.target
        );
    }
}
