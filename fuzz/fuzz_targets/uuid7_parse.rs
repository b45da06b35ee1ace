//! UUIDv7 parsing never panics, and whatever parses is the lower-case form of its value.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = uuid7::extract_timestamp_ms(&text);
    if let Ok(id) = text.parse::<uuid7::Uuid7>() {
        assert_eq!(id.to_string(), text.to_ascii_lowercase());
        assert_eq!(id.to_string().parse::<uuid7::Uuid7>(), Ok(id));
    }
});
