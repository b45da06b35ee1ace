//! After `fork`, parent and child share no id.
#![cfg(all(unix, feature = "generate"))]

use test_support::fork;
use test_support::fork_storm::assert_generate_and_fill_survive;
use uuid7::Uuid7;

fn burst() -> Vec<Uuid7> {
    let mut ids = vec![Uuid7::MIN; 1000];
    uuid7::fill(&mut ids);
    ids.extend((0..1000).map(|_| uuid7::generate()));
    ids.extend((0..100).map(|_| uuid7::generate_at(1_000).unwrap()));
    ids
}

#[test]
fn parent_and_child_share_no_id() {
    // The sequence and the random source are in use before the fork: without a reset the
    // child would continue the parent's stream.
    let before = uuid7::generate();
    let _ = uuid7::generate_at(1_000).unwrap();
    let (child, _) = fork::assert_child_shares_no_id(before, burst);
    assert_eq!(child.len(), 2100);
}

#[test]
fn the_child_starts_a_new_sequence_instead_of_counting_on() {
    let last = uuid7::generate();
    let child = fork::in_child(|| vec![uuid7::generate().to_string()]).unwrap();
    let first_in_child: Uuid7 = child[0].parse().unwrap();
    // The parent's next id counts on from `last` (same millisecond) or moves to a new
    // millisecond; the child's id is never the parent's next one.
    let next_in_parent = uuid7::generate();
    assert_ne!(first_in_child, next_in_parent);
    if first_in_child.timestamp_ms() == last.timestamp_ms() {
        assert_ne!(first_in_child.counter(), last.counter() + 1);
    }
}

/// Forks while eight threads generate, some of them waiting for the sequence's lock: every
/// child serves at once, and no child id is one the parent served.
#[test]
fn children_forked_while_threads_generate_or_fill_never_hang_or_repeat_an_id() {
    assert_generate_and_fill_survive(
        uuid7::try_generate,
        uuid7::try_fill,
        Uuid7::to_u128,
        Uuid7::MIN,
    );
}
