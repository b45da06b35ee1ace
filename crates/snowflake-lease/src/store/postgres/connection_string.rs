//! The connection string as libpq writes it: the TLS keys the lease handles itself
//! (`sslmode`, `sslrootcert`) taken out of either form, key=value pairs or a URL, and the rest
//! left as written for `postgres::Config`, which refuses those keys.

use std::format;

use super::tls::{RootCert, SslMode, TlsKeys};

use crate::store::sql::percent_decode;

/// The keys of a connection string that the lease handles itself, in place of `postgres`
/// (which refuses `sslrootcert` and the verifying modes): see [`LeaseConfig::new`].
const TLS_KEYS: [&str; 2] = ["sslmode", "sslrootcert"];

/// libpq's TLS keys the lease does not support, refused with a reason rather than as unknown.
const UNSUPPORTED_TLS_KEYS: [(&str, &str); 5] = [
    ("sslcert", "client certificates are not supported"),
    ("sslkey", "client certificates are not supported"),
    ("sslpassword", "client certificates are not supported"),
    ("sslcrl", "certificate revocation lists are not supported"),
    (
        "sslcrldir",
        "certificate revocation lists are not supported",
    ),
];

/// Takes `sslmode` and `sslrootcert` out of a libpq connection string, in either of its forms,
/// and returns the rest, for `postgres::Config::from_str`, with everything else as it was
/// written. The tokens are found as `postgres` finds them (which follows libpq): `key=value`
/// pairs separated by white space, values in single quotes or not, `\` escaping the next
/// character; a URL (`postgresql://` or `postgres://`) whose query parameters are split on
/// `&` and percent-decoded. Errors name the key and its value, never the rest of the string.
pub(crate) fn split_tls_keys(connection: &str) -> Result<(String, TlsKeys), String> {
    let mut keys = TlsKeys::default();
    let rest = match ["postgresql://", "postgres://"]
        .into_iter()
        .find(|prefix| connection.starts_with(prefix))
    {
        Some(prefix) => split_url(connection, prefix.len(), &mut keys)?,
        None => split_pairs(connection, &mut keys)?,
    };
    Ok((rest, keys))
}

/// Records `key = value` in `keys` if the key is the lease's; `false` for any other key.
fn tls_key(key: &str, value: &str, keys: &mut TlsKeys) -> Result<bool, String> {
    if let Some((_, why)) = UNSUPPORTED_TLS_KEYS.iter().find(|(name, _)| *name == key) {
        return Err(format!(
            "{key} is not supported by the lease: {why} (the lease supports sslmode and \
             sslrootcert)"
        ));
    }
    match key {
        "sslmode" => {
            keys.mode = Some(SslMode::parse(value).ok_or_else(|| {
                format!(
                    "sslmode {value:?} is not a valid value: expected one of {}",
                    SslMode::VALUES
                )
            })?);
        }
        // libpq: an empty sslrootcert is one not given.
        "sslrootcert" if value.is_empty() => keys.root = None,
        "sslrootcert" if value == "system" => keys.root = Some(RootCert::System),
        "sslrootcert" => keys.root = Some(RootCert::File(value.into())),
        _ => return Ok(false),
    }
    Ok(true)
}

/// The `key=value` form: the pairs other than the lease's, joined by a space.
fn split_pairs(connection: &str, keys: &mut TlsKeys) -> Result<String, String> {
    let mut kept: Vec<&str> = Vec::new();
    let mut rest = connection;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        let start = rest;
        let key_end = rest
            .find(|c: char| c.is_whitespace() || c == '=')
            .unwrap_or(rest.len());
        let key = &rest[..key_end];
        let after_key = rest[key_end..].trim_start();
        // No key, or no `=` after it: not a pair; `postgres` reports it.
        let Some(after_equals) = after_key.strip_prefix('=').filter(|_| !key.is_empty()) else {
            kept.push(start);
            break;
        };
        let (value, after_value) = match pair_value(after_equals.trim_start()) {
            Ok(parsed) => parsed,
            Err(problem) if TLS_KEYS.contains(&key) => return Err(format!("{key}: {problem}")),
            // Another key's malformed value: `postgres` reports it.
            Err(_) => {
                kept.push(start);
                break;
            }
        };
        if !tls_key(key, &value, keys)? {
            kept.push(&start[..start.len() - after_value.len()]);
        }
        rest = after_value;
    }
    Ok(kept.join(" "))
}

/// A value of the `key=value` form and what follows it: quoted in `'…'` or running to the
/// next white space, with `\` taking the next character as it is.
fn pair_value(text: &str) -> Result<(String, &str), &'static str> {
    let mut value = String::new();
    let (quoted, body) = match text.strip_prefix('\'') {
        Some(body) => (true, body),
        None => (false, text),
    };
    let mut chars = body.char_indices();
    while let Some((index, c)) = chars.next() {
        match c {
            '\\' => {
                if let Some((_, escaped)) = chars.next() {
                    value.push(escaped);
                }
            }
            '\'' if quoted => return Ok((value, &body[index + 1..])),
            c if !quoted && c.is_whitespace() => return Ok((value, &body[index..])),
            c => value.push(c),
        }
    }
    if quoted {
        Err("the quoted value has no closing `'`")
    } else {
        Ok((value, ""))
    }
}

/// The URL form: the query parameters other than the lease's, in their order, percent-encoded
/// as they were. The query starts where `postgres` finds it: after the user information (to
/// the first `@`), the hosts (to the first `/` or `?`) and the database (to the first `?`).
fn split_url(connection: &str, prefix: usize, keys: &mut TlsKeys) -> Result<String, String> {
    let body = &connection[prefix..];
    let hosts_start = body.find('@').map_or(0, |at| at + 1);
    let query_start = body[hosts_start..]
        .find(['/', '?'])
        .map(|end| hosts_start + end)
        .and_then(|end| body[end..].find('?').map(|question| end + question));
    let Some(query_start) = query_start else {
        return Ok(connection.to_owned());
    };
    let mut query = &body[query_start + 1..];
    let mut kept: Vec<&str> = Vec::new();
    while !query.is_empty() {
        // As `postgres` reads it: the key runs to the next `=`, the value to the next `&`.
        let Some(equals) = query.find('=') else {
            kept.push(query);
            break;
        };
        let end = query[equals..]
            .find('&')
            .map_or(query.len(), |amp| equals + amp);
        let key = percent_decode(&query[..equals]);
        let is_tls = key.as_deref().is_ok_and(|key| {
            TLS_KEYS.contains(&key) || UNSUPPORTED_TLS_KEYS.iter().any(|(name, _)| *name == key)
        });
        if is_tls {
            let key = key.unwrap_or_default();
            let value = percent_decode(&query[equals + 1..end])
                .map_err(|problem| format!("{key}: the value {problem}"))?;
            tls_key(&key, &value, keys)?;
        } else {
            kept.push(&query[..end]);
        }
        query = query.get(end + 1..).unwrap_or("");
    }
    let mut rest = connection[..prefix + query_start].to_owned();
    if !kept.is_empty() {
        rest.push('?');
        rest.push_str(&kept.join("&"));
    }
    Ok(rest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::str::FromStr;

    fn split(connection: &str) -> (String, TlsKeys) {
        split_tls_keys(connection).unwrap()
    }

    fn keys(mode: Option<SslMode>, root: Option<&str>) -> TlsKeys {
        TlsKeys {
            mode,
            root: root.map(|root| match root {
                "system" => RootCert::System,
                path => RootCert::File(path.into()),
            }),
        }
    }

    #[test]
    fn pairs_without_tls_keys_are_kept_as_written() {
        let connection = "host=/tmp  port=5433 dbname='my db' password=se\\ cret";
        let (rest, found) = split(connection);
        assert_eq!(
            rest,
            "host=/tmp port=5433 dbname='my db' password=se\\ cret"
        );
        assert_eq!(found, TlsKeys::default());
        let parsed = postgres::Config::from_str(&rest).unwrap();
        assert_eq!(parsed.get_dbname(), Some("my db"));
        assert_eq!(parsed.get_password(), Some(&b"se cret"[..]));
    }

    #[test]
    fn pairs_lose_the_tls_keys_only() {
        let (rest, found) =
            split("host=db.internal sslmode=verify-full sslrootcert=/etc/ca.pem dbname=app");
        assert_eq!(rest, "host=db.internal dbname=app");
        assert_eq!(found, keys(Some(SslMode::VerifyFull), Some("/etc/ca.pem")));
    }

    #[test]
    fn pairs_follow_libpq_quoting() {
        // Spaces around `=`, a quoted path with a space, an escaped quote and backslash.
        let (rest, found) =
            split(r"host = db sslrootcert = '/etc/my certs/ca\'s\\.pem' sslmode =require user=app");
        assert_eq!(rest, "host = db user=app");
        assert_eq!(
            found,
            keys(Some(SslMode::Require), Some(r"/etc/my certs/ca's\.pem"))
        );
        // Unquoted, a backslash escapes a space; a quoted value may touch the next key.
        let (rest, found) = split(r"sslrootcert=/etc/my\ ca.pem sslmode='verify-ca'host=db");
        assert_eq!(rest, "host=db");
        assert_eq!(found, keys(Some(SslMode::VerifyCa), Some("/etc/my ca.pem")));
    }

    #[test]
    fn the_last_value_of_a_key_wins_and_empty_sslrootcert_is_unset() {
        let (_, found) = split("sslmode=disable sslmode=require sslrootcert=/a.pem sslrootcert=''");
        assert_eq!(found, keys(Some(SslMode::Require), None));
        let (_, found) = split("host=db sslrootcert=system");
        assert_eq!(found, keys(None, Some("system")));
    }

    #[test]
    fn allow_is_prefer() {
        assert_eq!(split("sslmode=allow").1, keys(Some(SslMode::Prefer), None));
    }

    #[test]
    fn urls_lose_the_tls_parameters_only() {
        let (rest, found) = split(
            "postgresql://app:p%40ss@db.internal:5433/app?sslmode=verify-full&connect_timeout=5&sslrootcert=%2Fetc%2Fmy%20ca.pem&application_name=a%20b",
        );
        assert_eq!(
            rest,
            "postgresql://app:p%40ss@db.internal:5433/app?connect_timeout=5&application_name=a%20b"
        );
        assert_eq!(
            found,
            keys(Some(SslMode::VerifyFull), Some("/etc/my ca.pem"))
        );
        let parsed = postgres::Config::from_str(&rest).unwrap();
        assert_eq!(parsed.get_application_name(), Some("a b"));
        assert_eq!(parsed.get_password(), Some(&b"p@ss"[..]));
    }

    #[test]
    fn urls_without_other_parameters_lose_the_question_mark() {
        let (rest, found) = split("postgres://db/app?sslmode=require");
        assert_eq!(rest, "postgres://db/app");
        assert_eq!(found, keys(Some(SslMode::Require), None));
        // No database: the query follows the hosts.
        let (rest, found) =
            split("postgresql://db1,db2:5433?ssl%6dode=verify-ca&sslrootcert=system");
        assert_eq!(rest, "postgresql://db1,db2:5433");
        assert_eq!(found, keys(Some(SslMode::VerifyCa), Some("system")));
    }

    #[test]
    fn urls_keep_a_question_mark_in_the_password() {
        // `postgres` reads the user information to the first `@`: a `?` there is no query.
        let (rest, found) = split("postgresql://app:p?ss@db/app?sslmode=require");
        assert_eq!(rest, "postgresql://app:p?ss@db/app");
        assert_eq!(found, keys(Some(SslMode::Require), None));
        let (rest, found) = split("postgresql://db/app");
        assert_eq!(rest, "postgresql://db/app");
        assert_eq!(found, TlsKeys::default());
    }

    #[test]
    fn bad_values_name_the_key_and_value_only() {
        for connection in [
            "host=db password=hunter2 sslmode=verify_full",
            "postgresql://app:hunter2@db/app?sslmode=verify_full",
        ] {
            let error = split_tls_keys(connection).unwrap_err();
            assert!(error.contains(r#"sslmode "verify_full""#), "{error}");
            assert!(error.contains("verify-full"), "{error}");
            assert!(!error.contains("hunter2"), "{error}");
        }
        let error = split_tls_keys("password=hunter2 sslrootcert='/etc/ca.pem").unwrap_err();
        assert!(error.contains("sslrootcert"), "{error}");
        assert!(error.contains("closing"), "{error}");
        assert!(!error.contains("hunter2"), "{error}");
        let error = split_tls_keys("postgresql://db/app?sslrootcert=%2").unwrap_err();
        assert!(
            error.contains("sslrootcert") && error.contains('%'),
            "{error}"
        );
        let error = split_tls_keys("postgresql://db/app?sslrootcert=%FF").unwrap_err();
        assert!(error.contains("UTF-8"), "{error}");
        let error = split_tls_keys("sslmode=").unwrap_err();
        assert!(error.contains(r#"sslmode """#), "{error}");
    }

    #[test]
    fn unsupported_tls_keys_are_refused_by_name() {
        for connection in [
            "host=db sslcert=/etc/client.pem",
            "postgresql://db/app?sslkey=%2Fetc%2Fclient.key",
        ] {
            let error = split_tls_keys(connection).unwrap_err();
            assert!(
                error.contains("client certificates are not supported"),
                "{error}"
            );
        }
    }

    #[test]
    fn malformed_strings_are_left_to_postgres() {
        for connection in [
            "host=db dbname",
            "host=db dbname='app",
            "postgresql://db/app?flag",
        ] {
            let (rest, _) = split(connection);
            assert_eq!(rest, connection);
            assert!(postgres::Config::from_str(&rest).is_err());
        }
    }
}
