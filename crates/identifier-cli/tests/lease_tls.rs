//! `identifier snowflake --lease` over TLS: the connection string's `sslmode` and
//! `sslrootcert` reach the lease as they are. A server with `ssl=on` on 127.0.0.1 and a
//! certificate of a throwaway authority that `openssl` makes for this test (for `localhost`).
#![cfg(unix)]

mod common;

use common::{output as identifier, text};
use snowflake::SnowflakeId;
use test_support::postgres::{Pki, TcpCluster};
use test_support::temp_dir::TempDir;

#[test]
fn verify_full_leases_over_tls_and_a_wrong_host_name_is_exit_status_1_naming_it() {
    let dir = TempDir::new("cli-tls");
    let pki = Pki::generate(dir.path());
    let server = TcpCluster::start(Some((&pki.server_cert, &pki.server_key)));
    let ca = pki.ca.to_str().expect("a UTF-8 path");
    let tls = format!("sslmode=verify-full sslrootcert={ca}");

    // Three ids under a lease over TLS to the server named `host`.
    let leased = |host: &str| {
        let connection = server.connection_string(host, "postgres", &tls);
        identifier(&[
            "snowflake",
            "--lease",
            &connection,
            "--lease-table",
            "cli_lease_tls",
            "-n",
            "3",
        ])
    };
    let output = leased("localhost");
    let stderr = text(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{stderr}\nserver log:\n{}",
        server.log()
    );
    let ids: Vec<SnowflakeId> = text(&output.stdout)
        .lines()
        .map(|line| line.parse().expect("a Snowflake id"))
        .collect();
    assert_eq!(ids.len(), 3, "{ids:?}");
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]), "{ids:?}");

    // The certificate names localhost and 127.0.0.1, not db.example.
    let output = leased("db.example");
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(output.stdout.is_empty());
    for part in [
        "identifier: error: could not connect to PostgreSQL (host=db.example",
        "sslmode=verify-full",
        "it is not valid for the host name \"db.example\"",
    ] {
        assert!(stderr.contains(part), "{part:?} not in: {stderr}");
    }
}
