//! An id's timestamp as the date-time of chrono, time or jiff, and back (features `chrono`,
//! `time`, `jiff`): the body of every format's `timestamp_chrono`, `timestamp_time`,
//! `timestamp_jiff` and `min_at_*`, written once.
//!
//! A format describes its timestamps once, as a [`Timestamps`] (the unit, milliseconds or
//! seconds since the Unix epoch, and the range it holds). Going out, a timestamp becomes exact
//! nanoseconds since the Unix epoch and then the library's instant; time and jiff end in the year
//! 9999, and a later timestamp is an [`Overflow`] naming the library and its end. Coming in, an
//! instant's nanoseconds are rounded toward the past to the unit (so that an instant just before
//! the range is before it, not at its start) and checked against the range: an [`OutOfRange`]
//! otherwise.
//!
//! ```
//! use id_text::date_time::{OutOfRange, Timestamps};
//!
//! let seconds = Timestamps::seconds(0, u64::from(u32::MAX));
//! assert_eq!(seconds.floor(1_500_000_000), Ok(1));
//! assert_eq!(
//!     seconds.floor(-1),
//!     Err(OutOfRange { value: -1, min: 0, max: u64::from(u32::MAX) })
//! );
//! ```

/// The timestamps an id holds: their unit (milliseconds or seconds since the Unix epoch) and
/// their range, in that unit.
///
/// ```
/// use id_text::date_time::Timestamps;
///
/// let ms = Timestamps::milliseconds(0, (1 << 48) - 1);
/// assert_eq!(ms.unix_nanos(1_469_922_850_259), 1_469_922_850_259_000_000);
/// assert_eq!(ms.floor(1_469_922_850_259_999_999), Ok(1_469_922_850_259));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Timestamps {
    /// Nanoseconds in one unit of the timestamp.
    unit_nanos: i128,
    /// The earliest timestamp an id holds.
    min: u64,
    /// The latest timestamp an id holds.
    max: u64,
}

/// A date-time outside the timestamps an id holds: the body of a format's
/// `Error::DateTimeOutOfRange`.
///
/// ```
/// use id_text::date_time::{OutOfRange, Timestamps};
///
/// let error = Timestamps::milliseconds(0, 9).floor(10_000_000).unwrap_err();
/// assert_eq!(error, OutOfRange { value: 10, min: 0, max: 9 });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OutOfRange {
    /// The date-time given, in the id's unit since the Unix epoch (the digits below the unit
    /// truncated toward the past), saturated to the range of an `i64`.
    pub value: i64,
    /// The earliest timestamp the id holds.
    pub min: u64,
    /// The latest timestamp the id holds.
    pub max: u64,
}

/// A timestamp after the latest date-time of a library: the body of a format's
/// `Error::DateTimeOverflow`.
///
/// ```
/// use id_text::date_time::Overflow;
///
/// let error = Overflow { value: 10, max: 9, library: "jiff::Timestamp" };
/// assert!(error.value > error.max);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Overflow {
    /// The id's timestamp, in its unit since the Unix epoch.
    pub value: u64,
    /// The library's latest date-time, in the id's unit since the Unix epoch (truncated).
    pub max: u64,
    /// The type asked for, such as `"jiff::Timestamp"`.
    pub library: &'static str,
}

/// Nanoseconds in one second.
const NANOS_PER_S: i128 = 1_000_000_000;

impl Timestamps {
    /// Timestamps in milliseconds since the Unix epoch, from `min` to `max`.
    ///
    /// ```
    /// let ms = id_text::date_time::Timestamps::milliseconds(0, 9);
    /// assert_eq!(ms.unix_nanos(1), 1_000_000);
    /// ```
    #[must_use]
    pub const fn milliseconds(min: u64, max: u64) -> Timestamps {
        Timestamps {
            unit_nanos: 1_000_000,
            min,
            max,
        }
    }

    /// Timestamps in seconds since the Unix epoch, from `min` to `max`.
    ///
    /// ```
    /// let s = id_text::date_time::Timestamps::seconds(0, 9);
    /// assert_eq!(s.unix_nanos(1), 1_000_000_000);
    /// ```
    #[must_use]
    pub const fn seconds(min: u64, max: u64) -> Timestamps {
        Timestamps {
            unit_nanos: NANOS_PER_S,
            min,
            max,
        }
    }

    /// `timestamp` in exact nanoseconds since the Unix epoch.
    ///
    /// ```
    /// let s = id_text::date_time::Timestamps::seconds(0, u64::MAX);
    /// assert_eq!(s.unix_nanos(u64::MAX), i128::from(u64::MAX) * 1_000_000_000);
    /// ```
    #[must_use]
    pub const fn unix_nanos(self, timestamp: u64) -> i128 {
        // At most 2^64 * 10^9, far inside an i128.
        timestamp as i128 * self.unit_nanos
    }

    /// The timestamp of the unit that holds `nanos` (since the Unix epoch), rounded toward the
    /// past, so that an instant just before the range is before it, not at its start.
    ///
    /// # Errors
    ///
    /// [`OutOfRange`] for a unit before `min` or after `max`.
    ///
    /// # Examples
    ///
    /// ```
    /// use id_text::date_time::{OutOfRange, Timestamps};
    ///
    /// let ms = Timestamps::milliseconds(5, 9);
    /// assert_eq!(ms.floor(5_000_000), Ok(5));
    /// assert_eq!(ms.floor(9_999_999), Ok(9));
    /// assert_eq!(ms.floor(4_999_999), Err(OutOfRange { value: 4, min: 5, max: 9 }));
    /// assert_eq!(ms.floor(-1), Err(OutOfRange { value: -1, min: 5, max: 9 }));
    /// ```
    pub fn floor(self, nanos: i128) -> Result<u64, OutOfRange> {
        let units = nanos.div_euclid(self.unit_nanos);
        u64::try_from(units)
            .ok()
            .filter(|units| (self.min..=self.max).contains(units))
            .ok_or(OutOfRange {
                // Every date-time library's range, in milliseconds, fits: the saturation is
                // never reached, and keeps the function free of panics.
                value: i64::try_from(units).unwrap_or(if units < 0 { i64::MIN } else { i64::MAX }),
                min: self.min,
                max: self.max,
            })
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
    ) -> Result<T, Overflow> {
        let nanos = self.unix_nanos(timestamp);
        let overflow = Overflow {
            value: timestamp,
            max: u64::try_from(max_nanos.div_euclid(self.unit_nanos)).unwrap_or(0),
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
    /// let at = Timestamps::milliseconds(0, u64::MAX).to_chrono(1_469_922_850_259);
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
    /// [`OutOfRange`] for a date-time outside the range.
    ///
    /// # Examples
    ///
    /// ```
    /// use id_text::date_time::Timestamps;
    ///
    /// let at = chrono::DateTime::from_timestamp(1_350_336_377, 999_999_999).unwrap();
    /// let s = Timestamps::seconds(0, u64::from(u32::MAX));
    /// assert_eq!(s.floor_chrono(&at), Ok(1_350_336_377));
    /// ```
    pub fn floor_chrono<Tz: chrono::TimeZone>(
        self,
        at: &chrono::DateTime<Tz>,
    ) -> Result<u64, OutOfRange> {
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
    /// [`Overflow`] for a timestamp after time's latest date-time (9999-12-31T23:59:59.999999999Z,
    /// unless a crate in the build turns on time's `large-dates`).
    ///
    /// # Examples
    ///
    /// ```
    /// use id_text::date_time::Timestamps;
    ///
    /// let ms = Timestamps::milliseconds(0, u64::MAX);
    /// assert_eq!(ms.to_time(1_469_922_850_259)?.unix_timestamp(), 1_469_922_850);
    /// assert_eq!(ms.to_time(1 << 48).unwrap_err().library, "time::OffsetDateTime");
    /// # Ok::<(), id_text::date_time::Overflow>(())
    /// ```
    pub fn to_time(self, timestamp: u64) -> Result<time::OffsetDateTime, Overflow> {
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
    /// [`OutOfRange`] for a date-time outside the range.
    ///
    /// # Examples
    ///
    /// ```
    /// use id_text::date_time::Timestamps;
    ///
    /// let at = time::OffsetDateTime::from_unix_timestamp(1_350_336_377)?;
    /// let s = Timestamps::seconds(0, u64::from(u32::MAX));
    /// assert_eq!(s.floor_time(at), Ok(1_350_336_377));
    /// # Ok::<(), time::error::ComponentRange>(())
    /// ```
    pub fn floor_time(self, at: time::OffsetDateTime) -> Result<u64, OutOfRange> {
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
    /// [`Overflow`] for a timestamp after jiff's latest instant (9999-12-30T22:00:00.999999999Z).
    ///
    /// # Examples
    ///
    /// ```
    /// use id_text::date_time::Timestamps;
    ///
    /// let ms = Timestamps::milliseconds(0, u64::MAX);
    /// assert_eq!(ms.to_jiff(1_469_922_850_259)?.as_millisecond(), 1_469_922_850_259);
    /// assert_eq!(ms.to_jiff(1 << 48).unwrap_err().library, "jiff::Timestamp");
    /// # Ok::<(), id_text::date_time::Overflow>(())
    /// ```
    pub fn to_jiff(self, timestamp: u64) -> Result<jiff::Timestamp, Overflow> {
        let max_nanos = jiff::Timestamp::MAX.as_nanosecond();
        self.until(timestamp, "jiff::Timestamp", max_nanos, |nanos| {
            jiff::Timestamp::from_nanosecond(nanos).ok()
        })
    }

    /// The timestamp of the unit that holds `at`, as [`floor`](Self::floor).
    ///
    /// # Errors
    ///
    /// [`OutOfRange`] for an instant outside the range.
    ///
    /// # Examples
    ///
    /// ```
    /// use id_text::date_time::Timestamps;
    ///
    /// let at = jiff::Timestamp::from_second(1_350_336_377)?;
    /// let s = Timestamps::seconds(0, u64::from(u32::MAX));
    /// assert_eq!(s.floor_jiff(at), Ok(1_350_336_377));
    /// # Ok::<(), jiff::Error>(())
    /// ```
    pub fn floor_jiff(self, at: jiff::Timestamp) -> Result<u64, OutOfRange> {
        self.floor(at.as_nanosecond())
    }
}

/// Everything a format's date-time features need, as one constant of the format crate: its
/// [`Timestamps`], the smallest id of a timestamp, and its two errors. The methods are the bodies
/// of the format's `timestamp_chrono`, `min_at_chrono` and the others.
///
/// ```
/// use id_text::date_time::{DateTimes, Timestamps};
///
/// #[derive(Debug, PartialEq)]
/// struct Id(u64);
///
/// #[derive(Debug, PartialEq)]
/// enum Error {
///     OutOfRange(i64),
///     Overflow(&'static str),
/// }
///
/// const DATE_TIMES: DateTimes<Id, Error> = DateTimes {
///     timestamps: Timestamps::seconds(0, u32::MAX as u64),
///     id: |s| Ok(Id(s << 32)),
///     out_of_range: |value, _, _| Error::OutOfRange(value),
///     overflow: |_, _, library| Error::Overflow(library),
/// };
///
/// assert_eq!(DATE_TIMES.min_at(DATE_TIMES.timestamps.floor(1_500_000_000)), Ok(Id(1 << 32)));
/// assert_eq!(DATE_TIMES.min_at(DATE_TIMES.timestamps.floor(-1)), Err(Error::OutOfRange(-1)));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct DateTimes<T, E> {
    /// The timestamps the id holds.
    pub timestamps: Timestamps,
    /// The smallest id of a timestamp in range (its other fields zero).
    pub id: fn(u64) -> Result<T, E>,
    /// The format's error for a date-time out of range: the fields of an [`OutOfRange`].
    pub out_of_range: fn(i64, u64, u64) -> E,
    /// The format's error for a timestamp after a library's end: the fields of an [`Overflow`].
    pub overflow: fn(u64, u64, &'static str) -> E,
}

impl<T, E> DateTimes<T, E> {
    /// The smallest id of the timestamp found, or the format's error for a date-time out of
    /// range: the body of every `min_at_*`.
    ///
    /// # Errors
    ///
    /// `out_of_range` of what was found, and the errors of `id`.
    ///
    /// # Examples
    ///
    /// ```
    /// # use id_text::date_time::{DateTimes, Timestamps};
    /// const DATE_TIMES: DateTimes<u64, i64> = DateTimes {
    ///     timestamps: Timestamps::milliseconds(0, 9),
    ///     id: Ok,
    ///     out_of_range: |value, _, _| value,
    ///     overflow: |_, _, _| 0,
    /// };
    /// assert_eq!(DATE_TIMES.min_at(DATE_TIMES.timestamps.floor(9_999_999)), Ok(9));
    /// assert_eq!(DATE_TIMES.min_at(DATE_TIMES.timestamps.floor(10_000_000)), Err(10));
    /// ```
    pub fn min_at(&self, found: Result<u64, OutOfRange>) -> Result<T, E> {
        match found {
            Ok(timestamp) => (self.id)(timestamp),
            Err(OutOfRange { value, min, max }) => Err((self.out_of_range)(value, min, max)),
        }
    }

    /// A library's instant, or the format's error for a timestamp after the library's end.
    #[cfg(any(feature = "time", feature = "jiff"))]
    fn within<D>(&self, date_time: Result<D, Overflow>) -> Result<D, E> {
        date_time.map_err(
            |Overflow {
                 value,
                 max,
                 library,
             }| (self.overflow)(value, max, library),
        )
    }
}

/// Feature `chrono`.
#[cfg(feature = "chrono")]
impl<T, E> DateTimes<T, E> {
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
    /// # use id_text::date_time::{DateTimes, Timestamps};
    /// const DATE_TIMES: DateTimes<u64, i64> = DateTimes {
    ///     timestamps: Timestamps::seconds(0, 9),
    ///     id: Ok,
    ///     out_of_range: |value, _, _| value,
    ///     overflow: |_, _, _| 0,
    /// };
    /// let at = chrono::DateTime::from_timestamp(9, 999_999_999).unwrap();
    /// assert_eq!(DATE_TIMES.min_at_chrono(&at), Ok(9));
    /// ```
    pub fn min_at_chrono<Tz: chrono::TimeZone>(&self, at: &chrono::DateTime<Tz>) -> Result<T, E> {
        self.min_at(self.timestamps.floor_chrono(at))
    }
}

/// Feature `time`.
#[cfg(feature = "time")]
impl<T, E> DateTimes<T, E> {
    /// `timestamp` as a [`time::OffsetDateTime`] at UTC: [`Timestamps::to_time`].
    ///
    /// # Errors
    ///
    /// `overflow` of the [`Overflow`] found.
    ///
    /// # Examples
    ///
    /// ```
    /// # use id_text::date_time::{DateTimes, Timestamps};
    /// const DATE_TIMES: DateTimes<u64, &str> = DateTimes {
    ///     timestamps: Timestamps::milliseconds(0, u64::MAX),
    ///     id: Ok,
    ///     out_of_range: |_, _, _| "out of range",
    ///     overflow: |_, _, library| library,
    /// };
    /// assert_eq!(DATE_TIMES.to_time(1_000)?.unix_timestamp(), 1);
    /// assert_eq!(DATE_TIMES.to_time(1 << 48), Err("time::OffsetDateTime"));
    /// # Ok::<(), &str>(())
    /// ```
    pub fn to_time(&self, timestamp: u64) -> Result<time::OffsetDateTime, E> {
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
    /// # use id_text::date_time::{DateTimes, Timestamps};
    /// const DATE_TIMES: DateTimes<u64, i64> = DateTimes {
    ///     timestamps: Timestamps::seconds(0, 9),
    ///     id: Ok,
    ///     out_of_range: |value, _, _| value,
    ///     overflow: |_, _, _| 0,
    /// };
    /// let at = time::OffsetDateTime::from_unix_timestamp(10).unwrap();
    /// assert_eq!(DATE_TIMES.min_at_time(at), Err(10));
    /// ```
    pub fn min_at_time(&self, at: time::OffsetDateTime) -> Result<T, E> {
        self.min_at(self.timestamps.floor_time(at))
    }
}

/// Feature `jiff`.
#[cfg(feature = "jiff")]
impl<T, E> DateTimes<T, E> {
    /// `timestamp` as a [`jiff::Timestamp`]: [`Timestamps::to_jiff`].
    ///
    /// # Errors
    ///
    /// `overflow` of the [`Overflow`] found.
    ///
    /// # Examples
    ///
    /// ```
    /// # use id_text::date_time::{DateTimes, Timestamps};
    /// const DATE_TIMES: DateTimes<u64, &str> = DateTimes {
    ///     timestamps: Timestamps::milliseconds(0, u64::MAX),
    ///     id: Ok,
    ///     out_of_range: |_, _, _| "out of range",
    ///     overflow: |_, _, library| library,
    /// };
    /// assert_eq!(DATE_TIMES.to_jiff(1_000)?.as_second(), 1);
    /// assert_eq!(DATE_TIMES.to_jiff(1 << 48), Err("jiff::Timestamp"));
    /// # Ok::<(), &str>(())
    /// ```
    pub fn to_jiff(&self, timestamp: u64) -> Result<jiff::Timestamp, E> {
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
    /// # use id_text::date_time::{DateTimes, Timestamps};
    /// const DATE_TIMES: DateTimes<u64, i64> = DateTimes {
    ///     timestamps: Timestamps::seconds(5, 9),
    ///     id: Ok,
    ///     out_of_range: |value, _, _| value,
    ///     overflow: |_, _, _| 0,
    /// };
    /// let at = jiff::Timestamp::from_second(4).unwrap();
    /// assert_eq!(DATE_TIMES.min_at_jiff(at), Err(4));
    /// ```
    pub fn min_at_jiff(&self, at: jiff::Timestamp) -> Result<T, E> {
        self.min_at(self.timestamps.floor_jiff(at))
    }
}
