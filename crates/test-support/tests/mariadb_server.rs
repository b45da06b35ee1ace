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

/// Set in a child process of [`servers_started_side_by_side_share_nothing`]: it starts
/// servers of its own beside the parent's.
const CHILD: &str = "MARIADB_SERVER_CHILD";

/// How many servers each process starts at once, in threads.
const SERVERS_PER_PROCESS: usize = 2;

/// How many processes besides this one start servers at the same moment.
const CHILD_PROCESSES: usize = 2;

/// Starts a server, makes it write temporary tables (what a server that starts beside it
/// would delete if the two shared a `tmpdir`), and returns every path it writes to, each
/// checked to be in the server's own directory.
fn start_and_list_paths() -> Vec<String> {
    let server = Server::start(&[]);
    let dir = server
        .socket()
        .parent()
        .expect("the socket is in the server's directory")
        .to_str()
        .expect("temporary paths are UTF-8")
        .to_owned();
    // An internal temporary table on disk: the GROUP BY of a text column wider than the
    // in-memory temporary tables allow.
    server.sql(
        "CREATE DATABASE scratch; \
         CREATE TABLE scratch.t (k TEXT); \
         INSERT INTO scratch.t SELECT REPEAT(seq, 100) FROM scratch.seq_1_to_2000; \
         SELECT COUNT(*) FROM (SELECT k FROM scratch.t GROUP BY k) AS g",
    );
    let paths = server.sql(
        "SELECT @@tmpdir, @@datadir, @@socket, @@pid_file, @@innodb_tmpdir, \
         @@aria_log_dir_path, @@innodb_log_group_home_dir, @@innodb_data_home_dir",
    );
    let paths: Vec<String> = paths
        .split('\t')
        .filter(|path| *path != "NULL" && !path.is_empty())
        .map(|path| path.trim_end_matches('/').to_owned())
        .collect();
    for path in &paths {
        // A relative path is under the data directory.
        assert!(
            !path.starts_with('/') || path.starts_with(&dir),
            "the server in {dir} uses {path}, outside its own directory"
        );
    }
    paths
        .into_iter()
        .filter(|path| path.starts_with('/'))
        .collect()
}

/// Starts [`SERVERS_PER_PROCESS`] servers in threads at once: the paths of each.
fn start_side_by_side() -> Vec<Vec<String>> {
    std::thread::scope(|scope| {
        let started: Vec<_> = (0..SERVERS_PER_PROCESS)
            .map(|_| scope.spawn(start_and_list_paths))
            .collect();
        started
            .into_iter()
            .map(|server| server.join().expect("a server started beside others"))
            .collect()
    })
}

/// Servers bootstrapped and started at the same moment, in threads of this process and in
/// other processes, as the test command runs test binaries side by side: each one starts
/// and answers, and no two write to one directory (temporary files above all: a server
/// that starts removes the `#sql*` files of its `tmpdir`).
#[test]
fn servers_started_side_by_side_share_nothing() {
    if std::env::var_os(CHILD).is_some() {
        for paths in start_side_by_side() {
            println!("paths={}", paths.join(","));
        }
        return;
    }
    let this_test = "servers_started_side_by_side_share_nothing";
    let children: Vec<_> = (0..CHILD_PROCESSES)
        .map(|_| {
            std::process::Command::new(std::env::current_exe().unwrap())
                .args([this_test, "--exact", "--nocapture", "--test-threads=1"])
                .env(CHILD, "1")
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("this test binary runs again as a child")
        })
        .collect();
    let mut every_server = start_side_by_side();
    for child in children {
        let output = child.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "a child process's servers failed ({}):\n{stdout}\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
        let servers: Vec<Vec<String>> = stdout
            .lines()
            .filter_map(|line| line.split_once("paths=").map(|(_, paths)| paths))
            .map(|paths| paths.split(',').map(str::to_owned).collect())
            .collect();
        assert_eq!(servers.len(), SERVERS_PER_PROCESS, "{stdout}");
        every_server.extend(servers);
    }
    let mut seen = std::collections::BTreeMap::new();
    for (server, paths) in every_server.iter().enumerate() {
        for path in paths {
            if let Some(other) = seen.insert(path.clone(), server)
                && other != server
            {
                panic!("servers {other} and {server} both use {path}");
            }
        }
    }
}

/// A primary and its replica: the replica applies what the primary writes, falls behind while
/// it is stopped and catches up once started again, and once the primary is killed and the
/// replica promoted, takes writes; each keeps its binary or relay log in its own directory.
#[test]
fn a_replica_follows_its_primary_until_promoted() {
    let primary = test_support::mariadb::Server::start_primary(&[]);
    let mut replica = test_support::mariadb::Server::replica_of(&primary);
    primary.sql(
        "CREATE DATABASE app; CREATE TABLE app.t (x INT PRIMARY KEY); INSERT INTO app.t VALUES (1)",
    );
    replica.catch_up(&primary);
    assert_eq!(replica.sql("SELECT x FROM app.t"), "1");
    assert_eq!(replica.sql("SELECT @@read_only, @@server_id <> 1"), "1\t1");
    for (server, variable) in [
        (&primary, "@@log_bin_basename"),
        (&replica, "@@relay_log_basename"),
    ] {
        let dir = server
            .socket()
            .parent()
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned();
        let path = server.sql(&format!("SELECT {variable}"));
        assert!(path.starts_with(&dir), "{path} outside {dir}");
    }
    // Stopped, the replica misses what the primary writes; started again, it catches up.
    replica.shutdown();
    primary.sql("INSERT INTO app.t VALUES (2)");
    replica.start_again();
    replica.catch_up(&primary);
    assert_eq!(replica.sql("SELECT COUNT(*) FROM app.t"), "2");
    // Stopped again and behind, then the primary dies: the promoted replica lacks the commit.
    replica.shutdown();
    primary.sql("INSERT INTO app.t VALUES (3)");
    primary.kill();
    replica.start_again();
    replica.promote();
    assert_eq!(
        replica.sql("SELECT @@read_only, COUNT(*) FROM app.t"),
        "0\t2"
    );
    assert_eq!(replica.sql("SHOW SLAVE STATUS"), "");
    replica.sql("INSERT INTO app.t VALUES (4)");
}

/// Killed as a crash would, a server starts again on its files and its port, with what it
/// had committed (durably, here: each commit flushed).
#[test]
fn a_killed_server_starts_again_on_its_files() {
    let mut server =
        test_support::mariadb::Server::start(&[("innodb_flush_log_at_trx_commit", "1")]);
    let port = server.port();
    server.sql("CREATE DATABASE app; CREATE TABLE app.t (x INT); INSERT INTO app.t VALUES (7)");
    server.kill();
    let failed = std::panic::catch_unwind(|| server.sql("SELECT 1"));
    assert!(failed.is_err(), "a killed server answers nothing");
    server.start_again();
    assert_eq!(server.port(), port);
    assert_eq!(server.sql_tcp("SELECT x FROM app.t"), "7");
}

/// A server started with a certificate offers TLS over TCP, and one started without does not.
#[test]
fn a_server_with_a_certificate_offers_tls() {
    let dir = std::env::temp_dir().join(format!("mariadb-pki-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pki = test_support::postgres::Pki::generate(&dir);
    let server =
        test_support::mariadb::Server::start_with_tls(&pki.server_cert, &pki.server_key, &[]);
    let ca = format!("--ssl-ca={}", pki.ca.display());
    let cipher = server.sql_tcp_with(
        &["--ssl", &ca, "--ssl-verify-server-cert"],
        "SHOW SESSION STATUS LIKE 'Ssl_cipher'",
    );
    assert!(
        cipher.starts_with("Ssl_cipher\t") && cipher.len() > "Ssl_cipher\t".len(),
        "{cipher}"
    );
    assert_eq!(server.sql("SELECT @@have_ssl"), "YES");
    assert_eq!(shared().sql("SELECT @@have_ssl"), "DISABLED");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A forwarder sends each new connection where it points at that moment.
#[test]
fn a_forwarder_sends_new_connections_where_it_points() {
    let first = shared();
    let second = Server::start(&[]);
    let forwarder = test_support::mariadb::Forwarder::start("127.0.0.2", first.port());
    let through = format!("--port={}", forwarder.port());
    let options = ["--host=127.0.0.2", through.as_str()];
    assert_eq!(
        first.sql_tcp_with(&options, "SELECT @@port"),
        first.port().to_string()
    );
    forwarder.point_at(second.port());
    assert_eq!(
        first.sql_tcp_with(&options, "SELECT @@port"),
        second.port().to_string()
    );
}
