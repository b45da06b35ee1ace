//! Feature `time`: the timestamp as a `time::OffsetDateTime` at UTC, and the smallest and the
//! largest id of a date-time, for range queries.

use time::OffsetDateTime;

use crate::id::DATE_TIMES;
use crate::{DateTimeError, SnowflakeId};

impl SnowflakeId {
    /// The timestamp as a [`time::OffsetDateTime`] at offset UTC. Requires the `time` feature.
    ///
    /// An `OffsetDateTime` rather than time's `UtcDateTime`: it is what time 0.3's own API hands
    /// out and takes (`now_utc`, the RFC 3339 formats, the database drivers), and `UtcDateTime`
    /// exists only from time 0.3.38.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] if the timestamp were after time's latest date-time; a Snowflake
    /// id's latest, 2093-09-06T15:47:35.551Z, is within it, so this does not happen: the `Result`
    /// keeps the four formats' signatures the same.
    ///
    /// # Examples
    ///
    /// ```
    /// use time::format_description::well_known::Rfc3339;
    /// use snowflake::SnowflakeId;
    ///
    /// let id = SnowflakeId::from_parts(1_704_067_201_000, 7, 3)?;
    /// let expected = time::OffsetDateTime::parse("2024-01-01T00:00:01Z", &Rfc3339)?;
    /// assert_eq!(id.timestamp_time()?, expected);
    /// assert_eq!(id.timestamp_time()?.offset(), time::UtcOffset::UTC);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn timestamp_time(self) -> Result<OffsetDateTime, DateTimeError> {
        DATE_TIMES.to_time(self.timestamp_ms())
    }

    /// The smallest SnowflakeId of the millisecond of `at` (at any offset): a lower bound for range
    /// queries (`WHERE id >= …`), as [`min_at_chrono`](#method.min_at_chrono) with feature
    /// `chrono`. Pure: it needs no clock and no `generate` feature. Requires the `time` feature.
    ///
    /// The sub-millisecond digits are truncated toward the past.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] for a date-time outside 2024-01-01T00:00:00Z to
    /// 2093-09-06T15:47:35.551Z.
    ///
    /// # Examples
    ///
    /// ```
    /// use time::format_description::well_known::Rfc3339;
    /// use snowflake::SnowflakeId;
    ///
    /// let at = time::OffsetDateTime::parse("2024-01-01T00:00:01Z", &Rfc3339)?;
    /// let lower = SnowflakeId::min_at_time(at)?;
    /// assert_eq!(lower.timestamp_ms(), 1_704_067_201_000);
    /// assert_eq!(lower.timestamp_time()?, at);
    ///
    /// let before = time::OffsetDateTime::parse("2023-12-31T23:59:59.999Z", &Rfc3339)?;
    /// assert!(SnowflakeId::min_at_time(before).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn min_at_time(at: OffsetDateTime) -> Result<SnowflakeId, DateTimeError> {
        DATE_TIMES.min_at_time(at)
    }
    /// The largest SnowflakeId of the millisecond of `at` (at any offset): an upper bound for range
    /// queries (`WHERE id <= …`), as [`max_at_chrono`](#method.max_at_chrono) with feature
    /// `chrono`. Pure: it needs no clock and no `generate` feature. Requires the `time` feature.
    ///
    /// The sub-millisecond digits are truncated toward the past.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] for a date-time outside 2024-01-01T00:00:00Z to
    /// 2093-09-06T15:47:35.551Z.
    ///
    /// # Examples
    ///
    /// ```
    /// use time::format_description::well_known::Rfc3339;
    /// use snowflake::SnowflakeId;
    ///
    /// let at = time::OffsetDateTime::parse("2024-01-01T00:00:01.000999Z", &Rfc3339)?;
    /// assert_eq!(SnowflakeId::max_at_time(at)?, SnowflakeId::max_at_ms(1_704_067_201_000)?);
    ///
    /// let before = time::OffsetDateTime::parse("2023-12-31T23:59:59.999Z", &Rfc3339)?;
    /// assert!(SnowflakeId::max_at_time(before).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_at_time(at: OffsetDateTime) -> Result<SnowflakeId, DateTimeError> {
        DATE_TIMES.max_at_time(at)
    }
}
