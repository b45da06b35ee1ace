//! What the throwaway servers share (`postgres`, `mariadb`): a directory of their own, in
//! memory when there is room, owned by the server's user when the tests run as root; and the
//! output of the programs they run, for messages.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Whether the tests run as root, where the servers refuse to run and take a user of their own.
pub(crate) fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// Gives `dir` to `user` (and its group), which the Debian package `package` creates.
///
/// # Panics
///
/// If chown cannot run or fails; the message names the user and the package.
pub(crate) fn chown(dir: &Path, user: &str, package: &str) {
    let output = Command::new("chown")
        .args([format!("{user}:{user}").as_str(), path_str(dir)])
        .output()
        .unwrap_or_else(|error| panic!("could not run chown: {error}"));
    assert!(
        output.status.success(),
        "running as root, the server's directory must belong to the `{user}` user (which the \
         Debian package `{package}` creates): {}",
        text(&output)
    );
}

/// Where a server goes: `/dev/shm` when it is a directory with at least `needed` bytes free,
/// otherwise the system's temporary directory (a container's `/dev/shm` of 64 MiB holds no
/// server's files).
pub(crate) fn scratch_parent(needed: u64) -> PathBuf {
    let memory = Path::new("/dev/shm");
    match free_bytes(memory) {
        Some(free) if free >= needed => memory.to_path_buf(),
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

/// A new directory `identifier-<kind>-…` under `parent`, its name short enough for a socket's
/// path in it to fit a Unix socket address (107 bytes).
pub(crate) fn new_temp_dir(parent: &Path, kind: &str) -> PathBuf {
    // Servers made within a moment (a primary and its replica): the count keeps them apart.
    static MADE: AtomicU32 = AtomicU32::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos());
    let dir = parent.join(format!(
        "identifier-{kind}-{}-{nanos}-{}",
        std::process::id(),
        MADE.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir(&dir).unwrap_or_else(|error| {
        panic!(
            "creating the server's temporary directory {}: {error}",
            dir.display()
        )
    });
    dir
}

/// A temporary path as text, for a program's arguments.
pub(crate) fn path_str(path: &Path) -> &str {
    path.to_str().expect("temporary paths are UTF-8")
}

/// A program's standard output and error, for a message.
pub(crate) fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}
