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

use std::path::Path;
use std::process::{Command, Stdio};

use crate::system::{System, install_packages};
use crate::test_runner;

/// Something the tests run that cargo does not build: what it is, which tests need it, the
/// Debian package that brings it, and how to tell that it is there.
struct Need {
    what: &'static str,
    used_by: &'static str,
    package: &'static str,
    present: fn(&System) -> bool,
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

/// The needs that `system` does not meet, in the order of [`NEEDS`].
fn missing(system: &System) -> Vec<&'static Need> {
    NEEDS
        .iter()
        .filter(|need| !(need.present)(system))
        .collect()
}

/// `cargo xtask test [ARGS]`.
pub(crate) fn run(root: &Path, args: &[&str]) -> Result<(), String> {
    let system = System::here();
    let absent = missing(&system);
    if !absent.is_empty() {
        install(&absent)?;
        let still = missing(&system);
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

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
        missing(system).iter().map(|need| need.package).collect()
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
        let text = describe(&missing(&system), "are missing");
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
