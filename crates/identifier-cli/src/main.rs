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
    Ulid(CountAndTimestamp),
    /// UUIDv7s (RFC 9562): 48-bit millisecond timestamp, 74-bit counter.
    Uuid7(CountAndTimestamp),
    /// ObjectIds: 32-bit seconds, 64-bit counter, 24 lower-case hex characters.
    ///
    /// With --at, the timestamp is in seconds.
    Objectid(CountAndTimestamp),
    /// Snowflake ids: milliseconds since 2024-01-01, 10-bit worker id, 12-bit sequence.
    Snowflake {
        /// This process's worker id, 0 to 1023; no two processes may share one.
        #[arg(long, value_parser = worker_id)]
        worker_id: u16,
        #[command(flatten)]
        options: CountAndTimestamp,
    },
    /// Random Crockford Base32 codes with a check symbol, for humans to read and type.
    Checksummed {
        /// Payload symbols, before the check symbol.
        #[arg(long, default_value_t = 12, value_parser = size)]
        length: usize,
        /// Symbols between separators; 0 for none.
        #[arg(long, default_value_t = 4, value_parser = size)]
        group_size: usize,
        /// The separator; not a Crockford symbol.
        #[arg(long, default_value_t = '-')]
        sep: char,
        /// How many codes, 0 to 18446744073709551615; written as they are made, so a reader
        /// may stop early (`| head`).
        #[arg(short = 'n', long = "count", default_value_t = 1, value_parser = decimal)]
        count: u64,
    },
    /// Check checksummed codes: one line each; exit status 1 if any is invalid.
    ///
    /// Control characters and other unprintable characters in a code are shown escaped
    /// (`\n`, `\u{9b}`), as are `\`, `'` and `"`.
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
    /// Recognizes ULIDs, UUIDv7s, ObjectIds, Snowflake ids (decimal) and checksummed codes
    /// (separated by `-`). Every format's parser is asked, and the first that accepts the id
    /// names its format, in the order ULID, UUIDv7, ObjectId, Snowflake, checksummed; any
    /// other format that accepts it too is listed under `also_valid_as`. An id that none
    /// accepts is shown with each format's reason.
    ///
    /// The timestamp is in RFC 3339 (UTC, milliseconds), `2016-07-30T23:54:10.259Z`. RFC 3339
    /// has four-digit years only: a timestamp after the year 9999 (ULIDs and UUIDv7s reach
    /// 10889) is written in ISO 8601's expanded form, with a sign and five digits,
    /// `+10889-08-02T05:31:50.655Z`, and the human output says so after it.
    ///
    /// Control characters and other unprintable characters in an id are shown escaped
    /// (`\n`, `\u{9b}`), as are `\`, `'` and `"`; in JSON they are `\u` escapes.
    Inspect {
        /// The identifiers.
        #[arg(required = true)]
        ids: Vec<String>,
        /// One JSON object a line.
        #[arg(long)]
        json: bool,
    },
    /// The content id of a JSON document, read as a stream.
    ///
    /// The same id as `content_id::json::generate_from_reader`, and as
    /// `content_id::generate(&Serde(&value))` of the document's `serde_json::Value` wherever
    /// serde_json reads the document without loss (no duplicate keys, no integer beyond 64
    /// bits, no float that underflows to 0, no -0).
    ///
    /// Memory: the document is never held. Besides the command's own few MB and a 64 KiB
    /// read buffer, it keeps the longest string or number of the document; 1 byte for each
    /// array and at most 250 bytes for each object open around the current position; and
    /// for each key read so far in the objects still open, 16 bytes, and 32 more once its
    /// value is read (at most 91 in all in an object of more than 16 keys). A chain of
    /// objects {"a":{"a":... costs 76 bytes a level, its keys included. These are held in
    /// stacks and tables that grow by doubling, so up to twice as much may be allocated.
    /// --max-depth bounds the nesting (at most 2.5 MB at the default depth); only the size of
    /// the document bounds the keys, each of which takes at least 5 of its bytes (`"":0,`).
    ///
    /// Rules (an error, with its line, column and byte offset, for what breaks them):
    ///
    /// * Strict JSON (RFC 8259): one value with only whitespace around it; no comments, no
    ///   trailing commas, no byte order mark, no NaN or Infinity, no leading zeros.
    ///
    /// * Strings are valid UTF-8, with no raw control characters (U+0000 to U+001F) and no
    ///   lone surrogates in \u escapes.
    ///
    /// * A key may appear only once in an object: a duplicate key is an error, never
    ///   silently dropped.
    ///
    /// * A number without fraction or exponent is an integer of any size from -2^127 to
    ///   2^128-1, hashed by its value; outside that range it is an error. -0 is the integer
    ///   0.
    ///
    /// * A number with a fraction or an exponent is the nearest f64 (correctly rounded), so
    ///   1.0 is not 1 and -0.0 is 0.0; one that overflows to infinity, or that is not zero
    ///   but rounds to 0.0 (1e-400), is an error.
    ///
    /// * At most --max-depth arrays and objects inside one another.
    ///
    /// * Key order and whitespace do not matter.
    ContentId {
        /// Hex characters of the id: even, 2 to 128. Checked before the input is read.
        #[arg(long, default_value_t = 64, conflicts_with = "uuid5")]
        length: usize,
        /// A UUIDv5 of the content instead of a hex id.
        #[arg(long)]
        uuid5: bool,
        /// How many arrays and objects may be open at once, one inside the other (the
        /// top-level one is at depth 1); a document nested deeper is an error that gives the
        /// depth and the byte offset. 0 allows only a scalar.
        #[arg(
            long,
            value_name = "N",
            default_value_t = content_id::json::DEFAULT_MAX_DEPTH,
            value_parser = size
        )]
        max_depth: usize,
        /// The JSON file; `-` or nothing for standard input.
        file: Option<PathBuf>,
    },
}

/// The options of the subcommands that generate time-ordered ids: how many, and when.
#[derive(Args)]
struct CountAndTimestamp {
    /// How many ids, 0 to 18446744073709551615, strictly increasing. They are made and
    /// written 1024 at a time (each 1024 from one clock reading), so memory does not grow
    /// with the count and a reader may stop early (`| head`).
    #[arg(short = 'n', long = "count", default_value_t = 1, value_parser = decimal)]
    count: u64,
    /// An explicit timestamp (milliseconds since the Unix epoch; seconds for objectid). Each
    /// id then gets a fresh random counter (Snowflake: the generator's sequence).
    #[arg(long, value_name = "TIMESTAMP", value_parser = decimal)]
    at: Option<u64>,
}

/// What a number on the command line is written with: ASCII digits only, as the formats'
/// own parsers read numbers (the standard library's would also take a leading `+`).
const DIGITS_ONLY: &str =
    "expected a decimal number of ASCII digits 0-9 only (no sign, space or separator)";

/// A `u64` written in ASCII digits.
fn decimal(text: &str) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(DIGITS_ONLY.into());
    }
    text.parse()
        .map_err(|_| format!("out of range: at most {}", u64::MAX))
}

/// A `usize` written in ASCII digits.
fn size(text: &str) -> Result<usize, String> {
    usize::try_from(decimal(text)?).map_err(|_| format!("out of range: at most {}", usize::MAX))
}

/// A worker id written in ASCII digits. Values from 1024 to 65535 get the Snowflake crate's
/// own range error when the generator is made.
fn worker_id(text: &str) -> Result<u16, String> {
    u16::try_from(decimal(text)?)
        .map_err(|_| "out of range: a Snowflake worker id is 0 to 1023".into())
}

/// Why a command did not succeed.
enum Failure {
    /// A message for standard error; exit status 1.
    Error(String),
    /// Something was printed and judged (an invalid code or id); exit status 1.
    Rejected,
    /// The reader of standard output went away (`| head`): not an error of ours. The command
    /// stops writing and exits with status 0.
    OutputClosed,
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Self {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Failure::OutputClosed
        } else {
            Failure::Error(error.to_string())
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = run(cli.command, &mut out).and_then(|()| out.flush().map_err(Failure::from));
    match result {
        Ok(()) | Err(Failure::OutputClosed) => ExitCode::SUCCESS,
        Err(Failure::Rejected) => ExitCode::FAILURE,
        Err(Failure::Error(message)) => {
            eprintln!("identifier: error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `text` for a line of human output: control characters and every other character Rust
/// would not print as it is are escaped (`\n`, `\u{9b}`), and so are `\`, `'` and `"`, so that
/// no input can end a line or forge one.
fn escaped(text: &str) -> std::str::EscapeDebug<'_> {
    text.escape_debug()
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
            max_depth,
            file,
        } => content::run(
            file.as_deref(),
            length,
            uuid5,
            &content_id::json::Limits { max_depth },
            out,
        ),
    }
}
