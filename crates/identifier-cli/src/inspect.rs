//! `inspect`: ask every format's strict parser whether it accepts an identifier.

use std::fmt::Write as _;
use std::io::Write;

use serde_json::{Map, Value, json};

use crate::rfc3339::{self, Timestamp};
use crate::{Failure, escaped};

/// Prints what each id is; `Rejected` if any is none of the formats.
pub(crate) fn run(ids: &[String], as_json: bool, out: &mut impl Write) -> Result<(), Failure> {
    let mut all_recognized = true;
    for id in ids {
        let report = describe(id);
        all_recognized &= report.is_ok();
        match (report, as_json) {
            (Ok(fields), true) => {
                let mut object = Map::new();
                object.insert("id".into(), json!(id));
                object.extend(fields.into_iter().map(|f| (f.name.to_owned(), f.value)));
                let policy = object
                    .get("format")
                    .and_then(Value::as_str)
                    .and_then(generator_policy);
                if let Some(policy) = policy {
                    object.insert("generator_policy".into(), policy);
                }
                writeln!(out, "{}", json_line(&Value::Object(object)))?;
            }
            (Ok(fields), false) => {
                writeln!(out, "{}", escaped(id))?;
                for Field {
                    name,
                    value,
                    remark,
                } in fields
                {
                    let text = human(&value);
                    match remark {
                        Some(remark) => writeln!(out, "  {name:<12} {text} ({remark})")?,
                        None => writeln!(out, "  {name:<12} {text}")?,
                    }
                }
            }
            (Err(reasons), true) => {
                let reasons: Map<String, Value> = reasons
                    .into_iter()
                    .map(|(format, why)| (format.to_owned(), json!(why)))
                    .collect();
                let object = json!({ "id": id, "error": "not an identifier", "reasons": reasons });
                writeln!(out, "{}", json_line(&object))?;
            }
            (Err(reasons), false) => {
                writeln!(out, "{}\n  not an identifier:", escaped(id))?;
                for (format, why) in reasons {
                    writeln!(out, "    {format:<12} {why}")?;
                }
            }
        }
    }
    if all_recognized {
        Ok(())
    } else {
        Err(Failure::Rejected)
    }
}

/// One line of a report: a name, its value, and for the human output a remark after it.
struct Field {
    name: &'static str,
    value: Value,
    remark: Option<&'static str>,
}

fn field(name: &'static str, value: Value) -> Field {
    Field {
        name,
        value,
        remark: None,
    }
}

type Fields = Vec<Field>;

/// A format's parser for `inspect`: the fields of an id it accepts, or why it does not.
type Parser = fn(&str) -> Result<Fields, String>;

/// Every format, in the order of preference when more than one accepts an id: a string can
/// be a ULID and a checksummed code at once (26 Crockford symbols whose last is the check
/// symbol of the others), or an ObjectId or a Snowflake id and a checksummed code.
const FORMATS: [(&str, Parser); 5] = [
    ("ULID", ulid_fields),
    ("UUIDv7", uuid7_fields),
    ("ObjectId", object_id_fields),
    ("Snowflake", snowflake_fields),
    ("checksummed", checksummed_fields),
];

/// The fields of `id` in the first format that accepts it (with `also_valid_as` naming any
/// other that accepts it too), or each format's reason for rejecting it. The shape of `id`
/// decides nothing: a checksummed code may have the length of a ULID or of a UUID.
fn describe(id: &str) -> Result<Fields, Vec<(&'static str, String)>> {
    let mut accepted = None;
    let mut also = Vec::new();
    let mut reasons = Vec::new();
    for (format, parse) in FORMATS {
        match parse(id) {
            Ok(fields) if accepted.is_none() => accepted = Some(fields),
            Ok(_) => also.push(format),
            Err(why) => reasons.push((format, why)),
        }
    }
    let mut fields = accepted.ok_or(reasons)?;
    if !also.is_empty() {
        fields.push(field("also_valid_as", json!(also)));
    }
    Ok(fields)
}

fn ulid_fields(id: &str) -> Result<Fields, String> {
    let ulid: ulid::Ulid = id.parse().map_err(|e: ulid::ParseError| e.to_string())?;
    let mut fields = format_and_time("ULID", ulid.timestamp_ms());
    fields.push(field("counter", hex(ulid.random(), 80)));
    Ok(fields)
}

fn uuid7_fields(id: &str) -> Result<Fields, String> {
    let uuid: uuid7::Uuid7 = id.parse().map_err(|e: uuid7::ParseError| e.to_string())?;
    let mut fields = format_and_time("UUIDv7", uuid.timestamp_ms());
    fields.push(field("counter", hex(uuid.counter(), 74)));
    Ok(fields)
}

fn object_id_fields(id: &str) -> Result<Fields, String> {
    let object_id: objectid::ObjectId = id
        .parse()
        .map_err(|e: objectid::ParseError| e.to_string())?;
    let seconds = object_id.timestamp_s();
    let mut fields = format_and_time("ObjectId", seconds * 1000);
    fields.push(field("timestamp_s", json!(seconds)));
    fields.push(field("counter", hex(object_id.counter().into(), 64)));
    Ok(fields)
}

fn snowflake_fields(id: &str) -> Result<Fields, String> {
    let snowflake: snowflake::SnowflakeId = id
        .parse()
        .map_err(|e: snowflake::ParseError| e.to_string())?;
    let mut fields = format_and_time("Snowflake", snowflake.timestamp_ms());
    fields.push(field("worker_id", json!(snowflake.worker_id())));
    fields.push(field("sequence", json!(snowflake.sequence())));
    Ok(fields)
}

fn checksummed_fields(id: &str) -> Result<Fields, String> {
    if !checksummed_id::verify(id) {
        return Err(why_not_checksummed(id));
    }
    let symbols: String = id.chars().filter(|&c| c != '-').collect();
    let (payload, check) = symbols.split_at(symbols.len() - 1);
    Ok(vec![
        field("format", json!("checksummed")),
        field("payload", json!(payload.to_ascii_uppercase())),
        field("check_symbol", json!(check.to_ascii_uppercase())),
    ])
}

/// Why `checksummed_id::verify` rejects `id` (it answers only whether): the rules it applies,
/// in order. The expected check symbol is not told: it would turn a mistyped payload into a
/// code that verifies.
fn why_not_checksummed(id: &str) -> String {
    // Crockford Base32 symbols and their aliases O, I and L, in either case.
    let byte = |c: char| u8::try_from(c).ok();
    let is_payload_symbol = |c: char| byte(c).and_then(crockford32::symbol_value).is_some();
    let is_check_symbol = |c: char| byte(c).and_then(crockford32::check_symbol_value).is_some();
    let symbols: Vec<(usize, char)> = id.char_indices().filter(|&(_, c)| c != '-').collect();
    let Some((&(check_index, check), payload)) = symbols.split_last() else {
        return "no symbols: a checksummed code is payload symbols, then a check symbol".into();
    };
    if payload.is_empty() {
        return "one symbol: a checksummed code has payload symbols before its check symbol".into();
    }
    if let Some(&(index, character)) = payload.iter().find(|&&(_, c)| !is_payload_symbol(c)) {
        return format!(
            "invalid character {character:?} at byte index {index}: not a Crockford Base32 \
             symbol"
        );
    }
    if !is_check_symbol(check) {
        return format!(
            "invalid check symbol {check:?} at byte index {check_index}: not a Crockford \
             Base32 symbol or one of *~$=U"
        );
    }
    format!("check symbol {check:?} does not match the payload")
}

/// How this crate's generator makes ids of `format`, as a JSON object; `None` for a format
/// without a time-ordered generator.
fn generator_policy(format: &str) -> Option<Value> {
    let policy = match format {
        "ULID" => serde_json::to_value(ulid::POLICY),
        "UUIDv7" => serde_json::to_value(uuid7::POLICY),
        "ObjectId" => serde_json::to_value(objectid::POLICY),
        "Snowflake" => serde_json::to_value(snowflake::POLICY),
        _ => return None,
    };
    policy.ok()
}

/// The format and the timestamp, in text and in milliseconds.
fn format_and_time(format: &'static str, timestamp_ms: u64) -> Fields {
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
fn hex(value: u128, bits: usize) -> Value {
    json!(format!("0x{value:0width$x}", width = bits.div_ceil(4)))
}

/// A value for the human output: a string as it is, a list of strings joined by ", ".
fn human(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Array(items) => items.iter().map(human).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
    }
}

/// `value` as one line of JSON in which every character that could act on a terminal or
/// end a line is a `\u` escape: serde_json escapes those below U+0020; this escapes DEL, the
/// C1 controls, and what else Rust's `escape_debug` would not print as it is (format
/// characters such as U+202E, line and paragraph separators). The JSON means the same.
fn json_line(value: &Value) -> String {
    let text = value.to_string();
    let mut line = String::with_capacity(text.len());
    for c in text.chars() {
        let unprintable = if c.is_ascii() {
            c.is_ascii_control()
        } else {
            c.escape_debug().nth(1) == Some('u')
        };
        if unprintable {
            for unit in c.encode_utf16(&mut [0; 2]) {
                let _ = write!(line, "\\u{unit:04x}");
            }
        } else {
            line.push(c);
        }
    }
    line
}
