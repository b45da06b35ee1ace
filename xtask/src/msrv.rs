//! `cargo xtask msrv`: no locked dependency of a library crate needs a newer Rust than the
//! workspace's `rust-version` says.
//!
//! The libraries' normal and build dependencies are what a user compiles, so they are what the
//! `rust-version` promise covers; the tests, benchmarks and tools may need more (proptest,
//! criterion, loom), and are not checked.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use crate::deps;

pub(crate) fn run(root: &Path) -> Result<(), String> {
    let metadata = crate::cargo(root, &["metadata", "--format-version", "1", "--locked"])?;
    let metadata: Value =
        serde_json::from_str(&metadata).map_err(|e| format!("cargo metadata: {e}"))?;
    let packages = metadata["packages"].as_array().cloned().unwrap_or_default();
    // (name, version) -> rust-version, for every package of the lock file that declares one.
    let mut required = BTreeMap::new();
    let mut ours = None;
    for package in &packages {
        let (Some(name), Some(version)) = (package["name"].as_str(), package["version"].as_str())
        else {
            continue;
        };
        if let Some(rust) = package["rust_version"].as_str() {
            required.insert((name.to_owned(), version.to_owned()), parse(rust)?);
            if name == "tick-sequence" {
                ours = Some((rust.to_owned(), parse(rust)?));
            }
        }
    }
    let (ours_text, ours) = ours.ok_or("the workspace declares no rust-version")?;

    let mut problems = Vec::new();
    // The crates users depend on: every library the dependency rules cover, and the umbrella.
    let libraries = deps::ALLOWED
        .iter()
        .map(|(name, _)| *name)
        .chain(["identifier"]);
    for library in libraries {
        let spec = deps::spec(library);
        for line in deps::tree(root, "normal,build", &["--all-features", "-p", &spec])? {
            // `name vX.Y.Z` or `name vX.Y.Z (source)`.
            let mut words = line.split(' ');
            let (Some(name), Some(version)) = (words.next(), words.next()) else {
                continue;
            };
            let version = version.trim_start_matches('v');
            if let Some(needed) = required.get(&(name.to_owned(), version.to_owned()))
                && *needed > ours
            {
                problems.push(format!(
                    "{library} depends on {name} {version}, which needs Rust {}",
                    show(*needed)
                ));
            }
        }
        println!("msrv: {library}: every locked dependency builds with Rust {ours_text}");
    }
    problems.sort();
    problems.dedup();
    crate::report(
        &format!("rust-version {ours_text} is too old for the lock file"),
        &problems,
    )
}

/// `1.89` or `1.89.0` as (1, 89, 0).
fn parse(text: &str) -> Result<(u32, u32, u32), String> {
    let mut parts = text.split('.').map(str::parse::<u32>);
    let mut next = || parts.next().unwrap_or(Ok(0));
    match (next(), next(), next()) {
        (Ok(major), Ok(minor), Ok(patch)) => Ok((major, minor, patch)),
        _ => Err(format!("not a Rust version: {text}")),
    }
}

fn show((major, minor, patch): (u32, u32, u32)) -> String {
    format!("{major}.{minor}.{patch}")
}
