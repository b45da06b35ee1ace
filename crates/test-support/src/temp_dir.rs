//! A directory of a test's own, removed with what it holds when dropped: for files a test
//! makes (certificates, configurations) that no server owns.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// A new, empty directory under the system's temporary directory, removed when dropped.
///
/// ```
/// let dir = test_support::temp_dir::TempDir::new("example");
/// std::fs::write(dir.path().join("file"), "text").unwrap();
/// let path = dir.path().to_path_buf();
/// drop(dir);
/// assert!(!path.exists());
/// ```
#[derive(Debug)]
pub struct TempDir(PathBuf);

impl TempDir {
    /// A directory named after `name`, this process and the time: tests running at once never
    /// share one.
    ///
    /// # Panics
    ///
    /// If the directory cannot be created; the message names it.
    pub fn new(name: &str) -> TempDir {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos());
        let dir =
            std::env::temp_dir().join(format!("identifier-{name}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .unwrap_or_else(|error| panic!("creating {}: {error}", dir.display()));
        TempDir(dir)
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
