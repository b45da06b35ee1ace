//! `content-id`: the content id of a JSON document.

use std::io::{Read, Write};
use std::path::Path;

use content_id::Serde;

use crate::Failure;

pub(crate) fn run(
    file: Option<&Path>,
    length: usize,
    uuid5: bool,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let (name, text) = read(file)?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        Failure::Error(format!(
            "{name}: invalid JSON at line {}, column {}: {e}",
            e.line(),
            e.column()
        ))
    })?;
    if uuid5 {
        writeln!(out, "{}", content_id::generate_uuid5(&Serde(&value)))?;
    } else {
        let id = content_id::generate_with_length(&Serde(&value), length)
            .map_err(|e| Failure::Error(e.to_string()))?;
        writeln!(out, "{id}")?;
    }
    Ok(())
}

/// The document and a name for messages: a file, or standard input for `-` or no file.
fn read(file: Option<&Path>) -> Result<(String, String), Failure> {
    match file {
        Some(path) if path != Path::new("-") => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Failure::Error(format!("{}: {e}", path.display())))?;
            Ok((path.display().to_string(), text))
        }
        _ => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| Failure::Error(format!("standard input: {e}")))?;
            Ok(("standard input".into(), text))
        }
    }
}
