//! A throwaway PostgreSQL server for the tests and measurements that need a real one: `initdb`
//! into a new temporary directory, the server listening on a Unix socket in that directory only,
//! and the whole directory stopped and removed when the guard drops, or when the process exits
//! for a cluster shared by a test binary ([`shared`]) — also after a failed test.
//!
//! A failover takes two: a primary from [`Cluster::start`] (PostgreSQL's defaults stream WAL,
//! and `initdb`'s `pg_hba.conf` trusts replication connections on the socket), and a streaming
//! replica of it from [`Cluster::replica_of`], with a directory and a socket of its own. Either
//! can be stopped and started again on its files ([`Cluster::stop_fast`],
//! [`Cluster::start_again`]), killed as a crash would ([`Cluster::kill_postmaster`]), and a
//! replica promoted ([`Cluster::promote`]).
//!
//! A test's cluster lives in memory (`/dev/shm`) when that has room for it: there `initdb` and
//! each write take a fraction of their time on disk, and the server is the same. A measurement
//! ([`Cluster::start_on_disk`]) keeps its files on disk, as applications do.
//!
//! It needs the server binaries of the Debian package `postgresql` (`initdb`, `pg_ctl`, and
//! `pg_basebackup` for a replica; found through `PG_BINDIR`, `pg_config --bindir` or
//! `/usr/lib/postgresql/*/bin`). As root, the server runs as the `postgres` user, since
//! `initdb` refuses root. A machine without them gets a panic that says what to install: these
//! tests never pass by skipping.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock, PoisonError};

use crate::scratch::{chown, is_root, new_temp_dir, path_str, scratch_parent, text};

/// The port number in the socket's file name (`.s.PGSQL.5432`); no TCP port is opened.
pub const PORT: u16 = 5432;

/// The superuser `initdb` creates, with trust authentication on the socket.
pub const USER: &str = "identifier";

/// Free space in `/dev/shm` below which a test's cluster goes to disk instead: `initdb`'s
/// 40 MB and the WAL.
const MEMORY_NEEDED: u64 = 1 << 30;

/// How many free ports a server on TCP tries: another process may take the one picked before
/// the server binds it.
const PORT_ATTEMPTS: usize = 5;

/// A throwaway server and its directory; dropping it stops the server and removes the
/// directory.
#[derive(Debug)]
pub struct Cluster {
    dir: PathBuf,
    bindir: PathBuf,
    as_postgres: bool,
    /// The extra `-c name=value` settings, for every start of this server and of its replicas.
    settings: String,
    /// Killed and not started since: the shared memory of its processes is still there.
    killed: bool,
    /// Stopped for good and its files removed.
    removed: bool,
}

impl Cluster {
    /// Creates and starts a new cluster, with `settings` as extra `-c name=value` server
    /// settings (e.g. `("shared_buffers", "256MB")`).
    ///
    /// It can serve as the primary of [`Cluster::replica_of`] as it is: PostgreSQL's defaults
    /// (`wal_level = replica`, `max_wal_senders = 10`) stream WAL, and the `pg_hba.conf` of
    /// `initdb --auth=trust` trusts replication connections on the socket.
    ///
    /// # Panics
    ///
    /// If the server binaries are missing (the message names the package), or `initdb` or
    /// the server fails (the message holds their output).
    pub fn start(settings: &[(&str, &str)]) -> Cluster {
        Cluster::start_at(bindir(), &scratch_parent(MEMORY_NEEDED), settings)
    }

    /// [`Cluster::start`] with its files in the system's temporary directory on disk, and the
    /// server binaries (`initdb`, `pg_ctl`, `postgres`) of `bindir` (the system's when `None`),
    /// e.g. another major version. As root, the `postgres` user must be able to read and run
    /// them.
    ///
    /// # Panics
    ///
    /// If the server binaries are missing, or `initdb` or the server fails (the message holds
    /// their output).
    pub fn start_on_disk(bindir: Option<&Path>, settings: &[(&str, &str)]) -> Cluster {
        let bindir = bindir.map_or_else(self::bindir, Path::to_path_buf);
        Cluster::start_at(bindir, &std::env::temp_dir(), settings)
    }

    fn start_at(bindir: PathBuf, parent: &Path, settings: &[(&str, &str)]) -> Cluster {
        let mut cluster = Cluster::init_at(bindir, parent, settings);
        cluster.start_again();
        cluster
    }

    /// A new cluster's files, made by `initdb`, with the server not started.
    fn init_at(bindir: PathBuf, parent: &Path, settings: &[(&str, &str)]) -> Cluster {
        let settings = settings
            .iter()
            .map(|(name, value)| format!(" -c {name}={value}"))
            .collect();
        let mut cluster = Cluster::new_dir(bindir, parent, settings);
        let data = cluster.data_dir();
        cluster.run(
            "initdb",
            &[
                "-D",
                path_str(&data),
                "-U",
                USER,
                "--auth=trust",
                "--encoding=UTF8",
                "--locale=C",
                "--no-sync",
            ],
        );
        cluster
    }

    /// A cluster with a new, empty directory under `parent`, owned by the server's user.
    fn new_dir(bindir: PathBuf, parent: &Path, settings: String) -> Cluster {
        let as_postgres = is_root();
        let cluster = Cluster {
            dir: new_temp_dir(parent, "pg"),
            bindir,
            as_postgres,
            settings,
            killed: false,
            removed: false,
        };
        if as_postgres {
            chown(&cluster.dir, "postgres", "postgresql");
        }
        cluster
    }

    /// A new streaming replica of `primary`, started: `pg_basebackup -R -X stream` over the
    /// primary's socket into a directory of its own next to the primary's, then the server,
    /// on a socket in that directory, with the primary's binaries and settings. It answers
    /// read-only queries (hot standby) and follows the primary until stopped or promoted; no
    /// replication slot holds WAL back for it.
    ///
    /// # Panics
    ///
    /// If `pg_basebackup` fails (the message holds its output and the primary's log), or the
    /// replica does not start (the message holds its log).
    pub fn replica_of(primary: &Cluster) -> Cluster {
        let parent = primary
            .dir
            .parent()
            .expect("a cluster's directory has a parent");
        let mut replica =
            Cluster::new_dir(primary.bindir.clone(), parent, primary.settings.clone());
        let data = replica.data_dir();
        let port = PORT.to_string();
        let output = replica
            .command(
                "pg_basebackup",
                &[
                    "-D",
                    path_str(&data),
                    "-h",
                    path_str(&primary.dir),
                    "-p",
                    &port,
                    "-U",
                    USER,
                    // standby.signal and primary_conninfo: the copy starts as a replica.
                    "-R",
                    "-X",
                    "stream",
                    // Checkpoint at once rather than at the primary's next scheduled one.
                    "-c",
                    "fast",
                    "--no-sync",
                ],
            )
            .output();
        match output {
            Ok(output) if output.status.success() => {}
            failed => {
                let detail = match failed {
                    Ok(output) => format!("{}:\n{}", output.status, text(&output)),
                    Err(error) => format!("could not run it: {error}"),
                };
                replica.stop();
                panic!(
                    "PostgreSQL's pg_basebackup failed to copy the primary ({detail})\nprimary's \
                     log:\n{}",
                    primary.log()
                );
            }
        }
        replica.start_again();
        replica
    }

    /// The directory of the server's socket: the `host` of a connection.
    pub fn socket_dir(&self) -> &Path {
        &self.dir
    }

    /// A libpq connection string for `database` (`postgres` exists from the start).
    pub fn connection_string(&self, database: &str) -> String {
        format!(
            "host={} port={PORT} user={USER} dbname={database}",
            path_str(&self.dir)
        )
    }

    /// A connection URL for `database`, the form sqlx and sea-orm take (the socket's
    /// directory as the `host` parameter).
    pub fn url(&self, database: &str) -> String {
        format!(
            "postgres://{USER}@localhost/{database}?host={}&port={PORT}",
            path_str(&self.dir)
        )
    }

    /// Restarts the server with the same settings: its shared buffers start empty.
    ///
    /// # Panics
    ///
    /// If the server does not come back (the message holds its log).
    pub fn restart(&mut self) {
        let data = self.data_dir();
        // The log file again: without it the server would hold pg_ctl's output open.
        let log = self.log_file();
        self.run(
            "pg_ctl",
            &[
                "restart",
                "-w",
                "-m",
                "fast",
                "-D",
                path_str(&data),
                "-l",
                path_str(&log),
            ],
        );
    }

    /// Stops the server cleanly (`pg_ctl stop -m fast`: sessions are ended, then a shutdown
    /// checkpoint), keeping its files for [`Cluster::start_again`]. A replica stopped this way
    /// falls behind its primary for as long as it stays down.
    ///
    /// # Panics
    ///
    /// If the server does not stop (the message holds its log).
    pub fn stop_fast(&mut self) {
        let data = self.data_dir();
        self.run(
            "pg_ctl",
            &["stop", "-w", "-m", "fast", "-D", path_str(&data)],
        );
    }

    /// Starts the server on its files, with its settings, and waits until it accepts
    /// connections (read-only ones, for a replica): after [`Cluster::stop_fast`], or after
    /// [`Cluster::kill_postmaster`] (then it runs crash recovery first).
    ///
    /// # Panics
    ///
    /// If the server does not start (the message holds its log).
    pub fn start_again(&mut self) {
        let args = self.start_args();
        self.run("pg_ctl", &args.each_ref().map(String::as_str));
        self.killed = false;
    }

    /// The arguments of `pg_ctl` that start the server.
    fn start_args(&self) -> [String; 8] {
        let options = format!(
            "-k {} -p {PORT} -c listen_addresses='' -c fsync=off{}",
            path_str(&self.dir),
            self.settings
        );
        [
            "start".to_owned(),
            "-w".to_owned(),
            "-D".to_owned(),
            path_str(&self.data_dir()).to_owned(),
            "-l".to_owned(),
            path_str(&self.log_file()).to_owned(),
            "-o".to_owned(),
            options,
        ]
    }

    /// Kills the server as a crash would: `SIGKILL` to the postmaster (its pid from
    /// `postmaster.pid`), whose other processes then exit on their own as they notice it gone,
    /// ending every session. Returns once all of them are gone; the files stay, with no
    /// shutdown checkpoint, for [`Cluster::start_again`] or the drop, except the lock files:
    /// where orphans are reaped late (by a container's first process, say), the postmaster
    /// lingers as a zombie, and its pid in them would keep a new start out. Its shared memory
    /// stays too (a System V segment, and POSIX segments in `/dev/shm`), as after any crash:
    /// the next start of the server removes it, so the drop starts a killed server once more
    /// before it stops it for good (a fraction of a second).
    ///
    /// # Panics
    ///
    /// If the server is not running, or its processes are not gone within 30 s (the message
    /// holds its log).
    pub fn kill_postmaster(&mut self) {
        let pid_file = self.data_dir().join("postmaster.pid");
        let pid = std::fs::read_to_string(&pid_file)
            .ok()
            .and_then(|content| content.lines().next()?.trim().parse::<libc::pid_t>().ok())
            .unwrap_or_else(|| {
                panic!(
                    "no running server to kill: {} holds no pid\nserver log:\n{}",
                    pid_file.display(),
                    self.log()
                )
            });
        // Read before the kill: orphans lose their parent's pid.
        let mut processes = children_of(pid);
        processes.push(pid);
        // SAFETY: kill has no memory preconditions; the pid is the postmaster's, read from
        // the file it keeps while it runs.
        if unsafe { libc::kill(pid, libc::SIGKILL) } != 0 {
            panic!(
                "SIGKILL to the postmaster (pid {pid}) failed: {}\nserver log:\n{}",
                std::io::Error::last_os_error(),
                self.log()
            );
        }
        let start = std::time::Instant::now();
        while processes.iter().any(|&process| is_alive(process)) {
            if start.elapsed() > std::time::Duration::from_secs(30) {
                panic!(
                    "the server's processes {processes:?} outlived the postmaster's SIGKILL by \
                     30 s\nserver log:\n{}",
                    self.log()
                );
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let socket_lock = self.dir.join(format!(".s.PGSQL.{PORT}.lock"));
        for lock in [&pid_file, &socket_lock] {
            if let Err(error) = std::fs::remove_file(lock) {
                panic!(
                    "removing the killed server's lock file {}: {error}",
                    lock.display()
                );
            }
        }
        self.killed = true;
    }

    /// Promotes a replica to a primary (`pg_ctl promote -w`): it stops following, takes a new
    /// timeline and accepts writes once this returns.
    ///
    /// # Panics
    ///
    /// If the server is not a running replica, or the promotion does not finish (the message
    /// holds its log).
    pub fn promote(&mut self) {
        let data = self.data_dir();
        self.run("pg_ctl", &["promote", "-w", "-D", path_str(&data)]);
    }

    /// Stops the server (`immediate`: nothing in it is worth keeping) and removes its files.
    pub fn stop(&mut self) {
        if self.removed {
            return;
        }
        self.removed = true;
        let data = self.data_dir();
        // Errors are ignored: this also runs after failures, and must still remove the files.
        if self.killed {
            // Only a start finds and removes what the killed server left in shared memory.
            let args = self.start_args();
            let _ = self
                .command("pg_ctl", &args.each_ref().map(String::as_str))
                .output();
        }
        let _ = self
            .command(
                "pg_ctl",
                &["stop", "-w", "-m", "immediate", "-D", path_str(&data)],
            )
            .output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }

    fn data_dir(&self) -> PathBuf {
        self.dir.join("data")
    }

    fn log_file(&self) -> PathBuf {
        self.dir.join("server.log")
    }

    /// The server's log so far, for a panic's message.
    fn log(&self) -> String {
        std::fs::read_to_string(self.log_file()).unwrap_or_default()
    }

    fn command(&self, program: &str, args: &[&str]) -> Command {
        let program = self.bindir.join(program);
        if self.as_postgres {
            let mut command = Command::new("runuser");
            command
                .args(["-u", "postgres", "--"])
                .arg(program)
                .args(args);
            command
        } else {
            let mut command = Command::new(program);
            command.args(args);
            command
        }
    }

    fn run(&mut self, program: &str, args: &[&str]) {
        if let Err(failure) = self.try_run(program, args) {
            self.stop();
            panic!("{failure}");
        }
    }

    /// Runs a server program: `Err` holds its output and the server's log.
    fn try_run(&self, program: &str, args: &[&str]) -> Result<(), String> {
        match self.command(program, args).output() {
            Ok(output) if output.status.success() => Ok(()),
            Ok(output) => Err(format!(
                "PostgreSQL's {program} failed ({}):\n{}\nserver log:\n{}",
                output.status,
                text(&output),
                self.log()
            )),
            Err(error) => Err(format!("could not run PostgreSQL's {program}: {error}")),
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        self.stop();
    }
}

/// One cluster for the whole test binary, started on first use and stopped and removed when the
/// process exits (the test harness exits normally also when tests fail).
pub fn shared() -> &'static Mutex<Cluster> {
    static SHARED: OnceLock<Mutex<Cluster>> = OnceLock::new();
    SHARED.get_or_init(|| {
        let cluster = Mutex::new(Cluster::start(&[]));
        // SAFETY: `stop_shared` is an `extern "C" fn()` that never unwinds out.
        unsafe {
            libc::atexit(stop_shared);
        }
        cluster
    })
}

extern "C" fn stop_shared() {
    let _ = std::panic::catch_unwind(|| {
        // A test that panicked holding the lock must not leave the server behind.
        let mut cluster = shared().lock().unwrap_or_else(PoisonError::into_inner);
        cluster.stop();
    });
}

fn bindir() -> PathBuf {
    if let Some(dir) = std::env::var_os("PG_BINDIR") {
        return PathBuf::from(dir);
    }
    if let Ok(output) = Command::new("pg_config").arg("--bindir").output() {
        let dir = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
        if output.status.success() && dir.join("initdb").exists() {
            return dir;
        }
    }
    // Debian's pg_config comes from libpq-dev, which a server machine may lack.
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path().join("bin"))
        .filter(|bin| bin.join("initdb").exists())
        .collect();
    found.sort();
    found.pop().unwrap_or_else(|| {
        panic!(
            "these tests need a PostgreSQL server (initdb, pg_ctl), and none was found: install \
             the Debian package `postgresql` (apt-get install postgresql postgresql-contrib), \
             or set PG_BINDIR to the directory that holds initdb"
        )
    })
}

fn children_of(pid: libc::pid_t) -> Vec<libc::pid_t> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<libc::pid_t>().ok())
        .filter(|&process| proc_stat(process).is_some_and(|(_, parent)| parent == pid))
        .collect()
}

/// The state letter and the parent's pid of `pid`, from `/proc/<pid>/stat`.
fn proc_stat(pid: libc::pid_t) -> Option<(char, libc::pid_t)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // `pid (comm) state ppid ...`, where comm may hold spaces and parentheses.
    let mut fields = stat.get(stat.rfind(')')? + 1..)?.split_whitespace();
    let state = fields.next()?.chars().next()?;
    let parent = fields.next()?.parse().ok()?;
    Some((state, parent))
}

/// Whether `pid` still runs: a zombie does not, since an orphan's reaper (a container's first
/// process, say) may collect it late.
fn is_alive(pid: libc::pid_t) -> bool {
    // SAFETY: signal 0 only checks that the process exists and may be signalled.
    let exists = unsafe { libc::kill(pid, 0) } == 0
        || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM);
    exists && !matches!(proc_stat(pid), Some(('Z' | 'X', _)))
}

/// A throwaway server that also listens on TCP, on 127.0.0.1 at a free port, for what the
/// socket cannot test: TLS above all (PostgreSQL offers none on a Unix socket). `initdb
/// --auth=trust` trusts `host` connections from 127.0.0.1, with TLS or without. Dropping it
/// stops the server and removes its files and its copy of the certificate and key.
#[derive(Debug)]
pub struct TcpCluster {
    cluster: Cluster,
    port: u16,
    /// The server's copy of the certificate and key, when it has TLS.
    tls_dir: Option<PathBuf>,
}

impl TcpCluster {
    /// Starts a server on 127.0.0.1 at a free port: with `tls = Some((certificate, key))`
    /// (PEM files), with `ssl=on` and those, copied where the server's user alone can read
    /// the key; with `None`, with TLS off.
    ///
    /// # Panics
    ///
    /// As [`Cluster::start`]; or if the certificate or key cannot be copied.
    pub fn start(tls: Option<(&Path, &Path)>) -> TcpCluster {
        let tls_dir = tls.map(|(certificate, key)| {
            let dir = new_temp_dir(&scratch_parent(MEMORY_NEEDED), "pg");
            for (from, name) in [(certificate, "server.crt"), (key, "server.key")] {
                let to = dir.join(name);
                std::fs::copy(from, &to).unwrap_or_else(|error| {
                    panic!("could not copy {} for the server: {error}", from.display())
                });
                // The server refuses a key that others may read.
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(&to, std::fs::Permissions::from_mode(0o600))
                    .expect("chmod of the server's copy");
                if is_root() {
                    chown(&to, "postgres", "postgresql");
                }
            }
            if is_root() {
                chown(&dir, "postgres", "postgresql");
            }
            dir
        });
        let (certificate, key) = tls_dir
            .as_ref()
            .map_or((String::new(), String::new()), |dir| {
                (
                    path_str(&dir.join("server.crt")).to_owned(),
                    path_str(&dir.join("server.key")).to_owned(),
                )
            });
        let mut settings = vec![("listen_addresses", "127.0.0.1")];
        if tls_dir.is_some() {
            settings.extend([
                ("ssl", "on"),
                ("ssl_cert_file", certificate.as_str()),
                ("ssl_key_file", key.as_str()),
            ]);
        }
        let mut cluster = Cluster::init_at(bindir(), &scratch_parent(MEMORY_NEEDED), &settings);
        let base_settings = cluster.settings.clone();
        for attempt in 1..=PORT_ATTEMPTS {
            // A port the kernel just gave out and took back: free unless another process
            // takes it before the server binds it, which then tries another.
            let port = std::net::TcpListener::bind("127.0.0.1:0")
                .and_then(|listener| listener.local_addr())
                .expect("a free TCP port on 127.0.0.1")
                .port();
            cluster.settings = format!("{base_settings} -c port={port}");
            let args = cluster.start_args();
            match cluster.try_run("pg_ctl", &args.each_ref().map(String::as_str)) {
                Ok(()) => {
                    return TcpCluster {
                        cluster,
                        port,
                        tls_dir,
                    };
                }
                Err(failure)
                    if failure.contains("Address already in use") && attempt < PORT_ATTEMPTS => {}
                Err(failure) => {
                    cluster.stop();
                    if let Some(dir) = &tls_dir {
                        let _ = std::fs::remove_dir_all(dir);
                    }
                    panic!("{failure}");
                }
            }
        }
        unreachable!("the last attempt returns or panics")
    }

    /// The TCP port on 127.0.0.1.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// A libpq connection string over TCP to 127.0.0.1 for `database`, with `host` as the
    /// server's name (what TLS checks with `sslmode=verify-full`; `hostaddr` is where it
    /// connects) and `extra` appended (`sslmode=…`).
    pub fn connection_string(&self, host: &str, database: &str, extra: &str) -> String {
        format!(
            "host={host} hostaddr=127.0.0.1 port={} user={USER} dbname={database} {extra}",
            self.port
        )
    }

    /// The server's log so far, for a failed test's message.
    pub fn log(&self) -> String {
        self.cluster.log()
    }
}

impl Drop for TcpCluster {
    fn drop(&mut self) {
        self.cluster.stop();
        if let Some(dir) = &self.tls_dir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// A throwaway certificate authority, a server certificate it signed (for the DNS name
/// `localhost` and the address 127.0.0.1), and a second, unrelated authority: PEM files made by
/// the `openssl` command, for [`TcpCluster::start`] and the clients' `sslrootcert`. ECDSA P-256
/// keys, valid for two days, with the extensions a strict verifier asks for (the authority's
/// `CA:TRUE` and key usage; the server's `CA:FALSE`, `serverAuth` and `subjectAltName`).
#[derive(Debug, Clone)]
pub struct Pki {
    /// The authority's certificate: the `sslrootcert` that verifies the server.
    pub ca: PathBuf,
    /// Another authority's certificate, which did not sign the server's.
    pub other_ca: PathBuf,
    /// The server's certificate.
    pub server_cert: PathBuf,
    /// The server's private key (unencrypted).
    pub server_key: PathBuf,
}

impl Pki {
    /// Makes the files in `dir`, which must exist.
    ///
    /// # Panics
    ///
    /// If the `openssl` command is missing (the message names the package) or fails (the
    /// message holds its output).
    pub fn generate(dir: &Path) -> Pki {
        let config = dir.join("openssl.cnf");
        // A configuration of our own: nothing read from the system's openssl.cnf.
        std::fs::write(
            &config,
            "[req]\ndistinguished_name = dn\nprompt = no\n\n[dn]\nCN = unused\n\n\
             [ca]\nbasicConstraints = critical, CA:TRUE\nkeyUsage = critical, keyCertSign, \
             cRLSign\nsubjectKeyIdentifier = hash\n\n\
             [server]\nbasicConstraints = critical, CA:FALSE\nkeyUsage = critical, \
             digitalSignature\nextendedKeyUsage = serverAuth\nsubjectAltName = \
             DNS:localhost, IP:127.0.0.1\nauthorityKeyIdentifier = keyid\n",
        )
        .expect("the openssl configuration is written");
        let path = |name: &str| path_str(&dir.join(name)).to_owned();
        let config = path_str(&config).to_owned();
        for (name, subject) in [
            ("ca", "/CN=identifier throwaway test CA"),
            ("other-ca", "/CN=identifier other test CA"),
        ] {
            openssl(&[
                "req",
                "-x509",
                "-config",
                &config,
                "-extensions",
                "ca",
                "-newkey",
                "ec",
                "-pkeyopt",
                "ec_paramgen_curve:prime256v1",
                "-nodes",
                "-days",
                "2",
                "-subj",
                subject,
                "-keyout",
                &path(&format!("{name}.key")),
                "-out",
                &path(&format!("{name}.crt")),
            ]);
        }
        openssl(&[
            "req",
            "-new",
            "-config",
            &config,
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-subj",
            "/CN=localhost",
            "-keyout",
            &path("server.key"),
            "-out",
            &path("server.csr"),
        ]);
        openssl(&[
            "x509",
            "-req",
            "-in",
            &path("server.csr"),
            "-CA",
            &path("ca.crt"),
            "-CAkey",
            &path("ca.key"),
            "-set_serial",
            "2",
            "-days",
            "2",
            "-extfile",
            &config,
            "-extensions",
            "server",
            "-out",
            &path("server.crt"),
        ]);
        Pki {
            ca: dir.join("ca.crt"),
            other_ca: dir.join("other-ca.crt"),
            server_cert: dir.join("server.crt"),
            server_key: dir.join("server.key"),
        }
    }
}

fn openssl(args: &[&str]) {
    match Command::new("openssl").args(args).output() {
        Ok(output) if output.status.success() => {}
        Ok(output) => panic!(
            "openssl {} failed ({}):\n{}",
            args.join(" "),
            output.status,
            text(&output)
        ),
        Err(error) => panic!(
            "the TLS tests make a throwaway certificate authority with the `openssl` command, \
             which could not be run ({error}): install the Debian package `openssl` \
             (apt-get install openssl)"
        ),
    }
}
