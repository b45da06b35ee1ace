//! Features `chrono`, `time` and `jiff`: the checks of `test_support::date_time`, against the
//! range the ULID specification gives (48 bits of milliseconds from the Unix epoch) and its
//! example timestamp.
#![cfg(all(feature = "chrono", feature = "time", feature = "jiff"))]

use test_support::date_time::{DateTimeCase, check};
use ulid::{TimeUnit, Ulid};

#[test]
fn date_times_convert_to_the_end_of_the_range_and_of_each_library() {
    check(&DateTimeCase {
        id: "a ULID",
        unit: TimeUnit::Milliseconds,
        first: "1970-01-01T00:00:00Z",
        last: "10889-08-02T05:31:50.655Z",
        known: "2016-07-30T23:54:10.259Z",
        largest: |ms| Ulid::from_parts(ms, (1 << 80) - 1).unwrap(),
        smallest: |ms| Ulid::from_parts(ms, 0).unwrap(),
        to_chrono: Ulid::timestamp_chrono,
        to_time: Ulid::timestamp_time,
        to_jiff: Ulid::timestamp_jiff,
        min_at_chrono: Ulid::min_at_chrono,
        min_at_time: Ulid::min_at_time,
        min_at_jiff: Ulid::min_at_jiff,
        max_at_chrono: Ulid::max_at_chrono,
        max_at_time: Ulid::max_at_time,
        max_at_jiff: Ulid::max_at_jiff,
    });
}
