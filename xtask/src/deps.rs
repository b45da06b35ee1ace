//! `cargo xtask deps`: each crate depends only on what the README's table of crates ("The
//! crates", column "depends on") allows it, and the umbrella crate with one format's feature
//! compiles no other format.
//!
//! The table is the one list: each row's crate (the first name in backticks of its first cell)
//! may depend directly, with every feature on, on the crates named in backticks in its last
//! cell, on the crates of [`DATABASES`] where the cell says "databases", on those of
//! [`TRAIT_FEATURES`] where it says "traits", and on [`FORMATS`] where it says "the format
//! crates". A name in backticks after the word "feature" is a feature, not a crate.

use std::collections::BTreeSet;
use std::path::Path;

/// The library crates: each has a row in the README's table, and `cargo xtask msrv` holds their
/// dependencies to the workspace's `rust-version`.
pub(crate) const LIBRARIES: &[&str] = &[
    "tick-sequence",
    "crockford32",
    "id-text",
    "ulid",
    "uuid7",
    "objectid",
    "snowflake",
    "snowflake-lease",
    "content-id",
    "checksummed-id",
    "id-inspect",
];

/// The README, whose table of crates is the dependency rules.
const README: &str = include_str!("../../README.md");

/// The heading of the README's table of crates.
const TABLE_HEADER: &str = "| crate | what it holds | depends on |";

/// Each crate of the README's table and the packages it may depend on directly.
pub(crate) fn allowed(readme: &str) -> Result<Vec<(String, BTreeSet<String>)>, String> {
    let table = readme
        .split_once(TABLE_HEADER)
        .ok_or_else(|| format!("README.md has no table headed {TABLE_HEADER:?}"))?
        .1;
    let mut rows = Vec::new();
    // The rows, after the header's separator line, up to the first line that is not a row.
    for line in table.lines().skip(2) {
        if !line.starts_with('|') {
            break;
        }
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").collect();
        let (Some(first), Some(last)) = (cells.first(), cells.last()) else {
            continue;
        };
        let name = backticked(first)
            .into_iter()
            .next()
            .ok_or_else(|| format!("a row of README.md's table names no crate: {line}"))?;
        let mut allowed: BTreeSet<String> = backticked(last)
            .into_iter()
            .map(|dependency| package(&dependency))
            .collect();
        for (words, crates) in [
            ("databases", &DATABASES[..]),
            ("traits", &TRAIT_FEATURES[..]),
            ("the format crates", FORMATS),
        ] {
            if last.contains(words) {
                allowed.extend(crates.iter().map(|name| package(name)));
            }
        }
        rows.push((name, allowed));
    }
    Ok(rows)
}

/// The names in backticks in `cell`, but those that follow the word "feature" or "features":
/// a feature's name.
fn backticked(cell: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = cell;
    while let Some((before, after)) = rest.split_once('`') {
        let Some((name, after)) = after.split_once('`') else {
            break;
        };
        let before = before.trim_end();
        if !before.ends_with("feature") && !before.ends_with("features") {
            names.push(name.to_owned());
        }
        rest = after;
    }
    names
}

/// The crates of the database features (`postgres`, `sqlx-*`, `sqlx08-*` with MySQL's, `rusqlite`,
/// `diesel-*`, `sea-orm`): "databases" in the README's table, whose paragraph below the table
/// names each (a test holds them equal). sqlx 0.8's crates are listed under their own names,
/// which `cargo tree` shows for both releases.
const DATABASES: [&str; 9] = [
    "postgres-types",
    "bytes",
    "sqlx-core",
    "sqlx-postgres",
    "sqlx-sqlite",
    "sqlx-mysql",
    "rusqlite",
    "diesel",
    "sea-orm",
];

/// The crates of the optional trait features (`bytemuck`, `zerocopy`, `arbitrary`,
/// `schemars`, `utoipa`, `borsh`) and of the date-time features (`chrono`, `time`, `jiff`):
/// "traits" in the README's table, named each in its paragraph too.
const TRAIT_FEATURES: [&str; 9] = [
    "bytemuck",
    "zerocopy",
    "arbitrary",
    "schemars",
    "utoipa",
    "borsh",
    "chrono",
    "time",
    "jiff",
];

/// The time-ordered format crates, whose default feature `generate` brings the engine.
const NO_STD_FORMATS: &[&str] = &["ulid", "uuid7", "objectid", "snowflake"];

/// What a format crate without `generate` must not pull in: the engine and what only the engine
/// needs (the clock, the random source, fork detection).
const ENGINE_ONLY: &[&str] = &[
    "tick-sequence",
    "rand",
    "rand_core",
    "getrandom",
    "parking_lot",
    "libc",
    "js-sys",
];

/// The format crates, each also a feature of the umbrella crate.
pub(crate) const FORMATS: &[&str] = &[
    "ulid",
    "uuid7",
    "objectid",
    "snowflake",
    "content-id",
    "checksummed-id",
];

pub(crate) fn run(root: &Path) -> Result<(), String> {
    let mut problems = Vec::new();
    let table = allowed(README)?;
    for library in LIBRARIES {
        if !table.iter().any(|(name, _)| name == library) {
            problems.push(format!(
                "{library} has no row in README.md's table of crates"
            ));
        }
    }
    for (krate, allowed) in &table {
        let spec = spec(krate);
        let direct = tree(
            root,
            "normal",
            &["-p", &spec, "--all-features", "--depth", "1"],
        )?;
        for dependency in direct.iter().skip(1) {
            let name = dependency.split(' ').next().unwrap_or_default();
            if !allowed.contains(name) {
                problems.push(format!(
                    "{krate} depends on {dependency}, which README.md's table of crates does not \
                     name"
                ));
            }
        }
        let all = tree(root, "normal", &["-p", &spec, "--all-features"])?;
        for other in workspace_formats(&all) {
            if other != krate && !allowed.contains(&package(other)) {
                problems.push(format!("{krate} pulls in the format crate {other}"));
            }
        }
        println!(
            "deps: {krate}: {} direct dependencies, all in README.md's table",
            direct.len() - 1
        );
    }
    for krate in NO_STD_FORMATS {
        let spec = spec(krate);
        for features in [&[][..], &["--features", "serde"][..]] {
            let mut args = vec!["-p", spec.as_str(), "--no-default-features"];
            args.extend_from_slice(features);
            let all = tree(root, "normal", &args)?;
            let pulled: Vec<&String> = all
                .iter()
                .filter(|package| {
                    let name = package.split(' ').next().unwrap_or_default();
                    ENGINE_ONLY.contains(&name)
                })
                .collect();
            if pulled.is_empty() {
                println!("deps: {krate} {}: no engine", args[2..].join(" "));
            } else {
                problems.push(format!(
                    "{krate} {} pulls in {pulled:?}",
                    args[2..].join(" ")
                ));
            }
        }
    }
    for feature in FORMATS {
        let spec = spec("identifier");
        let all = tree(
            root,
            "normal",
            &["-p", &spec, "--no-default-features", "--features", feature],
        )?;
        let formats = workspace_formats(&all);
        if formats != BTreeSet::from([*feature]) {
            problems.push(format!(
                "identifier with only the feature {feature} compiles the formats {formats:?}"
            ));
        } else {
            println!("deps: identifier --features {feature}: no other format crate");
        }
    }
    crate::report("dependency rules broken", &problems)
}

/// The libraries whose name on crates.io is another project's: their packages carry the
/// family prefix `tick-`, their libraries keep the name.
const PREFIXED: &[&str] = &[
    "identifier",
    "ulid",
    "uuid7",
    "objectid",
    "snowflake",
    "snowflake-lease",
];

/// The package of the library `krate`: its name, or the prefixed one.
pub(crate) fn package(krate: &str) -> String {
    if PREFIXED.contains(&krate) {
        format!("tick-{krate}")
    } else {
        krate.to_owned()
    }
}

/// `package@version` of a library of this workspace, for `cargo -p`.
pub(crate) fn spec(krate: &str) -> String {
    format!("{}@{}", package(krate), env!("CARGO_PKG_VERSION"))
}

/// The dependencies of the kinds `edges` (`normal`, `normal,build`) that `cargo tree` lists for
/// `args`, one `name vX.Y.Z (source)` a line, the root first.
pub(crate) fn tree(root: &Path, edges: &str, args: &[&str]) -> Result<Vec<String>, String> {
    let mut all = vec![
        "tree", "--locked", "-e", edges, "--prefix", "none", "--format", "{p}",
    ];
    all.extend_from_slice(args);
    Ok(crate::cargo(root, &all)?
        .lines()
        .map(|line| line.trim_end_matches(" (*)").to_owned())
        .collect())
}

/// The format crates of this workspace among `packages` (a crates.io crate of the same name,
/// such as `ulid` 3, is not ours: ours come from a path).
fn workspace_formats(packages: &[String]) -> BTreeSet<&'static str> {
    FORMATS
        .iter()
        .copied()
        .filter(|format| {
            packages.iter().any(|package| {
                package.starts_with(&format!("{} v", self::package(format)))
                    && package.contains(" (/")
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{DATABASES, FORMATS, LIBRARIES, README, TRAIT_FEATURES, allowed, backticked};

    #[test]
    fn every_library_has_a_row_and_the_rows_name_what_the_crates_use() {
        let table = allowed(README).unwrap();
        for library in LIBRARIES {
            assert!(table.iter().any(|(name, _)| name == library), "{library}");
        }
        let row = |name: &str| &table.iter().find(|(row, _)| row == name).unwrap().1;
        // A dependency named by its library name is its package's.
        assert!(row("snowflake-lease").contains("tick-snowflake"));
        assert!(row("id-inspect").contains("tick-ulid"));
        // "databases" and "traits" bring their crates to the formats, and only to them.
        assert!(row("ulid").contains("sqlx-mysql") && row("ulid").contains("borsh"));
        assert!(!row("id-text").contains("sqlx-core"));
        // A feature's name is no dependency: tick-sequence's `js` is a feature.
        assert!(row("tick-sequence").contains("js-sys") && !row("tick-sequence").contains("js"));
        for format in FORMATS {
            assert!(
                row("identifier").contains(&super::package(format)),
                "{format}"
            );
        }
    }

    #[test]
    fn the_paragraph_under_the_table_names_every_crate_of_databases_and_traits() {
        let paragraph = README
            .split_once("\"Databases\" are the optional crates")
            .unwrap()
            .1
            .split_once("\n\n")
            .unwrap()
            .0;
        // Every name in backticks: the paragraph names features and their crates alike.
        let named: Vec<&str> = paragraph.split('`').skip(1).step_by(2).collect();
        for name in DATABASES.iter().chain(&TRAIT_FEATURES) {
            assert!(named.contains(name), "{name} is not in: {paragraph}");
        }
    }

    #[test]
    fn a_name_after_the_word_feature_is_a_feature() {
        assert_eq!(
            backticked("`a`, `b` (feature `c`); `d` (features `e`)"),
            ["a", "b", "d"]
        );
    }
}
