//! `cargo xtask deps`: each library crate depends only on what the design allows it, and the
//! umbrella crate with one format's feature compiles no other format.

use std::collections::BTreeSet;
use std::path::Path;

/// Each library crate and the only direct normal dependencies it may have (with every
/// feature on), besides [`DATABASES`] for the time-ordered formats.
pub(crate) const ALLOWED: &[(&str, &[&str])] = &[
    (
        "tick-sequence",
        &["rand", "libc", "js-sys", "getrandom", "serde"],
    ),
    ("crockford32", &["thiserror", "id-text"]),
    // The date-time libraries for the one body of the formats' conversions (`date_time`).
    ("id-text", &["thiserror", "serde", "chrono", "time", "jiff"]),
    (
        "ulid",
        &[
            "tick-sequence",
            "crockford32",
            "id-text",
            "thiserror",
            "serde",
            "uuid",
        ],
    ),
    (
        "uuid7",
        &["tick-sequence", "id-text", "thiserror", "serde", "uuid"],
    ),
    (
        "objectid",
        &["tick-sequence", "id-text", "thiserror", "serde", "bson"],
    ),
    (
        "snowflake",
        &["tick-sequence", "id-text", "thiserror", "serde"],
    ),
    // The lease: the one crate that may use another of the family's formats, and the one
    // place with a PostgreSQL client; and its TLS (`sslmode`): rustls with the ring provider,
    // the maintained rustls connector for `postgres`, and the OS trust store for
    // `sslrootcert=system`.
    (
        "snowflake-lease",
        &[
            "tick-snowflake",
            "tick-sequence",
            "thiserror",
            "postgres",
            "rustls",
            "tokio-postgres-rustls",
            "rustls-native-certs",
            // The MySQL and MariaDB store's blocking client (feature `mysql`).
            "mysql",
            // The host-local store's `fstatfs` (feature `file`, unix), through safe wrappers.
            "rustix",
            "serde",
        ],
    ),
    (
        "content-id",
        &["blake2", "uuid", "id-text", "thiserror", "serde"],
    ),
    (
        "checksummed-id",
        &["tick-sequence", "crockford32", "thiserror"],
    ),
    // What an id is and holds, for the command and the page: the formats' own parsers, the
    // calendar of id-text, and the JSON report.
    (
        "id-inspect",
        &[
            "tick-ulid",
            "tick-uuid7",
            "tick-objectid",
            "tick-snowflake",
            "checksummed-id",
            "id-text",
            "serde_json",
        ],
    ),
];

/// The crates of the database features (`postgres`, `sqlx-*`, `sqlx08-*` with MySQL's, `rusqlite`,
/// `diesel-*`, `sea-orm`), which every time-ordered format may depend on besides its own list:
/// the drivers' traits live there. sqlx 0.8's crates are listed under their own names, which
/// `cargo tree` shows for both releases.
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
/// `schemars`, `utoipa`, `borsh`) and of the date-time features (`chrono`, `time`, `jiff`), which every
/// time-ordered format may depend on besides its own list.
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
    for (krate, allowed) in ALLOWED {
        let spec = spec(krate);
        let direct = tree(
            root,
            "normal",
            &["-p", &spec, "--all-features", "--depth", "1"],
        )?;
        for dependency in direct.iter().skip(1) {
            let name = dependency.split(' ').next().unwrap_or_default();
            let optional = NO_STD_FORMATS.contains(krate)
                && (DATABASES.contains(&name) || TRAIT_FEATURES.contains(&name));
            if !allowed.contains(&name) && !optional {
                problems.push(format!(
                    "{krate} depends on {dependency}, which is not allowed"
                ));
            }
        }
        let all = tree(root, "normal", &["-p", &spec, "--all-features"])?;
        for other in workspace_formats(&all) {
            if other != *krate && !allowed.contains(&package(other).as_str()) {
                problems.push(format!("{krate} pulls in the format crate {other}"));
            }
        }
        println!(
            "deps: {krate}: {} direct dependencies, all allowed",
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
