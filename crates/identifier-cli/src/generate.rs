//! The generating subcommands, and `verify`.

use std::fmt::Display;
use std::io::Write;

use snowflake::{SnowflakeId, SnowflakeIdGenerator};

use crate::Failure;

/// `count` ids: from one `fill`, or, with an explicit timestamp, one `at` call each.
fn time_ordered<T: Display + Copy>(
    count: usize,
    at: Option<u64>,
    fill: impl FnOnce(&mut [T]),
    generate_at: impl Fn(u64) -> Result<T, String>,
    zero: T,
    out: &mut impl Write,
) -> Result<(), Failure> {
    match at {
        None => {
            let mut ids = vec![zero; count];
            fill(&mut ids);
            write_lines(&ids, out)
        }
        Some(timestamp) => {
            for _ in 0..count {
                let id = generate_at(timestamp).map_err(Failure::Error)?;
                writeln!(out, "{id}")?;
            }
            Ok(())
        }
    }
}

fn write_lines<T: Display>(ids: &[T], out: &mut impl Write) -> Result<(), Failure> {
    for id in ids {
        writeln!(out, "{id}")?;
    }
    Ok(())
}

pub(crate) fn ulids(count: usize, at: Option<u64>, out: &mut impl Write) -> Result<(), Failure> {
    time_ordered(
        count,
        at,
        ulid::fill,
        |t| ulid::generate_at(t).map_err(|e| e.to_string()),
        ulid::Ulid::from_u128(0),
        out,
    )
}

pub(crate) fn uuid7s(count: usize, at: Option<u64>, out: &mut impl Write) -> Result<(), Failure> {
    let zero = uuid7::Uuid7::from_parts(0, 0).map_err(|e| Failure::Error(e.to_string()))?;
    time_ordered(
        count,
        at,
        uuid7::fill,
        |t| uuid7::generate_at(t).map_err(|e| e.to_string()),
        zero,
        out,
    )
}

pub(crate) fn object_ids(
    count: usize,
    at: Option<u64>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    time_ordered(
        count,
        at,
        objectid::fill,
        |t| objectid::generate_at(t).map_err(|e| e.to_string()),
        objectid::ObjectId::from_bytes([0; 12]),
        out,
    )
}

pub(crate) fn snowflakes(
    worker_id: u16,
    count: usize,
    at: Option<u64>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let generator =
        SnowflakeIdGenerator::new(worker_id).map_err(|e| Failure::Error(e.to_string()))?;
    let zero = SnowflakeId::try_from(0u64).map_err(|e| Failure::Error(e.to_string()))?;
    let mut ids = vec![zero; count];
    match at {
        None => generator.fill(&mut ids),
        Some(timestamp) => ids
            .iter_mut()
            .try_for_each(|id| generator.generate_at(timestamp).map(|new| *id = new)),
    }
    .map_err(|e| Failure::Error(e.to_string()))?;
    write_lines(&ids, out)
}

pub(crate) fn checksummed(
    options: &checksummed_id::Options,
    count: usize,
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
        writeln!(out, "{code}\t{}", if valid { "valid" } else { "invalid" })?;
    }
    if all_valid {
        Ok(())
    } else {
        Err(Failure::Rejected)
    }
}
