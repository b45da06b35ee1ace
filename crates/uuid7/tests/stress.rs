//! Four threads draw 250,000 ids each from the process-wide sequence, mixing `generate` and
//! `fill` batches of varying sizes: the million ids are all distinct, and each thread's are
//! strictly increasing. No timing is measured.
#![cfg(feature = "generate")]

use test_support::stress;

#[test]
fn a_million_ids_from_four_threads_are_distinct_and_increase_per_thread() {
    stress::four_threads_distinct_and_increasing(uuid7::generate, uuid7::fill, uuid7::Uuid7::MIN);
}
