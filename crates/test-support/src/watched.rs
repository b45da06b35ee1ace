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

    /// Kills the process (`SIGKILL`), as a crash would, and reaps it. A process that ended on
    /// its own first keeps its exit status and is not [`killed`](Self::killed).
    ///
    /// # Panics
    ///
    /// If it cannot be waited for.
    pub fn kill(&mut self) {
        if self.status.is_some() {
            return;
        }
        // Killing a process that has ended but is not yet reaped does nothing: its status
        // tells which came first.
        let _ = self.child.kill();
        let status = self.child.wait().expect("the child can be waited for");
        self.killed = ended_by_a_signal(status);
        self.status = Some(status);
    }
}

/// Whether `status` is that of a process ended by a signal (on Unix; elsewhere, where an exit
/// status does not tell, by the kill).
fn ended_by_a_signal(status: ExitStatus) -> bool {
    !cfg!(unix) || status.code().is_none()
}

impl Drop for Watched {
    fn drop(&mut self) {
        if self.status.is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::Watched;
    use std::process::Command;

    /// A child that ended on its own before the kill keeps its own exit status and is not
    /// counted as killed: a chaos test would take its exit for a kill's.
    #[test]
    fn a_child_that_ended_before_the_kill_was_not_killed() {
        let mut ended = Watched::new(Command::new("true").spawn().unwrap());
        // Not polled: it has ended, and is not yet reaped, when the kill comes.
        while std::fs::read_to_string(format!("/proc/{}/stat", ended.child.id()))
            .is_ok_and(|stat| !stat.contains(") Z "))
        {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        ended.kill();
        assert!(!ended.killed, "{:?}", ended.status);
        assert!(ended.status.is_some_and(|status| status.success()));
    }
}
