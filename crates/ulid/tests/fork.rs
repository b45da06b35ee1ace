//! After `fork`, parent and child share no ULID: the sequence restarts in the child, and
//! `generate_at` draws from a reseeded source.
#![cfg(all(unix, feature = "generate"))]

use test_support::fork_storm::assert_generate_and_fill_survive;
use test_support::{fork, generated};
use ulid::Ulid;

#[test]
fn parent_and_child_share_no_generated_id() {
    // In use before the fork: without a reset the child would continue the parent's stream.
    let before = ulid::generate();
    let (child, parent) = fork::assert_child_shares_no_id(before, || {
        let mut ids = vec![ulid::generate()];
        let mut batch = [Ulid::MIN; 1000];
        ulid::fill(&mut batch);
        ids.extend_from_slice(&batch);
        ids
    });
    assert_eq!(child.len(), 1001);
    generated::assert_strictly_increasing(&child);
    assert!(before < parent[0]);
}

#[test]
fn generate_at_draws_differ_between_parent_and_child() {
    fork::assert_draws_differ(8, || ulid::generate_at(1_000).unwrap().to_string());
}

/// Forks while eight threads generate, some of them waiting for the sequence's lock: every
/// child serves at once, and no child id is one the parent served.
#[test]
fn children_forked_while_threads_generate_or_fill_never_hang_or_repeat_an_id() {
    assert_generate_and_fill_survive(ulid::try_generate, ulid::try_fill, Ulid::to_u128, Ulid::MIN);
}
