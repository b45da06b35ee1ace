//! Feature `serde`: an id as its text in human-readable formats (JSON, TOML, YAML) and as its
//! bytes in binary ones, read back exactly as strictly as its parser reads text.
//!
//! [`serialize`] writes either; [`TextOrBytes`] reads either: the text through the id's
//! `FromStr`, the bytes (given as bytes, or as a sequence of `u8` by formats without bytes)
//! only when there are exactly `N` of them.
//!
//! ```
//! use id_text::serde::TextOrBytes;
//!
//! // A two-byte code written as four hex digits (its `FromStr`).
//! #[derive(Debug, PartialEq)]
//! struct Code([u8; 2]);
//!
//! impl core::str::FromStr for Code {
//!     type Err = id_text::hex::DecodeError;
//!
//!     fn from_str(text: &str) -> Result<Code, Self::Err> {
//!         let mut bytes = [0; 2];
//!         id_text::hex::decode(text.as_bytes(), id_text::hex::Case::Lower, &mut bytes)?;
//!         Ok(Code(bytes))
//!     }
//! }
//!
//! let code = |bytes: [u8; 2]| Ok::<_, core::convert::Infallible>(Code(bytes));
//! let visitor = TextOrBytes::new("a code: 4 hex digits or 2 bytes", code);
//! assert_eq!(visitor.deserialize(serde_json::json!("07f3"))?, Code([0x07, 0xF3]));
//! let error = visitor.deserialize(serde_json::json!("07F3")).unwrap_err();
//! assert_eq!(error.to_string(), "invalid byte 0x46 at index 2: not a lower-case hex digit");
//! # Ok::<(), serde_json::Error>(())
//! ```

use core::fmt;
use core::str::FromStr;

use serde::de::{self, Deserializer, IgnoredAny, SeqAccess, Visitor};
use serde::ser::Serializer;

use crate::AsciiText;

/// The body of an id's `Serialize`: for a human-readable serializer, `text`
/// (`serialize_str`); for a binary one, `bytes` (`serialize_bytes`). `text` is a closure, so
/// that the text is written only when it is serialized.
///
/// # Errors
///
/// Those of the serializer.
///
/// # Examples
///
/// ```
/// let bytes = [0x07, 0xF3];
/// let text = || id_text::hex::encode_text::<2, 4>(&bytes);
/// let json = id_text::serde::serialize(serde_json::value::Serializer, &bytes, text)?;
/// assert_eq!(json, serde_json::json!("07f3"));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[inline]
pub fn serialize<S: Serializer, const N: usize>(
    serializer: S,
    bytes: &[u8],
    text: impl FnOnce() -> AsciiText<N>,
) -> Result<S::Ok, S::Error> {
    if serializer.is_human_readable() {
        serializer.serialize_str(text().as_str())
    } else {
        serializer.serialize_bytes(bytes)
    }
}

/// The visitor of an id that is text in human-readable formats and `N` bytes in binary ones:
/// the body of the id's `Deserialize` is `TextOrBytes::new(…).deserialize(deserializer)`.
///
/// - Text (borrowed, transient or owned) is read by the id's [`FromStr`]; its error becomes
///   the format's.
/// - Bytes, or a sequence of `u8`, must be exactly `N`, then go to `from_bytes`, whose error
///   (a value the id's type refuses) becomes the format's. Any other number is serde's
///   `invalid length` error with the number found: a sequence is read to its end, so a
///   longer one reports its whole length, not `N + 1`.
/// - Anything else is serde's `invalid type` error.
///
/// Every error of serde's own ends with `expected` and the description given to [`new`](Self::new).
///
/// ```
/// use id_text::serde::TextOrBytes;
/// use serde::de::value::{BytesDeserializer, Error};
///
/// #[derive(Debug, PartialEq)]
/// struct Code([u8; 2]);
///
/// impl core::str::FromStr for Code {
///     type Err = &'static str;
///
///     fn from_str(_: &str) -> Result<Code, &'static str> {
///         Err("codes are read as bytes here")
///     }
/// }
///
/// let code = |bytes: [u8; 2]| match bytes {
///     [0, 0] => Err("the code 0000 is reserved"),
///     _ => Ok(Code(bytes)),
/// };
/// let visitor = TextOrBytes::new("a code of 2 bytes", code);
/// let read = |bytes: &[u8]| visitor.deserialize(BytesDeserializer::<Error>::new(bytes));
/// assert_eq!(read(&[0x07, 0xF3]), Ok(Code([0x07, 0xF3])));
/// assert_eq!(
///     read(&[1, 2, 3]).unwrap_err().to_string(),
///     "invalid length 3, expected a code of 2 bytes"
/// );
/// assert_eq!(read(&[0, 0]).unwrap_err().to_string(), "the code 0000 is reserved");
/// ```
pub struct TextOrBytes<T, E, const N: usize> {
    expecting: &'static str,
    from_bytes: fn([u8; N]) -> Result<T, E>,
}

impl<T, E, const N: usize> TextOrBytes<T, E, N> {
    /// The visitor of an id described as `expecting` in serde's errors (as in "invalid length
    /// 3, expected {expecting}"), made from exactly `N` bytes by `from_bytes`.
    ///
    /// ```
    /// let ulid_like = |bytes: [u8; 16]| Ok::<_, core::convert::Infallible>(u128::from_be_bytes(bytes));
    /// let _visitor = id_text::serde::TextOrBytes::new("an id: 26 characters or 16 bytes", ulid_like);
    /// ```
    #[must_use]
    pub const fn new(expecting: &'static str, from_bytes: fn([u8; N]) -> Result<T, E>) -> Self {
        TextOrBytes {
            expecting,
            from_bytes,
        }
    }

    /// Reads an id from `deserializer`: asks a human-readable one for a string, a binary one
    /// for bytes (each may give what it holds instead; see [`TextOrBytes`]).
    ///
    /// # Errors
    ///
    /// Those of the format, the id's [`FromStr`] and `from_bytes`, as listed on
    /// [`TextOrBytes`].
    ///
    /// # Examples
    ///
    /// ```
    /// use id_text::serde::TextOrBytes;
    ///
    /// let number = |bytes: [u8; 2]| Ok::<_, core::convert::Infallible>(u16::from_be_bytes(bytes));
    /// let visitor = TextOrBytes::new("a number: its decimal or 2 bytes", number);
    /// assert_eq!(visitor.deserialize(serde_json::json!("2035"))?, 2035);
    /// // JSON is human-readable: text only.
    /// let error = visitor.deserialize(serde_json::json!([7, 243])).unwrap_err();
    /// assert_eq!(error.to_string(), "invalid type: sequence, expected a number: its decimal or 2 bytes");
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn deserialize<'de, D>(self, deserializer: D) -> Result<T, D::Error>
    where
        D: Deserializer<'de>,
        T: FromStr,
        T::Err: fmt::Display,
        E: fmt::Display,
    {
        if deserializer.is_human_readable() {
            deserializer.deserialize_str(self)
        } else {
            deserializer.deserialize_bytes(self)
        }
    }
}

/// A copy, so that one visitor can read many values.
impl<T, E, const N: usize> Clone for TextOrBytes<T, E, N> {
    fn clone(&self) -> Self {
        *self
    }
}

/// A description and a function pointer: copied freely.
impl<T, E, const N: usize> Copy for TextOrBytes<T, E, N> {}

/// The description given to [`TextOrBytes::new`].
impl<T, E, const N: usize> fmt::Debug for TextOrBytes<T, E, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TextOrBytes")
            .field("expecting", &self.expecting)
            .finish_non_exhaustive()
    }
}

/// Text through `FromStr`, exactly `N` bytes through `from_bytes`, as [`TextOrBytes`] says.
impl<'de, T, E, const N: usize> Visitor<'de> for TextOrBytes<T, E, N>
where
    T: FromStr,
    T::Err: fmt::Display,
    E: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<Error: de::Error>(self, text: &str) -> Result<T, Error> {
        text.parse().map_err(Error::custom)
    }

    fn visit_bytes<Error: de::Error>(self, bytes: &[u8]) -> Result<T, Error> {
        match <[u8; N]>::try_from(bytes) {
            Ok(bytes) => (self.from_bytes)(bytes).map_err(Error::custom),
            Err(_) => Err(Error::invalid_length(bytes.len(), &self)),
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<T, A::Error> {
        let mut bytes = [0u8; N];
        for (index, byte) in bytes.iter_mut().enumerate() {
            *byte = seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(index, &self))?;
        }
        // Read to the end, so that the error gives the length the input has, as serde's own
        // sequence deserializers count it.
        let mut len = N;
        while seq.next_element::<IgnoredAny>()?.is_some() {
            len = len.saturating_add(1);
        }
        if len != N {
            return Err(de::Error::invalid_length(len, &self));
        }
        (self.from_bytes)(bytes).map_err(de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_test::{
        Compact, Configure, Readable, Token, assert_de_tokens, assert_de_tokens_error,
    };

    use std::format;
    use std::vec::Vec;

    use super::*;

    /// Three bytes, written as six lower-case hex digits; `000000` is refused as bytes.
    #[derive(Debug, PartialEq, Clone, Copy)]
    struct Id([u8; 3]);

    impl FromStr for Id {
        type Err = crate::hex::DecodeError;

        fn from_str(text: &str) -> Result<Id, Self::Err> {
            let mut bytes = [0; 3];
            crate::hex::decode(text.as_bytes(), crate::hex::Case::Lower, &mut bytes)?;
            Ok(Id(bytes))
        }
    }

    const EXPECTING: &str = "an id: 6 hex digits or 3 bytes";

    fn from_bytes(bytes: [u8; 3]) -> Result<Id, &'static str> {
        if bytes == [0; 3] {
            Err("the id 000000 is reserved")
        } else {
            Ok(Id(bytes))
        }
    }

    impl<'de> Deserialize<'de> for Id {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Id, D::Error> {
            TextOrBytes::new(EXPECTING, from_bytes).deserialize(deserializer)
        }
    }

    fn seq(bytes: &'static [u8]) -> Vec<Token> {
        let mut tokens = std::vec![Token::Seq { len: None }];
        tokens.extend(bytes.iter().map(|&byte| Token::U8(byte)));
        tokens.push(Token::SeqEnd);
        tokens
    }

    #[test]
    fn text_in_readable_formats_and_bytes_or_a_sequence_in_compact_ones() {
        let id = Id([0x50, 0x7C, 0x7F]);
        assert_de_tokens(&id.readable(), &[Token::Str("507c7f")]);
        assert_de_tokens(&id.readable(), &[Token::String("507c7f")]);
        assert_de_tokens(&id.compact(), &[Token::Bytes(&[0x50, 0x7C, 0x7F])]);
        assert_de_tokens(&id.compact(), &[Token::ByteBuf(&[0x50, 0x7C, 0x7F])]);
        assert_de_tokens(&id.compact(), &seq(&[0x50, 0x7C, 0x7F]));
    }

    #[test]
    fn the_errors_of_from_str_and_from_bytes_are_the_formats() {
        assert_de_tokens_error::<Readable<Id>>(
            &[Token::Str("507C7F")],
            "invalid byte 0x43 at index 3: not a lower-case hex digit",
        );
        assert_de_tokens_error::<Compact<Id>>(
            &[Token::Bytes(&[0; 3])],
            "the id 000000 is reserved",
        );
        assert_de_tokens_error::<Compact<Id>>(&seq(&[0; 3]), "the id 000000 is reserved");
    }

    /// Shorter input reports the elements found; longer input is read to its end and reports
    /// its whole length, not the first element too many.
    #[test]
    fn a_wrong_length_is_reported_as_the_length_found() {
        for bytes in [&[7u8; 0][..], &[7; 1], &[7; 2], &[7; 4], &[7; 5], &[7; 9]] {
            let len = bytes.len();
            let message = format!("invalid length {len}, expected {EXPECTING}");
            assert_de_tokens_error::<Compact<Id>>(&seq(bytes), &message);
            assert_de_tokens_error::<Compact<Id>>(&[Token::Bytes(bytes)], &message);
        }
    }

    #[test]
    fn other_types_are_refused_with_the_description() {
        assert_de_tokens_error::<Compact<Id>>(
            &[Token::U64(7)],
            &format!("invalid type: integer `7`, expected {EXPECTING}"),
        );
        assert_de_tokens_error::<Readable<Id>>(
            &[Token::Bool(true)],
            &format!("invalid type: boolean `true`, expected {EXPECTING}"),
        );
    }
}
