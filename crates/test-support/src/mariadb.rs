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

use std::fs::File;
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
        let settings: Vec<String> = settings
            .iter()
            .map(|(name, value)| format!("--{name}={value}"))
            .collect();
        let mut server = Server {
            binaries: Binaries::find(),
            dir: new_temp_dir(&scratch_parent(MEMORY_NEEDED), "mariadb"),
            port: 0,
            process: Mutex::new(None),
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
        server.launch(&settings);
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

    /// Launches `mariadbd` on a free port and waits until it accepts connections; tries
    /// another port when the one picked was taken in between.
    fn launch(&mut self, settings: &[String]) {
        for attempt in 1..=PORT_ATTEMPTS {
            self.port = free_port();
            let log = File::create(self.log_file()).unwrap_or_else(|error| {
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
                .args(settings)
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
                    if port_taken && attempt < PORT_ATTEMPTS {
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
