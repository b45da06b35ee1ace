//! `uuid7::Generator`: a generator owned by its caller. Its ids increase within it, two of
//! them are unique but not ordered, a forked child never repeats the parent's ids, and every id
//! is fresh: within the clock readings around it, from several threads (each with its own
//! generator). The same at the ends of the range, with the clock set there by `faketime`.
#![cfg(feature = "generate")]

use std::collections::HashSet;

use test_support::generated::{self, unix_ms};
use uuid7::{Generator, Uuid7};

#[test]
fn a_million_ids_of_one_generator_strictly_increase_one_by_one_in_a_millisecond() {
    let mut generator = Generator::new();
    let ids: Vec<Uuid7> = (0..1_000_000).map(|_| generator.generate()).collect();
    generated::assert_strictly_increasing(&ids);
    // Within a millisecond the counter steps by one, as the policy says.
    for pair in ids.windows(2) {
        if pair[0].timestamp_ms() == pair[1].timestamp_ms() {
            assert_eq!(pair[1].counter(), pair[0].counter() + 1, "{pair:?}");
        }
    }
    let mut batch = vec![Uuid7::MIN; 100_000];
    generator.fill(&mut batch);
    assert!(ids[ids.len() - 1] < batch[0]);
    generated::assert_strictly_increasing(&batch);
    generator.fill(&mut []);
    assert!(batch[batch.len() - 1] < generator.generate());
}

#[test]
fn every_id_is_within_the_clock_readings_around_it_from_four_threads() {
    let threads: Vec<_> = (0..4)
        .map(|_| {
            std::thread::spawn(|| {
                let mut generator = Generator::default();
                let mut ids = Vec::with_capacity(250_000);
                for _ in 0..250_000 {
                    let before = unix_ms();
                    let id = generator.generate();
                    let after = unix_ms();
                    let ms = id.timestamp_ms();
                    assert!(
                        before - 1 <= ms && ms <= after,
                        "{before} - 1 <= {ms} <= {after}"
                    );
                    ids.push(id);
                }
                ids
            })
        })
        .collect();
    let mut all = HashSet::new();
    for thread in threads {
        let ids = thread.join().unwrap();
        generated::assert_strictly_increasing(&ids);
        for id in ids {
            assert!(all.insert(id), "{id:?} from two generators");
        }
    }
    assert_eq!(all.len(), 1_000_000);
}

#[test]
fn two_generators_are_unique_by_their_random_starts_not_ordered() {
    let (mut a, mut b) = (Generator::new(), Generator::new());
    let ids_a: Vec<Uuid7> = (0..10_000).map(|_| a.generate()).collect();
    let ids_b: Vec<Uuid7> = (0..10_000).map(|_| b.generate()).collect();
    let set: HashSet<Uuid7> = ids_a.iter().copied().collect();
    assert!(ids_b.iter().all(|id| !set.contains(id)));
    // The same millisecond, different counters: each generator drew its own start.
    let (x, y) = (a.generate(), b.generate());
    if x.timestamp_ms() == y.timestamp_ms() {
        assert_ne!(x.counter(), y.counter());
    }
    // Nor do they follow the process-wide sequence's order.
    let shared = uuid7::generate();
    assert!(!set.contains(&shared));
}

#[cfg(unix)]
#[test]
fn a_forked_child_never_repeats_the_parent_s_ids() {
    let generator = std::cell::RefCell::new(Generator::new());
    let before = generator.borrow_mut().generate();
    let (child, parent) = test_support::fork::assert_child_shares_no_id(before, || {
        let mut generator = generator.borrow_mut();
        let mut ids = vec![generator.generate()];
        let mut batch = [Uuid7::MIN; 1000];
        generator.fill(&mut batch);
        ids.extend_from_slice(&batch);
        ids
    });
    assert_eq!(child.len(), 1001);
    generated::assert_strictly_increasing(&child);
    generated::assert_strictly_increasing(&parent);
    // The parent goes on from where it was.
    assert!(before < parent[0]);
}

#[cfg(unix)]
mod range_ends {
    //! With the clock past the last millisecond, and before 1970, in processes of their own.

    use test_support::fresh::{self, FakeClock};
    use uuid7::{Generator, Uuid7};

    #[test]
    fn a_clock_past_the_last_millisecond_gives_ids_of_it() {
        const NAME: &str = "range_ends::a_clock_past_the_last_millisecond_gives_ids_of_it";
        if !fresh::is_fresh() {
            // 10890-01-01T00:00:00Z.
            let out = fresh::run_at_clock(NAME, FakeClock::UnixSeconds(281_488_089_600));
            assert!(out.contains("1002 ids of the last millisecond"), "{out}");
            return;
        }
        let mut generator = Generator::new();
        let mut ids = vec![generator.generate(), generator.generate()];
        let mut batch = [Uuid7::MIN; 1000];
        generator.fill(&mut batch);
        ids.extend(batch);
        assert!(ids.windows(2).all(|pair| pair[0] < pair[1]), "{ids:?}");
        assert!(
            ids.iter()
                .all(|id| id.timestamp_ms() == Uuid7::MAX_TIMESTAMP_MS)
        );
        println!("{} ids of the last millisecond", ids.len());
    }

    #[test]
    fn a_clock_before_1970_reads_as_the_epoch() {
        const NAME: &str = "range_ends::a_clock_before_1970_reads_as_the_epoch";
        if !fresh::is_fresh() {
            let out = fresh::run_at_clock(NAME, FakeClock::Utc("1969-06-01 00:00:00"));
            assert!(out.contains("1002 ids of millisecond 0"), "{out}");
            return;
        }
        let mut generator = Generator::new();
        let mut ids = vec![generator.generate(), generator.generate()];
        let mut batch = [Uuid7::MIN; 1000];
        generator.fill(&mut batch);
        ids.extend(batch);
        assert!(ids.windows(2).all(|pair| pair[0] < pair[1]), "{ids:?}");
        assert!(ids.iter().all(|id| id.timestamp_ms() == 0));
        println!("{} ids of millisecond 0", ids.len());
    }
}

#[test]
fn a_generator_moves_to_another_thread_and_goes_on_there() {
    fn send<T: Send + 'static>(value: T) -> T {
        std::thread::spawn(move || value).join().unwrap()
    }
    let mut generator = Generator::new();
    let before = generator.generate();
    let mut generator = send(generator);
    assert!(generator.generate() > before);
    assert_eq!(format!("{generator:?}"), "Generator { .. }");
}
