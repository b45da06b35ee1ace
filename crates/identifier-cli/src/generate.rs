//! The generating subcommands, and `verify`.
//!
//! Ids are made and written [`CHUNK`] at a time: memory does not grow with the count, which
//! may be anything up to `u64::MAX`, and a write to a closed pipe ends the command after at
//! most one chunk.

use std::fmt::Display;
use std::io::Write;

use snowflake::{SnowflakeId, SnowflakeIdGenerator};

use crate::{Failure, escaped};

/// Ids made and written at a time: one `fill` (one clock reading, one lock) each.
const CHUNK: usize = 1024;

/// Writes `count` ids, one a line, [`CHUNK`] at a time: `fill` overwrites each chunk of a
/// buffer that starts as copies of `placeholder`, then the chunk is written.
fn write_in_chunks<T: Display + Copy>(
    count: u64,
    placeholder: T,
    mut fill: impl FnMut(&mut [T]) -> Result<(), String>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let mut buffer = [placeholder; CHUNK];
    let mut remaining = count;
    while remaining > 0 {
        let len = usize::try_from(remaining).map_or(CHUNK, |remaining| remaining.min(CHUNK));
        let chunk = &mut buffer[..len];
        fill(chunk).map_err(Failure::Error)?;
        for id in chunk.iter() {
            writeln!(out, "{id}")?;
        }
        remaining -= len as u64;
    }
    Ok(())
}

/// Fills `ids` with one call to `generate` each.
fn each<T, E: Display>(ids: &mut [T], generate: impl Fn() -> Result<T, E>) -> Result<(), String> {
    for id in ids {
        *id = generate().map_err(|error| error.to_string())?;
    }
    Ok(())
}

/// The message of an error of generation from the process-wide sequence: the system clock
/// (or the sequence, run ahead of it) has left the format's range.
fn from_the_clock(error: impl Display) -> String {
    format!("cannot generate from the system clock: {error}")
}

/// Writes `count` ids made by `fill` from the clock or, `at` a given time (in the format's
/// unit), one by one by `generate_at`.
fn write_ids<T: Display + Copy, E: Display>(
    count: u64,
    at: Option<u64>,
    placeholder: T,
    fill: impl Fn(&mut [T]) -> Result<(), E>,
    generate_at: impl Fn(u64) -> Result<T, E>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    match at {
        None => write_in_chunks(
            count,
            placeholder,
            |ids| fill(ids).map_err(from_the_clock),
            out,
        ),
        Some(time) => write_in_chunks(
            count,
            placeholder,
            |ids| each(ids, || generate_at(time)),
            out,
        ),
    }
}

pub(crate) fn ulids(count: u64, at: Option<u64>, out: &mut impl Write) -> Result<(), Failure> {
    let placeholder = ulid::Ulid::from_u128(0);
    write_ids(
        count,
        at,
        placeholder,
        ulid::try_fill,
        ulid::generate_at,
        out,
    )
}

pub(crate) fn uuid7s(count: u64, at: Option<u64>, out: &mut impl Write) -> Result<(), Failure> {
    let placeholder = uuid7::Uuid7::from_parts(0, 0).map_err(|e| Failure::Error(e.to_string()))?;
    write_ids(
        count,
        at,
        placeholder,
        uuid7::try_fill,
        uuid7::generate_at,
        out,
    )
}

pub(crate) fn object_ids(count: u64, at: Option<u64>, out: &mut impl Write) -> Result<(), Failure> {
    let placeholder = objectid::ObjectId::from_bytes([0; 12]);
    write_ids(
        count,
        at,
        placeholder,
        objectid::try_fill,
        objectid::generate_at,
        out,
    )
}

pub(crate) fn snowflakes(
    worker_id: u16,
    count: u64,
    at: Option<u64>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let generator =
        SnowflakeIdGenerator::new(worker_id).map_err(|e| Failure::Error(e.to_string()))?;
    let placeholder = SnowflakeId::try_from(0u64).map_err(|e| Failure::Error(e.to_string()))?;
    write_ids(
        count,
        at,
        placeholder,
        |ids| generator.fill(ids),
        |timestamp_ms| generator.generate_at(timestamp_ms),
        out,
    )
}

pub(crate) fn checksummed(
    options: &checksummed_id::Options,
    count: u64,
    out: &mut impl Write,
) -> Result<(), Failure> {
    for _ in 0..count {
        let code =
            checksummed_id::generate_with(options).map_err(|e| Failure::Error(e.to_string()))?;
        writeln!(out, "{code}")?;
    }
    Ok(())
}

pub(crate) fn verify(codes: &[String], sep: char, out: &mut impl Write) -> Result<(), Failure> {
    let mut all_valid = true;
    for code in codes {
        let valid = checksummed_id::verify_with(code, sep);
        all_valid &= valid;
        let verdict = if valid { "valid" } else { "invalid" };
        writeln!(out, "{}\t{verdict}", escaped(code))?;
    }
    if all_valid {
        Ok(())
    } else {
        Err(Failure::Rejected)
    }
}
