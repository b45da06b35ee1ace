//! `ulid::Generator`: a generator owned by its caller. Its ids increase within it, two of
//! them are unique but not ordered, a forked child never repeats the parent's ids, and every id
//! is fresh: within the clock readings around it, from several threads (each with its own
//! generator). The same at the ends of the range, with the clock set there by `faketime`. The
//! suite is the one every owned generator gets (`test_support::suites`).
#![cfg(feature = "generate")]

test_support::owned_generator_tests!(ulid, Ulid, random);
