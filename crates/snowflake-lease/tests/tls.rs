//! TLS (`sslmode`, `sslrootcert`) against real servers over TCP: one started with `ssl=on` and
//! a certificate of a throwaway authority made by `openssl` for this test (for `localhost` and
//! 127.0.0.1), one started without TLS. Each case acquires a lease, generates an id, and asks
//! the server whether the lease's connection is encrypted (`pg_stat_ssl`); or fails, with an
//! error that says why. The cases run in order within two tests, one per server.
#![cfg(unix)]

use std::path::Path;
use std::time::Duration;

use postgres::{Client, NoTls};
use snowflake_lease::{LeaseConfig, LeasedGenerator};
use test_support::postgres::{Pki, TcpCluster};
use test_support::temp_dir::TempDir;

fn path(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// The test's own statements, over TCP without TLS (`initdb --auth=trust` trusts 127.0.0.1).
fn sql(server: &TcpCluster) -> Client {
    let connection = server.connection_string("localhost", "postgres", "sslmode=disable");
    Client::connect(&connection, NoTls).expect("a connection for the test's own statements")
}

/// Acquires a lease over `connection` (the server's table `lease_tls`), generates an id, and
/// returns whether the server sees the lease's connection encrypted; or the error of acquire.
fn lease(server: &TcpCluster, connection: &str, case: &str) -> Result<bool, String> {
    // The connection's name in pg_stat_activity: the case.
    let connection = if connection.starts_with("postgresql://") {
        format!("{connection}&application_name={case}")
    } else {
        format!("{connection} application_name={case}")
    };
    let config = LeaseConfig::new(&connection)
        .table("lease_tls")
        .max_clock_skew(Duration::ZERO);
    let generator = LeasedGenerator::acquire(&config).map_err(|error| error.to_string())?;
    let id = generator
        .generate()
        .unwrap_or_else(|error| panic!("{case}: generate: {error}"));
    assert_eq!(id.worker_id(), generator.worker_id(), "{case}");
    let encrypted: bool = sql(server)
        .query_one(
            "SELECT ssl FROM pg_stat_ssl JOIN pg_stat_activity USING (pid) \
             WHERE application_name = $1",
            &[&case],
        )
        .unwrap_or_else(|error| panic!("{case}: the lease's connection in pg_stat_ssl: {error}"))
        .get(0);
    generator
        .release()
        .unwrap_or_else(|error| panic!("{case}: release: {error}"));
    Ok(encrypted)
}

/// `lease` must succeed, over TLS if `encrypted`.
fn works(server: &TcpCluster, connection: &str, case: &str, encrypted: bool) {
    match lease(server, connection, case) {
        Ok(seen) => assert_eq!(
            seen,
            encrypted,
            "{case}: the lease's connection is {}encrypted",
            if seen { "" } else { "not " }
        ),
        Err(error) => panic!(
            "{case}: acquire failed: {error}\nserver log:\n{}",
            server.log()
        ),
    }
}

/// `lease` must fail, with an error holding each of `expected`; returns the error.
fn fails(server: &TcpCluster, connection: &str, case: &str, expected: &[&str]) -> String {
    match lease(server, connection, case) {
        Ok(_) => panic!("{case}: acquire succeeded over {connection:?}"),
        Err(error) => {
            // Shown with --nocapture, to read the messages as a user would.
            eprintln!("{case}: {error}");
            for part in expected {
                assert!(
                    error.contains(part),
                    "{case}: {part:?} not in the error: {error}"
                );
            }
            error
        }
    }
}

/// libpq's default root certificate file would change what `require` checks.
fn assert_no_default_root_file() {
    if let Some(home) = std::env::home_dir() {
        let default = home.join(".postgresql/root.crt");
        assert!(
            !default.exists(),
            "{} exists: the lease reads it as libpq does (root certificates for every mode), \
             which these cases do not expect; run the tests with HOME pointing elsewhere",
            default.display()
        );
    }
}

#[test]
fn a_server_with_tls_is_verified_as_each_sslmode_asks() {
    assert_no_default_root_file();
    let dir = TempDir::new("tls");
    let pki = Pki::generate(dir.path());
    let server = TcpCluster::start(Some((&pki.server_cert, &pki.server_key)));
    let ca = path(&pki.ca);
    let other_ca = path(&pki.other_ca);
    let at = |host: &str, extra: &str| server.connection_string(host, "postgres", extra);

    // verify-full: the chain to the CA, and the name the client connects by.
    works(
        &server,
        &at(
            "localhost",
            &format!("sslmode=verify-full sslrootcert={ca}"),
        ),
        "verify_full_dns",
        true,
    );
    // The same as a URL, by the address (the certificate names 127.0.0.1 too), with a quoted,
    // percent-encoded path.
    let encoded = ca.replace('/', "%2F");
    works(
        &server,
        &format!(
            "postgresql://identifier@127.0.0.1:{}/postgres?sslmode=verify-full&sslrootcert={encoded}",
            server.port()
        ),
        "verify_full_url_ip",
        true,
    );
    let error = fails(
        &server,
        &at(
            "db.example",
            &format!("sslmode=verify-full sslrootcert='{ca}'"),
        ),
        "verify_full_mismatch",
        &[
            "the server's certificate was refused (sslmode=verify-full)",
            "it is not valid for the host name \"db.example\"",
            "localhost",
            "host=db.example",
        ],
    );
    assert!(!error.contains(ca), "verify-full's roots are fine: {error}");

    // verify-ca: the chain only, whatever the name.
    works(
        &server,
        &at("db.example", &format!("sslmode=verify-ca sslrootcert={ca}")),
        "verify_ca_other_name",
        true,
    );
    fails(
        &server,
        &at(
            "localhost",
            &format!("sslmode=verify-ca sslrootcert={other_ca}"),
        ),
        "verify_ca_other_authority",
        &[
            "the server's certificate was refused (sslmode=verify-ca)",
            "it is not signed by any certificate of sslrootcert",
            "UnknownIssuer",
            other_ca,
        ],
    );
    fails(
        &server,
        &at("localhost", "sslmode=verify-full"),
        "verify_full_without_roots",
        &[
            "sslmode \"verify-full\" needs root certificates",
            "sslrootcert",
        ],
    );
    // The system's trust store does not hold the throwaway CA.
    fails(
        &server,
        &at("localhost", "sslrootcert=system"),
        "system_roots",
        &["operating system's trust store"],
    );

    // require: encrypted, the certificate unchecked; checked against roots given, as libpq.
    works(
        &server,
        &at("db.example", "sslmode=require"),
        "require",
        true,
    );
    fails(
        &server,
        &at(
            "localhost",
            &format!("sslmode=require sslrootcert={other_ca}"),
        ),
        "require_with_roots",
        &[
            "(sslmode=require)",
            "not signed by any certificate of sslrootcert",
        ],
    );

    // prefer, given or by default, and allow: TLS, since the server offers it.
    works(&server, &at("db.example", "sslmode=prefer"), "prefer", true);
    works(&server, &at("db.example", "sslmode=allow"), "allow", true);
    works(&server, &at("db.example", ""), "default_mode", true);
    // disable: a plain connection, which pg_hba's `host` line allows.
    works(
        &server,
        &at("localhost", "sslmode=disable"),
        "disable",
        false,
    );
}

#[test]
fn a_server_without_tls_is_refused_unless_plain_is_allowed() {
    assert_no_default_root_file();
    let dir = TempDir::new("plain");
    let pki = Pki::generate(dir.path());
    let server = TcpCluster::start(None);
    let ca = path(&pki.ca);
    let at = |extra: &str| server.connection_string("localhost", "postgres", extra);

    fails(
        &server,
        &at("sslmode=require"),
        "require",
        &["server does not support TLS", "sslmode=require"],
    );
    fails(
        &server,
        &at(&format!("sslmode=verify-full sslrootcert={ca}")),
        "verify_full",
        &["server does not support TLS", "sslmode=verify-full"],
    );
    works(&server, &at("sslmode=prefer"), "prefer", false);
    works(&server, &at(""), "default_mode", false);
    works(&server, &at("sslmode=disable"), "disable", false);
}
