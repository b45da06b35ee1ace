//! `verify` never panics, with any separator, and agrees with removing the separators first.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let sep = char::from(first);
    let verdict = checksummed_id::verify_with(&text, sep);
    let _ = checksummed_id::verify(&text);
    if verdict {
        let stripped: String = text.chars().filter(|&c| c != sep).collect();
        assert!(checksummed_id::verify_with(&stripped, sep));
    }
});
