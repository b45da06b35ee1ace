//! Repository tasks, run as `cargo xtask <task>`.
//!
//! - `golden`: rewrite `golden/*.json` from deterministic inputs.
//! - `golden --check`: fail if any file in `golden/` differs from what `golden` would write.

use std::process::ExitCode;

mod golden;

const USAGE: &str = "usage: cargo xtask golden [--check]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args.as_slice() {
        ["golden"] => golden::run(golden::Mode::Write),
        ["golden", "--check"] => golden::run(golden::Mode::Check),
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
