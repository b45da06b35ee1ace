//! After `fork`, parent and child share no id.
#![cfg(all(unix, feature = "std"))]

use test_support::fork;

use std::collections::HashSet;

use objectid::ObjectId;

fn texts(ids: &[ObjectId]) -> Vec<String> {
    ids.iter().map(ToString::to_string).collect()
}

#[test]
fn parent_and_child_share_no_id() {
    // In use before the fork: without a reset, the child would continue the parent's stream.
    let before = objectid::generate();
    let child = fork::in_child(|| {
        let mut ids = [before; 1000];
        objectid::fill(&mut ids);
        texts(&ids)
    })
    .unwrap();
    let mut parent = [before; 1000];
    objectid::fill(&mut parent);
    assert!(parent[0] > before);
    let parent = texts(&parent);
    assert_eq!(child.len(), 1000);
    assert!(child.iter().all(|id| !parent.contains(id)));
}

#[test]
fn generate_at_draws_differ_between_parent_and_child() {
    let _ = objectid::generate_at(1);
    let draw = || -> Vec<String> {
        (0..4)
            .map(|_| objectid::generate_at(1_700_000_000).unwrap().to_string())
            .collect()
    };
    let child = fork::in_child(draw).unwrap();
    let parent = draw();
    assert!(
        child.iter().all(|id| !parent.contains(id)),
        "{child:?} {parent:?}"
    );
}

#[test]
fn parent_and_child_share_no_id_from_generate_or_fill() {
    // In use before the fork, through both paths.
    let before = objectid::generate();
    let burst = || -> Vec<ObjectId> {
        let mut ids: Vec<ObjectId> = (0..1000).map(|_| objectid::generate()).collect();
        let mut batch = [before; 1000];
        objectid::fill(&mut batch);
        ids.extend_from_slice(&batch);
        ids.push(objectid::generate());
        ids
    };
    let child = fork::in_child(|| texts(&burst())).unwrap();
    let parent = burst();

    assert_eq!(child.len(), 2001);
    let child: Vec<ObjectId> = child.iter().map(|text| text.parse().unwrap()).collect();
    assert!(child.windows(2).all(|pair| pair[0] < pair[1]));
    assert!(parent.windows(2).all(|pair| pair[0] < pair[1]));
    assert!(before < parent[0]);
    let parent: HashSet<ObjectId> = parent.into_iter().chain([before]).collect();
    assert!(child.iter().all(|id| !parent.contains(id)));
}

mod storm {
    //! Forks while eight threads generate, some of them waiting for the sequence's lock:
    //! every child serves at once, and no child id is one the parent served.

    use objectid::ObjectId;
    use test_support::fork_storm::{assert_fill_survives, assert_generate_survives};

    fn key(id: ObjectId) -> u128 {
        let mut bytes = [0u8; 16];
        bytes[4..].copy_from_slice(&id.to_bytes());
        u128::from_be_bytes(bytes)
    }

    #[test]
    fn children_forked_while_threads_generate_never_hang_or_repeat_an_id() {
        assert_generate_survives(objectid::try_generate, key);
    }

    #[test]
    fn children_forked_while_threads_fill_never_hang_or_repeat_an_id() {
        assert_fill_survives(objectid::try_fill, key, ObjectId::NIL);
    }
}
