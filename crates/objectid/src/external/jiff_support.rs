//! Feature `jiff`: the timestamp as a `jiff::Timestamp`, and the smallest and the
//! largest id of an instant, for range queries.

use jiff::Timestamp;

use crate::id::DATE_TIMES;
use crate::{DateTimeError, ObjectId};

impl ObjectId {
    /// The timestamp as a [`jiff::Timestamp`]. Requires the `jiff` feature.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] if the timestamp were after jiff's latest instant; an ObjectId's
    /// latest, 2106-02-07T06:28:15Z, is within it, so this does not happen: the `Result` keeps the
    /// four formats' signatures the same.
    ///
    /// # Examples
    ///
    /// ```
    /// use objectid::ObjectId;
    ///
    /// let id = ObjectId::from_parts(1_350_336_377, 7)?;
    /// assert_eq!(id.timestamp_jiff()?, "2012-10-15T21:26:17Z".parse::<jiff::Timestamp>()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn timestamp_jiff(self) -> Result<Timestamp, DateTimeError> {
        DATE_TIMES.to_jiff(self.timestamp_s())
    }

    /// The smallest ObjectId of the second of `at`: a lower bound for range queries (`WHERE id >=
    /// …`), as [`min_at_chrono`](#method.min_at_chrono) with feature `chrono`. Pure: it needs no
    /// clock and no `generate` feature. Requires the `jiff` feature (a `jiff::Zoned` gives its
    /// instant with `.timestamp()`).
    ///
    /// The sub-second digits are truncated toward the past.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] for an instant outside 1970-01-01T00:00:00Z to
    /// 2106-02-07T06:28:15Z.
    ///
    /// # Examples
    ///
    /// ```
    /// use objectid::ObjectId;
    ///
    /// let at: jiff::Timestamp = "2012-10-15T21:26:17Z".parse()?;
    /// let lower = ObjectId::min_at_jiff(at)?;
    /// assert_eq!(lower.timestamp_s(), 1_350_336_377);
    /// assert_eq!(lower.timestamp_jiff()?, at);
    ///
    /// assert!(ObjectId::min_at_jiff("1969-12-31T23:59:59Z".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn min_at_jiff(at: Timestamp) -> Result<ObjectId, DateTimeError> {
        DATE_TIMES.min_at_jiff(at)
    }
    /// The largest ObjectId of the second of `at`: an upper bound for range queries (`WHERE id
    /// <= …`), as [`max_at_chrono`](#method.max_at_chrono) with feature `chrono`. Pure: it needs
    /// no clock and no `generate` feature. Requires the `jiff` feature (a `jiff::Zoned` gives
    /// its instant with `.timestamp()`).
    ///
    /// The sub-second digits are truncated toward the past.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] for an instant outside 1970-01-01T00:00:00Z to
    /// 2106-02-07T06:28:15Z.
    ///
    /// # Examples
    ///
    /// ```
    /// use objectid::ObjectId;
    ///
    /// let at: jiff::Timestamp = "2012-10-15T21:26:17.999Z".parse()?;
    /// assert_eq!(ObjectId::max_at_jiff(at)?, ObjectId::max_at_s(1_350_336_377)?);
    ///
    /// assert!(ObjectId::max_at_jiff("1969-12-31T23:59:59Z".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_at_jiff(at: Timestamp) -> Result<ObjectId, DateTimeError> {
        DATE_TIMES.max_at_jiff(at)
    }
}
