//! `id_text::ascii_str` gives what `core::str::from_utf8` gives on ASCII input, the same
//! memory, and `None` for anything else: valid UTF-8 that is not ASCII, and invalid bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Every start within the first word, so the ASCII check's unaligned head and tail are
    // reached whatever the allocator's alignment of `data`.
    for start in 0..=data.len().min(8) {
        let bytes = &data[start..];
        let ascii = bytes.iter().all(|&byte| byte < 0x80);
        match id_text::ascii_str(bytes) {
            Some(text) => {
                assert!(ascii, "{bytes:?} is not ASCII");
                assert_eq!(Ok(text), core::str::from_utf8(bytes));
                assert_eq!(text.as_ptr(), bytes.as_ptr());
            }
            None => assert!(!ascii, "{bytes:?} is ASCII"),
        }
    }
});
