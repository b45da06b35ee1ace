//! `db-bench` (run as `cargo xtask db-bench`): what each kind of primary key does to a
//! PostgreSQL B-tree, measured on throwaway servers in two shapes: a bulk load ([`bulk`]), and
//! single-row inserts from several connections into a table whose index is larger than the
//! shared buffers ([`app`]). The run prints its part of the "In PostgreSQL" section of
//! BENCHMARKS.md; `--write` puts it into the file and rewrites its charts ([`publish`]).
//! `--postgres-18` runs the same on PostgreSQL 18 from PyPI ([`pg18`]), which adds the
//! server-side `uuidv7()` and `uuidv4()`.
//!
//! Flags: `--rows N` (bulk load, default 1,000,000), `--app-rows N` (preload of the other
//! shape, default [`app::DEFAULT_ROWS`]), `--app-seconds S` (its timed phase, default 20),
//! `--connections C` (its writers, default 4), `--postgres-18`, `--write`.

mod app;
mod bulk;
mod pg18;
mod report;
mod server;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use benches::sections::{self, DB_BENCH};
use snowflake::SnowflakeId;

use report::Measurement;
use server::Server;

const USAGE: &str = "usage: cargo xtask db-bench [--rows N] [--app-rows N] [--app-seconds S] \
                     [--connections C] [--postgres-18] [--write]";

fn main() -> ExitCode {
    let Some(args) = benches::workspace::arguments(USAGE) else {
        return ExitCode::SUCCESS;
    };
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match run_command(&workspace_root(), &args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("db-bench: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The folder of the workspace's `Cargo.toml`, where BENCHMARKS.md and the charts are.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// The command's flags.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Options {
    /// Rows of the bulk load.
    pub(crate) rows: usize,
    pub(crate) app: app::Shape,
    pub(crate) postgres_18: bool,
    /// Rewrite BENCHMARKS.md's section and the charts; without it, only print.
    pub(crate) write: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            rows: 1_000_000,
            app: app::Shape::default(),
            postgres_18: false,
            write: false,
        }
    }
}

impl Options {
    /// The flags in `args`, or an error that says which flag was wrong and what it takes.
    pub(crate) fn parse(args: &[&str]) -> Result<Options, String> {
        let mut options = Options::default();
        let mut args = args.iter();
        while let Some(&flag) = args.next() {
            match flag {
                "--write" => options.write = true,
                "--postgres-18" => options.postgres_18 = true,
                "--rows" | "--app-rows" | "--app-seconds" | "--connections" => {
                    let expected = match flag {
                        "--rows" | "--app-rows" => "a number of rows, at least 1",
                        "--app-seconds" => "a number of seconds above 0, such as 20 or 0.5",
                        _ => {
                            "a number of connections from 1 to 1023 (one Snowflake worker id each)"
                        }
                    };
                    let value = args
                        .next()
                        .ok_or_else(|| format!("{flag} needs a value: {expected}"))?;
                    let wrong = || format!("{flag} takes {expected}, not {value:?}");
                    let digits = value.replace('_', "");
                    match flag {
                        "--rows" | "--app-rows" => {
                            let rows: usize = digits.parse().map_err(|_| wrong())?;
                            if rows == 0 {
                                return Err(wrong());
                            }
                            if flag == "--rows" {
                                options.rows = rows;
                            } else {
                                options.app.rows = rows;
                            }
                        }
                        "--app-seconds" => {
                            let seconds: f64 = digits.parse().map_err(|_| wrong())?;
                            options.app.duration =
                                Duration::try_from_secs_f64(seconds).map_err(|_| wrong())?;
                            if options.app.duration.is_zero() {
                                return Err(wrong());
                            }
                        }
                        _ => {
                            let connections: u16 = digits.parse().map_err(|_| wrong())?;
                            if !(1..=SnowflakeId::MAX_WORKER_ID).contains(&connections) {
                                return Err(wrong());
                            }
                            options.app.connections = connections;
                        }
                    }
                }
                _ => return Err(format!("unknown argument {flag:?}\n{USAGE}")),
            }
        }
        Ok(options)
    }
}

/// Both shapes, one after the other, on throwaway servers of `server`'s binaries.
pub(crate) fn measure(server: &Server, options: &Options) -> Result<Measurement, String> {
    Ok(Measurement {
        postgres_18: server.is_18(),
        bulk: bulk::measure(server, options.rows)?,
        app: app::measure(server, &options.app)?,
    })
}

/// Measures on the server `args` choose, prints the report, and writes it with `--write`.
fn run_command(root: &Path, args: &[&str]) -> Result<(), String> {
    let options = Options::parse(args)?;
    let server = if options.postgres_18 {
        Server::Postgres18(pg18::bindir(root)?)
    } else {
        Server::Debian
    };
    let measurement = measure(&server, &options)?;
    println!("{}", report::subsection(&measurement));
    for written in publish(root, &options, &measurement)? {
        eprintln!("wrote {written}");
    }
    if !options.write {
        eprintln!("BENCHMARKS.md and the charts unchanged: --write rewrites them");
    }
    Ok(())
}

/// With `--write`: this server's part of the section in BENCHMARKS.md (the other server's
/// part and the rest of the file kept) and its charts. Returns the names of the files written,
/// none without `--write`.
pub(crate) fn publish(
    root: &Path,
    options: &Options,
    measurement: &Measurement,
) -> Result<Vec<String>, String> {
    if !options.write {
        return Ok(Vec::new());
    }
    let path = root.join("BENCHMARKS.md");
    let old = std::fs::read_to_string(&path).unwrap_or_default();
    let section = report::section(
        sections::section(&old, DB_BENCH),
        measurement.postgres_18,
        &report::subsection(measurement),
    );
    std::fs::write(&path, sections::with_section(&old, DB_BENCH, &section))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut written = vec![format!("the section \"{DB_BENCH}\" of BENCHMARKS.md")];
    let charts = report::charts(measurement.postgres_18);
    for (name, svg) in [
        (charts.bulk, measurement.bulk.svg()),
        (charts.app, measurement.app.svg()),
    ] {
        std::fs::write(root.join(name), svg).map_err(|e| format!("{name}: {e}"))?;
        written.push(name.to_owned());
    }
    Ok(written)
}

#[cfg(test)]
mod tests;
