//! A throwaway MariaDB server for the tests that need a real one:
//!
//! ```no_run
//! use test_support::mariadb;
//!
//! // One server for the whole test binary, stopped and removed when the process exits.
//! let server = mariadb::shared();
//! server.create_database("ids");
//! server.sql("CREATE TABLE ids.t (id BINARY(16) PRIMARY KEY)");
//! server.sql("INSERT INTO ids.t VALUES (UNHEX('017F22E279B07CC398C4DC0C0C07398F'))");
//! assert_eq!(
//!     server.sql("SELECT HEX(id) FROM ids.t"),
//!     "017F22E279B07CC398C4DC0C0C07398F"
//! );
//! // For sqlx (`MySqlConnection::connect`) and diesel (`MysqlConnection::establish`).
//! let url = server.url("ids"); // mysql://root@127.0.0.1:PORT/ids
//! ```
//!
//! [`Server::start`] runs `mariadb-install-db` into a new temporary directory, then `mariadbd`
//! on those files, listening both on a Unix socket in that directory ([`Server::socket`]) and
//! on TCP at a free port of 127.0.0.1 ([`Server::port`]); dropping the server kills it and
//! removes the directory. [`shared`] starts one for the whole test binary and stops it when
//! the process exits, also after a failed test.
//!
//! A failover takes two: a primary that writes a binary log ([`Server::start_primary`]) and
//! an asynchronous replica of it ([`Server::replica_of`], over TCP, from the start of the
//! primary's log), each with its own directory, socket, port, temporary directory and log.
//! Either can be stopped cleanly and started again on its files ([`Server::shutdown`],
//! [`Server::start_again`]), killed as a crash would ([`Server::kill`]), and a replica
//! promoted ([`Server::promote`]). A [`Forwarder`] on a loopback address stands for what moves
//! with the primary (a virtual IP, a proxy), or for a second address of one server. A server
//! with a certificate ([`Server::start_with_tls`]) offers TLS; one without offers none.
//!
//! The user is [`USER`], `root`, without a password: `mariadb-install-db
//! --auth-root-authentication-method=normal` makes `root@localhost` (the socket) and
//! `root@127.0.0.1` (TCP) with the `mysql_native_password` plugin and an empty password, which
//! both sqlx's MySQL driver and libmysqlclient (diesel) accept. The server resolves no host
//! names (`--skip-name-resolve`), so a TCP client is `root@127.0.0.1`.
//!
//! The server's files live in memory (`/dev/shm`) when that has room for them, as the
//! PostgreSQL harness's do ([`crate::postgres`]), and its settings favour speed over
//! durability (no flush of the redo log at each commit, a small buffer pool and redo log):
//! nothing in it outlives the test.
//!
//! It needs the binaries of the Debian package `mariadb-server`: `mariadbd` and
//! `mariadb-install-db` (and their clients `mariadb` and `mariadb-admin`, which the package
//! brings), found in the directories of `MARIADB_BINDIR` when that is set (one, or several
//! separated by `:`), otherwise in `/usr/sbin`, `/usr/bin` and `/usr/local`; the older names `mysqld`, `mysql_install_db`, `mysql` and `mysqladmin`
//! do as well. As root, the server runs as the `mysql` user that package creates, since
//! `mariadbd` refuses to run as root. A machine without them gets a panic that says what to
//! install: these tests never pass by skipping.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use crate::scratch::{chown, is_root, new_temp_dir, path_str, scratch_parent, text};

/// The user of every connection: the superuser `mariadb-install-db` creates, with no password,
/// for the socket (`root@localhost`) and for TCP from 127.0.0.1 (`root@127.0.0.1`).
pub const USER: &str = "root";

/// The system user the server runs as when this process is root.
const SERVER_USER: &str = "mysql";

/// How long the server may take to accept connections after it is launched.
const START_TIMEOUT: Duration = Duration::from_secs(60);

/// How many free ports to try: another process may take the one picked before the server
/// binds it.
const PORT_ATTEMPTS: usize = 5;

/// Free space in `/dev/shm` below which a server goes to disk instead: the system tables, the
/// redo log and the temporary tablespace (about 45 MB), with the tests' tables.
const MEMORY_NEEDED: u64 = 512 << 20;

/// The settings of every server, for speed: nothing outlives the test. They go to the
/// bootstrap too, which then writes a redo log of the size the server uses.
const FAST_SETTINGS: [&str; 5] = [
    "--innodb-buffer-pool-size=64M",
    "--innodb-log-file-size=16M",
    // Write the redo log about once a second rather than flush it at each commit.
    "--innodb-flush-log-at-trx-commit=0",
    "--innodb-doublewrite=0",
    "--skip-log-bin",
];

/// A throwaway server and its directory; dropping it kills the server and removes the
/// directory (also when [`Server::start`] fails part way, as the panic unwinds).
#[derive(Debug)]
pub struct Server {
    dir: PathBuf,
    /// The TCP port on 127.0.0.1; 0 until the server listens.
    port: u16,
    binaries: Binaries,
    /// The running `mariadbd`, a child of this process; `None` before the launch and once
    /// stopped.
    process: Mutex<Option<Child>>,
    /// The options of each launch after the harness's own: the role's (binary log, replica,
    /// TLS), then the caller's settings.
    args: Vec<String>,
}

impl Server {
    /// Creates and starts a new server, with `settings` as extra `--name=value` options of
    /// `mariadbd` (e.g. `("max_connections", "20")`), and waits until it accepts connections.
    /// The settings go to the bootstrap that creates the system tables as well, so that those
    /// fixed at creation (`innodb_page_size`) take. They come after the harness's own options
    /// and win over them, so they must not name the port, the socket or the directories.
    ///
    /// The character set of the server and of new databases is `utf8mb4` (with its default
    /// collation, `utf8mb4_general_ci`), and the SQL mode MariaDB's default (strict).
    ///
    /// ```no_run
    /// let server = test_support::mariadb::Server::start(&[("max_connections", "20")]);
    /// assert_eq!(server.sql("SELECT @@max_connections"), "20");
    /// ```
    ///
    /// # Panics
    ///
    /// If the server binaries are missing (the message names the package), or
    /// `mariadb-install-db` or the server fails (the message holds their output and the
    /// server's log).
    pub fn start(settings: &[(&str, &str)]) -> Server {
        Server::start_as(settings, |_| Vec::new())
    }

    /// [`Server::start`], with the options `role` gives for the server's directory added to
    /// the server's (not the bootstrap's), before `settings`.
    fn start_as(settings: &[(&str, &str)], role: impl FnOnce(&Path) -> Vec<String>) -> Server {
        let settings: Vec<String> = settings
            .iter()
            .map(|(name, value)| format!("--{name}={value}"))
            .collect();
        let mut server = Server {
            binaries: Binaries::find(),
            dir: new_temp_dir(&scratch_parent(MEMORY_NEEDED), "mariadb"),
            port: 0,
            process: Mutex::new(None),
            args: Vec::new(),
        };
        // A `tmpdir` of the server's own: a server that starts removes the `#sql*` files it
        // finds in its `tmpdir`, which are another server's temporary tables when two share
        // one (`/tmp` by default), and that server's bootstrap or query then fails.
        let tmp = server.tmp_dir();
        std::fs::create_dir(&tmp).unwrap_or_else(|error| {
            panic!("creating the server's tmpdir {}: {error}", tmp.display())
        });
        if is_root() {
            // The server writes its socket, pid file, data and temporary files under the
            // directory.
            chown(&server.dir, SERVER_USER, "mariadb-server");
            chown(&tmp, SERVER_USER, "mariadb-server");
        }
        server.install(&settings);
        server.args = role(&server.dir);
        server.args.extend(settings);
        server.launch(None);
        server
    }

    /// The TCP port the server listens on, on 127.0.0.1.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The server's Unix socket (a file in the server's directory).
    pub fn socket(&self) -> PathBuf {
        self.dir.join("mysqld.sock")
    }

    /// A URL over TCP for `database`, `mysql://root@127.0.0.1:PORT/database`, for sqlx's MySQL
    /// driver (and sea-orm's) and for diesel's `MysqlConnection`. The host is an address on
    /// purpose: libmysqlclient takes `localhost` for its default socket and ignores the port.
    pub fn url(&self, database: &str) -> String {
        format!("mysql://{USER}@127.0.0.1:{}/{database}", self.port)
    }

    /// A URL over the Unix socket for `database` in sqlx's form (and sea-orm's):
    /// `mysql://root@localhost/database?socket=PATH`.
    pub fn sqlx_socket_url(&self, database: &str) -> String {
        format!(
            "mysql://{USER}@localhost/{database}?socket={}",
            path_str(&self.socket())
        )
    }

    /// A URL over the Unix socket for `database` in diesel's form (libmysqlclient's option):
    /// `mysql://root@localhost/database?unix_socket=PATH`.
    pub fn diesel_socket_url(&self, database: &str) -> String {
        format!(
            "mysql://{USER}@localhost/{database}?unix_socket={}",
            path_str(&self.socket())
        )
    }

    /// Creates the database `name` (with the server's character set, `utf8mb4`).
    ///
    /// ```no_run
    /// let server = test_support::mariadb::shared();
    /// server.create_database("ulid_tests");
    /// let url = server.url("ulid_tests");
    /// ```
    ///
    /// # Panics
    ///
    /// If the database exists already, or the statement fails (the message holds the
    /// client's output).
    pub fn create_database(&self, name: &str) {
        self.sql(&format!("CREATE DATABASE `{}`", name.replace('`', "``")));
    }

    /// Runs `statements` (one, or several separated by `;`) with the command-line client
    /// `mariadb --batch --skip-column-names` over the socket, with no default database (name
    /// it in the statements, `db.table`, or begin with `USE db;`), and returns what it
    /// printed without the final line break: one line per row, columns separated by tabs,
    /// `NULL` as `NULL`, and tabs, line breaks and backslashes in values escaped as `\t`, `\n`
    /// and `\\` (so bytes are best read through `HEX()`).
    ///
    /// ```no_run
    /// let server = test_support::mariadb::shared();
    /// assert_eq!(server.sql("SELECT HEX(UNHEX('00ff')), 2"), "00FF\t2");
    /// ```
    ///
    /// # Panics
    ///
    /// If the client cannot run, or a statement fails (the message holds the statements and
    /// the client's output).
    pub fn sql(&self, statements: &str) -> String {
        let socket = format!("--socket={}", path_str(&self.socket()));
        self.run_client(&[&socket, "--protocol=SOCKET"], statements)
    }

    /// [`Server::sql`] over TCP to 127.0.0.1 at [`Server::port`] rather than over the socket,
    /// as `root@127.0.0.1`: the connection sqlx and diesel make with [`Server::url`].
    ///
    /// ```no_run
    /// let server = test_support::mariadb::shared();
    /// assert_eq!(server.sql_tcp("SELECT CURRENT_USER()"), "root@127.0.0.1");
    /// ```
    ///
    /// # Panics
    ///
    /// As [`Server::sql`].
    pub fn sql_tcp(&self, statements: &str) -> String {
        let port = format!("--port={}", self.port);
        self.run_client(&["--host=127.0.0.1", &port, "--protocol=TCP"], statements)
    }

    /// [`Server::sql_tcp`] with more options of the client after the connection's, which win
    /// over them: `--ssl`, `--ssl-ca=…`, or another `--host` and `--port` (a
    /// [`Forwarder`]'s).
    ///
    /// ```no_run
    /// let server = test_support::mariadb::shared();
    /// // No TLS on a server started without it.
    /// assert_eq!(server.sql_tcp_with(&["--skip-ssl"], "SELECT 1"), "1");
    /// ```
    ///
    /// # Panics
    ///
    /// As [`Server::sql`].
    pub fn sql_tcp_with(&self, options: &[&str], statements: &str) -> String {
        let port = format!("--port={}", self.port);
        let mut connection = vec!["--host=127.0.0.1", &port, "--protocol=TCP"];
        connection.extend_from_slice(options);
        self.run_client(&connection, statements)
    }

    /// The server's own temporary directory (its `tmpdir`, the bootstrap's too): nothing of a
    /// server is in a directory another server uses.
    pub fn tmp_dir(&self) -> PathBuf {
        self.dir.join("tmp")
    }

    /// The server's log so far (what `mariadbd` wrote to its standard error and output), for
    /// a failed test's message.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.log_file()).unwrap_or_default()
    }

    /// Kills the server (`SIGKILL`: nothing in it is worth a clean shutdown, which would take
    /// a second), waits for it, and removes its files. Later calls do nothing; the drop calls
    /// it.
    pub fn stop(&self) {
        let mut process = self.process.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(mut child) = process.take() {
            // Errors are ignored: this also runs after failures, and must still remove the
            // files. The server is a child of this process, so `wait` reaps it.
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }

    /// A new server that writes a binary log (row-based, with GTIDs), for
    /// [`Server::replica_of`]: as [`Server::start`] otherwise. Its `server_id` is 1.
    ///
    /// ```no_run
    /// use test_support::mariadb::Server;
    ///
    /// let primary = Server::start_primary(&[]);
    /// let replica = Server::replica_of(&primary);
    /// primary.sql("CREATE DATABASE app; CREATE TABLE app.t (x INT PRIMARY KEY); INSERT INTO app.t VALUES (1)");
    /// replica.catch_up(&primary);
    /// assert_eq!(replica.sql("SELECT x FROM app.t"), "1");
    /// ```
    ///
    /// # Panics
    ///
    /// As [`Server::start`].
    pub fn start_primary(settings: &[(&str, &str)]) -> Server {
        Server::start_as(settings, |dir| {
            vec![
                format!("--log-bin={}", path_str(&dir.join("binlog"))),
                "--binlog-format=ROW".to_owned(),
                "--server-id=1".to_owned(),
            ]
        })
    }

    /// A new server that replicates `primary` (a [`Server::start_primary`]) asynchronously,
    /// from the start of its binary log, over TCP as `root`: bootstrapped like any server (the
    /// bootstrap's system tables are the same), read-only for users without the `READ ONLY
    /// ADMIN` privilege (`root` has it), with a `server_id` of its own and its relay log in
    /// its directory. It retries a lost connection to the primary every second.
    ///
    /// # Panics
    ///
    /// As [`Server::start`]; or if the primary writes no binary log, or replication does not
    /// start (the message holds the replica's status).
    pub fn replica_of(primary: &Server) -> Server {
        static NEXT_ID: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(2);
        assert_eq!(
            primary.sql("SELECT @@log_bin"),
            "1",
            "a replica needs a primary that writes a binary log: Server::start_primary"
        );
        let id = NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let replica = Server::start_as(&[], |dir| {
            vec![
                format!("--server-id={id}"),
                "--read-only=ON".to_owned(),
                format!("--relay-log={}", path_str(&dir.join("relay"))),
            ]
        });
        replica.sql(&format!(
            "CHANGE MASTER TO MASTER_HOST = '127.0.0.1', MASTER_PORT = {}, MASTER_USER = '{USER}', \
             MASTER_CONNECT_RETRY = 1, MASTER_USE_GTID = slave_pos; START SLAVE",
            primary.port
        ));
        let start = Instant::now();
        loop {
            let running = replica.sql(
                "SELECT COUNT(*) FROM information_schema.GLOBAL_STATUS \
                 WHERE VARIABLE_NAME = 'SLAVE_RUNNING' AND VARIABLE_VALUE = 'ON'",
            );
            if running == "1" {
                return replica;
            }
            if start.elapsed() > START_TIMEOUT {
                panic!(
                    "the replica did not start replicating within {START_TIMEOUT:?}:\n{}",
                    replica.sql("SHOW SLAVE STATUS\\G")
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until this replica has applied everything `primary` has written so far.
    ///
    /// # Panics
    ///
    /// If it has not within a minute (the message holds the replica's status).
    pub fn catch_up(&self, primary: &Server) {
        let position = primary.sql("SELECT @@gtid_binlog_pos");
        let waited = self.sql(&format!(
            "SELECT MASTER_GTID_WAIT('{position}', {})",
            START_TIMEOUT.as_secs()
        ));
        assert_eq!(
            waited,
            "0",
            "the replica did not reach the primary's {position}:\n{}",
            self.sql("SHOW SLAVE STATUS\\G")
        );
    }

    /// Promotes this replica: it stops replicating, forgets its primary, and takes writes
    /// from every user (`STOP SLAVE; RESET SLAVE ALL; SET GLOBAL read_only = OFF`).
    ///
    /// # Panics
    ///
    /// If a statement fails.
    pub fn promote(&self) {
        self.sql("STOP SLAVE; RESET SLAVE ALL; SET GLOBAL read_only = OFF");
    }

    /// A new server with TLS: `certificate` and `key` (PEM files) copied into its directory,
    /// where only its user may read the key, and offered to every client (`--ssl-cert`,
    /// `--ssl-key`); TCP clients may connect with TLS or without. As [`Server::start`]
    /// otherwise.
    ///
    /// # Panics
    ///
    /// As [`Server::start`]; or if the files cannot be copied.
    pub fn start_with_tls(certificate: &Path, key: &Path, settings: &[(&str, &str)]) -> Server {
        Server::start_as(settings, |dir| {
            let tls = dir.join("tls");
            std::fs::create_dir(&tls)
                .unwrap_or_else(|error| panic!("creating {}: {error}", tls.display()));
            let mut args = Vec::new();
            for (from, name, option) in [
                (certificate, "server.crt", "ssl-cert"),
                (key, "server.key", "ssl-key"),
            ] {
                let to = tls.join(name);
                std::fs::copy(from, &to).unwrap_or_else(|error| {
                    panic!("copying {} for the server: {error}", from.display())
                });
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(&to, std::fs::Permissions::from_mode(0o600))
                    .unwrap_or_else(|error| panic!("chmod of {}: {error}", to.display()));
                if is_root() {
                    chown(&to, SERVER_USER, "mariadb-server");
                }
                args.push(format!("--{option}={}", path_str(&to)));
            }
            if is_root() {
                chown(&tls, SERVER_USER, "mariadb-server");
            }
            args
        })
    }

    /// The running server's process, taken out of `self` for `verb` to end.
    ///
    /// # Panics
    ///
    /// If the server is not running: "no running server to {verb} in {dir}".
    fn take_running(&self, verb: &str) -> Child {
        let child = self
            .process
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        child.unwrap_or_else(|| panic!("no running server to {verb} in {}", self.dir.display()))
    }

    /// Kills the server as a crash would (`SIGKILL`), and waits for it; its files stay, for
    /// [`Server::start_again`] (crash recovery) or the drop.
    ///
    /// # Panics
    ///
    /// If the server is not running.
    pub fn kill(&self) {
        let mut child = self.take_running("kill");
        let _ = child.kill();
        let _ = child.wait();
    }

    /// Stops the server cleanly (`SIGTERM`: sessions end, InnoDB flushes), and waits for it;
    /// its files stay, for [`Server::start_again`]. A replica stopped this way falls behind
    /// its primary for as long as it stays down.
    ///
    /// # Panics
    ///
    /// If the server is not running, or is not gone within a minute (then it is killed).
    pub fn shutdown(&self) {
        let mut child = self.take_running("stop");
        // Our own child, not yet reaped: the pid names no other process.
        let _ = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status();
        let start = Instant::now();
        loop {
            match child.try_wait() {
                Ok(Some(_)) | Err(_) => return,
                Ok(None) if start.elapsed() > START_TIMEOUT => {
                    let _ = child.kill();
                    let _ = child.wait();
                    panic!(
                        "the server did not stop within {START_TIMEOUT:?} of SIGTERM\nserver \
                         log:\n{}",
                        self.log()
                    );
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            }
        }
    }

    /// Starts the server again on its files, on the same port and with the same options,
    /// after [`Server::kill`] or [`Server::shutdown`], and waits until it accepts
    /// connections. A replica resumes replicating.
    ///
    /// # Panics
    ///
    /// If the server is running, or does not start (the message holds its log), or another
    /// process took its port meanwhile.
    pub fn start_again(&mut self) {
        assert!(
            self.process
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .is_none(),
            "the server in {} is running",
            self.dir.display()
        );
        // The pid file of a killed server would not stop a new one, but the socket's lock
        // file would: a crash leaves both.
        let _ = std::fs::remove_file(self.dir.join("mysqld.pid"));
        let _ = std::fs::remove_file(self.dir.join("mysqld.sock.lock"));
        let port = self.port;
        self.launch(Some(port));
    }

    /// Creates the system tables in `data/`: `root` with no password, no `test` database.
    fn install(&mut self, settings: &[String]) {
        let datadir = format!("--datadir={}", path_str(&self.data_dir()));
        let tmpdir = format!("--tmpdir={}", path_str(&self.tmp_dir()));
        let mut command = Command::new(&self.binaries.install_db);
        // `--no-defaults` must come first: nothing is read from /etc/mysql.
        command.args([
            "--no-defaults",
            &datadir,
            // Passed on to the bootstrap server, whose temporary tables go there.
            &tmpdir,
            "--auth-root-authentication-method=normal",
            "--skip-test-db",
            // Grants by address: no look-up of this machine's name, which may not resolve.
            "--skip-name-resolve",
        ]);
        if is_root() {
            command.arg(format!("--user={SERVER_USER}"));
        }
        command.args(FAST_SETTINGS).args(settings);
        match command.output() {
            Ok(output) if output.status.success() => {}
            failed => {
                let detail = match failed {
                    // Its standard error holds the server's reason; the output, advice.
                    Ok(output) => format!(
                        "{}:\n{}{}",
                        output.status,
                        String::from_utf8_lossy(&output.stderr),
                        String::from_utf8_lossy(&output.stdout)
                    ),
                    Err(error) => format!("could not run it: {error}"),
                };
                panic!(
                    "MariaDB's {} failed ({detail})",
                    self.binaries.install_db.display()
                );
            }
        }
    }

    /// Launches `mariadbd` on `port`, or on a free port (trying another when the one picked
    /// was taken in between), and waits until it accepts connections.
    fn launch(&mut self, port: Option<u16>) {
        for attempt in 1..=PORT_ATTEMPTS {
            self.port = port.unwrap_or_else(free_port);
            // Appended to: a restart's log follows the last run's.
            let log = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(self.log_file())
                .unwrap_or_else(|error| {
                    panic!(
                        "creating the server's log {}: {error}",
                        self.log_file().display()
                    )
                });
            let log_for_stdout = log
                .try_clone()
                .unwrap_or_else(|error| panic!("duplicating the server's log file: {error}"));
            let mut command = Command::new(&self.binaries.server);
            command
                .arg("--no-defaults")
                .arg(format!("--datadir={}", path_str(&self.data_dir())))
                .arg(format!("--socket={}", path_str(&self.socket())))
                .arg(format!(
                    "--pid-file={}",
                    path_str(&self.dir.join("mysqld.pid"))
                ))
                .arg(format!("--tmpdir={}", path_str(&self.tmp_dir())))
                .arg(format!("--port={}", self.port))
                .arg("--bind-address=127.0.0.1")
                // Clients are known by address: no reverse look-up on each connection.
                .arg("--skip-name-resolve")
                .arg("--character-set-server=utf8mb4")
                .args(FAST_SETTINGS)
                .args(&self.args)
                // Without `--log-error`, the log goes to standard error: this file.
                .stdin(Stdio::null())
                .stdout(log_for_stdout)
                .stderr(log);
            if is_root() {
                command.arg(format!("--user={SERVER_USER}"));
            }
            let child = command.spawn().unwrap_or_else(|error| {
                panic!(
                    "could not run MariaDB's server {}: {error}",
                    self.binaries.server.display()
                )
            });
            *self.process.lock().unwrap_or_else(PoisonError::into_inner) = Some(child);
            match self.wait_until_ready() {
                Ok(()) => return,
                Err(exit) => {
                    let log = self.log();
                    // "Can't start server: Bind on TCP/IP port. Got error: 98: Address already
                    // in use"; another bind error (a privileged port) would not go away.
                    let port_taken = log.contains("Address already in use");
                    if port_taken && port.is_none() && attempt < PORT_ATTEMPTS {
                        continue;
                    }
                    panic!("MariaDB's server failed to start ({exit})\nserver log:\n{log}");
                }
            }
        }
    }

    /// Polls `mariadb-admin ping` on the socket until the server answers; `Err` says why not
    /// when it exits first or does not answer within [`START_TIMEOUT`], having killed it.
    fn wait_until_ready(&self) -> Result<(), String> {
        let start = Instant::now();
        let socket = format!("--socket={}", path_str(&self.socket()));
        loop {
            {
                let mut process = self.process.lock().unwrap_or_else(PoisonError::into_inner);
                let child = process
                    .as_mut()
                    .expect("the server's process is set before the wait");
                match child.try_wait() {
                    Ok(Some(status)) => {
                        *process = None;
                        return Err(format!("it exited: {status}"));
                    }
                    Ok(None) => {}
                    Err(error) => return Err(format!("waiting for it failed: {error}")),
                }
            }
            let ping = client_command(&self.binaries.admin)
                .args([socket.as_str(), "--protocol=SOCKET", "--user", USER])
                .args(["--connect-timeout=1", "ping"])
                .output();
            match ping {
                Ok(output) if output.status.success() => return Ok(()),
                Ok(_) => {}
                Err(error) => {
                    return Err(format!(
                        "could not run {}: {error}",
                        self.binaries.admin.display()
                    ));
                }
            }
            if start.elapsed() > START_TIMEOUT {
                if let Some(mut child) = self
                    .process
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .take()
                {
                    let _ = child.kill();
                    let _ = child.wait();
                }
                return Err(format!(
                    "no answer to `mariadb-admin ping` within {START_TIMEOUT:?}"
                ));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Runs the command-line client with `connection` (the socket, or host and port) and
    /// returns its output as [`Server::sql`] does.
    fn run_client(&self, connection: &[&str], statements: &str) -> String {
        let output = client_command(&self.binaries.client)
            .args(connection)
            .args(["--user", USER, "--default-character-set=utf8mb4"])
            .args(["--batch", "--skip-column-names", "--execute", statements])
            .output();
        match output {
            Ok(output) if output.status.success() => String::from_utf8_lossy(&output.stdout)
                .trim_end_matches('\n')
                .to_owned(),
            Ok(output) => panic!(
                "MariaDB's client failed ({}) on\n{statements}\n{}",
                output.status,
                text(&output)
            ),
            Err(error) => panic!(
                "could not run MariaDB's client {}: {error}",
                self.binaries.client.display()
            ),
        }
    }

    fn data_dir(&self) -> PathBuf {
        self.dir.join("data")
    }

    fn log_file(&self) -> PathBuf {
        self.dir.join("server.log")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

static SHARED: OnceLock<Server> = OnceLock::new();

/// One server for the whole test binary, started on first use (with no extra settings) and
/// stopped and removed when the process exits (the test harness exits normally also when
/// tests fail). Every method takes `&self`, so tests running at once share it without a
/// lock; each should use a database of its own ([`Server::create_database`]).
///
/// ```no_run
/// let server = test_support::mariadb::shared();
/// server.create_database("uuid7_sqlx");
/// let url = server.url("uuid7_sqlx");
/// ```
///
/// # Panics
///
/// As [`Server::start`].
pub fn shared() -> &'static Server {
    SHARED.get_or_init(|| {
        let server = Server::start(&[]);
        // SAFETY: `stop_shared` is an `extern "C" fn()` that never unwinds out.
        unsafe {
            libc::atexit(stop_shared);
        }
        server
    })
}

extern "C" fn stop_shared() {
    let _ = std::panic::catch_unwind(|| {
        if let Some(server) = SHARED.get() {
            server.stop();
        }
    });
}

/// The programs of a MariaDB installation.
#[derive(Debug)]
struct Binaries {
    server: PathBuf,
    install_db: PathBuf,
    client: PathBuf,
    admin: PathBuf,
}

impl Binaries {
    /// The programs in the directories of `MARIADB_BINDIR` alone when it is set (one, or a
    /// list like `PATH`'s: programs of one installation must not be mixed with another's),
    /// otherwise in the system's directories.
    fn find() -> Binaries {
        let dirs: Vec<PathBuf> = match std::env::var_os("MARIADB_BINDIR") {
            Some(dirs) => std::env::split_paths(&dirs).collect(),
            None => [
                "/usr/sbin",
                "/usr/bin",
                "/usr/local/sbin",
                "/usr/local/bin",
                "/usr/local/mysql/bin",
            ]
            .into_iter()
            .map(PathBuf::from)
            .collect(),
        };
        let find = |names: &[&str]| {
            names
                .iter()
                .flat_map(|name| dirs.iter().map(move |dir| dir.join(name)))
                .find(|path| is_executable(path))
        };
        let server = find(&["mariadbd", "mysqld"]);
        let install_db = find(&["mariadb-install-db", "mysql_install_db"]);
        let (Some(server), Some(install_db)) = (server, install_db) else {
            panic!(
                "MariaDB server binaries not found (mariadbd and mariadb-install-db, in {}): \
                 install the Debian package mariadb-server (apt-get install mariadb-server), \
                 or set MARIADB_BINDIR to the directories that hold them (`dir:dir`)",
                list(&dirs)
            )
        };
        let client = find(&["mariadb", "mysql"]);
        let admin = find(&["mariadb-admin", "mysqladmin"]);
        let (Some(client), Some(admin)) = (client, admin) else {
            panic!(
                "MariaDB's clients not found (mariadb and mariadb-admin, in {}): install the \
                 Debian package mariadb-client (apt-get install mariadb-client), which \
                 mariadb-server depends on",
                list(&dirs)
            )
        };
        Binaries {
            server,
            install_db,
            client,
            admin,
        }
    }
}

fn list(dirs: &[PathBuf]) -> String {
    dirs.iter()
        .map(|dir| dir.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path)
        .is_ok_and(|metadata| metadata.is_file() && metadata.permissions().mode() & 0o111 != 0)
}

/// A command for one of MariaDB's clients that reads no option file and no connection
/// settings from the environment: only the arguments given say where to connect.
fn client_command(program: &Path) -> Command {
    let mut command = Command::new(program);
    command.arg("--no-defaults");
    for variable in [
        "MYSQL_HOST",
        "MYSQL_PWD",
        "MYSQL_TCP_PORT",
        "MYSQL_UNIX_PORT",
    ] {
        command.env_remove(variable);
    }
    command
}

/// A port the kernel just gave out and took back: free unless taken in between.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .unwrap_or_else(|error| panic!("no free TCP port on 127.0.0.1: {error}"))
        .port()
}

/// A TCP forwarder on a loopback address, in front of a server: what moves with the primary in
/// a failover (a virtual IP, a proxy), and a second name for a server (an address its
/// certificate does not name). Each connection it accepts goes to the port it points at then
/// ([`Forwarder::point_at`]); when either side closes, so does the other. Dropping it stops
/// the accepting; connections already made end with their server or client.
///
/// ```no_run
/// use test_support::mariadb::{Forwarder, Server};
///
/// let server = Server::start(&[]);
/// let forwarder = Forwarder::start("127.0.0.2", server.port());
/// let url = format!("mysql://root@127.0.0.2:{}/mysql", forwarder.port());
/// # let _ = url;
/// ```
#[derive(Debug)]
pub struct Forwarder {
    address: std::net::SocketAddr,
    target: std::sync::Arc<std::sync::atomic::AtomicU16>,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Forwarder {
    /// Listens on `ip` (a loopback address: any of 127.0.0.0/8 on Linux) at a free port, and
    /// forwards each connection to `target_port` on 127.0.0.1.
    ///
    /// # Panics
    ///
    /// If `ip` is not a loopback address, or nothing can listen there.
    pub fn start(ip: &str, target_port: u16) -> Forwarder {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicBool, AtomicU16, Ordering};
        let ip: std::net::IpAddr = ip
            .parse()
            .unwrap_or_else(|error| panic!("{ip:?} is not an address: {error}"));
        assert!(
            ip.is_loopback(),
            "a forwarder listens on loopback only, not {ip}"
        );
        let listener = std::net::TcpListener::bind((ip, 0))
            .unwrap_or_else(|error| panic!("no free TCP port on {ip}: {error}"));
        let address = listener
            .local_addr()
            .expect("a bound listener has an address");
        let target = Arc::new(AtomicU16::new(target_port));
        let stop = Arc::new(AtomicBool::new(false));
        let (accept_target, accept_stop) = (Arc::clone(&target), Arc::clone(&stop));
        std::thread::spawn(move || {
            for client in listener.incoming() {
                if accept_stop.load(Ordering::Relaxed) {
                    return;
                }
                let Ok(client) = client else { continue };
                let port = accept_target.load(Ordering::Relaxed);
                // A server that is down refuses: so does the forwarder, by closing.
                let Ok(server) = std::net::TcpStream::connect(("127.0.0.1", port)) else {
                    continue;
                };
                for (from, to) in [(&client, &server), (&server, &client)] {
                    let (Ok(mut from), Ok(mut to)) = (from.try_clone(), to.try_clone()) else {
                        continue;
                    };
                    std::thread::spawn(move || {
                        let _ = std::io::copy(&mut from, &mut to);
                        let _ = to.shutdown(std::net::Shutdown::Both);
                        let _ = from.shutdown(std::net::Shutdown::Both);
                    });
                }
            }
        });
        Forwarder {
            address,
            target,
            stop,
        }
    }

    /// The port it listens on.
    pub fn port(&self) -> u16 {
        self.address.port()
    }

    /// Sends the connections accepted from now on to `target_port` on 127.0.0.1.
    pub fn point_at(&self, target_port: u16) {
        self.target
            .store(target_port, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Drop for Forwarder {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        // Wakes the accepting thread, which then sees the flag.
        let _ = std::net::TcpStream::connect(self.address);
    }
}
