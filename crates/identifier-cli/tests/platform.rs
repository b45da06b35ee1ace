//! What the command says and reads that depends on the platform: the program's name in its
//! usage lines, the clock and fork detection its `--policy` names, and the wall clock in the
//! ids it makes.

mod common;

use std::time::{SystemTime, UNIX_EPOCH};

use common::{output, text};

fn unix_ms() -> u64 {
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("the clock is after 1970");
    u64::try_from(since.as_millis()).expect("milliseconds fit in 64 bits")
}

/// The one line `identifier FORMAT --policy` writes.
fn policy(format: &str) -> String {
    let output = output(&[format, "--policy"]);
    assert!(output.status.success(), "{output:?}");
    let line = text(&output.stdout);
    assert_eq!(line.lines().count(), 1, "{line}");
    line.trim_end().to_owned()
}

#[test]
fn usage_lines_name_the_program_as_it_was_started() {
    let output = output(&["ulid", "--bogus"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    // clap takes the name from the path the program was started by: on Windows, with `.exe`.
    let usage = if cfg!(windows) {
        "\nUsage: identifier.exe ulid [OPTIONS]\n"
    } else {
        "\nUsage: identifier ulid [OPTIONS]\n"
    };
    assert!(stderr.contains(usage), "{stderr}");
}

#[test]
fn the_policy_names_the_clock_of_this_platform() {
    let ulid = policy("ulid");
    let objectid = policy("objectid");
    #[cfg(windows)]
    {
        // One clock on Windows, SystemTime, for ticks of a millisecond and of a second alike.
        let clock = "; clock: the system's wall clock (std::time::SystemTime)";
        assert!(ulid.contains(clock), "{ulid}");
        assert!(objectid.contains(clock), "{objectid}");
    }
    #[cfg(target_os = "linux")]
    {
        assert!(
            ulid.contains("; clock: the system's wall clock, clock_gettime(CLOCK_REALTIME)"),
            "{ulid}"
        );
        assert!(
            objectid.contains(
                "; clock: the system's coarse wall clock, clock_gettime(CLOCK_REALTIME_COARSE)"
            ),
            "{objectid}"
        );
    }
    assert!(ulid.starts_with("ULID layout 1 ("), "{ulid}");
    assert!(objectid.starts_with("ObjectId layout 1 ("), "{objectid}");
}

/// Windows has no `fork`: every policy says no detection is needed, before any id is made.
#[cfg(windows)]
#[test]
fn on_windows_the_policy_says_no_fork_detection_is_needed() {
    for format in ["ulid", "uuid7", "objectid", "snowflake"] {
        let line = policy(format);
        assert!(
            line.ends_with("; fork detection: none needed: no fork on this target"),
            "{line}"
        );
    }
}

#[test]
fn generated_ids_carry_the_wall_clock() {
    let before = unix_ms();
    let made = output(&["ulid", "-n", "2"]);
    let uuid7 = output(&["uuid7"]);
    let objectid = output(&["objectid"]);
    let snowflake = output(&["snowflake", "--worker-id", "9"]);
    let after = unix_ms();
    for output in [&made, &uuid7, &objectid, &snowflake] {
        assert!(output.status.success(), "{output:?}");
    }
    for line in text(&made.stdout).lines() {
        let ms = ulid::extract_timestamp_ms(line).unwrap();
        assert!(
            (before..=after).contains(&ms),
            "{before} <= {ms} <= {after}"
        );
    }
    let ms = uuid7::extract_timestamp_ms(text(&uuid7.stdout).trim_end()).unwrap();
    assert!(
        (before..=after).contains(&ms),
        "{before} <= {ms} <= {after}"
    );
    let ms = snowflake::extract_timestamp_ms(text(&snowflake.stdout).trim_end().parse().unwrap())
        .unwrap();
    assert!(
        (before..=after).contains(&ms),
        "{before} <= {ms} <= {after}"
    );
    // Seconds, from the coarse clock on Linux, which may still give the second before.
    let s = objectid::extract_timestamp_s(text(&objectid.stdout).trim_end()).unwrap();
    let lag = u64::from(cfg!(target_os = "linux"));
    assert!(
        (before / 1000 - lag..=after / 1000).contains(&s),
        "{before} ms <= {s} s <= {after} ms"
    );
}
