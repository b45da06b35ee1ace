//! `identifier content-id`: the JSON rules, the messages, and that a document of any size or
//! depth streams through in bounded memory.

mod common;

use common::{run, spawn};
#[cfg(target_os = "linux")]
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The start of a document, for messages.
fn shown(document: &str) -> &str {
    let end = document
        .char_indices()
        .nth(80)
        .map_or(document.len(), |(i, _)| i);
    &document[..end]
}

/// The id printed for a document that must be accepted.
fn id_of(document: &str) -> String {
    let output = run(&["content-id"], document.as_bytes());
    assert!(
        output.starts_with("status: 0\n"),
        "{}: {output}",
        shown(document)
    );
    output.lines().nth(2).expect("an id line").to_owned()
}

/// The message printed for a document that must be rejected.
fn error_of(document: &[u8]) -> String {
    error_with(&[], document)
}

/// The message printed for a document that must be rejected, with `args` after
/// `content-id`.
fn error_with(args: &[&str], document: &[u8]) -> String {
    let output = run(&[&["content-id"], args].concat(), document);
    assert!(output.starts_with("status: 1\n"), "{output}");
    output
        .split_once("--- stderr\n")
        .expect("a stderr section")
        .1
        .to_owned()
}

#[test]
fn content_id_of_json_on_stdin() {
    // The same document with other key order and spacing has the same id. The snapshot's id
    // was also derived from content-id's documented encoding (version 2) by a separate
    // implementation: Python's hashlib.blake2b with person=b"identifier:cid:2" and, for the
    // entries of the object, person=b"identifier:ent:2"
    // (crates/content-id/tests/golden_check.py).
    let a = run(
        &["content-id"],
        br#"{"name": "report", "pages": [1, 2.5, null]}"#,
    );
    let b = run(
        &["content-id", "-"],
        br#"{ "pages":[1,2.5,null], "name":"report" }"#,
    );
    assert_eq!(a, b);
    insta::assert_snapshot!(a);
}

#[test]
fn content_id_uuid5_and_length() {
    // Both also derived independently from the documented encoding: BLAKE2b-64 of [1, 2],
    // and uuid5(NAMESPACE, the 128-hex-character id) with Python's uuid module.
    let uuid5 = run(&["content-id", "--uuid5"], b"[1, 2]");
    let short = run(&["content-id", "--length", "16"], b"[1, 2]");
    insta::assert_snapshot!(format!("{uuid5}\n{short}"));
}

#[test]
fn content_id_of_a_file_matches_the_library() {
    let document = r#"{"b": [18446744073709551616, -0, 0.5], "a": "é\n"}"#;
    let path = std::env::temp_dir().join(format!("content-id-{}.json", std::process::id()));
    std::fs::write(&path, document).unwrap();
    let output = run(&["content-id", path.to_str().unwrap()], b"");
    std::fs::remove_file(&path).unwrap();
    let expected = content_id::json::generate_from_reader(
        document.as_bytes(),
        &content_id::Options::default(),
    )
    .unwrap();
    assert_eq!(
        output,
        format!("status: 0\n--- stdout\n{expected}\n--- stderr\n")
    );
    // And through serde_json, where it reads the document without loss.
    let value = serde_json::json!({"a": [1, 2], "b": "text", "c": {"d": -1.5}});
    let expected = content_id::generate(&content_id::Serde(&value)).unwrap();
    assert_eq!(id_of(&value.to_string()), expected);
}

#[test]
fn json_numbers_are_read_correctly_rounded() {
    // Found by fuzzing: a parser that is not correctly rounded reads this as the float one
    // unit in the last place away, so its id differs from any correctly rounding
    // implementation's. Rust's own `str::parse::<f64>` is correctly rounded.
    let text = "0.11000420646668853801420";
    let expected = content_id::generate(&text.parse::<f64>().unwrap()).unwrap();
    let output = run(&["content-id"], text);
    assert!(output.contains(&expected), "{output}");
}

#[test]
fn content_id_errors() {
    let invalid_utf8 = run(&["content-id"], b"[\"caf\xe9\"]");
    let duplicate = run(&["content-id"], b"{\n  \"id\": 1,\n  \"id\": 2\n}");
    let too_large = run(
        &["content-id"],
        b"[340282366920938463463374607431768211456]",
    );
    let trailing = run(&["content-id"], b"{} {}");
    let empty = run(&["content-id"], b"");
    let missing = run(&["content-id", "/nonexistent/document.json"], b"");
    // The operating system's own words for the missing file, which the snapshot holds as
    // Linux says them (Windows: "The system cannot find the path specified. (os error 3)").
    let os_error = std::fs::File::open("/nonexistent/document.json")
        .expect_err("the document does not exist")
        .to_string();
    assert!(missing.contains(&os_error), "{missing}");
    let missing = missing.replace(&os_error, "No such file or directory (os error 2)");
    let bad_length = run(&["content-id", "--length", "130"], b"[]");
    insta::assert_snapshot!(
        [
            invalid_utf8,
            duplicate,
            too_large,
            trailing,
            empty,
            missing,
            bad_length
        ]
        .join("\n")
    );
}

// `{"a":1,"a":2}` is an error, never the id of `{"a":2}` (serde_json keeps the last
// duplicate).
#[test]
fn duplicate_keys_are_an_error() {
    let message = error_of(br#"{"a": 1, "a": 2}"#);
    assert!(message.contains("duplicate key \"a\""), "{message}");
    assert!(message.contains("byte 9"), "{message}");
    // Deeper, and after other keys.
    let message = error_of(b"[{\"x\": {\"k\": 1, \"j\": 2, \"k\": 3}}]");
    assert!(message.contains("duplicate key \"k\""), "{message}");
    assert!(message.contains("byte 24"), "{message}");
    // The same key in different objects is fine.
    id_of(r#"[{"a": 1}, {"a": 1}, {"b": {"a": 2}}]"#);
}

// Integers past 64 bits stay integers: 2^64, 2^64 + 1 and 2^64 as a float have three ids.
#[test]
fn integers_beyond_64_bits_keep_their_value() {
    let two_to_64 = id_of("18446744073709551616");
    let next = id_of("18446744073709551617");
    let float = id_of("18446744073709551616.0");
    assert_ne!(two_to_64, next);
    assert_ne!(two_to_64, float);
    assert_ne!(next, float);
    // The ends of the range, and one past each.
    id_of("340282366920938463463374607431768211455");
    id_of("-170141183460469231731687303715884105728");
    for literal in [
        "340282366920938463463374607431768211456",
        "-170141183460469231731687303715884105729",
        "[1, 100000000000000000000000000000000000000000000000000]",
    ] {
        let message = error_of(literal.as_bytes());
        assert!(message.contains("integer out of range"), "{message}");
    }
}

// Negative integers past 64 bits stay integers, each with its own id.
#[test]
fn negative_integers_beyond_64_bits_keep_their_value() {
    assert_ne!(id_of("-9223372036854775809"), id_of("-9223372036854775810"));
    assert_ne!(
        id_of("-9223372036854775809"),
        id_of("-9223372036854775809.0")
    );
}

// `-0` is the integer 0, not the float 0.0.
#[test]
fn minus_zero_is_the_integer_zero() {
    assert_eq!(id_of("-0"), id_of("0"));
    assert_ne!(id_of("-0"), id_of("0.0"));
    assert_eq!(id_of("-0.0"), id_of("0.0"));
    assert_eq!(id_of("-0e7"), id_of("0.0"));
}

// Underflow is an error, as overflow is: 1e-400 is never silently 0.0.
#[test]
fn underflow_is_an_error_like_overflow() {
    for literal in ["1e-400", "-2.5e-330", "[0.00001e-320]"] {
        let message = error_of(literal.as_bytes());
        assert!(message.contains("underflow"), "{literal}: {message}");
    }
    for literal in ["1e400", "-1.8e308"] {
        let message = error_of(literal.as_bytes());
        assert!(message.contains("overflow"), "{literal}: {message}");
    }
    // Zero written with any exponent is zero, and the smallest subnormal is not zero.
    assert_eq!(id_of("0e-400"), id_of("0.0"));
    assert_ne!(id_of("5e-324"), id_of("0.0"));
}

// A bad `--length` is refused before standard input is read.
#[test]
fn a_bad_length_is_rejected_before_reading_input() {
    let mut child = spawn(&["content-id", "--length", "3"]);
    // Standard input stays open and empty: a command that reads it first would wait forever.
    let _stdin = child.stdin.take();
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child can be polled") {
            break status;
        }
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().expect("the child can be killed");
            panic!("content-id --length 3 waited for its input");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let output = child.wait_with_output().expect("the output is readable");
    assert_eq!(status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("length 3 is odd"), "{stderr}");
}

// A JSON error gives its position once.
#[test]
fn json_errors_give_the_position_once() {
    let output = run(&["content-id"], b"{\"a\": [1, 2,\n  }");
    let message = output.split_once("--- stderr\n").unwrap().1;
    assert_eq!(message.matches("line").count(), 1, "{message}");
    assert_eq!(message.matches("column").count(), 1, "{message}");
    insta::assert_snapshot!(output);
}

/// `depth` arrays or objects, one inside the other, around `1`.
fn nested(depth: usize, open: &str, close: &str) -> String {
    let mut text = String::with_capacity(depth * (open.len() + close.len()) + 1);
    for _ in 0..depth {
        text.push_str(open);
    }
    text.push('1');
    for _ in 0..depth {
        text.push_str(close);
    }
    text
}

/// The id printed for a document that must be accepted, with `args` after `content-id`.
fn id_with(args: &[&str], document: &str) -> String {
    let output = run(&[&["content-id"], args].concat(), document.as_bytes());
    assert!(
        output.starts_with("status: 0\n"),
        "{}: {output}",
        shown(document)
    );
    output.lines().nth(2).expect("an id line").to_owned()
}

// Any depth is hashed, up to the limit the caller gives (serde_json stops at 128), in time
// linear in the document.
#[test]
fn deeply_nested_documents_are_hashed() {
    let deep = ["--max-depth", "100000"];
    let arrays = id_with(&deep, &nested(30_000, "[", "]"));
    let objects = id_with(&deep, &nested(30_000, "{\"a\":", "}"));
    let mixed = id_with(&deep, &nested(15_000, "[{\"a\":", "}]"));
    assert_ne!(arrays, objects);
    assert_ne!(objects, mixed);
}

// A service can bound the memory a document takes by its depth. The limit is exact: a
// document at it is hashed, one level past it is an error at the `[` or `{` that goes past,
// which names the depth, the limit and the byte offset.
#[test]
fn max_depth_bounds_the_nesting() {
    // The default, 10,000: arrays, and arrays and objects by turns.
    id_of(&nested(10_000, "[", "]"));
    let mixed = nested(5_000, "[{\"a\":", "}]");
    id_of(&mixed);
    let message = error_of(nested(10_001, "[", "]").as_bytes());
    assert_eq!(
        message,
        "identifier: error: standard input: invalid JSON at line 1, column 10001 (byte 10000): \
         nested too deep: an array or object at depth 10001, past the limit of 10000\n"
    );
    // One more array around: the innermost `{` is at depth 10,001, 2 + 6 × 4,999 bytes in.
    let message = error_of(format!("[{mixed}]").as_bytes());
    assert!(
        message.ends_with(
            "(byte 29996): nested too deep: an array or object at depth 10001, past the limit of 10000\n"
        ),
        "{message}"
    );
    // Objects and arrays count alike.
    let limit = ["--max-depth", "3"];
    let id = id_with(&limit, r#"[{"a": [1]}, {"b": []}]"#);
    assert_eq!(id, id_of(r#"[{"a": [1]}, {"b": []}]"#));
    let message = error_with(&limit, br#"[{"a": [1]}, {"b": [[]]}]"#);
    assert!(
        message.ends_with(
            "(byte 20): nested too deep: an array or object at depth 4, past the limit of 3\n"
        ),
        "{message}"
    );
    let message = error_with(&limit, b"[[[{}]]]");
    assert!(
        message.contains("(byte 3): nested too deep: an array or object at depth 4,"),
        "{message}"
    );
    // 0: a scalar only.
    id_with(&["--max-depth", "0"], "\"text\"");
    let message = error_with(&["--max-depth", "0"], b" {}");
    assert!(
        message.contains(
            "(byte 1): nested too deep: an array or object at depth 1, past the limit of 0"
        ),
        "{message}"
    );
    // The UUIDv5 of a document obeys the same limit.
    let message = error_with(&["--uuid5", "--max-depth", "1"], b"[[]]");
    assert!(message.contains("(byte 1): nested too deep"), "{message}");
    // Above the default, on request.
    let deeper = nested(10_001, "[", "]");
    id_with(&["--max-depth", "10001"], &deeper);
    // The limit is a number of ASCII digits, as every number of the command.
    let output = run(&["content-id", "--max-depth", "-1"], "[]");
    assert!(output.starts_with("status: 2\n"), "{output}");
}

#[test]
fn content_id_help_states_memory_and_the_depth_limit() {
    insta::assert_snapshot!(run(&["content-id", "--help"], ""));
}

/// A JSON array of `count` objects of about 1 KiB, `[{"n":0,"s":"xx…"},…]`, made as it is
/// read.
#[cfg(target_os = "linux")]
struct LargeArray {
    next: usize,
    count: usize,
    pending: Vec<u8>,
    at: usize,
}

#[cfg(target_os = "linux")]
impl LargeArray {
    fn new(count: usize) -> Self {
        LargeArray {
            next: 0,
            count,
            pending: b"[".to_vec(),
            at: 0,
        }
    }
}

#[cfg(target_os = "linux")]
impl std::io::Read for LargeArray {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.pending.len() {
            if self.next > self.count {
                return Ok(0);
            }
            self.pending.clear();
            self.at = 0;
            if self.next == self.count {
                self.pending.push(b']');
            } else {
                if self.next > 0 {
                    self.pending.push(b',');
                }
                let text = format!("{{\"n\":{},\"s\":\"{}\"}}", self.next, "x".repeat(1000));
                self.pending.extend_from_slice(text.as_bytes());
            }
            self.next += 1;
        }
        let n = (self.pending.len() - self.at).min(buf.len());
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The address space `identifier content-id` maps before it reads its input, in KiB: the
/// program and its libraries, as the kernel counts them against `ulimit -v`.
#[cfg(target_os = "linux")]
fn mapped_at_start_kib() -> u64 {
    let mut child = Command::new(env!("CARGO_BIN_EXE_identifier"))
        .arg("content-id")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("the command runs");
    let status = format!("/proc/{}/status", child.id());
    let start = std::time::Instant::now();
    // Asleep in its first read of standard input, which nothing has written to.
    let mapped = loop {
        let text = std::fs::read_to_string(&status).unwrap_or_default();
        let field = |name: &str| {
            text.lines()
                .find_map(|line| line.strip_prefix(name))
                .map(str::trim)
                .map(str::to_owned)
        };
        if field("State:").is_some_and(|state| state.starts_with('S'))
            && let Some(size) = field("VmSize:")
        {
            break size.trim_end_matches(" kB").trim().parse::<u64>().unwrap();
        }
        assert!(
            start.elapsed() < std::time::Duration::from_secs(30),
            "the command never waited for its input"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    drop(child.stdin.take());
    let _ = child.wait();
    mapped
}

// The command runs with its address space limited to what it maps at its start plus 8 MiB,
// and hashes a 19 MiB array from a pipe: a command that held the document, let alone a tree
// of it, would fail to allocate. The id was computed from the same document by the
// implementation in Python in `crates/content-id/tests/golden_check.py` (`read`, `typed`,
// `encode`, then BLAKE2b-256 with its personalization), which shares no code with the crate.
#[cfg(target_os = "linux")]
#[test]
fn a_large_array_streams_in_bounded_memory() {
    // 20,000 objects of 1,017 to 1,021 bytes.
    let count = 20_000;
    let limit_kib = mapped_at_start_kib() + 8 * 1024;
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {limit_kib} && exec \"$0\" content-id"))
        .arg(env!("CARGO_BIN_EXE_identifier"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    let writer = std::thread::spawn(move || std::io::copy(&mut LargeArray::new(count), &mut input));
    let output = child.wait_with_output().expect("the command finishes");
    let written = writer.join().expect("the writer finishes");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{:?}: {stderr}", output.status);
    assert_eq!(
        written.expect("the command read the whole document"),
        20_368_891,
        "the document's size"
    );
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "302626852912ef84c0f6558619f698bd49322cbdfda27d1de88d610c7d0fdc72\n"
    );
}

/// Set, to the arguments of `content-id` (separated by spaces), in a copy of this test
/// binary that runs only [`helper_measuring_content_id_memory`].
#[cfg(target_os = "linux")]
const MEASURE: &str = "IDENTIFIER_CLI_TEST_MEASURE_CONTENT_ID";

/// The peak resident set size, in bytes, of `identifier content-id` on the document `file`.
///
/// Measured in a fresh copy of this test binary, as `tests/cli.rs` measures `ulid -n`: Linux
/// counts in a child's peak the memory of the process it was spawned from, and this test
/// process holds tens of MB while the other tests run. The copy's one child is the command.
#[cfg(target_os = "linux")]
fn peak_memory(max_depth: usize, file: &std::path::Path) -> u64 {
    let args = format!("--max-depth {max_depth} {}", file.display());
    let output = Command::new(std::env::current_exe().expect("the test binary's path"))
        .args([
            "--exact",
            "--ignored",
            "helper_measuring_content_id_memory",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(MEASURE, &args)
        .output()
        .expect("the test binary runs");
    let stdout = String::from_utf8(output.stdout).expect("stdout is UTF-8");
    assert!(output.status.success(), "{args}: {stdout}");
    stdout
        .lines()
        .find_map(|line| line.split_once("peak memory: ")?.1.strip_suffix(" bytes"))
        .unwrap_or_else(|| panic!("{args}: no report in {stdout}"))
        .parse()
        .expect("a number of bytes")
}

/// Not a test of its own (so it is ignored, never counted as passing): [`peak_memory`] runs
/// it in a fresh copy of this binary, where it runs `content-id` with the arguments in
/// [`MEASURE`], checks that it succeeds and reports its peak memory.
#[cfg(target_os = "linux")]
#[test]
#[ignore = "a helper: peak_memory runs it in a child process"]
fn helper_measuring_content_id_memory() {
    let Ok(args) = std::env::var(MEASURE) else {
        return;
    };
    let output = Command::new(env!("CARGO_BIN_EXE_identifier"))
        .arg("content-id")
        .args(args.split(' '))
        .env_remove(MEASURE)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "{args}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    println!("peak memory: {} bytes", common::children_peak_memory());
}

/// A document written to a file of this test's own, removed when dropped.
#[cfg(target_os = "linux")]
struct Document(std::path::PathBuf);

#[cfg(target_os = "linux")]
impl Document {
    fn new(name: &str, text: &str) -> Self {
        let path = std::env::temp_dir().join(format!(
            "content-id-memory-{}-{name}.json",
            std::process::id()
        ));
        std::fs::write(&path, text).expect("the document is written");
        Document(path)
    }
}

#[cfg(target_os = "linux")]
impl Drop for Document {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

// The help gives the bytes each level of nesting and each key costs, and the command's peak
// memory, less that of a one-item document, stays within them: what is in use, and up to
// twice that as the stacks grow by doubling.
#[cfg(target_os = "linux")]
#[test]
fn memory_per_level_and_per_key_is_what_the_help_says() {
    let baseline = peak_memory(1, Document::new("baseline", "[1]").0.as_path());
    let per = |name: &str, count: usize, text: String| {
        let document = Document::new(name, &text);
        let peak = peak_memory(count + 1, &document.0);
        let each = peak.saturating_sub(baseline) as f64 / count as f64;
        eprintln!("content-id memory: {name}: {peak} bytes, {each:.1} bytes each of {count}");
        each
    };
    // An array: 1 byte. A million of them: the baseline's own peak varies by a few hundred
    // KB from run to run, which a smaller count would divide into more than a byte each.
    let each = per("arrays", 1_000_000, nested(1_000_000, "[", "]"));
    assert!(each <= 2.0, "{each} bytes per array");
    // A chain of objects `{"a":{"a":…`: 76 bytes a level, 16 of them for the key.
    let each = per("objects", 50_000, nested(50_000, "{\"a\":", "}"));
    assert!(each <= 2.0 * 76.0, "{each} bytes per object");
    // An object that is the value of a 200-byte key, whose entry is past a 128-byte block:
    // 49 + the 81 bytes of it not yet compressed and their count + 72 + 16 for the key.
    let key = "k".repeat(200);
    let each = per(
        "long-keys",
        10_000,
        nested(10_000, &format!("{{\"{key}\":"), "}"),
    );
    assert!(each <= 2.0 * 219.0, "{each} bytes per object");
    // Keys of one object, counted just past the size at which its hash table doubles
    // (7/8 × 2^16 + 1): 91 bytes each at most, the old table's slots among them.
    let count = 57_345;
    let keys: Vec<String> = (0..count).map(|i| format!("\"{i}\":0")).collect();
    let each = per("keys", count, format!("{{{}}}", keys.join(",")));
    assert!(each <= 2.0 * 91.0, "{each} bytes per key");
}
