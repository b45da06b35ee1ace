//! After `fork`, parent and child share no id.
#![cfg(unix)]

#[path = "../../tick-sequence/tests/support/fork.rs"]
mod fork;

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
