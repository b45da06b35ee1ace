//! After `fork`, a generator of the parent refuses to serve in the child (its worker id
//! belongs to the parent), keeps serving in the parent, and a generator created in the child
//! works there.
#![cfg(all(unix, feature = "generate"))]

use test_support::fork;

use std::collections::HashSet;

use fork::in_child;
use snowflake::{Error, SnowflakeId, SnowflakeIdGenerator};

/// 2025-06-01T12:00:00.000Z.
const T: u64 = 1_748_779_200_000;

fn describe(result: Result<SnowflakeId, Error>) -> String {
    match result {
        Ok(id) => id.to_string(),
        Err(error) => format!("error: {error}"),
    }
}

#[test]
fn a_generator_made_before_the_fork_refuses_every_call_in_the_child() {
    let generator = SnowflakeIdGenerator::new(1).unwrap();
    let before = generator.generate_at(T).unwrap();
    let child = in_child(|| {
        let mut out = [before; 3];
        vec![
            format!("{:?}", generator.generate()),
            format!("{:?}", generator.generate_at(T)),
            format!("{:?}", generator.fill(&mut out)),
            format!("{:?}", generator.fill(&mut [])),
            describe(generator.generate()),
        ]
    })
    .unwrap();
    assert_eq!(
        child,
        [
            "Err(Forked)",
            "Err(Forked)",
            "Err(Forked)",
            "Err(Forked)",
            "error: SnowflakeIdGenerator cannot be used in a forked process: create one with its own worker_id",
        ]
    );
}

#[test]
fn the_parent_keeps_serving_after_the_fork() {
    let generator = SnowflakeIdGenerator::new(1).unwrap();
    let before = generator.generate_at(T).unwrap();
    in_child(|| vec![describe(generator.generate_at(T))]).unwrap();
    let after = generator.generate_at(T).unwrap();
    assert_eq!(
        (after.timestamp_ms(), after.sequence()),
        (T, before.sequence() + 1)
    );
    assert!(generator.generate().unwrap() > after);
    let mut ids = [after; 10];
    generator.fill(&mut ids).unwrap();
}

#[test]
fn a_generator_made_in_the_child_works_there_and_shares_no_id_with_the_parent() {
    let parent_generator = SnowflakeIdGenerator::new(1).unwrap();
    parent_generator.generate_at(T).unwrap();
    let child = in_child(|| {
        let generator = SnowflakeIdGenerator::new(2).unwrap();
        let mut ids: Vec<String> = (0..1000)
            .map(|_| describe(generator.generate_at(T)))
            .collect();
        ids.push(describe(generator.generate()));
        ids
    })
    .unwrap();
    let parent: HashSet<String> = (0..1000)
        .map(|_| describe(parent_generator.generate_at(T)))
        .collect();
    assert_eq!(child.len(), 1001);
    for text in &child {
        let id: SnowflakeId = text.parse().unwrap_or_else(|_| panic!("{text}"));
        assert_eq!(id.worker_id(), 2);
        assert!(!parent.contains(text), "{text} in both");
    }
}

#[test]
fn a_generator_made_in_the_child_refuses_in_the_grandchild() {
    let grandchild = in_child(|| {
        let generator = SnowflakeIdGenerator::new(3).unwrap();
        let mine = describe(generator.generate_at(T));
        let theirs = in_child(|| vec![format!("{:?}", generator.generate_at(T))]).unwrap();
        vec![mine, theirs.join(",")]
    })
    .unwrap();
    assert!(
        grandchild[0].parse::<SnowflakeId>().is_ok(),
        "{grandchild:?}"
    );
    assert_eq!(grandchild[1], "Err(Forked)");
}

mod storm {
    //! Forks while eight threads share one generator: every child is refused at once (its
    //! worker id is the parent's), none hangs. The engine's own storms are the long ones.

    use test_support::fork_storm::{Storm, assert_survived};

    use snowflake::{Error, SnowflakeId, SnowflakeIdGenerator};

    fn refused(result: Result<(), Error>) -> Result<usize, &'static str> {
        match result {
            Err(Error::Forked) => Ok(0),
            Err(_) => Err("another error than Forked"),
            Ok(()) => Err("a generator of the parent served in the child"),
        }
    }

    #[test]
    fn children_forked_while_threads_generate_are_refused_and_never_hang() {
        let generator = SnowflakeIdGenerator::new(5).unwrap();
        let outcome = Storm::of_a_format().run(
            |ids| ids.push(u128::from(u64::from(generator.generate().unwrap()))),
            |_| refused(generator.generate().map(drop)),
        );
        assert_survived(&outcome, false);
    }

    #[test]
    fn children_forked_while_threads_fill_are_refused_and_never_hang() {
        let generator = SnowflakeIdGenerator::new(6).unwrap();
        let outcome = Storm::of_a_format().run(
            |ids| {
                let mut batch = [SnowflakeId::MIN; 16];
                generator.fill(&mut batch).unwrap();
                ids.extend(batch.map(|id| u128::from(u64::from(id))));
            },
            |_| {
                let mut batch = [SnowflakeId::MIN; 4];
                refused(generator.fill(&mut batch))
            },
        );
        assert_survived(&outcome, false);
    }
}
