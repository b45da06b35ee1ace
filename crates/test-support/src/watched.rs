//! A child process of a chaos test, watched until it ends: its exit status once it has one,
//! and whether the test killed it, for the report of every process at the end.

use std::process::{Child, ExitStatus};

/// A child process, its exit status once reaped, and whether the test killed it. Dropped
/// while it runs (a test that failed midway), it is killed and reaped: a stopped child would
/// otherwise stay forever.
///
/// ```
/// use std::process::Command;
///
/// let mut sleeper = test_support::watched::Watched::new(Command::new("sleep").arg("60").spawn()?);
/// sleeper.poll();
/// assert!(sleeper.running());
/// sleeper.kill();
/// assert!(!sleeper.running() && sleeper.killed);
/// assert!(!sleeper.status.is_some_and(|status| status.success()));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Watched {
    /// The process.
    pub child: Child,
    /// Its exit status, once reaped.
    pub status: Option<ExitStatus>,
    /// Whether [`kill`](Self::kill) ended it.
    pub killed: bool,
}

impl Watched {
    /// Watches `child`, running.
    pub fn new(child: Child) -> Watched {
        Watched {
            child,
            status: None,
            killed: false,
        }
    }

    /// Not yet reaped: running, stopped, or ended since the last [`poll`](Self::poll).
    pub fn running(&self) -> bool {
        self.status.is_none()
    }

    /// Reaps the process if it has ended.
    ///
    /// # Panics
    ///
    /// If it cannot be waited for.
    pub fn poll(&mut self) {
        if self.status.is_none() {
            self.status = self.child.try_wait().expect("the child can be waited for");
        }
    }

    /// Kills the process (`SIGKILL`), as a crash would, and reaps it.
    ///
    /// # Panics
    ///
    /// If it cannot be waited for.
    pub fn kill(&mut self) {
        // A child that ended on its own since the last poll is reaped all the same.
        let _ = self.child.kill();
        self.killed = true;
        self.status = Some(self.child.wait().expect("the child can be waited for"));
    }
}

impl Drop for Watched {
    fn drop(&mut self) {
        if self.status.is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
