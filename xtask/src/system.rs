//! What this machine has: the programs on `PATH`, files where Debian puts them, and Debian's
//! packages installed with `apt-get`. Used by the tasks that check for (and install) what they
//! run besides cargo: `test` and `web`.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where programs and libraries are looked for; the real machine's, or a test's.
pub(crate) struct System {
    /// The directories of `PATH`.
    pub(crate) path: Vec<PathBuf>,
    /// The file system root the fixed locations (`/usr/lib/postgresql`, ...) are under.
    pub(crate) root: PathBuf,
    /// `PG_BINDIR`, where the database tests look first for the server's binaries.
    pub(crate) pg_bindir: Option<PathBuf>,
}

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
    pub(crate) fn program(&self, name: &str) -> bool {
        self.path.iter().any(|dir| is_executable(&dir.join(name)))
    }

    /// Whether a file matches `pattern`, a path under the root whose components may be `*`
    /// (any one name) or end in `.so`, `.control`... exactly as written.
    pub(crate) fn any(&self, pattern: &str) -> bool {
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
    pub(crate) fn library(&self, name: &str) -> bool {
        ["usr/lib/*", "usr/lib", "usr/lib64"]
            .iter()
            .any(|dir| self.any(&format!("{dir}/{name}")))
    }

    /// The server binaries where the tests look for them (see `test_support::postgres`):
    /// `PG_BINDIR`, `pg_config --bindir`'s directory, or Debian's `/usr/lib/postgresql/*/bin`.
    pub(crate) fn postgres_server(&self) -> bool {
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
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path)
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
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

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|output| String::from_utf8_lossy(&output.stdout).trim() == "0")
}
