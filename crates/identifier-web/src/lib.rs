//! The id inspector page: [`id_inspect`] and the format crates, called from the page's
//! JavaScript through wasm-bindgen.
//!
//! Build the page and open it from any static server:
//!
//! ```sh
//! cargo xtask web                       # target/web: index.html, identifier_web.js, the wasm
//! python3 -m http.server -d target/web  # then http://localhost:8000/#01ARZ3NDEKTSV4RRFFQ69G5FAV
//! ```
//!
//! The same functions run natively, which is how they are tested besides the browser:
//!
//! ```
//! let view: serde_json::Value =
//!     serde_json::from_str(&identifier_web::inspect("01ARZ3NDEKTSV4RRFFQ69G5FAV, nope", "", 0.0))
//!         .unwrap();
//! let ids = view["ids"].as_array().unwrap();
//! assert_eq!(ids[0]["format"], "ULID");
//! // The line `identifier inspect --json` prints, as text.
//! assert!(ids[0]["json"].as_str().unwrap().starts_with(r#"{"counter":"0xd6764c61efb99302bd5b""#));
//! assert_eq!(ids[1]["reasons"][0]["format"], "ULID");
//! ```
//!
//! Every function takes and returns text (JSON for structured answers): the page parses the
//! views, but never the reports it shows in `data-json`, whose integers may pass 2^53.
#![forbid(unsafe_code)]

use std::cell::RefCell;
use std::fmt::Write as _;

use id_inspect::{Layout, Options};
use serde_json::{Value, json};
use wasm_bindgen::prelude::wasm_bindgen;

/// The most ids one call inspects: a paste larger than this shows its first ids and a count
/// of the rest.
pub const MAX_IDS: usize = 10_000;

/// The ids in `text`, each with its line number (from 1): separated by line breaks, white
/// space or commas.
///
/// ```
/// let ids: Vec<(usize, &str)> = identifier_web::ids("a, b\r\n\n c,,d").collect();
/// assert_eq!(ids, [(1, "a"), (1, "b"), (3, "c"), (3, "d")]);
/// ```
pub fn ids(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().flat_map(|(index, line)| {
        line.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|id| !id.is_empty())
            .map(move |id| (index + 1, id))
    })
}

/// The ids of `text` ([`ids`]) as a JSON list of strings: what the page writes into its
/// link's fragment.
///
/// ```
/// assert_eq!(identifier_web::id_list("a, b\nc"), r#"["a","b","c"]"#);
/// ```
#[wasm_bindgen]
#[must_use]
pub fn id_list(text: &str) -> String {
    json!(ids(text).map(|(_, id)| id).collect::<Vec<_>>()).to_string()
}

/// A millisecond count from JavaScript (a `Number`), clamped to `u64`; `None` for NaN, an
/// infinity or a negative number.
fn milliseconds(ms: f64) -> Option<u64> {
    // `as` saturates at u64::MAX for a finite number past it.
    (ms.is_finite() && ms >= 0.0).then_some(ms as u64)
}

/// The page's view of each id in `text` (see [`ids`]), as JSON text: `{"ids": [...],
/// "more": N}`, where `more` counts the ids past [`MAX_IDS`]. `layout` is the Snowflake
/// layout (`""` for this family's, with the other layouts' dates); `now_ms` is the browser's
/// clock, against which Snowflake dates are judged plausible.
///
/// Each view holds `line`, `id`, and `json`, the line `identifier inspect --json` writes for
/// the id (with `--layout` when `layout` is not empty), as text. A recognized id adds
/// `format`, `fields` (`name`, `text`, `remark`), `time_ms` (its Unix millisecond, if it has
/// a timestamp), `bits` (`size`, `binary`, and `segments`: `name`, `kind`, `offset`,
/// `width`, `hex`, high to low) and, for a Snowflake id, `readings`: every known layout's
/// date (`layout`, `timestamp`, `plausible`, `chosen`), plausible ones first. An id that is
/// none adds `reasons` (`format`, `message`) and `closest`, the likeliest format's reason
/// with the byte `index` at fault, or null.
///
/// ```
/// let view: serde_json::Value =
///     serde_json::from_str(&identifier_web::inspect("175928847299117063", "discord", 1.8e12))
///         .unwrap();
/// let discord = &view["ids"][0];
/// assert_eq!(discord["fields"][1]["text"], "2016-04-30T11:18:25.796Z");
/// assert_eq!(discord["readings"][0]["plausible"], true);
/// assert_eq!(discord["bits"]["segments"][0]["name"], "timestamp");
/// ```
#[wasm_bindgen]
#[must_use]
pub fn inspect(text: &str, layout: &str, now_ms: f64) -> String {
    let mut options = Options::new(milliseconds(now_ms).unwrap_or(0));
    if !layout.is_empty() {
        match Layout::parse(layout) {
            Ok(layout) => options.layout = Some(layout),
            Err(error) => return json!({ "error": error }).to_string(),
        }
    }
    let mut views = Vec::new();
    let mut more = 0usize;
    for (line, id) in ids(text) {
        if views.len() == MAX_IDS {
            more += 1;
        } else {
            views.push(view(line, id, &options));
        }
    }
    json!({ "ids": views, "more": more }).to_string()
}

/// The view of one id: see [`inspect`].
fn view(line: usize, id: &str, options: &Options) -> Value {
    let mut view = serde_json::Map::new();
    view.insert("line".into(), json!(line));
    view.insert("id".into(), json!(id));
    match id_inspect::inspect(id, options) {
        Ok(report) => {
            let json = id_inspect::json_line(&Value::Object(report.to_json(id)));
            view.insert("json".into(), json!(json));
            view.insert("format".into(), json!(report.format()));
            let fields: Vec<Value> = report
                .fields()
                .iter()
                .map(|field| json!({ "name": field.name, "text": field.text(), "remark": field.remark }))
                .collect();
            view.insert("fields".into(), json!(fields));
            let time_ms = report.get("timestamp_ms").and_then(Value::as_f64);
            view.insert("time_ms".into(), json!(time_ms));
            if let Some(bits) = report.bits() {
                view.insert("bits".into(), bits_view(bits));
                if report.format() == "Snowflake" {
                    let chosen = report.get("layout").and_then(Value::as_str);
                    view.insert(
                        "readings".into(),
                        readings_view(bits.value as u64, options.now_ms, chosen),
                    );
                }
            }
        }
        Err(rejection) => {
            let json = id_inspect::json_line(&Value::Object(rejection.to_json(id)));
            view.insert("json".into(), json!(json));
            let reasons: Vec<Value> = rejection
                .reasons()
                .iter()
                .map(|reason| json!({ "format": reason.format, "message": reason.message }))
                .collect();
            view.insert("reasons".into(), json!(reasons));
            let closest = rejection.closest().map(|reason| {
                json!({ "format": reason.format, "message": reason.message, "index": reason.index })
            });
            view.insert("closest".into(), json!(closest));
        }
    }
    Value::Object(view)
}

/// An id's bits: its size, its value in binary, and each field's place and value in hex.
fn bits_view(bits: &id_inspect::Bits) -> Value {
    let size = bits.size as usize;
    let mut binary = String::with_capacity(size);
    let _ = write!(binary, "{:0size$b}", bits.value);
    let segments: Vec<Value> = bits
        .segments
        .iter()
        .map(|segment| {
            let digits = segment.width.div_ceil(4) as usize;
            json!({
                "name": segment.name,
                "kind": segment.kind.name(),
                "offset": segment.offset,
                "width": segment.width,
                "hex": format!("0x{:0digits$x}", segment.of(bits.value)),
            })
        })
        .collect();
    json!({ "size": bits.size, "binary": binary, "segments": segments })
}

/// Every known layout's date for a Snowflake id, plausible ones first, and which one the
/// report read it in.
fn readings_view(id: u64, now_ms: u64, chosen: Option<&str>) -> Value {
    let readings: Vec<Value> = id_inspect::layout::readings(id, now_ms)
        .into_iter()
        .map(|reading| {
            json!({
                "layout": reading.layout.name,
                "timestamp": id_inspect::utc_text(reading.timestamp_ms),
                "plausible": reading.plausible,
                "chosen": chosen == Some(&*reading.layout.name),
            })
        })
        .collect();
    json!(readings)
}

/// The Snowflake layouts the page offers, as JSON text: each one's `name` and `description`
/// (its timestamp and fields, from the layout's own definition).
///
/// ```
/// let layouts: serde_json::Value = serde_json::from_str(&identifier_web::layouts()).unwrap();
/// assert_eq!(layouts[0]["name"], "this");
/// assert_eq!(
///     layouts[5]["description"],
///     "48-bit timestamp of 1 ms since 1970-01-01T00:00:00.000Z; sequence 16 bits"
/// );
/// ```
#[wasm_bindgen]
#[must_use]
pub fn layouts() -> String {
    let layouts: Vec<Value> = id_inspect::layout::KNOWN
        .iter()
        .map(|layout| {
            let fields: Vec<String> = layout
                .fields
                .iter()
                .map(|(name, bits)| format!("{name} {bits} bits"))
                .collect();
            let epoch = layout
                .epoch_ms
                .map(id_inspect::utc_text)
                .unwrap_or_default();
            let description = format!(
                "{}-bit timestamp of {} ms since {epoch}; {}",
                layout.timestamp_bits,
                layout.unit_ms,
                fields.join(", ")
            );
            json!({ "name": layout.name, "description": description })
        })
        .collect();
    json!(layouts).to_string()
}

/// A new ULID, from the browser's clock and random source.
///
/// ```
/// assert_eq!(identifier_web::new_ulid().len(), 26);
/// ```
#[wasm_bindgen]
#[must_use]
pub fn new_ulid() -> String {
    ulid::generate().to_string()
}

/// A new UUIDv7, from the browser's clock and random source.
///
/// ```
/// assert_eq!(&identifier_web::new_uuid7()[14..15], "7");
/// ```
#[wasm_bindgen]
#[must_use]
pub fn new_uuid7() -> String {
    uuid7::generate().to_string()
}

/// A new ObjectId, from the browser's clock and random source.
///
/// ```
/// assert_eq!(identifier_web::new_object_id().len(), 24);
/// ```
#[wasm_bindgen]
#[must_use]
pub fn new_object_id() -> String {
    objectid::generate().to_string()
}

thread_local! {
    /// One generator a worker id, kept so that ids of one worker id never repeat in a page.
    static SNOWFLAKES: RefCell<Vec<snowflake::SnowflakeIdGenerator>> = const { RefCell::new(Vec::new()) };
}

/// A new Snowflake id of worker `worker_id`, from the browser's clock.
///
/// # Errors
///
/// The Snowflake crate's message for a worker id past 1023, or a clock outside its range.
///
/// # Examples
///
/// ```
/// let id: u64 = identifier_web::new_snowflake(7).unwrap().parse().unwrap();
/// assert_eq!((id >> 12) & 1023, 7);
/// assert!(identifier_web::new_snowflake(1024).unwrap_err().contains("1023"));
/// ```
#[wasm_bindgen]
pub fn new_snowflake(worker_id: u32) -> Result<String, String> {
    let worker_id = u16::try_from(worker_id).unwrap_or(u16::MAX);
    SNOWFLAKES.with(|generators| {
        let mut generators = generators.borrow_mut();
        let at = match generators.iter().position(|g| g.worker_id() == worker_id) {
            Some(at) => at,
            None => {
                let generator =
                    snowflake::SnowflakeIdGenerator::new(worker_id).map_err(|e| e.to_string())?;
                generators.push(generator);
                generators.len() - 1
            }
        };
        let id = generators[at].generate().map_err(|e| e.to_string())?;
        Ok(id.to_string())
    })
}

/// A new checksummed code of `length` payload symbols in groups of `group_size` (0: none),
/// separated by `-`.
///
/// # Errors
///
/// The library's message for a length of 0, or one that does not fit in memory.
///
/// # Examples
///
/// ```
/// let code = identifier_web::new_checksummed(12, 4).unwrap();
/// assert!(checksummed_id::verify(&code));
/// assert!(identifier_web::new_checksummed(0, 4).is_err());
/// ```
#[wasm_bindgen]
pub fn new_checksummed(length: u32, group_size: u32) -> Result<String, String> {
    let options = checksummed_id::Options {
        length: length as usize,
        group_size: group_size as usize,
        sep: '-',
    };
    checksummed_id::generate_with(&options).map_err(|e| e.to_string())
}

/// The smallest and the largest id of the instant `ms` (a Unix millisecond) in each
/// time-ordered format and Snowflake layout ([`id_inspect::bounds_at`]), as JSON text: a
/// list of `format`, `layout` (null, or the Snowflake layout), and `min` and `max`, or
/// `error`.
///
/// ```
/// let bounds: serde_json::Value =
///     serde_json::from_str(&identifier_web::bounds(1_469_922_850_259.0)).unwrap();
/// assert_eq!(bounds[0]["min"], "01ARZ3NDEK0000000000000000");
/// assert!(bounds[3]["error"].as_str().unwrap().contains("out of range"));
/// ```
#[wasm_bindgen]
#[must_use]
pub fn bounds(ms: f64) -> String {
    let Some(ms) = milliseconds(ms) else {
        return json!([]).to_string();
    };
    let bounds: Vec<Value> = id_inspect::bounds_at(ms)
        .into_iter()
        .map(|bounds| match bounds.range {
            Ok((min, max)) => {
                json!({ "format": bounds.format, "layout": bounds.layout, "min": min, "max": max })
            }
            Err(error) => {
                json!({ "format": bounds.format, "layout": bounds.layout, "error": error })
            }
        })
        .collect();
    json!(bounds).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn views(text: &str, layout: &str, now_ms: f64) -> Vec<Value> {
        let all: Value = serde_json::from_str(&inspect(text, layout, now_ms)).unwrap();
        all["ids"].as_array().unwrap().clone()
    }

    #[test]
    fn each_view_holds_the_command_s_line_for_its_id() {
        let now = 1_800_000_000_000;
        let text = "01ARZ3NDEKTSV4RRFFQ69G5FAV\n{C232AB00-9414-11EC-B3C8-9F6BDECED846},nope";
        for view in views(text, "", now as f64) {
            let id = view["id"].as_str().unwrap();
            let expected = id_inspect::json_report(id, &Options::new(now));
            assert_eq!(view["json"], expected.as_str());
        }
    }

    #[test]
    fn the_bits_are_the_id_s_bits() {
        let view = &views("4194308098", "", 0.0)[0];
        let binary = view["bits"]["binary"].as_str().unwrap();
        assert_eq!(binary.len(), 64);
        assert_eq!(u64::from_str_radix(binary, 2).unwrap(), 4_194_308_098);
        // (1000 << 22) | (1 << 12) | 2: the timestamp 1000, worker 1, sequence 2.
        let hexes: Vec<&str> = view["bits"]["segments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|segment| segment["hex"].as_str().unwrap())
            .collect();
        assert_eq!(hexes, ["0x0", "0x000000003e8", "0x001", "0x002"]);
    }

    #[test]
    fn too_many_ids_are_counted_not_dropped_silently() {
        let text = "0 ".repeat(MAX_IDS + 3);
        let all: Value = serde_json::from_str(&inspect(&text, "", 0.0)).unwrap();
        assert_eq!(all["ids"].as_array().unwrap().len(), MAX_IDS);
        assert_eq!(all["more"], 3);
    }

    #[test]
    fn an_unknown_layout_is_an_error_and_odd_numbers_from_javascript_are_no_time() {
        let answer: Value = serde_json::from_str(&inspect("1", "flickr", 0.0)).unwrap();
        assert!(answer["error"].as_str().unwrap().contains("mastodon"));
        for ms in [f64::NAN, -1.0, f64::INFINITY] {
            assert_eq!(milliseconds(ms), None);
            assert_eq!(bounds(ms), "[]");
        }
        assert_eq!(milliseconds(1e30), Some(u64::MAX));
    }
}
