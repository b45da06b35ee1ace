//! Fork detection: the fork epoch of this process, published in memory that a forked child
//! does not inherit.
//!
//! Every lock word and thread-local generator of this crate is tagged with the epoch it was
//! last used in ([`tag`]). The epoch is *published* in one word, the marker, and nothing is
//! tagged before the marker holds an epoch: the first use in a process publishes it before it
//! takes any lock. A child of `fork` finds the marker zero and publishes a new epoch, above
//! every epoch its copy of memory can hold, so every lock word and generator it inherited
//! reads as older and is reset at its next use.
//!
//! Where the marker lives decides which forks are seen:
//!
//! - **Linux 4.14 and later:** in a page advised `MADV_WIPEONFORK`. The kernel hands the child
//!   that page zeroed, whatever created the child (`fork`, glibc's `_Fork`, a raw `clone`
//!   without `CLONE_VM`) and whatever ran in it first (another library's `pthread_atfork`
//!   handler included).
//! - **Elsewhere on Unix** (another Unix, an older kernel, a sandbox that refuses the advice):
//!   in a static word that a `pthread_atfork` child handler zeroes. Forks that run no handlers
//!   (`_Fork`, a raw `clone`) are not seen, and a handler registered before this crate's first
//!   use runs before this one in the child, so an id it generates there continues the
//!   parent's sequence.
//! - **Under Miri**, which runs no `fork`: the static word, without a handler.
//! - **Without `fork`** (Windows, wasm32): a constant epoch.
//!
//! The first use runs no lock and waits for no thread: threads racing on it may each draw an
//! epoch number, one of them is published, and a fork at any point of it leaves a child that
//! publishes its own.

use core::fmt;
#[cfg(unix)]
use core::sync::atomic::{AtomicPtr, AtomicU8, AtomicU64, Ordering};

/// Epoch numbers handed out in this process and its ancestors: above every epoch published
/// here, because a number is drawn before it is published. A child's copy is therefore above
/// every epoch its memory can hold.
#[cfg(unix)]
static NEXT: AtomicU64 = AtomicU64::new(0);

/// Read before the marker is chosen: always 0, so the first [`tag`] takes the slow path.
#[cfg(unix)]
static UNSET: AtomicU64 = AtomicU64::new(0);

/// The marker where `madvise` refuses: zeroed in the child by [`fork_child`].
#[cfg(unix)]
static FALLBACK: AtomicU64 = AtomicU64::new(0);

/// Why the first use took [`FALLBACK`]: [`NO_PAGE_MAPPED`] or [`ADVICE_REFUSED`], 0 until then.
#[cfg(unix)]
static FALLBACK_REASON: AtomicU8 = AtomicU8::new(0);
#[cfg(unix)]
const NO_PAGE_MAPPED: u8 = 1;
#[cfg(unix)]
const ADVICE_REFUSED: u8 = 2;

/// The marker: [`UNSET`] until the first use chooses a page or [`FALLBACK`], then fixed for
/// the life of the process (and inherited by its children, whose copy of the page is zero).
#[cfg(unix)]
static MARKER: AtomicPtr<AtomicU64> = AtomicPtr::new(core::ptr::addr_of!(UNSET).cast_mut());

/// This process's place in a line of forks: 0 in the first process that used this crate, and
/// in a forked child a number above that of every ancestor that had used this crate before it
/// forked (in practice 1 in its children, 2 in their children, and so on).
///
/// A value recorded at one time and compared later tells whether the code now runs in a
/// process forked from the one that recorded it. This is how a Snowflake generator learns
/// that it must refuse to serve: its worker id belongs to the parent.
///
/// Which forks are seen depends on the platform (see the [crate documentation](crate#fork)):
/// on Linux every child, however it was created; elsewhere on Unix, children created by the C
/// library's `fork`. Compare values, never count on consecutive ones: threads racing on a
/// process's first use may skip a number. Always 0 where there is no `fork` (Windows, wasm32).
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
#[inline]
pub fn fork_generation() -> u64 {
    (tag() >> 1) - 1
}

/// How this process learns that it is a forked child: the marker its first use of the
/// engine chose, fixed for the life of the process. What each way sees is in the [crate
/// documentation](crate#fork); `Display` says it in one line, and every format's `Policy`
/// reports it.
///
/// ```
/// use tick_sequence::ForkDetection;
///
/// let _ = tick_sequence::fork_generation(); // the first use chooses
/// let detection = tick_sequence::fork_detection();
/// # #[cfg(all(target_os = "linux", not(miri)))]
/// assert_eq!(detection, ForkDetection::WipeOnForkPage);
/// println!("{detection}");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ForkDetection {
    /// Nothing in this process has used the engine yet: the first use chooses.
    NotChosen,
    /// A page advised `MADV_WIPEONFORK` (Linux 4.14 and later), which the kernel hands a
    /// child zeroed: every child is seen, however it was created.
    WipeOnForkPage,
    /// The `pthread_atfork` fallback: only children of the C library's `fork` are seen, once
    /// the handlers registered before this crate's have run. A child made by `_Fork` or a
    /// raw `clone` is not: it continues the parent's sequences, repeating their ids, and may
    /// wait forever on a lock that a thread of the parent held.
    AtForkHandler {
        /// Why the page was not used.
        reason: FallbackReason,
    },
    /// No `fork` on this target (Windows, wasm32), or none under Miri.
    NoFork,
}

/// Why [`ForkDetection::AtForkHandler`] was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FallbackReason {
    /// The page could not be mapped at the first use: a tight `RLIMIT_AS`, or memory
    /// exhausted at that moment.
    NoPageMapped,
    /// The kernel refused `MADV_WIPEONFORK` (before Linux 4.14, or a sandbox that filters
    /// it), or this is not Linux.
    AdviceRefused,
}

/// One line: `a wipe-on-fork page: every child is seen`.
impl fmt::Display for ForkDetection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ForkDetection::NotChosen => f.write_str("not chosen yet (chosen at the first id)"),
            ForkDetection::WipeOnForkPage => {
                f.write_str("a wipe-on-fork page: every forked child is seen")
            }
            ForkDetection::AtForkHandler { reason } => {
                let why = match reason {
                    FallbackReason::NoPageMapped => "no page could be mapped at the first use",
                    FallbackReason::AdviceRefused => "the kernel offers no wipe-on-fork page",
                };
                write!(
                    f,
                    "the pthread_atfork fallback ({why}): children of fork are seen, those of \
                     _Fork or a raw clone are not"
                )
            }
            ForkDetection::NoFork => f.write_str("none needed: no fork on this target"),
        }
    }
}

/// How this process detects a fork: see [`ForkDetection`].
///
/// ```
/// println!("fork detection: {}", tick_sequence::fork_detection());
/// ```
#[must_use]
pub fn fork_detection() -> ForkDetection {
    #[cfg(all(unix, not(miri)))]
    {
        let marker = MARKER.load(Ordering::Acquire);
        if marker == core::ptr::addr_of!(UNSET).cast_mut() {
            ForkDetection::NotChosen
        } else if marker == core::ptr::addr_of!(FALLBACK).cast_mut() {
            let reason = match FALLBACK_REASON.load(Ordering::Relaxed) {
                NO_PAGE_MAPPED => FallbackReason::NoPageMapped,
                _ => FallbackReason::AdviceRefused,
            };
            ForkDetection::AtForkHandler { reason }
        } else {
            ForkDetection::WipeOnForkPage
        }
    }
    #[cfg(not(all(unix, not(miri))))]
    {
        ForkDetection::NoFork
    }
}

/// The current epoch as a lock tag: `(generation + 1) << 1`, even and never 0, so that a lock
/// word of 0 means "never taken" and the low bit is free for "held" (see
/// [`EpochLock`](crate::lock::EpochLock)).
///
/// Publishes the epoch first if this process has none yet (its first use, or its first use
/// after a fork), so every tag a caller sees is one it can keep state under.
#[cfg(unix)]
#[inline(always)]
pub(crate) fn tag() -> u64 {
    let marker = MARKER.load(Ordering::Acquire);
    // SAFETY: the marker points to one of this module's statics or to a page that is never
    // unmapped, all valid `AtomicU64`s for the life of the process.
    #[allow(unsafe_code)]
    let tag = unsafe { &*marker }.load(Ordering::Acquire);
    debug_assert!(tag & 1 == 0, "a published tag is even");
    if tag != 0 { tag } else { publish() }
}

#[cfg(not(unix))]
#[inline(always)]
pub(crate) fn tag() -> u64 {
    2
}

/// The slow path of [`tag`]: chooses the marker on a process's first use, then publishes an
/// epoch in it unless another thread has just done so.
#[cfg(unix)]
#[cold]
#[inline(never)]
fn publish() -> u64 {
    fork_point(Step::Start);
    let marker = marker();
    fork_point(Step::MarkerChosen);
    let generation = NEXT.fetch_add(1, Ordering::AcqRel);
    fork_point(Step::NumberDrawn);
    let tag = (generation + 1) << 1;
    let published = match marker.compare_exchange(0, tag, Ordering::AcqRel, Ordering::Acquire) {
        Ok(_) => tag,
        Err(current) => current,
    };
    fork_point(Step::Published);
    published
}

/// The marker of this process, chosen on its first use: a wipe-on-fork page where the kernel
/// offers one, else [`FALLBACK`] with the `pthread_atfork` handler registered (before any
/// epoch is published in it, so no fork after that is missed).
#[cfg(unix)]
fn marker() -> &'static AtomicU64 {
    let unset = core::ptr::addr_of!(UNSET).cast_mut();
    let current = MARKER.load(Ordering::Acquire);
    if current != unset {
        // SAFETY: as in `tag`.
        #[allow(unsafe_code)]
        return unsafe { &*current };
    }
    let chosen = wipe_on_fork_page().unwrap_or_else(|| {
        register_fork_child();
        core::ptr::addr_of!(FALLBACK).cast_mut()
    });
    fork_point(Step::PageMapped);
    let marker = match MARKER.compare_exchange(unset, chosen, Ordering::AcqRel, Ordering::Acquire) {
        Ok(_) => chosen,
        Err(theirs) => {
            // Another thread chose first; a page of ours is not needed.
            release_page(chosen);
            theirs
        }
    };
    // SAFETY: as in `tag`.
    #[allow(unsafe_code)]
    unsafe {
        &*marker
    }
}

/// A zeroed page that a forked child gets zeroed again, or `None` where the kernel refuses
/// `MADV_WIPEONFORK` (before Linux 4.14, or under a sandbox that filters it).
#[cfg(all(target_os = "linux", not(miri)))]
fn wipe_on_fork_page() -> Option<*mut AtomicU64> {
    #[cfg(all(test, not(loom)))]
    if tests::FALLBACK_ONLY.load(Ordering::Relaxed) {
        return None;
    }
    // SAFETY: sysconf has no preconditions.
    #[allow(unsafe_code)]
    let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096);
    // SAFETY: a new private anonymous mapping, aliasing nothing.
    #[allow(unsafe_code)]
    let address = unsafe {
        libc::mmap(
            core::ptr::null_mut(),
            page,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    if address == libc::MAP_FAILED {
        // A tight RLIMIT_AS, or memory exhausted at that moment.
        FALLBACK_REASON.store(NO_PAGE_MAPPED, Ordering::Relaxed);
        return None;
    }
    fork_point(Step::PageAdvised);
    // SAFETY: `address` is the start of the `page` bytes just mapped.
    #[allow(unsafe_code)]
    if unsafe { libc::madvise(address, page, libc::MADV_WIPEONFORK) } != 0 {
        // SAFETY: the mapping is ours and nothing refers to it.
        #[allow(unsafe_code)]
        unsafe {
            libc::munmap(address, page)
        };
        FALLBACK_REASON.store(ADVICE_REFUSED, Ordering::Relaxed);
        return None;
    }
    // A fresh anonymous page is zeroed and aligned to a page, so it holds a valid AtomicU64 of
    // value 0 at its start.
    Some(address.cast())
}

#[cfg(any(all(unix, not(target_os = "linux")), miri))]
fn wipe_on_fork_page() -> Option<*mut AtomicU64> {
    FALLBACK_REASON.store(ADVICE_REFUSED, Ordering::Relaxed);
    None
}

/// Unmaps a page that lost the race to be the marker (never the fallback word).
#[cfg(unix)]
fn release_page(chosen: *mut AtomicU64) {
    #[cfg(all(target_os = "linux", not(miri)))]
    if chosen != core::ptr::addr_of!(FALLBACK).cast_mut() {
        // SAFETY: as in `wipe_on_fork_page`.
        #[allow(unsafe_code)]
        let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096);
        // SAFETY: the page was mapped by this thread and was never published.
        #[allow(unsafe_code)]
        unsafe {
            libc::munmap(chosen.cast(), page)
        };
    }
    #[cfg(any(not(target_os = "linux"), miri))]
    let _ = chosen;
}

/// Registers [`fork_child`]. Threads racing on the first use may each register it; running it
/// twice in a child does what running it once does.
///
/// # Panics
///
/// If `pthread_atfork` fails (it can only run out of memory): serving identifiers without
/// fork detection could repeat them in a child.
#[cfg(all(unix, not(miri)))]
fn register_fork_child() {
    // SAFETY: the handler is an `extern "C" fn()` without state that only stores to an atomic;
    // it is valid for the life of the process.
    #[allow(unsafe_code)]
    let status = unsafe { libc::pthread_atfork(None, None, Some(fork_child)) };
    assert!(
        status == 0,
        "tick-sequence: pthread_atfork failed with status {status}"
    );
}

/// Miri runs no `fork`: the fallback marker is used without a handler.
#[cfg(miri)]
fn register_fork_child() {}

/// After a fork, in the child: the fallback marker is cleared (an atomic store, which is
/// async-signal-safe); the next use publishes the child's epoch.
#[cfg(all(unix, not(miri)))]
extern "C" fn fork_child() {
    FALLBACK.store(0, Ordering::Release);
}

/// The points of the first use between which a test forks (see `tests::first_use`).
#[cfg(unix)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u32)]
pub(crate) enum Step {
    Start = 1,
    // Only Linux has `MADV_WIPEONFORK` to advise.
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    PageAdvised,
    PageMapped,
    MarkerChosen,
    NumberDrawn,
    Published,
}

#[cfg(unix)]
impl Step {
    #[cfg(all(test, target_os = "linux", not(miri), not(loom)))]
    pub(crate) const ALL: [Step; 6] = [
        Step::Start,
        Step::PageAdvised,
        Step::PageMapped,
        Step::MarkerChosen,
        Step::NumberDrawn,
        Step::Published,
    ];
}

/// Nothing outside this crate's own tests.
#[cfg(all(unix, not(all(test, target_os = "linux", not(miri), not(loom)))))]
#[inline(always)]
fn fork_point(_: Step) {}

#[cfg(all(test, target_os = "linux", not(miri), not(loom)))]
fn fork_point(step: Step) {
    tests::fork_point(step);
}

#[cfg(all(test, target_os = "linux", not(miri), not(loom)))]
mod tests {
    //! A fork between any two steps of a process's first use, in fresh processes: the test
    //! runs this binary again once per step, with the step in `FORK_AT_STEP`, and that
    //! process forks from inside the first use when it reaches the step.

    use super::Step;
    use std::process::Command;
    use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};

    const ENV: &str = "TICK_SEQUENCE_FORK_AT_STEP";
    const PAIRS: usize = 100;

    static FORK_AT: AtomicU32 = AtomicU32::new(0);
    /// Set by a probe of the `pthread_atfork` fallback: no page is asked for.
    pub(super) static FALLBACK_ONLY: AtomicBool = AtomicBool::new(false);
    /// In the parent, the child's pid once forked; in the child, `u64::MAX`.
    static FORKED: AtomicU64 = AtomicU64::new(0);

    pub(super) fn fork_point(step: Step) {
        if FORK_AT.load(Ordering::Relaxed) != step as u32 || FORKED.load(Ordering::Relaxed) != 0 {
            return;
        }
        // SAFETY: the child goes on single-threaded, as the process was.
        #[allow(unsafe_code)]
        let pid = unsafe { libc::fork() };
        assert!(pid >= 0, "fork failed");
        let mark = if pid == 0 { u64::MAX } else { pid as u64 };
        FORKED.store(mark, Ordering::Relaxed);
    }

    /// The probe, in a fresh process: fork at the step, then serve pairs in both processes;
    /// the child writes its pairs to a file, the parent compares and prints the outcome.
    fn probe(step: u32, fallback: bool) {
        use crate::{Start, TickSequence};
        static SEQUENCE: TickSequence = TickSequence::new(80, 1_000_000, Start::Random);
        let dir = std::env::var("TICK_SEQUENCE_PROBE_DIR").expect("the probe's directory");
        FALLBACK_ONLY.store(fallback, Ordering::Relaxed);
        FORK_AT.store(step, Ordering::Relaxed);
        let pairs: Vec<String> = (0..PAIRS)
            .map(|_| format!("{:?}", SEQUENCE.next_at(1_000)))
            .collect();
        let forked = FORKED.load(Ordering::Relaxed);
        let on_fallback = super::MARKER.load(Ordering::Relaxed)
            == core::ptr::addr_of!(super::FALLBACK).cast_mut();
        assert_eq!(on_fallback, fallback, "the marker the probe asked for");
        let child_file = format!("{dir}/child");
        if forked == u64::MAX {
            std::fs::write(&child_file, pairs.join("\n")).expect("the child writes");
            // SAFETY: leaves the child without running the harness's code.
            #[allow(unsafe_code)]
            unsafe {
                libc::_exit(0)
            };
        }
        assert!(forked != 0, "step {step} was never reached");
        let mut status = 0;
        // SAFETY: waits for our child; `status` is a valid out pointer.
        #[allow(unsafe_code)]
        unsafe {
            libc::waitpid(forked as libc::pid_t, &mut status, 0)
        };
        assert_eq!(status, 0, "the child failed");
        let child = std::fs::read_to_string(&child_file).expect("the child's pairs");
        let child: Vec<&str> = child.lines().collect();
        assert_eq!(child.len(), PAIRS, "the child served {PAIRS} pairs");
        let shared = child
            .iter()
            .filter(|c| pairs.iter().any(|p| p == *c))
            .count();
        println!("PROBE shared={shared}");
    }

    /// A first use that cannot map its page (a tight `RLIMIT_AS`) takes the `pthread_atfork`
    /// fallback for life: [`fork_detection`](crate::fork_detection) says so, and why, so that
    /// a policy written by such a process shows it.
    #[test]
    fn a_first_use_without_memory_for_the_page_reports_the_fallback() {
        const LIMITED: &str = "TICK_SEQUENCE_RLIMIT_AS";
        if std::env::var_os(LIMITED).is_some() {
            let page = 4096;
            let statm = std::fs::read_to_string("/proc/self/statm").expect("statm");
            let pages: u64 = statm.split(' ').next().unwrap().parse().unwrap();
            let mut old = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            // SAFETY: `old` is a valid out pointer; the new limit is a valid value.
            #[allow(unsafe_code)]
            unsafe {
                assert_eq!(libc::getrlimit(libc::RLIMIT_AS, &mut old), 0);
                let tight = libc::rlimit {
                    rlim_cur: pages * page,
                    rlim_max: old.rlim_max,
                };
                assert_eq!(libc::setrlimit(libc::RLIMIT_AS, &tight), 0);
            }
            let _ = crate::fork_generation();
            let detection = crate::fork_detection();
            // SAFETY: as above; the soft limit goes back to what it was.
            #[allow(unsafe_code)]
            unsafe {
                assert_eq!(libc::setrlimit(libc::RLIMIT_AS, &old), 0);
            }
            println!("DETECTION {detection:?}: {detection}");
            return;
        }
        let output = Command::new(std::env::current_exe().expect("the test binary"))
            .args([
                "--exact",
                "fork::tests::a_first_use_without_memory_for_the_page_reports_the_fallback",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(LIMITED, "1")
            .output()
            .expect("the probe runs");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            stdout.contains(
                "DETECTION AtForkHandler { reason: NoPageMapped }: the pthread_atfork fallback \
                 (no page could be mapped at the first use): children of fork are seen, those of \
                 _Fork or a raw clone are not"
            ),
            "{stdout}"
        );
        // Without the limit, the page: this process's own first use.
        let _ = crate::fork_generation();
        assert_eq!(
            crate::fork_detection(),
            crate::ForkDetection::WipeOnForkPage
        );
    }

    #[test]
    fn a_fork_at_any_step_of_the_first_use_leaves_two_independent_sequences() {
        if let Ok(probe_of) = std::env::var(ENV) {
            let (step, marker) = probe_of.split_once(' ').expect("a step and a marker");
            probe(step.parse().expect("a step number"), marker == "fallback");
            return;
        }
        let exe = std::env::current_exe().expect("the test binary");
        // The page, and the `pthread_atfork` fallback, which asks for no page.
        let probes = Step::ALL.map(|step| (step, "page")).into_iter().chain(
            Step::ALL
                .into_iter()
                .filter(|&step| step != Step::PageAdvised)
                .map(|step| (step, "fallback")),
        );
        for (step, marker) in probes {
            let dir = std::env::temp_dir().join(format!(
                "tick-sequence-first-use-{}-{}-{marker}",
                std::process::id(),
                step as u32
            ));
            std::fs::create_dir_all(&dir).unwrap();
            let output = Command::new(&exe)
                .args([
                    "--exact",
                    "fork::tests::a_fork_at_any_step_of_the_first_use_leaves_two_independent_sequences",
                    "--nocapture",
                    "--test-threads=1",
                ])
                .env(ENV, format!("{} {marker}", step as u32))
                .env("TICK_SEQUENCE_PROBE_DIR", &dir)
                .output()
                .expect("the probe runs");
            let _ = std::fs::remove_dir_all(&dir);
            let stdout = String::from_utf8_lossy(&output.stdout);
            assert!(
                output.status.success() && stdout.contains("PROBE shared=0"),
                "a fork at {step:?}, marker in the {marker}: {}\n{stdout}\n{}",
                output.status,
                String::from_utf8_lossy(&output.stderr)
            );
        }
    }
}
