//! `content-id`: the content id of a JSON document, read as a stream.

use std::io::Write;
use std::path::Path;

use content_id::json::{Limits, generate_from_reader_with, generate_uuid5_from_reader_with};
use content_id::{Error, NAMESPACE, Options};

use crate::Failure;

pub(crate) fn run(
    file: Option<&Path>,
    length: usize,
    uuid5: bool,
    limits: &Limits,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let options = Options {
        length,
        ..Options::default()
    };
    // A bad length is an error before any input is read.
    if !uuid5 {
        options.check().map_err(|e| Failure::Error(e.to_string()))?;
    }
    // The reader keeps a buffer of its own: neither the file nor standard input needs
    // another, and the document is never held in memory.
    let result = match file {
        Some(path) if path != Path::new("-") => {
            let name = path.display().to_string();
            let file =
                std::fs::File::open(path).map_err(|e| Failure::Error(format!("{name}: {e}")))?;
            hash(file, &options, uuid5, limits).map_err(|e| located(&name, e))
        }
        _ => hash(std::io::stdin().lock(), &options, uuid5, limits)
            .map_err(|e| located("standard input", e)),
    };
    writeln!(out, "{}", result?)?;
    Ok(())
}

fn hash(
    reader: impl std::io::Read,
    options: &Options,
    uuid5: bool,
    limits: &Limits,
) -> Result<String, Error> {
    if uuid5 {
        generate_uuid5_from_reader_with(reader, &NAMESPACE, limits).map(|id| id.to_string())
    } else {
        generate_from_reader_with(reader, options, limits)
    }
}

/// The error with the name of the input in front: its message says where in it.
fn located(name: &str, error: Error) -> Failure {
    Failure::Error(format!("{name}: {error}"))
}
