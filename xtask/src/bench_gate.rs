//! `cargo xtask bench-gate [--update]`: instructions per operation, ours beside the peer of
//! BENCHMARKS.md, counted by valgrind (cachegrind without its cache simulation), which gives the
//! same count for the same binary and input however busy the machine is. Each operation runs
//! twice in `benches/examples/gate.rs`, `LOW` and `HIGH` times; the difference of the two
//! counts over the difference of the runs is the cost of one operation, without the program's
//! start and exit.
//!
//! The gate fails when a ratio to the peer exceeds its goal, or when one of our counts grows
//! more than its margin over `benches/gate-baseline.txt`. `--update` rewrites that file from
//! this run: do it on purpose, and say why in the commit.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

/// Runs of each operation, the low and the high count.
const LOW: u64 = 1_000;
const HIGH: u64 = 6_000;
/// The runs of an operation whose setup talks to a server: ±6,000 instructions of setup over
/// 5,000 runs moved the leased row by ±1.2; over 100,000, by under 0.1.
const SERVER_LOW: u64 = 10_000;
const SERVER_HIGH: u64 = 110_000;
/// Batches of 1,000 ids (`fill`) run fewer times.
const BATCH_LOW: u64 = 4;
const BATCH_HIGH: u64 = 24;

/// Growth over the baseline that fails the gate: a count that depends only on the input, and
/// one that also depends on the clock and the random source (a new millisecond draws a new
/// random start; how many calls share a millisecond depends on the machine's speed).
const MARGIN: f64 = 0.03;
const CLOCK_MARGIN: f64 = 0.10;

/// One row of the gate: our operation, the peer's, the largest acceptable ratio, and why the
/// goal is where it is when it is not the wall-clock goal of BENCHMARKS.md.
struct Gated {
    operation: &'static str,
    ours: &'static str,
    peer: &'static str,
    goal: f64,
    bound: Option<&'static str>,
}

const fn gated(
    operation: &'static str,
    ours: &'static str,
    peer: &'static str,
    goal: f64,
) -> Gated {
    Gated {
        operation,
        ours,
        peer,
        goal,
        bound: None,
    }
}

/// A row whose instruction goal is looser than its wall-clock goal, and why.
const fn bounded(
    operation: &'static str,
    ours: &'static str,
    peer: &'static str,
    goal: f64,
    bound: &'static str,
) -> Gated {
    Gated {
        bound: Some(bound),
        ..gated(operation, ours, peer, goal)
    }
}

/// Why UUIDv7's `Display` cannot reach uuid's instructions.
const UUID_DISPLAY: &str = "bounded by `Display`'s policy: `Formatter::pad` for width and precision, which uuid's `Display` does not honour";
/// What the layout of `uuid::Uuid` costs a batch of 128-bit ids.
const BIG_ENDIAN: &str = "16 big-endian bytes of alignment 1, as `uuid::Uuid`: each id is stored through two byte swaps (x86-64's baseline has no swapping store), about 2 (ULID) and 3 (UUIDv7) instructions an id more than a `u128` field";
/// Why the vector parsers' instruction ratios to scalar peers are above their time ratios.
const VECTOR_RATE: &str = "vector code (AVX2 here) retires more instructions a cycle than the peer's chain of table lookups: the wall-clock goal is 0.5; held so it cannot get worse";
/// Why UUIDv7's format cannot reach uuid-simd's instructions.
const SIMD_FORMAT: &str = "ours is SSE2, inlined (no detection, no call), placing the hyphens with shifts and masks where the peer's AVX2 shuffles; the wall-clock row above is the goal of 1.0; held so it cannot grow";
/// Why UUIDv7's parse cannot reach uuid-simd's instructions.
const SIMD_PARSE: &str = "the same AVX2 decoding; ours also checks version 7 and variant 10 and returns `Result<Uuid7, ParseError>`, the peer writes 16 bytes and a flag. Held so it cannot grow";

/// The rows, in the order of BENCHMARKS.md, with the same peers. The goals are those of the
/// wall-clock report where instructions track time; where they do not, the reason is by the
/// row.
#[rustfmt::skip]
const GATED: &[Gated] = &[
    gated("TickSequence::next vs SystemTime::now + lock", "engine/next", "engine/floor: SystemTime::now + lock", 1.15),
    gated("Crockford encode u64 vs crockford", "crockford32/encode u64", "crockford/encode u64", 1.0),
    gated("Crockford decode u64 vs crockford", "crockford32/decode u64", "crockford/decode u64", 1.0),
    gated("Crockford encode u128 vs fast32", "crockford32/encode u128", "fast32/encode u128", 1.0),
    gated("Crockford decode u128 vs fast32", "crockford32/decode u128", "fast32/decode u128", 1.0),
    gated("ULID generate vs ulid::Generator in a Mutex", "ulid/generate", "ulid_peer/generate (Generator in a Mutex)", 1.0),
    bounded("ULID fill, per id, vs ferroid thread-local", "ulid/fill (1000)", "ferroid/thread-local ULID (1000)", 0.5, BIG_ENDIAN),
    gated("ULID to_string vs ulid", "ulid/to_string", "ulid_peer/to_string", 0.9),
    gated("ULID Display into a buffer vs ulid", "ulid/display", "ulid_peer/display", 1.0),
    gated("ULID encode vs ferroid", "ulid/encode", "ferroid/encode ULID", 0.8),
    bounded("ULID parse vs ulid::Ulid::from_string", "ulid/parse", "ulid_peer/parse", 0.6, VECTOR_RATE),
    gated("UUIDv7 generate vs uuid::Uuid::now_v7", "uuid7/generate", "uuid/now_v7", 0.55),
    gated("UUIDv7 generate vs uuid7::uuid7", "uuid7/generate", "uuid7_peer/uuid7", 1.0),
    gated("ULID Generator vs fast_uuid_v7::gen_id", "ulid/Generator::generate", "fast_uuid_v7/gen_id", 1.0),
    gated("UUIDv7 Generator vs fast_uuid_v7::gen_id", "uuid7/Generator::generate", "fast_uuid_v7/gen_id", 1.0),
    bounded("UUIDv7 fill, per id, vs ferroid thread-local ULID", "uuid7/fill (1000)", "ferroid/thread-local ULID (1000)", 0.5, BIG_ENDIAN),
    gated("UUIDv7 to_string vs uuid", "uuid7/to_string", "uuid/to_string", 0.9),
    bounded("UUIDv7 Display into a buffer vs uuid", "uuid7/display", "uuid/display", 1.25, UUID_DISPLAY),
    gated("UUIDv7 format vs uuid's encode_lower", "uuid7/encode", "uuid/encode_lower", 1.0),
    bounded("UUIDv7 parse vs uuid::Uuid::parse_str", "uuid7/parse", "uuid/parse_str", 0.6, VECTOR_RATE),
    bounded("UUIDv7 parse vs uuid_simd::parse_hyphenated", "uuid7/parse", "uuid_simd/parse_hyphenated", 1.5, SIMD_PARSE),
    bounded("UUIDv7 format vs uuid_simd::format_hyphenated", "uuid7/encode", "uuid_simd/format_hyphenated", 2.0, SIMD_FORMAT),
    gated("ObjectId generate vs bson ObjectId::new", "objectid/generate", "bson/ObjectId::new", 0.6),
    gated("ObjectId fill, per id, vs ferroid thread-local ULID", "objectid/fill (1000)", "ferroid/thread-local ULID (1000)", 0.5),
    gated("ObjectId to_string vs bson to_hex", "objectid/to_string", "bson/to_hex", 1.0),
    gated("ObjectId Display into a buffer vs bson", "objectid/display", "bson/display", 1.0),
    bounded("ObjectId hex vs bson to_hex", "objectid/encode", "bson/to_hex", 0.4, "bson's only hex is `to_hex`, which allocates a `String`; ours writes into a buffer. The `to_string` row compares both allocating"),
    gated("ObjectId parse vs bson parse_str", "objectid/parse", "bson/parse_str", 0.4),
    gated("ObjectId parse vs hex_simd::decode", "objectid/parse", "hex_simd/decode", 1.0),
    gated("ObjectId hex vs hex_simd::encode", "objectid/encode", "hex_simd/encode", 1.0),
    gated("Snowflake generate vs snowflaked", "snowflake/generate", "snowflaked/generate", 1.0),
    gated("Snowflake fill, per id, vs snowflaked", "snowflake/fill (1000)", "snowflaked/generate (1000)", 0.2),
    bounded("Snowflake generate under a PostgreSQL lease vs without", "snowflake/leased generate", "snowflake/generate", 1.1, LEASE),
    bounded("Snowflake generate under a MySQL lease vs without", "snowflake/leased generate (MySQL)", "snowflake/generate", 1.1, LEASE),
    bounded("Snowflake generate under a directory's lease vs without", "snowflake/leased generate (directory)", "snowflake/generate", 1.1, LEASE),
    bounded("Snowflake to_string vs u64", "snowflake/to_string", "u64/to_string", 1.1, "the same standard-library function, reached through ours: a move more"),
    bounded("Snowflake Display into a buffer vs u64", "snowflake/display", "u64/display", 1.1, "the same standard-library `Display`, after the three checks of width, precision and `+` that keep `Display` the one policy of all formats (padded as text)"),
    bounded("Snowflake encode vs u64 Display", "snowflake/encode", "u64/display", 1.0, "the standard library writes an integer's text only through `fmt`; ours into a buffer. The `Display` row compares both through `fmt`"),
    gated("Snowflake parse vs u64", "snowflake/parse", "u64/parse", 1.0),
    gated("Checksummed verify vs ulid::Ulid::from_string", "checksummed_id/verify", "ulid_peer/parse", 2.5),
    gated("Content id of a 3-field struct vs BLAKE2b-256 of 64 bytes", "content_id/3-field struct", "blake2/64 bytes", 6.0),
    bounded("Content id of 1 KiB vs BLAKE2b-256 of 1 KiB", "content_id/1 KiB", "blake2/1 KiB", 1.2, "the encoding's framing (personalization, type byte, length) is a sixth of a 1 KiB hash; at 1 MiB the wall-clock goal is 1.053"),
];

/// Ours without a peer: held to the baseline only. The scalar parsers (the `const fn`s, what
/// targets without vector code run) are held here too: their goals against the peers are the
/// criterion rows'.
const BASELINE_ONLY: &[&str] = &[
    "engine/LocalSequence next",
    "checksummed_id/generate",
    "ulid/try_parse (scalar)",
    "uuid7/try_parse (scalar)",
    "objectid/try_parse (scalar)",
];

/// Measured and shown, never gated: what the `&str` of an id's text costs (`id_text::ascii_str`),
/// beside the standard library's UTF-8 check it replaces.
const FLOORS: &[&str] = &[
    "ascii/26",
    "ascii/36",
    "utf8/26",
    "utf8/36",
    "std/SystemTime::now",
];

/// Whether an operation reads the clock or the random source.
fn uses_clock(operation: &str) -> bool {
    [
        "generate",
        "fill",
        "engine/next",
        "engine/LocalSequence",
        "now_v7",
        "uuid7_peer/uuid7",
        "gen_id",
        "ObjectId::new",
        "SystemTime",
    ]
    .iter()
    .any(|word| operation.contains(word))
}

fn is_batch(operation: &str) -> bool {
    operation.ends_with("(1000)")
}

/// Whether an operation's setup talks to a server (the lease's claim): its instructions vary
/// by some thousands from run to run with the server's timing, which the runs' difference must
/// dilute to well under an instruction per operation.
fn talks_to_a_server(operation: &str) -> bool {
    operation.contains("leased")
}

/// The note of the leased rows.
const LEASE: &str = "what the lease adds to each id: a `Result` of its own error type, about 3 instructions; its ceiling, whether it was lost and its deadline are checked with each clock reading (once a millisecond), and the ids until the next reading keep the millisecond that passed";

pub(crate) fn run(root: &Path, update: bool) -> Result<(), String> {
    // The binary cargo built, wherever its target directory is (`CARGO_TARGET_DIR`, a
    // config): a path guessed under `target/` may be missing, or stale from another build.
    let built = crate::cargo(
        root,
        &[
            "build",
            "--release",
            "--locked",
            "-p",
            "benches",
            "--example",
            "gate",
            "--message-format=json",
        ],
    )?;
    let gate = crate::executable(&built, "gate")?;
    let mut operations: Vec<&str> = GATED
        .iter()
        .flat_map(|row| [row.ours, row.peer])
        .chain(BASELINE_ONLY.iter().copied())
        .chain(FLOORS.iter().copied())
        .collect();
    operations.sort_unstable();
    operations.dedup();
    let mut counts = count_all(&gate, &operations)?;
    let baseline_path = root.join("benches/gate-baseline.txt");
    if !update {
        let baseline = read_baseline(&baseline_path)?;
        for _ in 0..MEASURED_AGAIN {
            let again = to_measure_again(&counts, &baseline);
            if again.is_empty() {
                break;
            }
            eprintln!(
                "bench-gate: measuring again what read the clock and did not hold (the lower \
                 count stands): {}",
                again.join(", ")
            );
            for (operation, count) in count_all(&gate, &again)? {
                counts
                    .entry(operation)
                    .and_modify(|old| *old = old.min(count))
                    .or_insert(count);
            }
        }
    }
    if update {
        let ours = GATED
            .iter()
            .map(|row| row.ours)
            .chain(BASELINE_ONLY.iter().copied());
        let text = baseline_text(ours, &counts);
        std::fs::write(&baseline_path, text)
            .map_err(|e| format!("{}: {e}", baseline_path.display()))?;
        println!("bench-gate: wrote {}", baseline_path.display());
    }
    let baseline = read_baseline(&baseline_path)?;
    let mut problems = Vec::new();
    let mut table = String::from(
        "| operation | ours | peer | ratio | goal | baseline | change | note |\n|---|---|---|---|---|---|---|---|\n",
    );
    let check_baseline = |ours: &str, problems: &mut Vec<String>| -> String {
        let Some(&base) = baseline.get(ours) else {
            problems.push(format!(
                "{ours}: no baseline (run `cargo xtask bench-gate --update`)"
            ));
            return "none".into();
        };
        let change = counts[ours] / base - 1.0;
        let margin = if uses_clock(ours) {
            CLOCK_MARGIN
        } else {
            MARGIN
        };
        if change > margin {
            problems.push(format!(
                "{ours}: {:.1} instructions, {:+.1} % over the baseline {base:.1} (margin {:.0} %)",
                counts[ours],
                change * 100.0,
                margin * 100.0
            ));
        }
        format!("{change:+.1} %", change = change * 100.0)
    };
    for row in GATED {
        let (ours, peer) = (counts[row.ours], counts[row.peer]);
        let ratio = ours / peer;
        if ratio > row.goal {
            problems.push(format!(
                "{}: {ratio:.2} times the peer's instructions, goal {}",
                row.operation, row.goal
            ));
        }
        let change = check_baseline(row.ours, &mut problems);
        let _ = writeln!(
            table,
            "| {} | {ours:.0} | {peer:.0} | {ratio:.2} | {} | {} | {change} | {} |",
            row.operation,
            row.goal,
            baseline
                .get(row.ours)
                .map_or("none".into(), |b| format!("{b:.0}")),
            row.bound.unwrap_or("")
        );
    }
    for ours in BASELINE_ONLY {
        let change = check_baseline(ours, &mut problems);
        let _ = writeln!(
            table,
            "| {ours} | {:.0} | | | | {} | {change} | no peer |",
            counts[*ours],
            baseline
                .get(*ours)
                .map_or("none".into(), |b| format!("{b:.0}"))
        );
    }
    for floor in FLOORS {
        let _ = writeln!(
            table,
            "| {floor} | {:.0} | | | | | | a floor, not gated |",
            counts[*floor]
        );
    }
    print!("{table}");
    if update {
        let path = root.join("BENCHMARKS.md");
        let old = std::fs::read_to_string(&path).unwrap_or_default();
        let section = format!("{HEADING}\n\n{ABOUT}\n\n{table}");
        std::fs::write(
            &path,
            benches::sections::with_section(&old, HEADING, &section),
        )
        .map_err(|e| format!("{}: {e}", path.display()))?;
        println!("bench-gate: wrote the section \"{HEADING}\" of BENCHMARKS.md");
    }
    crate::report("the benchmark gate does not hold", &problems)
}

/// How many more times an operation that reads the clock is measured when it does not hold.
/// Its count has noise of one sign only: a process whose calibration of the cycle counter is
/// disturbed (valgrind's slow first runs of code, another process on the core between a
/// counter and a clock reading) reads the wall clock per id until it measures again, or for
/// good after repeated disagreements, and counts the clock's ~100 instructions each time. The
/// lowest of the runs is the operation's.
const MEASURED_AGAIN: usize = 2;

/// Ours of each row that does not hold, where ours reads the clock: over its goal against
/// the peer, or over its baseline's margin. The operations to measure again.
fn to_measure_again(
    counts: &BTreeMap<String, f64>,
    baseline: &BTreeMap<String, f64>,
) -> Vec<&'static str> {
    let over_baseline = |ours: &str| {
        baseline
            .get(ours)
            .is_some_and(|base| counts[ours] / base - 1.0 > CLOCK_MARGIN)
    };
    let over_goal = GATED
        .iter()
        .filter(|row| counts[row.ours] / counts[row.peer] > row.goal)
        .map(|row| row.ours);
    let over_margin = GATED
        .iter()
        .map(|row| row.ours)
        .chain(BASELINE_ONLY.iter().copied())
        .filter(|ours| over_baseline(ours));
    let mut again: Vec<&'static str> = over_goal
        .chain(over_margin)
        .filter(|ours| uses_clock(ours))
        .collect();
    again.sort_unstable();
    again.dedup();
    again
}

/// The heading of the gate's section in BENCHMARKS.md, which `bench-report` keeps.
pub(crate) const HEADING: &str = "## Instructions: what CI holds";

/// What the section says above its table.
const ABOUT: &str = "`cargo xtask bench-gate` (in `.ci/run`) counts the instructions of one \
operation with valgrind (cachegrind, no cache simulation), ours and the same peer as above, \
from `benches/examples/gate.rs`: the same count for the same binary whatever the machine is \
doing, so CI can hold it where wall-clock times on shared cores cannot be. It fails when a \
ratio exceeds its goal, or when one of our counts grows more than 3 % (10 % for what reads \
the clock or the random source) over `benches/gate-baseline.txt`, which `--update` rewrites, \
on purpose, with the reason in the commit. Instructions are not time: the wall-clock ratios \
above are what users feel, and the gate is what cannot regress unseen. Where an instruction \
goal is looser than the wall-clock goal, the note says why. Table from `cargo xtask \
bench-gate --update` on this machine.";

/// Instructions per operation for each of `operations`, two at a time (the machine's cores).
fn count_all(gate: &Path, operations: &[&str]) -> Result<BTreeMap<String, f64>, String> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(BTreeMap::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(operation) = operations.get(index) else {
                        break;
                    };
                    let result = per_operation(gate, operation);
                    results
                        .lock()
                        .expect("no thread panics holding it")
                        .insert((*operation).to_owned(), result);
                }
            });
        }
    });
    results
        .into_inner()
        .expect("no thread panicked")
        .into_iter()
        .map(|(operation, result)| result.map(|count| (operation, count)))
        .collect()
}

fn per_operation(gate: &Path, operation: &str) -> Result<f64, String> {
    let (low, high, per) = if is_batch(operation) {
        (BATCH_LOW, BATCH_HIGH, 1000.0)
    } else if talks_to_a_server(operation) {
        (SERVER_LOW, SERVER_HIGH, 1.0)
    } else {
        (LOW, HIGH, 1.0)
    };
    let low_count = instructions(gate, operation, low)?;
    let high_count = instructions(gate, operation, high)?;
    Ok((high_count as f64 - low_count as f64) / (high - low) as f64 / per)
}

/// The instructions of one run of the gate program, as cachegrind counts them.
fn instructions(gate: &Path, operation: &str, runs: u64) -> Result<u64, String> {
    let output = Command::new("valgrind")
        .args([
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
        ])
        .arg(gate)
        .args([operation, &runs.to_string()])
        .output()
        .map_err(|e| {
            format!("valgrind: {e} (install the Debian package valgrind: apt-get install valgrind)")
        })?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        return Err(format!("valgrind gate {operation:?} {runs}: {stderr}"));
    }
    stderr
        .lines()
        .find_map(|line| {
            let (_, count) = line.split_once("I   refs:")?;
            count.trim().replace(',', "").parse().ok()
        })
        .ok_or_else(|| format!("no instruction count in valgrind's output:\n{stderr}"))
}

/// The text of `benches/gate-baseline.txt`: each operation of `ours` and its count, in the
/// order given, once each, though an operation of ours may be held against several peers.
fn baseline_text<'a>(
    ours: impl IntoIterator<Item = &'a str>,
    counts: &BTreeMap<String, f64>,
) -> String {
    let mut text = String::from(
        "# Instructions per operation (cachegrind), written by `cargo xtask bench-gate --update`.\n",
    );
    let mut written = Vec::new();
    for operation in ours {
        if !written.contains(&operation) {
            written.push(operation);
            let _ = writeln!(text, "{operation}\t{:.1}", counts[operation]);
        }
    }
    text
}

fn read_baseline(path: &Path) -> Result<BTreeMap<String, f64>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        format!(
            "{}: {e} (create it with `cargo xtask bench-gate --update`)",
            path.display()
        )
    })?;
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (operation, count) = line.split_once('\t').ok_or_else(|| {
                format!("{}: not `operation<TAB>count`: {line:?}", path.display())
            })?;
            let count = count
                .parse()
                .map_err(|_| format!("{}: not a count: {line:?}", path.display()))?;
            Ok((operation.to_owned(), count))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `uuid7/parse` is held against `uuid` and against uuid-simd: two rows, one baseline.
    #[test]
    fn an_operation_held_against_two_peers_is_written_once() {
        let counts = BTreeMap::from([("uuid7/parse".to_string(), 73.0), ("a".to_string(), 5.0)]);
        let text = baseline_text(["uuid7/parse", "a", "uuid7/parse"], &counts);
        let lines: Vec<&str> = text.lines().skip(1).collect();
        assert_eq!(lines, ["uuid7/parse\t73.0", "a\t5.0"]);
    }

    /// Every operation of the gate at its baseline, and each peer at a count that keeps every
    /// row within its goal.
    fn holding() -> (BTreeMap<String, f64>, BTreeMap<String, f64>) {
        let mut counts = BTreeMap::new();
        for row in GATED {
            counts.insert(row.ours.to_owned(), 100.0);
            counts.insert(row.peer.to_owned(), 1000.0);
        }
        // Peers that are also ours (`snowflake/generate` is the lease rows' peer).
        for row in GATED {
            counts.insert(row.ours.to_owned(), 100.0);
        }
        for ours in BASELINE_ONLY {
            counts.insert((*ours).to_owned(), 100.0);
        }
        (counts.clone(), counts)
    }

    #[test]
    fn what_holds_is_not_measured_again() {
        let (counts, baseline) = holding();
        assert_eq!(to_measure_again(&counts, &baseline), Vec::<&str>::new());
    }

    /// The run of CI whose `snowflake/generate` read the wall clock for every id: 150
    /// instructions against a baseline of 100.
    #[test]
    fn a_clock_operation_over_its_margin_is_measured_again_and_one_that_reads_no_clock_is_not() {
        let (mut counts, baseline) = holding();
        counts.insert("snowflake/generate".into(), 150.0);
        counts.insert("ulid/parse".into(), 150.0);
        assert_eq!(to_measure_again(&counts, &baseline), ["snowflake/generate"]);
    }

    #[test]
    fn a_clock_operation_over_its_goal_is_measured_again() {
        let (mut counts, baseline) = holding();
        // Within its margin over the baseline, but over its goal against the peer.
        counts.insert("uuid/now_v7".into(), 105.0 / 0.55 - 1.0);
        counts.insert("uuid7/generate".into(), 105.0);
        assert_eq!(to_measure_again(&counts, &baseline), ["uuid7/generate"]);
    }
}
