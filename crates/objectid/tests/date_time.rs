//! Features `chrono`, `time` and `jiff`: the ends of the range, one step past them, the
//! rounding of instants between two seconds, round trips, and each library's own parse of RFC 3339.
#![cfg(all(feature = "chrono", feature = "time", feature = "jiff"))]

use chrono::TimeZone;
use objectid::{Error, ObjectId};
use time::format_description::well_known::Rfc3339;

/// The error of any date-time at `value` s since the Unix epoch, which is out of range.
fn out_of_range(value: i64) -> Error {
    Error::DateTimeOutOfRange {
        value,
        min: 0,
        max: ObjectId::MAX_TIMESTAMP_S,
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
    let id = ObjectId::from_parts(1350336377, 12_345).unwrap();
    let (c, t, j) = parse("2012-10-15T21:26:17Z");
    assert_eq!(id.timestamp_chrono(), c);
    assert_eq!(id.timestamp_time().unwrap(), t);
    assert_eq!(id.timestamp_jiff().unwrap(), j);
    assert_eq!(id.timestamp_time().unwrap().offset(), time::UtcOffset::UTC);
    assert_eq!(
        id.timestamp_chrono()
            .to_rfc3339_opts(chrono::SecondsFormat::AutoSi, true),
        "2012-10-15T21:26:17Z"
    );
    for lower in [
        ObjectId::min_at_chrono(c),
        ObjectId::min_at_time(t),
        ObjectId::min_at_jiff(j),
    ] {
        assert_eq!(lower, Ok(ObjectId::from_parts(1350336377, 0).unwrap()));
    }
}

#[test]
fn the_first_s_of_the_range_is_the_smallest_id() {
    let (c, t, j) = parse("1970-01-01T00:00:00Z");
    assert_eq!(ObjectId::min_at_chrono(c), Ok(ObjectId::MIN));
    assert_eq!(ObjectId::min_at_time(t), Ok(ObjectId::MIN));
    assert_eq!(ObjectId::min_at_jiff(j), Ok(ObjectId::MIN));
    assert_eq!(ObjectId::MIN.timestamp_chrono(), c);
    assert_eq!(ObjectId::MIN.timestamp_time().unwrap(), t);
    assert_eq!(ObjectId::MIN.timestamp_jiff().unwrap(), j);
}

/// An instant a nanosecond before the range is before it: rounded toward the past, not toward
/// zero (which would put 1969-12-31T23:59:59.999999999Z at the epoch).
#[test]
fn one_nanosecond_before_the_range_is_out_of_range() {
    let (c, t, j) = parse("1969-12-31T23:59:59.999999999Z");
    let expected = Err(out_of_range(-1));
    assert_eq!(ObjectId::min_at_chrono(c), expected);
    assert_eq!(ObjectId::min_at_time(t), expected);
    assert_eq!(ObjectId::min_at_jiff(j), expected);
    let far = parse("1900-01-01T00:00:00Z");
    assert!(
        matches!(ObjectId::min_at_jiff(far.2), Err(Error::DateTimeOutOfRange { value, .. }) if value < 0)
    );
    let message = ObjectId::min_at_time(far.1).unwrap_err().to_string();
    assert!(
        message.contains("out of range") && message.contains("1970-01-01T00:00:00Z"),
        "{message}"
    );
}

#[test]
fn the_last_s_of_the_range_converts_and_one_more_is_out_of_range() {
    let last = chrono::Utc.from_utc_datetime(
        &chrono::NaiveDate::from_ymd_opt(2106, 2, 7)
            .unwrap()
            .and_hms_nano_opt(6, 28, 15, 0)
            .unwrap(),
    );
    let id = ObjectId::from_parts(ObjectId::MAX_TIMESTAMP_S, 12_345).unwrap();
    assert_eq!(id.timestamp_chrono(), last);
    assert_eq!(
        ObjectId::min_at_chrono(last),
        Ok(ObjectId::from_parts(ObjectId::MAX_TIMESTAMP_S, 0).unwrap())
    );
    let step = chrono::TimeDelta::seconds(1);
    let past = i64::try_from(ObjectId::MAX_TIMESTAMP_S).unwrap() + 1;
    assert_eq!(
        ObjectId::min_at_chrono(last + step),
        Err(out_of_range(past))
    );
    // And with time and jiff, one s past the end.
    let past_nanos = i128::from(past) * 1000000000;
    let t = time::OffsetDateTime::from_unix_timestamp_nanos(past_nanos).unwrap();
    let j = jiff::Timestamp::from_nanosecond(past_nanos).unwrap();
    assert_eq!(ObjectId::min_at_time(t), Err(out_of_range(past)));
    assert_eq!(ObjectId::min_at_jiff(j), Err(out_of_range(past)));
    assert_eq!(
        ObjectId::min_at_time(t - time::Duration::NANOSECOND),
        Ok(ObjectId::from_parts(ObjectId::MAX_TIMESTAMP_S, 0).unwrap())
    );
    let id = ObjectId::from_parts(ObjectId::MAX_TIMESTAMP_S, 12_345).unwrap();
    assert_eq!(
        id.timestamp_time().unwrap().unix_timestamp_nanos(),
        i128::from(ObjectId::MAX_TIMESTAMP_S) * 1_000_000_000
    );
    assert_eq!(
        id.timestamp_jiff().unwrap().as_nanosecond(),
        i128::from(ObjectId::MAX_TIMESTAMP_S) * 1_000_000_000
    );
    assert_eq!(
        ObjectId::min_at_time(id.timestamp_time().unwrap()),
        Ok(ObjectId::from_parts(ObjectId::MAX_TIMESTAMP_S, 0).unwrap())
    );
    assert_eq!(
        ObjectId::min_at_jiff(id.timestamp_jiff().unwrap()),
        Ok(ObjectId::from_parts(ObjectId::MAX_TIMESTAMP_S, 0).unwrap())
    );
}

/// The digits below the second are dropped: the id of an instant is the id of its second.
#[test]
fn instants_within_a_s_give_the_id_of_its_start() {
    let (c, t, j) = parse("2012-10-15T21:26:17.999999999Z");
    let expected = Ok(ObjectId::from_parts(1350336377, 0).unwrap());
    assert_eq!(ObjectId::min_at_chrono(c), expected);
    assert_eq!(ObjectId::min_at_time(t), expected);
    assert_eq!(ObjectId::min_at_jiff(j), expected);
    // A time zone changes nothing: the instant is the same.
    let paris = c.with_timezone(&chrono::FixedOffset::east_opt(3600).unwrap());
    assert_eq!(ObjectId::min_at_chrono(paris), expected);
    let t = t.to_offset(time::UtcOffset::from_hms(-5, 0, 0).unwrap());
    assert_eq!(ObjectId::min_at_time(t), expected);
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
    let expected = second;
    match ObjectId::min_at_chrono(leap) {
        Ok(id) => assert_eq!(id.timestamp_s(), u64::try_from(expected).unwrap()),
        Err(error) => assert_eq!(error, out_of_range(expected)),
    }
}

#[test]
fn date_times_round_trip_through_each_library() {
    let step = ObjectId::MAX_TIMESTAMP_S / 997;
    for n in 0..=997u64 {
        let at = n * step;
        let id = ObjectId::from_parts(at, 12_345).unwrap();
        let lower = ObjectId::from_parts(at, 0).unwrap();
        assert_eq!(ObjectId::min_at_chrono(id.timestamp_chrono()), Ok(lower));
        assert_eq!(
            ObjectId::min_at_time(id.timestamp_time().unwrap()),
            Ok(lower)
        );
        assert_eq!(
            ObjectId::min_at_jiff(id.timestamp_jiff().unwrap()),
            Ok(lower)
        );
        let nanos = i128::from(at) * 1_000_000_000;
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
