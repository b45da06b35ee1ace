//! After `fork`, parent and child never share a pair or a random draw, and a held lock does
//! not deadlock the child.
#![cfg(unix)]

use test_support::fork as support;

use std::sync::mpsc;

use support::in_child;
use tick_sequence::{Start, TickSequence, fork_generation, random_bits};

fn format(pairs: impl IntoIterator<Item = (u64, u128)>) -> Vec<String> {
    pairs.into_iter().map(|(t, c)| format!("{t}:{c}")).collect()
}

#[test]
fn parent_and_child_streams_share_no_pair() {
    static SEQUENCE: TickSequence = TickSequence::new(80, 1_000_000, Start::Random);
    // In use before the fork: without a reset both would continue the same stream.
    let before = SEQUENCE.next_at(1_000);
    let child = in_child(|| format((0..1000).map(|_| SEQUENCE.next_at(1_000)))).unwrap();
    let parent = format((0..1000).map(|_| SEQUENCE.next_at(1_000)));
    assert_eq!(parent[0], format([(1_000, before.1 + 1)])[0]);
    assert_eq!(child.len(), 1000);
    assert!(child.iter().all(|pair| !parent.contains(pair)));
}

#[test]
fn a_zero_start_sequence_restarts_in_the_child() {
    let sequence = TickSequence::new(12, 1_000_000, Start::Zero);
    for _ in 0..3 {
        sequence.next_at(100);
    }
    let child = in_child(|| format([sequence.next_at(100)])).unwrap();
    assert_eq!(child, ["100:0"], "the child starts from a fresh state");
    assert_eq!(sequence.next_at(100), (100, 3), "the parent goes on");
}

#[test]
fn the_fork_generation_moves_in_the_child_only() {
    let born = fork_generation();
    // The child reads its generation, then forks a grandchild that reads its own.
    let lines = in_child(|| {
        let child = fork_generation().to_string();
        let grandchild = in_child(|| vec![fork_generation().to_string()]).unwrap();
        vec![child, grandchild[0].clone()]
    })
    .unwrap();
    let [child, grandchild] = [0, 1].map(|i| lines[i].parse::<u64>().unwrap());
    assert!(
        born < child && child < grandchild,
        "{born}, {child}, {grandchild}"
    );
    assert_eq!(fork_generation(), born);
}

#[test]
fn random_bits_differ_between_parent_and_child() {
    // The thread-local generator is seeded before the fork.
    support::assert_draws_differ(4, || random_bits(128).to_string());
}

#[test]
fn a_lock_held_by_another_thread_at_fork_time_does_not_deadlock_the_child() {
    static SEQUENCE: TickSequence = TickSequence::new(80, 1_000_000, Start::Random);
    let (locked_tx, locked_rx) = mpsc::channel();
    let (release_tx, release_rx) = mpsc::channel::<()>();
    let holder = std::thread::spawn(move || {
        let mut out = [0u8; 1];
        // `pack` runs under the lock: hold it until the parent has forked.
        SEQUENCE.fill_with(&mut out, |_, _| {
            locked_tx.send(()).unwrap();
            release_rx.recv().unwrap();
            0
        });
    });
    locked_rx.recv().unwrap();
    let child = in_child(|| format([SEQUENCE.next_at(5), SEQUENCE.next_at(5)]));
    release_tx.send(()).unwrap();
    holder.join().unwrap();
    let child = child.expect("the child must serve despite the lock copied while held");
    assert_eq!(child.len(), 2);
    assert!(child[0].starts_with("5:"));
}

mod storm {
    //! Forks while eight threads use the sequence, some of them waiting for its lock.

    use test_support::fork_storm::{CHILD_IDS, assert_survived, fork_while_generating};
    use tick_sequence::{Start, TickSequence};

    fn pack((tick, counter): (u64, u128)) -> u128 {
        (u128::from(tick) << 80) | counter
    }

    #[test]
    fn children_forked_while_threads_call_next_never_hang_or_repeat_a_pair() {
        static SEQUENCE: TickSequence = TickSequence::new(80, 1_000_000, Start::Random);
        let outcome = fork_while_generating(
            |ids| ids.push(pack(SEQUENCE.next())),
            |out| {
                for slot in out.iter_mut() {
                    *slot = pack(SEQUENCE.next());
                }
                Ok(CHILD_IDS)
            },
        );
        assert_survived(&outcome, true);
    }

    #[test]
    fn children_forked_while_threads_fill_never_hang_or_repeat_a_pair() {
        static SEQUENCE: TickSequence = TickSequence::new(80, 1_000_000, Start::Random);
        let outcome = fork_while_generating(
            |ids| {
                let mut batch = [0u128; 16];
                SEQUENCE.fill_with(&mut batch, |tick, counter| pack((tick, counter)));
                ids.extend_from_slice(&batch);
            },
            |out| {
                SEQUENCE.fill_with(out, |tick, counter| pack((tick, counter)));
                Ok(CHILD_IDS)
            },
        );
        assert_survived(&outcome, true);
    }
}

mod local {
    //! A `LocalSequence` is an owned value: the child has a copy, which must start afresh.

    use super::{format, in_child};
    use tick_sequence::{LocalSequence, Start};

    #[test]
    fn a_copy_in_the_child_starts_a_new_stream_and_the_parent_goes_on() {
        let mut sequence = LocalSequence::new(80, 1_000_000, Start::Random);
        let before = sequence.next_at(1_000);
        let child = in_child(|| format((0..1000).map(|_| sequence.next_at(1_000)))).unwrap();
        let parent = format((0..1000).map(|_| sequence.next_at(1_000)));
        assert_eq!(parent[0], format([(1_000, before.1 + 1)])[0]);
        assert_eq!(child.len(), 1000);
        // The child drew a new start: not the parent's counter going on.
        assert_ne!(child[0], parent[0]);
        assert!(child.iter().all(|pair| !parent.contains(pair)));
    }

    #[test]
    fn from_the_clock_too_the_child_shares_no_pair_with_the_parent() {
        let mut sequence = LocalSequence::new(80, 1_000_000, Start::Random);
        let _ = sequence.next();
        let child = in_child(|| format((0..10_000).map(|_| sequence.next()))).unwrap();
        let parent = format((0..10_000).map(|_| sequence.next()));
        assert!(child.iter().all(|pair| !parent.contains(pair)));
    }

    #[test]
    fn a_zero_start_copy_restarts_in_the_child() {
        let mut sequence = LocalSequence::new(12, 1_000_000, Start::Zero);
        for _ in 0..3 {
            sequence.next_at(100);
        }
        let child = in_child(|| format([sequence.next_at(100)])).unwrap();
        assert_eq!(child, ["100:0"], "the child starts from a fresh state");
        assert_eq!(sequence.next_at(100), (100, 3), "the parent goes on");
    }
}
