//! Feature `jiff`: the timestamp as a `jiff::Timestamp`, and the smallest and the
//! largest id of an instant, for range queries.

use jiff::Timestamp;

use crate::id::DATE_TIMES;
use crate::{DateTimeError, Ulid};

impl Ulid {
    /// The timestamp as a [`jiff::Timestamp`]. Requires the `jiff` feature.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] for a timestamp after jiff's latest instant
    /// (9999-12-30T22:00:00.999999999Z): a ULID reaches the year 10889.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulid::Ulid;
    ///
    /// let id = Ulid::from_parts(1_469_922_850_259, 7)?;
    /// assert_eq!(id.timestamp_jiff()?, "2016-07-30T23:54:10.259Z".parse::<jiff::Timestamp>()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn timestamp_jiff(self) -> Result<Timestamp, DateTimeError> {
        DATE_TIMES.to_jiff(self.timestamp_ms())
    }

    /// The smallest Ulid of the millisecond of `at`: a lower bound for range queries (`WHERE id >=
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
    /// use ulid::Ulid;
    ///
    /// let at: jiff::Timestamp = "2016-07-30T23:54:10.259Z".parse()?;
    /// let lower = Ulid::min_at_jiff(at)?;
    /// assert_eq!(lower.timestamp_ms(), 1_469_922_850_259);
    /// assert_eq!(lower.timestamp_jiff()?, at);
    ///
    /// assert!(Ulid::min_at_jiff("1969-12-31T23:59:59.999Z".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn min_at_jiff(at: Timestamp) -> Result<Ulid, DateTimeError> {
        DATE_TIMES.min_at_jiff(at)
    }
    /// The largest Ulid of the millisecond of `at`: an upper bound for range queries (`WHERE id
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
    /// use ulid::Ulid;
    ///
    /// let at: jiff::Timestamp = "2016-07-30T23:54:10.259999Z".parse()?;
    /// assert_eq!(Ulid::max_at_jiff(at)?, Ulid::max_at_ms(1_469_922_850_259)?);
    ///
    /// assert!(Ulid::max_at_jiff("1969-12-31T23:59:59.999Z".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_at_jiff(at: Timestamp) -> Result<Ulid, DateTimeError> {
        DATE_TIMES.max_at_jiff(at)
    }
}
