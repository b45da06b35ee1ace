//! `identifier content-id`: the JSON rules, the messages, and that a document of any size or
//! depth streams through in bounded memory.

mod common;

use common::{run, spawn};
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
    let output = run(&["content-id"], document);
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

// Defect: `{"a":1,"a":2}` and `{"a":2}` had one id: serde_json keeps the last duplicate.
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

// Defect: integers past 64 bits became f64, so 2^64, 2^64 + 1 and 2^64 as a float agreed.
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

// Defect: -9223372036854775809 and -9223372036854775810 had one id.
#[test]
fn negative_integers_beyond_64_bits_keep_their_value() {
    assert_ne!(id_of("-9223372036854775809"), id_of("-9223372036854775810"));
    assert_ne!(
        id_of("-9223372036854775809"),
        id_of("-9223372036854775809.0")
    );
}

// Defect: `-0` agreed with `0.0` and not with `0`.
#[test]
fn minus_zero_is_the_integer_zero() {
    assert_eq!(id_of("-0"), id_of("0"));
    assert_ne!(id_of("-0"), id_of("0.0"));
    assert_eq!(id_of("-0.0"), id_of("0.0"));
    assert_eq!(id_of("-0e7"), id_of("0.0"));
}

// Defect: 1e-400 was silently 0.0 while 1e400 was an error.
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

// Defect: `--length 3` was checked only after standard input had been read to its end.
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

// Defect: the position of a JSON error was printed twice.
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

// Defect: depth was limited (serde_json stops at 128) and nested maps cost quadratic time.
#[test]
fn deeply_nested_documents_are_hashed() {
    let arrays = id_of(&nested(100_000, "[", "]"));
    let objects = id_of(&nested(100_000, "{\"a\":", "}"));
    let mixed = id_of(&nested(50_000, "[{\"a\":", "}]"));
    assert_ne!(arrays, objects);
    assert_ne!(objects, mixed);
}

/// A JSON array of `count` objects of about 1 KiB, `[{"n":0,"s":"xx…"},…]`, made as it is
/// read.
struct LargeArray {
    next: usize,
    count: usize,
    pending: Vec<u8>,
    at: usize,
}

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

// Defect: the whole document was read into memory, and then a `serde_json::Value` built of
// it: 4.46 GB for 256 MiB. Here the command runs with its address space limited to 32 MiB
// (the command needs about 8) and hashes a 64 MiB array from a pipe: a command that held
// the document, let alone a tree of it, would fail to allocate.
#[cfg(target_os = "linux")]
#[test]
fn a_large_array_streams_in_bounded_memory() {
    // 64 MiB: 65,000 objects of 1,017 to 1,021 bytes.
    let count = 65_000;
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 32768 && exec \"$0\" content-id")
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
    assert!(
        written.expect("the command read the whole document") > 64_000_000,
        "the document is about 64 MiB"
    );
    let expected = content_id::json::generate_from_reader(
        LargeArray::new(count),
        &content_id::Options::default(),
    )
    .unwrap();
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        format!("{expected}\n")
    );
}
