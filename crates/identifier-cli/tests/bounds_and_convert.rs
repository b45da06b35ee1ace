//! `--min-at` and `--max-at` of the generating subcommands, and `convert`: what they print, on
//! which stream, with which exit status. The expected ids are worked out by hand from the
//! formats' layouts (2024-01-01T00:00:00Z is 19,723 days of 86,400 s after the Unix epoch).

mod common;

use common::run;

/// 2024-01-01T00:00:00Z in Unix milliseconds: 19,723 × 86,400,000.
const NEW_YEAR_2024_MS: u64 = 19_723 * 86_400_000;

/// The standard output of a run of `args` that succeeds.
fn stdout(args: &[&str]) -> String {
    let output = run(args, "");
    let rest = output
        .strip_prefix("status: 0\n--- stdout\n")
        .unwrap_or_else(|| panic!("{args:?}: {output}"));
    let (stdout, stderr) = rest.split_once("--- stderr\n").unwrap();
    assert_eq!(stderr, "", "{args:?}");
    stdout.to_owned()
}

#[test]
fn min_at_and_max_at_print_the_bounds_of_an_instant_in_each_format() {
    assert_eq!(NEW_YEAR_2024_MS, 1_704_067_200_000);
    let ms = NEW_YEAR_2024_MS.to_string();
    let s = (NEW_YEAR_2024_MS / 1000).to_string();
    // The last millisecond (second) of that day.
    let last_ms = (NEW_YEAR_2024_MS + 86_399_999).to_string();
    let last_s = (NEW_YEAR_2024_MS / 1000 + 86_399).to_string();
    let cases: [(&str, &str, &str, &str); 4] = [
        // 1_704_067_200_000 = 0x018C_C251_F400: in 5-bit symbols 0 1 H K 1 5 3 X 0 0; then 80
        // bits of zeros. 1_704_153_599_999 = 0x018C_C778_4FFF: 0 1 H K 3 Q G K Z Z; then ones.
        (
            "ulid",
            &ms,
            "01HK153X000000000000000000",
            "01HK3QGKZZZZZZZZZZZZZZZZZZ",
        ),
        // The same milliseconds in hex, version 7, variant 10, the 74 counter bits 0 or 1.
        (
            "uuid7",
            &ms,
            "018cc251-f400-7000-8000-000000000000",
            "018cc778-4fff-7fff-bfff-ffffffffffff",
        ),
        // 1_704_067_200 = 0x6592_0080 and 1_704_153_599 = 0x6593_51FF, then 8 bytes.
        (
            "objectid",
            &s,
            "659200800000000000000000",
            "659351ffffffffffffffffff",
        ),
        // The epoch itself: 0; the day's last: (86_399_999 << 22) | (1023 << 12) | 4095.
        ("snowflake", &ms, "0", "362387865599999"),
    ];
    for (format, at, min, max) in cases {
        let last = if format == "objectid" {
            &last_s
        } else {
            &last_ms
        };
        assert_eq!(stdout(&[format, "--min-at", at]), format!("{min}\n"));
        // A date-time and its number give the same id.
        let date = "2024-01-01T00:00:00Z";
        assert_eq!(stdout(&[format, "--min-at", date]), format!("{min}\n"));
        assert_eq!(
            stdout(&[format, "--min-at", "2024-01-01T02:00:00+02:00"]),
            format!("{min}\n")
        );
        // Both: the smallest of the first instant, then the largest of the last.
        assert_eq!(
            stdout(&[format, "--max-at", last, "--min-at", at]),
            format!("{min}\n{max}\n")
        );
    }
}

#[test]
fn the_bounds_as_json_carry_their_timestamps() {
    let lines = stdout(&[
        "objectid",
        "--min-at",
        "2024-01-01T00:00:00Z",
        "--max-at",
        "2024-01-01T00:00:01Z",
        "--format",
        "json",
    ]);
    assert_eq!(
        lines,
        "{\"id\":\"659200800000000000000000\",\"timestamp_s\":1704067200}\n\
         {\"id\":\"65920081ffffffffffffffff\",\"timestamp_s\":1704067201}\n"
    );
}

#[test]
fn an_instant_outside_a_format_s_range_is_an_error_that_gives_the_range() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["ulid", "--min-at", "281474976710656"],
            "identifier: error: --min-at: timestamp_ms 281474976710656 is out of range: a ULID \
             holds 0 to 281474976710655 (48 bits)\n",
        ),
        (
            &["uuid7", "--min-at", "0", "--max-at", "281474976710656"],
            "identifier: error: --max-at: timestamp_ms 281474976710656 is out of range: a UUIDv7 \
             holds 0 to 281474976710655 (48 bits)\n",
        ),
        (
            &["objectid", "--max-at", "2106-02-07T06:28:16Z"],
            "identifier: error: --max-at: timestamp_s 4294967296 is out of range: an ObjectId \
             holds 0 to 4294967295 seconds since the Unix epoch (up to 2106-02-07T06:28:15Z)\n",
        ),
        (
            &["snowflake", "--min-at", "2023-12-31T23:59:59.999Z"],
            "identifier: error: --min-at: timestamp_ms 1704067199999 is out of range: a \
             Snowflake id holds 1704067200000 to 3903090455551 ms since the Unix epoch \
             (2024-01-01T00:00:00Z to 2093-09-06T15:47:35.551Z)\n",
        ),
    ];
    for (args, message) in cases {
        // Nothing on standard output: the two ids are checked before either is written.
        let expected = format!("status: 1\n--- stdout\n--- stderr\n{message}");
        assert_eq!(run(args, ""), expected, "{args:?}");
    }
}

#[test]
fn min_at_and_max_at_read_their_time_as_at_does_and_generate_nothing() {
    let cases: [(&[&str], &str); 6] = [
        (&["ulid", "--min-at", "1969-12-31T23:59:59Z"], "before 1970"),
        (
            &["objectid", "--min-at", "2024-01-01T00:00:00.5Z"],
            "ObjectId timestamps are whole seconds",
        ),
        (&["uuid7", "--max-at", "+5"], "expected Unix milliseconds"),
        (&["ulid", "--min-at", "0", "-n", "2"], "cannot be used with"),
        (
            &["uuid7", "--policy", "--max-at", "0"],
            "cannot be used with",
        ),
        (
            &["snowflake", "--worker-id", "1", "--min-at", "1704067200000"],
            "cannot be used with",
        ),
    ];
    for (args, part) in cases {
        let output = run(args, "");
        assert!(
            output.starts_with("status: 2\n--- stdout\n--- stderr\n"),
            "{args:?}: {output}"
        );
        assert!(output.contains(part), "{args:?}: {output}");
    }
}

#[test]
fn convert_turns_ulids_and_uuids_into_each_other() {
    // The ULID specification's example and the UUID of its 128 bits.
    let ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    let uuid = "01563e3a-b5d3-d676-4c61-efb99302bd5b";
    // Its RFC 9562 UUIDv7, as python-ulid 4.1.0 writes it (`to_uuid7(compliant=True)`).
    let uuid7 = "01563e3a-b5d3-7d67-8c61-efb99302bd5b";
    assert_eq!(
        stdout(&["convert", "--to", "uuid", ulid]),
        format!("{uuid}\n")
    );
    assert_eq!(
        stdout(&["convert", "--to", "uuid7", ulid]),
        format!("{uuid7}\n")
    );
    assert_eq!(
        stdout(&["convert", "--to", "ulid", uuid]),
        format!("{ulid}\n")
    );
    // Every form of a UUID, and either case of a ULID.
    let braced = "{01563E3A-B5D3-D676-4C61-EFB99302BD5B}";
    let urn = "urn:uuid:01563e3a-b5d3-d676-4c61-efb99302bd5b";
    let simple = "01563e3ab5d3d6764c61efb99302bd5b";
    let lower = "01arz3ndektsv4rrffq69g5fav";
    assert_eq!(
        stdout(&["convert", "--to", "ulid", braced, urn, simple, lower]),
        format!("{ulid}\n{ulid}\n{ulid}\n{ulid}\n")
    );
    // A UUIDv7 stays itself; the compliant one does not give the ULID back (6 bits dropped).
    assert_eq!(
        stdout(&["convert", "--to", "uuid7", uuid7]),
        format!("{uuid7}\n")
    );
    assert_ne!(
        stdout(&["convert", "--to", "ulid", uuid7]),
        format!("{ulid}\n")
    );
}

#[test]
fn convert_names_each_id_that_does_not_convert_by_its_position_and_goes_on() {
    let ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    let v4 = "550e8400-e29b-41d4-a716-446655440000";
    let output = run(&["convert", "--to", "uuid7", "nope", ulid, v4], "");
    assert_eq!(
        output,
        "status: 1\n--- stdout\n01563e3a-b5d3-7d67-8c61-efb99302bd5b\n--- stderr\n\
         identifier: error: argument 1 ('nope'): not a ULID (26 characters) or a UUID: a UUID \
         has 36 characters (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx), 38 braced ({...}), 45 as a \
         URN (urn:uuid:...) or 32 hex digits; found 4\n\
         identifier: error: argument 3 ('550e8400-e29b-41d4-a716-446655440000'): a UUID but not \
         a UUIDv7 (version 4 in the version field: expected 7): only a ULID or a UUIDv7 becomes \
         a UUIDv7 (a UUID that holds a ULID's 128 bits: convert it to a ULID first)\n"
    );
}

#[test]
fn convert_reads_standard_input_one_id_a_line() {
    let input: &[u8] = b"01ARZ3NDEKTSV4RRFFQ69G5FAU\r\n01ARZ3NDEKTSV4RRFFQ69G5FAV\n\xff\n\
                         00000000-0000-0000-0000-000000000001";
    let output = run(&["convert", "--to", "uuid"], input);
    assert_eq!(
        output,
        "status: 1\n--- stdout\n01563e3a-b5d3-d676-4c61-efb99302bd5b\n\
         00000000-0000-0000-0000-000000000001\n--- stderr\n\
         identifier: error: line 1 ('01ARZ3NDEKTSV4RRFFQ69G5FAU'): not a ULID: invalid \
         character 'U' at byte index 25: not a Crockford Base32 symbol\n\
         identifier: error: line 3 is not UTF-8\n"
    );
    // `-` asks for standard input too; every line converts: status 0.
    let output = run(
        &["convert", "--to", "ulid", "-"],
        "00000000-0000-0000-0000-00000000001f\n",
    );
    assert_eq!(
        output,
        "status: 0\n--- stdout\n0000000000000000000000000Z\n--- stderr\n"
    );
}
