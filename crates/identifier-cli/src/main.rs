//! `identifier`: generate, inspect and verify identifiers from the command line.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    identifier_cli::main()
}
