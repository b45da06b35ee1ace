//! The clock faults of `test_support::clock_faults` through `generate_at`, each with the exact
//! ids the rule predicts: a clock that steps back ten seconds, one that jumps an hour ahead,
//! and one stuck for a million ids. Snowflake's own 12-bit sequence restarts at 0 on every
//! millisecond, so nothing stands in for it.
#![cfg(feature = "generate")]

use snowflake::{Error, SnowflakeId, SnowflakeIdGenerator};
use test_support::clock_faults::Format;

/// Snowflake ids to the clock-fault suite: milliseconds, sequences from 0, and the text.
const SNOWFLAKE: Format<SnowflakeId> = Format::new(1_000, |id: SnowflakeId| {
    (id.timestamp_ms(), id.sequence().into())
})
.text(|id| id.to_string());

/// `generate_at` of a new generator, whose ids must all carry its worker id.
fn fresh_generator() -> impl FnMut(u64) -> Result<SnowflakeId, Error> {
    const WORKER: u16 = 321;
    let generator = SnowflakeIdGenerator::new(WORKER).unwrap();
    move |now_ms| {
        let id = generator.generate_at(now_ms)?;
        assert_eq!(id.worker_id(), WORKER, "{id:?}");
        Ok(id)
    }
}

#[test]
fn a_step_back_a_jump_forward_and_a_stuck_clock_serve_the_ids_the_rule_predicts() {
    SNOWFLAKE.step_back(fresh_generator());
    SNOWFLAKE.jump_forward(fresh_generator());
    SNOWFLAKE.stuck(4096, fresh_generator());
}
