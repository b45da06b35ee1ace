//! Where in a value something failed: the path of an error, built only on the error path.

use core::fmt::Write as _;

use crate::Error;

/// One step from a container to a value in it.
#[derive(Debug, Clone)]
pub(crate) enum Segment {
    /// Item `i` of a list.
    Index(usize),
    /// The value of the entry with this key.
    Key(Key),
    /// The value of entry `i` of a map, whose key cannot be shown.
    Entry(usize),
    /// The key of entry `i` of a map.
    KeyOf(usize),
    /// Element `i` of a set, in the order it was given.
    Element(usize),
}

/// A map key, as it is shown in a path.
#[derive(Debug, Clone)]
pub(crate) enum Key {
    /// A string: `.name`, or `["a name"]`.
    Str(String),
    /// An integer, float, boolean or null, as JSON writes it: `{7}`.
    Scalar(String),
}

/// Why a value has no encoding.
#[derive(Debug)]
pub(crate) enum FailureKind {
    /// The value said so ([`Encoder::fail`](crate::Encoder::fail), a failing `serialize`).
    Unencodable(String),
    /// It is nested deeper than [`MAX_DEPTH`](crate::MAX_DEPTH).
    TooDeep,
}

/// A failure and where it happened: the segments from the failed value out to the root,
/// innermost first (each container adds its own as the failure passes it on the way out).
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) kind: FailureKind,
    pub(crate) segments: Vec<Segment>,
}

impl Failure {
    pub(crate) fn new(kind: FailureKind) -> Box<Failure> {
        Box::new(Failure {
            kind,
            segments: Vec::new(),
        })
    }

    pub(crate) fn into_error(self) -> Error {
        let path = render(&self.segments);
        match self.kind {
            FailureKind::Unencodable(reason) => Error::Unencodable { path, reason },
            FailureKind::TooDeep => Error::TooDeep {
                path,
                limit: crate::MAX_DEPTH,
            },
        }
    }
}

/// `$` followed by the segments, outermost first.
fn render(segments: &[Segment]) -> String {
    let mut path = String::from("$");
    for segment in segments.iter().rev() {
        // Writing to a String cannot fail.
        let _ = match segment {
            Segment::Index(i) => write!(path, "[{i}]"),
            Segment::Key(Key::Str(key)) if is_identifier(key) => write!(path, ".{key}"),
            Segment::Key(Key::Str(key)) => {
                path.push('[');
                quote(key, &mut path);
                path.push(']');
                Ok(())
            }
            Segment::Key(Key::Scalar(key)) => write!(path, "{{{key}}}"),
            Segment::Entry(i) | Segment::Element(i) => write!(path, "{{#{i}}}"),
            Segment::KeyOf(i) => write!(path, "{{key #{i}}}"),
        };
    }
    path
}

/// A key that reads unambiguously after a dot: ASCII letters, digits and `_`, not starting
/// with a digit.
fn is_identifier(key: &str) -> bool {
    let mut bytes = key.bytes();
    matches!(bytes.next(), Some(b'a'..=b'z' | b'A'..=b'Z' | b'_'))
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// `text` as a JSON string, quotes included.
pub(crate) fn quote(text: &str, out: &mut String) {
    out.push('"');
    for c in text.chars() {
        let _ = match c {
            '"' => write!(out, "\\\""),
            '\\' => write!(out, "\\\\"),
            '\n' => write!(out, "\\n"),
            '\r' => write!(out, "\\r"),
            '\t' => write!(out, "\\t"),
            c if u32::from(c) < 0x20 || c == '\u{7F}' => write!(out, "\\u{:04x}", u32::from(c)),
            c => {
                out.push(c);
                Ok(())
            }
        };
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_read_outermost_first() {
        let segments = vec![
            Segment::Key(Key::Str("name".into())),
            Segment::Index(3),
            Segment::Key(Key::Str("users".into())),
        ];
        assert_eq!(render(&segments), "$.users[3].name");
        let segments = vec![
            Segment::KeyOf(2),
            Segment::Element(1),
            Segment::Entry(0),
            Segment::Key(Key::Scalar("-7".into())),
            Segment::Key(Key::Str("a b\"\n".into())),
            Segment::Key(Key::Str("9lives".into())),
        ];
        assert_eq!(
            render(&segments),
            "$[\"9lives\"][\"a b\\\"\\n\"]{-7}{#0}{#1}{key #2}"
        );
        assert_eq!(render(&[]), "$");
    }
}
