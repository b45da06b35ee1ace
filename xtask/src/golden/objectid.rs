//! `golden/objectid.json`: ids from explicit parts, and texts that must be rejected.

use objectid::ObjectId;
use serde_json::{Value, json};

use super::SplitMix64;

pub(crate) fn vectors() -> Value {
    let mut rng = SplitMix64::new(0x0B1E_C71D);
    let max_s = u64::from(u32::MAX);

    let mut parts: Vec<(u64, u64)> = vec![
        (0, 0),
        (0, 1),
        (0, u64::MAX),
        (1, 0),
        (255, 256),
        ((1 << 31) - 1, u64::MAX),
        (1 << 31, 0),
        (max_s, 0),
        (max_s, u64::MAX),
        (0x0102_0304, 0x0506_0708_090A_0B0C),
        // The example of the MongoDB manual: 507c7f79bcf86cd7994f6c0e, 2012-10-15T21:26:17Z.
        (1_350_336_377, 0xBCF8_6CD7_994F_6C0E),
    ];
    parts.extend((0..16).map(|_| (rng.next_u64() >> 32, rng.next_u64())));
    let valid: Vec<Value> = parts
        .into_iter()
        .map(|(timestamp_s, counter)| {
            let id = ObjectId::from_parts(timestamp_s, counter).expect("timestamps fit 32 bits");
            json!({
                "timestamp_s": timestamp_s.to_string(),
                "counter": counter.to_string(),
                "text": id.to_string(),
            })
        })
        .collect();

    let out_of_range: Vec<Value> = [max_s + 1, 1 << 40, u64::MAX]
        .into_iter()
        .map(|timestamp_s| json!({ "timestamp_s": timestamp_s.to_string(), "counter": "0" }))
        .collect();

    let mut invalid = Vec::new();
    for (text, found) in [
        ("", 0),
        ("507c7f79bcf86cd7994f6c0", 23),
        ("507c7f79bcf86cd7994f6c0e0", 25),
        ("0x507c7f79bcf86cd7994f6c0e", 26),
        (" 507c7f79bcf86cd7994f6c0e", 25),
        ("507c7f79bcf86cd7994f6c0e\n", 25),
        // Fewer characters than bytes: the length counts characters.
        ("507c7f79bcf86cd7994f6cé", 23),
        ("507c7f79bcf86cd7994f６e", 22),
    ] {
        invalid.push(json!({ "text": text, "error": "invalid_length", "found": found }));
    }
    for (text, index, character) in [
        ("507C7F79BCF86CD7994F6C0E", 3, "C"),
        ("507c7f79bcf86cd7994f6c0E", 23, "E"),
        ("0x7c7f79bcf86cd7994f6c0e", 1, "x"),
        ("507c7f79 cf86cd7994f6c0e", 8, " "),
        ("g07c7f79bcf86cd7994f6c0e", 0, "g"),
        ("507c7f79bcf86cd7994f6c-e", 22, "-"),
        // 24 characters, one of them not ASCII: named whole, at its byte index.
        ("507c7f79bcf86cd7994f6c0é", 23, "é"),
        ("507c7f79bcf86cd7994f6cé0", 22, "é"),
        ("507c7f79bcf86cd7994f６c0e", 20, "６"),
    ] {
        invalid.push(json!({
            "text": text,
            "error": "invalid_character",
            "index": index,
            "character": character,
        }));
    }

    json!({
        "description": "ObjectId-shaped ids: 12 bytes, big-endian, a 32-bit timestamp in seconds since the Unix epoch (0 to 4294967295) then a 64-bit counter; the text is the 12 bytes as exactly 24 lower-case hex characters. `valid` gives parts and text (both directions); `out_of_range` gives parts that must be rejected; `invalid` gives texts that must be rejected, with the error: `invalid_length` with the length found in characters, or `invalid_character` with the byte index and the character.",
        "valid": valid,
        "out_of_range": out_of_range,
        "invalid": invalid,
    })
}
