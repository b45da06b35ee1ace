//! Feature `jiff`: the timestamp as a `jiff::Timestamp`, and the smallest and the
//! largest id of an instant, for range queries.

use jiff::Timestamp;

use crate::id::DATE_TIMES;
use crate::{DateTimeError, SnowflakeId};

impl SnowflakeId {
    /// The timestamp as a [`jiff::Timestamp`]. Requires the `jiff` feature.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] if the timestamp were after jiff's latest instant; a Snowflake
    /// id's latest, 2093-09-06T15:47:35.551Z, is within it, so this does not happen: the `Result`
    /// keeps the four formats' signatures the same.
    ///
    /// # Examples
    ///
    /// ```
    /// use snowflake::SnowflakeId;
    ///
    /// let id = SnowflakeId::from_parts(1_704_067_201_000, 7, 3)?;
    /// assert_eq!(id.timestamp_jiff()?, "2024-01-01T00:00:01Z".parse::<jiff::Timestamp>()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn timestamp_jiff(self) -> Result<Timestamp, DateTimeError> {
        DATE_TIMES.to_jiff(self.timestamp_ms())
    }

    /// The smallest SnowflakeId of the millisecond of `at`: a lower bound for range queries (`WHERE
    /// id >= …`), as [`min_at_chrono`](#method.min_at_chrono) with feature `chrono`. Pure: it needs
    /// no clock and no `generate` feature. Requires the `jiff` feature (a `jiff::Zoned` gives its
    /// instant with `.timestamp()`).
    ///
    /// The sub-millisecond digits are truncated toward the past.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] for an instant outside 2024-01-01T00:00:00Z to
    /// 2093-09-06T15:47:35.551Z.
    ///
    /// # Examples
    ///
    /// ```
    /// use snowflake::SnowflakeId;
    ///
    /// let at: jiff::Timestamp = "2024-01-01T00:00:01Z".parse()?;
    /// let lower = SnowflakeId::min_at_jiff(at)?;
    /// assert_eq!(lower.timestamp_ms(), 1_704_067_201_000);
    /// assert_eq!(lower.timestamp_jiff()?, at);
    ///
    /// assert!(SnowflakeId::min_at_jiff("2023-12-31T23:59:59.999Z".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn min_at_jiff(at: Timestamp) -> Result<SnowflakeId, DateTimeError> {
        DATE_TIMES.min_at_jiff(at)
    }
    /// The largest SnowflakeId of the millisecond of `at`: an upper bound for range queries (`WHERE id
    /// <= …`), as [`max_at_chrono`](#method.max_at_chrono) with feature `chrono`. Pure: it needs
    /// no clock and no `generate` feature. Requires the `jiff` feature (a `jiff::Zoned` gives
    /// its instant with `.timestamp()`).
    ///
    /// The sub-millisecond digits are truncated toward the past.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] for an instant outside 2024-01-01T00:00:00Z to
    /// 2093-09-06T15:47:35.551Z.
    ///
    /// # Examples
    ///
    /// ```
    /// use snowflake::SnowflakeId;
    ///
    /// let at: jiff::Timestamp = "2024-01-01T00:00:01.000999Z".parse()?;
    /// assert_eq!(SnowflakeId::max_at_jiff(at)?, SnowflakeId::max_at_ms(1_704_067_201_000)?);
    ///
    /// assert!(SnowflakeId::max_at_jiff("2023-12-31T23:59:59.999Z".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_at_jiff(at: Timestamp) -> Result<SnowflakeId, DateTimeError> {
        DATE_TIMES.max_at_jiff(at)
    }
}
