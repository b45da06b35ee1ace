//! Feature `time`: the timestamp as a `time::OffsetDateTime` at UTC, and the smallest and the
//! largest id of a date-time, for range queries.

use time::OffsetDateTime;

use crate::id::DATE_TIMES;
use crate::{DateTimeError, ObjectId};

impl ObjectId {
    /// The timestamp as a [`time::OffsetDateTime`] at offset UTC. Requires the `time` feature.
    ///
    /// An `OffsetDateTime` rather than time's `UtcDateTime`: it is what time 0.3's own API hands
    /// out and takes (`now_utc`, the RFC 3339 formats, the database drivers), and `UtcDateTime`
    /// exists only from time 0.3.38.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] if the timestamp were after time's latest date-time; an
    /// ObjectId's latest, 2106-02-07T06:28:15Z, is within it, so this does not happen: the `Result`
    /// keeps the four formats' signatures the same.
    ///
    /// # Examples
    ///
    /// ```
    /// use time::format_description::well_known::Rfc3339;
    /// use objectid::ObjectId;
    ///
    /// let id = ObjectId::from_parts(1_350_336_377, 7)?;
    /// let expected = time::OffsetDateTime::parse("2012-10-15T21:26:17Z", &Rfc3339)?;
    /// assert_eq!(id.timestamp_time()?, expected);
    /// assert_eq!(id.timestamp_time()?.offset(), time::UtcOffset::UTC);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn timestamp_time(self) -> Result<OffsetDateTime, DateTimeError> {
        DATE_TIMES.to_time(self.timestamp_s())
    }

    /// The smallest ObjectId of the second of `at` (at any offset): a lower bound for range queries
    /// (`WHERE id >= …`), as [`min_at_chrono`](#method.min_at_chrono) with feature `chrono`. Pure:
    /// it needs no clock and no `generate` feature. Requires the `time` feature.
    ///
    /// The sub-second digits are truncated toward the past.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] for a date-time outside 1970-01-01T00:00:00Z to
    /// 2106-02-07T06:28:15Z.
    ///
    /// # Examples
    ///
    /// ```
    /// use time::format_description::well_known::Rfc3339;
    /// use objectid::ObjectId;
    ///
    /// let at = time::OffsetDateTime::parse("2012-10-15T21:26:17Z", &Rfc3339)?;
    /// let lower = ObjectId::min_at_time(at)?;
    /// assert_eq!(lower.timestamp_s(), 1_350_336_377);
    /// assert_eq!(lower.timestamp_time()?, at);
    ///
    /// let before = time::OffsetDateTime::parse("1969-12-31T23:59:59Z", &Rfc3339)?;
    /// assert!(ObjectId::min_at_time(before).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn min_at_time(at: OffsetDateTime) -> Result<ObjectId, DateTimeError> {
        DATE_TIMES.min_at_time(at)
    }
    /// The largest ObjectId of the second of `at` (at any offset): an upper bound for range
    /// queries (`WHERE id <= …`), as [`max_at_chrono`](#method.max_at_chrono) with feature
    /// `chrono`. Pure: it needs no clock and no `generate` feature. Requires the `time` feature.
    ///
    /// The sub-second digits are truncated toward the past.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] for a date-time outside 1970-01-01T00:00:00Z to
    /// 2106-02-07T06:28:15Z.
    ///
    /// # Examples
    ///
    /// ```
    /// use time::format_description::well_known::Rfc3339;
    /// use objectid::ObjectId;
    ///
    /// let at = time::OffsetDateTime::parse("2012-10-15T21:26:17.999Z", &Rfc3339)?;
    /// assert_eq!(ObjectId::max_at_time(at)?, ObjectId::max_at_s(1_350_336_377)?);
    ///
    /// let before = time::OffsetDateTime::parse("1969-12-31T23:59:59Z", &Rfc3339)?;
    /// assert!(ObjectId::max_at_time(before).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_at_time(at: OffsetDateTime) -> Result<ObjectId, DateTimeError> {
        DATE_TIMES.max_at_time(at)
    }
}
