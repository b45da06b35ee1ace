//! [`Ulid`]: the 128-bit value, its two fields, its bytes and its text.

use core::fmt;
use core::str::FromStr;

use crate::{Error, ParseError, parse};

/// Bits of the counter (the "randomness" of the specification), below the timestamp.
pub(crate) const RANDOM_BITS: u32 = 80;
/// The largest timestamp, `2^48 - 1` ms: 10889-08-02T05:31:50.655Z.
pub(crate) const MAX_TIMESTAMP_MS: u64 = (1 << 48) - 1;
/// The largest random part, `2^80 - 1`.
pub(crate) const MAX_RANDOM: u128 = (1 << RANDOM_BITS) - 1;
/// Symbols in the text form.
pub(crate) const TEXT_LEN: usize = 26;

/// A ULID: a 48-bit millisecond timestamp above 80 random or counter bits.
///
/// Ordered as its integer, which is also the order of its bytes and of its text. `Display`
/// writes the canonical 26 upper-case symbols; `FromStr` is its strict inverse (see
/// [`ParseError`]); `Debug` shows the text, as in `Ulid(01ARZ3NDEKTSV4RRFFQ69G5FAV)`.
///
/// # Examples
///
/// ```
/// use ulid::Ulid;
///
/// let id = Ulid::from_parts(1_469_922_850_259, 0xD676_4C61_EFB9_9302_BD5B)?;
/// assert_eq!(id.to_string(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
/// assert_eq!(format!("{id:?}"), "Ulid(01ARZ3NDEKTSV4RRFFQ69G5FAV)");
/// assert_eq!(u128::from(id), 0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B);
/// # Ok::<(), ulid::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ulid(u128);

impl Ulid {
    /// The ULID of a timestamp (milliseconds since the Unix epoch, below `2^48`) and a random
    /// part (below `2^80`).
    ///
    /// # Errors
    ///
    /// [`Error::TimestampOutOfRange`] or [`Error::RandomOutOfRange`]: nothing is truncated.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulid::{Error, Ulid};
    ///
    /// let id = Ulid::from_parts(1_700_000_000_000, 42)?;
    /// assert_eq!((id.timestamp_ms(), id.random()), (1_700_000_000_000, 42));
    ///
    /// assert_eq!(
    ///     Ulid::from_parts(0, 1 << 80),
    ///     Err(Error::RandomOutOfRange { value: 1 << 80, max: (1 << 80) - 1 })
    /// );
    /// # Ok::<(), ulid::Error>(())
    /// ```
    pub const fn from_parts(timestamp_ms: u64, random: u128) -> Result<Ulid, Error> {
        if timestamp_ms > MAX_TIMESTAMP_MS {
            return Err(Error::TimestampOutOfRange {
                value: timestamp_ms,
                max: MAX_TIMESTAMP_MS,
            });
        }
        if random > MAX_RANDOM {
            return Err(Error::RandomOutOfRange {
                value: random,
                max: MAX_RANDOM,
            });
        }
        Ok(Ulid(((timestamp_ms as u128) << RANDOM_BITS) | random))
    }

    /// The timestamp: milliseconds since the Unix epoch, the high 48 bits.
    ///
    /// ```
    /// let id: ulid::Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
    /// assert_eq!(id.timestamp_ms(), 1_469_922_850_259); // 2016-07-30T23:54:10.259Z
    /// # Ok::<(), ulid::ParseError>(())
    /// ```
    #[must_use]
    pub const fn timestamp_ms(self) -> u64 {
        (self.0 >> RANDOM_BITS) as u64
    }

    /// The random part (the counter, for generated ULIDs): the low 80 bits.
    ///
    /// ```
    /// let id: ulid::Ulid = "0000000000000000000000000Z".parse()?;
    /// assert_eq!(id.random(), 31);
    /// # Ok::<(), ulid::ParseError>(())
    /// ```
    #[must_use]
    pub const fn random(self) -> u128 {
        self.0 & MAX_RANDOM
    }

    /// The 128-bit value.
    ///
    /// ```
    /// let id = ulid::Ulid::from_parts(1, 2)?;
    /// assert_eq!(id.to_u128(), (1 << 80) | 2);
    /// # Ok::<(), ulid::Error>(())
    /// ```
    #[must_use]
    pub const fn to_u128(self) -> u128 {
        self.0
    }

    /// The ULID of a 128-bit value; every value is one.
    ///
    /// ```
    /// let id = ulid::Ulid::from_u128(u128::MAX);
    /// assert_eq!(id.to_string(), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
    /// ```
    #[must_use]
    pub const fn from_u128(value: u128) -> Ulid {
        Ulid(value)
    }

    /// The 16 bytes, big-endian: the timestamp in the first 6.
    ///
    /// ```
    /// let id = ulid::Ulid::from_parts(0x0102_0304_0506, 0x0708)?;
    /// assert_eq!(id.to_bytes(), [1, 2, 3, 4, 5, 6, 0, 0, 0, 0, 0, 0, 0, 0, 7, 8]);
    /// # Ok::<(), ulid::Error>(())
    /// ```
    #[must_use]
    pub const fn to_bytes(self) -> [u8; 16] {
        self.0.to_be_bytes()
    }

    /// The ULID of 16 big-endian bytes; every array is one.
    ///
    /// ```
    /// let id = ulid::Ulid::from_bytes([0xFF; 16]);
    /// assert_eq!(id.timestamp_ms(), (1 << 48) - 1);
    /// assert_eq!(ulid::Ulid::from_bytes(id.to_bytes()), id);
    /// ```
    #[must_use]
    pub const fn from_bytes(bytes: [u8; 16]) -> Ulid {
        Ulid(u128::from_be_bytes(bytes))
    }

    /// Writes the 26-symbol text into `buffer` and returns it as a `&str`: the canonical form,
    /// with no allocation. [`Display`](fmt::Display) uses it.
    ///
    /// ```
    /// let id = ulid::Ulid::from_u128(0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B);
    /// let mut buffer = [0u8; 26];
    /// assert_eq!(id.encode(&mut buffer), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    /// ```
    #[inline]
    pub fn encode(self, buffer: &mut [u8; TEXT_LEN]) -> &str {
        // 26 symbols hold any u128, and symbols are ASCII: neither fallback can happen.
        if crockford32::encode(self.0, buffer).is_err() {
            return "";
        }
        core::str::from_utf8(buffer).unwrap_or_default()
    }
}

impl fmt::Display for Ulid {
    /// The 26 upper-case symbols; width, fill and alignment are honoured.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.encode(&mut [0; TEXT_LEN]))
    }
}

impl fmt::Debug for Ulid {
    /// `Ulid(` and the text, `)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Ulid({})", self.encode(&mut [0; TEXT_LEN]))
    }
}

impl FromStr for Ulid {
    type Err = ParseError;

    /// Exactly 26 characters, either case, `O` as `0` and `I`/`L` as `1`, first symbol at
    /// most `7`.
    ///
    /// ```
    /// let id: ulid::Ulid = "01arz3ndektsv4rrffq69g5fav".parse()?;
    /// assert_eq!(id.to_string(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    /// # Ok::<(), ulid::ParseError>(())
    /// ```
    #[inline]
    fn from_str(text: &str) -> Result<Ulid, ParseError> {
        parse::parse(text).map(Ulid)
    }
}

impl From<Ulid> for u128 {
    /// [`Ulid::to_u128`].
    fn from(id: Ulid) -> u128 {
        id.0
    }
}

impl From<u128> for Ulid {
    /// [`Ulid::from_u128`].
    fn from(value: u128) -> Ulid {
        Ulid(value)
    }
}

impl From<Ulid> for [u8; 16] {
    /// [`Ulid::to_bytes`].
    fn from(id: Ulid) -> [u8; 16] {
        id.to_bytes()
    }
}

impl From<[u8; 16]> for Ulid {
    /// [`Ulid::from_bytes`].
    fn from(bytes: [u8; 16]) -> Ulid {
        Ulid::from_bytes(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_field_limits_are_those_of_the_specification() {
        assert_eq!(MAX_TIMESTAMP_MS, 281_474_976_710_655);
        assert_eq!(MAX_RANDOM, 1_208_925_819_614_629_174_706_175);
        assert_eq!(
            Ulid::from_parts(MAX_TIMESTAMP_MS, MAX_RANDOM),
            Ok(Ulid(u128::MAX))
        );
    }

    #[test]
    fn display_honours_width_and_alignment() {
        let id = Ulid(0);
        assert_eq!(format!("[{id:>28}]"), "[  00000000000000000000000000]");
        assert_eq!(format!("[{id:.3}]"), "[000]");
    }
}
