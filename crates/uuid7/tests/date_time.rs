//! Features `chrono`, `time` and `jiff`: the ends of the range, one step past them, the
//! rounding of instants between two milliseconds, round trips, and each library's own parse of RFC 3339.
#![cfg(all(feature = "chrono", feature = "time", feature = "jiff"))]

use chrono::TimeZone;
use time::format_description::well_known::Rfc3339;
use uuid7::{Error, Uuid7};

/// The error of any date-time at `value` ms since the Unix epoch, which is out of range.
fn out_of_range(value: i64) -> Error {
    Error::DateTimeOutOfRange {
        value,
        min: 0,
        max: Uuid7::MAX_TIMESTAMP_MS,
    }
}

/// The three libraries' own reading of one RFC 3339 text.
fn parse(
    text: &str,
) -> (
    chrono::DateTime<chrono::FixedOffset>,
    time::OffsetDateTime,
    jiff::Timestamp,
) {
    (
        chrono::DateTime::parse_from_rfc3339(text).unwrap(),
        time::OffsetDateTime::parse(text, &Rfc3339).unwrap(),
        text.parse().unwrap(),
    )
}

#[test]
fn a_known_value_is_what_each_library_parses_from_its_rfc_3339_text() {
    let id = Uuid7::from_parts(1645557742000, 12_345).unwrap();
    let (c, t, j) = parse("2022-02-22T19:22:22Z");
    assert_eq!(id.timestamp_chrono(), c);
    assert_eq!(id.timestamp_time().unwrap(), t);
    assert_eq!(id.timestamp_jiff().unwrap(), j);
    assert_eq!(id.timestamp_time().unwrap().offset(), time::UtcOffset::UTC);
    assert_eq!(
        id.timestamp_chrono()
            .to_rfc3339_opts(chrono::SecondsFormat::AutoSi, true),
        "2022-02-22T19:22:22Z"
    );
    for lower in [
        Uuid7::min_at_chrono(c),
        Uuid7::min_at_time(t),
        Uuid7::min_at_jiff(j),
    ] {
        assert_eq!(lower, Ok(Uuid7::from_parts(1645557742000, 0).unwrap()));
    }
}

#[test]
fn the_first_ms_of_the_range_is_the_smallest_id() {
    let (c, t, j) = parse("1970-01-01T00:00:00Z");
    assert_eq!(Uuid7::min_at_chrono(c), Ok(Uuid7::MIN));
    assert_eq!(Uuid7::min_at_time(t), Ok(Uuid7::MIN));
    assert_eq!(Uuid7::min_at_jiff(j), Ok(Uuid7::MIN));
    assert_eq!(Uuid7::MIN.timestamp_chrono(), c);
    assert_eq!(Uuid7::MIN.timestamp_time().unwrap(), t);
    assert_eq!(Uuid7::MIN.timestamp_jiff().unwrap(), j);
}

/// An instant a nanosecond before the range is before it: rounded toward the past, not toward
/// zero (which would put 1969-12-31T23:59:59.999999999Z at the epoch).
#[test]
fn one_nanosecond_before_the_range_is_out_of_range() {
    let (c, t, j) = parse("1969-12-31T23:59:59.999999999Z");
    let expected = Err(out_of_range(-1));
    assert_eq!(Uuid7::min_at_chrono(c), expected);
    assert_eq!(Uuid7::min_at_time(t), expected);
    assert_eq!(Uuid7::min_at_jiff(j), expected);
    let far = parse("1900-01-01T00:00:00Z");
    assert!(
        matches!(Uuid7::min_at_jiff(far.2), Err(Error::DateTimeOutOfRange { value, .. }) if value < 0)
    );
    let message = Uuid7::min_at_time(far.1).unwrap_err().to_string();
    assert!(
        message.contains("out of range") && message.contains("1970-01-01T00:00:00Z"),
        "{message}"
    );
}

#[test]
fn the_last_ms_of_the_range_converts_and_one_more_is_out_of_range() {
    let last = chrono::Utc.from_utc_datetime(
        &chrono::NaiveDate::from_ymd_opt(10889, 8, 2)
            .unwrap()
            .and_hms_nano_opt(5, 31, 50, 655000000)
            .unwrap(),
    );
    let id = Uuid7::from_parts(Uuid7::MAX_TIMESTAMP_MS, 12_345).unwrap();
    assert_eq!(id.timestamp_chrono(), last);
    assert_eq!(
        Uuid7::min_at_chrono(last),
        Ok(Uuid7::from_parts(Uuid7::MAX_TIMESTAMP_MS, 0).unwrap())
    );
    let step = chrono::TimeDelta::milliseconds(1);
    let past = i64::try_from(Uuid7::MAX_TIMESTAMP_MS).unwrap() + 1;
    assert_eq!(Uuid7::min_at_chrono(last + step), Err(out_of_range(past)));
    // time and jiff end before the range does: see below.
}

/// The digits below the millisecond are dropped: the id of an instant is the id of its millisecond.
#[test]
fn instants_within_a_ms_give_the_id_of_its_start() {
    let (c, t, j) = parse("2022-02-22T19:22:22.000999999Z");
    let expected = Ok(Uuid7::from_parts(1645557742000, 0).unwrap());
    assert_eq!(Uuid7::min_at_chrono(c), expected);
    assert_eq!(Uuid7::min_at_time(t), expected);
    assert_eq!(Uuid7::min_at_jiff(j), expected);
    // A time zone changes nothing: the instant is the same.
    let paris = c.with_timezone(&chrono::FixedOffset::east_opt(3600).unwrap());
    assert_eq!(Uuid7::min_at_chrono(paris), expected);
    let t = t.to_offset(time::UtcOffset::from_hms(-5, 0, 0).unwrap());
    assert_eq!(Uuid7::min_at_time(t), expected);
}

/// A leap second, which chrono can hold and Unix time cannot, belongs to the second before it.
#[test]
fn a_chrono_leap_second_counts_as_the_end_of_the_second_before() {
    let leap = chrono::NaiveDate::from_ymd_opt(2016, 12, 31)
        .unwrap()
        .and_hms_nano_opt(23, 59, 59, 1_500_000_000)
        .unwrap()
        .and_utc();
    let second = 1_483_228_799i64; // 2016-12-31T23:59:59Z
    let expected = second * 1000 + 999;
    match Uuid7::min_at_chrono(leap) {
        Ok(id) => assert_eq!(id.timestamp_ms(), u64::try_from(expected).unwrap()),
        Err(error) => assert_eq!(error, out_of_range(expected)),
    }
}

#[test]
fn date_times_round_trip_through_each_library() {
    // Up to the end of time's and jiff's range, the year 9999.
    let step = 253_402_207_200_000 / 997;
    for n in 0..=997u64 {
        let at = n * step;
        let id = Uuid7::from_parts(at, 12_345).unwrap();
        let lower = Uuid7::from_parts(at, 0).unwrap();
        assert_eq!(Uuid7::min_at_chrono(id.timestamp_chrono()), Ok(lower));
        assert_eq!(Uuid7::min_at_time(id.timestamp_time().unwrap()), Ok(lower));
        assert_eq!(Uuid7::min_at_jiff(id.timestamp_jiff().unwrap()), Ok(lower));
        let nanos = i128::from(at) * 1_000_000;
        assert_eq!(
            id.timestamp_chrono()
                .timestamp_nanos_opt()
                .map(i128::from)
                .unwrap_or(nanos),
            nanos
        );
        assert_eq!(id.timestamp_jiff().unwrap().as_nanosecond(), nanos);
        assert_eq!(id.timestamp_time().unwrap().unix_timestamp_nanos(), nanos);
    }
}

/// time and jiff end in the year 9999: the last ms they hold converts, the next is an error
/// naming the library and its end.
#[test]
fn timestamps_after_the_year_9999_are_out_of_time_s_and_jiff_s_range() {
    let last_time = time::Date::MAX.with_time(time::Time::MAX).assume_utc();
    let last_time_ms = u64::try_from(last_time.unix_timestamp_nanos() / 1_000_000).unwrap();
    assert_eq!(last_time_ms, 253_402_300_799_999); // 9999-12-31T23:59:59.999Z
    let id = Uuid7::from_parts(last_time_ms, 12_345).unwrap();
    assert_eq!(
        id.timestamp_time().unwrap(),
        last_time.replace_nanosecond(999_000_000).unwrap()
    );
    let past = Uuid7::from_parts(last_time_ms + 1, 0).unwrap();
    assert_eq!(
        past.timestamp_time(),
        Err(Error::DateTimeOverflow {
            value: last_time_ms + 1,
            max: last_time_ms,
            library: "time::OffsetDateTime"
        })
    );

    let last_jiff_ms = u64::try_from(jiff::Timestamp::MAX.as_millisecond()).unwrap();
    let id = Uuid7::from_parts(last_jiff_ms, 12_345).unwrap();
    assert_eq!(
        id.timestamp_jiff().unwrap().as_millisecond(),
        jiff::Timestamp::MAX.as_millisecond()
    );
    let past = Uuid7::from_parts(last_jiff_ms + 1, 0).unwrap();
    assert_eq!(
        past.timestamp_jiff(),
        Err(Error::DateTimeOverflow {
            value: last_jiff_ms + 1,
            max: last_jiff_ms,
            library: "jiff::Timestamp"
        })
    );
    assert!(Uuid7::MAX.timestamp_jiff().is_err());
    assert!(Uuid7::MAX.timestamp_time().is_err());
    let message = past.timestamp_jiff().unwrap_err().to_string();
    assert!(
        message.contains("jiff::Timestamp") && message.contains(&last_jiff_ms.to_string()),
        "{message}"
    );
}
