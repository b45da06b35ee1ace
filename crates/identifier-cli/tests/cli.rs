//! Snapshots of the `identifier` command: what it prints, on which stream, with which exit
//! status. Random parts of generated ids are masked before the snapshot (and checked by
//! parsing them), so every snapshot is stable.

mod common;

use common::run;
use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Each stdout line with the characters from `keep` on replaced by `*`, after `check`
/// accepted the whole line.
fn masked(output: &str, keep: usize, check: impl Fn(&str)) -> String {
    let (head, rest) = output.split_once("--- stdout\n").expect("a stdout section");
    let (stdout, stderr) = rest.split_once("--- stderr\n").expect("a stderr section");
    let lines: Vec<String> = stdout
        .lines()
        .map(|line| {
            check(line);
            let shown: String = line.chars().take(keep).collect();
            let hidden: String = line
                .chars()
                .skip(keep)
                .map(|c| if c == '-' { '-' } else { '*' })
                .collect();
            shown + &hidden
        })
        .collect();
    format!(
        "{head}--- stdout\n{}\n--- stderr\n{stderr}",
        lines.join("\n")
    )
}

/// Ids generated `--at` a time: each id's timestamp is read back, and the snapshot shows the
/// first `keep` characters of each, the ones the time fixes.
#[test]
fn ids_at_a_timestamp() {
    // The time in an id, in the unit of `--at`.
    type Timestamp = fn(&str) -> u64;
    let cases: [(&str, &[&str], usize, Timestamp); 3] = [
        // The ULID specification's example timestamp: the first 10 characters are fixed.
        (
            "ulid_at_a_timestamp",
            &["ulid", "--at", "1469922850259", "-n", "3"],
            10,
            |id| id.parse::<ulid::Ulid>().unwrap().timestamp_ms(),
        ),
        // RFC 9562 A.6's timestamp: the first 14 characters and the version are fixed.
        (
            "uuid7_at_a_timestamp",
            &["uuid7", "--at", "1645557742000", "-n", "2"],
            15,
            |id| id.parse::<uuid7::Uuid7>().unwrap().timestamp_ms(),
        ),
        // The MongoDB manual's example second.
        (
            "objectid_at_a_timestamp",
            &["objectid", "--at", "1350336377"],
            8,
            |id| objectid::extract_timestamp_s(id).unwrap(),
        ),
    ];
    for (name, args, keep, timestamp) in cases {
        let [_, "--at", at, ..] = args else {
            panic!("{name}: the time follows the format")
        };
        let at: u64 = at.parse().unwrap();
        let output = run(args, "");
        let masked = masked(&output, keep, |id| assert_eq!(timestamp(id), at, "{id}"));
        insta::with_settings!({ description => args.join(" "), omit_expression => true }, {
            insta::assert_snapshot!(name, masked);
        });
    }
}

/// The stdout lines of a successful run of `args`.
fn stdout_lines(args: &[&str]) -> Vec<String> {
    let output = Command::new(env!("CARGO_BIN_EXE_identifier"))
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{args:?}: {output:?}");
    assert!(output.stderr.is_empty(), "{args:?}: {output:?}");
    let stdout = String::from_utf8(output.stdout).expect("stdout is UTF-8");
    stdout.lines().map(str::to_owned).collect()
}

#[test]
fn ids_increase_across_the_chunks_they_are_written_in() {
    // 1024 ids a chunk: 3000 ids take three chunks, with two boundaries between them.
    let ulids: Vec<ulid::Ulid> = stdout_lines(&["ulid", "-n", "3000"])
        .iter()
        .map(|line| line.parse().unwrap())
        .collect();
    let uuid7s: Vec<uuid7::Uuid7> = stdout_lines(&["uuid7", "-n", "3000"])
        .iter()
        .map(|line| line.parse().unwrap())
        .collect();
    let object_ids: Vec<objectid::ObjectId> = stdout_lines(&["objectid", "-n", "3000"])
        .iter()
        .map(|line| line.parse().unwrap())
        .collect();
    let snowflakes: Vec<u64> = stdout_lines(&["snowflake", "--worker-id", "3", "-n", "9000"])
        .iter()
        .map(|line| line.parse().unwrap())
        .collect();
    assert_eq!(ulids.len(), 3000);
    assert!(ulids.windows(2).all(|pair| pair[0] < pair[1]));
    assert_eq!(uuid7s.len(), 3000);
    assert!(uuid7s.windows(2).all(|pair| pair[0] < pair[1]));
    assert_eq!(object_ids.len(), 3000);
    assert!(object_ids.windows(2).all(|pair| pair[0] < pair[1]));
    assert_eq!(snowflakes.len(), 9000);
    assert!(snowflakes.windows(2).all(|pair| pair[0] < pair[1]));
    let codes = stdout_lines(&["checksummed", "-n", "3000"]);
    assert_eq!(codes.len(), 3000);
    assert!(codes.iter().all(|code| checksummed_id::verify(code)));
}

/// Runs the command with `args` and stdout piped, reads one line, closes the pipe, and waits
/// for the command to exit: within `deadline`, or the test fails. The exit status and both
/// streams, as [`run`] gives them.
fn first_line_then_close(args: &[&str], deadline: Duration) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_identifier"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first_line = String::new();
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
    stdout.read_line(&mut first_line).expect("stdout is UTF-8");
    drop(stdout);
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child can be waited for") {
            break status;
        }
        if start.elapsed() > deadline {
            child.kill().expect("the child can be killed");
            child.wait().expect("the killed child can be waited for");
            panic!("{args:?} still ran {deadline:?} after its reader went away");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr is piped")
        .read_to_string(&mut stderr)
        .expect("stderr is UTF-8");
    format!(
        "status: {}\n--- stdout\n{first_line}--- stderr\n{stderr}",
        status
            .code()
            .map_or("signal".into(), |code| code.to_string()),
    )
}

/// Whether a line of output is what it should be.
type LineCheck = fn(&str) -> bool;

#[test]
fn any_count_is_written_in_chunks_until_the_reader_goes_away() {
    const MAX: &str = "18446744073709551615";
    // Each would take more memory than there is if the ids were made before being written:
    // u64::MAX ids of 16 bytes overflowed the allocation's size, 10^17 aborted the process.
    // Each check also holds the length: the parsers accept only the length of their format.
    let cases: [(&[&str], LineCheck); 9] = [
        (&["ulid", "-n", MAX], |line| {
            line.parse::<ulid::Ulid>().is_ok()
        }),
        (&["ulid", "-n", "100000000000000000"], |line| {
            line.parse::<ulid::Ulid>().is_ok()
        }),
        (&["ulid", "--at", "1469922850259", "-n", MAX], |line| {
            ulid::extract_timestamp_ms(line) == Ok(1_469_922_850_259)
        }),
        (&["uuid7", "-n", MAX], |line| {
            line.parse::<uuid7::Uuid7>().is_ok()
        }),
        (&["objectid", "-n", MAX], |line| {
            line.parse::<objectid::ObjectId>().is_ok()
        }),
        (&["snowflake", "--worker-id", "5", "-n", MAX], |line| {
            line.parse::<snowflake::SnowflakeId>().is_ok()
        }),
        // Worker 5's first id of 2024-01-01T00:00:01Z: (1000 << 22) | (5 << 12).
        (
            &[
                "snowflake",
                "--worker-id",
                "5",
                "--at",
                "1704067201000",
                "-n",
                MAX,
            ],
            |line| line == "4194324480",
        ),
        (&["checksummed", "-n", MAX], |line| {
            line.len() == 16 && checksummed_id::verify(line)
        }),
        (&["ulid", "-n", "0"], str::is_empty),
    ];
    for (args, check) in cases {
        let output = first_line_then_close(args, Duration::from_secs(30));
        let first_line = output
            .strip_prefix("status: 0\n--- stdout\n")
            .and_then(|rest| rest.strip_suffix("--- stderr\n"))
            .unwrap_or_else(|| panic!("{args:?}: {output}"));
        let first_line = first_line.strip_suffix('\n').unwrap_or(first_line);
        assert!(check(first_line), "{args:?}: {output}");
    }
}

/// Set, to the arguments of a command, in a copy of this test binary that runs only
/// [`helper_measuring_peak_memory`].
#[cfg(unix)]
const MEASURE: &str = "IDENTIFIER_CLI_TEST_MEASURE";

/// Not a test of its own (so it is ignored, never counted as passing): [`common::peak_memory`]
/// runs it in a fresh copy of this binary, where it runs the command named in [`MEASURE`],
/// reads its output, waits for it and reports its peak memory.
#[cfg(unix)]
#[test]
#[ignore = "a helper: peak_memory runs it in a child process"]
fn helper_measuring_peak_memory() {
    let Ok(args) = std::env::var(MEASURE) else {
        return;
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_identifier"))
        .args(args.split(' '))
        .env_remove(MEASURE)
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
    let mut lines = 0u64;
    let mut last = String::new();
    for line in stdout.lines() {
        // As text, which for ULIDs is the order of the values.
        let line = line.expect("stdout is UTF-8");
        assert!(line > last, "{line} after {last}");
        (lines, last) = (lines + 1, line);
    }
    assert!(child.wait().expect("the child ends").success(), "{args}");
    common::report_peak_memory(lines);
}

#[cfg(unix)]
#[test]
fn a_million_ulids_take_no_more_memory_than_one() {
    let (one, lines) = common::peak_memory(MEASURE, "ulid -n 1");
    assert_eq!(lines, 1);
    let (million, lines) = common::peak_memory(MEASURE, "ulid -n 1000000");
    assert_eq!(lines, 1_000_000);
    eprintln!("peak RSS: ulid -n 1: {one} bytes; ulid -n 1000000: {million} bytes");
    assert!(million <= 20_000_000, "ulid -n 1000000: {million} bytes");
    // The ids of one chunk take 16 KiB, the output buffer 8 KiB: a million ids, 16 MB if all
    // were held at once, may not take more than 2 MB over one id (allocator and page noise).
    assert!(
        million <= one + 2_000_000,
        "ulid -n 1000000: {million} bytes, ulid -n 1: {one} bytes"
    );
}

/// Commands whose whole output (exit status and both streams) is the snapshot of their name.
#[test]
fn single_commands() {
    let cases: &[(&str, &[&str])] = &[
        ("ulid_out_of_range", &["ulid", "--at", "281474976710656"]),
        ("uuid7_bad_count", &["uuid7", "-n", "many"]),
        ("objectid_out_of_range", &["objectid", "--at", "4294967296"]),
        // A fresh generator: sequences 0, 1 and 2 of 2024-01-01T00:00:01Z for worker 7, that is
        // (1000 << 22) | (7 << 12) | n = 4194332672 + n.
        (
            "snowflake_at_a_timestamp",
            &[
                "snowflake",
                "--worker-id",
                "7",
                "--at",
                "1704067201000",
                "-n",
                "3",
            ],
        ),
        (
            "snowflake_bad_worker_id",
            &["snowflake", "--worker-id", "1024"],
        ),
        ("snowflake_without_worker_id", &["snowflake"]),
        ("checksummed_bad_separator", &["checksummed", "--sep", "O"]),
        (
            "verify_valid_and_invalid",
            &[
                "verify",
                "H88C-MK9B-VJ1V-P",
                "h88c-mk9b-vj1v-p",
                "H88C-MK9B-VJ1V-Q",
            ],
        ),
        (
            "verify_with_another_separator",
            &["verify", "--sep", " ", "H88C MK9B VJ1V P"],
        ),
        (
            "inspect_every_format",
            &[
                "inspect",
                "01ARZ3NDEKTSV4RRFFQ69G5FAV",
                "017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
                "507c7f79bcf86cd7994f6c0e",
                "4194308098",
                "H88C-MK9B-VJ1V-P",
            ],
        ),
        (
            "inspect_json",
            &[
                "inspect",
                "--json",
                "01ARZ3NDEKTSV4RRFFQ69G5FAV",
                "4194308098",
                "nope",
            ],
        ),
        (
            "inspect_what_is_not_an_identifier",
            &[
                "inspect",
                "8ZZZZZZZZZZZZZZZZZZZZZZZZZ",
                "550e8400-e29b-41d4-a716-446655440000",
                "507C7F79BCF86CD7994F6C0E",
                "9223372036854775808",
                "hello",
            ],
        ),
        ("help_shows_examples", &["--help"]),
    ];
    for (name, args) in cases {
        // Without --lease, the usage names one argument less (see
        // lease_options_come_with_the_lease_feature).
        if !cfg!(feature = "lease") && *name == "snowflake_without_worker_id" {
            continue;
        }
        // The command in the snapshot's header, so that each file says what made it.
        insta::with_settings!({ description => args.join(" "), omit_expression => true }, {
            insta::assert_snapshot!(*name, run(args, ""));
        });
    }
}

#[test]
fn checksummed_codes() {
    let output = run(&["checksummed", "--length", "8", "-n", "3"], "");
    insta::assert_snapshot!(masked(&output, 0, |line| {
        assert!(checksummed_id::verify(line), "{line}");
    }));
}

#[test]
fn subcommand_help_documents_counts_and_timestamps() {
    let ulid = run(&["ulid", "--help"], "");
    let inspect = run(&["inspect", "--help"], "");
    insta::assert_snapshot!(format!("{ulid}\n{inspect}"));
}

/// Runs the command with `args` under `faketime`, its clock stopped at `unix_s` seconds
/// since the Unix epoch: the exit status and both streams, as [`run`] gives them. Fails,
/// never skips, without `faketime`. Unix only: libfaketime is a preloaded library of the
/// dynamic linker, which Windows has no equivalent of.
#[cfg(unix)]
fn run_at_clock(unix_s: u64, args: &[&str]) -> String {
    // Seconds (FAKETIME_FMT=%s) rather than a date: libfaketime reads no year past 9999, and
    // a date would be read in the local time zone.
    let output = Command::new("faketime")
        .arg("-f")
        .arg(unix_s.to_string())
        .arg(env!("CARGO_BIN_EXE_identifier"))
        .args(args)
        .env("FAKETIME_FMT", "%s")
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|error| {
            panic!(
                "cannot run `faketime` ({error}); this test needs it: `apt-get install faketime` \
                 (Debian and Ubuntu; `brew install libfaketime` on macOS)"
            )
        });
    common::describe(output)
}

#[cfg(unix)]
#[test]
fn a_clock_outside_the_range_of_a_format_is_an_error_not_a_panic() {
    // Each format's range ends (or starts) at a different time: ObjectId after
    // 2106-02-07T06:28:15Z, Snowflake outside 2024-01-01 to 2093-09-06, ULID and UUIDv7
    // after 10889-08-02.
    let cases: [(u64, &str, &[&str]); 6] = [
        (4_323_283_200, "2107-01-01T00:00:00Z", &["objectid"]),
        (
            4_323_283_200,
            "2107-01-01T00:00:00Z",
            &["objectid", "-n", "5000"],
        ),
        (
            3_913_142_400,
            "2094-01-01T00:00:00Z",
            &["snowflake", "--worker-id", "1"],
        ),
        (
            1_704_067_199,
            "2023-12-31T23:59:59Z",
            &["snowflake", "--worker-id", "1"],
        ),
        (281_488_089_600, "10890-01-01T00:00:00Z", &["ulid"]),
        (
            281_488_089_600,
            "10890-01-01T00:00:00Z",
            &["uuid7", "-n", "3"],
        ),
    ];
    let mut outputs = Vec::new();
    for (unix_s, date, args) in cases {
        let output = run_at_clock(unix_s, args);
        let context = format!("{date} {args:?}: {output}");
        assert!(
            output.starts_with("status: 1\n--- stdout\n--- stderr\nidentifier: error: "),
            "{context}"
        );
        assert!(output.contains("out of range"), "{context}");
        assert!(!output.contains("panicked"), "{context}");
        assert_eq!(output.lines().count(), 4, "{context}");
        outputs.push(format!(
            "$ FAKETIME_FMT=%s faketime -f {unix_s} identifier {}    # {date}\n{output}",
            args.join(" ")
        ));
    }
    insta::assert_snapshot!(outputs.join("\n"));
}

#[cfg(unix)]
#[test]
fn a_clock_inside_the_range_of_a_format_gives_ids_of_that_time() {
    // faketime works here, so the errors above are the clock's: 2106-02-07T06:28:15Z is the
    // last second of an ObjectId.
    let output = run_at_clock(4_294_967_295, &["objectid"]);
    insta::assert_snapshot!(masked(&output, 8, |line| {
        assert_eq!(objectid::extract_timestamp_s(line), Ok(4_294_967_295));
    }));
}

#[test]
fn inspect_checksummed_codes_of_every_length() {
    // 26 and 36 characters with their separators: the lengths of a ULID and of a UUID.
    for (length, len) in [("20", 26), ("28", 36), ("25", 32), ("1", 2)] {
        let codes = stdout_lines(&["checksummed", "--length", length, "-n", "50"]);
        let mut args = vec!["inspect", "--json"];
        args.extend(codes.iter().map(String::as_str));
        let reports = stdout_lines(&args);
        for (code, report) in codes.iter().zip(&reports) {
            assert_eq!(code.chars().count(), len);
            let report: serde_json::Value = serde_json::from_str(report).unwrap();
            // A short code of digits is a Snowflake id too, listed first.
            let also = report["also_valid_as"].as_array();
            assert!(
                report["format"] == "checksummed"
                    || also.is_some_and(|formats| formats.contains(&"checksummed".into())),
                "{report}"
            );
            assert_eq!(report["id"], code.as_str());
        }
    }
    insta::assert_snapshot!(run(
        &[
            "inspect",
            "MCFY-A6BY-K3NT-PXR8-JSRM-Q",
            "0TYZ-M6NM-XM6V-7KKW-M5S6-RT00-WK7K-7",
            // 26 symbols: a ULID, and a checksummed code with its separators left out.
            "1Q0G764BCY7WH1A7S2DT12PD3C",
        ],
        ""
    ));
}

#[test]
fn inspect_names_a_non_ascii_character_and_its_byte_index() {
    let output = run(
        &[
            "inspect",
            // 36 characters, 37 bytes: an `é` for the last digit, then for a hyphen.
            "017f22e2-79b0-7cc3-98c4-dc0c0c07398é",
            "017f22e2-79b0-7cc3-98c4édc0c0c07398f",
            // 24 characters, 25 bytes.
            "507c7f79bcf86cd7994f6c0é",
        ],
        "",
    );
    assert!(!output.contains("bytes"), "{output}");
    assert!(
        output.contains("'é' at byte index 35: expected a hexadecimal digit"),
        "{output}"
    );
    assert!(
        output.contains("'é' at byte index 23: expected '-'"),
        "{output}"
    );
    assert!(
        output.contains("'é' at byte index 23: expected a hex digit"),
        "{output}"
    );
    insta::assert_snapshot!(output);
}

/// Ids and codes that would forge lines, or act on a terminal, if printed as they are.
const FORGERIES: [&str; 4] = [
    "01ARZ3NDEKTSV4RRFFQ69G5FAV\n  format       ULID",
    "H88C-MK9B-VJ1V-P\tvalid\nH88C-MK9B-VJ1V-Q",
    "\u{1b}[2J\u{9b}31m\u{7f}\r",
    "\u{202e}VAF5G96QFFRR4VSTKEDN3ZRA10",
];

/// Whether `c` may appear as it is in the output: printable, or the line and field
/// separators of the output itself.
fn shown_as_it_is(c: char) -> bool {
    c == '\n' || c == '\t' || (c.escape_debug().nth(1) != Some('u') && !c.is_control())
}

#[test]
fn inspect_and_verify_escape_control_characters() {
    let mut args = vec!["inspect"];
    args.extend(FORGERIES);
    let human = run(&args, "");
    args.insert(1, "--json");
    let json = run(&args, "");
    let mut args = vec!["verify"];
    args.extend(FORGERIES);
    let verify = run(&args, "");
    for output in [&human, &json, &verify] {
        assert!(output.chars().all(shown_as_it_is), "{output:?}");
    }
    // One line per id and per field, as for any other id: no forged line.
    assert_eq!(human.lines().count(), 3 + 4 * 7, "{human}");
    assert_eq!(verify.lines().count(), 3 + 4, "{verify}");
    // Each JSON line is valid JSON with the id exactly as given.
    let stdout = json.split("--- stdout\n").nth(1).unwrap();
    let stdout = stdout.split("--- stderr\n").next().unwrap();
    let ids: Vec<String> = stdout
        .lines()
        .map(|line| {
            let report: serde_json::Value = serde_json::from_str(line).expect(line);
            report["id"].as_str().unwrap().to_owned()
        })
        .collect();
    assert_eq!(ids, FORGERIES);
    insta::assert_snapshot!(format!("{human}\n{json}\n{verify}"));
}

#[test]
fn numbers_are_ascii_digits_only() {
    let cases: [&[&str]; 9] = [
        &["ulid", "-n", "+3"],
        &["uuid7", "--at", "+0"],
        &["snowflake", "--worker-id", "+7"],
        &["objectid", "-n", " 3"],
        &["checksummed", "-n", "+1"],
        &["checksummed", "--length", "+8"],
        &["ulid", "-n", "18446744073709551616"],
        &["snowflake", "--worker-id", "65536"],
        &["ulid", "--at", ""],
    ];
    let outputs: Vec<String> = cases
        .iter()
        .map(|args| {
            let output = run(args, "");
            assert!(output.starts_with("status: 2\n"), "{args:?}: {output}");
            format!("$ identifier {args:?}\n{output}")
        })
        .collect();
    insta::assert_snapshot!(outputs.join("\n"));
}

#[test]
fn inspect_a_year_past_9999() {
    // The last millisecond of 48 bits, 10889-08-02T05:31:50.655Z: RFC 3339 stops at 9999.
    let ids = [
        "inspect",
        "7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
        "ffffffff-ffff-7fff-bfff-ffffffffffff",
    ];
    let human = run(&ids, "");
    let json = run(&[&ids[..1], &["--json"], &ids[1..]].concat(), "");
    assert!(
        human.contains("+10889-08-02T05:31:50.655Z (ISO 8601"),
        "{human}"
    );
    assert!(json.contains("\"+10889-08-02T05:31:50.655Z\""), "{json}");
    insta::assert_snapshot!(format!("{human}\n{json}"));
}

/// The ids of a fixture file (`tests/fixtures/README.md` says how each was made).
fn fixture(name: &str) -> Vec<String> {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
    text.lines().map(str::to_owned).collect()
}

/// The JSON reports of `inspect --json` with `args`, one for each id.
fn json_reports(args: &[&str]) -> Vec<serde_json::Value> {
    let output = Command::new(env!("CARGO_BIN_EXE_identifier"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8(output.stdout).expect("stdout is UTF-8");
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect(line))
        .collect()
}

#[test]
fn inspect_uuids_of_every_version_made_by_python() {
    let versions = ["1", "2", "3", "4", "5", "6", "7", "8"];
    let ids: Vec<String> = versions
        .iter()
        .flat_map(|v| fixture(&format!("uuid-v{v}.txt")))
        .collect();
    let mut args = vec!["inspect", "--json"];
    args.extend(ids.iter().map(String::as_str));
    let reports = json_reports(&args);
    for ((version, id), report) in versions.iter().zip(&ids).zip(&reports) {
        assert_eq!(report["format"], format!("UUIDv{version}"), "{report}");
        assert_eq!(
            report["version"],
            version.parse::<u8>().unwrap(),
            "{report}"
        );
        assert_eq!(report["variant"], "RFC 9562 (10x)", "{report}");
        assert_eq!(report["canonical"], id.as_str(), "{report}");
    }
    // What Python's `uuid.UUID(...).time`, `.clock_seq` and `.node` give for v1, and
    // uuid_utils' for v6.
    assert_eq!(reports[0]["timestamp_100ns"], 140_154_693_084_950_405_u64);
    assert_eq!(reports[0]["clock_sequence"], 0x1234);
    assert_eq!(reports[0]["node"], "02:42:ac:11:00:02");
    assert_eq!(reports[5]["timestamp_100ns"], 140_154_693_091_980_510_u64);
    assert_eq!(reports[5]["clock_sequence"], 0x1234);
    // v2: the local id and domain put in, the low 32 bits of the time and of the clock
    // sequence taken out.
    assert_eq!(reports[1]["local_id"], 1000);
    assert_eq!(reports[1]["local_domain"], 0);
    assert_eq!(reports[1]["clock_sequence"], 0x12);
    let mut args = vec!["inspect"];
    args.extend(ids.iter().map(String::as_str));
    insta::assert_snapshot!(run(&args, ""));
}

#[test]
fn inspect_uuids_in_every_form_and_case() {
    // RFC 9562 A.6's UUIDv7 and A.5's UUIDv6, the nil and max UUIDs, then what is not one.
    let output = run(
        &[
            "inspect",
            "017F22E2-79B0-7CC3-98C4-DC0C0C07398F",
            "{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}",
            "urn:uuid:1ec9414c-232a-6b00-b3c8-9f6bdeced846",
            "URN:UUID:1EC9414C-232A-6B00-B3C8-9F6BDECED846",
            "1ec9414c232a6b00b3c89f6bdeced846",
            "00000000-0000-0000-0000-000000000000",
            "ffffffff-ffff-ffff-ffff-ffffffffffff",
            // The NCS variant: no version to read.
            "1ec9414c-232a-6b00-73c8-9f6bdeced846",
            "{017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
            "{017f22e2-79b0-7cc3-98c4-dc0c0c07398}",
            "urn:uuid:017f22e279b07cc398c4dc0c0c07398f",
            "017f22e2x79b0-7cc3-98c4-dc0c0c07398f",
            "017f22e2-79b0-7cc3-98c4-dc0c0c07398g",
        ],
        "",
    );
    insta::assert_snapshot!(output);
    let reports = json_reports(&[
        "inspect",
        "--json",
        "{C232AB00-9414-11EC-B3C8-9F6BDECED846}",
    ]);
    // RFC 9562 A.1's UUIDv1: 2022-02-22T19:22:22Z.
    assert_eq!(reports[0]["format"], "UUIDv1");
    assert_eq!(reports[0]["form"], "braced");
    assert_eq!(reports[0]["timestamp"], "2022-02-22T19:22:22.0000000Z");
    assert_eq!(reports[0]["timestamp_ms"], 1_645_557_742_000_u64);
    assert!(reports[0]["note"].as_str().unwrap().contains("lower case"));
}

#[test]
fn inspect_ulids_and_object_ids_made_by_python() {
    let ulid = fixture("ulid.txt").remove(0);
    let object_id = fixture("objectid.txt").remove(0);
    let upper = object_id.to_ascii_uppercase();
    let output = run(&["inspect", &ulid, &object_id, &upper], "");
    assert!(output.starts_with("status: 0\n"), "{output}");
    assert_eq!(output.matches("random or counter").count(), 3, "{output}");
    assert!(output.contains("not in canonical case"), "{output}");
    let reports = json_reports(&["inspect", "--json", &ulid, &object_id]);
    // python-ulid's `ULID.from_str(...).milliseconds`, bson's `generation_time`.
    assert_eq!(reports[0]["timestamp_ms"], 1_796_176_509_350_u64);
    assert_eq!(reports[1]["timestamp"], "2026-12-02T01:55:09.000Z");
    insta::assert_snapshot!(output);
}

#[test]
fn inspect_snowflakes_of_every_layout() {
    let cases = [
        ("twitter", fixture("snowflake-twitter.txt")),
        ("discord", fixture("snowflake-discord.txt")),
        ("instagram", fixture("snowflake-instagram.txt")),
        ("sonyflake", fixture("snowflake-sonyflake.txt")),
        ("this", vec!["4194308098".to_owned()]),
    ];
    let mut outputs = Vec::new();
    for (layout, ids) in &cases {
        let mut args = vec!["inspect", "--layout", layout];
        args.extend(ids.iter().map(String::as_str));
        let command = args.join(" ");
        let human = run(&args, "");
        assert!(human.starts_with("status: 0\n"), "{human}");
        args.insert(1, "--json");
        let json = run(&args, "");
        outputs.push(format!("$ identifier {command}\n{human}\n$ --json\n{json}"));
    }
    // The published dates (tests/fixtures/README.md).
    let published = [
        ("twitter", "1212092628029698048", "2019-12-31T19:26:16.771Z"),
        ("discord", "175928847299117063", "2016-04-30T11:18:25.796Z"),
        ("discord", "105484726235607040", "2015-10-19T01:58:38.546Z"),
        ("instagram", "26903761368650759", "2011-10-01T00:00:00.000Z"),
        (
            "sonyflake",
            "487328464240836866",
            "2023-11-14T22:13:20.000Z",
        ),
    ];
    for (layout, id, date) in published {
        let report = &json_reports(&["inspect", "--json", "--layout", layout, id])[0];
        assert_eq!(report["timestamp"], date, "{report}");
        assert_eq!(report["layout"], layout, "{report}");
        assert!(report.get("generator_policy").is_none(), "{report}");
    }
    let discord = &json_reports(&["inspect", "--json", "--layout", "discord", published[1].1])[0];
    assert_eq!(discord["worker_id"], 1);
    assert_eq!(discord["process_id"], 0);
    assert_eq!(discord["increment"], 7);
    // A custom layout, with its epoch; another epoch for a known layout.
    for args in [
        &[
            "inspect",
            "--layout",
            "custom:41,10,12",
            "--epoch",
            "1704067200000",
            "4194308098",
        ][..],
        &[
            "inspect",
            "--layout",
            "twitter",
            "--epoch",
            "0",
            "1212092628029698048",
        ],
        &["inspect", "--layout", "custom:41,10,12", "4194308098"],
        &[
            "inspect",
            "--layout",
            "custom:42,10,12",
            "--epoch",
            "0",
            "1",
        ],
        &["inspect", "--layout", "flickr", "1"],
        // Mastodon's API documentation's Status example: 2019-12-08T03:48:33.849Z in its
        // 48 high bits, 1575776913849 * 65536 + 40911.
        &["inspect", "--layout", "mastodon", "103270115826048975"],
        &["inspect", "--epoch", "0", "1"],
        &["inspect", "--layout", "sonyflake", "9223372036854775807"],
        &[
            "inspect",
            "--layout",
            "custom:64,0,0",
            "--epoch",
            "1",
            "18446744073709551615",
        ],
    ] {
        outputs.push(format!(
            "$ identifier {}\n{}",
            args.join(" "),
            run(args, "")
        ));
    }
    insta::assert_snapshot!(outputs.join("\n"));
}

#[cfg(unix)]
#[test]
fn inspect_warns_of_a_snowflake_from_the_future() {
    // The clock stopped at 2026-12-01T00:00:00Z, so that the layouts under which a date is
    // plausible (2006 to a day from now) stay the same.
    let mut args = vec!["inspect"];
    let ids = [
        fixture("snowflake-twitter.txt"),
        fixture("snowflake-sonyflake.txt"),
        // A number too small to hold a timestamp.
        vec!["4095".to_owned()],
    ]
    .concat();
    args.extend(ids.iter().map(String::as_str));
    let human = run_at_clock(1_796_083_200, &args);
    args.insert(1, "--json");
    let json = run_at_clock(1_796_083_200, &args);
    assert!(
        human.contains("twitter 2019-12-31T19:26:16.771Z"),
        "{human}"
    );
    assert!(
        human.contains("sonyflake 2023-11-14T22:13:20.000Z"),
        "{human}"
    );
    insta::assert_snapshot!(format!("{human}\n{json}"));
}

#[test]
fn inspect_and_verify_read_standard_input() {
    let input: &[u8] = b"01ARZ3NDEKTSV4RRFFQ69G5FAV\r\nnope\n\n\xff\xfe\n4194308098";
    let human = run(&["inspect"], input);
    let dash = run(&["inspect", "-"], input);
    assert_eq!(human, dash);
    let json = run(&["inspect", "--json", "-"], input);
    let long = [&[b'1'; 5000][..], b"\n507c7f79bcf86cd7994f6c0e\n"].concat();
    let too_long = run(&["inspect"], &long);
    let verify = run(
        &["verify"],
        "H88C-MK9B-VJ1V-P\nH88C-MK9B-VJ1V-Q\nh88c-mk9b-vj1v-p\n",
    );
    let all_valid = run(&["verify", "-"], "H88C-MK9B-VJ1V-P\n");
    let all_known = run(
        &["inspect", "-"],
        "01ARZ3NDEKTSV4RRFFQ69G5FAV\n4194308098\n",
    );
    let empty = run(&["inspect"], "");
    for (output, status) in [
        (&human, 1),
        (&json, 1),
        (&too_long, 1),
        (&verify, 1),
        (&all_valid, 0),
        (&all_known, 0),
        (&empty, 0),
    ] {
        assert!(
            output.starts_with(&format!("status: {status}\n")),
            "{output}"
        );
    }
    assert!(human.contains("line 2: nope\n"), "{human}");
    assert!(human.contains("line 4 is not UTF-8\n"), "{human}");
    assert!(
        too_long.contains("line 1 is longer than 4096 bytes"),
        "{too_long}"
    );
    assert!(
        too_long.contains("\n507c7f79bcf86cd7994f6c0e\n"),
        "{too_long}"
    );
    insta::assert_snapshot!(format!(
        "{human}\n{json}\n{too_long}\n{verify}\n{all_valid}\n{empty}"
    ));
}

/// Worker 7's Snowflake ids of 2024-01-01T00:00:01Z as JSON lines, checked line by line and
/// as a snapshot.
const SNOWFLAKE_JSON: &[&str] = &[
    "snowflake",
    "--worker-id",
    "7",
    "--format",
    "json",
    "--at",
    "1704067201000",
];

#[test]
fn generators_write_json_lines() {
    let cases: [(&[&str], &str, u64); 4] = [
        (
            &[
                "ulid",
                "--format",
                "json",
                "--at",
                "1469922850259",
                "-n",
                "2",
            ],
            "timestamp_ms",
            1_469_922_850_259,
        ),
        (
            &["uuid7", "--format", "json", "--at", "1645557742000"],
            "timestamp_ms",
            1_645_557_742_000,
        ),
        (
            &["objectid", "--format", "json", "--at", "1350336377"],
            "timestamp_s",
            1_350_336_377,
        ),
        (SNOWFLAKE_JSON, "timestamp_ms", 1_704_067_201_000),
    ];
    for (args, key, at) in cases {
        for line in stdout_lines(args) {
            let object: serde_json::Value = serde_json::from_str(&line).expect(&line);
            let map = object.as_object().expect("an object");
            assert_eq!(map.len(), 2, "{line}");
            assert_eq!(object[key], at, "{line}");
            let id = object["id"].as_str().expect("the id is a string");
            let report = &json_reports(&["inspect", "--json", id])[0];
            assert_eq!(report[key], at, "{report}");
        }
    }
    // Paced, from the clock: the same form.
    for line in stdout_lines(&["uuid7", "--format", "json", "--rate", "1000", "-n", "2"]) {
        let object: serde_json::Value = serde_json::from_str(&line).expect(&line);
        assert!(object["timestamp_ms"].is_u64(), "{line}");
    }
    insta::assert_snapshot!(run(&[SNOWFLAKE_JSON, &["-n", "2"]].concat(), ""));
}

#[test]
fn completions_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout_lines(&["completions", shell]).join("\n");
        assert!(script.contains("identifier"), "{shell}");
        assert!(script.contains("inspect"), "{shell}");
        assert!(script.contains("--layout"), "{shell}");
    }
    let output = run(&["completions", "tcsh"], "");
    assert!(output.starts_with("status: 2\n"), "{output}");
}

#[test]
fn the_library_gives_the_clap_definition() {
    let command = identifier_cli::command();
    command.clone().debug_assert();
    assert_eq!(command.get_name(), "identifier");
    let names: Vec<&str> = command.get_subcommands().map(|c| c.get_name()).collect();
    assert!(
        names.contains(&"inspect") && names.contains(&"completions") && names.contains(&"man"),
        "{names:?}"
    );
}

#[test]
fn policy_prints_one_line_for_each_format() {
    for (format, name) in [
        ("ulid", "ULID"),
        ("uuid7", "UUIDv7"),
        ("objectid", "ObjectId"),
        ("snowflake", "Snowflake"),
    ] {
        let lines = stdout_lines(&[format, "--policy"]);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].starts_with(&format!("{name} layout 1 (")),
            "{format}: {lines:?}"
        );
    }
    // It generates nothing: counts and times are refused beside it.
    let output = run(&["ulid", "--policy", "-n", "3"], "");
    assert!(output.starts_with("status: 2\n"), "{output}");
}

#[test]
fn inspect_json_holds_the_generator_policy_on_request_only() {
    let ulid = stdout_lines(&["ulid"]).remove(0);
    let uuid7 = stdout_lines(&["uuid7"]).remove(0);
    let object_id = stdout_lines(&["objectid"]).remove(0);
    let snowflake = stdout_lines(&["snowflake", "--worker-id", "1"]).remove(0);
    let code = "H88C-MK9B-VJ1V-P";
    // Without --policy: no policy, and a short line.
    let line = stdout_lines(&["inspect", "--json", &ulid]).remove(0);
    assert!(line.len() < 300, "{} bytes: {line}", line.len());
    let report: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(report["format"], "ULID", "{line}");
    assert!(report.get("generator_policy").is_none(), "{line}");
    let ids: [&str; 5] = [&ulid, &uuid7, &object_id, &snowflake, code];
    let mut args = vec!["inspect", "--json"];
    args.extend(ids);
    for report in json_reports(&args) {
        assert!(report.get("generator_policy").is_none(), "{report}");
    }
    // With it: each format's own policy, as its crate serializes it.
    args.insert(2, "--policy");
    let reports = json_reports(&args);
    let policies = [
        serde_json::to_value(ulid::POLICY).unwrap(),
        serde_json::to_value(uuid7::POLICY).unwrap(),
        serde_json::to_value(objectid::POLICY).unwrap(),
        serde_json::to_value(snowflake::POLICY).unwrap(),
    ];
    assert_eq!(reports.len(), 5);
    for (report, policy) in reports.iter().zip(&policies) {
        assert_eq!(report["generator_policy"], *policy, "{report}");
    }
    assert_eq!(policies[0]["format"], "ULID");
    // Checksummed codes have no generator; nor has another layout's Snowflake id.
    assert_eq!(reports[4]["format"], "checksummed");
    assert!(
        reports[4].get("generator_policy").is_none(),
        "{}",
        reports[4]
    );
    let discord = &json_reports(&[
        "inspect",
        "--json",
        "--policy",
        "--layout",
        "discord",
        "175928847299117063",
    ])[0];
    assert!(discord.get("generator_policy").is_none(), "{discord}");
    // The human output has no policy to show: --policy asks for --json.
    let output = run(&["inspect", "--policy", &ulid], "");
    assert!(output.starts_with("status: 2\n"), "{output}");
    assert!(output.contains("--json"), "{output}");
}

/// The date of the Snowflake id `id` under each other known layout, in Unix milliseconds,
/// from the layouts as their makers document them.
fn foreign_dates(id: u64) -> [(&'static str, u64); 4] {
    [
        // twitter-archive/snowflake: 41-bit ms since 1288834974657 above 5 + 5 + 12 bits.
        ("twitter", (id >> 22) + 1_288_834_974_657),
        // Discord's API reference: ms since 2015-01-01T00:00:00Z above bit 22.
        ("discord", (id >> 22) + 1_420_070_400_000),
        // "Sharding & IDs at Instagram": ms since 1314220021721 above 13 + 10 bits.
        ("instagram", (id >> 23) + 1_314_220_021_721),
        // sony/sonyflake: units of 10 ms since 2014-09-01T00:00:00Z above 8 + 16 bits.
        ("sonyflake", (id >> 24) * 10 + 1_409_529_600_000),
    ]
}

/// The Unix millisecond of an RFC 3339 timestamp, read by jiff.
fn unix_ms(timestamp: &serde_json::Value) -> u64 {
    let text = timestamp.as_str().expect("a timestamp is a string");
    let time: jiff::Timestamp = text.parse().expect(text);
    u64::try_from(time.as_millisecond()).expect(text)
}

/// Checks a report's `also_plausible_as` against [`foreign_dates`]: every layout under which
/// the date falls from 2006-01-01 to a day after `now_ms`, each with its date.
fn check_also_plausible(report: &serde_json::Value, now_ms: u64) {
    let id: u64 = report["id"].as_str().unwrap().parse().unwrap();
    let listed = report["also_plausible_as"]
        .as_array()
        .expect("also_plausible_as");
    let expected: Vec<(&str, u64)> = foreign_dates(id)
        .into_iter()
        .filter(|&(_, ms)| (1_136_073_600_000..=now_ms + 86_400_000).contains(&ms))
        .collect();
    let found: Vec<(&str, u64)> = listed
        .iter()
        .map(|entry| {
            (
                entry["layout"].as_str().unwrap(),
                unix_ms(&entry["timestamp"]),
            )
        })
        .collect();
    assert_eq!(found, expected, "{report}");
}

#[test]
fn inspect_names_the_other_layouts_under_which_a_date_is_plausible() {
    // Discord's example: 2016-04-30T11:18:25.796Z, worker 1, process 0, increment 7 (its API
    // reference); under this crate's layout, a plausible 2025-04-30.
    let discord = "175928847299117063";
    let report = &json_reports(&["inspect", "--json", discord])[0];
    assert_eq!(report["layout"], "this", "{report}");
    assert!(report.get("warning").is_none(), "{report}");
    let listed = report["also_plausible_as"].as_array().unwrap();
    let entry = listed.iter().find(|entry| entry["layout"] == "discord");
    assert_eq!(
        entry.map(|entry| &entry["timestamp"]),
        Some(&"2016-04-30T11:18:25.796Z".into()),
        "{report}"
    );
    let now_ms = u64::try_from(jiff::Timestamp::now().as_millisecond()).unwrap();
    check_also_plausible(report, now_ms);
    let human = run(&["inspect", discord], "");
    assert!(human.starts_with("status: 0\n"), "{human}");
    assert!(
        human.contains("discord 2016-04-30T11:18:25.796Z"),
        "{human}"
    );
    // An id made now: whichever layouts its number gives a plausible date.
    let made = stdout_lines(&["snowflake", "--worker-id", "9"]).remove(0);
    let now_ms = u64::try_from(jiff::Timestamp::now().as_millisecond()).unwrap();
    let report = &json_reports(&["inspect", "--json", &made])[0];
    check_also_plausible(report, now_ms);
    // With --layout, the id is read as asked, and nothing else is listed.
    for args in [
        &["inspect", "--json", "--layout", "discord", discord][..],
        &["inspect", "--json", "--layout", "this", discord],
    ] {
        let report = &json_reports(args)[0];
        assert!(report.get("also_plausible_as").is_none(), "{report}");
    }
    // Nor for a number too small to hold a timestamp, which gets a warning instead.
    let report = &json_reports(&["inspect", "--json", "4095"])[0];
    assert!(report.get("also_plausible_as").is_none(), "{report}");
    assert!(report["warning"].is_string(), "{report}");
    insta::assert_snapshot!(human);
}

/// The timestamp of a generated id of `format`, in the unit of its `--at`, read back by the
/// format's own parser.
fn timestamp_of(format: &str, id: &str) -> u64 {
    match format {
        "ulid" => id.parse::<ulid::Ulid>().unwrap().timestamp_ms(),
        "uuid7" => id.parse::<uuid7::Uuid7>().unwrap().timestamp_ms(),
        "objectid" => id.parse::<objectid::ObjectId>().unwrap().timestamp_s(),
        "snowflake" => id.parse::<snowflake::SnowflakeId>().unwrap().timestamp_ms(),
        other => panic!("no format {other}"),
    }
}

#[test]
fn at_takes_unix_time_or_an_rfc_3339_date_time() {
    // 2024-01-01T00:00:00Z: the Snowflake crate's epoch, documented as that date.
    let new_year = snowflake::EPOCH_MS;
    let two_hours = 2 * 3_600_000;
    let cases = [
        ("ulid", "2024-01-01T00:00:00Z", new_year),
        (
            "ulid",
            "2024-01-01T00:00:00.123+02:00",
            new_year - two_hours + 123,
        ),
        (
            "uuid7",
            "2024-01-01T00:00:00.123+02:00",
            new_year - two_hours + 123,
        ),
        (
            "uuid7",
            "2023-12-31T22:00:00.123Z",
            new_year - two_hours + 123,
        ),
        ("snowflake", "2024-01-01T02:00:00.007+02:00", new_year + 7),
        ("objectid", "2024-01-01T00:00:00Z", new_year / 1000),
        ("objectid", "2023-12-31T19:00:00.000-05:00", new_year / 1000),
    ];
    for (format, date, expected) in cases {
        let digits = expected.to_string();
        for at in [date, &digits] {
            let mut args = vec![format];
            if format == "snowflake" {
                args.extend(["--worker-id", "1"]);
            }
            args.extend(["--at", at, "-n", "3"]);
            let ids = stdout_lines(&args);
            assert_eq!(ids.len(), 3, "{args:?}");
            for id in ids {
                assert_eq!(timestamp_of(format, &id), expected, "{args:?}: {id}");
            }
        }
    }
}

#[test]
fn at_rejects_what_is_not_an_exact_time_from_1970_on() {
    let expected_ms = "expected Unix milliseconds of ASCII digits, or an RFC 3339 date-time \
                       such as 2024-01-01T00:00:00Z";
    let cases: [(&[&str], &str); 7] = [
        (&["ulid", "--at", "2024-13-01T00:00:00Z"], expected_ms),
        (&["uuid7", "--at", "1969-12-31T23:59:59Z"], "before 1970"),
        (
            &[
                "snowflake",
                "--worker-id",
                "1",
                "--at",
                "2024-01-01T00:00:00",
            ],
            "offset",
        ),
        (
            &["objectid", "--at", "2024-01-01T00:00:00.5Z"],
            "a fraction of a second: ObjectId timestamps are whole seconds",
        ),
        (
            &["ulid", "--at", "2024-01-01T00:00:00.0005Z"],
            "a fraction of a millisecond",
        ),
        (
            &["objectid", "--at", "1e9"],
            "expected Unix seconds of ASCII digits, or an RFC 3339 date-time",
        ),
        (&["uuid7", "--at", "+1704067200000"], expected_ms),
    ];
    let mut outputs = Vec::new();
    for (args, expected) in cases {
        let output = run(args, "");
        assert!(output.starts_with("status: 2\n"), "{args:?}: {output}");
        assert!(output.contains(expected), "{args:?}: {output}");
        outputs.push(format!("$ identifier {}\n{output}", args.join(" ")));
    }
    insta::assert_snapshot!(outputs.join("\n"));
}

/// A directory of its own for a test, empty, under the system's temporary directory.
fn temporary_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("identifier-cli-{name}-{}", std::process::id()));
    match std::fs::remove_dir_all(&dir) {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => panic!("{error}"),
        _ => dir,
    }
}

/// The bytes `identifier` writes to standard output with `args`, after checking that it
/// succeeded.
fn stdout_bytes(args: &[&str]) -> Vec<u8> {
    let output = Command::new(env!("CARGO_BIN_EXE_identifier"))
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{args:?}: {output:?}");
    output.stdout
}

/// Every subcommand has a page, and each page is a man page of that name whose text
/// holds the subcommand's own help.
#[test]
fn every_subcommand_has_a_page_with_its_help() {
    let root = temporary_dir("man");
    // Created if missing, parents included.
    let dir = root.join("share/man/man1");
    let written = stdout_lines(&["man", "--out-dir", dir.to_str().unwrap()]);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    let mut printed: Vec<String> = written
        .iter()
        .map(|line| {
            let path = std::path::Path::new(line);
            assert_eq!(path.parent(), Some(dir.as_path()), "{line}");
            path.file_name().unwrap().to_str().unwrap().to_owned()
        })
        .collect();
    printed.sort();
    assert_eq!(printed, names);
    for expected in [
        "identifier.1",
        "identifier-ulid.1",
        "identifier-snowflake.1",
        "identifier-inspect.1",
        "identifier-completions.1",
        "identifier-man.1",
    ] {
        assert!(names.iter().any(|name| name == expected), "{names:?}");
    }
    let subcommands: Vec<String> = identifier_cli::command()
        .get_subcommands()
        .map(|subcommand| format!("identifier-{}.1", subcommand.get_name()))
        .collect();
    assert_eq!(names.len(), subcommands.len() + 1, "{names:?}");
    // Each file is what `identifier man SUBCOMMAND` writes.
    for name in &names {
        let page = std::fs::read(dir.join(name)).unwrap();
        let args: Vec<&str> = match name.strip_prefix("identifier-") {
            Some(rest) => vec!["man", rest.strip_suffix(".1").unwrap()],
            None => vec!["man"],
        };
        assert!(page == stdout_bytes(&args), "{name} and {args:?} differ");
    }
    let snowflake = std::fs::read_to_string(dir.join("identifier-snowflake.1")).unwrap();
    assert!(
        snowflake.starts_with(".ie \\n(.g .ds Aq"),
        "{}",
        &snowflake[..80]
    );
    assert!(
        snowflake.contains(".TH identifier-snowflake 1"),
        "{snowflake}"
    );
    assert!(snowflake.contains("lease"), "{snowflake}");
    std::fs::remove_dir_all(&root).unwrap();
}

/// The pages are clap_mangen's rendering of the library's clap definition, byte for byte: the
/// command's under its name, each subcommand's under `identifier-<subcommand>`.
#[test]
fn man_pages_are_clap_mangens_rendering_of_the_definition() {
    let render = |command: clap::Command| {
        let mut text = Vec::new();
        clap_mangen::Man::new(command).render(&mut text).unwrap();
        text
    };
    let command = identifier_cli::command();
    assert!(
        stdout_bytes(&["man"]) == render(command.clone()),
        "identifier.1"
    );
    for subcommand in command.get_subcommands() {
        let name = subcommand.get_name();
        let page = render(subcommand.clone().name(format!("identifier-{name}")));
        assert!(stdout_bytes(&["man", name]) == page, "identifier-{name}.1");
    }
}

#[test]
fn man_names_the_subcommands_it_has_pages_for() {
    let unknown = run(&["man", "ulid7"], "");
    assert!(unknown.starts_with("status: 2\n"), "{unknown}");
    let names: Vec<String> = identifier_cli::command()
        .get_subcommands()
        .map(|subcommand| subcommand.get_name().to_owned())
        .collect();
    assert!(
        unknown.contains(&format!("expected one of {}", names.join(", "))),
        "{unknown}"
    );
    // One page, or every page into a directory: not both.
    let both = run(&["man", "ulid", "--out-dir", "man"], "");
    assert!(both.starts_with("status: 2\n"), "{both}");
    // A directory that cannot be made.
    let root = temporary_dir("man-file");
    std::fs::create_dir_all(&root).unwrap();
    let file = root.join("file");
    std::fs::write(&file, "").unwrap();
    let blocked = run(&["man", "--out-dir", file.to_str().unwrap()], "");
    assert!(blocked.starts_with("status: 1\n"), "{blocked}");
    assert!(
        blocked.contains(&format!("cannot create the directory {}", file.display())),
        "{blocked}"
    );
    std::fs::remove_dir_all(&root).unwrap();
    insta::assert_snapshot!(format!("{unknown}\n{both}"));
}

#[test]
fn lease_options_come_with_the_lease_feature() {
    let help = run(&["snowflake", "--help"], "");
    let lease = cfg!(feature = "lease");
    for option in [
        "--lease <LOCATION>",
        "--lease-table <NAME>",
        "--lease-ttl <SECONDS>",
        "--worker-ids <A-B>",
    ] {
        assert_eq!(help.contains(option), lease, "{option}: {help}");
    }
    if !lease {
        let output = run(&["snowflake", "--lease", "host=/tmp"], "");
        assert!(output.starts_with("status: 2\n"), "{output}");
        assert!(output.contains("unexpected argument '--lease'"), "{output}");
        let output = run(&["snowflake"], "");
        assert!(output.starts_with("status: 2\n"), "{output}");
        assert!(
            output.contains(
                "\n  <--worker-id <WORKER_ID>|--policy|--min-at <TIMESTAMP>|--max-at \
                 <TIMESTAMP>>\n"
            ),
            "{output}"
        );
    }
}

#[test]
fn inspect_reads_this_layout_one_way_with_or_without_layout() {
    // A plausible date, dates in the future, numbers below 2^22 (the epoch itself), the
    // smallest and the largest id: each branch of the default's notes.
    let ids = [
        "4194308098",
        "175928847299117063",
        "1212092628029698048",
        "4095",
        "0",
        "9223372036854775807",
    ];
    let default = json_reports(&[&["inspect", "--json"][..], &ids].concat());
    let layout = json_reports(&[&["inspect", "--json", "--layout", "this"][..], &ids].concat());
    assert_eq!((default.len(), layout.len()), (ids.len(), ids.len()));
    for (mut default, mut layout) in default.into_iter().zip(layout) {
        // What the default adds: the other layouts' notes; what --layout adds: its epoch,
        // 2024-01-01T00:00:00Z for this crate's layout.
        let notes = ["also_plausible_as", "plausible_layouts", "warning"];
        for key in notes {
            default.as_object_mut().unwrap().remove(key);
            assert!(layout.get(key).is_none(), "{layout}");
        }
        let epoch = layout.as_object_mut().unwrap().remove("epoch_ms");
        assert_eq!(epoch, Some(1_704_067_200_000_u64.into()));
        assert_eq!(default, layout);
    }
    // What the crate's parser refuses is refused either way, with the crate's reason.
    for id in ["007", "9223372036854775808", "+1", "1_000"] {
        let expected = id
            .parse::<snowflake::SnowflakeId>()
            .unwrap_err()
            .to_string();
        for args in [
            &["inspect", "--json", id][..],
            &["inspect", "--json", "--layout", "this", id],
        ] {
            let report = &json_reports(args)[0];
            assert_eq!(
                report["reasons"]["Snowflake"],
                expected.as_str(),
                "{args:?}"
            );
        }
    }
}

#[test]
fn inspect_gives_the_reason_of_the_checksummed_library() {
    let cases = [
        "",
        "P",
        "H8#C-MK9B-VJ1V-P",
        "H88C-MK9B-VJ1V-é",
        "H88C-MK9B-VJ1V-Q",
    ];
    for code in cases {
        let report = &json_reports(&["inspect", "--json", code])[0];
        let reason = checksummed_id::check(code).unwrap_err().to_string();
        assert_eq!(
            report["reasons"]["checksummed"],
            reason.as_str(),
            "{code:?}"
        );
    }
    // H88CMK9BVJ1V checks with P: a mismatch does not say so.
    let report = &json_reports(&["inspect", "--json", "H88C-MK9B-VJ1V-Q"])[0];
    assert_eq!(
        report["reasons"]["checksummed"],
        "check symbol 'Q' does not match the payload"
    );
}

#[test]
fn the_help_states_the_snowflake_layout_of_the_crate() {
    use snowflake::SnowflakeId;
    // Clap wraps the help to the terminal's width: compare with single spaces.
    let help = |args: &[&str]| {
        let output = run(args, "");
        output.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let inspect = help(&["inspect", "--help"]);
    let layout = format!(
        "this (this crate's: {}-bit ms since 2024-01-01, {}-bit worker, {}-bit sequence)",
        SnowflakeId::TIMESTAMP_BITS,
        SnowflakeId::WORKER_ID_BITS,
        SnowflakeId::SEQUENCE_BITS
    );
    assert!(inspect.contains(&layout), "{inspect}");
    let low_bits = SnowflakeId::WORKER_ID_BITS + SnowflakeId::SEQUENCE_BITS;
    assert!(
        inspect.contains(&format!("A number below 2^{low_bits}, whose timestamp")),
        "{inspect}"
    );
    assert!(
        inspect.contains(&format!("warning alone for a number below 2^{low_bits}")),
        "{inspect}"
    );
    let generate = help(&["snowflake", "--help"]);
    let worker = format!("worker id, 0 to {};", SnowflakeId::MAX_WORKER_ID);
    assert!(generate.contains(&worker), "{generate}");
    let widths = format!(
        "milliseconds since 2024-01-01, {}-bit worker id, {}-bit sequence",
        SnowflakeId::WORKER_ID_BITS,
        SnowflakeId::SEQUENCE_BITS
    );
    assert!(generate.contains(&widths), "{generate}");
    // 2024-01-01, as jiff reads it, is the crate's epoch.
    let epoch: jiff::Timestamp = "2024-01-01T00:00:00Z".parse().unwrap();
    assert_eq!(
        u64::try_from(epoch.as_millisecond()).unwrap(),
        snowflake::EPOCH_MS
    );
    // The range error of --worker-id states the crate's maximum too.
    let output = run(&["snowflake", "--worker-id", "65536"], "");
    assert!(
        output.contains(&format!(
            "a Snowflake worker id is 0 to {}",
            SnowflakeId::MAX_WORKER_ID
        )),
        "{output}"
    );
}

/// The ids the inspector page is checked with in a browser (crates/identifier-web/tests):
/// the command writes for each the line the page holds in its `data-json`, which is what the
/// inspector it calls, id-inspect, writes. Every format, every UUID version and form, every
/// Snowflake layout, and what is none.
#[test]
fn inspect_writes_what_the_inspector_page_shows_for_every_id_of_its_corpus() {
    let corpus: Vec<&str> = include_str!("../../identifier-web/tests/corpus.txt")
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    assert_eq!(corpus.len(), 36, "{corpus:?}");
    let layouts = std::iter::once(None).chain(id_inspect::layout::KNOWN.iter().map(Some));
    for layout in layouts {
        let mut args = vec!["inspect", "--json"];
        if let Some(layout) = layout {
            args.extend(["--layout", &layout.name]);
        }
        args.extend(&corpus);
        let output = common::output(&args);
        let now_ms = u64::try_from(jiff::Timestamp::now().as_millisecond()).unwrap();
        // Not every id of the corpus is one: exit status 1.
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        let mut options = id_inspect::Options::new(now_ms);
        options.layout = layout.cloned();
        let lines: Vec<&str> = std::str::from_utf8(&output.stdout)
            .unwrap()
            .lines()
            .collect();
        assert_eq!(lines.len(), corpus.len(), "{args:?}");
        for (line, id) in lines.iter().zip(&corpus) {
            assert_eq!(*line, id_inspect::json_report(id, &options), "{layout:?}");
        }
    }
}
