//! Forks that only a fresh process can show: during its first calls, after another library's
//! `pthread_atfork` handler registered before this crate was used, and through glibc's
//! `_Fork`, which runs no handler at all. Each test runs its probe in new processes of this
//! binary ([`test_support::fresh`]) and adds up their storms.
#![cfg(target_os = "linux")]

use std::sync::atomic::{AtomicU64, Ordering};

use test_support::fork_storm::{CHILD_IDS, Outcome, Storm, THREADS, assert_survived};
use test_support::fresh;
use tick_sequence::{Start, TickSequence};

static SEQUENCE: TickSequence = TickSequence::new(80, 1_000_000, Start::Random);

fn pack((tick, counter): (u64, u128)) -> u128 {
    (u128::from(tick) << 80) | counter
}

fn next() -> u128 {
    pack(SEQUENCE.next())
}

/// Parent threads call `next`; each child serves [`CHILD_IDS`] ids.
fn storm(storm: Storm) -> Outcome {
    storm.run(
        |ids| ids.push(next()),
        |out| {
            for slot in out.iter_mut() {
                *slot = next();
            }
            Ok(CHILD_IDS)
        },
    )
}

/// Runs `name` in `processes` fresh processes and adds up the storm each one printed.
fn storms_in_fresh_processes(name: &str, processes: usize) -> Outcome {
    let mut total = Outcome::default();
    for output in fresh::run(name, processes) {
        let outcome = Outcome::from_output(&output)
            .unwrap_or_else(|| panic!("no storm line in the output of {name}:\n{output}"));
        total.add(outcome);
    }
    total
}

/// 200 processes, each forking 8 children at once while its 8 threads make their first
/// calls: a child must never find the lock held in an epoch it believes its own.
#[test]
fn children_forked_during_the_first_calls_never_hang_or_repeat_a_pair() {
    const NAME: &str = "children_forked_during_the_first_calls_never_hang_or_repeat_a_pair";
    if fresh::is_fresh() {
        println!("{}", storm(Storm::at_first_use(THREADS)).to_line());
        return;
    }
    let outcome = storms_in_fresh_processes(NAME, 200);
    assert_eq!(outcome.forks, 1_600);
    assert_survived(&outcome, true);
}

mod foreign_handler {
    //! A `pthread_atfork` child handler registered before this crate's first use runs before
    //! anything of this crate in the child; the pair it takes there must be the child's own.

    use super::*;

    /// The pair the handler took in this child, packed, as two halves.
    static TAKEN_HIGH: AtomicU64 = AtomicU64::new(0);
    static TAKEN_LOW: AtomicU64 = AtomicU64::new(0);

    extern "C" fn take_a_pair_in_the_child() {
        // SAFETY: `alarm` is async-signal-safe; it bounds a child that hangs in here.
        unsafe { libc::alarm(test_support::fork_storm::CHILD_DEADLINE_S) };
        let id = next();
        TAKEN_HIGH.store((id >> 64) as u64, Ordering::Relaxed);
        TAKEN_LOW.store(id as u64, Ordering::Relaxed);
    }

    fn taken() -> u128 {
        (u128::from(TAKEN_HIGH.load(Ordering::Relaxed)) << 64)
            | u128::from(TAKEN_LOW.load(Ordering::Relaxed))
    }

    fn register() {
        // SAFETY: a handler without state, valid for the life of the process.
        let status = unsafe { libc::pthread_atfork(None, None, Some(take_a_pair_in_the_child)) };
        assert_eq!(status, 0, "pthread_atfork");
    }

    /// Without other threads: the handler's pair is none of the parent's next 50.
    #[test]
    fn a_pair_taken_by_an_earlier_handler_is_not_the_parents() {
        const NAME: &str = "foreign_handler::a_pair_taken_by_an_earlier_handler_is_not_the_parents";
        if fresh::is_fresh() {
            register();
            let _ = next();
            let mut shared = 0;
            for _ in 0..200 {
                let child =
                    test_support::fork::in_child(|| vec![taken().to_string()]).expect("the child");
                let parent: Vec<String> = (0..50).map(|_| next().to_string()).collect();
                shared += usize::from(parent.contains(&child[0]));
            }
            println!("\nforks=200 shared={shared}");
            return;
        }
        let output = fresh::run(NAME, 1).remove(0);
        assert!(output.contains(" shared=0\n"), "{output}");
    }

    /// While 8 threads generate: no child hangs in the handler, and neither its pair nor the
    /// child's next ones are the parent's.
    #[test]
    fn an_earlier_handler_that_generates_while_threads_do_neither_hangs_nor_repeats() {
        const NAME: &str = "foreign_handler::an_earlier_handler_that_generates_while_threads_do_neither_hangs_nor_repeats";
        if fresh::is_fresh() {
            register();
            let outcome = Storm {
                forks: 40,
                ..Storm::default()
            }
            .run(
                |ids| ids.push(next()),
                |out| {
                    out[0] = taken();
                    for slot in &mut out[1..] {
                        *slot = next();
                    }
                    Ok(CHILD_IDS)
                },
            );
            println!("{}", outcome.to_line());
            return;
        }
        let outcome = storms_in_fresh_processes(NAME, 1);
        assert_survived(&outcome, true);
    }
}

/// glibc's `_Fork` runs no `pthread_atfork` handler: the child must still start its own epoch.
#[cfg(target_env = "gnu")]
#[test]
fn children_of_underscore_fork_never_hang_or_repeat_a_pair() {
    const NAME: &str = "children_of_underscore_fork_never_hang_or_repeat_a_pair";
    unsafe extern "C" {
        // glibc 2.34 and later.
        fn _Fork() -> libc::pid_t;
    }
    if fresh::is_fresh() {
        let _ = next();
        let outcome = storm(Storm {
            forks: 30,
            fork: _Fork,
            ..Storm::default()
        });
        println!("{}", outcome.to_line());
        return;
    }
    let outcome = storms_in_fresh_processes(NAME, 1);
    assert_survived(&outcome, true);
}
