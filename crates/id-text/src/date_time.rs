//! An id's timestamp as the date-time of chrono, time or jiff, and back (features `chrono`,
//! `time`, `jiff`): the body of every format's `timestamp_chrono`, `timestamp_time`,
//! `timestamp_jiff`, `min_at_*` and `max_at_*`, written once.
//!
//! A format describes its timestamps once, as a [`Timestamps`] (the unit, milliseconds or
//! seconds since the Unix epoch, and the range it holds). Going out, a timestamp becomes exact
//! nanoseconds since the Unix epoch and then the library's instant; time and jiff end in the year
//! 9999, and a later timestamp is a [`DateTimeOverflow`] naming the library and its end. Coming
//! in, an instant's nanoseconds are rounded toward the past to the unit (so that an instant just
//! before the range is before it, not at its start) and checked against the range: a
//! [`DateTimeOutOfRange`] otherwise. Both are a [`DateTimeError`], the one error type of every
//! format's conversions, whose messages state the range from its numbers.
//!
//! ```
//! use id_text::date_time::{DateTimeOutOfRange, TimeUnit, Timestamps};
//!
//! let seconds = Timestamps::seconds("an ObjectId", 0, u64::from(u32::MAX));
//! assert_eq!(seconds.floor(1_500_000_000), Ok(1));
//! let error = seconds.floor(-1).unwrap_err();
//! assert_eq!(
//!     error,
//!     DateTimeOutOfRange {
//!         value: -1,
//!         min: 0,
//!         max: u64::from(u32::MAX),
//!         unit: TimeUnit::Seconds,
//!         id: "an ObjectId",
//!     }
//! );
//! assert!(error.to_string().ends_with("(1970-01-01T00:00:00Z to 2106-02-07T06:28:15Z)"));
//! ```

use core::fmt;

/// The unit of an id's timestamp: milliseconds or seconds since the Unix epoch.
///
/// ```
/// use id_text::date_time::TimeUnit;
///
/// assert_eq!(TimeUnit::Seconds.nanos(), 1_000_000_000);
/// assert_eq!(TimeUnit::Milliseconds.to_string(), "ms");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TimeUnit {
    /// Milliseconds (ULID, UUIDv7, Snowflake).
    Milliseconds,
    /// Seconds (ObjectId).
    Seconds,
}

impl TimeUnit {
    /// Nanoseconds in one unit.
    ///
    /// ```
    /// assert_eq!(id_text::date_time::TimeUnit::Milliseconds.nanos(), 1_000_000);
    /// ```
    #[must_use]
    pub const fn nanos(self) -> i128 {
        match self {
            TimeUnit::Milliseconds => 1_000_000,
            TimeUnit::Seconds => NANOS_PER_S,
        }
    }
}

impl fmt::Display for TimeUnit {
    /// The unit's symbol: `ms` or `s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TimeUnit::Milliseconds => "ms",
            TimeUnit::Seconds => "s",
        })
    }
}

/// The timestamps an id holds: the id's name for messages, the unit of its timestamp and the
/// range, in that unit.
///
/// ```
/// use id_text::date_time::Timestamps;
///
/// let ms = Timestamps::milliseconds("a ULID", 0, (1 << 48) - 1);
/// assert_eq!(ms.unix_nanos(1_469_922_850_259), 1_469_922_850_259_000_000);
/// assert_eq!(ms.floor(1_469_922_850_259_999_999), Ok(1_469_922_850_259));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Timestamps {
    /// The id, as messages name it ("a ULID").
    id: &'static str,
    /// The unit of the timestamp.
    unit: TimeUnit,
    /// The earliest timestamp an id holds.
    min: u64,
    /// The latest timestamp an id holds.
    max: u64,
}

/// Why a conversion between an id's timestamp and a date-time failed (features `chrono`,
/// `time`, `jiff`): a date-time outside the timestamps the id holds, or a timestamp after the
/// latest date-time of the library asked for. Each format's `Error::DateTime` holds one.
///
/// ```
/// use id_text::date_time::{DateTimeError, Timestamps};
///
/// let ulid = Timestamps::milliseconds("a ULID", 0, (1 << 48) - 1);
/// let error = DateTimeError::OutOfRange(ulid.floor(-1).unwrap_err());
/// assert_eq!(
///     error.to_string(),
///     "date-time -1 ms since the Unix epoch is out of range: a ULID holds 0 to \
///      281474976710655 ms since the Unix epoch (1970-01-01T00:00:00Z to 10889-08-02T05:31:50.655Z)"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DateTimeError {
    /// A date-time outside the timestamps the id holds (before 1970 included).
    OutOfRange(DateTimeOutOfRange),
    /// A timestamp after the latest date-time of the library asked for (time and jiff end in
    /// the year 9999).
    Overflow(DateTimeOverflow),
}

/// A date-time outside the timestamps an id holds.
///
/// ```
/// use id_text::date_time::{DateTimeOutOfRange, TimeUnit, Timestamps};
///
/// let error = Timestamps::milliseconds("an id", 0, 9).floor(10_000_000).unwrap_err();
/// assert_eq!(
///     error,
///     DateTimeOutOfRange { value: 10, min: 0, max: 9, unit: TimeUnit::Milliseconds, id: "an id" }
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DateTimeOutOfRange {
    /// The date-time given, in `unit` since the Unix epoch (the digits below the unit
    /// truncated toward the past), saturated to the range of an `i64`.
    pub value: i64,
    /// The earliest timestamp the id holds.
    pub min: u64,
    /// The latest timestamp the id holds.
    pub max: u64,
    /// The unit of the three numbers.
    pub unit: TimeUnit,
    /// The id, as the message names it ("a ULID").
    pub id: &'static str,
}

/// A timestamp after the latest date-time of a library.
///
/// ```
/// use id_text::date_time::{DateTimeOverflow, TimeUnit};
///
/// let error = DateTimeOverflow {
///     value: 253_402_300_800,
///     max: 253_402_300_799,
///     unit: TimeUnit::Seconds,
///     library: "time::OffsetDateTime",
/// };
/// assert_eq!(
///     error.to_string(),
///     "timestamp 253402300800 s since the Unix epoch is out of range of time::OffsetDateTime, \
///      whose latest date-time is 253402300799 s (9999-12-31T23:59:59Z)"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DateTimeOverflow {
    /// The id's timestamp, in `unit` since the Unix epoch.
    pub value: u64,
    /// The library's latest date-time, in `unit` since the Unix epoch (truncated).
    pub max: u64,
    /// The unit of the two numbers.
    pub unit: TimeUnit,
    /// The type asked for, such as `"jiff::Timestamp"`.
    pub library: &'static str,
}

impl fmt::Display for DateTimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DateTimeError::OutOfRange(error) => error.fmt(f),
            DateTimeError::Overflow(error) => error.fmt(f),
        }
    }
}

impl fmt::Display for DateTimeOutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let DateTimeOutOfRange {
            value,
            min,
            max,
            unit,
            id,
        } = *self;
        write!(
            f,
            "date-time {value} {unit} since the Unix epoch is out of range: {id} holds {min} to \
             {max} {unit} since the Unix epoch ({} to {})",
            Rfc3339(min, unit),
            Rfc3339(max, unit)
        )
    }
}

impl fmt::Display for DateTimeOverflow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let DateTimeOverflow {
            value,
            max,
            unit,
            library,
        } = *self;
        write!(
            f,
            "timestamp {value} {unit} since the Unix epoch is out of range of {library}, whose \
             latest date-time is {max} {unit} ({})",
            Rfc3339(max, unit)
        )
    }
}

impl core::error::Error for DateTimeError {}
impl core::error::Error for DateTimeOutOfRange {}
impl core::error::Error for DateTimeOverflow {}

impl From<DateTimeOutOfRange> for DateTimeError {
    fn from(error: DateTimeOutOfRange) -> DateTimeError {
        DateTimeError::OutOfRange(error)
    }
}

impl From<DateTimeOverflow> for DateTimeError {
    fn from(error: DateTimeOverflow) -> DateTimeError {
        DateTimeError::Overflow(error)
    }
}

/// A timestamp in `unit` since the Unix epoch, written as RFC 3339 in UTC: the milliseconds
/// only where they are not zero, and more than four digits for a year after 9999 (a ULID's
/// range ends in 10889), so that messages state a range's ends from its numbers.
struct Rfc3339(u64, TimeUnit);

impl fmt::Display for Rfc3339 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Rfc3339(timestamp, unit) = *self;
        let (seconds, millis) = match unit {
            TimeUnit::Milliseconds => (timestamp / 1000, timestamp % 1000),
            TimeUnit::Seconds => (timestamp, 0),
        };
        let (days, second_of_day) = (seconds / 86_400, seconds % 86_400);
        let (year, month, day) = civil_date(days + DAYS_FROM_0000_03_01_TO_UNIX_EPOCH);
        write!(
            f,
            "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}",
            second_of_day / 3600,
            second_of_day / 60 % 60,
            second_of_day % 60
        )?;
        if millis != 0 {
            write!(f, ".{millis:03}")?;
        }
        f.write_str("Z")
    }
}

/// Days from 0000-03-01, where [`civil_date`] counts from, to 1970-01-01.
pub const DAYS_FROM_0000_03_01_TO_UNIX_EPOCH: u64 = 719_468;

/// The proleptic Gregorian year, month and day of a count of days since 0000-03-01: the
/// days-to-civil algorithm of Howard Hinnant's "chrono-compatible low-level date algorithms",
/// in eras of 400 years (146097 days) that start on March 1st, so that a leap day ends a year.
///
/// ```
/// use id_text::date_time::{DAYS_FROM_0000_03_01_TO_UNIX_EPOCH, civil_date};
///
/// assert_eq!(civil_date(DAYS_FROM_0000_03_01_TO_UNIX_EPOCH), (1970, 1, 1));
/// // The ULID specification's example, 2016-07-30T23:54:10.259Z, is day 17_012 of Unix time.
/// assert_eq!(civil_date(DAYS_FROM_0000_03_01_TO_UNIX_EPOCH + 17_012), (2016, 7, 30));
/// ```
#[must_use]
pub const fn civil_date(days: u64) -> (u64, u64, u64) {
    let era = days / 146_097;
    let day_of_era = days % 146_097;
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
    let year = year_of_era + era * 400 + (month <= 2) as u64;
    (year, month, day)
}

/// Nanoseconds in one second.
const NANOS_PER_S: i128 = 1_000_000_000;

impl Timestamps {
    /// Timestamps in milliseconds since the Unix epoch, from `min` to `max`, of the id messages
    /// call `id`.
    ///
    /// ```
    /// let ms = id_text::date_time::Timestamps::milliseconds("a ULID", 0, 9);
    /// assert_eq!(ms.unix_nanos(1), 1_000_000);
    /// ```
    #[must_use]
    pub const fn milliseconds(id: &'static str, min: u64, max: u64) -> Timestamps {
        Timestamps {
            id,
            unit: TimeUnit::Milliseconds,
            min,
            max,
        }
    }

    /// Timestamps in seconds since the Unix epoch, from `min` to `max`, of the id messages call
    /// `id`.
    ///
    /// ```
    /// let s = id_text::date_time::Timestamps::seconds("an ObjectId", 0, 9);
    /// assert_eq!(s.unix_nanos(1), 1_000_000_000);
    /// ```
    #[must_use]
    pub const fn seconds(id: &'static str, min: u64, max: u64) -> Timestamps {
        Timestamps {
            id,
            unit: TimeUnit::Seconds,
            min,
            max,
        }
    }

    /// `timestamp` in exact nanoseconds since the Unix epoch.
    ///
    /// ```
    /// let s = id_text::date_time::Timestamps::seconds("an id", 0, u64::MAX);
    /// assert_eq!(s.unix_nanos(u64::MAX), i128::from(u64::MAX) * 1_000_000_000);
    /// ```
    #[must_use]
    pub const fn unix_nanos(self, timestamp: u64) -> i128 {
        // At most 2^64 * 10^9, far inside an i128.
        timestamp as i128 * self.unit.nanos()
    }

    /// The timestamp of the unit that holds `nanos` (since the Unix epoch), rounded toward the
    /// past, so that an instant just before the range is before it, not at its start.
    ///
    /// # Errors
    ///
    /// [`DateTimeOutOfRange`] for a unit before `min` or after `max`.
    ///
    /// # Examples
    ///
    /// ```
    /// use id_text::date_time::Timestamps;
    ///
    /// let ms = Timestamps::milliseconds("an id", 5, 9);
    /// assert_eq!(ms.floor(5_000_000), Ok(5));
    /// assert_eq!(ms.floor(9_999_999), Ok(9));
    /// assert_eq!(ms.floor(4_999_999).unwrap_err().value, 4);
    /// assert_eq!(ms.floor(-1).unwrap_err().value, -1);
    /// ```
    pub fn floor(self, nanos: i128) -> Result<u64, DateTimeOutOfRange> {
        let units = nanos.div_euclid(self.unit.nanos());
        u64::try_from(units)
            .ok()
            .filter(|units| (self.min..=self.max).contains(units))
            // Every date-time library's range, in milliseconds, fits: the saturation is never
            // reached, and keeps the function free of panics.
            .ok_or_else(|| {
                self.out_of_range(i64::try_from(units).unwrap_or(if units < 0 {
                    i64::MIN
                } else {
                    i64::MAX
                }))
            })
    }

    /// The error of a date-time at `value`, in the unit, outside these timestamps.
    fn out_of_range(self, value: i64) -> DateTimeOutOfRange {
        DateTimeOutOfRange {
            value,
            min: self.min,
            max: self.max,
            unit: self.unit,
            id: self.id,
        }
    }

    /// `timestamp` as an instant of `library`, whose latest instant is `max_nanos` (since the
    /// Unix epoch): `convert`'s result, never called on a later instant.
    #[cfg(any(feature = "time", feature = "jiff"))]
    fn until<T>(
        self,
        timestamp: u64,
        library: &'static str,
        max_nanos: i128,
        convert: impl FnOnce(i128) -> Option<T>,
    ) -> Result<T, DateTimeOverflow> {
        let nanos = self.unix_nanos(timestamp);
        let overflow = DateTimeOverflow {
            value: timestamp,
            max: u64::try_from(max_nanos.div_euclid(self.unit.nanos())).unwrap_or(0),
            unit: self.unit,
            library,
        };
        if nanos > max_nanos {
            return Err(overflow);
        }
        convert(nanos).ok_or(overflow)
    }
}

/// Feature `chrono`.
#[cfg(feature = "chrono")]
impl Timestamps {
    /// `timestamp` as a [`chrono::DateTime<Utc>`](chrono::DateTime). Never fails: chrono's
    /// range (years -262143 to 262142) holds every timestamp up to `u64::MAX` milliseconds.
    ///
    /// ```
    /// use id_text::date_time::Timestamps;
    ///
    /// let at = Timestamps::milliseconds("an id", 0, u64::MAX).to_chrono(1_469_922_850_259);
    /// assert_eq!(at.timestamp_millis(), 1_469_922_850_259);
    /// ```
    #[must_use]
    pub fn to_chrono(self, timestamp: u64) -> chrono::DateTime<chrono::Utc> {
        let nanos = self.unix_nanos(timestamp);
        let seconds = i64::try_from(nanos.div_euclid(NANOS_PER_S)).unwrap_or(0);
        let subsec = u32::try_from(nanos.rem_euclid(NANOS_PER_S)).unwrap_or(0);
        // Within chrono's range for every id: the fallback (the epoch) is never taken, and
        // keeps the function free of panics.
        chrono::DateTime::from_timestamp(seconds, subsec).unwrap_or_default()
    }

    /// The timestamp of the unit that holds `at` (in any time zone), as [`floor`](Self::floor).
    /// A leap second counts as the last instant of the second before it (Unix time has no leap
    /// seconds).
    ///
    /// # Errors
    ///
    /// [`DateTimeOutOfRange`] for a date-time outside the range.
    ///
    /// # Examples
    ///
    /// ```
    /// use id_text::date_time::Timestamps;
    ///
    /// let at = chrono::DateTime::from_timestamp(1_350_336_377, 999_999_999).unwrap();
    /// let s = Timestamps::seconds("an id", 0, u64::from(u32::MAX));
    /// assert_eq!(s.floor_chrono(&at), Ok(1_350_336_377));
    /// ```
    pub fn floor_chrono<Tz: chrono::TimeZone>(
        self,
        at: &chrono::DateTime<Tz>,
    ) -> Result<u64, DateTimeOutOfRange> {
        // chrono counts a leap second as nanoseconds 1_000_000_000 and above of the second
        // before it: capped, it stays in that second.
        let subsec = at.timestamp_subsec_nanos().min(999_999_999);
        self.floor(i128::from(at.timestamp()) * NANOS_PER_S + i128::from(subsec))
    }
}

/// Feature `time`.
#[cfg(feature = "time")]
impl Timestamps {
    /// `timestamp` as a [`time::OffsetDateTime`] at offset UTC.
    ///
    /// # Errors
    ///
    /// [`DateTimeOverflow`] for a timestamp after time's latest date-time
    /// (9999-12-31T23:59:59.999999999Z, unless a crate in the build turns on time's
    /// `large-dates`).
    ///
    /// # Examples
    ///
    /// ```
    /// use id_text::date_time::Timestamps;
    ///
    /// let ms = Timestamps::milliseconds("an id", 0, u64::MAX);
    /// assert_eq!(ms.to_time(1_469_922_850_259)?.unix_timestamp(), 1_469_922_850);
    /// assert_eq!(ms.to_time(1 << 48).unwrap_err().library, "time::OffsetDateTime");
    /// # Ok::<(), id_text::date_time::DateTimeOverflow>(())
    /// ```
    pub fn to_time(self, timestamp: u64) -> Result<time::OffsetDateTime, DateTimeOverflow> {
        // The last nanosecond of time's last day.
        let last_day = time::Date::MAX.midnight().assume_utc();
        let max_nanos = last_day.unix_timestamp_nanos() + 86_400 * NANOS_PER_S - 1;
        self.until(timestamp, "time::OffsetDateTime", max_nanos, |nanos| {
            time::OffsetDateTime::from_unix_timestamp_nanos(nanos).ok()
        })
    }

    /// The timestamp of the unit that holds `at` (at any offset), as [`floor`](Self::floor).
    ///
    /// # Errors
    ///
    /// [`DateTimeOutOfRange`] for a date-time outside the range.
    ///
    /// # Examples
    ///
    /// ```
    /// use id_text::date_time::Timestamps;
    ///
    /// let at = time::OffsetDateTime::from_unix_timestamp(1_350_336_377)?;
    /// let s = Timestamps::seconds("an id", 0, u64::from(u32::MAX));
    /// assert_eq!(s.floor_time(at), Ok(1_350_336_377));
    /// # Ok::<(), time::error::ComponentRange>(())
    /// ```
    pub fn floor_time(self, at: time::OffsetDateTime) -> Result<u64, DateTimeOutOfRange> {
        self.floor(at.unix_timestamp_nanos())
    }
}

/// Feature `jiff`.
#[cfg(feature = "jiff")]
impl Timestamps {
    /// `timestamp` as a [`jiff::Timestamp`].
    ///
    /// # Errors
    ///
    /// [`DateTimeOverflow`] for a timestamp after jiff's latest instant
    /// (9999-12-30T22:00:00.999999999Z).
    ///
    /// # Examples
    ///
    /// ```
    /// use id_text::date_time::Timestamps;
    ///
    /// let ms = Timestamps::milliseconds("an id", 0, u64::MAX);
    /// assert_eq!(ms.to_jiff(1_469_922_850_259)?.as_millisecond(), 1_469_922_850_259);
    /// assert_eq!(ms.to_jiff(1 << 48).unwrap_err().library, "jiff::Timestamp");
    /// # Ok::<(), id_text::date_time::DateTimeOverflow>(())
    /// ```
    pub fn to_jiff(self, timestamp: u64) -> Result<jiff::Timestamp, DateTimeOverflow> {
        let max_nanos = jiff::Timestamp::MAX.as_nanosecond();
        self.until(timestamp, "jiff::Timestamp", max_nanos, |nanos| {
            jiff::Timestamp::from_nanosecond(nanos).ok()
        })
    }

    /// The timestamp of the unit that holds `at`, as [`floor`](Self::floor).
    ///
    /// # Errors
    ///
    /// [`DateTimeOutOfRange`] for an instant outside the range.
    ///
    /// # Examples
    ///
    /// ```
    /// use id_text::date_time::Timestamps;
    ///
    /// let at = jiff::Timestamp::from_second(1_350_336_377)?;
    /// let s = Timestamps::seconds("an id", 0, u64::from(u32::MAX));
    /// assert_eq!(s.floor_jiff(at), Ok(1_350_336_377));
    /// # Ok::<(), jiff::Error>(())
    /// ```
    pub fn floor_jiff(self, at: jiff::Timestamp) -> Result<u64, DateTimeOutOfRange> {
        self.floor(at.as_nanosecond())
    }
}

/// Everything a format's date-time features need, as one constant of the format crate: its
/// [`Timestamps`], and the smallest and the largest id of a timestamp (the format's own
/// `min_at_ms` and `max_at_ms`, or `min_at_s` and `max_at_s`). The methods return a
/// [`DateTimeError`]: a type of its own, apart from the format's `Error`, so that the `Result`
/// of generation stays as small as it was. The methods are the bodies of the format's
/// `timestamp_chrono`, `min_at_chrono`, `max_at_chrono` and the others.
///
/// ```
/// use id_text::date_time::{DateTimeError, DateTimes, Timestamps};
///
/// #[derive(Debug, PartialEq)]
/// struct Id(u64);
///
/// const DATE_TIMES: DateTimes<Id> = DateTimes {
///     timestamps: Timestamps::seconds("an id", 0, u32::MAX as u64),
///     min: |s| Some(Id(s << 32)),
///     max: |s| Some(Id((s << 32) | 0xFFFF_FFFF)),
/// };
///
/// let found = DATE_TIMES.timestamps.floor(1_500_000_000);
/// assert_eq!(DATE_TIMES.min_at(found), Ok(Id(1 << 32)));
/// assert_eq!(DATE_TIMES.max_at(found), Ok(Id((1 << 32) | 0xFFFF_FFFF)));
/// let error = DATE_TIMES.min_at(DATE_TIMES.timestamps.floor(-1)).unwrap_err();
/// assert!(matches!(error, DateTimeError::OutOfRange(e) if e.value == -1));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct DateTimes<T> {
    /// The timestamps the id holds.
    pub timestamps: Timestamps,
    /// The smallest id of a timestamp in range (its other fields zero); `None` counts as out
    /// of range.
    pub min: fn(u64) -> Option<T>,
    /// The largest id of a timestamp in range (its other fields all ones); `None` counts as out
    /// of range.
    pub max: fn(u64) -> Option<T>,
}

impl<T> DateTimes<T> {
    /// The smallest id of the timestamp found, or the format's error for a date-time out of
    /// range: the body of every `min_at_*`.
    ///
    /// # Errors
    ///
    /// The [`DateTimeOutOfRange`] found, also where `min` gives no id for the timestamp.
    ///
    /// # Examples
    ///
    /// ```
    /// # use id_text::date_time::{DateTimeError, DateTimes, Timestamps};
    /// const DATE_TIMES: DateTimes<u64> = DateTimes {
    ///     timestamps: Timestamps::milliseconds("an id", 0, 9),
    ///     min: |ms| Some(ms * 10),
    ///     max: |ms| Some(ms * 10 + 9),
    /// };
    /// assert_eq!(DATE_TIMES.min_at(DATE_TIMES.timestamps.floor(9_999_999)), Ok(90));
    /// assert!(DATE_TIMES.min_at(DATE_TIMES.timestamps.floor(10_000_000)).is_err());
    /// ```
    pub fn min_at(&self, found: Result<u64, DateTimeOutOfRange>) -> Result<T, DateTimeError> {
        self.id_at(found, self.min)
    }

    /// The largest id of the timestamp found, or the format's error for a date-time out of
    /// range: the body of every `max_at_*`.
    ///
    /// # Errors
    ///
    /// The [`DateTimeOutOfRange`] found, also where `max` gives no id for the timestamp.
    ///
    /// # Examples
    ///
    /// ```
    /// # use id_text::date_time::{DateTimeError, DateTimes, Timestamps};
    /// const DATE_TIMES: DateTimes<u64> = DateTimes {
    ///     timestamps: Timestamps::milliseconds("an id", 0, 9),
    ///     min: |ms| Some(ms * 10),
    ///     max: |ms| Some(ms * 10 + 9),
    /// };
    /// assert_eq!(DATE_TIMES.max_at(DATE_TIMES.timestamps.floor(9_999_999)), Ok(99));
    /// assert!(DATE_TIMES.max_at(DATE_TIMES.timestamps.floor(-1)).is_err());
    /// ```
    pub fn max_at(&self, found: Result<u64, DateTimeOutOfRange>) -> Result<T, DateTimeError> {
        self.id_at(found, self.max)
    }

    /// `id` of the timestamp found, or the error of a date-time out of range.
    fn id_at(
        &self,
        found: Result<u64, DateTimeOutOfRange>,
        id: fn(u64) -> Option<T>,
    ) -> Result<T, DateTimeError> {
        let timestamp = found?;
        id(timestamp).ok_or_else(|| {
            let value = i64::try_from(timestamp).unwrap_or(i64::MAX);
            self.timestamps.out_of_range(value).into()
        })
    }

    /// A library's instant, or the format's error for a timestamp after the library's end.
    #[cfg(any(feature = "time", feature = "jiff"))]
    fn within<D>(&self, date_time: Result<D, DateTimeOverflow>) -> Result<D, DateTimeError> {
        date_time.map_err(DateTimeError::from)
    }
}

/// Feature `chrono`.
#[cfg(feature = "chrono")]
impl<T> DateTimes<T> {
    /// The smallest id of the unit that holds `at`: [`Timestamps::floor_chrono`], then
    /// [`min_at`](Self::min_at).
    ///
    /// # Errors
    ///
    /// Those of [`min_at`](Self::min_at).
    ///
    /// # Examples
    ///
    /// ```
    /// # use id_text::date_time::{DateTimeError, DateTimes, Timestamps};
    /// # const DATE_TIMES: DateTimes<u64> = DateTimes {
    /// #     timestamps: Timestamps::seconds("an id", 0, 9),
    /// #     min: |s| Some(s * 10),
    /// #     max: |s| Some(s * 10 + 9),
    /// # };
    /// let at = chrono::DateTime::from_timestamp(9, 999_999_999).unwrap();
    /// assert_eq!(DATE_TIMES.min_at_chrono(&at), Ok(90));
    /// ```
    pub fn min_at_chrono<Tz: chrono::TimeZone>(
        &self,
        at: &chrono::DateTime<Tz>,
    ) -> Result<T, DateTimeError> {
        self.min_at(self.timestamps.floor_chrono(at))
    }

    /// The largest id of the unit that holds `at`: [`Timestamps::floor_chrono`], then
    /// [`max_at`](Self::max_at).
    ///
    /// # Errors
    ///
    /// Those of [`max_at`](Self::max_at).
    ///
    /// # Examples
    ///
    /// ```
    /// # use id_text::date_time::{DateTimeError, DateTimes, Timestamps};
    /// # const DATE_TIMES: DateTimes<u64> = DateTimes {
    /// #     timestamps: Timestamps::seconds("an id", 0, 9),
    /// #     min: |s| Some(s * 10),
    /// #     max: |s| Some(s * 10 + 9),
    /// # };
    /// let at = chrono::DateTime::from_timestamp(9, 0).unwrap();
    /// assert_eq!(DATE_TIMES.max_at_chrono(&at), Ok(99));
    /// ```
    pub fn max_at_chrono<Tz: chrono::TimeZone>(
        &self,
        at: &chrono::DateTime<Tz>,
    ) -> Result<T, DateTimeError> {
        self.max_at(self.timestamps.floor_chrono(at))
    }
}

/// Feature `time`.
#[cfg(feature = "time")]
impl<T> DateTimes<T> {
    /// `timestamp` as a [`time::OffsetDateTime`] at UTC: [`Timestamps::to_time`].
    ///
    /// # Errors
    ///
    /// The format's error holding the [`DateTimeOverflow`] found.
    ///
    /// # Examples
    ///
    /// ```
    /// # use id_text::date_time::{DateTimeError, DateTimes, Timestamps};
    /// const DATE_TIMES: DateTimes<u64> = DateTimes {
    ///     timestamps: Timestamps::milliseconds("an id", 0, u64::MAX),
    ///     min: Some,
    ///     max: Some,
    /// };
    /// assert_eq!(DATE_TIMES.to_time(1_000)?.unix_timestamp(), 1);
    /// assert!(matches!(DATE_TIMES.to_time(1 << 48), Err(DateTimeError::Overflow(_))));
    /// # Ok::<(), DateTimeError>(())
    /// ```
    pub fn to_time(&self, timestamp: u64) -> Result<time::OffsetDateTime, DateTimeError> {
        self.within(self.timestamps.to_time(timestamp))
    }

    /// The smallest id of the unit that holds `at`: [`Timestamps::floor_time`], then
    /// [`min_at`](Self::min_at).
    ///
    /// # Errors
    ///
    /// Those of [`min_at`](Self::min_at).
    ///
    /// # Examples
    ///
    /// ```
    /// # use id_text::date_time::{DateTimeError, DateTimes, Timestamps};
    /// # const DATE_TIMES: DateTimes<u64> = DateTimes {
    /// #     timestamps: Timestamps::seconds("an id", 0, 9),
    /// #     min: |s| Some(s * 10),
    /// #     max: |s| Some(s * 10 + 9),
    /// # };
    /// let at = time::OffsetDateTime::from_unix_timestamp(10).unwrap();
    /// assert!(matches!(DATE_TIMES.min_at_time(at), Err(DateTimeError::OutOfRange(e)) if e.value == 10));
    /// ```
    pub fn min_at_time(&self, at: time::OffsetDateTime) -> Result<T, DateTimeError> {
        self.min_at(self.timestamps.floor_time(at))
    }

    /// The largest id of the unit that holds `at`: [`Timestamps::floor_time`], then
    /// [`max_at`](Self::max_at).
    ///
    /// # Errors
    ///
    /// Those of [`max_at`](Self::max_at).
    ///
    /// # Examples
    ///
    /// ```
    /// # use id_text::date_time::{DateTimeError, DateTimes, Timestamps};
    /// # const DATE_TIMES: DateTimes<u64> = DateTimes {
    /// #     timestamps: Timestamps::seconds("an id", 0, 9),
    /// #     min: |s| Some(s * 10),
    /// #     max: |s| Some(s * 10 + 9),
    /// # };
    /// let at = time::OffsetDateTime::from_unix_timestamp(3).unwrap();
    /// assert_eq!(DATE_TIMES.max_at_time(at), Ok(39));
    /// ```
    pub fn max_at_time(&self, at: time::OffsetDateTime) -> Result<T, DateTimeError> {
        self.max_at(self.timestamps.floor_time(at))
    }
}

/// Feature `jiff`.
#[cfg(feature = "jiff")]
impl<T> DateTimes<T> {
    /// `timestamp` as a [`jiff::Timestamp`]: [`Timestamps::to_jiff`].
    ///
    /// # Errors
    ///
    /// The format's error holding the [`DateTimeOverflow`] found.
    ///
    /// # Examples
    ///
    /// ```
    /// # use id_text::date_time::{DateTimeError, DateTimes, Timestamps};
    /// const DATE_TIMES: DateTimes<u64> = DateTimes {
    ///     timestamps: Timestamps::milliseconds("an id", 0, u64::MAX),
    ///     min: Some,
    ///     max: Some,
    /// };
    /// assert_eq!(DATE_TIMES.to_jiff(1_000)?.as_second(), 1);
    /// assert!(matches!(DATE_TIMES.to_jiff(1 << 48), Err(DateTimeError::Overflow(_))));
    /// # Ok::<(), DateTimeError>(())
    /// ```
    pub fn to_jiff(&self, timestamp: u64) -> Result<jiff::Timestamp, DateTimeError> {
        self.within(self.timestamps.to_jiff(timestamp))
    }

    /// The smallest id of the unit that holds `at`: [`Timestamps::floor_jiff`], then
    /// [`min_at`](Self::min_at).
    ///
    /// # Errors
    ///
    /// Those of [`min_at`](Self::min_at).
    ///
    /// # Examples
    ///
    /// ```
    /// # use id_text::date_time::{DateTimeError, DateTimes, Timestamps};
    /// # const DATE_TIMES: DateTimes<u64> = DateTimes {
    /// #     timestamps: Timestamps::seconds("an id", 0, 9),
    /// #     min: |s| Some(s * 10),
    /// #     max: |s| Some(s * 10 + 9),
    /// # };
    /// let at = jiff::Timestamp::from_second(-1).unwrap();
    /// assert!(matches!(DATE_TIMES.min_at_jiff(at), Err(DateTimeError::OutOfRange(e)) if e.value == -1));
    /// ```
    pub fn min_at_jiff(&self, at: jiff::Timestamp) -> Result<T, DateTimeError> {
        self.min_at(self.timestamps.floor_jiff(at))
    }

    /// The largest id of the unit that holds `at`: [`Timestamps::floor_jiff`], then
    /// [`max_at`](Self::max_at).
    ///
    /// # Errors
    ///
    /// Those of [`max_at`](Self::max_at).
    ///
    /// # Examples
    ///
    /// ```
    /// # use id_text::date_time::{DateTimeError, DateTimes, Timestamps};
    /// # const DATE_TIMES: DateTimes<u64> = DateTimes {
    /// #     timestamps: Timestamps::seconds("an id", 0, 9),
    /// #     min: |s| Some(s * 10),
    /// #     max: |s| Some(s * 10 + 9),
    /// # };
    /// let at = jiff::Timestamp::from_millisecond(4_999).unwrap();
    /// assert_eq!(DATE_TIMES.max_at_jiff(at), Ok(49));
    /// ```
    pub fn max_at_jiff(&self, at: jiff::Timestamp) -> Result<T, DateTimeError> {
        self.max_at(self.timestamps.floor_jiff(at))
    }
}

#[cfg(test)]
mod tests {
    use super::{DAYS_FROM_0000_03_01_TO_UNIX_EPOCH, civil_date};

    #[test]
    fn every_day_of_four_centuries_follows_the_previous_one() {
        let mut previous = (1969, 12, 31);
        // Miri, which runs these tests for the crate's unsafe code, takes a year of them.
        let count = if cfg!(miri) { 366 } else { 146_097 };
        for days in 0..count {
            let (y, m, d) = civil_date(days + DAYS_FROM_0000_03_01_TO_UNIX_EPOCH);
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
        assert_eq!(
            civil_date(146_097 + DAYS_FROM_0000_03_01_TO_UNIX_EPOCH),
            (2370, 1, 1)
        );
    }
}
