//! Feature `chrono`: the timestamp as a `chrono::DateTime<Utc>`, and the smallest and the
//! largest id of a date-time, for range queries.

use chrono::{DateTime, TimeZone, Utc};

use crate::id::DATE_TIMES;
use crate::{DateTimeError, SnowflakeId};

impl SnowflakeId {
    /// The timestamp as a [`chrono::DateTime<Utc>`](chrono::DateTime). Requires the `chrono`
    /// feature.
    ///
    /// Never fails: chrono's range (years -262143 to 262142) holds every timestamp of a Snowflake
    /// id (2024-01-01T00:00:00Z to 2093-09-06T15:47:35.551Z).
    ///
    /// ```
    /// use snowflake::SnowflakeId;
    ///
    /// let id = SnowflakeId::from_parts(1_704_067_201_000, 7, 3)?;
    /// let expected = chrono::DateTime::parse_from_rfc3339("2024-01-01T00:00:01Z")?;
    /// assert_eq!(id.timestamp_chrono(), expected);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn timestamp_chrono(self) -> DateTime<Utc> {
        DATE_TIMES.timestamps.to_chrono(self.timestamp_ms())
    }

    /// The smallest SnowflakeId of the millisecond of `at` (a date-time in any time zone): the
    /// first id that generation at that time can give, a lower bound for range queries (`WHERE id
    /// >= …`). Pure: it needs no clock and no `generate` feature. Requires the `chrono` feature.
    ///
    /// The sub-millisecond digits are truncated toward the past; a leap second counts as the last
    /// instant of the second before it (Unix time has no leap seconds).
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] for a date-time outside 2024-01-01T00:00:00Z to
    /// 2093-09-06T15:47:35.551Z.
    ///
    /// # Examples
    ///
    /// ```
    /// use snowflake::SnowflakeId;
    ///
    /// let at = chrono::DateTime::parse_from_rfc3339("2024-01-01T00:00:01Z")?;
    /// let lower = SnowflakeId::min_at_chrono(at)?;
    /// assert_eq!(lower.timestamp_ms(), 1_704_067_201_000);
    /// assert_eq!(lower.timestamp_chrono(), at);
    ///
    /// let before = chrono::DateTime::parse_from_rfc3339("2023-12-31T23:59:59.999Z")?;
    /// assert!(SnowflakeId::min_at_chrono(before).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn min_at_chrono<Tz: TimeZone>(at: DateTime<Tz>) -> Result<SnowflakeId, DateTimeError> {
        DATE_TIMES.min_at_chrono(&at)
    }
    /// The largest SnowflakeId of the millisecond of `at` (a date-time in any time zone): the last id
    /// that generation at that time can give, an upper bound for range queries (`WHERE id <= …`),
    /// as [`min_at_chrono`](Self::min_at_chrono) is the lower; the same id as
    /// [`max_at_ms`](Self::max_at_ms) of its millisecond. Pure: it needs no clock and no
    /// `generate` feature. Requires the `chrono` feature.
    ///
    /// The sub-millisecond digits are truncated toward the past, so that the id is the largest of the
    /// millisecond that holds `at`; a leap second counts as the last instant of the second before
    /// it.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] for a date-time outside 2024-01-01T00:00:00Z to
    /// 2093-09-06T15:47:35.551Z.
    ///
    /// # Examples
    ///
    /// ```
    /// use snowflake::SnowflakeId;
    ///
    /// let at = chrono::DateTime::parse_from_rfc3339("2024-01-01T00:00:01.000999Z")?;
    /// let upper = SnowflakeId::max_at_chrono(at)?;
    /// assert_eq!(upper.timestamp_ms(), 1_704_067_201_000);
    /// assert_eq!(upper, SnowflakeId::max_at_ms(1_704_067_201_000)?);
    /// assert!(SnowflakeId::min_at_chrono(at)? < upper);
    ///
    /// let before = chrono::DateTime::parse_from_rfc3339("2023-12-31T23:59:59.999Z")?;
    /// assert!(SnowflakeId::max_at_chrono(before).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_at_chrono<Tz: TimeZone>(at: DateTime<Tz>) -> Result<SnowflakeId, DateTimeError> {
        DATE_TIMES.max_at_chrono(&at)
    }
}
