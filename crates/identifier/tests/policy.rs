//! Each format's `POLICY` says what its specification and its generated ids show: the widths
//! and units come from the specifications, the counter method from consecutive ids, and the
//! stored forms (one line of text, a JSON map) from serde_json.
#![cfg(all(feature = "generate", feature = "serde", not(target_arch = "wasm32")))]

use identifier::ulid::Policy;
use identifier::{objectid, snowflake, ulid, uuid7};

/// The rule and clock named are the engine's, the text is one line that starts with the
/// format, and the JSON map has every field under its name.
fn check_stored_forms(policy: &Policy, format: &str, package: &str, start: &str) {
    // The first id of the process chooses how it detects a fork, which the policy reports.
    let _ = ulid::generate();
    assert_eq!(policy.format, format);
    assert_eq!(policy.package, package);
    assert_eq!(policy.version, env!("CARGO_PKG_VERSION"));
    assert_eq!(policy.rule_version, 1);
    assert!(policy.rule.contains("steps back"), "{}", policy.rule);
    // How fresh the ids are, and which ids the order holds across: the engine's words.
    assert!(
        policy.freshness.contains("never later than the clock"),
        "{}",
        policy.freshness
    );
    assert!(policy.scope.contains("a Generator"), "{}", policy.scope);
    #[cfg(target_os = "linux")]
    assert!(policy.clock.contains("CLOCK_REALTIME"), "{}", policy.clock);
    let text = policy.to_string();
    assert!(!text.contains('\n'), "{text}");

    assert!(text.starts_with(&format!("{format} layout 1 (")), "{text}");
    // Then how this process detects a fork: on Linux, the wipe-on-fork page.
    assert!(
        text.contains(&format!(
            "; {package} {}; fork detection: ",
            env!("CARGO_PKG_VERSION")
        )),
        "{text}"
    );
    #[cfg(target_os = "linux")]
    assert!(
        text.ends_with("; fork detection: a wipe-on-fork page: every forked child is seen"),
        "{text}"
    );
    // Written in the order of the fields (serde_json writes a struct as it serializes it).
    let written = serde_json::to_string(policy).unwrap();
    let fields = [
        "format",
        "layout",
        "layout_version",
        "clock",
        "clock_path",
        "tick_ns",
        "counter_bits",
        "counter",
        "start",
        "rule",
        "rule_version",
        "freshness",
        "scope",
        "package",
        "version",
        "fork_detection",
    ];
    let places: Vec<usize> = fields
        .iter()
        .map(|field| written.find(&format!("\"{field}\":")).expect(field))
        .collect();
    assert!(places.is_sorted(), "{written}");
    let json: serde_json::Value = serde_json::from_str(&written).unwrap();
    assert_eq!(json.as_object().unwrap().len(), fields.len(), "{written}");
    assert_eq!(json["start"], start);
    // Which clock path this process took, in the text as in the map.
    let clock_path = json["clock_path"].as_str().unwrap();
    assert!(
        text.contains(&format!("; clock path: {clock_path}; rule 1: ")),
        "{text}"
    );
    assert_eq!(json["counter_bits"], policy.counter_bits);
}

/// In a run of consecutive ids, those of one tick step their counter by exactly one, as each
/// policy says ("+ 1 per id"); returns the counters that start a tick.
fn starts_and_steps(ids: &[(u64, u128)]) -> Vec<u128> {
    let mut starts = vec![ids[0].1];
    for pair in ids.windows(2) {
        let ((tick, counter), (next_tick, next_counter)) = (pair[0], pair[1]);
        if next_tick == tick {
            assert_eq!(next_counter, counter + 1, "tick {tick}");
        } else {
            starts.push(next_counter);
        }
    }
    starts
}

#[test]
fn ulid_80_bit_counter_in_milliseconds_random_start() {
    let policy: Policy = ulid::POLICY;
    // The ULID specification: 48 bits of milliseconds, 80 bits of randomness.
    assert_eq!((policy.tick_ns, policy.counter_bits), (1_000_000, 80));
    check_stored_forms(&policy, "ULID", "tick-ulid", "random");
    let mut ids = [ulid::Ulid::MIN; 20_000];
    ulid::fill(&mut ids);
    let pairs: Vec<_> = ids
        .iter()
        .map(|id| (id.timestamp_ms(), id.random()))
        .collect();
    let starts = starts_and_steps(&pairs);
    // 20,000 ids from one reading span one millisecond: later readings give random starts.
    let more: Vec<_> = (0..3)
        .map(|_| {
            std::thread::sleep(std::time::Duration::from_millis(2));
            ulid::generate().random()
        })
        .chain(starts)
        .collect();
    assert!(more.windows(2).any(|pair| pair[0] != pair[1]), "{more:?}");
}

#[test]
fn uuid7_74_bit_counter_in_milliseconds_random_start() {
    let policy = uuid7::POLICY;
    // RFC 9562: unix_ts_ms is 48 bits; rand_a (12) and rand_b (62) hold the counter.
    assert_eq!((policy.tick_ns, policy.counter_bits), (1_000_000, 12 + 62));
    assert!(policy.counter.contains("method 2"), "{}", policy.counter);
    check_stored_forms(&policy, "UUIDv7", "tick-uuid7", "random");
    let mut ids = [uuid7::Uuid7::MIN; 5000];
    uuid7::fill(&mut ids);
    let pairs: Vec<_> = ids
        .iter()
        .map(|id| (id.timestamp_ms(), id.counter()))
        .collect();
    starts_and_steps(&pairs);
}

#[test]
fn objectid_64_bit_counter_in_seconds_random_start() {
    let policy = objectid::POLICY;
    // The ObjectId: a 4-byte timestamp in seconds, then 8 bytes this crate counts in.
    assert_eq!((policy.tick_ns, policy.counter_bits), (1_000_000_000, 64));
    check_stored_forms(&policy, "ObjectId", "tick-objectid", "random");
    #[cfg(target_os = "linux")]
    assert!(policy.clock.contains("COARSE"), "{}", policy.clock);
    let mut ids = [objectid::ObjectId::MIN; 5000];
    objectid::fill(&mut ids);
    let pairs: Vec<_> = ids
        .iter()
        .map(|id| (id.timestamp_s(), u128::from(id.counter())))
        .collect();
    starts_and_steps(&pairs);
}

#[test]
fn snowflake_12_bit_sequence_in_milliseconds_from_zero() {
    let policy = snowflake::POLICY;
    // Twitter's layout: 41 bits of milliseconds, 10 of worker, 12 of sequence.
    assert_eq!((policy.tick_ns, policy.counter_bits), (1_000_000, 12));
    check_stored_forms(&policy, "Snowflake", "tick-snowflake", "zero");
    let generator = snowflake::SnowflakeIdGenerator::new(3).unwrap();
    let mut ids = [snowflake::SnowflakeId::MIN; 5000];
    generator.fill(&mut ids).unwrap();
    let pairs: Vec<_> = ids
        .iter()
        .map(|id| (id.timestamp_ms(), u128::from(id.sequence())))
        .collect();
    let starts = starts_and_steps(&pairs);
    assert!(starts.iter().all(|&start| start == 0), "{starts:?}");
}
