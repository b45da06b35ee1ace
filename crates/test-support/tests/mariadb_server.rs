//! The MariaDB harness (`test_support::mariadb`) against a real server: bytes stored in a
//! `BINARY(16)` column come back as written, root connects without a password over the socket
//! and over TCP, settings reach the server, and a dropped server leaves no process and no
//! files behind. Without the server binaries these tests fail, naming the package to install.

#![cfg(unix)]

use test_support::mariadb::{Server, USER, shared};

const UUID_V7_HEX: &str = "017F22E279B07CC398C4DC0C0C07398F";

#[test]
fn binary_16_column_holds_the_bytes_written() {
    let server = shared();
    server.create_database("smoke_binary");
    server.sql(
        "CREATE TABLE smoke_binary.ids (id BINARY(16) NOT NULL PRIMARY KEY); \
         INSERT INTO smoke_binary.ids VALUES (UNHEX('017F22E279B07CC398C4DC0C0C07398F'))",
    );
    assert_eq!(
        server.sql("SELECT HEX(id), LENGTH(id) FROM smoke_binary.ids"),
        format!("{UUID_V7_HEX}\t16")
    );
}

#[test]
fn root_connects_without_a_password_over_the_socket_and_tcp() {
    let server = shared();
    assert_eq!(
        server.sql("SELECT CURRENT_USER()"),
        format!("{USER}@localhost")
    );
    // The client over TCP to 127.0.0.1: the account the URL's clients use.
    assert_eq!(
        server.sql_tcp("SELECT CURRENT_USER(), @@port, @@character_set_server, @@collation_server"),
        format!(
            "{USER}@127.0.0.1\t{}\tutf8mb4\tutf8mb4_general_ci",
            server.port()
        )
    );
    let url = server.url("mysql");
    assert_eq!(
        url,
        format!("mysql://root@127.0.0.1:{}/mysql", server.port())
    );
    let socket = server.socket();
    assert!(socket.exists(), "{} exists", socket.display());
    assert!(
        server
            .sqlx_socket_url("mysql")
            .ends_with(&format!("?socket={}", socket.display()))
    );
    assert!(
        server
            .diesel_socket_url("mysql")
            .ends_with(&format!("?unix_socket={}", socket.display()))
    );
}

#[test]
fn a_dropped_server_leaves_nothing_behind() {
    let server = Server::start(&[("max_connections", "20")]);
    assert_eq!(server.sql("SELECT @@max_connections"), "20");
    let dir = server
        .socket()
        .parent()
        .expect("the socket is in the server's directory")
        .to_owned();
    let pid = std::fs::read_to_string(dir.join("mysqld.pid"))
        .expect("the server's pid file")
        .trim()
        .to_owned();
    drop(server);
    assert!(!dir.exists(), "{} is removed", dir.display());
    // The server was this process's child and has been reaped: no process, not even a zombie.
    assert!(
        !std::path::Path::new(&format!("/proc/{pid}")).exists(),
        "the server's process {pid} is gone"
    );
}

#[test]
fn a_server_that_cannot_start_panics_with_the_reason() {
    // The bootstrap refuses the variable before the server would.
    let failed = std::panic::catch_unwind(|| Server::start(&[("no_such_variable", "1")]))
        .expect_err("MariaDB refuses an unknown variable");
    let message = failed
        .downcast_ref::<String>()
        .expect("the panic's message is a formatted string");
    assert!(
        message.contains("unknown variable 'no_such_variable=1'"),
        "the message holds MariaDB's reason:\n{message}"
    );
}
