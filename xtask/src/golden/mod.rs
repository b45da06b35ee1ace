//! The golden fixture vectors: one JSON file per format, from fixed inputs.
//!
//! Integers are written as decimal strings, so that any JSON reader keeps all 128 bits.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

mod checksummed_id;
mod content_id;
mod crockford32;
mod objectid;
mod snowflake;
mod ulid;
mod uuid7;

/// A file of `golden/` and the function that builds its contents.
struct GoldenFile {
    name: &'static str,
    build: fn() -> Value,
}

const FILES: &[GoldenFile] = &[
    GoldenFile {
        name: "crockford32.json",
        build: crockford32::vectors,
    },
    GoldenFile {
        name: "ulid.json",
        build: ulid::vectors,
    },
    GoldenFile {
        name: "uuid7.json",
        build: uuid7::vectors,
    },
    GoldenFile {
        name: "objectid.json",
        build: objectid::vectors,
    },
    GoldenFile {
        name: "snowflake.json",
        build: snowflake::vectors,
    },
    GoldenFile {
        name: "content-id.json",
        build: content_id::vectors,
    },
    GoldenFile {
        name: "checksummed-id.json",
        build: checksummed_id::vectors,
    },
];

pub(crate) enum Mode {
    Write,
    Check,
}

pub(crate) fn run(root: &Path, mode: Mode) -> Result<(), String> {
    let dir = root.join("golden");
    let mut problems = Vec::new();
    for file in FILES {
        let path = dir.join(file.name);
        let text = render(&(file.build)());
        match mode {
            Mode::Write => {
                fs::write(&path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
                println!("wrote {}", path.display());
            }
            Mode::Check => {
                if let Some(problem) = compare(&path, &text) {
                    problems.push(problem);
                }
            }
        }
    }
    if let Mode::Check = mode {
        problems.extend(unexpected_files(&dir)?);
        crate::report(
            "golden vectors differ from what `cargo xtask golden` writes",
            &problems,
        )?;
        println!("golden: {} files match", FILES.len());
    }
    Ok(())
}

fn render(value: &Value) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("a JSON value always serializes");
    text.push('\n');
    text
}

/// The first difference between the file and the expected text, if any.
fn compare(path: &Path, expected: &str) -> Option<String> {
    let found = match fs::read_to_string(path) {
        Ok(found) => found,
        Err(e) => return Some(format!("{}: {e}", path.display())),
    };
    if found == expected {
        return None;
    }
    let line = found
        .lines()
        .zip(expected.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| found.lines().count().min(expected.lines().count()));
    Some(format!(
        "{}: differs from line {}: found {:?}, expected {:?}",
        path.display(),
        line + 1,
        found.lines().nth(line).unwrap_or("<end of file>"),
        expected.lines().nth(line).unwrap_or("<end of file>"),
    ))
}

/// JSON files in `golden/` that no format writes.
fn unexpected_files(dir: &Path) -> Result<Vec<String>, String> {
    let entries = fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut extra = Vec::new();
    for entry in entries {
        let path: PathBuf = entry.map_err(|e| e.to_string())?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.ends_with(".json") && !FILES.iter().any(|file| file.name == name) {
            extra.push(format!("{}: no format writes this file", path.display()));
        }
    }
    Ok(extra)
}

/// SplitMix64: a fixed, documented generator, so the vectors never depend on the version of
/// a random-number crate.
pub(crate) struct SplitMix64(u64);

impl SplitMix64 {
    pub(crate) fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub(crate) fn next_u128(&mut self) -> u128 {
        (u128::from(self.next_u64()) << 64) | u128::from(self.next_u64())
    }
}
