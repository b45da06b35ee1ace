//! Every generating format in a JavaScript runtime (Node), on `wasm32-unknown-unknown` with the
//! feature `js`: ids carry the clock of `Date.now()`, increase, and parse back.
//!
//! `cargo test -p tick-identifier --target wasm32-unknown-unknown --features js --test wasm`
#![cfg(all(target_arch = "wasm32", target_os = "unknown"))]

use identifier::{checksummed_id, content_id, objectid, snowflake, ulid, uuid7};
use wasm_bindgen_test::wasm_bindgen_test;

/// `Date.now()` in milliseconds, read through the same clock the engine uses.
fn now_ms() -> u64 {
    let mut ids = [ulid::Ulid::MIN; 1];
    ulid::fill(&mut ids);
    ids[0].timestamp_ms()
}

#[wasm_bindgen_test]
fn ulids_carry_the_javascript_clock_and_increase() {
    let before = now_ms();
    let mut ids = [ulid::Ulid::MIN; 1000];
    ulid::fill(&mut ids);
    let single = ulid::generate();
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    assert!(ids[999] < single);
    // 2024-01-01 or later: the clock is real, not 0.
    assert!(ids[0].timestamp_ms() >= before && before > 1_704_067_200_000);
    assert_eq!(single.to_string().parse::<ulid::Ulid>(), Ok(single));
}

#[wasm_bindgen_test]
fn uuid7s_and_object_ids_increase_and_parse_back() {
    let (a, b) = (uuid7::generate(), uuid7::generate());
    assert!(a < b && a.to_string() < b.to_string());
    assert_eq!(b.to_string().parse::<uuid7::Uuid7>(), Ok(b));
    let (c, d) = (objectid::generate(), objectid::generate());
    assert!(c < d);
    assert_eq!(c.timestamp_s(), now_ms() / 1000);
    assert_eq!(d.to_string().parse::<objectid::ObjectId>(), Ok(d));
}

#[wasm_bindgen_test]
fn random_parts_differ() {
    let at = ulid::generate_at(1_469_922_850_259).unwrap();
    let again = ulid::generate_at(1_469_922_850_259).unwrap();
    assert_ne!(at, again);
    let (x, y) = (checksummed_id::generate(), checksummed_id::generate());
    assert!(checksummed_id::verify(&x) && checksummed_id::verify(&y) && x != y);
}

#[wasm_bindgen_test]
fn snowflakes_are_served_with_no_fork_to_refuse() {
    let generator = snowflake::SnowflakeIdGenerator::new(3).unwrap();
    let first = generator.generate().unwrap();
    let second = generator.generate().unwrap();
    assert!(first < second);
    assert_eq!(first.worker_id(), 3);
}

#[wasm_bindgen_test]
fn content_ids_are_those_of_every_other_platform() {
    // The worked example of content-id's documentation.
    assert_eq!(
        content_id::generate(&("a", 1)).unwrap(),
        "de9760586f2d4e3dbd471750e8f84a16cd638d2b1a7b07ae7cfec668cbafc10f"
    );
}
