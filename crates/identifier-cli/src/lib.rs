//! The `identifier` command: generate, inspect and verify identifiers from the command line.
//!
//! The binary calls [`main`]; [`command`] is the command's clap definition, for tools that
//! render its help in other forms (the command writes its own man pages, `identifier man`,
//! and shell completions, `identifier completions`).
#![forbid(unsafe_code)]

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
#[cfg(feature = "lease")]
use std::time::Duration;

use clap::{ArgGroup, Args, CommandFactory, Parser, Subcommand};

mod content;
mod convert;
mod generate;
mod inspect;
mod lines;
mod man;

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
  identifier objectid --at 2024-01-01T00:00:00Z
                                            an ObjectId for an explicit date-time
  identifier snowflake --worker-id 7 -n 2   two Snowflake ids from worker 7
  identifier snowflake --lease 'host=/run/postgresql dbname=app' --forever --rate 100
                                            100 ids a second under a worker id leased from
                                            a PostgreSQL table, until interrupted
  identifier ulid --policy                  how ULIDs are made: layout, clock, counter
  identifier uuid7 --min-at 2024-01-01T00:00:00Z --max-at 2024-01-01T23:59:59.999Z
                                            the smallest and the largest UUIDv7 of a day,
                                            for WHERE id BETWEEN ... AND ...
  identifier convert --to uuid7 01ARZ3NDEKTSV4RRFFQ69G5FAV
                                            a ULID as an RFC 9562 UUIDv7
  identifier checksummed --length 8         a code like 7K3M-9QPA-X
  identifier verify H88C-MK9B-VJ1V-P        check a code (exit status 1 if invalid)
  identifier inspect 01ARZ3NDEKTSV4RRFFQ69G5FAV
  identifier inspect --layout discord 175928847299117063
                                            a Snowflake id of another layout
  cut -f1 ids.tsv | identifier inspect --json
                                            one id a line from standard input
  echo '{\"a\": [1, 2]}' | identifier content-id
  identifier completions bash > ~/.local/share/bash-completion/completions/identifier
  identifier man --out-dir ~/.local/share/man/man1
                                            the man pages, for `man identifier-inspect`

Install from a checkout of the repository (into ~/.cargo/bin):
  cargo install --locked --path crates/identifier-cli
Without snowflake --lease, whose database clients and tokio take most of the build time:
  cargo install --locked --path crates/identifier-cli --no-default-features";

/// The long help of `inspect`.
const INSPECT_ABOUT: &str = "\
Tell what identifiers are and what they hold: format, timestamp, fields.

Recognizes ULIDs, UUIDs of every version (1 to 8, and the nil and max UUIDs), ObjectIds, \
Snowflake ids (decimal) and checksummed codes (separated by `-`). Every format's parser is \
asked, and the first that accepts the id names its format, in the order ULID, UUID, ObjectId, \
Snowflake, checksummed; any other format that accepts it too is listed under `also_valid_as`. \
An id that none accepts is shown with each format's reason, and the exit status is 1.

UUIDs are read hyphenated, braced ({...}), as URNs (urn:uuid:...) or as 32 hex digits, in any \
case; the output names the form, and notes upper-case digits (RFC 9562 writes lower case). \
For each version: v1 and v6, the timestamp (100-ns intervals since 1582-10-15, also in RFC \
3339), clock sequence and node; v2 (DCE security), the local domain and id, and the \
timestamp whose low 32 bits the local id replaced; v3 and v5, name-based (MD5, SHA-1); v4, \
random; v7, the Unix millisecond and the 74 bits after it; v8, custom. ObjectIds are read in \
any case too.

The low bits of ULIDs, UUIDv7s and ObjectIds are labelled `random or counter`: this crate's \
generators count in them from a random start, others fill them with random bits, and the two \
cannot be told apart.

Snowflake ids are read in this crate's layout unless --layout names another. Nothing in a \
number tells its layout, so the report names the other known layouts (twitter, discord, \
instagram, sonyflake, mastodon) under which its date is plausible (from the day the \
generator's ids began, its epoch or 2016 for mastodon, to a day from now), with those dates. An id whose date under this crate's layout is plausible too lists them under \
`also_plausible_as`: a Discord id such as 175928847299117063 reads as 2025-04-30 under this \
crate's layout, and as 2016-04-30T11:18:25.796Z under discord. An id whose date would be in \
the future gets a warning, and lists them under `plausible_layouts`. A number below 2^22, \
whose timestamp would be the epoch itself, gets a warning instead.

With `-`, or no id while standard input is not a terminal, the ids are read from standard \
input, one a line, and each report is written as its line is read, in constant memory. An id \
that is not recognized is reported with its line number, `line 17: ...` (in JSON, every \
object has the key `line`); so is a line that is not UTF-8 or longer than 4096 bytes, and the \
lines after it are read on. Exit status: 0 if every id was recognized, 1 otherwise.

The timestamp is in RFC 3339 (UTC, milliseconds; 100 ns for UUIDv1, v2 and v6), \
`2016-07-30T23:54:10.259Z`. RFC 3339 has four-digit years only: a timestamp after the year \
9999 (ULIDs and UUIDv7s reach 10889) is written in ISO 8601's expanded form, with a sign and \
five digits, `+10889-08-02T05:31:50.655Z`, and the human output says so after it.

Control characters and other unprintable characters in an id are shown escaped (`\\n`, \
`\\u{9b}`), as are `\\`, `'` and `\"`; in JSON they are `\\u` escapes.";

/// The JSON schema of `inspect --json`, after its long help.
const INSPECT_JSON: &str = "\
JSON keys (one object a line; keys that do not apply are absent):
  every object:    id (string, as given), line (integer, from standard input only)
  recognized:      format (string: ULID, UUIDv1 ... UUIDv8, UUID, nil UUID, max UUID,
                   ObjectId, Snowflake, checksummed), also_valid_as (array of strings)
  timestamps:      timestamp (string, RFC 3339), timestamp_ms (integer, Unix ms; negative
                   before 1970 for UUIDv1/v2/v6)
  with --policy:   generator_policy (object, for ULIDs, UUIDv7s, ObjectIds and Snowflake
                   ids of this crate's layout)
  ULID:            counter (string, 0x and 20 hex digits)
  UUID:            form (string: hyphenated, braced, urn, simple), note (string, for
                   upper case), canonical (string), version (integer), variant (string),
                   contents (string)
  UUIDv1, v6:      timestamp_100ns (integer, since 1582-10-15), clock_sequence (integer),
                   node (string, xx:xx:xx:xx:xx:xx)
  UUIDv2:          local_domain (integer), local_id (integer), timestamp_100ns,
                   clock_sequence (integer, 6 bits), node
  UUIDv7:          counter (string, 0x and 19 hex digits)
  UUIDv8:          custom_a, custom_b, custom_c (strings, 0x and hex digits)
  ObjectId:        timestamp_s (integer), note (string, for upper case), counter (string,
                   0x and 16 hex digits), process_unique (string, 0x and 10 hex digits),
                   increment (integer)
  Snowflake:       layout (string), worker_id, sequence (integers, this crate's layout);
                   with --layout: epoch_ms (integer) and the layout's fields as integers
                   (twitter: datacenter_id, worker_id, sequence; discord: worker_id,
                   process_id, increment; instagram: shard_id, sequence; sonyflake:
                   sequence, machine_id; mastodon: sequence; custom: worker_id,
                   sequence); without --layout:
                   also_plausible_as (array of objects with layout and timestamp, strings),
                   or for a date in the future warning (string) and plausible_layouts (the
                   same array); warning alone for a number below 2^22
  checksummed:     payload (string), check_symbol (string)
  not recognized:  error (string: \"not an identifier\"), reasons (object: format -> string)
  unreadable line: line (integer), error (string: line N is not UTF-8, or too long)";

#[derive(Subcommand)]
enum Command {
    /// ULIDs: 48-bit millisecond timestamp, 80-bit counter, 26 Crockford Base32 characters.
    Ulid(CountAndTimestamp),
    /// UUIDv7s (RFC 9562): 48-bit millisecond timestamp, 74-bit counter.
    Uuid7(CountAndTimestamp),
    /// ObjectIds: 32-bit seconds, 64-bit counter, 24 lower-case hex characters.
    ///
    /// With --at, --min-at and --max-at, the timestamp is in seconds.
    // Whole seconds for --at, --min-at and --max-at: the format's unit.
    #[command(
        mut_arg("at", |at| at.value_parser(at_s)),
        mut_arg("min_at", |at| at.value_parser(at_s)),
        mut_arg("max_at", |at| at.value_parser(at_s))
    )]
    Objectid(CountAndTimestamp),
    /// Snowflake ids: milliseconds since 2024-01-01, 10-bit worker id, 12-bit sequence.
    ///
    /// The worker id is given (--worker-id) or leased (--lease): from a PostgreSQL or a
    /// MySQL/MariaDB table shared by many hosts, or from a directory shared by one host's
    /// processes.
    ///
    /// Exit status: 0 when done (or when the reader of standard output went away), 1 for an
    /// error (a lease that could not be acquired included), 2 for a usage error, 3 when a
    /// lease was lost or could not be renewed: the ids written until then are valid.
    #[cfg_attr(not(feature = "lease"), command(long_about = SNOWFLAKE_ABOUT))]
    // Any of the group: --min-at and --max-at go together; the others conflict by name.
    #[command(group(ArgGroup::new("worker").args(WORKER).required(true).multiple(true)))]
    Snowflake {
        /// This process's worker id, 0 to 1023; no two processes may share one.
        #[arg(
            long,
            value_parser = worker_id,
            conflicts_with_all = ["policy", "min_at", "max_at"]
        )]
        worker_id: Option<u16>,
        /// Lease the worker id instead of --worker-id, so that no two processes sharing the
        /// LOCATION use the same one at the same time. LOCATION is one of:
        ///
        /// A PostgreSQL connection string, as libpq reads it: a URL (postgresql://user@host/db)
        /// or key=value pairs (host=/run/postgresql dbname=app user=app; a host starting with /
        /// is the directory of a Unix socket). TLS as libpq's sslmode asks: disable, prefer
        /// (the default: TLS if the server offers it, unverified), require (TLS, unverified),
        /// verify-ca (the certificate checked against sslrootcert, a PEM file of the CA), or
        /// verify-full (the host name too; sslrootcert=system for the system's trust store);
        /// none over a Unix socket. The table is created if missing.
        ///
        /// A MySQL or MariaDB URL: mysql://user:password@host:port/database, with
        /// ?ssl-mode=DISABLED|PREFERRED|REQUIRED|VERIFY_CA|VERIFY_IDENTITY and ssl-ca=CA.pem
        /// as MySQL's clients name them. The table is created if missing.
        ///
        /// file:DIRECTORY: a directory of this host, on a local filesystem, shared by its
        /// processes (a lock file per worker id; a dead process's worker id is free at once).
        ///
        /// No worker id to be had (the server unreachable, every worker id held): exit
        /// status 1. Each id is written and flushed as soon as it is made. While the lease is
        /// not renewed in time (the server is slow or away), nothing is written and a line on
        /// standard error says so; if that lasts longer than the ttl, or another process takes
        /// the worker id over, the command stops with exit status 3. The lease is released
        /// at the end; an interrupted --forever run (Ctrl-C, kill) leaves its row to expire
        /// after the ttl, as a crash would.
        #[cfg(feature = "lease")]
        #[arg(
            long,
            value_name = "LOCATION",
            conflicts_with_all = ["worker_id", "policy", "at", "min_at", "max_at"]
        )]
        lease: Option<String>,
        /// The worker ids the lease may take, A-B (from A to B, both included, within 0 to
        /// 1023): for hosts that each lease from a directory of their own, or fleets that share
        /// one table, each with its share of the 1,024. Default: 0-1023.
        #[cfg(feature = "lease")]
        #[arg(
            long,
            value_name = "A-B",
            requires = "lease",
            conflicts_with_all = ["worker_id", "policy"],
            value_parser = worker_ids
        )]
        worker_ids: Option<core::ops::RangeInclusive<u16>>,
        /// The lease table of a database: `name`, or `schema.name` (PostgreSQL; a name without
        /// a schema is public's) or `database.name` (MySQL), of ASCII letters, digits and `_`.
        /// Default: snowflake_worker_lease.
        // `requires` alone lets --worker-id through: it conflicts with --lease, which makes
        // clap excuse the missing --lease.
        #[cfg(feature = "lease")]
        #[arg(
            long,
            value_name = "NAME",
            requires = "lease",
            conflicts_with_all = ["worker_id", "policy"]
        )]
        lease_table: Option<String>,
        /// How long the lease lasts after each renewal, in seconds: a decimal number such as
        /// 2 or 0.5, at least 0.3. Renewals run every ttl/3 (at least every 3.3 s), and the
        /// command stops serving a tenth of the ttl (at most 1 s) before the lease would end.
        /// The worker id of a process that died (or was interrupted) is free again a ttl after
        /// its last renewal. Default: 10.
        #[cfg(feature = "lease")]
        #[arg(
            long,
            value_name = "SECONDS",
            requires = "lease",
            conflicts_with_all = ["worker_id", "policy"],
            value_parser = seconds
        )]
        lease_ttl: Option<Duration>,
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
    /// Convert ULIDs and UUIDs into each other: the same 128 bits, or a ULID's RFC 9562 UUIDv7.
    ///
    /// Each id is a ULID (26 Crockford Base32 characters, either case) or a UUID (hyphenated,
    /// braced {...}, urn:uuid:... or 32 hex digits, either case), and its conversion is
    /// written on a line of its own, in the target's canonical text.
    ///
    /// With `-`, or no id while standard input is not a terminal, the ids are read from
    /// standard input, one a line, and each conversion is written as its line is read, in
    /// constant memory. An id that does not convert writes nothing to standard output: a line
    /// on standard error names it by its position (`line 17: ...`, or `argument 2: ...`) and
    /// says why, and the ids after it are converted on. Exit status: 0 if every id converted,
    /// 1 otherwise.
    Convert {
        /// What to convert to: uuid7, an RFC 9562 UUIDv7 (from a ULID: its timestamp, version
        /// 7, variant 10 and 74 of its 80 random bits, the top 12 and the low 62, as
        /// python-ulid's to_uuid7(compliant=True); the ULID cannot be had back; from a UUIDv7:
        /// itself); uuid, the UUID of the same 128 bits (lossless: what storing a ULID in a
        /// uuid column does; no UUIDv7 unless by chance); ulid, the ULID of the same 128 bits
        /// (from a ULID or any UUID: a uuid column's value back as the ULID stored in it).
        #[arg(long, value_enum, value_name = "TARGET")]
        to: ConvertTo,
        /// The ids; `-` (or none, from a pipe) to read them from standard input, one a line.
        ids: Vec<String>,
    },
    /// Check checksummed codes: one line each; exit status 1 if any is invalid.
    ///
    /// With `-`, or no code while standard input is not a terminal, the codes are read from
    /// standard input, one a line (a `\r` before the `\n` is dropped), and each verdict is
    /// written as its line is read, in constant memory. A line that is not valid is reported
    /// with its number, `line 17: CODE<TAB>invalid`, as is one that is not UTF-8 or longer
    /// than 4096 bytes, and the lines after it are read on.
    ///
    /// Control characters and other unprintable characters in a code are shown escaped
    /// (`\n`, `\u{9b}`), as are `\`, `'` and `"`.
    Verify {
        /// The codes; `-` (or none, from a pipe) to read them from standard input.
        codes: Vec<String>,
        /// The separator the codes use.
        #[arg(long, default_value_t = '-')]
        sep: char,
    },
    /// Tell what identifiers are and what they hold: format, timestamp, fields.
    #[command(long_about = INSPECT_ABOUT, after_long_help = INSPECT_JSON)]
    Inspect {
        /// The identifiers; `-` (or none, from a pipe) to read them from standard input, one
        /// a line.
        ids: Vec<String>,
        /// One JSON object a line, with the fields as named keys (see the JSON keys below).
        #[arg(long)]
        json: bool,
        /// With --json: for ULIDs, UUIDv7s, ObjectIds and Snowflake ids of this crate's
        /// layout, add the key `generator_policy`, how this crate's generator makes ids of the
        /// format, as `identifier ulid --policy` prints it (an id made by another generator may
        /// have been made otherwise). It is several times the size of the rest of a report.
        #[arg(long, requires = "json")]
        policy: bool,
        /// The layout of decimal Snowflake ids: this (this crate's: 41-bit ms since
        /// 2024-01-01, 10-bit worker, 12-bit sequence), twitter (41-bit ms since
        /// 1288834974657, 5-bit datacenter, 5-bit worker, 12-bit sequence), discord (ms since
        /// 2015-01-01, 5-bit worker, 5-bit process, 12-bit increment), instagram (41-bit ms
        /// since 1314220021721, 13-bit shard, 10-bit sequence), sonyflake (39 bits of 10 ms
        /// since 2014-09-01, 8-bit sequence, 16-bit machine id), mastodon (48-bit ms since
        /// the Unix epoch, 16-bit sequence), or custom:TIMESTAMP_BITS,WORKER_BITS,SEQUENCE_BITS
        /// (with --epoch). Without it, ids
        /// are read in this crate's layout, and the report names the other layouts under
        /// which the id's date is plausible, after a warning if its date under this crate's
        /// layout would be in the future.
        #[arg(long, value_name = "LAYOUT", value_parser = id_inspect::Layout::parse)]
        layout: Option<id_inspect::Layout>,
        /// The Unix millisecond the Snowflake timestamps count from: required with
        /// --layout custom:..., and overrides the epoch of any other layout.
        #[arg(long, value_name = "MS", value_parser = decimal, requires = "layout")]
        epoch: Option<u64>,
    },
    /// Shell completions: write the completion script of a shell to standard output.
    ///
    /// bash: `identifier completions bash > ~/.local/share/bash-completion/completions/identifier`;
    /// zsh: into a directory of $fpath as `_identifier`; fish: into
    /// ~/.config/fish/completions/identifier.fish; PowerShell: `identifier completions
    /// powershell | Out-String | Invoke-Expression` in $PROFILE; elvish: into
    /// ~/.config/elvish/lib and `use` it.
    Completions {
        /// The shell: bash, zsh, fish, powershell or elvish.
        shell: clap_complete::Shell,
    },
    /// Man pages: write the man page of the command or of a subcommand to standard output.
    ///
    /// The pages are in roff, rendered from the command's own help. With --out-dir, every
    /// page is written into a directory: `identifier man --out-dir ~/.local/share/man/man1`
    /// installs them for `man identifier` and `man identifier-inspect` (any man1 directory
    /// of the man path does; `manpath` lists them). `identifier man inspect | man -l -`
    /// reads one without installing it.
    Man {
        /// The subcommand whose page to write, identifier-SUBCOMMAND.1; none for the
        /// command's own, identifier.1.
        #[arg(value_parser = man::page_of, conflicts_with = "out_dir")]
        subcommand: Option<String>,
        /// Write every page into DIR (created if missing; files of the same name are
        /// overwritten): identifier.1 and one identifier-SUBCOMMAND.1 for each subcommand.
        /// The path of each file written is printed, one a line.
        #[arg(long, value_name = "DIR")]
        out_dir: Option<PathBuf>,
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

/// The arguments of `snowflake` of which one is required: where the worker id comes from, or
/// `--policy`, `--min-at` or `--max-at`, which generate nothing.
#[cfg(feature = "lease")]
const WORKER: [&str; 5] = ["worker_id", "lease", "policy", "min_at", "max_at"];
#[cfg(not(feature = "lease"))]
const WORKER: [&str; 4] = ["worker_id", "policy", "min_at", "max_at"];

/// The long help of `snowflake` in a build without `--lease`.
#[cfg(not(feature = "lease"))]
const SNOWFLAKE_ABOUT: &str = "\
Snowflake ids: milliseconds since 2024-01-01, 10-bit worker id, 12-bit sequence.

The worker id is given (--worker-id). This build has no --lease (a worker id leased from a \
PostgreSQL table): it was built without the `lease` feature.

Exit status: 0 when done (or when the reader of standard output went away), 1 for an error, \
2 for a usage error.";

/// The options of the subcommands that generate time-ordered ids: how many, when, how fast.
#[derive(Args)]
struct CountAndTimestamp {
    /// How many ids, 0 to 18446744073709551615, strictly increasing. They are made and
    /// written 1024 at a time (each 1024 from one clock reading), so memory does not grow
    /// with the count and a reader may stop early (`| head`); one at a time, each flushed,
    /// with --rate or --lease.
    #[arg(short = 'n', long = "count", default_value_t = 1, value_parser = decimal)]
    count: u64,
    /// Generate until interrupted (or until the reader of standard output goes away). With
    /// snowflake --lease, an interrupted run (Ctrl-C, kill) leaves its lease row to expire
    /// after the ttl, as a crash would.
    #[arg(long, conflicts_with = "count")]
    forever: bool,
    /// At most this many ids a second: a decimal number above 0, such as 500 or 0.5. Ids
    /// are made on a schedule (the process sleeps in between) and each line is flushed as
    /// it is written. A run held up (stopped, or a lease not renewed in time) does not
    /// catch up in a burst afterwards.
    #[arg(long, value_name = "IDS_PER_SECOND", value_parser = rate)]
    rate: Option<f64>,
    /// An explicit timestamp: Unix milliseconds (seconds for objectid) in ASCII digits, or an
    /// RFC 3339 date-time with its offset, such as 2024-01-01T00:00:00Z or
    /// 2024-01-01T00:00:00.123+02:00. A date-time is taken exactly: a fraction of a
    /// millisecond (for objectid, of a second) is an error, as is a time before 1970. Each
    /// id then gets a fresh random counter (Snowflake: the generator's sequence).
    #[arg(long, value_name = "TIMESTAMP", value_parser = at_ms)]
    at: Option<u64>,
    /// Print how this command makes ids of this format (layout, clock, counter, what happens
    /// when the clock steps back, package and version) on one line, and exit without
    /// generating.
    #[arg(
        long,
        conflicts_with_all = ["count", "forever", "rate", "at", "format", "min_at", "max_at"]
    )]
    policy: bool,
    /// Print the smallest id of this timestamp (given as for --at) and exit without
    /// generating: its counter (for snowflake, its worker id and sequence) all zeros. With
    /// --max-at B, the smallest of --min-at A, then the largest of B, on two lines: every id of
    /// the instants A to B lies between them (WHERE id BETWEEN ... AND ...), whatever made it.
    /// A timestamp outside the format's range is an error that gives the range.
    #[arg(
        long,
        value_name = "TIMESTAMP",
        value_parser = at_ms,
        conflicts_with_all = ["count", "forever", "rate", "at"]
    )]
    min_at: Option<u64>,
    /// Print the largest id of this timestamp (given as for --at) and exit without
    /// generating: its counter (for snowflake, its worker id and sequence) all ones, around
    /// the fixed version and variant of a UUIDv7.
    #[arg(
        long,
        value_name = "TIMESTAMP",
        value_parser = at_ms,
        conflicts_with_all = ["count", "forever", "rate", "at"]
    )]
    max_at: Option<u64>,
    /// How each id is written: text, the id alone on its line; json, one JSON object a line
    /// with the id and its timestamp, `{"id":"...","timestamp_ms":...}` (`timestamp_s` for
    /// objectid).
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    format: OutputFormat,
}

/// How generated ids are written.
#[derive(Clone, Copy, clap::ValueEnum)]
enum OutputFormat {
    // No doc comments: clap would list the values on lines of their own, and turn every
    // generator's help into the long form.
    Text,
    Json,
}

/// What `convert` converts to.
#[derive(Clone, Copy, clap::ValueEnum)]
enum ConvertTo {
    // No doc comments: clap would list the values on lines of their own (the option's help
    // says what each is).
    Uuid7,
    Uuid,
    Ulid,
}

impl CountAndTimestamp {
    /// The bounds asked for (`--min-at`, `--max-at`), if any: the subcommand then prints them
    /// and generates nothing.
    fn bounds(&self) -> Option<generate::Bounds> {
        (self.min_at.is_some() || self.max_at.is_some()).then_some(generate::Bounds {
            min_at: self.min_at,
            max_at: self.max_at,
            json: matches!(self.format, OutputFormat::Json),
        })
    }

    /// What to generate, as the generating functions take it.
    fn plan(&self) -> generate::Plan {
        generate::Plan {
            limit: (!self.forever).then_some(self.count),
            at: self.at,
            rate: self.rate,
            json: matches!(self.format, OutputFormat::Json),
        }
    }
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

/// The `--at` of the formats that count milliseconds.
fn at_ms(text: &str) -> Result<u64, String> {
    at(text, TimeUnit::Milliseconds)
}

/// The `--at` of objectid, whose timestamps are seconds.
fn at_s(text: &str) -> Result<u64, String> {
    at(text, TimeUnit::Seconds)
}

/// What an id format's timestamp counts.
#[derive(Clone, Copy)]
enum TimeUnit {
    Milliseconds,
    Seconds,
}

/// A time for `--at` in `unit` since the Unix epoch: a number of ASCII digits, as it is, or
/// an RFC 3339 date-time, which must be a whole number of `unit`s (an explicit time is
/// exact: it is not rounded).
fn at(text: &str, unit: TimeUnit) -> Result<u64, String> {
    if !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit()) {
        return decimal(text);
    }
    let (units, unit_nanos) = match unit {
        TimeUnit::Milliseconds => ("milliseconds", 1_000_000),
        TimeUnit::Seconds => ("seconds", 1_000_000_000),
    };
    let time: jiff::Timestamp = text.parse().map_err(|error| {
        let expected = format!(
            "expected Unix {units} of ASCII digits, or an RFC 3339 date-time such as \
             2024-01-01T00:00:00Z"
        );
        // jiff's reason helps with what starts as a date (`2024-13-01...`); for `1e3` it
        // would be about a year.
        let date = text
            .as_bytes()
            .get(..5)
            .is_some_and(|start| start[..4].iter().all(u8::is_ascii_digit) && start[4] == b'-');
        if date {
            format!("{expected} (as a date-time: {error})")
        } else {
            expected
        }
    })?;
    if time < jiff::Timestamp::UNIX_EPOCH {
        return Err(format!(
            "{time} is before 1970-01-01T00:00:00Z: the ids hold no earlier time"
        ));
    }
    if time.subsec_nanosecond() % unit_nanos != 0 {
        let (what, ids) = match unit {
            TimeUnit::Milliseconds => ("millisecond", "the ids hold whole milliseconds"),
            TimeUnit::Seconds => ("second", "ObjectId timestamps are whole seconds"),
        };
        return Err(format!(
            "{time} has a fraction of a {what}: {ids}, and an explicit time is not rounded"
        ));
    }
    let count = match unit {
        TimeUnit::Milliseconds => time.as_millisecond(),
        TimeUnit::Seconds => time.as_second(),
    };
    u64::try_from(count).map_err(|_| format!("{time} is before 1970-01-01T00:00:00Z"))
}

/// A `usize` written in ASCII digits.
fn size(text: &str) -> Result<usize, String> {
    usize::try_from(decimal(text)?).map_err(|_| format!("out of range: at most {}", usize::MAX))
}

/// The parts of a decimal number written `123` or `1.25`: ASCII digits, and at most one `.`
/// with digits on both sides.
fn decimal_parts(text: &str) -> Option<(&str, &str)> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
    let fraction_ok = !text.contains('.') || !fraction.is_empty();
    (!whole.is_empty() && fraction_ok && digits(whole) && digits(fraction))
        .then_some((whole, fraction))
}

/// A number of seconds, `2` or `0.5`, to the nanosecond.
#[cfg(feature = "lease")]
fn seconds(text: &str) -> Result<Duration, String> {
    const EXPECTED: &str = "expected a decimal number of seconds such as 2 or 0.5 (ASCII \
                            digits and at most one '.', no sign or unit)";
    let (whole, fraction) = decimal_parts(text).ok_or(EXPECTED)?;
    if fraction.len() > 9 {
        return Err("at most 9 digits after the '.' (nanoseconds)".into());
    }
    let secs: u64 = whole
        .parse()
        .map_err(|_| format!("out of range: at most {} seconds", u64::MAX))?;
    let nanos = format!("{fraction:0<9}").parse::<u32>().unwrap_or(0);
    Ok(Duration::new(secs, nanos))
}

/// A rate in ids a second: a decimal number above 0.
fn rate(text: &str) -> Result<f64, String> {
    decimal_parts(text).ok_or(
        "expected a decimal number of ids a second such as 500 or 0.5 (ASCII digits and at \
         most one '.', no sign or exponent)",
    )?;
    match text.parse::<f64>() {
        Ok(rate) if rate > 0.0 && rate.is_finite() => Ok(rate),
        Ok(rate) if rate > 0.0 => Err("out of range: too large".into()),
        _ => Err("must be greater than 0".into()),
    }
}

/// A worker id written in ASCII digits. Values from 1024 to 65535 get the Snowflake crate's
/// own range error when the generator is made.
fn worker_id(text: &str) -> Result<u16, String> {
    u16::try_from(decimal(text)?).map_err(|_| {
        format!(
            "out of range: a Snowflake worker id is 0 to {}",
            snowflake::SnowflakeId::MAX_WORKER_ID
        )
    })
}

/// A range of worker ids, `A-B`, both within 0 to 1023 and `A <= B`.
#[cfg(feature = "lease")]
fn worker_ids(text: &str) -> Result<core::ops::RangeInclusive<u16>, String> {
    let max = snowflake::SnowflakeId::MAX_WORKER_ID;
    let expected = format!("expected A-B, two worker ids from 0 to {max} with A <= B");
    let (first, last) = text.split_once('-').ok_or_else(|| expected.clone())?;
    let (first, last) = match (worker_id(first), worker_id(last)) {
        (Ok(first), Ok(last)) => (first, last),
        _ => return Err(expected),
    };
    if first > last || last > max {
        return Err(expected);
    }
    Ok(first..=last)
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
    /// A leased worker id was lost or could not be renewed: a message; exit status 3. The
    /// ids written before are valid.
    #[cfg(feature = "lease")]
    LeaseEnded(String),
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

/// The command's clap definition: its arguments, help and subcommands.
pub fn command() -> clap::Command {
    Cli::command()
}

/// Runs the command on the process's arguments and standard streams.
pub fn main() -> ExitCode {
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
        #[cfg(feature = "lease")]
        Err(Failure::LeaseEnded(message)) => {
            eprintln!("identifier: error: {message}");
            ExitCode::from(3)
        }
    }
}

/// `text` for a line of human output: control characters and every other character Rust
/// would not print as it is are escaped (`\n`, `\u{9b}`), and so are `\`, `'` and `"`, so that
/// no input can end a line or forge one.
fn escaped(text: &str) -> std::str::EscapeDebug<'_> {
    text.escape_debug()
}

/// The system clock in Unix milliseconds; 0 if it is before 1970.
fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| {
            u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
        })
}

/// Writes a generator's policy, one line.
fn policy(policy: &impl std::fmt::Display, out: &mut impl Write) -> Result<(), Failure> {
    writeln!(out, "{policy}")?;
    Ok(())
}

fn run(command: Command, out: &mut impl Write) -> Result<(), Failure> {
    match command {
        Command::Ulid(o) if o.policy => policy(&ulid::POLICY, out),
        Command::Uuid7(o) if o.policy => policy(&uuid7::POLICY, out),
        Command::Objectid(o) if o.policy => policy(&objectid::POLICY, out),
        Command::Ulid(o) if o.bounds().is_some() => generate::bounds(
            o.bounds(),
            ulid::Ulid::min_at_ms,
            ulid::Ulid::max_at_ms,
            out,
        ),
        Command::Uuid7(o) if o.bounds().is_some() => generate::bounds(
            o.bounds(),
            uuid7::Uuid7::min_at_ms,
            uuid7::Uuid7::max_at_ms,
            out,
        ),
        Command::Objectid(o) if o.bounds().is_some() => generate::bounds(
            o.bounds(),
            objectid::ObjectId::min_at_s,
            objectid::ObjectId::max_at_s,
            out,
        ),
        Command::Ulid(o) => generate::ulids(&o.plan(), out),
        Command::Uuid7(o) => generate::uuid7s(&o.plan(), out),
        Command::Objectid(o) => generate::object_ids(&o.plan(), out),
        Command::Snowflake { options, .. } if options.policy => policy(&snowflake::POLICY, out),
        Command::Snowflake { options, .. } if options.bounds().is_some() => generate::bounds(
            options.bounds(),
            snowflake::SnowflakeId::min_at_ms,
            snowflake::SnowflakeId::max_at_ms,
            out,
        ),
        #[cfg(feature = "lease")]
        Command::Snowflake {
            lease: Some(location),
            lease_table,
            lease_ttl,
            worker_ids,
            options,
            ..
        } => {
            let json = matches!(options.format, OutputFormat::Json);
            let mut config = snowflake_lease::LeaseConfig::new(&location)
                .on_event(move |event| generate::log_lease_event(event, json));
            if let Some(table) = &lease_table {
                config = config.table(table);
            }
            if let Some(worker_ids) = worker_ids {
                config = config.worker_ids(worker_ids);
            }
            let ttl = match lease_ttl {
                Some(ttl) => {
                    config = config.ttl(ttl);
                    ttl
                }
                None => snowflake_lease::LeaseConfig::DEFAULT_TTL,
            };
            generate::leased_snowflakes(&config, ttl, &options.plan(), out)
        }
        Command::Snowflake {
            worker_id: Some(worker_id),
            options,
            ..
        } => generate::snowflakes(worker_id, &options.plan(), out),
        // The argument group requires one of them.
        Command::Snowflake { .. } => Err(Failure::Error(format!(
            "snowflake needs one of {}",
            WORKER
                .map(|arg| format!("--{}", arg.replace('_', "-")))
                .join(", ")
        ))),
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
        Command::Convert { to, ids } => {
            let to = match to {
                ConvertTo::Uuid7 => id_inspect::Target::Uuid7,
                ConvertTo::Uuid => id_inspect::Target::Uuid,
                ConvertTo::Ulid => id_inspect::Target::Ulid,
            };
            convert::run(&ids, to, out)
        }
        Command::Inspect {
            ids,
            json,
            policy,
            layout,
            epoch,
        } => {
            let mut inspect = id_inspect::Options::new(now_ms());
            inspect.layout = layout;
            inspect.epoch_ms = epoch;
            let options = inspect::Options {
                json,
                policy,
                inspect,
            };
            inspect::run(&ids, &options, out)
        }
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "identifier", out);
            Ok(())
        }
        Command::Man {
            subcommand,
            out_dir,
        } => man::run(subcommand.as_deref(), out_dir.as_deref(), out),
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
