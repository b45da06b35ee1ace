//! Any JSON document gets an id without panicking, and the same id after a round trip
//! through its text (key order and formatting do not matter).
#![no_main]

use content_id::Serde;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) else {
        return;
    };
    let id = content_id::generate(&Serde(&value));
    let again: serde_json::Value = serde_json::from_str(&value.to_string()).unwrap();
    assert_eq!(content_id::generate(&Serde(&again)), id);
});
