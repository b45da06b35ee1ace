//! ObjectId parsing never panics, and only the canonical text parses.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = objectid::extract_timestamp_s(&text);
    if let Ok(id) = text.parse::<objectid::ObjectId>() {
        assert_eq!(id.to_string(), text);
    }
});
