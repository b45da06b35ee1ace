//! [`ObjectId`]: the value, its fields, its bytes and its text.

use core::fmt;
use core::str::FromStr;

use crate::hex::{self, TEXT_LEN};
use crate::{Error, ParseError};

/// The largest timestamp, in seconds: 2106-02-07T06:28:15Z.
pub(crate) const MAX_TIMESTAMP_S: u64 = u32::MAX as u64;

/// A 12-byte ObjectId: 32-bit Unix seconds, then a 64-bit counter, both big-endian.
///
/// Order, equality and hashing are those of the bytes, so ids sort by timestamp, then by
/// counter, exactly like their text. `Display` writes the 24 lower-case hex characters,
/// `FromStr` reads exactly that form back, and `Debug` shows it as
/// `ObjectId(507c7f79bcf86cd7994f6c0e)`.
///
/// # Examples
///
/// ```
/// use objectid::ObjectId;
///
/// // The example of the MongoDB manual.
/// let id: ObjectId = "507c7f79bcf86cd7994f6c0e".parse()?;
/// assert_eq!(id.timestamp_s(), 1_350_336_377); // 2012-10-15T21:26:17Z
/// assert_eq!(id.to_string(), "507c7f79bcf86cd7994f6c0e");
/// assert_eq!(format!("{id:?}"), "ObjectId(507c7f79bcf86cd7994f6c0e)");
/// assert!(ObjectId::from_parts(1_350_336_378, 0)? > id);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ObjectId([u8; 12]);

impl ObjectId {
    /// The id with these fields: `timestamp_s` seconds since the Unix epoch (at most
    /// `2^32 - 1`, 2106-02-07T06:28:15Z) and any 64-bit `counter`.
    ///
    /// # Errors
    ///
    /// [`Error::TimestampOutOfRange`] if `timestamp_s` needs more than 32 bits.
    ///
    /// # Examples
    ///
    /// ```
    /// use objectid::{Error, ObjectId};
    ///
    /// let id = ObjectId::from_parts(1_350_336_377, 0xbcf8_6cd7_994f_6c0e)?;
    /// assert_eq!(id.to_string(), "507c7f79bcf86cd7994f6c0e");
    ///
    /// assert_eq!(
    ///     ObjectId::from_parts(1 << 32, 0),
    ///     Err(Error::TimestampOutOfRange { value: 1 << 32, max: u32::MAX as u64 })
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    pub const fn from_parts(timestamp_s: u64, counter: u64) -> Result<ObjectId, Error> {
        if timestamp_s > MAX_TIMESTAMP_S {
            return Err(Error::TimestampOutOfRange {
                value: timestamp_s,
                max: MAX_TIMESTAMP_S,
            });
        }
        let [t0, t1, t2, t3] = (timestamp_s as u32).to_be_bytes();
        let [c0, c1, c2, c3, c4, c5, c6, c7] = counter.to_be_bytes();
        Ok(ObjectId([t0, t1, t2, t3, c0, c1, c2, c3, c4, c5, c6, c7]))
    }

    /// The timestamp: seconds since the Unix epoch, from the first 4 bytes.
    ///
    /// ```
    /// # use objectid::ObjectId;
    /// let id = ObjectId::from_parts(u32::MAX as u64, 7)?;
    /// assert_eq!(id.timestamp_s(), 4_294_967_295);
    /// # Ok::<(), objectid::Error>(())
    /// ```
    #[must_use]
    pub const fn timestamp_s(self) -> u64 {
        let [t0, t1, t2, t3, ..] = self.0;
        u32::from_be_bytes([t0, t1, t2, t3]) as u64
    }

    /// The counter, from the last 8 bytes.
    ///
    /// ```
    /// # use objectid::ObjectId;
    /// let id: ObjectId = "507c7f79bcf86cd7994f6c0e".parse()?;
    /// assert_eq!(id.counter(), 0xbcf8_6cd7_994f_6c0e);
    /// # Ok::<(), objectid::ParseError>(())
    /// ```
    #[must_use]
    pub const fn counter(self) -> u64 {
        let [_, _, _, _, c0, c1, c2, c3, c4, c5, c6, c7] = self.0;
        u64::from_be_bytes([c0, c1, c2, c3, c4, c5, c6, c7])
    }

    /// The 12 bytes, big-endian: timestamp, then counter.
    ///
    /// ```
    /// # use objectid::ObjectId;
    /// let id = ObjectId::from_parts(0x0102_0304, 0x0506_0708_090a_0b0c)?;
    /// assert_eq!(id.to_bytes(), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    /// # Ok::<(), objectid::Error>(())
    /// ```
    #[must_use]
    pub const fn to_bytes(self) -> [u8; 12] {
        self.0
    }

    /// The id of 12 bytes; every value is valid.
    ///
    /// ```
    /// # use objectid::ObjectId;
    /// let id = ObjectId::from_bytes([0x50, 0x7c, 0x7f, 0x79, 0xbc, 0xf8, 0x6c, 0xd7, 0x99, 0x4f, 0x6c, 0x0e]);
    /// assert_eq!(id.timestamp_s(), 1_350_336_377);
    /// assert_eq!(ObjectId::from_bytes(id.to_bytes()), id);
    /// ```
    #[must_use]
    pub const fn from_bytes(bytes: [u8; 12]) -> ObjectId {
        ObjectId(bytes)
    }

    /// Writes the 24 lower-case hex characters into `buffer` and returns them as a `&str`,
    /// without allocating. [`Display`](fmt::Display) uses it.
    ///
    /// ```
    /// # use objectid::ObjectId;
    /// let id = ObjectId::from_parts(1_350_336_377, 0xbcf8_6cd7_994f_6c0e)?;
    /// let mut buffer = [0u8; 24];
    /// assert_eq!(id.encode(&mut buffer), "507c7f79bcf86cd7994f6c0e");
    /// # Ok::<(), objectid::Error>(())
    /// ```
    pub fn encode(self, buffer: &mut [u8; 24]) -> &str {
        hex::encode(&self.0, buffer);
        // Every byte is an ASCII hex digit: the conversion always succeeds.
        core::str::from_utf8(buffer).unwrap_or_default()
    }
}

impl fmt::Display for ObjectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.encode(&mut [0; TEXT_LEN]))
    }
}

impl fmt::Debug for ObjectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ObjectId({self})")
    }
}

/// Reads exactly 24 characters `0`-`9`, `a`-`f`: the strict inverse of `Display`. Upper
/// case, a `0x` prefix, spaces and any other length are errors.
///
/// ```
/// use objectid::{ObjectId, ParseError};
///
/// assert!("507c7f79bcf86cd7994f6c0e".parse::<ObjectId>().is_ok());
/// assert_eq!(
///     "507C7F79BCF86CD7994F6C0E".parse::<ObjectId>(),
///     Err(ParseError::InvalidCharacter { index: 3, character: 'C' })
/// );
/// assert_eq!(
///     "507c7f79".parse::<ObjectId>(),
///     Err(ParseError::InvalidLength { found: 8, expected: 24 })
/// );
/// ```
impl FromStr for ObjectId {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        hex::decode(text).map(ObjectId)
    }
}

impl From<[u8; 12]> for ObjectId {
    /// Same as [`ObjectId::from_bytes`].
    ///
    /// ```
    /// # use objectid::ObjectId;
    /// assert_eq!(ObjectId::from([0; 12]).to_string(), "000000000000000000000000");
    /// ```
    fn from(bytes: [u8; 12]) -> Self {
        ObjectId(bytes)
    }
}

impl From<ObjectId> for [u8; 12] {
    /// Same as [`ObjectId::to_bytes`].
    ///
    /// ```
    /// # use objectid::ObjectId;
    /// let bytes: [u8; 12] = ObjectId::from_parts(1, 2)?.into();
    /// assert_eq!(bytes, [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2]);
    /// # Ok::<(), objectid::Error>(())
    /// ```
    fn from(id: ObjectId) -> Self {
        id.0
    }
}
