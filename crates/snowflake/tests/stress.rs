//! Four threads share one generator and draw 250,000 ids each, mixing `generate` and `fill`
//! batches of varying sizes: the million ids are all distinct, and each thread's are strictly
//! increasing. No timing is measured. (Two generators with different worker ids on two
//! threads are in `tests/generate.rs`.)
#![cfg(feature = "generate")]

use snowflake::{SnowflakeId, SnowflakeIdGenerator};
use test_support::stress;

#[test]
fn a_million_ids_from_four_threads_sharing_one_generator_are_distinct_and_increase_per_thread() {
    let generator = SnowflakeIdGenerator::new(19).unwrap();
    stress::four_threads_distinct_and_increasing(
        || generator.generate().unwrap(),
        |out| generator.fill(out).unwrap(),
        SnowflakeId::MIN,
    );
}
