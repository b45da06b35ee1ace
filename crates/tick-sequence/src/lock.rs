//! [`EpochLock`]: a lock whose word names the fork epoch it was taken in, so that a forked
//! child can always take it.
//!
//! The word is the whole lock: `epoch` when free, `epoch | 1` when held (epochs are even and
//! never 0; see `fork::epoch`). A word from an earlier epoch, held or not, counts as free: a
//! child of `fork` sees its parent's word, and whatever thread held it, or waited for it,
//! does not exist in the child. The thread that takes such a word resets the value first,
//! since it too belongs to the parent's history. Waiters spin, then yield, then sleep; there
//! is no queue of parked threads anywhere, so nothing the child consults can name a thread of
//! the parent.

#[cfg(loom)]
use loom::{cell::UnsafeCell, sync::atomic::AtomicU64};
#[cfg(not(loom))]
use {core::cell::UnsafeCell, core::sync::atomic::AtomicU64};

use core::sync::atomic::Ordering::{Acquire, Relaxed, Release};

/// A value behind one lock word that carries the fork epoch.
pub(crate) struct EpochLock<T> {
    word: AtomicU64,
    value: UnsafeCell<T>,
}

// SAFETY: the value is only reached through `with`, by the one thread that set the held bit
// of the word for the current epoch (see `lock`).
#[allow(unsafe_code)]
unsafe impl<T: Send> Sync for EpochLock<T> {}

/// Releases the lock when dropped, also when the closure run under it panics.
struct Unlock<'a> {
    word: &'a AtomicU64,
    epoch: u64,
}

impl Drop for Unlock<'_> {
    #[inline]
    fn drop(&mut self) {
        self.word.store(self.epoch, Release);
    }
}

impl<T> EpochLock<T> {
    /// A lock that has never been taken: its word (0) is older than every epoch, so the first
    /// `with` resets the value.
    #[cfg(not(loom))]
    pub(crate) const fn new(value: T) -> Self {
        EpochLock {
            word: AtomicU64::new(0),
            value: UnsafeCell::new(value),
        }
    }

    #[cfg(loom)]
    pub(crate) fn new(value: T) -> Self {
        EpochLock {
            word: AtomicU64::new(0),
            value: UnsafeCell::new(value),
        }
    }

    /// Runs `f` on the value under the lock, taken for `epoch` (even, non-zero: the current
    /// `fork::epoch`). When the word belongs to an earlier epoch (first use, or the first use
    /// in a forked child), `reset` runs on the value before `f`.
    #[inline(always)]
    pub(crate) fn with<R>(
        &self,
        epoch: u64,
        reset: impl FnOnce(&mut T),
        f: impl FnOnce(&mut T) -> R,
    ) -> R {
        let unlock = self.lock(epoch, reset);
        let result = self.value_mut(f);
        drop(unlock);
        result
    }

    #[inline(always)]
    fn lock(&self, epoch: u64, reset: impl FnOnce(&mut T)) -> Unlock<'_> {
        debug_assert!(epoch != 0 && epoch & 1 == 0, "epochs are even and non-zero");
        if self
            .word
            .compare_exchange_weak(epoch, epoch | 1, Acquire, Relaxed)
            .is_err()
        {
            self.lock_slow(epoch, reset);
        }
        Unlock {
            word: &self.word,
            epoch,
        }
    }

    #[cold]
    #[inline(never)]
    fn lock_slow(&self, epoch: u64, reset: impl FnOnce(&mut T)) {
        let mut backoff = Backoff::default();
        loop {
            let word = self.word.load(Relaxed);
            if word == epoch | 1 {
                // Held by a thread of this process.
                backoff.wait();
                continue;
            }
            if self
                .word
                .compare_exchange_weak(word, epoch | 1, Acquire, Relaxed)
                .is_ok()
            {
                if word != epoch {
                    // Taken over from an earlier epoch: the value is the parent's.
                    self.value_mut(reset);
                }
                return;
            }
        }
    }

    #[cfg(not(loom))]
    #[inline(always)]
    fn value_mut<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        #[allow(unsafe_code)]
        // SAFETY: called only while this thread holds the word for the current epoch, which
        // no other thread of this process can hold at the same time.
        f(unsafe { &mut *self.value.get() })
    }

    #[cfg(loom)]
    fn value_mut<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        #[allow(unsafe_code)]
        // SAFETY: as above; loom checks the exclusion on every interleaving.
        self.value.with_mut(|value| f(unsafe { &mut *value }))
    }

    /// A word left by a parent, for the model checker: held or free in an earlier epoch.
    #[cfg(all(test, loom))]
    fn left_by_parent(value: T, word: u64) -> Self {
        EpochLock {
            word: AtomicU64::new(word),
            value: UnsafeCell::new(value),
        }
    }
}

/// How a waiter waits. Taking the lock from another core moves its cache line, and on a
/// virtual machine that move costs several times more or less depending on where the host
/// placed the two processors, from one second to the next (BENCHMARKS.md, "Under contention:
/// ten runs", gives the cost of a move beside each run). A waiter that looks at the word every
/// few tens of ns takes the lock about every tenth id, and each such handoff moves the line a
/// few times, which made four threads several times slower an id than one. So a waiter looks
/// once after a
/// pause, which is all an occasional collision needs, and then only every
/// [`POLL_SPINS`](Self::POLL_SPINS) pauses, a few µs, during which the holder's core makes
/// ids without moving the line; then it yields the processor (the holder may have been
/// preempted), then sleeps (a long `fill` holds the lock). None of these keeps any record of
/// the waiting thread.
#[derive(Default)]
struct Backoff {
    round: u32,
}

impl Backoff {
    /// Pauses between looks at a held word after the first: 256, a few µs. On the slow
    /// placement of the processors, fewer left two to eight threads slower an id (`cargo bench
    /// --bench contention` and BENCHMARKS.md, "Under contention: ten runs", hold the figures).
    const POLL_SPINS: u32 = 256;
    const POLL_ROUNDS: u32 = 3;
    const YIELD_ROUNDS: u32 = 64;

    #[inline]
    fn wait(&mut self) {
        #[cfg(loom)]
        loom::thread::yield_now();
        #[cfg(not(loom))]
        if self.round == 0 {
            core::hint::spin_loop();
        } else if self.round <= Self::POLL_ROUNDS {
            for _ in 0..Self::POLL_SPINS {
                core::hint::spin_loop();
            }
        } else if self.round <= Self::POLL_ROUNDS + Self::YIELD_ROUNDS {
            std::thread::yield_now();
        } else {
            std::thread::sleep(core::time::Duration::from_micros(20));
        }
        self.round = self.round.saturating_add(1);
    }
}

#[cfg(all(test, loom))]
mod model {
    //! Every interleaving of a few threads, explored by loom:
    //! `RUSTFLAGS="--cfg loom" cargo test -p tick-sequence --lib --release --target-dir target/loom`.

    use super::EpochLock;
    use loom::sync::Arc;
    use loom::thread;

    /// The value of the models: a count of increments and of resets.
    #[derive(Default)]
    struct Counts {
        increments: u32,
        resets: u32,
    }

    fn increment(lock: &EpochLock<Counts>, epoch: u64) {
        lock.with(
            epoch,
            |counts| {
                counts.increments = 0;
                counts.resets += 1;
            },
            // Read, then write: a lost update would show in the total, and loom flags any
            // access to the cell that is not exclusive.
            |counts| {
                let seen = counts.increments;
                counts.increments = seen + 1;
            },
        );
    }

    /// One increment from a second thread and one from this one, at `epoch`.
    fn increment_from_two_threads(lock: &Arc<EpochLock<Counts>>, epoch: u64) {
        let other = {
            let lock = Arc::clone(lock);
            thread::spawn(move || increment(&lock, epoch))
        };
        increment(lock, epoch);
        other.join().unwrap();
    }

    /// Every interleaving with up to three preemptions, which covers each pair of threads
    /// taking turns inside the other's acquire and release.
    fn model(f: impl Fn() + Sync + Send + 'static) {
        let mut builder = loom::model::Builder::new();
        builder.preemption_bound = Some(3);
        builder.max_branches = 100_000;
        builder.check(f);
    }

    fn read(lock: &EpochLock<Counts>, epoch: u64) -> (u32, u32) {
        lock.with(
            epoch,
            |_| panic!("no reset expected"),
            |c| (c.increments, c.resets),
        )
    }

    #[test]
    fn exclusion_and_no_lost_update() {
        model(|| {
            let lock = Arc::new(EpochLock::new(Counts::default()));
            increment_from_two_threads(&lock, 2);
            // The first taker reset the value once (first use), and no increment was lost.
            assert_eq!(read(&lock, 2), (2, 1));
        });
    }

    /// The parent (epoch 2) left the word as `word` when it forked, with a count of 7; two
    /// threads of the child (epoch 4) race for it: exactly one resets the count, and neither
    /// increment is lost.
    fn taken_over_once_in_the_child(word: u64) {
        model(move || {
            let parent = Counts {
                increments: 7,
                resets: 0,
            };
            let lock = Arc::new(EpochLock::left_by_parent(parent, word));
            increment_from_two_threads(&lock, 4);
            assert_eq!(read(&lock, 4), (2, 1));
        });
    }

    #[test]
    fn a_word_held_by_the_parent_is_taken_over_once_in_the_child() {
        taken_over_once_in_the_child(2 | 1);
    }

    #[test]
    fn a_free_word_of_the_parent_is_taken_over_once_in_the_child() {
        taken_over_once_in_the_child(2);
    }
}
