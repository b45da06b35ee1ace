//! Features `chrono`, `time` and `jiff`: the ends of the range, one step past them, the
//! rounding of instants between two milliseconds, round trips, and each library's own parse of RFC 3339.
#![cfg(all(feature = "chrono", feature = "time", feature = "jiff"))]

use chrono::TimeZone;
use snowflake::EPOCH_MS;
use snowflake::{Error, SnowflakeId};
use time::format_description::well_known::Rfc3339;

/// The error of any date-time at `value` ms since the Unix epoch, which is out of range.
fn out_of_range(value: i64) -> Error {
    Error::DateTimeOutOfRange {
        value,
        min: EPOCH_MS,
        max: SnowflakeId::MAX_TIMESTAMP_MS,
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
    let id = SnowflakeId::from_parts(1704067201000, 1023, 4095).unwrap();
    let (c, t, j) = parse("2024-01-01T00:00:01Z");
    assert_eq!(id.timestamp_chrono(), c);
    assert_eq!(id.timestamp_time().unwrap(), t);
    assert_eq!(id.timestamp_jiff().unwrap(), j);
    assert_eq!(id.timestamp_time().unwrap().offset(), time::UtcOffset::UTC);
    assert_eq!(
        id.timestamp_chrono()
            .to_rfc3339_opts(chrono::SecondsFormat::AutoSi, true),
        "2024-01-01T00:00:01Z"
    );
    for lower in [
        SnowflakeId::min_at_chrono(c),
        SnowflakeId::min_at_time(t),
        SnowflakeId::min_at_jiff(j),
    ] {
        assert_eq!(
            lower,
            Ok(SnowflakeId::from_parts(1704067201000, 0, 0).unwrap())
        );
    }
}

#[test]
fn the_first_ms_of_the_range_is_the_smallest_id() {
    let (c, t, j) = parse("2024-01-01T00:00:00Z");
    assert_eq!(SnowflakeId::min_at_chrono(c), Ok(SnowflakeId::MIN));
    assert_eq!(SnowflakeId::min_at_time(t), Ok(SnowflakeId::MIN));
    assert_eq!(SnowflakeId::min_at_jiff(j), Ok(SnowflakeId::MIN));
    assert_eq!(SnowflakeId::MIN.timestamp_chrono(), c);
    assert_eq!(SnowflakeId::MIN.timestamp_time().unwrap(), t);
    assert_eq!(SnowflakeId::MIN.timestamp_jiff().unwrap(), j);
}

/// An instant a nanosecond before the range is before it: rounded toward the past, not toward
/// zero (which would put 1969-12-31T23:59:59.999999999Z at the epoch).
#[test]
fn one_nanosecond_before_the_range_is_out_of_range() {
    let (c, t, j) = parse("2023-12-31T23:59:59.999999999Z");
    let expected = Err(out_of_range(EPOCH_MS as i64 - 1));
    assert_eq!(SnowflakeId::min_at_chrono(c), expected);
    assert_eq!(SnowflakeId::min_at_time(t), expected);
    assert_eq!(SnowflakeId::min_at_jiff(j), expected);
    let far = parse("1900-01-01T00:00:00Z");
    assert!(
        matches!(SnowflakeId::min_at_jiff(far.2), Err(Error::DateTimeOutOfRange { value, .. }) if value < 0)
    );
    let message = SnowflakeId::min_at_time(far.1).unwrap_err().to_string();
    assert!(
        message.contains("out of range") && message.contains("2024-01-01T00:00:00Z"),
        "{message}"
    );
}

#[test]
fn the_last_ms_of_the_range_converts_and_one_more_is_out_of_range() {
    let last = chrono::Utc.from_utc_datetime(
        &chrono::NaiveDate::from_ymd_opt(2093, 9, 6)
            .unwrap()
            .and_hms_nano_opt(15, 47, 35, 551000000)
            .unwrap(),
    );
    let id = SnowflakeId::from_parts(SnowflakeId::MAX_TIMESTAMP_MS, 1023, 4095).unwrap();
    assert_eq!(id.timestamp_chrono(), last);
    assert_eq!(
        SnowflakeId::min_at_chrono(last),
        Ok(SnowflakeId::from_parts(SnowflakeId::MAX_TIMESTAMP_MS, 0, 0).unwrap())
    );
    let step = chrono::TimeDelta::milliseconds(1);
    let past = i64::try_from(SnowflakeId::MAX_TIMESTAMP_MS).unwrap() + 1;
    assert_eq!(
        SnowflakeId::min_at_chrono(last + step),
        Err(out_of_range(past))
    );
    // And with time and jiff, one ms past the end.
    let past_nanos = i128::from(past) * 1000000;
    let t = time::OffsetDateTime::from_unix_timestamp_nanos(past_nanos).unwrap();
    let j = jiff::Timestamp::from_nanosecond(past_nanos).unwrap();
    assert_eq!(SnowflakeId::min_at_time(t), Err(out_of_range(past)));
    assert_eq!(SnowflakeId::min_at_jiff(j), Err(out_of_range(past)));
    assert_eq!(
        SnowflakeId::min_at_time(t - time::Duration::NANOSECOND),
        Ok(SnowflakeId::from_parts(SnowflakeId::MAX_TIMESTAMP_MS, 0, 0).unwrap())
    );
    let id = SnowflakeId::from_parts(SnowflakeId::MAX_TIMESTAMP_MS, 1023, 4095).unwrap();
    assert_eq!(
        id.timestamp_time().unwrap().unix_timestamp_nanos(),
        i128::from(SnowflakeId::MAX_TIMESTAMP_MS) * 1_000_000
    );
    assert_eq!(
        id.timestamp_jiff().unwrap().as_nanosecond(),
        i128::from(SnowflakeId::MAX_TIMESTAMP_MS) * 1_000_000
    );
    assert_eq!(
        SnowflakeId::min_at_time(id.timestamp_time().unwrap()),
        Ok(SnowflakeId::from_parts(SnowflakeId::MAX_TIMESTAMP_MS, 0, 0).unwrap())
    );
    assert_eq!(
        SnowflakeId::min_at_jiff(id.timestamp_jiff().unwrap()),
        Ok(SnowflakeId::from_parts(SnowflakeId::MAX_TIMESTAMP_MS, 0, 0).unwrap())
    );
}

/// The digits below the millisecond are dropped: the id of an instant is the id of its millisecond.
#[test]
fn instants_within_a_ms_give_the_id_of_its_start() {
    let (c, t, j) = parse("2024-01-01T00:00:01.000999999Z");
    let expected = Ok(SnowflakeId::from_parts(1704067201000, 0, 0).unwrap());
    assert_eq!(SnowflakeId::min_at_chrono(c), expected);
    assert_eq!(SnowflakeId::min_at_time(t), expected);
    assert_eq!(SnowflakeId::min_at_jiff(j), expected);
    // A time zone changes nothing: the instant is the same.
    let paris = c.with_timezone(&chrono::FixedOffset::east_opt(3600).unwrap());
    assert_eq!(SnowflakeId::min_at_chrono(paris), expected);
    let t = t.to_offset(time::UtcOffset::from_hms(-5, 0, 0).unwrap());
    assert_eq!(SnowflakeId::min_at_time(t), expected);
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
    match SnowflakeId::min_at_chrono(leap) {
        Ok(id) => assert_eq!(id.timestamp_ms(), u64::try_from(expected).unwrap()),
        Err(error) => assert_eq!(error, out_of_range(expected)),
    }
}

#[test]
fn date_times_round_trip_through_each_library() {
    let step = (SnowflakeId::MAX_TIMESTAMP_MS - EPOCH_MS) / 997;
    for n in 0..=997u64 {
        let at = EPOCH_MS + n * step;
        let id = SnowflakeId::from_parts(at, 1023, 4095).unwrap();
        let lower = SnowflakeId::from_parts(at, 0, 0).unwrap();
        assert_eq!(SnowflakeId::min_at_chrono(id.timestamp_chrono()), Ok(lower));
        assert_eq!(
            SnowflakeId::min_at_time(id.timestamp_time().unwrap()),
            Ok(lower)
        );
        assert_eq!(
            SnowflakeId::min_at_jiff(id.timestamp_jiff().unwrap()),
            Ok(lower)
        );
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
