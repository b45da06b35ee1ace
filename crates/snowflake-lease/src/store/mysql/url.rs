//! The location of a MySQL or MariaDB store, as the lease takes it:
//! `mysql://user:password@host:port/database?ssl-mode=VERIFY_IDENTITY&ssl-ca=/path/ca.pem`
//! (or `mariadb://`), read here part by part, so that no key reaches the client unchecked and
//! no error repeats the password.
//!
//! The keys of the query, each at most once (`-` and `_` alike, as MySQL's client takes them):
//!
//! | key | value |
//! |---|---|
//! | `ssl-mode` | `DISABLED`, `PREFERRED` (default), `REQUIRED`, `VERIFY_CA`, `VERIFY_IDENTITY`, in any case |
//! | `ssl-ca` | a PEM file of the certificate authorities that may sign the server's certificate |
//! | `socket` | a Unix socket of the server, in place of host and port (no TLS there) |
//!
//! Others are refused by name: client certificates (`ssl-cert`, `ssl-key`), a directory of
//! authorities (`ssl-capath`), revocation lists (`ssl-crl`, `ssl-crlpath`), cipher and version
//! choices (`ssl-cipher`, `tls-version`, `tls-ciphersuites`), and any key not listed.

use std::path::PathBuf;

use crate::error::LeaseError;
use crate::store::sql::percent_decode;

/// The port of a URL that names none: MySQL's.
pub(crate) const DEFAULT_PORT: u16 = 3306;

/// MySQL's `--ssl-mode`, as the lease applies it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SslMode {
    /// Plain connections only.
    Disabled,
    /// TLS when the server offers it, a plain connection when it does not.
    Preferred,
    /// TLS or an error; the certificate is checked only against an `ssl-ca` given.
    Required,
    /// TLS, with the server's certificate chain checked to `ssl-ca`.
    VerifyCa,
    /// TLS, with the chain and the host name checked.
    VerifyIdentity,
}

impl SslMode {
    /// The values, in MySQL's order, for error messages.
    pub(crate) const VALUES: &'static str =
        "DISABLED, PREFERRED, REQUIRED, VERIFY_CA, VERIFY_IDENTITY";

    /// MySQL's value, in any case.
    pub(crate) fn parse(value: &str) -> Option<SslMode> {
        match value.to_ascii_uppercase().as_str() {
            "DISABLED" => Some(SslMode::Disabled),
            "PREFERRED" => Some(SslMode::Preferred),
            "REQUIRED" => Some(SslMode::Required),
            "VERIFY_CA" => Some(SslMode::VerifyCa),
            "VERIFY_IDENTITY" => Some(SslMode::VerifyIdentity),
            _ => None,
        }
    }

    /// MySQL's name of the mode.
    pub(crate) fn name(self) -> &'static str {
        match self {
            SslMode::Disabled => "DISABLED",
            SslMode::Preferred => "PREFERRED",
            SslMode::Required => "REQUIRED",
            SslMode::VerifyCa => "VERIFY_CA",
            SslMode::VerifyIdentity => "VERIFY_IDENTITY",
        }
    }
}

/// A URL, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Url {
    pub(crate) user: Option<String>,
    pub(crate) password: Option<String>,
    /// The host, without the brackets of an IPv6 address; `None` with `socket`.
    pub(crate) host: Option<String>,
    pub(crate) port: u16,
    pub(crate) database: Option<String>,
    pub(crate) socket: Option<PathBuf>,
    /// The mode in effect: `ssl-mode`, or its default (`VERIFY_CA` when `ssl-ca` is given
    /// alone, as MySQL's client does, else `PREFERRED`).
    pub(crate) ssl_mode: SslMode,
    pub(crate) ssl_ca: Option<PathBuf>,
}

/// Keys refused with a reason of their own rather than as unknown.
const UNSUPPORTED: [(&str, &str); 7] = [
    ("ssl-cert", "client certificates are not supported"),
    ("ssl-key", "client certificates are not supported"),
    (
        "ssl-capath",
        "a directory of certificate authorities is not supported: give one PEM file in ssl-ca",
    ),
    ("ssl-crl", "certificate revocation lists are not supported"),
    (
        "ssl-crlpath",
        "certificate revocation lists are not supported",
    ),
    ("ssl-cipher", "the TLS ciphers are rustls's safe defaults"),
    ("tls-version", "the TLS versions are rustls's: 1.2 and 1.3"),
];

/// The keys the lease takes, for error messages.
const KEYS: &str = "ssl-mode, ssl-ca and socket";

impl Url {
    /// Reads `url`: `mysql://` or `mariadb://`, optional user information, a host (a name,
    /// an IPv4 address, or an IPv6 address in brackets) with an optional port, an optional
    /// database, and the query. Percent-escapes are decoded in the user, the password, the
    /// database and the values. Errors name the part or the key, never the password.
    pub(crate) fn parse(url: &str) -> Result<Url, String> {
        let rest = ["mysql://", "mariadb://"]
            .iter()
            .find_map(|scheme| {
                url.get(..scheme.len())
                    .filter(|head| head.eq_ignore_ascii_case(scheme))
                    .map(|_| &url[scheme.len()..])
            })
            .ok_or("it starts neither with mysql:// nor with mariadb://")?;
        // The user information runs to the last `@` before the first `/`: a password may hold
        // `@`, `:`, `?` and `#` as they are, and `/` percent-encoded (%2F).
        let before_path = rest.find('/').unwrap_or(rest.len());
        let (userinfo, rest) = match rest[..before_path].rfind('@') {
            Some(at) => (Some(&rest[..at]), &rest[at + 1..]),
            None => (None, rest),
        };
        let (user, password) = match userinfo {
            None => (None, None),
            Some(info) => {
                let (user, password) = match info.split_once(':') {
                    Some((user, password)) => (user, Some(password)),
                    None => (info, None),
                };
                let user = percent_decode(user).map_err(|problem| format!("the user {problem}"))?;
                // The password's problem is told without its text.
                let password = password
                    .map(percent_decode)
                    .transpose()
                    .map_err(|problem| format!("the password {problem}"))?;
                ((!user.is_empty()).then_some(user), password)
            }
        };
        let host_end = rest.find(['/', '?']).unwrap_or(rest.len());
        let (host, port) = host_and_port(&rest[..host_end])?;
        let rest = &rest[host_end..];
        let (path, query) = match rest.split_once('?') {
            Some((path, query)) => (path, Some(query)),
            None => (rest, None),
        };
        let database = match path.strip_prefix('/') {
            None | Some("") => None,
            Some(database) => {
                let database = percent_decode(database)
                    .map_err(|problem| format!("the database {problem}"))?;
                if database.contains('/') {
                    return Err(
                        "the path has more than one part: it names one database, /database".into(),
                    );
                }
                if database.len() > 64 || database.contains('\0') {
                    return Err(format!(
                        "the database {database:?} is not a MySQL database name (at most 64 \
                         bytes, no NUL)"
                    ));
                }
                Some(database)
            }
        };
        let mut ssl_mode = None;
        let mut ssl_ca = None;
        let mut socket = None;
        for pair in query
            .unwrap_or("")
            .split('&')
            .filter(|pair| !pair.is_empty())
        {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let key = percent_decode(key)
                .map_err(|problem| format!("a key of the query {problem}"))?
                .to_ascii_lowercase()
                .replace('_', "-");
            if let Some((_, why)) = UNSUPPORTED.iter().find(|(name, _)| *name == key) {
                return Err(format!(
                    "{key} is not supported by the lease: {why} (the lease takes {KEYS})"
                ));
            }
            let value =
                percent_decode(value).map_err(|problem| format!("{key}: the value {problem}"))?;
            let slot_taken = match key.as_str() {
                "ssl-mode" => ssl_mode
                    .replace(SslMode::parse(&value).ok_or_else(|| {
                        format!(
                            "ssl-mode {value:?} is not a valid value: expected one of {}",
                            SslMode::VALUES
                        )
                    })?)
                    .is_some(),
                "ssl-ca" if value.is_empty() => {
                    return Err("ssl-ca is empty: give the path of a PEM file".into());
                }
                "ssl-ca" => ssl_ca.replace(PathBuf::from(value)).is_some(),
                "socket" if value.is_empty() => {
                    return Err("socket is empty: give the path of the server's socket".into());
                }
                "socket" => socket.replace(PathBuf::from(value)).is_some(),
                _ => {
                    return Err(format!(
                        "{key} is not a key the lease takes (it takes {KEYS})"
                    ));
                }
            };
            if slot_taken {
                return Err(format!("{key} is given twice"));
            }
        }
        let ssl_mode = match (ssl_mode, &ssl_ca) {
            (Some(mode), _) => mode,
            // MySQL's client: a CA given without a mode verifies the chain.
            (None, Some(_)) => SslMode::VerifyCa,
            (None, None) => SslMode::Preferred,
        };
        if matches!(ssl_mode, SslMode::VerifyCa | SslMode::VerifyIdentity) && ssl_ca.is_none() {
            return Err(format!(
                "ssl-mode {} needs ssl-ca, a PEM file of the certificate authority that signed \
                 the server's certificate",
                ssl_mode.name()
            ));
        }
        let host = match (host, &socket) {
            (Some(_), Some(_)) => {
                return Err(
                    "it names both a host and a socket: give mysql://user@host:port/database or \
                     mysql://user@/database?socket=/path"
                        .into(),
                );
            }
            (None, None) => {
                return Err(
                    "it names no host: give mysql://user@host:port/database, or a Unix socket \
                     with ?socket=/path"
                        .into(),
                );
            }
            (host, _) => host,
        };
        Ok(Url {
            user,
            password,
            host,
            port: port.unwrap_or(DEFAULT_PORT),
            database,
            socket,
            ssl_mode,
            ssl_ca,
        })
    }

    /// Where a connection goes, for messages (no password): `host=… port=… database=…
    /// user=… ssl-mode=…`, or `socket=…` in place of host, port and mode.
    pub(crate) fn target(&self) -> String {
        let mut target = match (&self.socket, &self.host) {
            (Some(socket), _) => format!("socket={}", socket.display()),
            (None, host) => format!(
                "host={} port={}",
                host.as_deref().unwrap_or_default(),
                self.port
            ),
        };
        if let Some(database) = &self.database {
            target.push_str(&format!(" database={database}"));
        }
        if let Some(user) = &self.user {
            target.push_str(&format!(" user={user}"));
        }
        if self.socket.is_none() {
            target.push_str(&format!(" ssl-mode={}", self.ssl_mode.name()));
        }
        target
    }
}

/// The host (brackets of an IPv6 address removed) and the port of `authority`; both empty is
/// no host.
fn host_and_port(authority: &str) -> Result<(Option<String>, Option<u16>), String> {
    let (host, port) = if let Some(bracketed) = authority.strip_prefix('[') {
        let (address, after) = bracketed
            .split_once(']')
            .ok_or("the host has a `[` without its `]`")?;
        if address.parse::<std::net::Ipv6Addr>().is_err() {
            return Err("the host in brackets is not an IPv6 address".into());
        }
        let port = match after {
            "" => None,
            after => Some(
                after
                    .strip_prefix(':')
                    .ok_or("the host's `]` is followed by something other than `:port`")?,
            ),
        };
        (address.to_owned(), port)
    } else {
        match authority.rsplit_once(':') {
            Some((host, port)) => (host.to_owned(), Some(port)),
            None => (authority.to_owned(), None),
        }
    };
    let port = port
        .map(|port| {
            port.parse::<u16>()
                .ok()
                .filter(|port| *port != 0)
                // Not repeated: in a malformed URL it may be part of the password.
                .ok_or("the port is not a number from 1 to 65535")
        })
        .transpose()?;
    if host.is_empty() {
        if port.is_some() {
            return Err("it has a port but no host".into());
        }
        return Ok((None, None));
    }
    if !authority.starts_with('[') && host.contains(['%', ' ', '[', ']', ':', '@']) {
        return Err("the host is not a host name or address".into());
    }
    Ok((Some(host), port))
}

/// A URL's problem as the lease reports it.
pub(crate) fn invalid(reason: String) -> LeaseError {
    LeaseError::MysqlUrl { reason }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_part_is_read_and_decoded() {
        let url = Url::parse(
            "mysql://app:p%40ss%2Fw@db.internal:3307/ids%2Dprod?ssl-mode=verify_identity&ssl_ca=%2Fetc%2Fca.pem",
        )
        .unwrap();
        assert_eq!(
            url,
            Url {
                user: Some("app".into()),
                password: Some("p@ss/w".into()),
                host: Some("db.internal".into()),
                port: 3307,
                database: Some("ids-prod".into()),
                socket: None,
                ssl_mode: SslMode::VerifyIdentity,
                ssl_ca: Some("/etc/ca.pem".into()),
            }
        );
        assert_eq!(
            url.target(),
            "host=db.internal port=3307 database=ids-prod user=app ssl-mode=VERIFY_IDENTITY"
        );
        assert!(!url.target().contains("p@ss"));
    }

    #[test]
    fn defaults_follow_mysqls_client() {
        let url = Url::parse("MariaDB://db").unwrap();
        assert_eq!(
            (url.port, url.ssl_mode, url.user, url.database),
            (3306, SslMode::Preferred, None, None)
        );
        // A CA alone verifies the chain.
        let url = Url::parse("mysql://db/app?ssl-ca=/ca.pem").unwrap();
        assert_eq!(url.ssl_mode, SslMode::VerifyCa);
        let url = Url::parse("mysql://u@[::1]:3310/app").unwrap();
        assert_eq!((url.host.as_deref(), url.port), (Some("::1"), 3310));
        let url = Url::parse("mysql://u@/app?socket=%2Frun%2Fmysqld%2Fmysqld.sock").unwrap();
        assert_eq!(
            (url.host, url.socket.as_deref()),
            (None, Some(std::path::Path::new("/run/mysqld/mysqld.sock")))
        );
        assert_eq!(
            Url::parse("mysql://u@/app?socket=/s").unwrap().target(),
            "socket=/s database=app user=u"
        );
    }

    #[test]
    fn a_password_may_hold_a_question_mark() {
        let url = Url::parse("mysql://app:p@?s#s:@db/app?ssl-mode=DISABLED").unwrap();
        assert_eq!(url.password.as_deref(), Some("p@?s#s:"));
        assert_eq!(url.ssl_mode, SslMode::Disabled);
        assert_eq!(url.database.as_deref(), Some("app"));
    }

    #[test]
    fn bad_urls_name_the_part_or_key_and_never_the_password() {
        for (url, expected) in [
            ("postgres://db/app", "neither with mysql://"),
            (
                "mysql://app:hunter2@db/app?ssl-mode=verify",
                "ssl-mode \"verify\"",
            ),
            (
                "mysql://app:hunter2@db/app?ssl-cert=/c.pem",
                "ssl-cert is not supported",
            ),
            (
                "mysql://app:hunter2@db/app?ssl-key=/k.pem",
                "client certificates",
            ),
            (
                "mysql://app:hunter2@db/app?sslmode=require",
                "sslmode is not a key",
            ),
            (
                "mysql://app:hunter2@db/app?ssl-mode=VERIFY_CA",
                "needs ssl-ca",
            ),
            (
                "mysql://app:hunter2@db:99999/app",
                "the port is not a number",
            ),
            ("mysql://app:hunter2@/app", "names no host"),
            (
                "mysql://app:hunter2@db/app?socket=/s",
                "both a host and a socket",
            ),
            ("mysql://app:hunter2@db/a/b", "more than one part"),
            (
                "mysql://app:hunter2@db/app?ssl-mode=REQUIRED&ssl-mode=DISABLED",
                "twice",
            ),
            (
                "mysql://app:hunter2@db/app?ssl-ca=%2",
                "ssl-ca: the value has a `%`",
            ),
            ("mysql://app:hunt%zzer2@db/app", "the password has a `%`"),
            ("mysql://app:hunter2@[db]/app", "not an IPv6 address"),
            ("mysql://app:hun/ter2@db/app", "the port is not a number"),
        ] {
            let error = Url::parse(url).unwrap_err();
            assert!(error.contains(expected), "{url}: {error}");
            assert!(
                !error.contains("hunter2") && !error.contains("hunt"),
                "{error}"
            );
        }
    }
}
