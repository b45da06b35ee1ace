//! Unix milliseconds as an RFC 3339 UTC timestamp, without a date-time dependency.

/// `2016-07-30T23:54:10.259Z` for 1469922850259. Years past 9999 (a ULID or UUIDv7 timestamp
/// can reach 10889) are written with as many digits as they need.
pub(crate) fn from_unix_ms(ms: u64) -> String {
    let (days, ms_of_day) = (ms / 86_400_000, ms % 86_400_000);
    let (year, month, day) = civil_from_days(days);
    let (hours, minutes) = (ms_of_day / 3_600_000, ms_of_day / 60_000 % 60);
    let (seconds, millis) = (ms_of_day / 1000 % 60, ms_of_day % 1000);
    format!("{year:04}-{month:02}-{day:02}T{hours:02}:{minutes:02}:{seconds:02}.{millis:03}Z")
}

/// The proleptic Gregorian date of a day count since 1970-01-01: eras of 400 years
/// (146097 days) starting on March 1st, so the leap day falls at the end of a year.
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let shifted = days + 719_468; // days from 0000-03-01 to 1970-01-01
    let era = shifted / 146_097;
    let day_of_era = shifted % 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::from_unix_ms;

    #[test]
    fn known_instants() {
        assert_eq!(from_unix_ms(0), "1970-01-01T00:00:00.000Z");
        // The ULID specification's example.
        assert_eq!(from_unix_ms(1_469_922_850_259), "2016-07-30T23:54:10.259Z");
        // The Snowflake epoch, and a leap day.
        assert_eq!(from_unix_ms(1_704_067_200_000), "2024-01-01T00:00:00.000Z");
        assert_eq!(from_unix_ms(1_709_164_800_000), "2024-02-29T00:00:00.000Z");
        // The end of 32-bit seconds, and of 48-bit milliseconds.
        assert_eq!(from_unix_ms(4_294_967_295_000), "2106-02-07T06:28:15.000Z");
        assert_eq!(from_unix_ms((1 << 48) - 1), "10889-08-02T05:31:50.655Z");
    }

    #[test]
    fn every_day_of_four_centuries_follows_the_previous_one() {
        let mut previous = (1969, 12, 31);
        for days in 0..146_097 {
            let (y, m, d) = super::civil_from_days(days);
            let next_day = (previous.0, previous.1, previous.2 + 1);
            let next_month = (previous.0, previous.1 + 1, 1);
            let next_year = (previous.0 + 1, 1, 1);
            assert!(
                [next_day, next_month, next_year].contains(&(y, m, d)),
                "day {days}: {previous:?} -> {:?}",
                (y, m, d)
            );
            assert!((1..=12).contains(&m) && (1..=31).contains(&d));
            previous = (y, m, d);
        }
        // 400 Gregorian years later, the same date.
        assert_eq!(super::civil_from_days(146_097), (2370, 1, 1));
    }
}
