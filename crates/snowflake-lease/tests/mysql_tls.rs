//! TLS (`ssl-mode`, `ssl-ca`) against real MariaDB servers over TCP: one started with a
//! certificate of a throwaway authority made by `openssl` for this test (for `localhost` and
//! 127.0.0.1), one started without TLS. Whether a lease's connection is encrypted is told by
//! the server itself: the lease connects as a user created `REQUIRE SSL`, whom the server
//! admits over TLS only. Each case acquires a lease and generates an id, or fails with an
//! error that says why.
#![cfg(unix)]

use std::path::Path;

use snowflake_lease::{LeaseConfig, LeaseError, LeasedGenerator};
use test_support::mariadb::{Forwarder, Server, shared};
use test_support::postgres::Pki;
use test_support::temp_dir::TempDir;

/// A URL's form of a path.
fn path(path: &Path) -> String {
    path.to_str().expect("a UTF-8 path").replace('/', "%2F")
}

/// The user the server admits over TLS only, and the database of the lease.
const USER: &str = "lease_tls";

fn prepare(server: &Server) {
    server.sql(&format!(
        "CREATE DATABASE tls; CREATE USER {USER}@'%' REQUIRE SSL; \
         GRANT ALL ON tls.* TO {USER}@'%'; CREATE USER lease_plain@'%'; \
         GRANT ALL ON tls.* TO lease_plain@'%'"
    ));
}

/// Acquires a lease as `user` at `host:port` with the query `query`, and generates an id; or
/// the error of acquire.
fn lease(user: &str, host: &str, port: u16, query: &str) -> Result<(), LeaseError> {
    let url = format!("mysql://{user}@{host}:{port}/tls?{query}");
    let generator = LeasedGenerator::acquire(
        &LeaseConfig::new(&url)
            .table("lease")
            .max_clock_skew(std::time::Duration::ZERO),
    )?;
    generator.generate().expect("an id");
    generator.release()
}

/// The error of a case that must fail, as text.
fn refused(user: &str, host: &str, port: u16, query: &str) -> String {
    match lease(user, host, port, query) {
        Ok(()) => panic!("{user}@{host}:{port}?{query} was let in"),
        Err(error) => {
            assert!(
                matches!(error, LeaseError::Connect { .. }),
                "{query}: {error:?}"
            );
            eprintln!("{user}@{host}:{port}?{query}: {error}");
            error.to_string()
        }
    }
}

#[test]
fn every_ssl_mode_against_a_server_with_tls() {
    let dir = TempDir::new("mysql-tls");
    let pki = Pki::generate(dir.path());
    let server = Server::start_with_tls(&pki.server_cert, &pki.server_key, &[]);
    prepare(&server);
    let port = server.port();
    let ca = path(&pki.ca);
    let other_ca = path(&pki.other_ca);
    let ok = |user: &str, host: &str, query: &str| {
        lease(user, host, port, query).unwrap_or_else(|error| panic!("{query}: {error}"))
    };

    // DISABLED: no TLS, so the user who needs it is refused, and the other let in.
    let error = refused(USER, "127.0.0.1", port, "ssl-mode=DISABLED");
    assert!(
        error.contains("Access denied for user 'lease_tls'"),
        "{error}"
    );
    assert!(error.contains("ssl-mode=DISABLED"), "{error}");
    ok("lease_plain", "127.0.0.1", "ssl-mode=DISABLED");
    // PREFERRED (the default) and REQUIRED encrypt, checking no certificate.
    ok(USER, "127.0.0.1", "");
    ok(USER, "127.0.0.1", "ssl-mode=preferred");
    ok(USER, "127.0.0.1", "ssl-mode=REQUIRED");
    // With a CA, they check the chain: the wrong authority is refused.
    ok(USER, "127.0.0.1", &format!("ssl-mode=REQUIRED&ssl-ca={ca}"));
    let error = refused(
        USER,
        "127.0.0.1",
        port,
        &format!("ssl-mode=REQUIRED&ssl-ca={other_ca}"),
    );
    assert!(error.contains("UnknownIssuer"), "{error}");
    let error = refused(
        USER,
        "127.0.0.1",
        port,
        &format!("ssl-mode=PREFERRED&ssl-ca={other_ca}"),
    );
    assert!(
        error.contains("UnknownIssuer"),
        "PREFERRED does not fall back: {error}"
    );
    // VERIFY_CA: the chain, not the name; a CA alone means VERIFY_CA.
    ok(
        USER,
        "127.0.0.1",
        &format!("ssl-mode=VERIFY_CA&ssl-ca={ca}"),
    );
    ok(USER, "localhost", &format!("ssl-ca={ca}"));
    let error = refused(
        USER,
        "127.0.0.1",
        port,
        &format!("ssl-mode=VERIFY_CA&ssl-ca={other_ca}"),
    );
    assert!(error.contains("UnknownIssuer"), "{error}");
    // VERIFY_IDENTITY: the chain and the name, a DNS name or an address.
    ok(
        USER,
        "localhost",
        &format!("ssl-mode=VERIFY_IDENTITY&ssl-ca={ca}"),
    );
    ok(
        USER,
        "127.0.0.1",
        &format!("ssl-mode=VERIFY_IDENTITY&ssl-ca={ca}"),
    );
    let error = refused(
        USER,
        "127.0.0.1",
        port,
        &format!("ssl-mode=VERIFY_IDENTITY&ssl-ca={other_ca}"),
    );
    assert!(error.contains("UnknownIssuer"), "{error}");
    // The same server under an address its certificate does not name: the chain passes, the
    // name does not.
    let forwarder = Forwarder::start("127.0.0.2", port);
    let elsewhere = forwarder.port();
    lease(
        USER,
        "127.0.0.2",
        elsewhere,
        &format!("ssl-mode=VERIFY_CA&ssl-ca={ca}"),
    )
    .unwrap_or_else(|error| panic!("VERIFY_CA at another address: {error}"));
    let error = refused(
        USER,
        "127.0.0.2",
        elsewhere,
        &format!("ssl-mode=VERIFY_IDENTITY&ssl-ca={ca}"),
    );
    assert!(error.contains("not valid for name"), "{error}");
    assert!(error.contains("ssl-mode=VERIFY_IDENTITY"), "{error}");
}

#[test]
fn every_ssl_mode_against_a_server_without_tls() {
    let dir = TempDir::new("mysql-plain");
    let pki = Pki::generate(dir.path());
    let server = shared();
    let port = server.port();
    let ca = path(&pki.ca);
    server.sql("CREATE DATABASE tls");
    let ok = |query: &str| {
        lease("root", "127.0.0.1", port, query).unwrap_or_else(|error| panic!("{query}: {error}"))
    };
    ok("ssl-mode=DISABLED");
    // PREFERRED falls back to a plain connection when the server offers no TLS.
    ok("");
    ok(&format!("ssl-mode=PREFERRED&ssl-ca={ca}"));
    for mode in ["REQUIRED", "VERIFY_CA", "VERIFY_IDENTITY"] {
        let error = refused(
            "root",
            "127.0.0.1",
            port,
            &format!("ssl-mode={mode}&ssl-ca={ca}"),
        );
        assert!(error.to_lowercase().contains("tls"), "{mode}: {error}");
    }
}

#[test]
fn tls_settings_that_cannot_be_used_are_refused_before_connecting() {
    // Nothing listens at this port: each error comes before any connection.
    for (query, expected) in [
        ("ssl-mode=VERIFY_CA", "ssl-mode VERIFY_CA needs ssl-ca"),
        (
            "ssl-mode=VERIFY_IDENTITY",
            "ssl-mode VERIFY_IDENTITY needs ssl-ca",
        ),
        (
            "ssl-ca=%2Fnonexistent%2Fca.pem",
            "ssl-ca \"/nonexistent/ca.pem\" cannot be read",
        ),
        ("ssl-ca=%2Fdev%2Fnull", "holds no certificate"),
        (
            "ssl-key=%2Fk.pem",
            "ssl-key is not supported by the lease: client certificates",
        ),
        (
            "ssl-capath=%2Fetc%2Fssl",
            "a directory of certificate authorities",
        ),
        (
            "ssl-mode=VERIFY_FULL",
            "ssl-mode \"VERIFY_FULL\" is not a valid value",
        ),
    ] {
        let error = LeasedGenerator::acquire(&LeaseConfig::new(&format!(
            "mysql://app:hunter2@127.0.0.1:1/app?{query}"
        )))
        .unwrap_err();
        assert!(
            matches!(error, LeaseError::MysqlUrl { .. }),
            "{query}: {error:?}"
        );
        let message = error.to_string();
        assert!(message.contains(expected), "{query}: {message}");
        assert!(!message.contains("hunter2"), "{message}");
    }
}
