//! Feature `chrono`: the timestamp as a `chrono::DateTime<Utc>`, and the smallest and the
//! largest id of a date-time, for range queries.

use chrono::{DateTime, TimeZone, Utc};

use crate::id::DATE_TIMES;
use crate::{DateTimeError, ObjectId};

impl ObjectId {
    /// The timestamp as a [`chrono::DateTime<Utc>`](chrono::DateTime). Requires the `chrono`
    /// feature.
    ///
    /// Never fails: chrono's range (years -262143 to 262142) holds every timestamp of an ObjectId
    /// (1970-01-01T00:00:00Z to 2106-02-07T06:28:15Z).
    ///
    /// ```
    /// use objectid::ObjectId;
    ///
    /// let id = ObjectId::from_parts(1_350_336_377, 7)?;
    /// let expected = chrono::DateTime::parse_from_rfc3339("2012-10-15T21:26:17Z")?;
    /// assert_eq!(id.timestamp_chrono(), expected);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn timestamp_chrono(self) -> DateTime<Utc> {
        DATE_TIMES.timestamps.to_chrono(self.timestamp_s())
    }

    /// The smallest ObjectId of the second of `at` (a date-time in any time zone): the first id
    /// that generation at that time can give, a lower bound for range queries (`WHERE id >= …`).
    /// Pure: it needs no clock and no `generate` feature. Requires the `chrono` feature.
    ///
    /// The sub-second digits are truncated toward the past; a leap second counts as the last
    /// instant of the second before it (Unix time has no leap seconds).
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] for a date-time outside 1970-01-01T00:00:00Z to
    /// 2106-02-07T06:28:15Z.
    ///
    /// # Examples
    ///
    /// ```
    /// use objectid::ObjectId;
    ///
    /// let at = chrono::DateTime::parse_from_rfc3339("2012-10-15T21:26:17Z")?;
    /// let lower = ObjectId::min_at_chrono(at)?;
    /// assert_eq!(lower.timestamp_s(), 1_350_336_377);
    /// assert_eq!(lower.timestamp_chrono(), at);
    ///
    /// let before = chrono::DateTime::parse_from_rfc3339("1969-12-31T23:59:59Z")?;
    /// assert!(ObjectId::min_at_chrono(before).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn min_at_chrono<Tz: TimeZone>(at: DateTime<Tz>) -> Result<ObjectId, DateTimeError> {
        DATE_TIMES.min_at_chrono(&at)
    }
    /// The largest ObjectId of the second of `at` (a date-time in any time zone): the last id
    /// that generation at that time can give, an upper bound for range queries (`WHERE id <= …`),
    /// as [`min_at_chrono`](Self::min_at_chrono) is the lower; the same id as
    /// [`max_at_s`](Self::max_at_s) of its second. Pure: it needs no clock and no
    /// `generate` feature. Requires the `chrono` feature.
    ///
    /// The sub-second digits are truncated toward the past, so that the id is the largest of the
    /// second that holds `at`; a leap second counts as the last instant of the second before
    /// it.
    ///
    /// # Errors
    ///
    /// [`DateTimeError`] for a date-time outside 1970-01-01T00:00:00Z to
    /// 2106-02-07T06:28:15Z.
    ///
    /// # Examples
    ///
    /// ```
    /// use objectid::ObjectId;
    ///
    /// let at = chrono::DateTime::parse_from_rfc3339("2012-10-15T21:26:17.999Z")?;
    /// let upper = ObjectId::max_at_chrono(at)?;
    /// assert_eq!(upper.timestamp_s(), 1_350_336_377);
    /// assert_eq!(upper, ObjectId::max_at_s(1_350_336_377)?);
    /// assert!(ObjectId::min_at_chrono(at)? < upper);
    ///
    /// let before = chrono::DateTime::parse_from_rfc3339("1969-12-31T23:59:59Z")?;
    /// assert!(ObjectId::max_at_chrono(before).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_at_chrono<Tz: TimeZone>(at: DateTime<Tz>) -> Result<ObjectId, DateTimeError> {
        DATE_TIMES.max_at_chrono(&at)
    }
}
