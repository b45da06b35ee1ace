//! Snowflake parsing never panics, only the canonical decimal parses, and the raw integer
//! paths agree with it.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(id) = text.parse::<snowflake::SnowflakeId>() {
        assert_eq!(id.to_string(), text);
    }
    if let Ok(bytes) = <[u8; 8]>::try_from(data) {
        let raw = u64::from_le_bytes(bytes);
        let parsed = snowflake::SnowflakeId::try_from(raw);
        assert_eq!(parsed.is_ok(), raw < 1 << 63);
        assert_eq!(snowflake::extract_timestamp_ms(raw).is_ok(), raw < 1 << 63);
        let _ = snowflake::SnowflakeId::try_from(raw as i64);
    }
});
