//! Repository tasks, run as `cargo xtask <task>`.
//!
//! - `test [CARGO_ARGS] [-- TEST_ARGS]`: the README's test command. Checks for the programs the
//!   tests run besides cargo (installing them with apt-get as root), builds the tests as
//!   `cargo test --workspace --all-features --locked` does, and runs the test binaries and
//!   the doctests a few at a time.
//! - `golden`: rewrite `golden/*.json` from deterministic inputs.
//! - `golden --check`: fail if any file in `golden/` differs from what `golden` would write.
//! - `deps`: each crate depends only on what README.md's table of crates allows (the table is
//!   read: it is the one list), and the umbrella crate with one format's feature compiles no
//!   other format.
//! - `msrv`: no locked dependency of a library crate needs a newer Rust than `rust-version`.
//! - `bench-report`: write `BENCHMARKS.md` and `benchmarks.svg` from criterion's results.
//! - `bench-gate [--update]`: instructions per operation beside the peers' (valgrind), held
//!   to the goals and to `benches/gate-baseline.txt`.
//! - `man [--check]`: the `identifier` command's man pages, as `identifier man --out-dir`
//!   writes them, into `crates/identifier-cli/man/`.
//! - `web`: the id inspector page into `target/web/` (`index.html`, one JavaScript file, the
//!   wasm), installing the wasm32 target, the locked wasm-bindgen command and wasm-opt when
//!   missing; `test` builds it first, for the page's browser test.
//! - `db-test`: the database tests alone, against a real PostgreSQL and SQLite.
//! - `db-bench [--rows N] [--app-rows N] [--app-seconds S] [--connections C] [--postgres-18]
//!   [--write]`: primary keys of each kind in PostgreSQL B-trees, measured in a bulk load and
//!   as applications write; prints the report, and with `--write` puts it into BENCHMARKS.md
//!   and its charts. `--postgres-18` runs on PostgreSQL 18 from PyPI (`target/pg18-venv`).
//!   Runs `benches/examples/db-bench/`.
//! - `contention-runs [--runs N] [--write]`: the contention benchmark's ULID rows at 4 and 8
//!   threads, run N times (10), each beside the cost of a cache-line move at the time; prints
//!   the table, and with `--write` puts it into BENCHMARKS.md. Runs
//!   `benches/examples/contention-runs.rs`.
//!
//! The two measurements are examples of the `benches` package, built on demand with its
//! database client and test helpers, so that xtask itself builds in seconds.

use std::process::ExitCode;

mod bench_gate;
mod bench_report;
mod deps;
mod golden;
mod man;
mod msrv;
mod system;
mod test;
mod test_runner;
mod web;

const USAGE: &str = "usage: cargo xtask test [CARGO_ARGS] [-- TEST_ARGS] | golden [--check] | deps | msrv | bench-report | bench-gate [--update] | man [--check] | web | db-test | db-bench [--rows N] [--app-rows N] [--app-seconds S] [--connections C] [--postgres-18] [--write] | contention-runs [--runs N] [--write]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args.as_slice() {
        ["test", rest @ ..] => test::run(&workspace_root(), rest),
        ["golden"] => golden::run(&workspace_root(), golden::Mode::Write),
        ["golden", "--check"] => golden::run(&workspace_root(), golden::Mode::Check),
        ["deps"] => deps::run(&workspace_root()),
        ["msrv"] => msrv::run(&workspace_root()),
        ["bench-report"] => bench_report::run(&workspace_root()),
        ["bench-gate"] => bench_gate::run(&workspace_root(), false),
        ["bench-gate", "--update"] => bench_gate::run(&workspace_root(), true),
        ["db-test"] => db_test(&workspace_root()),
        ["man"] => man::run(&workspace_root(), false),
        ["man", "--check"] => man::run(&workspace_root(), true),
        ["web"] => web::run(&workspace_root()),
        ["db-bench", rest @ ..] => example(&workspace_root(), "db-bench", rest),
        ["contention-runs", rest @ ..] => example(&workspace_root(), "contention-runs", rest),
        _ => Err(USAGE.to_owned()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The tests that need a database: the drivers' round trips (the umbrella's tests, each binary
/// with its own throwaway PostgreSQL cluster), then the index measurement's structural tests
/// (the `db-bench` example's).
fn db_test(root: &std::path::Path) -> Result<(), String> {
    for args in [
        &[
            "test",
            "-p",
            "tick-identifier",
            "--all-features",
            "--test",
            "postgres",
            "--test",
            "sqlx_postgres",
            "--test",
            "sqlx_sqlite",
            "--test",
            "sqlx08_postgres",
            "--test",
            "sqlx08_sqlite",
            "--test",
            "diesel_postgres",
            "--test",
            "diesel_sqlite",
            "--test",
            "rusqlite",
        ][..],
        &["test", "-p", "benches", "--example", "db-bench"][..],
    ] {
        let status = std::process::Command::new(env!("CARGO"))
            .current_dir(root)
            .args(args)
            .status()
            .map_err(|e| format!("cargo {}: {e}", args.join(" ")))?;
        if !status.success() {
            return Err(format!("cargo {} failed", args.join(" ")));
        }
    }
    Ok(())
}

/// Runs the example `name` of the `benches` package with `args`, from the workspace. A debug
/// build: db-bench's report describes its client as one, and the tests build the same.
fn example(root: &std::path::Path, name: &str, args: &[&str]) -> Result<(), String> {
    let status = std::process::Command::new(env!("CARGO"))
        .current_dir(root)
        .args(["run", "-p", "benches", "--example", name, "--"])
        .args(args)
        .status()
        .map_err(|e| format!("cargo run --example {name}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{name} failed ({status})"))
    }
}

/// The folder of the workspace's `Cargo.toml`.
fn workspace_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(std::path::Path::to_path_buf)
        .unwrap_or_default()
}

/// `Ok` if there are no problems, else an error: `heading`, then the problems, one a line.
fn report(heading: &str, problems: &[String]) -> Result<(), String> {
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{heading}:\n  {}", problems.join("\n  ")))
    }
}

/// The path of the executable named `name` in the output of `cargo build
/// --message-format=json`.
fn executable(messages: &str, name: &str) -> Result<std::path::PathBuf, String> {
    messages
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|message| message["reason"] == "compiler-artifact")
        .filter(|message| message["target"]["name"] == name)
        .find_map(|message| message["executable"].as_str().map(std::path::PathBuf::from))
        .ok_or_else(|| format!("cargo built no executable named {name:?}"))
}

use benches::workspace::{cargo, target_dir};

#[cfg(test)]
mod executable_tests {
    /// Lines in the form cargo documents for `--message-format=json` ("JSON messages" in the
    /// cargo book): the library artifact has no executable, the example has one.
    #[test]
    fn the_executable_is_the_one_cargo_names_not_a_guess_under_target() {
        let messages = [
            r#"{"reason":"compiler-artifact","target":{"name":"benches","kind":["lib"]},"executable":null}"#,
            r#"{"reason":"compiler-artifact","target":{"name":"gate","kind":["example"]},"executable":"/elsewhere/release/examples/gate"}"#,
            r#"{"reason":"build-finished","success":true}"#,
        ]
        .join("\n");
        assert_eq!(
            super::executable(&messages, "gate"),
            Ok(std::path::PathBuf::from("/elsewhere/release/examples/gate"))
        );
        assert_eq!(
            super::executable(&messages, "benches"),
            Err("cargo built no executable named \"benches\"".into())
        );
    }
}
