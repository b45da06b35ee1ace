//! `convert`: ULIDs and UUIDs into each other, by `id_inspect::convert`.

use std::io::{self, Write};

use id_inspect::Target;

use crate::lines::{self, Line};
use crate::{Failure, escaped};

/// Writes the conversion of each id, one a line; an id that does not convert is named on
/// standard error by its position, and makes the exit status 1.
pub(crate) fn run(ids: &[String], to: Target, out: &mut impl Write) -> Result<(), Failure> {
    let mut all_converted = true;
    if lines::from_stdin(ids, "ids")? {
        let stdin = io::stdin();
        lines::each(stdin.lock(), |number, line| {
            let position = format!("line {number}");
            all_converted &= match line {
                Line::Text(id) => one(id, to, &position, out)?,
                other => {
                    let problem = other.problem(number).unwrap_or_default();
                    refused(&problem, out)?
                }
            };
            Ok(())
        })?;
    } else {
        for (index, id) in ids.iter().enumerate() {
            all_converted &= one(id, to, &format!("argument {}", index + 1), out)?;
        }
    }
    if all_converted {
        Ok(())
    } else {
        Err(Failure::Rejected)
    }
}

/// Writes the conversion of `id`, or on standard error why there is none; whether it
/// converted.
fn one(id: &str, to: Target, position: &str, out: &mut impl Write) -> Result<bool, Failure> {
    match id_inspect::convert(id, to) {
        Ok(converted) => {
            writeln!(out, "{converted}")?;
            Ok(true)
        }
        Err(reason) => refused(&format!("{position} ('{}'): {reason}", escaped(id)), out),
    }
}

/// Writes `problem` on standard error, after what standard output holds so far (so that the
/// two streams read in order when they go to one terminal); `false`.
fn refused(problem: &str, out: &mut impl Write) -> Result<bool, Failure> {
    out.flush()?;
    eprintln!("identifier: error: {problem}");
    Ok(false)
}
