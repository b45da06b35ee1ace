//! `inspect`: ask every format's strict parser whether it accepts an identifier.

use std::fmt::Write as _;
use std::io::{self, Write};

use serde_json::{Map, Value, json};

use crate::fields::{Field, Fields, field, format_and_time, hex, random_or_counter};
use crate::layout::Layout;
use crate::lines::{self, Line};
use crate::rfc3339;
use crate::{Failure, escaped};

/// What `inspect` is asked: the output's form, and how to read decimal ids.
pub(crate) struct Options {
    /// One JSON object a line.
    pub(crate) json: bool,
    /// With `json`: each report of a format that this crate generates holds its generator's
    /// policy.
    pub(crate) policy: bool,
    /// The Snowflake layout given with --layout; `None` for this crate's, with the other
    /// layouts under which an id's date is plausible, and a warning for a date in the future.
    pub(crate) layout: Option<Layout>,
    /// The epoch given with --epoch, overriding the layout's.
    pub(crate) epoch_ms: Option<u64>,
    /// The current Unix millisecond, for the plausibility of a Snowflake id's date.
    pub(crate) now_ms: u64,
}

/// Prints what each id is; `Rejected` if any is none of the formats.
pub(crate) fn run(ids: &[String], options: &Options, out: &mut impl Write) -> Result<(), Failure> {
    if let Some(layout) = &options.layout
        && layout.epoch_ms.is_none()
        && options.epoch_ms.is_none()
    {
        return Err(Failure::Error(format!(
            "--layout {} needs --epoch MS: the Unix millisecond its timestamps count from",
            layout.name
        )));
    }
    let mut all_recognized = true;
    if lines::from_stdin(ids, "ids")? {
        let stdin = io::stdin();
        lines::each(stdin.lock(), |number, line| {
            let recognized = match line {
                Line::Text(id) => report(id, Some(number), options, out)?,
                other => {
                    let problem = other.problem(number).unwrap_or_default();
                    if options.json {
                        let object = json!({ "line": number, "error": problem });
                        writeln!(out, "{}", json_line(&object))?;
                    } else {
                        writeln!(out, "{problem}")?;
                    }
                    false
                }
            };
            all_recognized &= recognized;
            Ok(())
        })?;
    } else {
        for id in ids {
            all_recognized &= report(id, None, options, out)?;
        }
    }
    if all_recognized {
        Ok(())
    } else {
        Err(Failure::Rejected)
    }
}

/// Writes what `id` (of line `line` of standard input) is; whether it is an identifier.
fn report(
    id: &str,
    line: Option<u64>,
    options: &Options,
    out: &mut impl Write,
) -> Result<bool, Failure> {
    let report = describe(id, options);
    let recognized = report.is_ok();
    match (report, options.json) {
        (Ok(fields), true) => {
            let mut object = Map::new();
            object.insert("id".into(), json!(id));
            if let Some(line) = line {
                object.insert("line".into(), json!(line));
            }
            object.extend(fields.into_iter().map(|f| (f.name.to_owned(), f.value)));
            // Another layout's id was not made by this crate's generator.
            let foreign = object.get("layout").is_some_and(|layout| layout != "this");
            let policy = object
                .get("format")
                .and_then(Value::as_str)
                .filter(|_| options.policy && !foreign)
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
            let mut object = json!({ "id": id, "error": "not an identifier", "reasons": reasons });
            if let Some(line) = line {
                object["line"] = json!(line);
            }
            writeln!(out, "{}", json_line(&object))?;
        }
        (Err(reasons), false) => {
            match line {
                Some(line) => writeln!(out, "line {line}: {}\n  not an identifier:", escaped(id))?,
                None => writeln!(out, "{}\n  not an identifier:", escaped(id))?,
            }
            for (format, why) in reasons {
                writeln!(out, "    {format:<12} {why}")?;
            }
        }
    }
    Ok(recognized)
}

/// A format's parser for `inspect`: the fields of an id it accepts, or why it does not.
type Parser = fn(&str, &Options) -> Result<Fields, String>;

/// Every format, in the order of preference when more than one accepts an id: a string can
/// be a ULID and a checksummed code at once (26 Crockford symbols whose last is the check
/// symbol of the others), or an ObjectId or a Snowflake id and a checksummed code.
const FORMATS: [(&str, Parser); 5] = [
    ("ULID", ulid_fields),
    ("UUID", uuid_fields),
    ("ObjectId", object_id_fields),
    ("Snowflake", snowflake_fields),
    ("checksummed", checksummed_fields),
];

/// The fields of `id` in the first format that accepts it (with `also_valid_as` naming any
/// other that accepts it too), or each format's reason for rejecting it. The shape of `id`
/// decides nothing: a checksummed code may have the length of a ULID or of a UUID.
fn describe(id: &str, options: &Options) -> Result<Fields, Vec<(&'static str, String)>> {
    let mut accepted = None;
    let mut also = Vec::new();
    let mut reasons = Vec::new();
    for (format, parse) in FORMATS {
        match parse(id, options) {
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

fn ulid_fields(id: &str, _: &Options) -> Result<Fields, String> {
    let ulid: ulid::Ulid = id.parse().map_err(|e: ulid::ParseError| e.to_string())?;
    let mut fields = format_and_time("ULID", ulid.timestamp_ms());
    fields.push(random_or_counter(hex(ulid.random(), 80)));
    Ok(fields)
}

fn uuid_fields(id: &str, _: &Options) -> Result<Fields, String> {
    crate::uuid::fields(id)
}

fn object_id_fields(id: &str, _: &Options) -> Result<Fields, String> {
    // Read in any case; byte indexes of errors stay those of `id`.
    let lower = id.to_ascii_lowercase();
    let object_id: objectid::ObjectId = lower.parse().map_err(|e: objectid::ParseError| {
        e.to_string()
            .replace("lower-case hex", "hex")
            .replace("(0-9, a-f)", "(0-9, a-f, A-F)")
    })?;
    let seconds = object_id.timestamp_s();
    let mut fields = format_and_time("ObjectId", seconds * 1000);
    if lower != id {
        fields.push(field(
            "note",
            json!("not in canonical case: ObjectIds are written in lower case"),
        ));
    }
    fields.push(field("timestamp_s", json!(seconds)));
    let counter = object_id.counter();
    fields.push(random_or_counter(hex(counter.into(), 64)));
    fields.push(Field {
        name: "process_unique",
        value: hex((counter >> 24).into(), 40),
        remark: Some("MongoDB drivers: 5 random bytes per process"),
    });
    fields.push(Field {
        name: "increment",
        value: json!(counter & 0xff_ffff),
        remark: Some("MongoDB drivers: a 3-byte counter"),
    });
    Ok(fields)
}

/// The earliest date taken as plausible for a Snowflake id: 2006-01-01T00:00:00Z.
const PLAUSIBLE_FROM_MS: u64 = 1_136_073_600_000;

/// Whether a Snowflake date lies between 2006 and a day from now.
fn plausible(timestamp_ms: u64, now_ms: u64) -> bool {
    (PLAUSIBLE_FROM_MS..=now_ms.saturating_add(86_400_000)).contains(&timestamp_ms)
}

/// A Snowflake id in the layout of --layout, or without it in this crate's layout with the
/// other layouts under which its date is plausible. One path for every layout: this crate's
/// layout is read by the crate's own parser, and every layout is cut by [`Layout::decode`].
fn snowflake_fields(id: &str, options: &Options) -> Result<Fields, String> {
    let this = Layout::this();
    let layout = options.layout.as_ref().unwrap_or(&this);
    let value = if layout.is_this() {
        // The crate's rules for its text: no leading zero, below 2^63.
        let snowflake: snowflake::SnowflakeId = id
            .parse()
            .map_err(|e: snowflake::ParseError| e.to_string())?;
        u64::from(snowflake)
    } else {
        parse_u64(id)?
    };
    let epoch_ms = options
        .epoch_ms
        .or(layout.epoch_ms)
        .ok_or("a custom layout needs --epoch")?;
    let decoded = layout.decode(value, epoch_ms)?;
    let mut fields = format_and_time("Snowflake", decoded.timestamp_ms);
    fields.push(field("layout", json!(layout.name)));
    if options.layout.is_some() {
        fields.push(field("epoch_ms", json!(epoch_ms)));
    }
    for (name, value) in decoded.fields {
        fields.push(field(name, json!(value)));
    }
    if options.layout.is_none() {
        fields.extend(other_layouts(
            layout,
            value,
            decoded.timestamp_ms,
            options.now_ms,
        ));
    }
    Ok(fields)
}

/// What a report of this crate's layout read without --layout adds: the other layouts under
/// which the date of `value` is plausible, as a note when its date `timestamp_ms` under this
/// layout is plausible too, after a warning when that date is in the future; or a warning
/// alone when the number is too small to hold a timestamp.
fn other_layouts(this: &Layout, value: u64, timestamp_ms: u64, now_ms: u64) -> Fields {
    if Some(timestamp_ms) == this.epoch_ms {
        let warning = format!(
            "its timestamp is the layout's epoch itself: a number below 2^{} is more likely a \
             counter or a database key than a Snowflake id",
            this.low_bits()
        );
        return vec![field("warning", json!(warning))];
    }
    let others = plausible_elsewhere(value, now_ms);
    if plausible(timestamp_ms, now_ms) {
        if others.is_empty() {
            return Vec::new();
        }
        return vec![Field {
            name: "also_plausible_as",
            value: json!(others),
            remark: Some("the dates under other layouts; --layout NAME reads it in one"),
        }];
    }
    let warning = if others.is_empty() {
        "its date under this crate's layout is in the future, and no other known layout gives a \
         date from 2006 to now"
    } else {
        "its date under this crate's layout is in the future: it may be from another generator \
         (see plausible_layouts; choose one with --layout)"
    };
    let mut fields = vec![field("warning", json!(warning))];
    if !others.is_empty() {
        fields.push(field("plausible_layouts", json!(others)));
    }
    fields
}

/// The other known layouts under which the date of the Snowflake id `value` is plausible,
/// each as an object with the layout's name and the date.
fn plausible_elsewhere(value: u64, now_ms: u64) -> Vec<Value> {
    Layout::foreign()
        .iter()
        .filter_map(|layout| {
            let decoded = layout.decode(value, layout.epoch_ms?).ok()?;
            plausible(decoded.timestamp_ms, now_ms).then(|| {
                json!({
                    "layout": layout.name,
                    "timestamp": rfc3339::from_unix_ms(decoded.timestamp_ms).text(),
                })
            })
        })
        .collect()
}

/// A decimal `u64`, as `inspect --layout` reads a Snowflake id of another layout.
fn parse_u64(id: &str) -> Result<u64, String> {
    if let Some((index, c)) = id.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        return Err(format!(
            "invalid character {c:?} at byte index {index}: a Snowflake id is written with \
             the ASCII digits 0-9 only"
        ));
    }
    if id.is_empty() {
        return Err("empty: a Snowflake id is written with the ASCII digits 0-9".into());
    }
    id.parse()
        .map_err(|_| format!("{id} is out of range: a Snowflake id is at most 2^64 - 1"))
}

fn checksummed_fields(id: &str, _: &Options) -> Result<Fields, String> {
    // The library's reason, which never names the expected check symbol.
    checksummed_id::check(id).map_err(|error| error.to_string())?;
    let symbols: String = id.chars().filter(|&c| c != '-').collect();
    let (payload, check) = symbols.split_at(symbols.len() - 1);
    Ok(vec![
        field("format", json!("checksummed")),
        field("payload", json!(payload.to_ascii_uppercase())),
        field("check_symbol", json!(check.to_ascii_uppercase())),
    ])
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

/// A value for the human output: a string as it is, a list of strings joined by ", ".
fn human(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Array(items) => items.iter().map(human).collect::<Vec<_>>().join(", "),
        // A plausible layout: its name and the date under it.
        Value::Object(object) => object.values().map(human).collect::<Vec<_>>().join(" "),
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
