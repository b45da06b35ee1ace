//! The lines of an `inspect` report, and the fields that more than one format reports: the
//! format and its timestamp, a hex field, the low bits of a time-ordered id.

use serde_json::{Value, json};

use crate::rfc3339::{self, Timestamp};

/// One line of a report: a name, its value, and for the human output a remark after it.
pub(crate) struct Field {
    pub(crate) name: &'static str,
    pub(crate) value: Value,
    pub(crate) remark: Option<&'static str>,
}

/// A line of a report without a remark.
pub(crate) fn field(name: &'static str, value: Value) -> Field {
    Field {
        name,
        value,
        remark: None,
    }
}

pub(crate) type Fields = Vec<Field>;

/// The format and the timestamp, in text and in milliseconds.
pub(crate) fn format_and_time(format: &'static str, timestamp_ms: u64) -> Fields {
    let timestamp = rfc3339::from_unix_ms(timestamp_ms);
    let remark = match timestamp {
        Timestamp::Rfc3339(_) => None,
        Timestamp::Iso8601Expanded(_) => {
            Some("ISO 8601 expanded year: RFC 3339 has no year past 9999")
        }
    };
    vec![
        field("format", json!(format)),
        Field {
            name: "timestamp",
            value: json!(timestamp.text()),
            remark,
        },
        field("timestamp_ms", json!(timestamp_ms)),
    ]
}

/// `0x` and the hex digits of a `bits`-wide field, zero-padded.
pub(crate) fn hex(value: u128, bits: usize) -> Value {
    json!(format!("0x{value:0width$x}", width = bits.div_ceil(4)))
}

/// The low bits of a ULID, UUIDv7 or ObjectId: this crate's generators count in them from a
/// random start, others fill them with random bits, and the two look alike.
pub(crate) fn random_or_counter(value: Value) -> Field {
    Field {
        name: "counter",
        value,
        remark: Some("random or counter: a counter from a random start looks like random bits"),
    }
}
