//! ULID parsing never panics, and whatever parses prints as the canonical text of its value:
//! the input upper-cased, with the aliases O, I and L read as 0, 1 and 1.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = ulid::extract_timestamp_ms(&text);
    if let Ok(id) = text.parse::<ulid::Ulid>() {
        let expected: String = text
            .chars()
            .map(|c| match c.to_ascii_uppercase() {
                'O' => '0',
                'I' | 'L' => '1',
                upper => upper,
            })
            .collect();
        assert_eq!(id.to_string(), expected);
        assert_eq!(expected.parse::<ulid::Ulid>(), Ok(id));
    }
});
