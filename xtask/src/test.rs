//! `cargo xtask test [ARGS]`: the whole test suite, after making sure that the programs it
//! runs besides cargo are there.
//!
//! The tests start real servers and real programs, never stand-ins: a throwaway PostgreSQL
//! server, `faketime` for the command's clock faults, libpq for diesel's client. Each is
//! looked for before anything is built, so that a machine without one learns it at once, not
//! after the long build. What is missing is installed with `apt-get` when the task runs as
//! root on Debian or Ubuntu; otherwise the task stops and names the packages. Then it builds
//! the tests as `cargo test --workspace --all-features --locked` does, and runs every test
//! binary and the doctests, a few at once ([`test_runner`]): every one runs even after
//! another fails, and the failed ones are listed at the end. `ARGS` before a `--` go to
//! cargo (`-p tick-ulid`), those after it to each test binary (a filter, `--nocapture`);
//! `XTASK_TEST_JOBS=1` runs one binary at a time.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::test_runner;

/// Something the tests run that cargo does not build: what it is, which tests need it, the
/// Debian package that brings it, and how to tell that it is there.
struct Need {
    what: &'static str,
    used_by: &'static str,
    package: &'static str,
    present: fn(&System) -> bool,
}

/// Where programs and libraries are looked for; the real machine's, or a test's.
pub(crate) struct System {
    /// The directories of `PATH`.
    path: Vec<PathBuf>,
    /// The file system root the fixed locations (`/usr/lib/postgresql`, ...) are under.
    root: PathBuf,
    /// `PG_BINDIR`, where the database tests look first for the server's binaries.
    pg_bindir: Option<PathBuf>,
}

const NEEDS: [Need; 9] = [
    Need {
        what: "faketime",
        used_by: "the command's tests of clocks outside a format's range and of a lease \
                  holder whose clock runs ahead",
        package: "faketime",
        present: |system| system.program("faketime"),
    },
    Need {
        what: "a PostgreSQL server (initdb, pg_ctl)",
        used_by: "the database and lease tests, which start throwaway servers of their own",
        package: "postgresql",
        present: System::postgres_server,
    },
    Need {
        what: "PostgreSQL's pgstattuple extension",
        used_by: "the index measurement's tests",
        package: "postgresql-contrib",
        present: |system| system.any("usr/share/postgresql/*/extension/pgstattuple.control"),
    },
    Need {
        what: "libpq, to link diesel's PostgreSQL client",
        used_by: "the diesel tests and example",
        package: "libpq-dev",
        present: |system| system.library("libpq.so"),
    },
    Need {
        what: "a MariaDB server (mariadbd, mariadb-install-db)",
        used_by: "the MySQL tests, which start a throwaway server of their own",
        package: "mariadb-server",
        // Debian puts the server in /usr/sbin, which is not on every user's PATH.
        present: |system| system.program("mariadbd") || system.any("usr/sbin/mariadbd"),
    },
    Need {
        what: "libmysqlclient, to link diesel's MySQL client",
        used_by: "the diesel MySQL tests",
        package: "default-libmysqlclient-dev",
        present: |system| system.library("libmysqlclient.so"),
    },
    Need {
        what: "wasm-opt, to shrink the inspector page's wasm",
        used_by: "the inspector page's build (cargo xtask web), which runs before the tests",
        package: "binaryen",
        present: |system| system.program("wasm-opt"),
    },
    Need {
        what: "Chromium",
        used_by: "the inspector page's browser test",
        package: "chromium",
        present: |system| system.program("chromium"),
    },
    Need {
        what: "ChromeDriver, Chromium's WebDriver server",
        used_by: "the inspector page's browser test",
        package: "chromium-driver",
        present: |system| system.program("chromedriver"),
    },
];

impl System {
    /// This machine.
    pub(crate) fn here() -> System {
        System {
            path: std::env::var_os("PATH")
                .map(|path| std::env::split_paths(&path).collect())
                .unwrap_or_default(),
            root: PathBuf::from("/"),
            pg_bindir: std::env::var_os("PG_BINDIR").map(PathBuf::from),
        }
    }

    /// Whether an executable file `name` is in a directory of `PATH`.
    fn program(&self, name: &str) -> bool {
        self.path.iter().any(|dir| is_executable(&dir.join(name)))
    }

    /// Whether a file matches `pattern`, a path under the root whose components may be `*`
    /// (any one name) or end in `.so`, `.control`... exactly as written.
    fn any(&self, pattern: &str) -> bool {
        let mut candidates = vec![self.root.clone()];
        for component in pattern.split('/') {
            candidates = candidates
                .iter()
                .flat_map(|dir| -> Vec<PathBuf> {
                    if component == "*" {
                        std::fs::read_dir(dir)
                            .into_iter()
                            .flatten()
                            .flatten()
                            .map(|entry| entry.path())
                            .collect()
                    } else {
                        vec![dir.join(component)]
                    }
                })
                .collect();
        }
        candidates.iter().any(|path| path.exists())
    }

    /// Whether the linker finds `name` where Debian, and other systems, put libraries.
    fn library(&self, name: &str) -> bool {
        ["usr/lib/*", "usr/lib", "usr/lib64"]
            .iter()
            .any(|dir| self.any(&format!("{dir}/{name}")))
    }

    /// The server binaries where the tests look for them (see `test_support::postgres`):
    /// `PG_BINDIR`, `pg_config --bindir`'s directory, or Debian's `/usr/lib/postgresql/*/bin`.
    fn postgres_server(&self) -> bool {
        let has_initdb = |dir: &Path| is_executable(&dir.join("initdb"));
        if self.pg_bindir.as_deref().is_some_and(has_initdb) {
            return true;
        }
        let pg_config = self
            .path
            .iter()
            .map(|dir| dir.join("pg_config"))
            .find(|path| is_executable(path));
        if let Some(pg_config) = pg_config
            && let Ok(output) = Command::new(pg_config).arg("--bindir").output()
            && output.status.success()
            && has_initdb(Path::new(String::from_utf8_lossy(&output.stdout).trim()))
        {
            return true;
        }
        self.any("usr/lib/postgresql/*/bin/initdb")
    }

    /// The needs that are not met, in the order of [`NEEDS`].
    fn missing(&self) -> Vec<&'static Need> {
        NEEDS.iter().filter(|need| !(need.present)(self)).collect()
    }
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path)
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

/// `cargo xtask test [ARGS]`.
pub(crate) fn run(root: &Path, args: &[&str]) -> Result<(), String> {
    let system = System::here();
    let missing = system.missing();
    if !missing.is_empty() {
        install(&missing)?;
        let still = system.missing();
        if !still.is_empty() {
            return Err(describe(&still, "are still missing after apt-get install"));
        }
    }
    // The inspector page, which its browser test loads: before the tests, as they expect it.
    crate::web::build(root)?;
    let (cargo_args, test_args) = match args.iter().position(|arg| *arg == "--") {
        Some(at) => (&args[..at], &args[at + 1..]),
        None => (args, &[][..]),
    };
    let cargo_test = test_runner::cargo_test(cargo_args);
    eprintln!(
        "xtask: everything the tests need is installed; building the tests: cargo {} --no-run {}",
        cargo_test.join(" "),
        cargo_args.join(" ")
    );
    let build = Command::new(env!("CARGO"))
        .current_dir(root)
        .args(&cargo_test)
        .args(["--no-run", "--message-format=json-render-diagnostics"])
        .args(cargo_args)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|error| format!("could not run cargo: {error}"))?;
    if !build.status.success() {
        return Err(format!("the tests did not build ({})", build.status));
    }
    let binaries = test_runner::binaries(&String::from_utf8_lossy(&build.stdout));
    let jobs = std::env::var("XTASK_TEST_JOBS")
        .ok()
        .and_then(|jobs| jobs.parse().ok())
        .unwrap_or_else(test_runner::jobs);
    eprintln!(
        "xtask: running {} test binaries and the doctests, {jobs} at a time",
        binaries.len()
    );
    let start = std::time::Instant::now();
    let failed = test_runner::run(root, binaries, cargo_args, test_args, jobs);
    let took = start.elapsed().as_secs_f64();
    if failed.is_empty() {
        eprintln!("xtask: every test passed in {took:.0} s");
        Ok(())
    } else {
        Err(format!(
            "{} of the test binaries failed (their output is above), in {took:.0} s:\n  {}",
            failed.len(),
            failed.join("\n  ")
        ))
    }
}

/// Installs the packages of `missing` with apt-get as root; otherwise an error naming them.
fn install(missing: &[&Need]) -> Result<(), String> {
    let packages: Vec<&str> = missing.iter().map(|need| need.package).collect();
    install_packages(&packages)
        .map_err(|why| format!("{}\n{why}", describe(missing, "are missing")))
}

/// Installs Debian's `packages` with apt-get as root; otherwise an error naming them.
pub(crate) fn install_packages(packages: &[&str]) -> Result<(), String> {
    let apt_get = System::here().program("apt-get");
    if !(is_root() && apt_get) {
        let why = if apt_get {
            "installing them needs root"
        } else {
            "there is no apt-get here: install the same programs with the system's package manager"
        };
        return Err(format!(
            "{why}: sudo apt-get install {}",
            packages.join(" ")
        ));
    }
    eprintln!("xtask: apt-get install {}", packages.join(" "));
    apt(&["update", "-qq"])?;
    let mut install: Vec<&str> = vec!["install", "-y", "-qq", "--no-install-recommends"];
    install.extend(packages);
    apt(&install)
}

fn apt(args: &[&str]) -> Result<(), String> {
    let status = Command::new("apt-get")
        .args(args)
        .env("DEBIAN_FRONTEND", OsString::from("noninteractive"))
        .status()
        .map_err(|error| format!("could not run apt-get: {error}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("apt-get {} failed ({status})", args.join(" ")))
    }
}

/// One line per need: what, for which tests, from which package.
fn describe(needs: &[&Need], verdict: &str) -> String {
    let mut text = format!("these programs the tests run {verdict}:");
    for need in needs {
        text.push_str(&format!(
            "\n  {} (Debian package {}): for {}",
            need.what, need.package, need.used_by
        ));
    }
    text
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|output| String::from_utf8_lossy(&output.stdout).trim() == "0")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file system of its own under the target directory, removed at the end.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let dir =
                std::env::temp_dir().join(format!("xtask-test-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            Scratch(dir)
        }

        fn file(&self, path: &str, executable: bool) {
            use std::os::unix::fs::PermissionsExt;
            let path = self.0.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, "").unwrap();
            let mode = if executable { 0o755 } else { 0o644 };
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
        }

        fn system(&self) -> System {
            System {
                path: vec![self.0.join("bin")],
                root: self.0.clone(),
                pg_bindir: None,
            }
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn packages(system: &System) -> Vec<&'static str> {
        system.missing().iter().map(|need| need.package).collect()
    }

    #[test]
    fn an_empty_machine_misses_every_package_and_says_for_what() {
        let scratch = Scratch::new("empty");
        let system = scratch.system();
        assert_eq!(
            packages(&system),
            [
                "faketime",
                "postgresql",
                "postgresql-contrib",
                "libpq-dev",
                "mariadb-server",
                "default-libmysqlclient-dev",
                "binaryen",
                "chromium",
                "chromium-driver"
            ]
        );
        let text = describe(&system.missing(), "are missing");
        assert!(
            text.contains("faketime (Debian package faketime): for the command's tests"),
            "{text}"
        );
    }

    #[test]
    fn each_package_is_found_where_debian_puts_it() {
        let scratch = Scratch::new("debian");
        scratch.file("bin/faketime", true);
        scratch.file("usr/lib/postgresql/15/bin/initdb", true);
        scratch.file(
            "usr/share/postgresql/15/extension/pgstattuple.control",
            false,
        );
        scratch.file("usr/lib/x86_64-linux-gnu/libpq.so", false);
        scratch.file("usr/sbin/mariadbd", true);
        scratch.file("usr/lib/x86_64-linux-gnu/libmysqlclient.so", false);
        scratch.file("bin/wasm-opt", true);
        scratch.file("bin/chromium", true);
        scratch.file("bin/chromedriver", true);
        assert_eq!(packages(&scratch.system()), Vec::<&str>::new());
    }

    #[test]
    fn a_file_that_cannot_run_is_not_a_program_and_pg_bindir_is_looked_at_first() {
        let scratch = Scratch::new("modes");
        scratch.file("bin/faketime", false);
        scratch.file("elsewhere/initdb", true);
        let mut system = scratch.system();
        assert!(packages(&system).contains(&"faketime"));
        assert!(packages(&system).contains(&"postgresql"));
        system.pg_bindir = Some(scratch.0.join("elsewhere"));
        assert!(!packages(&system).contains(&"postgresql"));
    }
}
