//! Snapshots of the `identifier` command: what it prints, on which stream, with which exit
//! status. Random parts of generated ids are masked before the snapshot (and checked by
//! parsing them), so every snapshot is stable.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the command with `args` and `stdin`; the exit status and both streams, as one text.
fn run(args: &[&str], stdin: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_identifier"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
        .expect("stdin accepts the input");
    let output = child.wait_with_output().expect("the binary finishes");
    format!(
        "status: {}\n--- stdout\n{}--- stderr\n{}",
        output
            .status
            .code()
            .map_or("signal".into(), |code| code.to_string()),
        String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    )
}

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

#[test]
fn ulid_at_a_timestamp() {
    // The ULID specification's example timestamp: the first 10 characters are fixed.
    let output = run(&["ulid", "--at", "1469922850259", "-n", "3"], "");
    insta::assert_snapshot!(masked(&output, 10, |line| {
        let id: ulid::Ulid = line.parse().unwrap();
        assert_eq!(id.timestamp_ms(), 1_469_922_850_259);
    }));
}

#[test]
fn ulids_from_one_fill_increase() {
    let output = run(&["ulid", "-n", "5"], "");
    let ids: Vec<ulid::Ulid> = output
        .lines()
        .skip(2)
        .take(5)
        .map(|line| line.parse().unwrap())
        .collect();
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]), "{output}");
}

#[test]
fn ulid_out_of_range() {
    insta::assert_snapshot!(run(&["ulid", "--at", "281474976710656"], ""));
}

#[test]
fn uuid7_at_a_timestamp() {
    // RFC 9562 A.6's timestamp: the first 14 characters and the version are fixed.
    let output = run(&["uuid7", "--at", "1645557742000", "-n", "2"], "");
    insta::assert_snapshot!(masked(&output, 15, |line| {
        let id: uuid7::Uuid7 = line.parse().unwrap();
        assert_eq!(id.timestamp_ms(), 1_645_557_742_000);
    }));
}

#[test]
fn uuid7_bad_count() {
    insta::assert_snapshot!(run(&["uuid7", "-n", "many"], ""));
}

#[test]
fn objectid_at_a_timestamp() {
    // The MongoDB manual's example second.
    let output = run(&["objectid", "--at", "1350336377"], "");
    insta::assert_snapshot!(masked(&output, 8, |line| {
        assert_eq!(objectid::extract_timestamp_s(line), Ok(1_350_336_377));
    }));
}

#[test]
fn objectid_out_of_range() {
    insta::assert_snapshot!(run(&["objectid", "--at", "4294967296"], ""));
}

#[test]
fn snowflake_at_a_timestamp() {
    // A fresh generator: sequences 0, 1 and 2 of 2024-01-01T00:00:01Z for worker 7, that is
    // (1000 << 22) | (7 << 12) | n = 4194332672 + n.
    insta::assert_snapshot!(run(
        &[
            "snowflake",
            "--worker-id",
            "7",
            "--at",
            "1704067201000",
            "-n",
            "3"
        ],
        ""
    ));
}

#[test]
fn snowflake_bad_worker_id() {
    insta::assert_snapshot!(run(&["snowflake", "--worker-id", "1024"], ""));
}

#[test]
fn snowflake_without_worker_id() {
    insta::assert_snapshot!(run(&["snowflake"], ""));
}

#[test]
fn checksummed_codes() {
    let output = run(&["checksummed", "--length", "8", "-n", "3"], "");
    insta::assert_snapshot!(masked(&output, 0, |line| {
        assert!(checksummed_id::verify(line), "{line}");
    }));
}

#[test]
fn checksummed_bad_separator() {
    insta::assert_snapshot!(run(&["checksummed", "--sep", "O"], ""));
}

#[test]
fn verify_valid_and_invalid() {
    insta::assert_snapshot!(run(
        &[
            "verify",
            "H88C-MK9B-VJ1V-P",
            "h88c-mk9b-vj1v-p",
            "H88C-MK9B-VJ1V-Q"
        ],
        ""
    ));
}

#[test]
fn verify_with_another_separator() {
    insta::assert_snapshot!(run(&["verify", "--sep", " ", "H88C MK9B VJ1V P"], ""));
}

#[test]
fn inspect_every_format() {
    insta::assert_snapshot!(run(
        &[
            "inspect",
            "01ARZ3NDEKTSV4RRFFQ69G5FAV",
            "017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
            "507c7f79bcf86cd7994f6c0e",
            "4194308098",
            "H88C-MK9B-VJ1V-P",
        ],
        ""
    ));
}

#[test]
fn inspect_json() {
    insta::assert_snapshot!(run(
        &[
            "inspect",
            "--json",
            "01ARZ3NDEKTSV4RRFFQ69G5FAV",
            "4194308098",
            "nope"
        ],
        ""
    ));
}

#[test]
fn inspect_what_is_not_an_identifier() {
    insta::assert_snapshot!(run(
        &[
            "inspect",
            "8ZZZZZZZZZZZZZZZZZZZZZZZZZ",
            "550e8400-e29b-41d4-a716-446655440000",
            "507C7F79BCF86CD7994F6C0E",
            "9223372036854775808",
            "hello",
        ],
        ""
    ));
}

#[test]
fn content_id_of_json_on_stdin() {
    // The same document with other key order and spacing has the same id. The snapshot's id
    // was also derived from content-id's documented encoding by a separate implementation
    // (Python's hashlib.blake2b with person=b"identifier:cid:1").
    let a = run(
        &["content-id"],
        r#"{"name": "report", "pages": [1, 2.5, null]}"#,
    );
    let b = run(
        &["content-id", "-"],
        r#"{ "pages":[1,2.5,null], "name":"report" }"#,
    );
    assert_eq!(a, b);
    insta::assert_snapshot!(a);
}

#[test]
fn content_id_uuid5_and_length() {
    // Both also derived independently from the documented encoding: BLAKE2b-64 of [1, 2],
    // and uuid5(NAMESPACE, the 128-hex-character id) with Python's uuid module.
    let uuid5 = run(&["content-id", "--uuid5"], "[1, 2]");
    let short = run(&["content-id", "--length", "16"], "[1, 2]");
    insta::assert_snapshot!(format!("{uuid5}\n{short}"));
}

#[test]
fn content_id_matches_the_library() {
    let value = serde_json::json!({"a": [1, 2], "b": "text"});
    let expected = content_id::generate(&content_id::Serde(&value));
    let output = run(&["content-id"], &value.to_string());
    assert!(output.contains(&expected), "{output}");
}

#[test]
fn content_id_reads_json_numbers_correctly_rounded() {
    // Found by fuzzing: a parser that is not correctly rounded reads this as the float one
    // unit in the last place away, so its id differs from any correctly rounding
    // implementation's. Rust's own `str::parse::<f64>` is correctly rounded.
    let text = "0.11000420646668853801420";
    let expected = content_id::generate(&text.parse::<f64>().unwrap());
    let output = run(&["content-id"], text);
    assert!(output.contains(&expected), "{output}");
}

#[test]
fn content_id_invalid_json() {
    insta::assert_snapshot!(run(&["content-id"], "{\"a\": [1, 2,\n  }"));
}

#[test]
fn content_id_bad_length() {
    insta::assert_snapshot!(run(&["content-id", "--length", "3"], "1"));
}

#[test]
fn content_id_missing_file() {
    insta::assert_snapshot!(run(&["content-id", "/nonexistent/document.json"], ""));
}

#[test]
fn help_shows_examples() {
    insta::assert_snapshot!(run(&["--help"], ""));
}
