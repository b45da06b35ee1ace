//! Ids from standard input, one a line, read in constant memory.

use std::io::{self, BufRead, IsTerminal};

use crate::Failure;

/// The longest line kept: longer than any id or code anyone types, short enough that a
/// stream with no line break (or a huge one) takes no memory.
pub(crate) const MAX_LINE: usize = 4096;

/// One line of input.
pub(crate) enum Line<'a> {
    /// The line, without its `\n` or `\r\n`.
    Text(&'a str),
    /// Bytes that are not UTF-8.
    NotUtf8,
    /// More than [`MAX_LINE`] bytes: skipped to its end, never held.
    TooLong,
}

impl Line<'_> {
    /// Why a line that is not text is not read, as `line N ...`.
    pub(crate) fn problem(&self, number: u64) -> Option<String> {
        match self {
            Line::Text(_) => None,
            Line::NotUtf8 => Some(format!("line {number} is not UTF-8")),
            Line::TooLong => Some(format!(
                "line {number} is longer than {MAX_LINE} bytes: no id is that long"
            )),
        }
    }
}

/// Whether the ids come from standard input: `-`, or none while standard input is not a
/// terminal. An error when there are none and standard input is a terminal.
pub(crate) fn from_stdin(args: &[String], what: &str) -> Result<bool, Failure> {
    match args {
        [dash] if dash == "-" => Ok(true),
        [] if !io::stdin().is_terminal() => Ok(true),
        [] => Err(Failure::Error(format!(
            "no {what} given: give them as arguments, or one a line on standard input \
             (`-` or a pipe)"
        ))),
        _ => Ok(false),
    }
}

/// Calls `visit` with each line of `input` and its number (from 1), reusing one buffer.
pub(crate) fn each(
    mut input: impl BufRead,
    mut visit: impl FnMut(u64, Line<'_>) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let mut buffer = Vec::with_capacity(MAX_LINE);
    let mut number = 0u64;
    loop {
        buffer.clear();
        let mut too_long = false;
        let mut read_any = false;
        loop {
            let available = match input.fill_buf() {
                Ok(available) => available,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    return Err(Failure::Error(format!(
                        "cannot read standard input after line {number}: {error}"
                    )));
                }
            };
            if available.is_empty() {
                break;
            }
            read_any = true;
            let end = available.iter().position(|&byte| byte == b'\n');
            let part = &available[..end.unwrap_or(available.len())];
            if !too_long && buffer.len() + part.len() <= MAX_LINE + 1 {
                buffer.extend_from_slice(part);
            } else {
                too_long = true;
                buffer.clear();
            }
            let used = part.len() + usize::from(end.is_some());
            input.consume(used);
            if end.is_some() {
                break;
            }
        }
        if !read_any {
            return Ok(());
        }
        number += 1;
        if buffer.last() == Some(&b'\r') {
            buffer.pop();
        }
        let line = if too_long || buffer.len() > MAX_LINE {
            Line::TooLong
        } else {
            match std::str::from_utf8(&buffer) {
                Ok(text) => Line::Text(text),
                Err(_) => Line::NotUtf8,
            }
        };
        visit(number, line)?;
    }
}

#[cfg(test)]
mod tests {
    use super::{Line, MAX_LINE, each};

    fn lines(input: &[u8]) -> Vec<String> {
        let mut seen = Vec::new();
        each(input, |number, line| {
            seen.push(match line {
                Line::Text(text) => format!("{number}:{text}"),
                Line::NotUtf8 => format!("{number}:not UTF-8"),
                Line::TooLong => format!("{number}:too long"),
            });
            Ok(())
        })
        .unwrap_or_else(|_| panic!("reading a slice does not fail"));
        seen
    }

    #[test]
    fn lines_are_numbered_and_checked() {
        assert!(lines(b"").is_empty());
        assert_eq!(lines(b"a\r\n\nb"), ["1:a", "2:", "3:b"]);
        assert_eq!(lines(b"a\xff\nb\n"), ["1:not UTF-8", "2:b"]);
        let long = vec![b'x'; MAX_LINE + 1];
        let input = [&long[..], b"\nok\n"].concat();
        assert_eq!(lines(&input), ["1:too long", "2:ok"]);
        let exact = vec![b'x'; MAX_LINE];
        assert_eq!(lines(&exact).len(), 1);
        assert!(lines(&exact)[0].starts_with("1:xxx"));
    }
}
