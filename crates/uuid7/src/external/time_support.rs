//! Feature `time`: the timestamp as a `time::OffsetDateTime` at UTC, and the smallest and the
//! largest id of a date-time, for range queries.

use time::OffsetDateTime;

use crate::id::DATE_TIMES;
use crate::{DateTimeError, Uuid7};

impl Uuid7 {
    /// The timestamp as a [`time::OffsetDateTime`] at offset UTC. Requires the `time` feature.
    ///
    /// An `OffsetDateTime` rather than time's `UtcDateTime`: it is what time 0.3's own API hands
    /// out and takes (`now_utc`, the RFC 3339 formats, the database drivers), and `UtcDateTime`
    /// exists only from time 0.3.38.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] for a timestamp after time's latest date-time
    /// (9999-12-31T23:59:59.999999999Z, unless a crate in the build turns on time's `large-dates`):
    /// a UUIDv7 reaches the year 10889.
    ///
    /// # Examples
    ///
    /// ```
    /// use time::format_description::well_known::Rfc3339;
    /// use uuid7::Uuid7;
    ///
    /// let id = Uuid7::from_parts(1_645_557_742_000, 7)?;
    /// let expected = time::OffsetDateTime::parse("2022-02-22T19:22:22Z", &Rfc3339)?;
    /// assert_eq!(id.timestamp_time()?, expected);
    /// assert_eq!(id.timestamp_time()?.offset(), time::UtcOffset::UTC);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn timestamp_time(self) -> Result<OffsetDateTime, DateTimeError> {
        DATE_TIMES.to_time(self.timestamp_ms())
    }

    /// The smallest Uuid7 of the millisecond of `at` (at any offset): a lower bound for range
    /// queries (`WHERE id >= …`), as [`min_at_chrono`](#method.min_at_chrono) with feature
    /// `chrono`. Pure: it needs no clock and no `generate` feature. Requires the `time` feature.
    ///
    /// The sub-millisecond digits are truncated toward the past.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] for a date-time outside 1970-01-01T00:00:00Z to
    /// 10889-08-02T05:31:50.655Z.
    ///
    /// # Examples
    ///
    /// ```
    /// use time::format_description::well_known::Rfc3339;
    /// use uuid7::Uuid7;
    ///
    /// let at = time::OffsetDateTime::parse("2022-02-22T19:22:22Z", &Rfc3339)?;
    /// let lower = Uuid7::min_at_time(at)?;
    /// assert_eq!(lower.timestamp_ms(), 1_645_557_742_000);
    /// assert_eq!(lower.timestamp_time()?, at);
    ///
    /// let before = time::OffsetDateTime::parse("1969-12-31T23:59:59.999Z", &Rfc3339)?;
    /// assert!(Uuid7::min_at_time(before).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn min_at_time(at: OffsetDateTime) -> Result<Uuid7, DateTimeError> {
        DATE_TIMES.min_at_time(at)
    }
    /// The largest Uuid7 of the millisecond of `at` (at any offset): an upper bound for range
    /// queries (`WHERE id <= …`), as [`max_at_chrono`](#method.max_at_chrono) with feature
    /// `chrono`. Pure: it needs no clock and no `generate` feature. Requires the `time` feature.
    ///
    /// The sub-millisecond digits are truncated toward the past.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] for a date-time outside 1970-01-01T00:00:00Z to
    /// 10889-08-02T05:31:50.655Z.
    ///
    /// # Examples
    ///
    /// ```
    /// use time::format_description::well_known::Rfc3339;
    /// use uuid7::Uuid7;
    ///
    /// let at = time::OffsetDateTime::parse("2022-02-22T19:22:22.000999Z", &Rfc3339)?;
    /// assert_eq!(Uuid7::max_at_time(at)?, Uuid7::max_at_ms(1_645_557_742_000)?);
    ///
    /// let before = time::OffsetDateTime::parse("1969-12-31T23:59:59.999Z", &Rfc3339)?;
    /// assert!(Uuid7::max_at_time(before).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_at_time(at: OffsetDateTime) -> Result<Uuid7, DateTimeError> {
        DATE_TIMES.max_at_time(at)
    }
}
