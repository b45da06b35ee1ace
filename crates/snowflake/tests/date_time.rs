//! Features `chrono`, `time` and `jiff`: the checks of `test_support::date_time`, against
//! the range of the layout (41 bits of milliseconds from 2024-01-01T00:00:00Z) and a second
//! into it.
#![cfg(all(feature = "chrono", feature = "time", feature = "jiff"))]

use snowflake::{SnowflakeId, TimeUnit};
use test_support::date_time::{DateTimeCase, check};

#[test]
fn date_times_convert_to_the_end_of_the_range_and_of_each_library() {
    check(&DateTimeCase {
        id: "a Snowflake id",
        unit: TimeUnit::Milliseconds,
        first: "2024-01-01T00:00:00Z",
        last: "2093-09-06T15:47:35.551Z",
        known: "2024-01-01T00:00:01Z",
        largest: |ms| SnowflakeId::from_parts(ms, 1023, 4095).unwrap(),
        smallest: |ms| SnowflakeId::from_parts(ms, 0, 0).unwrap(),
        to_chrono: SnowflakeId::timestamp_chrono,
        to_time: SnowflakeId::timestamp_time,
        to_jiff: SnowflakeId::timestamp_jiff,
        min_at_chrono: SnowflakeId::min_at_chrono,
        min_at_time: SnowflakeId::min_at_time,
        min_at_jiff: SnowflakeId::min_at_jiff,
        max_at_chrono: SnowflakeId::max_at_chrono,
        max_at_time: SnowflakeId::max_at_time,
        max_at_jiff: SnowflakeId::max_at_jiff,
    });
}
