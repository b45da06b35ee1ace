//! Features `chrono`, `time` and `jiff`: the checks of `test_support::date_time`, against
//! the range RFC 9562 gives (48 bits of milliseconds from the Unix epoch) and the timestamp of
//! its example UUIDv7 (appendix A.6, 017f22e2-79b0-…).
#![cfg(all(feature = "chrono", feature = "time", feature = "jiff"))]

use test_support::date_time::{DateTimeCase, check};
use uuid7::{TimeUnit, Uuid7};

#[test]
fn date_times_convert_to_the_end_of_the_range_and_of_each_library() {
    check(&DateTimeCase {
        id: "a UUIDv7",
        unit: TimeUnit::Milliseconds,
        first: "1970-01-01T00:00:00Z",
        last: "10889-08-02T05:31:50.655Z",
        known: "2022-02-22T19:22:22Z",
        largest: |ms| Uuid7::from_parts(ms, Uuid7::MAX_COUNTER).unwrap(),
        smallest: |ms| Uuid7::from_parts(ms, 0).unwrap(),
        to_chrono: Uuid7::timestamp_chrono,
        to_time: Uuid7::timestamp_time,
        to_jiff: Uuid7::timestamp_jiff,
        min_at_chrono: Uuid7::min_at_chrono,
        min_at_time: Uuid7::min_at_time,
        min_at_jiff: Uuid7::min_at_jiff,
        max_at_chrono: Uuid7::max_at_chrono,
        max_at_time: Uuid7::max_at_time,
        max_at_jiff: Uuid7::max_at_jiff,
    });
}
