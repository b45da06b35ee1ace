//! Features `chrono`, `time` and `jiff`: the checks of `test_support::date_time`, against
//! the range MongoDB's specification gives (32 bits of seconds from the Unix epoch) and the
//! timestamp of its example ObjectId (507c7f79bcf86cd7994f6c0e).
#![cfg(all(feature = "chrono", feature = "time", feature = "jiff"))]

use objectid::{ObjectId, TimeUnit};
use test_support::date_time::{DateTimeCase, check};

#[test]
fn date_times_convert_to_the_end_of_the_range_and_of_each_library() {
    check(&DateTimeCase {
        id: "an ObjectId",
        unit: TimeUnit::Seconds,
        first: "1970-01-01T00:00:00Z",
        last: "2106-02-07T06:28:15Z",
        known: "2012-10-15T21:26:17Z",
        largest: |s| ObjectId::from_parts(s, ObjectId::MAX_COUNTER).unwrap(),
        smallest: |s| ObjectId::from_parts(s, 0).unwrap(),
        to_chrono: ObjectId::timestamp_chrono,
        to_time: ObjectId::timestamp_time,
        to_jiff: ObjectId::timestamp_jiff,
        min_at_chrono: ObjectId::min_at_chrono,
        min_at_time: ObjectId::min_at_time,
        min_at_jiff: ObjectId::min_at_jiff,
        max_at_chrono: ObjectId::max_at_chrono,
        max_at_time: ObjectId::max_at_time,
        max_at_jiff: ObjectId::max_at_jiff,
    });
}
