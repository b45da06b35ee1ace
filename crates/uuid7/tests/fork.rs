//! After `fork`, parent and child share no id.
#![cfg(all(unix, feature = "std"))]

use test_support::fork;

use std::collections::HashSet;

use uuid7::Uuid7;

fn texts(ids: impl IntoIterator<Item = Uuid7>) -> Vec<String> {
    ids.into_iter().map(|id| id.to_string()).collect()
}

fn burst() -> Vec<Uuid7> {
    let mut ids = vec![Uuid7::NIL; 1000];
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

    let child = fork::in_child(|| texts(burst())).unwrap();
    let parent = texts(burst());

    assert_eq!(child.len(), 2100);
    let parent: HashSet<&String> = parent.iter().collect();
    assert!(child.iter().all(|id| !parent.contains(id)));
    // The child's own ids are valid, and unique among themselves.
    let child_ids: HashSet<Uuid7> = child.iter().map(|text| text.parse().unwrap()).collect();
    assert_eq!(child_ids.len(), 2100);
    assert!(!child_ids.contains(&before));
}

#[test]
fn the_child_starts_a_new_sequence_instead_of_counting_on() {
    let last = uuid7::generate();
    let child = fork::in_child(|| texts([uuid7::generate()])).unwrap();
    let first_in_child: Uuid7 = child[0].parse().unwrap();
    // The parent's next id counts on from `last` (same millisecond) or moves to a new
    // millisecond; the child's id is never the parent's next one.
    let next_in_parent = uuid7::generate();
    assert_ne!(first_in_child, next_in_parent);
    if first_in_child.timestamp_ms() == last.timestamp_ms() {
        assert_ne!(first_in_child.counter(), last.counter() + 1);
    }
}

mod storm {
    //! Forks while eight threads generate, some of them waiting for the sequence's lock:
    //! every child serves at once, and no child id is one the parent served.

    use test_support::fork_storm::{assert_fill_survives, assert_generate_survives};
    use uuid7::Uuid7;

    #[test]
    fn children_forked_while_threads_generate_never_hang_or_repeat_an_id() {
        assert_generate_survives(uuid7::try_generate, Uuid7::to_u128);
    }

    #[test]
    fn children_forked_while_threads_fill_never_hang_or_repeat_an_id() {
        assert_fill_survives(uuid7::try_fill, Uuid7::to_u128, Uuid7::NIL);
    }
}
