//! After `fork`, parent and child share no ULID: the sequence restarts in the child, and
//! `generate_at` draws from a reseeded source.
#![cfg(all(unix, feature = "std"))]

use test_support::fork;

use std::collections::HashSet;

use ulid::Ulid;

fn texts(ids: &[Ulid]) -> Vec<String> {
    ids.iter().map(Ulid::to_string).collect()
}

#[test]
fn parent_and_child_share_no_generated_id() {
    // In use before the fork: without a reset the child would continue the parent's stream.
    let before = ulid::generate();
    let child = fork::in_child(|| {
        let mut ids = vec![ulid::generate()];
        let mut batch = [Ulid::NIL; 1000];
        ulid::fill(&mut batch);
        ids.extend_from_slice(&batch);
        texts(&ids)
    })
    .unwrap();
    let mut parent = vec![ulid::generate()];
    let mut batch = [Ulid::NIL; 1000];
    ulid::fill(&mut batch);
    parent.extend_from_slice(&batch);

    assert_eq!(child.len(), 1001);
    let child: Vec<Ulid> = child.iter().map(|text| text.parse().unwrap()).collect();
    assert!(child.windows(2).all(|pair| pair[0] < pair[1]));
    assert!(before < parent[0]);
    let parent: HashSet<Ulid> = parent.into_iter().chain([before]).collect();
    assert!(child.iter().all(|id| !parent.contains(id)));
}

#[test]
fn generate_at_draws_differ_between_parent_and_child() {
    let _ = ulid::generate_at(1_000).unwrap();
    let child = fork::in_child(|| {
        (0..8)
            .map(|_| ulid::generate_at(1_000).unwrap().to_string())
            .collect()
    })
    .unwrap();
    let parent: Vec<String> = (0..8)
        .map(|_| ulid::generate_at(1_000).unwrap().to_string())
        .collect();
    assert_eq!(child.len(), 8);
    assert!(
        child.iter().all(|id| !parent.contains(id)),
        "{child:?} {parent:?}"
    );
}

mod storm {
    //! Forks while eight threads generate, some of them waiting for the sequence's lock:
    //! every child serves at once, and no child id is one the parent served.

    use test_support::fork_storm::{assert_fill_survives, assert_generate_survives};
    use ulid::Ulid;

    #[test]
    fn children_forked_while_threads_generate_never_hang_or_repeat_an_id() {
        assert_generate_survives(ulid::try_generate, Ulid::to_u128);
    }

    #[test]
    fn children_forked_while_threads_fill_never_hang_or_repeat_an_id() {
        assert_fill_survives(ulid::try_fill, Ulid::to_u128, Ulid::NIL);
    }
}
