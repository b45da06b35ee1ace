//! After `fork`, parent and child share no id.
#![cfg(all(unix, feature = "generate"))]

use objectid::ObjectId;
use test_support::fork_storm::assert_generate_and_fill_survive;
use test_support::{fork, generated};

#[test]
fn parent_and_child_share_no_id() {
    // In use before the fork: without a reset, the child would continue the parent's stream.
    let before = objectid::generate();
    let (child, parent) = fork::assert_child_shares_no_id(before, || {
        let mut ids = [before; 1000];
        objectid::fill(&mut ids);
        ids.to_vec()
    });
    assert!(parent[0] > before);
    assert_eq!(child.len(), 1000);
}

#[test]
fn generate_at_draws_differ_between_parent_and_child() {
    fork::assert_draws_differ(4, || {
        objectid::generate_at(1_700_000_000).unwrap().to_string()
    });
}

#[test]
fn parent_and_child_share_no_id_from_generate_or_fill() {
    // In use before the fork, through both paths.
    let before = objectid::generate();
    let (child, parent) = fork::assert_child_shares_no_id(before, || {
        let mut ids: Vec<ObjectId> = (0..1000).map(|_| objectid::generate()).collect();
        let mut batch = [before; 1000];
        objectid::fill(&mut batch);
        ids.extend_from_slice(&batch);
        ids.push(objectid::generate());
        ids
    });
    assert_eq!(child.len(), 2001);
    generated::assert_strictly_increasing(&child);
    generated::assert_strictly_increasing(&parent);
    assert!(before < parent[0]);
}

/// The 12 bytes of an id, as the low bytes of a `u128`: in the order of the ids.
fn key(id: ObjectId) -> u128 {
    let mut bytes = [0u8; 16];
    bytes[4..].copy_from_slice(&id.to_bytes());
    u128::from_be_bytes(bytes)
}

/// Forks while eight threads generate, some of them waiting for the sequence's lock: every
/// child serves at once, and no child id is one the parent served.
#[test]
fn children_forked_while_threads_generate_or_fill_never_hang_or_repeat_an_id() {
    assert_generate_and_fill_survive(
        objectid::try_generate,
        objectid::try_fill,
        key,
        ObjectId::MIN,
    );
}
