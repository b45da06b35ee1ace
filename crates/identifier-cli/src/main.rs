//! `identifier`: generate, inspect and verify identifiers from the command line.
#![forbid(unsafe_code)]

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

mod content;
mod generate;
mod inspect;
mod rfc3339;

/// Generate, inspect and verify ULIDs, UUIDv7s, ObjectIds, Snowflake ids and checksummed
/// codes, and derive content ids from JSON.
#[derive(Parser)]
#[command(name = "identifier", version, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

const EXAMPLES: &str = "\
Examples:
  identifier ulid -n 3                      three ULIDs, strictly increasing
  identifier uuid7 --at 1645557742000       a UUIDv7 for an explicit Unix millisecond
  identifier snowflake --worker-id 7 -n 2   two Snowflake ids from worker 7
  identifier checksummed --length 8         a code like 7K3M-9QPA-X
  identifier verify H88C-MK9B-VJ1V-P        check a code (exit status 1 if invalid)
  identifier inspect 01ARZ3NDEKTSV4RRFFQ69G5FAV
  echo '{\"a\": [1, 2]}' | identifier content-id";

#[derive(Subcommand)]
enum Command {
    /// ULIDs: 48-bit millisecond timestamp, 80-bit counter, 26 Crockford Base32 characters.
    Ulid(TimeOrdered),
    /// UUIDv7s (RFC 9562): 48-bit millisecond timestamp, 74-bit counter.
    Uuid7(TimeOrdered),
    /// ObjectIds: 32-bit seconds, 64-bit counter, 24 lower-case hex characters.
    ///
    /// With --at, the timestamp is in seconds.
    Objectid(TimeOrdered),
    /// Snowflake ids: milliseconds since 2024-01-01, 10-bit worker id, 12-bit sequence.
    Snowflake {
        /// This process's worker id, 0 to 1023; no two processes may share one.
        #[arg(long)]
        worker_id: u16,
        #[command(flatten)]
        options: TimeOrdered,
    },
    /// Random Crockford Base32 codes with a check symbol, for humans to read and type.
    Checksummed {
        /// Payload symbols, before the check symbol.
        #[arg(long, default_value_t = 12)]
        length: usize,
        /// Symbols between separators; 0 for none.
        #[arg(long, default_value_t = 4)]
        group_size: usize,
        /// The separator; not a Crockford symbol.
        #[arg(long, default_value_t = '-')]
        sep: char,
        /// How many codes.
        #[arg(short = 'n', long = "count", default_value_t = 1)]
        count: usize,
    },
    /// Check checksummed codes: one line each; exit status 1 if any is invalid.
    Verify {
        /// The codes.
        #[arg(required = true)]
        codes: Vec<String>,
        /// The separator the codes use.
        #[arg(long, default_value_t = '-')]
        sep: char,
    },
    /// Tell what identifiers are and what they hold: format, timestamp, fields.
    ///
    /// Recognizes ULIDs, UUIDv7s, ObjectIds, Snowflake ids (decimal) and checksummed codes.
    Inspect {
        /// The identifiers.
        #[arg(required = true)]
        ids: Vec<String>,
        /// One JSON object a line.
        #[arg(long)]
        json: bool,
    },
    /// The content id of a JSON document: the same id as `content_id::generate(&Serde(&value))`.
    ContentId {
        /// Hex characters of the id: even, 2 to 128.
        #[arg(long, default_value_t = 64, conflicts_with = "uuid5")]
        length: usize,
        /// A UUIDv5 of the content instead of a hex id.
        #[arg(long)]
        uuid5: bool,
        /// The JSON file; `-` or nothing for standard input.
        file: Option<PathBuf>,
    },
}

/// Options shared by the time-ordered formats.
#[derive(Args)]
struct TimeOrdered {
    /// How many ids: all from one `fill` (one clock read), strictly increasing.
    #[arg(short = 'n', long = "count", default_value_t = 1)]
    count: usize,
    /// An explicit timestamp (milliseconds since the Unix epoch; seconds for objectid). Each
    /// id then gets a fresh random counter (Snowflake: the generator's sequence).
    #[arg(long, value_name = "TIMESTAMP")]
    at: Option<u64>,
}

/// Why a command did not succeed.
enum Failure {
    /// A message for standard error; exit status 1.
    Error(String),
    /// Something was printed and judged (an invalid code or id); exit status 1.
    Rejected,
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Self {
        Failure::Error(error.to_string())
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = run(cli.command, &mut out).and_then(|()| out.flush().map_err(Failure::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Rejected) => ExitCode::FAILURE,
        // A reader that stops early (`| head`) is not an error of ours.
        Err(Failure::Error(_)) if pipe_closed(&mut out) => ExitCode::SUCCESS,
        Err(Failure::Error(message)) => {
            eprintln!("identifier: error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn pipe_closed(out: &mut impl Write) -> bool {
    matches!(out.flush(), Err(e) if e.kind() == io::ErrorKind::BrokenPipe)
}

fn run(command: Command, out: &mut impl Write) -> Result<(), Failure> {
    match command {
        Command::Ulid(o) => generate::ulids(o.count, o.at, out),
        Command::Uuid7(o) => generate::uuid7s(o.count, o.at, out),
        Command::Objectid(o) => generate::object_ids(o.count, o.at, out),
        Command::Snowflake { worker_id, options } => {
            generate::snowflakes(worker_id, options.count, options.at, out)
        }
        Command::Checksummed {
            length,
            group_size,
            sep,
            count,
        } => generate::checksummed(
            &checksummed_id::Options {
                length,
                group_size,
                sep,
            },
            count,
            out,
        ),
        Command::Verify { codes, sep } => generate::verify(&codes, sep, out),
        Command::Inspect { ids, json } => inspect::run(&ids, json, out),
        Command::ContentId {
            length,
            uuid5,
            file,
        } => content::run(file.as_deref(), length, uuid5, out),
    }
}
