//! Strictly increasing `(tick, counter)` pairs from the wall clock: the one engine under the
//! time-ordered identifiers of this workspace (ULID, UUIDv7, ObjectId, Snowflake).
//!
//! ```
//! use tick_sequence::{Start, TickSequence};
//! static MILLIS: TickSequence = TickSequence::new(80, 1_000_000, Start::Random);
//! let (ms, counter) = MILLIS.next();
//! assert!(MILLIS.next() > (ms, counter));
//! ```
//!
//! A format asks a [`TickSequence`] for a pair and packs it, tick in the high bits; it has no
//! lock, no clock and no fork code of its own.
//!
//! # The rule
//!
//! Each call takes the clock as `now` (in ticks since the Unix epoch: a reading, or, on the
//! [cycle-counter path](#the-clock-path), the knowledge that the clock has not passed the last
//! tick served) and applies, under one lock, the first case that matches:
//!
//! ```text
//! now > tick          -> (now, start())          a new tick restarts the counter
//! counter < max       -> (tick, counter + 1)     same tick, or the clock went back
//! otherwise           -> (tick + 1, start())     counter exhausted: borrow the next tick
//! ```
//!
//! `start()` is a random value of the counter's width ([`Start::Random`]) or 0
//! ([`Start::Zero`]). No case returns an error, waits for the clock or allocates.
//!
//! # The guarantee, and its scope
//!
//! - **Strictly increasing, per sequence.** Every pair a sequence serves is greater than every
//!   pair it served before, across all threads: the pairs of one thread increase, and no two
//!   calls ever get the same pair. A format that packs the tick above the counter inherits
//!   this for its integers, bytes and (for the sortable encodings) strings.
//! - **One process.** Two processes, or two sequences, know nothing of each other: with
//!   random starts their pairs are unique with overwhelming probability, not ordered.
//!   Restarting a process starts a fresh sequence; nothing is persisted.
//! - **The tick may run ahead of the clock.** After a burst that exhausts the counter, or
//!   when the clock steps back, the served tick is later than the clock. It is never earlier
//!   than the latest reading the sequence has seen. Accuracy of the embedded time is what
//!   a burst or a backward step costs; order and uniqueness are not. Once the clock passes the
//!   borrowed tick, pairs follow the clock again.
//! - The tick is a `u64`; at `u64::MAX` there is no next tick to borrow (584 million years of
//!   milliseconds: every format rejects such a tick long before).
//! - **[`LocalSequence`]**, a sequence owned by one value (`&mut self`, no lock; a format's
//!   `Generator`), narrows the first point to that value: its pairs increase; two of them are
//!   unique by their random starts, not ordered. Clock, rule, freshness and fork handling are
//!   the same. [`SCOPE`] says both in a format's [`Policy`].
//!
//! # Freshness
//!
//! How far an id's tick may be from the wall clock, as [`FRESHNESS`] states it in every
//! [`Policy`]:
//!
//! - **Never later than the clock when the pair is returned**, except in the two cases above
//!   (the clock stepped back; a full counter borrowed the next tick).
//! - **Never earlier than the clock at the call by more than one tick** (1 ms for millisecond
//!   ids). On the wall-clock path the tick is the reading made at the call. On the
//!   cycle-counter path it is the clock's tick at the call too, except within the few
//!   nanoseconds after a tick begins that the counter's calibration misjudges; and, for at most
//!   one tick of real time after the clock steps forward, or after a suspend that stopped the
//!   counter, it may be the tick from before the step (the counter cannot see a step; the next
//!   reading of the clock, at the latest one tick later, does).
//!
//! The tests hold this by bracketing every id with readings of the wall clock, over millions
//! of ids, from several threads, on both paths and through a step of the clock.
//!
//! # The clock path
//!
//! Reading the wall clock costs about as much as the rest of an id. So where the processor's
//! cycle counter is as trustworthy as the kernel's own clock, a sequence reads the wall clock
//! once per tick and uses the counter in between, only to know that the clock has not reached
//! the next tick yet. [`clock_path`] says which path this process took, and every [`Policy`]
//! reports it (`clock path: …`):
//!
//! - **The cycle counter**, on Linux on x86-64 (the TSC, where the processor reports it
//!   invariant) and on AArch64 (`CNTVCT_EL0`), where the kernel's current clocksource is that
//!   counter. Its rate is measured against `CLOCK_MONOTONIC` over 2 ms at the first use, ids
//!   reading the wall clock meanwhile. A reading of the wall clock opens a *window*: the cycles
//!   until the next tick begins (at most 100 ms). While the counter is inside it, the pair is
//!   the next counter value of the last tick served; outside it (or for a counter that went
//!   back), the clock is read again. Every such reading **re-checks the calibration**: if the
//!   time since the sequence's previous reading, by the counter and by the clock, differs by
//!   more than 1/32 of it plus 50 µs (10 ms for the coarse clock), the rate is measured again
//!   and ids read the wall clock meanwhile; a rate that keeps changing gives the counter up.
//!   So a sequence in use re-checks at least once per tick, and a sequence left idle at its
//!   next id. The counter never supplies a time, only the knowledge that no tick has begun:
//!   a migration, a suspend or a bad calibration can make an id stale (see above), never later
//!   than the clock.
//! - **The wall clock for every id** (once per fill): every other target, Miri, a processor
//!   without an invariant TSC, a kernel whose clocksource is something else (in a virtual
//!   machine often `kvm-clock`), a counter whose rate did not hold, and any process started
//!   with `TICK_SEQUENCE_CYCLE_COUNTER=off` ([`CYCLE_COUNTER_ENV`]) in its environment.
//!
//! The choice is made from what the machine says, once a process: two processes on one
//! machine report the same path.
//!
//! # Fork
//!
//! A child created by `fork` gets a copy of every sequence, random generator included;
//! serving from those copies would hand parent and child the same identifiers. So every
//! sequence, and the thread-local generator behind [`random_bits`], is tagged with the *fork
//! epoch* it was last used in, and the first use in a new epoch resets the state and reseeds
//! from the operating system: parent and child never share a `(tick, counter)` stream.
//! [`fork_generation`] exposes the epoch, for a caller (Snowflake) that must refuse to serve in
//! a child rather than reset.
//!
//! The epoch is published in one word, and nothing is tagged before it is: a process's first
//! use publishes it before it takes any lock, so a fork at any step of that first use leaves
//! a child that publishes its own (a test forks at each step). How a child finds out that it
//! is one depends on the platform:
//!
//! | platform | the word | children that start a new epoch |
//! |---|---|---|
//! | Linux 4.14 and later | a page advised `MADV_WIPEONFORK`, which the kernel zeroes in the child | every child, from its first instruction: of `fork`, of glibc's `_Fork` (which runs no handler), and in another library's `pthread_atfork` handler that runs before this crate's |
//! | other Unix, older Linux, a sandbox that refuses the advice | a static word that a `pthread_atfork` child handler zeroes | children of the C library's `fork`, once the handlers registered before this crate's have run |
//! | Miri | the static word, without a handler | Miri runs no `fork` |
//! | Windows, wasm32 | none | no `fork` there |
//!
//! Out of scope everywhere: a `vfork` child (it shares the parent's memory until it calls
//! `exec`, so it must not call into this crate), and, on the fallback, a raw `clone` system
//! call or `_Fork`: such a child continues the parent's sequences, repeating their ids, and
//! may wait forever on a lock that a thread of the parent held at the fork.
//!
//! The first use chooses, once for the life of the process: a Linux process whose first use
//! cannot map the page (a tight `RLIMIT_AS`) keeps the fallback even if memory frees up
//! later. [`fork_detection`] tells which was chosen, and why, and every format's
//! [`Policy`] reports it (`fork detection: …`), so a process on the fallback shows it where
//! its policy is logged.
//!
//! **A fork while other threads use the sequence.** The child is a copy taken at an
//! arbitrary instant: the lock may be held, and other threads may be waiting for it, by
//! threads that do not exist in the child. The lock of a sequence is one atomic word that
//! holds the epoch it was taken in, and a word of another epoch counts as free; waiters spin,
//! yield and sleep, and are recorded nowhere. So nothing the child consults can name a thread
//! of the parent, and its first call takes the lock at once, whatever the parent's threads
//! were doing. The model of this lock is checked over every interleaving with loom
//! (`RUSTFLAGS="--cfg loom" cargo test -p tick-sequence --lib --release`), and tests fork
//! 200 children while eight threads generate, 1,600 children of 200 fresh processes during
//! their threads' first calls, children of `_Fork`, and children whose earlier-registered
//! `pthread_atfork` handler generates. The child then reads the clock and seeds a generator
//! from the operating system (a `getrandom` system call); it allocates nothing. Whether the
//! rest of a program (its allocator, its other locks) survives such a fork is that program's
//! business.
//!
//! # Signal handlers
//!
//! Generating is not async-signal-safe: a sequence is behind a lock, and a signal handler that
//! generates from a sequence whose call it interrupted on the same thread waits for itself
//! forever. Generate in a signal handler only if no code it can interrupt on that thread
//! generates; better, set a flag in the handler and generate outside it. A `pthread_atfork`
//! child handler is not a signal handler: it may generate (see above).
//!
//! # WebAssembly
//!
//! On `wasm32-unknown-unknown` the standard library has no clock and no randomness. With the
//! feature `js`, for a JavaScript runtime (a browser, Node 19 or later), the clock is
//! `Date.now()` (whole milliseconds) and the random source `crypto.getRandomValues` (through
//! getrandom's `wasm_js` backend); there is no `fork` there, so the fork handling compiles
//! away. Without the feature the crate does not compile for that target, with a message that
//! says so: a clock that panics at the first call would be worse.
//!
//! # Examples
//!
//! ```
//! use tick_sequence::{Start, TickSequence};
//!
//! // 48-bit millisecond timestamps and an 80-bit counter: a ULID.
//! static ULIDS: TickSequence = TickSequence::new(80, 1_000_000, Start::Random);
//!
//! let (ms, counter) = ULIDS.next();
//! let ulid = (u128::from(ms) << 80) | counter;
//! let (ms2, counter2) = ULIDS.next();
//! assert!((u128::from(ms2) << 80) | counter2 > ulid);
//! ```
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(unsafe_code)]

#[cfg(not(loom))]
mod clock;
#[cfg(not(loom))]
mod counter;
#[cfg(not(loom))]
mod cycles;
mod fork;
#[cfg(all(test, not(loom), not(miri)))]
mod freshness;
#[cfg(not(loom))]
mod local;
mod lock;
#[cfg(not(loom))]
mod policy;
#[cfg(not(loom))]
mod random;
#[cfg(not(loom))]
mod rule;
#[cfg(not(loom))]
mod sequence;

#[cfg(not(any(loom, all(target_arch = "wasm32", target_os = "unknown"))))]
pub use clock::boot_clock_ns;
#[cfg(not(loom))]
pub use counter::{CYCLE_COUNTER_ENV, ClockPath, NoCycleCounter, clock_path};
pub use fork::{FallbackReason, ForkDetection, fork_detection, fork_generation};
#[cfg(not(loom))]
pub use local::LocalSequence;
#[cfg(not(loom))]
pub use policy::{CLOCK, COARSE_CLOCK, FRESHNESS, Policy, RULE, RULE_VERSION, SCOPE};
#[cfg(not(loom))]
pub use random::random_bits;
#[cfg(not(loom))]
pub use sequence::{Start, TickSequence};
