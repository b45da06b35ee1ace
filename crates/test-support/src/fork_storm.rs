//! Forks again and again while threads generate: a child must neither hang nor repeat an id.
//!
//! A child of a multi-threaded process gets a copy of memory taken at an arbitrary instant:
//! a lock may be held, or have waiters queued, by threads that do not exist in the child.
//! [`fork_while_generating`] keeps [`THREADS`] threads generating (more threads than cores,
//! so some are always waiting for the lock), forks [`FORKS`] children from the main thread
//! meanwhile, and has each child generate a few ids under an `alarm`: a child that hangs is
//! killed by `SIGALRM` and counted. Then it checks that no child id was also served to the
//! parent. [`Storm`] sets the number of forks, how long the threads run before the first
//! one (none: the forks fall on the process's first calls), and the function that forks.
//!
//! The child does nothing but call the generator, write raw bytes to a pipe and `_exit`: no
//! allocation, no lock of the test harness.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// Threads generating in the parent while it forks.
pub const THREADS: usize = 8;
/// Children forked per storm of the engine, whose lock and reset every format shares.
pub const FORKS: usize = 200;
/// Children forked per storm of a format: it checks the format's packing over the engine,
/// whose full storms are [`FORKS`] long.
pub const FORMAT_FORKS: usize = 20;
/// Seconds a child may take before `SIGALRM` kills it.
pub const CHILD_DEADLINE_S: u32 = 5;
/// Ids each parent thread records at most; it stops there.
const RECORDED: usize = 1 << 21;
/// Ids a child may return.
pub const CHILD_IDS: usize = 8;

/// What happened to the children of one storm.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Children forked.
    pub forks: usize,
    /// Children killed by the deadline: they hung.
    pub hung: usize,
    /// Children that exited otherwise than with status 0 (a wrong answer, or a crash), with
    /// their wait status.
    pub failed: Vec<i32>,
    /// Ids a child served that the parent served too.
    pub shared: usize,
    /// Ids the children served, in all.
    pub child_ids: usize,
    /// Ids the parent's threads served while the storm lasted.
    pub parent_ids: usize,
}

impl Outcome {
    /// One line, for a storm run in another process (see [`crate::fresh`]).
    #[must_use]
    pub fn to_line(&self) -> String {
        format!(
            "storm forks={} hung={} failed={} shared={} child_ids={} parent_ids={}",
            self.forks,
            self.hung,
            self.failed.len(),
            self.shared,
            self.child_ids,
            self.parent_ids
        )
    }

    /// Reads back the line [`to_line`](Self::to_line) wrote, from a process's output; a failed
    /// child counts with wait status -1.
    #[must_use]
    pub fn from_output(output: &str) -> Option<Outcome> {
        // The test harness may print on the same line before it.
        let line = output
            .lines()
            .find_map(|line| line.find("storm forks=").map(|at| &line[at + 6..]))?;
        let mut outcome = Outcome::default();
        for field in line.split(' ') {
            let (name, value) = field.split_once('=')?;
            let value: usize = value.parse().ok()?;
            match name {
                "forks" => outcome.forks = value,
                "hung" => outcome.hung = value,
                "failed" => outcome.failed = vec![-1; value],
                "shared" => outcome.shared = value,
                "child_ids" => outcome.child_ids = value,
                "parent_ids" => outcome.parent_ids = value,
                _ => return None,
            }
        }
        Some(outcome)
    }

    /// Adds another storm's outcome to this one.
    pub fn add(&mut self, other: Outcome) {
        self.forks += other.forks;
        self.hung += other.hung;
        self.failed.extend(other.failed);
        self.shared += other.shared;
        self.child_ids += other.child_ids;
        self.parent_ids += other.parent_ids;
    }
}

/// How a storm forks.
#[derive(Clone, Copy, Debug)]
pub struct Storm {
    /// Children forked.
    pub forks: usize,
    /// How long the threads generate before the first fork.
    pub settle: Duration,
    /// The function that forks: `fork`, or one that runs no `pthread_atfork` handler.
    pub fork: unsafe extern "C" fn() -> libc::pid_t,
}

impl Default for Storm {
    /// [`FORKS`] forks by `fork`, once every thread has reached its loop (20 ms).
    fn default() -> Self {
        Storm {
            forks: FORKS,
            settle: Duration::from_millis(20),
            fork: libc::fork,
        }
    }
}

impl Storm {
    /// A storm of a format: [`FORMAT_FORKS`] forks, as the default otherwise.
    #[must_use]
    pub fn of_a_format() -> Storm {
        Storm {
            forks: FORMAT_FORKS,
            ..Storm::default()
        }
    }

    /// Forks at once, on the process's first calls: `forks` children, no settling.
    #[must_use]
    pub fn at_first_use(forks: usize) -> Storm {
        Storm {
            forks,
            settle: Duration::ZERO,
            fork: libc::fork,
        }
    }
}

/// [`Storm::run`] with the default storm.
pub fn fork_while_generating<P, C>(parent: P, child: C) -> Outcome
where
    P: Fn(&mut Vec<u128>) + Sync,
    C: Fn(&mut [u128; CHILD_IDS]) -> Result<usize, &'static str>,
{
    Storm::default().run(parent, child)
}

impl Storm {
    /// Runs one storm and returns its outcome.
    ///
    /// `parent` is called in a loop by each of [`THREADS`] threads; it appends the ids it served,
    /// as `u128`, in the order it served them (one id, or a batch). `child` runs in each forked
    /// child: it writes at most [`CHILD_IDS`] ids into the array and returns how many, or `Err`
    /// with a reason (the child then exits with status 3, which counts as a failure).
    ///
    /// # Panics
    ///
    /// If `pipe` or `fork` fails, or a parent thread's ids do not strictly increase.
    pub fn run<P, C>(&self, parent: P, child: C) -> Outcome
    where
        P: Fn(&mut Vec<u128>) + Sync,
        C: Fn(&mut [u128; CHILD_IDS]) -> Result<usize, &'static str>,
    {
        // One storm at a time in a test binary: two at once would share the two cores and slow
        // every fork down.
        static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
        let _storm = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
        let stop = AtomicBool::new(false);
        let (streams, children) = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..THREADS)
                .map(|_| {
                    scope.spawn(|| {
                        let mut ids = Vec::with_capacity(RECORDED);
                        while !stop.load(Ordering::Relaxed) && ids.len() < RECORDED - 64 {
                            parent(&mut ids);
                        }
                        ids
                    })
                })
                .collect();
            // Let every worker reach its loop, so that the lock is contended from the first fork.
            std::thread::sleep(self.settle);
            let children: Vec<_> = (0..self.forks)
                .map(|_| spawn_child(self.fork, &child))
                .collect();
            stop.store(true, Ordering::Relaxed);
            let streams: Vec<Vec<u128>> = workers.into_iter().map(|w| w.join().unwrap()).collect();
            (streams, children)
        });

        let mut outcome = Outcome {
            forks: self.forks,
            ..Outcome::default()
        };
        for (thread, stream) in streams.iter().enumerate() {
            if let Some(at) = crate::generated::first_out_of_order(stream) {
                panic!("parent thread {thread}: id {at} is not below the next one");
            }
            outcome.parent_ids += stream.len();
        }
        for (pid, read_fd) in children {
            let (ids, status) = collect_child(pid, read_fd);
            if libc::WIFSIGNALED(status) && libc::WTERMSIG(status) == libc::SIGALRM {
                outcome.hung += 1;
            } else if !libc::WIFEXITED(status) || libc::WEXITSTATUS(status) != 0 {
                outcome.failed.push(status);
            }
            outcome.child_ids += ids.len();
            // Each parent stream is sorted: a binary search per stream and id.
            outcome.shared += ids
                .iter()
                .filter(|id| streams.iter().any(|s| s.binary_search(id).is_ok()))
                .count();
        }
        outcome
    }
}

/// Forks one child that runs `child` under the deadline and writes its ids to a pipe.
fn spawn_child<C>(fork: unsafe extern "C" fn() -> libc::pid_t, child: &C) -> (libc::pid_t, i32)
where
    C: Fn(&mut [u128; CHILD_IDS]) -> Result<usize, &'static str>,
{
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors `pipe` writes.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0, "pipe failed");
    let (read_fd, write_fd) = (fds[0], fds[1]);
    // SAFETY: the child only calls `alarm`, the generator, `write` and `_exit`.
    let pid = unsafe { fork() };
    assert!(pid >= 0, "fork failed");
    if pid == 0 {
        // SAFETY: async-signal-safe calls on descriptors and a buffer this child owns.
        unsafe {
            libc::alarm(CHILD_DEADLINE_S);
            libc::close(read_fd);
            let mut ids = [0u128; CHILD_IDS];
            let status = match child(&mut ids) {
                Ok(n) => {
                    let n = n.min(CHILD_IDS);
                    let bytes = n * 16;
                    let written = libc::write(write_fd, ids.as_ptr().cast(), bytes);
                    if written == bytes as isize { 0 } else { 2 }
                }
                Err(_) => 3,
            };
            libc::_exit(status);
        }
    }
    // SAFETY: the parent's copy of the write end; closing it lets EOF arrive.
    unsafe { libc::close(write_fd) };
    (pid, read_fd)
}

/// The ids a child wrote (at most [`CHILD_IDS`], one atomic pipe write) and its wait status.
fn collect_child(pid: libc::pid_t, read_fd: i32) -> (Vec<u128>, i32) {
    let mut ids = [0u128; CHILD_IDS];
    let mut read = 0usize;
    loop {
        // SAFETY: the buffer has `CHILD_IDS * 16 - read` bytes left after `read`.
        let n = unsafe {
            libc::read(
                read_fd,
                ids.as_mut_ptr().cast::<u8>().add(read).cast(),
                CHILD_IDS * 16 - read,
            )
        };
        if n > 0 {
            read += n as usize;
            continue;
        }
        if n < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        break;
    }
    let mut status = 0;
    // SAFETY: `read_fd` is ours; `pid` is our child and `status` a valid out pointer.
    unsafe {
        libc::close(read_fd);
        libc::waitpid(pid, &mut status, 0);
    }
    (ids[..read / 16].to_vec(), status)
}

/// Asserts the outcome of a storm: no child hung or failed, every child served ids (unless
/// `children_serve` is false, for a generator that must refuse in a child), and no id was
/// served twice.
///
/// # Panics
///
/// When any of these does not hold, with the whole outcome in the message.
pub fn assert_survived(outcome: &Outcome, children_serve: bool) {
    let expected_ids = if children_serve { outcome.forks } else { 0 };
    assert!(
        outcome.hung == 0
            && outcome.failed.is_empty()
            && outcome.shared == 0
            && (outcome.child_ids >= expected_ids)
            && (children_serve || outcome.child_ids == 0),
        "{} forks while {THREADS} threads generated: {outcome:?}",
        outcome.forks
    );
}

/// A storm of a format ([`Storm::of_a_format`]) over a process-wide generator: the parent's
/// threads and the children call `generate`, and `key` turns an id into the `u128` that orders
/// and identifies it. Asserts [`assert_survived`].
///
/// # Panics
///
/// As [`assert_survived`], or if `generate` fails in a child.
pub fn assert_generate_survives<T, E>(
    generate: impl Fn() -> Result<T, E> + Sync,
    key: fn(T) -> u128,
) {
    let outcome = Storm::of_a_format().run(
        |ids| match generate() {
            Ok(id) => ids.push(key(id)),
            Err(_) => panic!("the parent could not generate"),
        },
        |out| {
            for slot in out.iter_mut() {
                *slot = key(generate().map_err(|_| "the child could not generate")?);
            }
            Ok(CHILD_IDS)
        },
    );
    assert_survived(&outcome, true);
}

/// A storm of a format over a process-wide generator's batches: the parent's threads fill batches of 16,
/// the children one of [`CHILD_IDS`]; `nil` fills the buffers first. Asserts
/// [`assert_survived`].
///
/// # Panics
///
/// As [`assert_survived`], or if `fill` fails in a child.
pub fn assert_fill_survives<T: Copy + Sync, E>(
    fill: impl Fn(&mut [T]) -> Result<(), E> + Sync,
    key: fn(T) -> u128,
    nil: T,
) {
    let outcome = Storm::of_a_format().run(
        |ids| {
            let mut batch = [nil; 16];
            if fill(&mut batch).is_err() {
                panic!("the parent could not fill");
            }
            ids.extend(batch.map(key));
        },
        |out| {
            let mut batch = [nil; CHILD_IDS];
            fill(&mut batch).map_err(|_| "the child could not fill")?;
            *out = batch.map(key);
            Ok(CHILD_IDS)
        },
    );
    assert_survived(&outcome, true);
}

/// [`assert_generate_survives`], then [`assert_fill_survives`]: the two storms of a format whose
/// process-wide generator serves single ids and batches.
///
/// # Panics
///
/// As the two.
pub fn assert_generate_and_fill_survive<T: Copy + Sync, E>(
    generate: impl Fn() -> Result<T, E> + Sync,
    fill: impl Fn(&mut [T]) -> Result<(), E> + Sync,
    key: fn(T) -> u128,
    nil: T,
) {
    assert_generate_survives(generate, key);
    assert_fill_survives(fill, key, nil);
}
