//! `inspect`: recognize an identifier by its shape, then parse it strictly.

use std::io::Write;

use serde_json::{Map, Value, json};

use crate::{Failure, rfc3339};

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
                object.extend(fields.into_iter().map(|(k, v)| (k.to_owned(), v)));
                writeln!(out, "{}", Value::Object(object))?;
            }
            (Ok(fields), false) => {
                writeln!(out, "{id}")?;
                for (name, value) in fields {
                    let text = value
                        .as_str()
                        .map_or_else(|| value.to_string(), str::to_owned);
                    writeln!(out, "  {name:<13}{text}")?;
                }
            }
            (Err(why), true) => writeln!(out, "{}", json!({ "id": id, "error": why }))?,
            (Err(why), false) => writeln!(out, "{id}\n  not an identifier: {why}")?,
        }
    }
    if all_recognized {
        Ok(())
    } else {
        Err(Failure::Rejected)
    }
}

type Fields = Vec<(&'static str, Value)>;

/// The format and fields of `id`, or why it is none of the formats. The shape decides which
/// parser is asked, so the reason names the format the id came closest to.
fn describe(id: &str) -> Result<Fields, String> {
    let len = id.chars().count();
    let is_hex = |c: char| c.is_ascii_hexdigit();
    if len == 36 && id.contains('-') {
        let uuid: uuid7::Uuid7 = id
            .parse()
            .map_err(|e| format!("36 characters like a UUID, but not a UUIDv7: {e}"))?;
        return Ok(time_ordered(
            "UUIDv7",
            uuid.timestamp_ms(),
            hex(uuid.counter(), 74),
        ));
    }
    if len == 26 {
        let ulid: ulid::Ulid = id
            .parse()
            .map_err(|e| format!("26 characters like a ULID, but {e}"))?;
        return Ok(time_ordered(
            "ULID",
            ulid.timestamp_ms(),
            hex(ulid.random(), 80),
        ));
    }
    if len == 24 && id.chars().all(is_hex) {
        let object_id: objectid::ObjectId = id
            .parse()
            .map_err(|e| format!("24 hex characters like an ObjectId, but {e}"))?;
        let seconds = object_id.timestamp_s();
        let mut fields = time_ordered(
            "ObjectId",
            seconds * 1000,
            hex(object_id.counter().into(), 64),
        );
        fields.insert(3, ("timestamp_s", json!(seconds)));
        return Ok(fields);
    }
    if !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) {
        let snowflake: snowflake::SnowflakeId = id
            .parse()
            .map_err(|e| format!("a decimal number like a Snowflake id, but {e}"))?;
        let mut fields = time_ordered("Snowflake", snowflake.timestamp_ms(), json!(null));
        fields.pop();
        fields.push(("worker_id", json!(snowflake.worker_id())));
        fields.push(("sequence", json!(snowflake.sequence())));
        return Ok(fields);
    }
    if checksummed_id::verify(id) {
        let symbols: String = id.chars().filter(|&c| c != '-').collect();
        let (payload, check) = symbols.split_at(symbols.len() - 1);
        return Ok(vec![
            ("format", json!("checksummed")),
            ("payload", json!(payload.to_ascii_uppercase())),
            ("check_symbol", json!(check.to_ascii_uppercase())),
        ]);
    }
    Err(format!(
        "{len} characters: not a ULID (26 Crockford Base32), a UUIDv7 (36, hyphenated), an \
         ObjectId (24 lower-case hex), a Snowflake id (decimal) or a checksummed code (its \
         check symbol does not match, or it has characters outside Crockford Base32)"
    ))
}

fn time_ordered(format: &str, timestamp_ms: u64, counter: Value) -> Fields {
    vec![
        ("format", json!(format)),
        ("timestamp", json!(rfc3339::from_unix_ms(timestamp_ms))),
        ("timestamp_ms", json!(timestamp_ms)),
        ("counter", counter),
    ]
}

/// `0x` and the hex digits of a `bits`-wide field, zero-padded.
fn hex(value: u128, bits: usize) -> Value {
    json!(format!("0x{value:0width$x}", width = bits.div_ceil(4)))
}
