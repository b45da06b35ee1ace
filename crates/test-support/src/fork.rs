//! Runs code in a forked child process and brings back what it returns, and the two checks
//! every generator makes across a fork: its ids, and its random draws, are not the parent's.
//!
//! The child runs the closure, writes its lines to a pipe and leaves with `_exit` (no
//! destructors, no test-harness code in the child). The parent waits at most `TIMEOUT` for
//! the child: a child that deadlocks fails the test instead of hanging it.

use std::collections::BTreeSet;
use std::fmt::{Debug, Display};
use std::str::FromStr;
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(20);

/// Runs `child` in a forked child process and returns the lines it returned, or an error
/// saying how the child failed (a panic, a crash, or no answer within 20 s).
pub fn in_child(child: impl FnOnce() -> Vec<String>) -> Result<Vec<String>, String> {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors `pipe` writes.
    if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
        return Err("pipe failed".into());
    }
    let (read_fd, write_fd) = (fds[0], fds[1]);
    // SAFETY: the child only runs the closure, writes to its pipe and calls `_exit`.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return Err("fork failed".into());
    }
    if pid == 0 {
        // SAFETY: closing our copy of the read end, in the child.
        unsafe { libc::close(read_fd) };
        let status = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(child)) {
            Ok(lines) => {
                let text = lines.join("\n");
                if write_all(write_fd, text.as_bytes()) {
                    0
                } else {
                    2
                }
            }
            Err(_) => 1,
        };
        // SAFETY: leaves the child at once, running nothing of the parent's.
        unsafe { libc::_exit(status) };
    }
    // SAFETY: closing the parent's copy of the write end, so that EOF arrives.
    unsafe { libc::close(write_fd) };
    let output = read_until_eof(read_fd, pid);
    // SAFETY: `read_fd` is ours and open.
    unsafe { libc::close(read_fd) };
    let mut status = 0;
    // SAFETY: `pid` is our child; `status` is a valid out pointer.
    unsafe { libc::waitpid(pid, &mut status, 0) };
    let output = output?;
    if !libc::WIFEXITED(status) || libc::WEXITSTATUS(status) != 0 {
        return Err(format!("the child failed (wait status {status:#x})"));
    }
    let text = String::from_utf8(output).map_err(|e| e.to_string())?;
    Ok(if text.is_empty() {
        Vec::new()
    } else {
        text.split('\n').map(str::to_owned).collect()
    })
}

/// Runs `burst` in a forked child, then in the parent, which served `before` ahead of the fork:
/// the child's ids, read back from their text, are as many as the parent's, distinct, and none
/// of them is `before` or one of the parent's. Returns the child's ids and the parent's, for
/// checks of their order.
///
/// # Panics
///
/// If any of these does not hold, or the child fails.
pub fn assert_child_shares_no_id<T>(before: T, burst: impl Fn() -> Vec<T>) -> (Vec<T>, Vec<T>)
where
    T: Display + FromStr + Ord + Debug,
    T::Err: Debug,
{
    let texts = in_child(|| burst().iter().map(ToString::to_string).collect())
        .unwrap_or_else(|error| panic!("the child: {error}"));
    let parent = burst();
    let child: Vec<T> = texts
        .iter()
        .map(|text| text.parse().unwrap_or_else(|e| panic!("{text:?}: {e:?}")))
        .collect();
    assert_eq!(
        child.len(),
        parent.len(),
        "ids of the child and of the parent"
    );
    let served: BTreeSet<&T> = parent.iter().chain([&before]).collect();
    let mut seen = BTreeSet::new();
    for id in &child {
        assert!(
            !served.contains(id),
            "{id:?} served in the parent and the child"
        );
        assert!(seen.insert(id), "{id:?} served twice in the child");
    }
    (child, parent)
}

/// Draws with `draw` once, then `n` times in a forked child and `n` times in the parent: the
/// child makes its `n` draws and none is one of the parent's (a random source that the child
/// does not reseed repeats them).
///
/// # Panics
///
/// If a draw repeats, or the child fails.
pub fn assert_draws_differ(n: usize, draw: impl Fn() -> String) {
    let _ = draw();
    let child = in_child(|| (0..n).map(|_| draw()).collect())
        .unwrap_or_else(|error| panic!("the child: {error}"));
    let parent: Vec<String> = (0..n).map(|_| draw()).collect();
    assert_eq!(child.len(), n, "{child:?}");
    assert!(
        child.iter().all(|drawn| !parent.contains(drawn)),
        "{child:?} {parent:?}"
    );
}

fn write_all(fd: i32, mut bytes: &[u8]) -> bool {
    while !bytes.is_empty() {
        // SAFETY: `bytes` is valid for `bytes.len()` bytes.
        let written = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
        if written <= 0 {
            return false;
        }
        bytes = &bytes[written as usize..];
    }
    true
}

/// Reads the pipe to its end, killing the child if it takes longer than `TIMEOUT`.
fn read_until_eof(fd: i32, pid: libc::pid_t) -> Result<Vec<u8>, String> {
    let deadline = Instant::now() + TIMEOUT;
    let mut output = Vec::new();
    let mut buffer = [0u8; 65536];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let mut poll = libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid `pollfd`.
        let ready = unsafe { libc::poll(&mut poll, 1, left.as_millis() as i32) };
        if ready < 0 && interrupted() {
            continue;
        }
        if ready == 0 {
            // SAFETY: `pid` is our child.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            return Err(format!(
                "the child did not finish within {TIMEOUT:?}: deadlock?"
            ));
        }
        // SAFETY: `buffer` is valid for its length.
        let read = unsafe { libc::read(fd, buffer.as_mut_ptr().cast(), buffer.len()) };
        match read {
            0 => return Ok(output),
            n if n > 0 => output.extend_from_slice(&buffer[..n as usize]),
            _ if interrupted() => continue,
            _ => return Err(format!("read failed: {}", std::io::Error::last_os_error())),
        }
    }
}

fn interrupted() -> bool {
    std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted
}
