//! After `fork`, parent and child draw different codes.
#![cfg(unix)]

use test_support::fork;

use checksummed_id::generate;

#[test]
fn parent_and_child_share_no_code() {
    // The random source of this thread is seeded before the fork: without a reseed, the
    // child would go on with a copy of it and repeat the parent's codes.
    let before = generate();
    let child = fork::in_child(|| (0..100).map(|_| generate()).collect()).unwrap();
    let parent: Vec<String> = (0..100).map(|_| generate()).collect();
    assert_eq!(child.len(), 100);
    assert!(!child.contains(&before));
    assert!(
        child.iter().all(|code| !parent.contains(code)),
        "{child:?} {parent:?}"
    );
}
