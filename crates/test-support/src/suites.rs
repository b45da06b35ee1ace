//! Test suites that ULID and UUIDv7 share, both 48-bit milliseconds over the engine: each
//! format's test file instantiates one with its crate, its id type and the name of its counter.
//!
//! - [`owned_generator_tests!`](crate::owned_generator_tests): a generator owned by its caller
//!   (`tests/generator.rs`).
//! - [`clock_range_tests!`](crate::clock_range_tests): generation from the wall clock at each
//!   end of the range, with the clock set there by `faketime` (`tests/clock_range.rs`).

/// The tests of `$krate::Generator`, whose ids are `$krate::$Id` with the counter `$counter`
/// (the accessor of the bits that step by one within a millisecond): its ids increase within
/// it, two of them are unique but not ordered, a forked child never repeats the parent's ids,
/// every id is within the clock readings around it from four threads (each with its own
/// generator), and the same at the ends of the range with the clock set there by `faketime`
/// (in a module `range_ends`: the tests name themselves for `fresh`). Expanded at the root of
/// a test file, for a format whose generator reads 48-bit milliseconds.
#[macro_export]
macro_rules! owned_generator_tests {
    ($krate:ident, $Id:ident, $counter:ident) => {
        use $krate::$Id;

        #[test]
        fn a_million_ids_of_one_generator_strictly_increase_one_by_one_in_a_millisecond() {
            let mut generator = $krate::Generator::new();
            let ids: Vec<$Id> = (0..1_000_000).map(|_| generator.generate()).collect();
            $crate::generated::assert_strictly_increasing(&ids);
            // Within a millisecond the counter steps by one, as the policy says.
            for pair in ids.windows(2) {
                if pair[0].timestamp_ms() == pair[1].timestamp_ms() {
                    assert_eq!(pair[1].$counter(), pair[0].$counter() + 1, "{pair:?}");
                }
            }
            let mut batch = vec![$Id::MIN; 100_000];
            generator.fill(&mut batch);
            assert!(ids[ids.len() - 1] < batch[0]);
            $crate::generated::assert_strictly_increasing(&batch);
            generator.fill(&mut []);
            assert!(batch[batch.len() - 1] < generator.generate());
        }

        #[test]
        fn every_id_is_within_the_clock_readings_around_it_from_four_threads() {
            let threads: Vec<_> = (0..4)
                .map(|_| {
                    std::thread::spawn(|| {
                        let mut generator = $krate::Generator::default();
                        let mut ids = Vec::with_capacity(250_000);
                        for _ in 0..250_000 {
                            let before = $crate::generated::unix_ms();
                            let id = generator.generate();
                            let after = $crate::generated::unix_ms();
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
            let mut all = ::std::collections::HashSet::new();
            for thread in threads {
                let ids = thread.join().unwrap();
                $crate::generated::assert_strictly_increasing(&ids);
                for id in ids {
                    assert!(all.insert(id), "{id:?} from two generators");
                }
            }
            assert_eq!(all.len(), 1_000_000);
        }

        #[test]
        fn two_generators_are_unique_by_their_random_starts_not_ordered() {
            let (mut a, mut b) = ($krate::Generator::new(), $krate::Generator::new());
            let ids_a: Vec<$Id> = (0..10_000).map(|_| a.generate()).collect();
            let ids_b: Vec<$Id> = (0..10_000).map(|_| b.generate()).collect();
            let set: ::std::collections::HashSet<$Id> = ids_a.iter().copied().collect();
            assert!(ids_b.iter().all(|id| !set.contains(id)));
            // The same millisecond, different counters: each generator drew its own start.
            let (x, y) = (a.generate(), b.generate());
            if x.timestamp_ms() == y.timestamp_ms() {
                assert_ne!(x.$counter(), y.$counter());
            }
            // Nor do they follow the process-wide sequence's order.
            let shared = $krate::generate();
            assert!(!set.contains(&shared));
        }

        #[cfg(unix)]
        #[test]
        fn a_forked_child_never_repeats_the_parent_s_ids() {
            let generator = ::std::cell::RefCell::new($krate::Generator::new());
            let before = generator.borrow_mut().generate();
            let (child, parent) = $crate::fork::assert_child_shares_no_id(before, || {
                let mut generator = generator.borrow_mut();
                let mut ids = vec![generator.generate()];
                let mut batch = [$Id::MIN; 1000];
                generator.fill(&mut batch);
                ids.extend_from_slice(&batch);
                ids
            });
            assert_eq!(child.len(), 1001);
            $crate::generated::assert_strictly_increasing(&child);
            $crate::generated::assert_strictly_increasing(&parent);
            // The parent goes on from where it was.
            assert!(before < parent[0]);
        }

        #[cfg(unix)]
        mod range_ends {
            //! With the clock past the last millisecond, and before 1970, in processes of their own.

            use $crate::fresh::{self, FakeClock};
            use $krate::$Id;

            /// Two ids and a fill of 1,000 from a new generator, strictly increasing: what each
            /// end of the range is checked on.
            fn ids_of_a_new_generator() -> Vec<$Id> {
                let mut generator = $krate::Generator::new();
                let mut ids = vec![generator.generate(), generator.generate()];
                let mut batch = [$Id::MIN; 1000];
                generator.fill(&mut batch);
                ids.extend(batch);
                assert!(ids.windows(2).all(|pair| pair[0] < pair[1]), "{ids:?}");
                ids
            }

            #[test]
            fn a_clock_past_the_last_millisecond_gives_ids_of_it() {
                const NAME: &str = "range_ends::a_clock_past_the_last_millisecond_gives_ids_of_it";
                if !fresh::is_fresh() {
                    // 10890-01-01T00:00:00Z.
                    let out = fresh::run_at_clock(NAME, FakeClock::UnixSeconds(281_488_089_600));
                    assert!(out.contains("1002 ids of the last millisecond"), "{out}");
                    return;
                }
                let ids = ids_of_a_new_generator();
                assert!(
                    ids.iter()
                        .all(|id| id.timestamp_ms() == $Id::MAX_TIMESTAMP_MS)
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
                let ids = ids_of_a_new_generator();
                assert!(ids.iter().all(|id| id.timestamp_ms() == 0));
                println!("{} ids of millisecond 0", ids.len());
            }
        }

        #[test]
        fn a_generator_moves_to_another_thread_and_goes_on_there() {
            fn send<T: Send + 'static>(value: T) -> T {
                std::thread::spawn(move || value).join().unwrap()
            }
            let mut generator = $krate::Generator::new();
            let before = generator.generate();
            let mut generator = send(generator);
            assert!(generator.generate() > before);
            assert_eq!(format!("{generator:?}"), "Generator { .. }");
        }
    };
}

/// The tests of generation from the wall clock at each end of the range of `$krate::$Id`, with
/// the clock set there by `faketime`, each in a process of the test binary of its own:
///
/// - a clock before 1970 reads as the Unix epoch (the engine's rule): ids of millisecond 0,
///   strictly increasing, from every function;
/// - a clock past the last millisecond (10889-08-02T05:31:50.655Z): `generate` and `fill` give
///   ids of it, strictly increasing (the counter goes on, as under a clock that stands still);
///   `try_generate` and `try_fill` return the range error with the clock's reading and leave
///   the sequence as it was.
///
/// Expanded at the root of a test file (the tests name themselves for `fresh`).
#[macro_export]
macro_rules! clock_range_tests {
    ($krate:ident, $Id:ident) => {
        /// Whether `ids` are strictly increasing, all of millisecond `ms`.
        fn increasing_at(ids: &[$krate::$Id], ms: u64) -> bool {
            ids.windows(2).all(|pair| pair[0] < pair[1]) && ids.iter().all(|id| id.timestamp_ms() == ms)
        }

        #[test]
        fn a_clock_past_the_last_millisecond_gives_ids_of_it_or_the_range_error() {
            if !$crate::fresh::is_fresh() {
                // 10890-01-01T00:00:00Z.
                let clock = $crate::fresh::FakeClock::UnixSeconds(281_488_089_600);
                let out = $crate::fresh::run_at_clock(
                    "a_clock_past_the_last_millisecond_gives_ids_of_it_or_the_range_error",
                    clock,
                );
                assert!(out.contains("1003 ids of the last millisecond"), "{out}");
                return;
            }
            let last = $krate::$Id::MAX_TIMESTAMP_MS;
            let refused = |error: $krate::Error| matches!(error, $krate::Error::TimestampOutOfRange { value, max } if value > last && max == last);
            // The checked functions refuse, and the sequence does not move.
            assert!(refused($krate::try_generate().unwrap_err()));
            let mut untouched = [$krate::$Id::MIN; 3];
            assert!(refused($krate::try_fill(&mut untouched).unwrap_err()));
            assert_eq!(untouched, [$krate::$Id::MIN; 3]);
            // The others serve the last millisecond, in order.
            let mut ids = vec![$krate::generate(), $krate::generate()];
            let mut filled = [$krate::$Id::MIN; 1000];
            $krate::fill(&mut filled);
            ids.extend(filled);
            assert!(refused($krate::try_generate().unwrap_err()));
            ids.push($krate::generate());
            assert!(increasing_at(&ids, last), "{ids:?}");
            // Explicit timestamps are unchanged: the last one is made, the next one refused.
            assert_eq!(
                $krate::generate_at(last).map(|id| id.timestamp_ms()),
                Ok(last)
            );
            assert!($krate::generate_at(last + 1).is_err());
            println!("{} ids of the last millisecond", ids.len());
        }

        #[test]
        fn a_clock_before_1970_reads_as_the_epoch() {
            if !$crate::fresh::is_fresh() {
                let clock = $crate::fresh::FakeClock::Utc("1969-06-01 00:00:00");
                let out = $crate::fresh::run_at_clock("a_clock_before_1970_reads_as_the_epoch", clock);
                assert!(out.contains("1003 ids of millisecond 0"), "{out}");
                return;
            }
            let mut ids = vec![$krate::generate(), $krate::try_generate().unwrap()];
            let mut filled = [$krate::$Id::MIN; 1000];
            $krate::fill(&mut filled);
            ids.extend(filled);
            $krate::try_fill(&mut filled[..1]).unwrap();
            ids.push(filled[0]);
            assert!(increasing_at(&ids, 0), "{ids:?}");
            println!("{} ids of millisecond 0", ids.len());
        }
    };
}
