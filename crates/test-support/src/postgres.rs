//! A throwaway PostgreSQL server for the tests and measurements that need a real one: `initdb`
//! into a new temporary directory, the server listening on a Unix socket in that directory only,
//! and the whole directory stopped and removed when the guard drops, or when the process exits
//! for a cluster shared by a test binary ([`shared`]) — also after a failed test.
//!
//! A test's cluster lives in memory (`/dev/shm`) when that has room for it: there `initdb` and
//! each write take a fraction of their time on disk, and the server is the same. A measurement
//! ([`Cluster::start_on_disk`]) keeps its files on disk, as applications do.
//!
//! It needs the server binaries of the Debian package `postgresql` (`initdb`, `pg_ctl`; found
//! through `PG_BINDIR`, `pg_config --bindir` or `/usr/lib/postgresql/*/bin`). As root, the
//! server runs as the `postgres` user, since `initdb` refuses root. A machine without them
//! gets a panic that says what to install: these tests never pass by skipping.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

/// The port number in the socket's file name (`.s.PGSQL.5432`); no TCP port is opened.
pub const PORT: u16 = 5432;

/// The superuser `initdb` creates, with trust authentication on the socket.
pub const USER: &str = "identifier";

/// A running throwaway server; dropping it stops the server and removes its directory.
#[derive(Debug)]
pub struct Cluster {
    dir: PathBuf,
    bindir: PathBuf,
    as_postgres: bool,
    stopped: bool,
}

impl Cluster {
    /// Creates and starts a new cluster, with `settings` as extra `-c name=value` server
    /// settings (e.g. `("shared_buffers", "256MB")`).
    ///
    /// # Panics
    ///
    /// If the server binaries are missing (the message names the package), or `initdb` or
    /// the server fails (the message holds their output).
    pub fn start(settings: &[(&str, &str)]) -> Cluster {
        Cluster::start_at(bindir(), &scratch_parent(), settings)
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
        let as_postgres = is_root();
        let dir = new_temp_dir(parent);
        let mut cluster = Cluster {
            dir,
            bindir,
            as_postgres,
            stopped: false,
        };
        if as_postgres {
            chown_to_postgres(&cluster.dir);
        }
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
        let mut options = format!(
            "-k {} -p {PORT} -c listen_addresses='' -c fsync=off",
            path_str(&cluster.dir)
        );
        for (name, value) in settings {
            options.push_str(&format!(" -c {name}={value}"));
        }
        let log = cluster.dir.join("server.log");
        cluster.run(
            "pg_ctl",
            &[
                "start",
                "-w",
                "-D",
                path_str(&data),
                "-l",
                path_str(&log),
                "-o",
                &options,
            ],
        );
        cluster
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

    /// Restarts the server with the same settings: its shared buffers start empty.
    ///
    /// # Panics
    ///
    /// If the server does not come back (the message holds its log).
    pub fn restart(&mut self) {
        let data = self.data_dir();
        // The log file again: without it the server would hold pg_ctl's output open.
        let log = self.dir.join("server.log");
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

    /// Stops the server (`immediate`: nothing in it is worth keeping) and removes its files.
    pub fn stop(&mut self) {
        if self.stopped {
            return;
        }
        self.stopped = true;
        let data = self.data_dir();
        // Errors are ignored: this also runs after failures, and must still remove the files.
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
        let output = self.command(program, args).output();
        match output {
            Ok(output) if output.status.success() => {}
            Ok(output) => {
                let log = std::fs::read_to_string(self.dir.join("server.log")).unwrap_or_default();
                self.stop();
                panic!(
                    "PostgreSQL's {program} failed ({}):\n{}\nserver log:\n{log}",
                    output.status,
                    text(&output)
                );
            }
            Err(error) => {
                self.stop();
                panic!("could not run PostgreSQL's {program}: {error}");
            }
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

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

fn chown_to_postgres(dir: &Path) {
    let output = Command::new("chown")
        .args(["postgres:postgres", path_str(dir)])
        .output()
        .expect("chown runs");
    assert!(
        output.status.success(),
        "running as root, the cluster's directory must belong to the `postgres` user (which \
         the Debian package `postgresql` creates): {}",
        text(&output)
    );
}

/// Free space in `/dev/shm` below which a test's cluster goes to disk instead: a container's
/// default of 64 MiB would not hold `initdb`'s 40 MB and the WAL.
const MEMORY_NEEDED: u64 = 1 << 30;

/// Where a test's cluster goes: `/dev/shm` when it is a directory with at least
/// [`MEMORY_NEEDED`] free, otherwise the system's temporary directory.
fn scratch_parent() -> PathBuf {
    let memory = Path::new("/dev/shm");
    match free_bytes(memory) {
        Some(free) if free >= MEMORY_NEEDED => memory.to_path_buf(),
        _ => std::env::temp_dir(),
    }
}

fn free_bytes(dir: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let path = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    let mut stats = std::mem::MaybeUninit::<libc::statvfs>::uninit();
    // SAFETY: `path` is a NUL-terminated string and `stats` points to writable memory of the
    // struct's size; statvfs writes all of it when it returns 0, and nothing is read otherwise.
    let stats = unsafe {
        if libc::statvfs(path.as_ptr(), stats.as_mut_ptr()) != 0 {
            return None;
        }
        stats.assume_init()
    };
    // The fields' types differ between targets; on 64-bit Linux they are already u64.
    #[allow(clippy::useless_conversion)]
    Some(u64::from(stats.f_bavail).saturating_mul(u64::from(stats.f_frsize)))
}

fn new_temp_dir(parent: &Path) -> PathBuf {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos());
    let dir = parent.join(format!("identifier-pg-{}-{nanos}", std::process::id()));
    std::fs::create_dir(&dir).expect("a new temporary directory");
    dir
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("temporary paths are UTF-8")
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}
