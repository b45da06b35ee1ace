//! The checks of a format's date-time features (`chrono`, `time`, `jiff`), written once: the
//! ends of the range and one step past them, the rounding of instants inside one unit, time
//! zones, chrono's leap seconds, round trips, and time's and jiff's end in the year 9999; for
//! the timestamps (`timestamp_*`) and for the smallest and the largest id of an instant
//! (`min_at_*`, `max_at_*`).
//!
//! The expected values come from the format's specification, as RFC 3339 text each library
//! parses itself: a known id's timestamp and the first and last instants the id holds. The
//! range's numbers in the errors are checked against that text, not against the crate's
//! constants.

use core::fmt::{Debug, Display};

use chrono::{DateTime, FixedOffset, Utc};
use id_text::date_time::{DateTimeError, DateTimeOutOfRange, DateTimeOverflow, TimeUnit};
use time::format_description::well_known::Rfc3339;

/// A format's date-time API and the facts its specification gives.
pub struct DateTimeCase<T, E> {
    /// The id as messages name it: "a ULID".
    pub id: &'static str,
    /// The unit of the timestamp.
    pub unit: TimeUnit,
    /// The first instant the id holds, as RFC 3339 text.
    pub first: &'static str,
    /// The last instant the id holds, as RFC 3339 text (a year after 9999 is written with
    /// more digits, as chrono reads it).
    pub last: &'static str,
    /// An id's timestamp from the specification's example, as RFC 3339 text.
    pub known: &'static str,
    /// The largest id of this timestamp (every other field all ones), made by the test from
    /// the format's specification.
    pub largest: fn(u64) -> T,
    /// The smallest id of this timestamp (its other fields zero).
    pub smallest: fn(u64) -> T,
    /// `timestamp_chrono`.
    pub to_chrono: fn(T) -> DateTime<Utc>,
    /// `timestamp_time`.
    pub to_time: fn(T) -> Result<time::OffsetDateTime, E>,
    /// `timestamp_jiff`.
    pub to_jiff: fn(T) -> Result<jiff::Timestamp, E>,
    /// `min_at_chrono`.
    pub min_at_chrono: fn(DateTime<FixedOffset>) -> Result<T, E>,
    /// `min_at_time`.
    pub min_at_time: fn(time::OffsetDateTime) -> Result<T, E>,
    /// `min_at_jiff`.
    pub min_at_jiff: fn(jiff::Timestamp) -> Result<T, E>,
    /// `max_at_chrono`.
    pub max_at_chrono: fn(DateTime<FixedOffset>) -> Result<T, E>,
    /// `max_at_time`.
    pub max_at_time: fn(time::OffsetDateTime) -> Result<T, E>,
    /// `max_at_jiff`.
    pub max_at_jiff: fn(jiff::Timestamp) -> Result<T, E>,
}

/// Every check below, in turn.
pub fn check<T, E>(case: &DateTimeCase<T, E>)
where
    T: Copy + PartialEq + Debug,
    E: From<DateTimeError> + PartialEq + Debug + Display,
{
    a_known_value_is_what_each_library_parses(case);
    the_first_instant_is_the_smallest_id_and_one_nanosecond_before_is_out_of_range(case);
    the_last_unit_converts_and_one_more_is_out_of_range(case);
    instants_within_a_unit_give_the_id_of_its_start(case);
    a_chrono_leap_second_counts_as_the_end_of_the_second_before(case);
    date_times_round_trip_through_each_library(case);
    timestamps_after_the_year_9999_overflow_time_and_jiff(case);
}

/// Nanoseconds since the Unix epoch of an RFC 3339 text in UTC, as chrono parses it: its date
/// and its time apart, since RFC 3339 has four digits for a year and a ULID's range ends in
/// 10889.
fn nanos(text: &str) -> i128 {
    let parsed = text.split_once('T').and_then(|(date, time)| {
        let mut parts = date.splitn(3, '-').map(str::parse::<u32>);
        let (year, month, day) = (
            parts.next()?.ok()?,
            parts.next()?.ok()?,
            parts.next()?.ok()?,
        );
        let date = chrono::NaiveDate::from_ymd_opt(i32::try_from(year).ok()?, month, day)?;
        let time = chrono::NaiveTime::parse_from_str(time, "%H:%M:%S%.fZ").ok()?;
        Some(date.and_time(time).and_utc())
    });
    let at = parsed.unwrap_or_else(|| panic!("{text} is not RFC 3339 text in UTC"));
    i128::from(at.timestamp()) * 1_000_000_000 + i128::from(at.timestamp_subsec_nanos())
}

/// The unit, in nanoseconds.
fn unit_nanos(unit: TimeUnit) -> i128 {
    match unit {
        TimeUnit::Milliseconds => 1_000_000,
        TimeUnit::Seconds => 1_000_000_000,
    }
}

/// The timestamp (in the case's unit) of an RFC 3339 text that falls on a unit.
fn timestamp<T, E>(case: &DateTimeCase<T, E>, text: &str) -> u64 {
    let nanos = nanos(text);
    assert_eq!(
        nanos % unit_nanos(case.unit),
        0,
        "{text} is not on a {} boundary",
        case.unit
    );
    u64::try_from(nanos / unit_nanos(case.unit)).unwrap()
}

/// The instant `nanos` in chrono, whose range holds every id's.
fn chrono_at(nanos: i128) -> DateTime<FixedOffset> {
    let seconds = i64::try_from(nanos.div_euclid(1_000_000_000)).unwrap();
    let subsec = u32::try_from(nanos.rem_euclid(1_000_000_000)).unwrap();
    DateTime::from_timestamp(seconds, subsec)
        .unwrap()
        .fixed_offset()
}

/// The instant `nanos` in each library (up to the year 9999).
fn instants(nanos: i128) -> (DateTime<FixedOffset>, time::OffsetDateTime, jiff::Timestamp) {
    (
        chrono_at(nanos),
        time::OffsetDateTime::from_unix_timestamp_nanos(nanos).unwrap(),
        jiff::Timestamp::from_nanosecond(nanos).unwrap(),
    )
}

/// The error of a date-time at `value` (in the case's unit), out of the case's range.
fn out_of_range<T, E: From<DateTimeError>>(case: &DateTimeCase<T, E>, value: i64) -> E {
    E::from(DateTimeError::OutOfRange(DateTimeOutOfRange {
        value,
        min: timestamp(case, case.first),
        max: timestamp(case, case.last),
        unit: case.unit,
        id: case.id,
    }))
}

/// The three `min_at_*` of one instant, which agree; and the three `max_at_*`, which agree
/// with each other and fail exactly where the `min_at_*` fail, with the same error.
fn min_at<T, E>(case: &DateTimeCase<T, E>, nanos: i128) -> Result<T, E>
where
    T: PartialEq + Debug,
    E: PartialEq + Debug,
{
    let (c, t, j) = instants(nanos);
    let found = (case.min_at_chrono)(c);
    assert_eq!((case.min_at_time)(t), found, "min_at_time at {nanos} ns");
    assert_eq!((case.min_at_jiff)(j), found, "min_at_jiff at {nanos} ns");
    let max = max_at(case, nanos);
    assert_eq!(
        max.is_ok(),
        found.is_ok(),
        "max_at_* and min_at_* at {nanos} ns"
    );
    if let (Err(max), Err(min)) = (&max, &found) {
        assert_eq!(
            max, min,
            "the errors of max_at_* and min_at_* at {nanos} ns"
        );
    }
    found
}

/// The three `max_at_*` of one instant, which agree.
fn max_at<T, E>(case: &DateTimeCase<T, E>, nanos: i128) -> Result<T, E>
where
    T: PartialEq + Debug,
    E: PartialEq + Debug,
{
    let (c, t, j) = instants(nanos);
    let found = (case.max_at_chrono)(c);
    assert_eq!((case.max_at_time)(t), found, "max_at_time at {nanos} ns");
    assert_eq!((case.max_at_jiff)(j), found, "max_at_jiff at {nanos} ns");
    found
}

fn a_known_value_is_what_each_library_parses<T, E>(case: &DateTimeCase<T, E>)
where
    T: Copy + PartialEq + Debug,
    E: PartialEq + Debug,
{
    let known = timestamp(case, case.known);
    let id = (case.largest)(known);
    assert_eq!(
        (case.to_chrono)(id),
        DateTime::parse_from_rfc3339(case.known).unwrap()
    );
    let time = (case.to_time)(id).unwrap();
    assert_eq!(
        time,
        time::OffsetDateTime::parse(case.known, &Rfc3339).unwrap()
    );
    assert_eq!(time.offset(), time::UtcOffset::UTC);
    assert_eq!(
        (case.to_jiff)(id).unwrap(),
        case.known.parse::<jiff::Timestamp>().unwrap()
    );
    assert_eq!(
        (case.to_chrono)(id).to_rfc3339_opts(chrono::SecondsFormat::AutoSi, true),
        case.known
    );
    assert_eq!(min_at(case, nanos(case.known)), Ok((case.smallest)(known)));
    assert_eq!(max_at(case, nanos(case.known)), Ok((case.largest)(known)));
}

fn the_first_instant_is_the_smallest_id_and_one_nanosecond_before_is_out_of_range<T, E>(
    case: &DateTimeCase<T, E>,
) where
    T: Copy + PartialEq + Debug,
    E: From<DateTimeError> + PartialEq + Debug + Display,
{
    let first = timestamp(case, case.first);
    let smallest = (case.smallest)(first);
    assert_eq!(min_at(case, nanos(case.first)), Ok(smallest));
    assert_eq!(max_at(case, nanos(case.first)), Ok((case.largest)(first)));
    let (c, t, j) = instants(nanos(case.first));
    assert_eq!((case.to_chrono)(smallest), c);
    assert_eq!((case.to_time)(smallest), Ok(t));
    assert_eq!((case.to_jiff)(smallest), Ok(j));
    // Rounded toward the past, not toward zero (which would put the instant a nanosecond
    // before 1970 at the epoch).
    let before = i64::try_from(first).unwrap() - 1;
    assert_eq!(
        min_at(case, nanos(case.first) - 1),
        Err(out_of_range(case, before))
    );
    let far = nanos("1900-01-01T00:00:00Z");
    let error = min_at(case, far).unwrap_err();
    let value = far.div_euclid(unit_nanos(case.unit));
    assert_eq!(error, out_of_range(case, i64::try_from(value).unwrap()));
    let message = error.to_string();
    for part in ["out of range", case.id, case.first, case.last] {
        assert!(message.contains(part), "{message:?} lacks {part:?}");
    }
}

fn the_last_unit_converts_and_one_more_is_out_of_range<T, E>(case: &DateTimeCase<T, E>)
where
    T: Copy + PartialEq + Debug,
    E: From<DateTimeError> + PartialEq + Debug,
{
    let last = timestamp(case, case.last);
    let id = (case.largest)(last);
    let c = chrono_at(nanos(case.last));
    assert_eq!((case.to_chrono)(id), c);
    assert_eq!((case.min_at_chrono)(c), Ok((case.smallest)(last)));
    assert_eq!((case.max_at_chrono)(c), Ok(id));
    let past = nanos(case.last) + unit_nanos(case.unit);
    let c = chrono_at(past);
    let past_value = i64::try_from(last).unwrap() + 1;
    assert_eq!((case.min_at_chrono)(c), Err(out_of_range(case, past_value)));
    assert_eq!((case.max_at_chrono)(c), Err(out_of_range(case, past_value)));
    if jiff::Timestamp::from_nanosecond(past).is_ok() {
        // The whole range is within time's and jiff's: the same at both ends for all three.
        assert_eq!(min_at(case, past), Err(out_of_range(case, past_value)));
        assert_eq!(min_at(case, past - 1), Ok((case.smallest)(last)));
        assert_eq!(max_at(case, past - 1), Ok(id));
        let (_, t, j) = instants(nanos(case.last));
        assert_eq!((case.to_time)(id), Ok(t));
        assert_eq!((case.to_jiff)(id), Ok(j));
    }
}

fn instants_within_a_unit_give_the_id_of_its_start<T, E>(case: &DateTimeCase<T, E>)
where
    T: Copy + PartialEq + Debug,
    E: PartialEq + Debug,
{
    let known = timestamp(case, case.known);
    let expected = Ok((case.smallest)(known));
    let largest = Ok((case.largest)(known));
    let end = nanos(case.known) + unit_nanos(case.unit) - 1;
    assert_eq!(min_at(case, end), expected);
    assert_eq!(max_at(case, end), largest);
    assert_eq!(max_at(case, nanos(case.known)), largest);
    // A time zone changes nothing: the instant is the same.
    let (c, t, _) = instants(end);
    let paris = c.with_timezone(&FixedOffset::east_opt(3600).unwrap());
    assert_eq!((case.min_at_chrono)(paris), expected);
    assert_eq!((case.max_at_chrono)(paris), largest);
    let new_york = t.to_offset(time::UtcOffset::from_hms(-5, 0, 0).unwrap());
    assert_eq!((case.min_at_time)(new_york), expected);
    assert_eq!((case.max_at_time)(new_york), largest);
}

/// A leap second, which chrono can hold and Unix time cannot, belongs to the second before it.
fn a_chrono_leap_second_counts_as_the_end_of_the_second_before<T, E>(case: &DateTimeCase<T, E>)
where
    T: Copy + PartialEq + Debug,
    E: From<DateTimeError> + PartialEq + Debug,
{
    let leap = chrono::NaiveDate::from_ymd_opt(2016, 12, 31)
        .unwrap()
        .and_hms_nano_opt(23, 59, 59, 1_500_000_000)
        .unwrap()
        .and_utc()
        .fixed_offset();
    let end_of_second = nanos("2016-12-31T23:59:59.999999999Z");
    let value = end_of_second.div_euclid(unit_nanos(case.unit));
    let expected = min_at(case, end_of_second);
    assert_eq!((case.min_at_chrono)(leap), expected);
    assert_eq!((case.max_at_chrono)(leap), max_at(case, end_of_second));
    if let Err(error) = expected {
        assert_eq!(error, out_of_range(case, i64::try_from(value).unwrap()));
    }
}

/// The last nanosecond both time and jiff hold (jiff's, the earlier).
fn end_of_time_and_jiff() -> i128 {
    jiff::Timestamp::MAX.as_nanosecond()
}

fn date_times_round_trip_through_each_library<T, E>(case: &DateTimeCase<T, E>)
where
    T: Copy + PartialEq + Debug,
    E: PartialEq + Debug,
{
    let first = timestamp(case, case.first);
    let end = nanos(case.last).min(end_of_time_and_jiff()) / unit_nanos(case.unit);
    let end = u64::try_from(end).unwrap();
    let step = (end - first) / 997;
    for n in 0..=997u64 {
        let at = first + n * step;
        let (id, lower) = ((case.largest)(at), (case.smallest)(at));
        let exact = i128::from(at) * unit_nanos(case.unit);
        let (c, t, j) = instants(exact);
        assert_eq!((case.to_chrono)(id), c);
        assert_eq!((case.to_time)(id), Ok(t));
        assert_eq!((case.to_jiff)(id), Ok(j));
        assert_eq!(
            (case.min_at_chrono)((case.to_chrono)(id).fixed_offset()),
            Ok(lower)
        );
        assert_eq!(min_at(case, exact), Ok(lower));
        assert_eq!(max_at(case, exact), Ok(id));
        assert_eq!(max_at(case, exact + unit_nanos(case.unit) - 1), Ok(id));
    }
}

/// time and jiff end in the year 9999: the last unit each holds converts, the next is an error
/// naming the library and its end. Nothing to check for a format whose range ends before.
fn timestamps_after_the_year_9999_overflow_time_and_jiff<T, E>(case: &DateTimeCase<T, E>)
where
    T: Copy + PartialEq + Debug,
    E: From<DateTimeError> + PartialEq + Debug + Display,
{
    let unit = unit_nanos(case.unit);
    let last_time = nanos("9999-12-31T23:59:59.999999999Z");
    let last_jiff = end_of_time_and_jiff();
    let last = nanos(case.last);
    for (library, end) in [
        ("time::OffsetDateTime", last_time),
        ("jiff::Timestamp", last_jiff),
    ] {
        if last <= end {
            continue;
        }
        let max = u64::try_from(end / unit).unwrap();
        let (id, past) = ((case.largest)(max), (case.largest)(max + 1));
        let exact = i128::from(max) * unit;
        let (converted, overflow) = if library == "jiff::Timestamp" {
            let at = jiff::Timestamp::from_nanosecond(exact).unwrap();
            (
                (case.to_jiff)(id) == Ok(at),
                (case.to_jiff)(past).map(|_| ()),
            )
        } else {
            let at = time::OffsetDateTime::from_unix_timestamp_nanos(exact).unwrap();
            (
                (case.to_time)(id) == Ok(at),
                (case.to_time)(past).map(|_| ()),
            )
        };
        assert!(converted, "the last {} of {library}", case.unit);
        let expected = E::from(DateTimeError::Overflow(DateTimeOverflow {
            value: max + 1,
            max,
            unit: case.unit,
            library,
        }));
        let error = overflow.unwrap_err();
        assert_eq!(error, expected);
        let message = error.to_string();
        for part in [library, &max.to_string(), "9999-12-"] {
            assert!(message.contains(part), "{message:?} lacks {part:?}");
        }
    }
}
