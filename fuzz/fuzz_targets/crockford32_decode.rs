//! Decoding never panics; a decoded value encodes back to the same value; check symbols of
//! anything are computed without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(value) = crockford32::decode(&text) {
        let canonical = crockford32::encode_to_string(value, text.len()).unwrap();
        assert_eq!(crockford32::decode(&canonical), Ok(value));
        assert_eq!(crockford32::mod37(&text), Ok((value % 37) as u8));
    }
    if let Ok(value) = crockford32::decode_u64(&text) {
        assert_eq!(crockford32::decode(&text), Ok(u128::from(value)));
    }
    let _ = crockford32::mod37_symbols(data.iter().copied());
});
