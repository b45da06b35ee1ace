//! `inspect` and `verify` on standard input: a million lines (verify; 10^5 for inspect, seven
//! or eight lines out for each) in the memory of one.

#![cfg(unix)]

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Set, to `SUBCOMMAND LINES`, in a copy of this test binary that runs only
/// [`helper_measuring_peak_memory`].
const MEASURE: &str = "IDENTIFIER_CLI_TEST_MEASURE_STDIN";

/// The peak resident set size in bytes of `identifier SUBCOMMAND` reading `lines` lines, and
/// the number of its stdout lines, measured in a fresh copy of this test binary.
fn peak_memory(subcommand: &str, lines: u64) -> (u64, u64) {
    common::peak_memory(MEASURE, &format!("{subcommand} {lines}"))
}

/// The input line `number` (from 1): an id or code, and every thousandth one that is not.
fn input_line(subcommand: &str, number: u64) -> &'static str {
    match (subcommand, number.is_multiple_of(1000)) {
        (_, true) => "nope\n",
        ("inspect", false) => "4194308098\n",
        _ => "H88C-MK9B-VJ1V-P\n",
    }
}

/// Not a test of its own (so it is ignored, never counted as passing): [`peak_memory`] runs
/// it in a fresh copy of this binary, where it feeds the command its lines, reads its
/// output, checks the reports of the bad lines, waits for it and reports its peak memory.
#[test]
#[ignore = "a helper: peak_memory runs it in a child process"]
fn helper_measuring_peak_memory() {
    let Ok(spec) = std::env::var(MEASURE) else {
        return;
    };
    let (subcommand, lines) = spec.split_once(' ').expect("SUBCOMMAND LINES");
    let lines: u64 = lines.parse().expect("a number of lines");
    let mut child = Command::new(env!("CARGO_BIN_EXE_identifier"))
        .arg(subcommand)
        .env_remove(MEASURE)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let writer_subcommand = subcommand.to_owned();
    let writer = std::thread::spawn(move || {
        let mut input = std::io::BufWriter::new(&mut stdin);
        for number in 1..=lines {
            input
                .write_all(input_line(&writer_subcommand, number).as_bytes())
                .expect("the command reads its input");
        }
    });
    let stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
    let mut output_lines = 0u64;
    let mut bad = 0u64;
    for line in stdout.lines() {
        let line = line.expect("stdout is UTF-8");
        if line.starts_with("line ") {
            bad += 1;
            let number: u64 = line[5..line.find(':').expect("line N:")].parse().unwrap();
            assert!(number.is_multiple_of(1000), "{line}");
        }
        output_lines += 1;
    }
    writer.join().expect("the writer finishes");
    let status = child.wait().expect("the child ends");
    assert_eq!(bad, lines / 1000);
    assert_eq!(status.code(), Some(if bad > 0 { 1 } else { 0 }), "{spec}");
    common::report_peak_memory(output_lines);
}

#[test]
fn a_million_lines_on_standard_input_take_no_more_memory_than_one() {
    // inspect writes seven or eight lines an id: 10^5 of them (800,000 lines out) show its
    // bound in a fifth of the time a million would take.
    // Each line's report: one line for verify; for inspect, eight for a Snowflake id (the
    // line, then its fields) and seven for every thousandth line ("not an identifier" and
    // five reasons).
    for (subcommand, many, per_id, per_bad_line) in
        [("verify", 1_000_000, 1, 1), ("inspect", 100_000, 8, 7)]
    {
        let lines_out = |lines: u64| (lines - lines / 1000) * per_id + lines / 1000 * per_bad_line;
        let (one, lines) = peak_memory(subcommand, 1);
        assert_eq!(lines, lines_out(1));
        let (peak, lines) = peak_memory(subcommand, many);
        assert_eq!(lines, lines_out(many));
        eprintln!("peak RSS: {subcommand}: 1 line: {one} bytes; {many} lines: {peak} bytes");
        // A million lines are 17 MB of input; 10^5 for inspect, 10 MB of output: held, they
        // would take that much; read and written as they come, the same as one line.
        assert!(
            peak <= one + 2_000_000,
            "{subcommand}: {many} lines: {peak} bytes, 1 line: {one} bytes"
        );
    }
}
