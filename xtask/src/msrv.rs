//! `cargo xtask msrv`: no locked dependency of a library crate needs a newer Rust than the
//! workspace's `rust-version` says, except under the features listed in [`FEATURE_FLOORS`],
//! each checked against its own floor (the README's feature table gives it).
//!
//! The libraries' normal and build dependencies are what a user compiles, so they are what the
//! `rust-version` promise covers; the tests, benchmarks and tools may need more (proptest,
//! criterion, loom), and are not checked.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use crate::deps;

/// Features whose driver needs a newer Rust than the libraries' `rust-version`, with that Rust:
/// sqlx 0.9 asks for 1.94, and so does sea-orm 2 (on sqlx 0.9).
const FEATURE_FLOORS: &[(&str, &str)] = &[
    ("sqlx-postgres", "1.94"),
    ("sqlx-sqlite", "1.94"),
    ("sqlx-mysql", "1.94"),
    ("sea-orm", "1.94"),
];

/// The package of the lock file named `name` at `version`, and the Rust it needs.
type Required = BTreeMap<(String, String), (u32, u32, u32)>;

pub(crate) fn run(root: &Path) -> Result<(), String> {
    let metadata = crate::cargo(root, &["metadata", "--format-version", "1", "--locked"])?;
    let metadata: Value =
        serde_json::from_str(&metadata).map_err(|e| format!("cargo metadata: {e}"))?;
    let packages = metadata["packages"].as_array().cloned().unwrap_or_default();
    // (name, version) -> rust-version, for every package of the lock file that declares one.
    let mut required = Required::new();
    let mut ours = None;
    // Each library's features, by name.
    let mut features: BTreeMap<String, Vec<String>> = BTreeMap::new();
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
        if package["source"].is_null() {
            let names = package["features"]
                .as_object()
                .map(|features| features.keys().cloned().collect())
                .unwrap_or_default();
            features.insert(name.to_owned(), names);
        }
    }
    let (ours_text, ours) = ours.ok_or("the workspace declares no rust-version")?;

    let mut problems = Vec::new();
    // The crates users depend on: every library the dependency rules cover, and the umbrella.
    let libraries = deps::LIBRARIES.iter().copied().chain(["identifier"]);
    for library in libraries {
        let spec = deps::spec(library);
        let all = features
            .get(&deps::package(library))
            .cloned()
            .unwrap_or_default();
        let (floored, base): (Vec<String>, Vec<String>) = all
            .into_iter()
            .partition(|feature| FEATURE_FLOORS.iter().any(|(name, _)| name == feature));
        let base = base.join(",");
        let args = ["-p", spec.as_str(), "--features", base.as_str()];
        problems.extend(check(root, library, &args, &required, ours)?);
        println!("msrv: {library}: every locked dependency builds with Rust {ours_text}");
        for feature in floored {
            let Some((_, floor_text)) = FEATURE_FLOORS.iter().find(|(name, _)| *name == feature)
            else {
                continue;
            };
            let args = ["-p", spec.as_str(), "--features", feature.as_str()];
            let label = format!("{library} --features {feature}");
            problems.extend(check(root, &label, &args, &required, parse(floor_text)?)?);
            println!("msrv: {label}: every locked dependency builds with Rust {floor_text}");
        }
    }
    problems.sort();
    problems.dedup();
    crate::report(
        &format!(
            "rust-version {ours_text} (or a feature's own floor) is too old for the lock file"
        ),
        &problems,
    )
}

/// The locked normal and build dependencies of `cargo tree args` that need a newer Rust than
/// `floor`, one message each, naming `label`.
fn check(
    root: &Path,
    label: &str,
    args: &[&str],
    required: &Required,
    floor: (u32, u32, u32),
) -> Result<Vec<String>, String> {
    let mut problems = Vec::new();
    for line in deps::tree(root, "normal,build", args)? {
        // `name vX.Y.Z` or `name vX.Y.Z (source)`.
        let mut words = line.split(' ');
        let (Some(name), Some(version)) = (words.next(), words.next()) else {
            continue;
        };
        let version = version.trim_start_matches('v');
        if let Some(needed) = required.get(&(name.to_owned(), version.to_owned()))
            && *needed > floor
        {
            problems.push(format!(
                "{label} depends on {name} {version}, which needs Rust {}",
                show(*needed)
            ));
        }
    }
    Ok(problems)
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

#[cfg(test)]
mod tests {
    use super::{FEATURE_FLOORS, parse};

    /// The workspace's `rust-version`, as `Cargo.toml` declares it.
    fn workspace_rust() -> String {
        let cargo = include_str!("../../Cargo.toml");
        let package = cargo.split_once("[workspace.package]").unwrap().1;
        let line = package
            .lines()
            .find(|line| line.starts_with("rust-version = "))
            .unwrap();
        line.split('"').nth(1).unwrap().to_owned()
    }

    #[test]
    fn the_readme_states_the_libraries_rust_and_the_test_command_s() {
        let readme = include_str!("../../README.md");
        let libraries = workspace_rust();
        // The test command builds every feature: it needs the highest floor.
        let (_, tests) = FEATURE_FLOORS
            .iter()
            .max_by_key(|(_, floor)| parse(floor).unwrap())
            .unwrap();
        for statement in [
            format!("**Prerequisites:** Rust {tests} or newer"),
            format!("the libraries\nalone need Rust {libraries}"),
            format!("The libraries need Rust {libraries} or newer"),
            format!("Working on the repository needs Rust {tests}"),
        ] {
            assert!(readme.contains(&statement), "README.md lacks {statement:?}");
        }
    }
}
