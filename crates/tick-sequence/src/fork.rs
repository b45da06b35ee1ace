//! Fork detection: a generation counter that a `pthread_atfork` child handler bumps.
//!
//! The handler does one atomic increment, which is async-signal-safe; all the repair work
//! happens later, in the child, when a sequence or the random source next sees the new
//! generation.

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
/// (Windows).
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

/// The current generation, encoded so that 0 means "never used" and the low bit is free for
/// a "being reset" mark: `(generation + 1) << 1`.
///
/// It does not register the handler: every user of an epoch passes through a cold path that
/// calls [`ensure_registered`] before it keeps any state.
#[inline]
pub(crate) fn epoch() -> u64 {
    (GENERATION.load(Ordering::Acquire) + 1) << 1
}

/// Registers the child handler once per process.
///
/// # Panics
///
/// If `pthread_atfork` fails (it can only run out of memory): serving identifiers without
/// fork detection could repeat them in a child.
pub(crate) fn ensure_registered() {
    #[cfg(unix)]
    {
        static REGISTER: std::sync::Once = std::sync::Once::new();
        REGISTER.call_once(|| {
            #[allow(unsafe_code)]
            // SAFETY: `bump_generation` is an `extern "C" fn()` with no captured state that
            // only performs an atomic add; it is valid for the life of the process.
            let status = unsafe { libc::pthread_atfork(None, None, Some(bump_generation)) };
            assert!(
                status == 0,
                "tick-sequence: pthread_atfork failed with status {status}"
            );
        });
    }
}

#[cfg(unix)]
extern "C" fn bump_generation() {
    GENERATION.fetch_add(1, Ordering::AcqRel);
}
