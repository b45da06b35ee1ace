//! The lines of a report, and the fields that more than one format reports: the format and
//! its timestamp, a hex field, the low bits of a time-ordered id.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use serde_json::{Value, json};

use crate::rfc3339::{self, Timestamp};

/// One line of a report: a name (the JSON key), its value, and for a reader a remark after it.
///
/// ```
/// let report = id_inspect::inspect("4194308098", &id_inspect::Options::new(0)).unwrap();
/// let layout = report.fields().iter().find(|f| f.name == "layout").unwrap();
/// assert_eq!(layout.text(), "this");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// The key of the JSON report.
    pub name: &'static str,
    /// The value of the JSON report.
    pub value: Value,
    /// What a reader should know about the value, if anything.
    pub remark: Option<&'static str>,
}

impl Field {
    /// The value for a reader: a string as it is, a list joined by ", ", an object (a
    /// plausible layout) as its values joined by spaces, anything else as JSON.
    ///
    /// ```
    /// use id_inspect::Field;
    /// use serde_json::json;
    ///
    /// let field = Field { name: "also_valid_as", value: json!(["ULID", "checksummed"]), remark: None };
    /// assert_eq!(field.text(), "ULID, checksummed");
    /// ```
    #[must_use]
    pub fn text(&self) -> String {
        text(&self.value)
    }
}

fn text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Array(items) => items.iter().map(text).collect::<Vec<_>>().join(", "),
        // A plausible layout: its name and the date under it.
        Value::Object(object) => object.values().map(text).collect::<Vec<_>>().join(" "),
        other => other.to_string(),
    }
}

/// A line of a report without a remark.
pub(crate) fn field(name: &'static str, value: Value) -> Field {
    Field {
        name,
        value,
        remark: None,
    }
}

/// The lines of a report.
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
pub(crate) fn hex(value: u128, bits: u32) -> Value {
    let width = bits.div_ceil(4) as usize;
    json!(format!("0x{value:0width$x}"))
}

/// The low bits of a ULID, UUIDv7 or ObjectId: this family's generators count in them from a
/// random start, others fill them with random bits, and the two look alike.
pub(crate) fn random_or_counter(value: Value) -> Field {
    Field {
        name: "counter",
        value,
        remark: Some("random or counter: a counter from a random start looks like random bits"),
    }
}
