//! Fork detection: a generation counter that `pthread_atfork` handlers bump in the child.
//!
//! The handlers do a few atomic operations, which are async-signal-safe; all the repair work
//! happens later, in the child, when a sequence or the random source next sees the new
//! generation.

#[cfg(unix)]
use core::sync::atomic::AtomicBool;
use core::sync::atomic::{AtomicU64, Ordering};

static GENERATION: AtomicU64 = AtomicU64::new(0);

/// How many `fork`s lie between the first process that used this crate and this one: 0 in
/// that process, 1 in its children, 2 in their children, and so on.
///
/// A value recorded at one time and compared later tells whether the code now runs in a
/// forked child of the process that recorded it. This is how a Snowflake generator learns
/// that it must refuse to serve: its worker id belongs to the parent.
///
/// Only forks made through the C library's `fork` (which runs `pthread_atfork` handlers)
/// are counted; a raw `clone` system call is not seen. Always 0 where there is no `fork`
/// (Windows, wasm32).
///
/// # Examples
///
/// ```
/// let born = tick_sequence::fork_generation();
/// // ... later, maybe in another process:
/// let forked = tick_sequence::fork_generation() != born;
/// assert!(!forked);
/// ```
#[must_use]
pub fn fork_generation() -> u64 {
    ensure_registered();
    GENERATION.load(Ordering::Acquire)
}

/// The current generation as a lock tag: `(generation + 1) << 1`, even and never 0, so that
/// a lock word of 0 means "never taken" and the low bit is free for "held" (see
/// [`EpochLock`](crate::lock::EpochLock)).
///
/// It does not register the handlers: every user of a tag passes through a cold path that
/// calls [`ensure_registered`] before it keeps any state.
#[inline]
pub(crate) fn tag() -> u64 {
    (GENERATION.load(Ordering::Acquire) + 1) << 1
}

/// Registers the `pthread_atfork` handlers, once per process in the usual case.
///
/// No thread ever waits for another here: a thread that finds the handlers unregistered
/// registers them itself, so a child forked while a parent thread was half-way through has
/// nothing to wait for. Threads racing on first use may register the handlers more than once;
/// the handlers count each fork once however many copies run (see [`fork_prepare`]).
///
/// # Panics
///
/// If `pthread_atfork` fails (it can only run out of memory): serving identifiers without
/// fork detection could repeat them in a child.
#[inline]
pub(crate) fn ensure_registered() {
    #[cfg(unix)]
    if !REGISTERED.load(Ordering::Acquire) {
        register();
    }
}

#[cfg(unix)]
static REGISTERED: AtomicBool = AtomicBool::new(false);

/// Forks under way in this process, as counted by the copies of [`fork_prepare`] that ran;
/// a child sees a non-zero count in its copy of memory.
#[cfg(unix)]
static FORKING: AtomicU64 = AtomicU64::new(0);

#[cfg(unix)]
#[cold]
#[inline(never)]
fn register() {
    #[allow(unsafe_code)]
    // SAFETY: the handlers are `extern "C" fn()` with no captured state that only perform
    // atomic operations; they are valid for the life of the process.
    let status =
        unsafe { libc::pthread_atfork(Some(fork_prepare), Some(fork_parent), Some(fork_child)) };
    assert!(
        status == 0,
        "tick-sequence: pthread_atfork failed with status {status}"
    );
    REGISTERED.store(true, Ordering::Release);
}

/// Before the fork, in the parent: one more fork under way (once per registered copy).
#[cfg(unix)]
extern "C" fn fork_prepare() {
    FORKING.fetch_add(1, Ordering::AcqRel);
}

/// After the fork, in the parent: that fork is done.
#[cfg(unix)]
extern "C" fn fork_parent() {
    FORKING.fetch_sub(1, Ordering::AcqRel);
}

/// After the fork, in the child: a new generation, once however many copies are registered
/// (the first copy to run clears the count the others would see).
#[cfg(unix)]
extern "C" fn fork_child() {
    if FORKING.swap(0, Ordering::AcqRel) != 0 {
        GENERATION.fetch_add(1, Ordering::AcqRel);
    }
}
