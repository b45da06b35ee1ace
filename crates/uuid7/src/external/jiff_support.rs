//! Feature `jiff`: the timestamp as a `jiff::Timestamp`, and the smallest and the
//! largest id of an instant, for range queries.

use jiff::Timestamp;

use crate::id::DATE_TIMES;
use crate::{DateTimeError, Uuid7};

impl Uuid7 {
    /// The timestamp as a [`jiff::Timestamp`]. Requires the `jiff` feature.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] for a timestamp after jiff's latest instant
    /// (9999-12-30T22:00:00.999999999Z): a UUIDv7 reaches the year 10889.
    ///
    /// # Examples
    ///
    /// ```
    /// use uuid7::Uuid7;
    ///
    /// let id = Uuid7::from_parts(1_645_557_742_000, 7)?;
    /// assert_eq!(id.timestamp_jiff()?, "2022-02-22T19:22:22Z".parse::<jiff::Timestamp>()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn timestamp_jiff(self) -> Result<Timestamp, DateTimeError> {
        DATE_TIMES.to_jiff(self.timestamp_ms())
    }

    /// The smallest Uuid7 of the millisecond of `at`: a lower bound for range queries (`WHERE id >=
    /// …`), as [`min_at_chrono`](#method.min_at_chrono) with feature `chrono`. Pure: it needs no
    /// clock and no `generate` feature. Requires the `jiff` feature (a `jiff::Zoned` gives its
    /// instant with `.timestamp()`).
    ///
    /// The sub-millisecond digits are truncated toward the past.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] for an instant outside 1970-01-01T00:00:00Z to
    /// 10889-08-02T05:31:50.655Z.
    ///
    /// # Examples
    ///
    /// ```
    /// use uuid7::Uuid7;
    ///
    /// let at: jiff::Timestamp = "2022-02-22T19:22:22Z".parse()?;
    /// let lower = Uuid7::min_at_jiff(at)?;
    /// assert_eq!(lower.timestamp_ms(), 1_645_557_742_000);
    /// assert_eq!(lower.timestamp_jiff()?, at);
    ///
    /// assert!(Uuid7::min_at_jiff("1969-12-31T23:59:59.999Z".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn min_at_jiff(at: Timestamp) -> Result<Uuid7, DateTimeError> {
        DATE_TIMES.min_at_jiff(at)
    }
    /// The largest Uuid7 of the millisecond of `at`: an upper bound for range queries (`WHERE id
    /// <= …`), as [`max_at_chrono`](#method.max_at_chrono) with feature `chrono`. Pure: it needs
    /// no clock and no `generate` feature. Requires the `jiff` feature (a `jiff::Zoned` gives
    /// its instant with `.timestamp()`).
    ///
    /// The sub-millisecond digits are truncated toward the past.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] for an instant outside 1970-01-01T00:00:00Z to
    /// 10889-08-02T05:31:50.655Z.
    ///
    /// # Examples
    ///
    /// ```
    /// use uuid7::Uuid7;
    ///
    /// let at: jiff::Timestamp = "2022-02-22T19:22:22.000999Z".parse()?;
    /// assert_eq!(Uuid7::max_at_jiff(at)?, Uuid7::max_at_ms(1_645_557_742_000)?);
    ///
    /// assert!(Uuid7::max_at_jiff("1969-12-31T23:59:59.999Z".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_at_jiff(at: Timestamp) -> Result<Uuid7, DateTimeError> {
        DATE_TIMES.max_at_jiff(at)
    }
}
