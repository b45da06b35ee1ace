//! `inspect`: ask every format's strict parser whether it accepts an identifier.

use std::io::{self, Write};

use id_inspect::json_line;
use serde_json::{Value, json};

use crate::lines::{self, Line};
use crate::{Failure, escaped};

/// What `inspect` is asked: the output's form, and how to read ids.
pub(crate) struct Options {
    /// One JSON object a line.
    pub(crate) json: bool,
    /// With `json`: each report of a format that this crate generates holds its generator's
    /// policy.
    pub(crate) policy: bool,
    /// The Snowflake layout (--layout), its epoch (--epoch) and the clock's now.
    pub(crate) inspect: id_inspect::Options,
}

/// Prints what each id is; `Rejected` if any is none of the formats.
pub(crate) fn run(ids: &[String], options: &Options, out: &mut impl Write) -> Result<(), Failure> {
    if let Some(layout) = &options.inspect.layout
        && layout.epoch_ms.is_none()
        && options.inspect.epoch_ms.is_none()
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
    let inspected = id_inspect::inspect(id, &options.inspect);
    let recognized = inspected.is_ok();
    match (inspected, options.json) {
        (Ok(report), true) => {
            let mut object = report.to_json(id);
            if let Some(line) = line {
                object.insert("line".into(), json!(line));
            }
            // Another layout's id was not made by this crate's generator.
            let foreign = report.get("layout").is_some_and(|layout| layout != "this");
            let policy = Some(report.format())
                .filter(|_| options.policy && !foreign)
                .and_then(generator_policy);
            if let Some(policy) = policy {
                object.insert("generator_policy".into(), policy);
            }
            writeln!(out, "{}", json_line(&Value::Object(object)))?;
        }
        (Ok(report), false) => {
            writeln!(out, "{}", escaped(id))?;
            for field in report.fields() {
                let (name, text) = (field.name, field.text());
                match field.remark {
                    Some(remark) => writeln!(out, "  {name:<12} {text} ({remark})")?,
                    None => writeln!(out, "  {name:<12} {text}")?,
                }
            }
        }
        (Err(rejection), true) => {
            let mut object = rejection.to_json(id);
            if let Some(line) = line {
                object.insert("line".into(), json!(line));
            }
            writeln!(out, "{}", json_line(&Value::Object(object)))?;
        }
        (Err(rejection), false) => {
            match line {
                Some(line) => writeln!(out, "line {line}: {}\n  not an identifier:", escaped(id))?,
                None => writeln!(out, "{}\n  not an identifier:", escaped(id))?,
            }
            for reason in rejection.reasons() {
                writeln!(out, "    {:<12} {}", reason.format, reason.message)?;
            }
        }
    }
    Ok(recognized)
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
