//! The checks of a text form that every format's tests make, written once: what parsing gives
//! for a table of texts, the errors and messages for wrong lengths (counted in characters) and
//! wrong characters (named at their byte index), the two directions of the text, `TryFrom<&str>`,
//! `TryFrom<String>` and `TryFrom<&String>` against `FromStr`, `Display` through
//! `Formatter::pad`, the texts of the smallest and largest ids, and a timestamp extractor as
//! strict as parsing; and `LowerHex`/`UpperHex` as the integer of the same bytes writes them.
//!
//! Every failure names the text it is about.

use std::fmt::{Debug, Display, LowerHex, UpperHex};
use std::str::FromStr;

/// Each text of `cases` parses to the result given.
pub fn assert_parses<T>(cases: &[(&str, Result<T, T::Err>)])
where
    T: FromStr + PartialEq + Debug,
    T::Err: PartialEq + Debug,
{
    for (text, expected) in cases {
        assert_eq!(&text.parse::<T>(), expected, "{text:?}");
    }
}

/// Each text fails with the message given, to the letter.
pub fn assert_messages<T>(cases: &[(&str, &str)])
where
    T: FromStr + Debug,
    T::Err: Display,
{
    for (text, message) in cases {
        assert_eq!(refused::<T>(text).to_string(), *message, "{text:?}");
    }
}

/// The error parsing `text` gives; a panic naming the text and the id if it parses.
pub fn refused<T>(text: &str) -> T::Err
where
    T: FromStr + Debug,
{
    match text.parse::<T>() {
        Ok(id) => panic!("{text:?} parses, to {id:?}"),
        Err(error) => error,
    }
}

/// `example` cut or repeated to every length in `lengths` but its own: texts of the right
/// characters and the wrong length.
pub fn resized(example: &str, lengths: std::ops::Range<usize>) -> Vec<String> {
    let own = example.chars().count();
    lengths
        .filter(|&len| len != own)
        .map(|len| example.chars().cycle().take(len).collect())
        .collect()
}

/// Each text fails with `error` of its length in characters, whose message is `message`
/// followed by `, found {length}`.
pub fn assert_wrong_lengths<T, S>(texts: &[S], error: impl Fn(usize) -> T::Err, message: &str)
where
    T: FromStr + Debug,
    T::Err: PartialEq + Debug + Display,
    S: AsRef<str>,
{
    for text in texts.iter().map(AsRef::as_ref) {
        let (found, refused) = (text.chars().count(), refused::<T>(text));
        assert_eq!(refused, error(found), "{text:?}");
        let expected = format!("{message}, found {found}");
        assert_eq!(refused.to_string(), expected, "{text:?}");
    }
}

/// Each text `(text, index)` fails with `error(index, character)` for the character at byte
/// `index` of the text, and the message starts `invalid character {character:?} at byte index
/// {index}`.
pub fn assert_invalid_characters<T, S>(cases: &[(S, usize)], error: impl Fn(usize, char) -> T::Err)
where
    T: FromStr + Debug,
    T::Err: PartialEq + Debug + Display,
    S: AsRef<str>,
{
    for (text, index) in cases {
        let (text, index) = (text.as_ref(), *index);
        let character = text
            .get(index..)
            .and_then(|rest| rest.chars().next())
            .unwrap_or_else(|| panic!("{text:?} has no character at byte {index}"));
        let refused = refused::<T>(text);
        assert_eq!(refused, error(index, character), "{text:?}");
        let message = refused.to_string();
        let named = format!("invalid character {character:?} at byte index {index}");
        assert!(message.starts_with(&named), "{text:?}: {message}");
    }
}

/// Texts with characters of two or three bytes, each `(text, characters)` with its length in
/// characters, which is not its length in bytes: one of `len` characters fails at its first
/// non-ASCII character (`character_error`, named whole at its byte index, as in
/// [`assert_invalid_characters`]); one of another length fails with `length_error` of its
/// characters. Lengths are counted in characters, indexes in bytes.
pub fn assert_counted_in_characters<T>(
    len: usize,
    cases: &[(&str, usize)],
    length_error: impl Fn(usize) -> T::Err,
    character_error: impl Fn(usize, char) -> T::Err,
) where
    T: FromStr + Debug,
    T::Err: PartialEq + Debug + Display,
{
    for &(text, characters) in cases {
        assert_eq!(text.chars().count(), characters, "{text:?}: characters");
        assert_ne!(text.len(), characters, "{text:?}: all ASCII");
        if characters == len {
            let index = text.find(|c: char| !c.is_ascii()).unwrap_or_default();
            assert_invalid_characters::<T, _>(&[(text, index)], &character_error);
        } else {
            assert_eq!(refused::<T>(text), length_error(characters), "{text:?}");
        }
    }
}

/// `extract` reads the timestamp of `text` exactly as parsing does (`timestamp` of the id): the
/// same value, or the same error.
pub fn assert_extract_as_parse<T, E>(
    text: &str,
    extract: impl Fn(&str) -> Result<u64, E>,
    timestamp: impl Fn(T) -> u64,
) where
    T: FromStr<Err = E>,
    E: PartialEq + Debug,
{
    let parsed = text.parse::<T>().map(timestamp);
    assert_eq!(extract(text), parsed, "{text:?}");
}

/// If `text` parses, the id displays as `canonical(text)`: parsing is the inverse of `Display`
/// up to what `canonical` folds (the case, aliases).
pub fn assert_parsed_displays_as<T>(text: &str, canonical: impl Fn(&str) -> String)
where
    T: FromStr + Display,
{
    if let Ok(id) = text.parse::<T>() {
        assert_eq!(id.to_string(), canonical(text), "{text:?}");
    }
}

/// Any text at all, which may be an id or not: parsing it does not panic, `extract` reads its
/// timestamp as parsing does ([`assert_extract_as_parse`]), and an id it parses to displays as
/// `canonical` of it ([`assert_parsed_displays_as`]).
pub fn assert_reads_any_text<T, E>(
    text: &str,
    extract: impl Fn(&str) -> Result<u64, E>,
    timestamp: impl Fn(T) -> u64,
    canonical: impl Fn(&str) -> String,
) where
    T: FromStr<Err = E> + Display,
    E: PartialEq + Debug,
{
    assert_extract_as_parse(text, extract, timestamp);
    assert_parsed_displays_as::<T>(text, canonical);
}

/// `id` displays as `text`, and `text` parses back to `id`, whose `parts` are `expected`: both
/// directions of the text form.
pub fn assert_both_ways<T, P>(id: &T, text: &str, parts: impl Fn(T) -> P, expected: P)
where
    T: FromStr + Display + PartialEq + Debug,
    T::Err: Debug,
    P: PartialEq + Debug,
{
    assert_eq!(id.to_string(), text, "{id:?}");
    let parsed: T = text
        .parse()
        .unwrap_or_else(|error| panic!("{text:?}: {error:?}"));
    assert_eq!(&parsed, id, "{text:?}");
    assert_eq!(parts(parsed), expected, "{text:?}");
}

/// `T::try_from(text)` gives what `text.parse()` gives, for each text.
pub fn assert_try_from_str_is_from_str<T>(texts: &[&str])
where
    T: FromStr + for<'a> TryFrom<&'a str, Error = <T as FromStr>::Err> + PartialEq + Debug,
    T::Err: PartialEq + Debug,
{
    for &text in texts {
        assert_eq!(T::try_from(text), text.parse::<T>(), "{text:?}");
    }
}

/// `T::try_from` an owned `String` and a borrowed `&String` give what `text.parse()` gives,
/// for each text.
pub fn assert_try_from_string_is_from_str<T>(texts: &[&str])
where
    T: FromStr
        + TryFrom<String, Error = <T as FromStr>::Err>
        + for<'a> TryFrom<&'a String, Error = <T as FromStr>::Err>
        + PartialEq
        + Debug,
    T::Err: PartialEq + Debug,
{
    for &text in texts {
        let expected = text.parse::<T>();
        assert_eq!(
            T::try_from(&String::from(text)),
            expected,
            "&String {text:?}"
        );
        assert_eq!(T::try_from(String::from(text)), expected, "String {text:?}");
    }
}

/// `Display` of the id that `text` parses to goes through `Formatter::pad`: width (two and four
/// past the text), fill and alignment around the text, a precision of `precision` that cuts
/// it, and the flags `+`, `#` and `0`, all as for a `str`.
pub fn assert_display_pads<T>(text: &str, precision: usize)
where
    T: FromStr + Display,
    T::Err: Debug,
{
    let id: T = text
        .parse()
        .unwrap_or_else(|error| panic!("{text:?}: {error:?}"));
    let (narrow, cut) = (precision + 2, &text[..precision]);
    let mut cases = vec![
        (id.to_string(), text.to_owned()),
        (format!("[{id:.precision$}]"), format!("[{cut}]")),
        (format!("[{id:>narrow$.precision$}]"), format!("[  {cut}]")),
        // A width below the length changes nothing.
        (format!("{id:5}"), text.to_owned()),
        // Flags that mean something for numbers mean what they mean for a `str`.
        (format!("{id:+}"), format!("{text:+}")),
        (format!("{id:#}"), format!("{text:#}")),
        (format!("[{id:+030}]"), format!("[{text:+030}]")),
    ];
    for pad in [2, 4] {
        let (width, spaces, stars) = (text.len() + pad, " ".repeat(pad), "*".repeat(pad / 2));
        cases.extend([
            (format!("[{id:width$}]"), format!("[{text}{spaces}]")),
            (format!("[{id:>width$}]"), format!("[{spaces}{text}]")),
            (
                format!("[{id:*^width$}]"),
                format!("[{stars}{text}{stars}]"),
            ),
        ]);
    }
    for (padded, expected) in cases {
        assert_eq!(padded, expected, "{text:?}");
    }
}

/// The smallest and the largest id, each followed by its text: the texts parse to them and are
/// what they display, the largest is `text_len` long, and the default id is the smallest.
pub fn assert_nil_and_max<T>(nil: T, nil_text: &str, max: T, max_text: &str, text_len: usize)
where
    T: FromStr + Display + Default + PartialEq + Debug,
    T::Err: Debug,
{
    assert_both_ways(&nil, nil_text, |_| (), ());
    assert_both_ways(&max, max_text, |_| (), ());
    assert_eq!(max_text.len(), text_len, "{max_text:?}");
    assert_eq!(T::default(), nil, "the default id");
}

/// `id`'s `LowerHex` and `UpperHex` are what the standard library writes for `n`, the integer of
/// its bytes, at `digits` digits at least (0: the integer's own, a Snowflake id's), with `#`,
/// width, fill, alignment and `0`; a width below the digits cuts nothing.
pub fn hex_is_the_integer_s<T: LowerHex + UpperHex>(id: &T, n: u128, digits: usize) {
    let (wide, prefixed) = (digits + 8, digits + 2);
    let lower = format!("{n:0digits$x}");
    assert_eq!(format!("{id:x}"), lower);
    assert_eq!(format!("{id:X}"), format!("{n:0digits$X}"));
    assert_eq!(format!("{id:#x}"), format!("{n:#0prefixed$x}"));
    assert_eq!(format!("{id:#X}"), format!("{n:#0prefixed$X}"));
    assert_eq!(format!("[{id:>wide$x}]"), format!("[{lower:>wide$}]"));
    let upper = format!("{n:0digits$X}");
    assert_eq!(format!("[{id:<wide$X}]"), format!("[{upper:<wide$}]"));
    let alternate = format!("{n:#0prefixed$x}");
    assert_eq!(
        format!("[{id:*^#wide$x}]"),
        format!("[{alternate:*^wide$}]")
    );
    assert_eq!(format!("{id:#0wide$x}"), format!("{n:#0wide$x}"));
    assert_eq!(format!("{id:0wide$X}"), format!("{n:0wide$X}"));
    assert_eq!(format!("{id:4x}"), format!("{lower:>4}"));
}
