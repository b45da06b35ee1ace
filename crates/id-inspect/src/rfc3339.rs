//! Unix milliseconds as a UTC timestamp, without a date-time dependency: RFC 3339 up to the
//! year 9999, and ISO 8601's expanded form after it, which RFC 3339 does not have.

use alloc::format;
use alloc::string::String;

use id_text::date_time::{DAYS_FROM_0000_03_01_TO_UNIX_EPOCH, civil_date};

/// A UTC timestamp in text, and which standard's form it is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Timestamp {
    /// `2016-07-30T23:54:10.259Z`: a year from 0000 to 9999.
    Rfc3339(String),
    /// `+10889-08-02T05:31:50.655Z`: ISO 8601's expanded representation, with a sign and at
    /// least five digits of year, for a year past 9999.
    Iso8601Expanded(String),
}

impl Timestamp {
    pub(crate) fn text(&self) -> &str {
        match self {
            Timestamp::Rfc3339(text) | Timestamp::Iso8601Expanded(text) => text,
        }
    }
}

/// `2016-07-30T23:54:10.259Z` for 1469922850259; `+10889-08-02T05:31:50.655Z` for
/// 2^48 - 1, the last millisecond of a ULID or UUIDv7, whose year RFC 3339 cannot write.
pub(crate) fn from_unix_ms(ms: u64) -> Timestamp {
    let (days, ms_of_day) = (ms / 86_400_000, ms % 86_400_000);
    let (year, month, day) = civil_date(days + DAYS_FROM_0000_03_01_TO_UNIX_EPOCH);
    let (hours, minutes) = (ms_of_day / 3_600_000, ms_of_day / 60_000 % 60);
    let (seconds, millis) = (ms_of_day / 1000 % 60, ms_of_day % 1000);
    let rest = format!("-{month:02}-{day:02}T{hours:02}:{minutes:02}:{seconds:02}.{millis:03}Z");
    if year <= 9999 {
        Timestamp::Rfc3339(format!("{year:04}{rest}"))
    } else {
        Timestamp::Iso8601Expanded(format!("+{year:05}{rest}"))
    }
}

/// `ms` as the UTC timestamp every report writes: RFC 3339 with milliseconds, or ISO 8601's
/// expanded form past the year 9999.
///
/// ```
/// assert_eq!(id_inspect::utc_text(1_469_922_850_259), "2016-07-30T23:54:10.259Z");
/// assert_eq!(id_inspect::utc_text((1 << 48) - 1), "+10889-08-02T05:31:50.655Z");
/// ```
#[must_use]
pub fn utc_text(ms: u64) -> String {
    match from_unix_ms(ms) {
        Timestamp::Rfc3339(text) | Timestamp::Iso8601Expanded(text) => text,
    }
}

/// 100-nanosecond intervals between 1582-10-15T00:00:00Z, the start of the UUIDv1/v6 clock,
/// and the Unix epoch.
pub(crate) const GREGORIAN_TO_UNIX_100NS: u64 = 122_192_928_000_000_000;

/// A UUID's Gregorian timestamp (100-ns intervals since 1582-10-15) in RFC 3339 with seven
/// fraction digits, `1997-02-03T17:43:12.2160000Z`: its 60 bits end in 5236, before 9999.
pub(crate) fn from_gregorian_100ns(intervals: u64) -> String {
    // Days from 0000-03-01, where `civil_date` counts from, to 1582-10-15.
    const DAYS_TO_1582_10_15: u64 = DAYS_FROM_0000_03_01_TO_UNIX_EPOCH - 141_427;
    const PER_DAY: u64 = 864_000_000_000;
    let (days, of_day) = (intervals / PER_DAY, intervals % PER_DAY);
    let (year, month, day) = civil_date(days + DAYS_TO_1582_10_15);
    let seconds_of_day = of_day / 10_000_000;
    let (hours, minutes, seconds) = (
        seconds_of_day / 3600,
        seconds_of_day / 60 % 60,
        seconds_of_day % 60,
    );
    let fraction = of_day % 10_000_000;
    format!("{year:04}-{month:02}-{day:02}T{hours:02}:{minutes:02}:{seconds:02}.{fraction:07}Z")
}

#[cfg(test)]
mod tests {
    use super::Timestamp::{Iso8601Expanded, Rfc3339};
    use super::from_unix_ms;
    use alloc::string::String;

    #[test]
    fn known_instants() {
        let rfc3339 = |text: &str| Rfc3339(String::from(text));
        assert_eq!(from_unix_ms(0), rfc3339("1970-01-01T00:00:00.000Z"));
        // The ULID specification's example.
        assert_eq!(
            from_unix_ms(1_469_922_850_259),
            rfc3339("2016-07-30T23:54:10.259Z")
        );
        // The Snowflake epoch, and a leap day.
        assert_eq!(
            from_unix_ms(1_704_067_200_000),
            rfc3339("2024-01-01T00:00:00.000Z")
        );
        assert_eq!(
            from_unix_ms(1_709_164_800_000),
            rfc3339("2024-02-29T00:00:00.000Z")
        );
        // The end of 32-bit seconds.
        assert_eq!(
            from_unix_ms(4_294_967_295_000),
            rfc3339("2106-02-07T06:28:15.000Z")
        );
    }

    #[test]
    fn gregorian_timestamps_of_uuids() {
        assert_eq!(
            super::from_gregorian_100ns(0),
            "1582-10-15T00:00:00.0000000Z"
        );
        assert_eq!(
            super::from_gregorian_100ns(super::GREGORIAN_TO_UNIX_100NS),
            "1970-01-01T00:00:00.0000000Z"
        );
        // RFC 9562 A.1's example, 0x1EC9414C232AB00 (2022-02-22T19:22:22Z).
        assert_eq!(
            super::from_gregorian_100ns(0x1EC_9414_C232_AB00),
            "2022-02-22T19:22:22.0000000Z"
        );
        assert_eq!(
            super::from_gregorian_100ns((1 << 60) - 1),
            "5236-03-31T21:21:00.6846975Z"
        );
    }

    #[test]
    fn years_past_9999_are_in_the_expanded_form_of_iso_8601() {
        // The last millisecond of 9999, then the first of 10000 (253402300800000).
        assert_eq!(
            from_unix_ms(253_402_300_799_999),
            Rfc3339("9999-12-31T23:59:59.999Z".into())
        );
        assert_eq!(
            from_unix_ms(253_402_300_800_000),
            Iso8601Expanded("+10000-01-01T00:00:00.000Z".into())
        );
        // The end of 48-bit milliseconds: the last ULID and UUIDv7 timestamp.
        let last = from_unix_ms((1 << 48) - 1);
        assert_eq!(last, Iso8601Expanded("+10889-08-02T05:31:50.655Z".into()));
        assert_eq!(last.text(), "+10889-08-02T05:31:50.655Z");
    }
}
