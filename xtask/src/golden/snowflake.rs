//! `golden/snowflake.json`: ids from explicit fields, rejected fields, integers and texts.

use serde_json::{Value, json};
use snowflake::{EPOCH_MS, SnowflakeId};

use super::SplitMix64;

/// The last millisecond of the 41-bit field.
const MAX_TIMESTAMP_MS: u64 = EPOCH_MS + (1 << 41) - 1;

pub(crate) fn vectors() -> Value {
    let mut rng = SplitMix64::new(0x5_F1A4E);

    let mut parts: Vec<(u64, u16, u16)> = vec![
        (EPOCH_MS, 0, 0),
        (EPOCH_MS, 0, 1),
        (EPOCH_MS, 0, 4095),
        (EPOCH_MS, 1, 0),
        (EPOCH_MS, 1023, 0),
        (EPOCH_MS, 1023, 4095),
        (EPOCH_MS + 1, 0, 0),
        // 2024-01-01T00:00:01.000Z, worker 1, sequence 2.
        (EPOCH_MS + 1000, 1, 2),
        // 2025-06-01T12:00:00.000Z.
        (1_748_779_200_000, 512, 17),
        (MAX_TIMESTAMP_MS - 1, 1023, 4095),
        (MAX_TIMESTAMP_MS, 0, 0),
        (MAX_TIMESTAMP_MS, 1023, 4095),
    ];
    parts.extend((0..16).map(|_| {
        (
            EPOCH_MS + rng.next_u64() % (1 << 41),
            (rng.next_u64() % 1024) as u16,
            (rng.next_u64() % 4096) as u16,
        )
    }));
    let valid: Vec<Value> = parts
        .into_iter()
        .map(|(timestamp_ms, worker_id, sequence)| {
            let id = SnowflakeId::from_parts(timestamp_ms, worker_id, sequence)
                .expect("every valid case is in range");
            json!({
                "timestamp_ms": timestamp_ms.to_string(),
                "worker_id": worker_id,
                "sequence": sequence,
                "id": id.to_string(),
            })
        })
        .collect();

    let invalid_parts: Vec<Value> = [
        (0, 0, 0, "timestamp_out_of_range"),
        (EPOCH_MS - 1, 0, 0, "timestamp_out_of_range"),
        (MAX_TIMESTAMP_MS + 1, 0, 0, "timestamp_out_of_range"),
        (u64::MAX, 0, 0, "timestamp_out_of_range"),
        (EPOCH_MS, 1024, 0, "worker_id_out_of_range"),
        (EPOCH_MS, u16::MAX, 0, "worker_id_out_of_range"),
        (EPOCH_MS, 0, 4096, "sequence_out_of_range"),
        (EPOCH_MS, 0, u16::MAX, "sequence_out_of_range"),
    ]
    .into_iter()
    .map(|(timestamp_ms, worker_id, sequence, error)| {
        json!({
            "timestamp_ms": timestamp_ms.to_string(),
            "worker_id": worker_id,
            "sequence": sequence,
            "error": error,
        })
    })
    .collect();

    let invalid_ids: Vec<Value> = [1u64 << 63, (1 << 63) + 1, u64::MAX]
        .into_iter()
        .map(|id| json!({ "id": id.to_string(), "error": "id_out_of_range" }))
        .collect();

    let mut invalid_text = Vec::new();
    for (text, error, index) in [
        ("", "empty", None),
        ("+1", "invalid_character", Some(0)),
        ("-1", "invalid_character", Some(0)),
        (" 1", "invalid_character", Some(0)),
        ("1 ", "invalid_character", Some(1)),
        ("1_000", "invalid_character", Some(1)),
        ("1.0", "invalid_character", Some(1)),
        ("1e3", "invalid_character", Some(1)),
        ("0x1F", "invalid_character", Some(1)),
        ("\u{FF11}", "invalid_character", Some(0)),
        ("12\u{0663}", "invalid_character", Some(2)),
        ("00", "leading_zero", None),
        ("04194308098", "leading_zero", None),
        ("9223372036854775808", "out_of_range", None),
        ("18446744073709551615", "out_of_range", None),
        ("18446744073709551616", "out_of_range", None),
        ("100000000000000000000000000000", "out_of_range", None),
    ] {
        let mut case = json!({ "text": text, "error": error });
        if let Some(index) = index {
            case["index"] = json!(index);
        }
        invalid_text.push(case);
    }

    json!({
        "description": "Snowflake ids: a 63-bit integer, (timestamp_ms - 1704067200000) << 22 | worker_id << 12 | sequence, with timestamp_ms in Unix milliseconds from 2024-01-01T00:00:00Z to 2093-09-06T15:47:35.551Z (41 bits), worker_id 0-1023, sequence 0-4095. `valid` gives the fields and the id, whose text is the canonical decimal; `invalid_parts` are fields out of range, `invalid_ids` integers from 2^63 up, `invalid_text` strings that are not canonical decimal in [0, 2^63) (index: byte index of the first bad character).",
        "epoch_ms": EPOCH_MS.to_string(),
        "valid": valid,
        "invalid_parts": invalid_parts,
        "invalid_ids": invalid_ids,
        "invalid_text": invalid_text,
    })
}
