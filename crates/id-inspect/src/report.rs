//! Every format's strict parser asked whether it accepts an identifier, and the report of
//! the first that does.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt::Write as _;

use serde_json::{Map, Value, json};

use crate::bits::{Bits, Kind, Segment};
use crate::fields::{Field, Fields, field, format_and_time, hex, random_or_counter};
use crate::layout::{self, Layout};
use crate::rfc3339;
use crate::why::Why;

/// How to read an identifier: the Snowflake layout, and the time against which a Snowflake
/// id's date is judged plausible.
///
/// ```
/// use id_inspect::{Layout, Options};
///
/// let mut options = Options::new(1_800_000_000_000); // now, in Unix milliseconds
/// options.layout = Some(Layout::parse("discord")?);
/// let report = id_inspect::inspect("175928847299117063", &options).unwrap();
/// assert_eq!(report.get("timestamp").unwrap(), "2016-04-30T11:18:25.796Z");
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The layout of decimal Snowflake ids; `None` for this family's, with the other layouts
    /// under which an id's date is plausible, and a warning for a date in the future.
    pub layout: Option<Layout>,
    /// The epoch of the layout, overriding its own; needed for a custom layout.
    pub epoch_ms: Option<u64>,
    /// The current Unix millisecond, for the plausibility of a Snowflake id's date: the
    /// caller's clock (this crate reads none).
    pub now_ms: u64,
}

impl Options {
    /// This family's Snowflake layout, judged at `now_ms`.
    ///
    /// ```
    /// let options = id_inspect::Options::new(0);
    /// assert!(options.layout.is_none() && options.epoch_ms.is_none());
    /// ```
    #[must_use]
    pub const fn new(now_ms: u64) -> Options {
        Options {
            layout: None,
            epoch_ms: None,
            now_ms,
        }
    }
}

/// Why one format does not accept an identifier.
///
/// ```
/// let rejection = id_inspect::inspect("01ARZ3NDEKTSV4RRFFQ69G5FAU", &id_inspect::Options::new(0))
///     .unwrap_err();
/// let ulid = &rejection.reasons()[0];
/// assert_eq!(ulid.format, "ULID");
/// assert_eq!(ulid.index, Some(25));
/// assert!(ulid.message.contains("'U' at byte index 25"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    /// The format: `ULID`, `UUID`, `ObjectId`, `Snowflake` or `checksummed`.
    pub format: &'static str,
    /// The format's parser's reason.
    pub message: String,
    /// The byte index of the character at fault, when one is.
    pub index: Option<usize>,
    /// Whether the text has the format's shape (its length, its kind of characters), so that
    /// it reads as a mistyped id of the format.
    pub shaped: bool,
}

/// What an identifier is and holds: its fields as `identifier inspect --json` reports them,
/// and its bits.
///
/// ```
/// let report = id_inspect::inspect("507c7f79bcf86cd7994f6c0e", &id_inspect::Options::new(0))
///     .unwrap();
/// assert_eq!(report.format(), "ObjectId");
/// assert_eq!(report.get("timestamp_s").unwrap(), 1_350_336_377);
/// assert_eq!(report.bits().unwrap().size, 96);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    fields: Fields,
    bits: Option<Bits>,
}

impl Report {
    /// The format: `ULID`, `UUIDv1` ... `UUIDv8`, `UUID`, `nil UUID`, `max UUID`, `ObjectId`,
    /// `Snowflake` or `checksummed`.
    ///
    /// ```
    /// let report = id_inspect::inspect("00000000-0000-0000-0000-000000000000",
    ///     &id_inspect::Options::new(0)).unwrap();
    /// assert_eq!(report.format(), "nil UUID");
    /// ```
    #[must_use]
    pub fn format(&self) -> &str {
        self.get("format")
            .and_then(Value::as_str)
            .unwrap_or_default()
    }

    /// The fields in the order of a report for a reader: the format first.
    ///
    /// ```
    /// let report = id_inspect::inspect("H88C-MK9B-VJ1V-P", &id_inspect::Options::new(0)).unwrap();
    /// let names: Vec<&str> = report.fields().iter().map(|f| f.name).collect();
    /// assert_eq!(names, ["format", "payload", "check_symbol"]);
    /// ```
    #[must_use]
    pub fn fields(&self) -> &[Field] {
        &self.fields
    }

    /// The value of the field `name`, if the report has one.
    ///
    /// ```
    /// let report = id_inspect::inspect("H88C-MK9B-VJ1V-P", &id_inspect::Options::new(0)).unwrap();
    /// assert_eq!(report.get("check_symbol").unwrap(), "P");
    /// assert!(report.get("timestamp").is_none());
    /// ```
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.fields
            .iter()
            .find(|field| field.name == name)
            .map(|field| &field.value)
    }

    /// The id's bits and the fields they hold; `None` for a checksummed code, whose length
    /// is free.
    ///
    /// ```
    /// let report = id_inspect::inspect("4194308098", &id_inspect::Options::new(0)).unwrap();
    /// let bits = report.bits().unwrap();
    /// assert_eq!((bits.size, bits.value), (64, 4_194_308_098));
    /// ```
    #[must_use]
    pub fn bits(&self) -> Option<&Bits> {
        self.bits.as_ref()
    }

    /// The JSON object of `identifier inspect --json` for `id` (the text given): `id`
    /// and every field, with its keys sorted.
    ///
    /// ```
    /// let id = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    /// let report = id_inspect::inspect(id, &id_inspect::Options::new(0)).unwrap();
    /// let json = serde_json::Value::Object(report.to_json(id)).to_string();
    /// assert_eq!(
    ///     json,
    ///     r#"{"counter":"0xd6764c61efb99302bd5b","format":"ULID","id":"01ARZ3NDEKTSV4RRFFQ69G5FAV","timestamp":"2016-07-30T23:54:10.259Z","timestamp_ms":1469922850259}"#
    /// );
    /// ```
    #[must_use]
    pub fn to_json(&self, id: &str) -> Map<String, Value> {
        let mut object = Map::new();
        object.insert("id".into(), json!(id));
        for field in &self.fields {
            object.insert(field.name.to_owned(), field.value.clone());
        }
        object
    }
}

/// Why an identifier is none of the formats: each format's reason.
///
/// ```
/// let rejection = id_inspect::inspect("nope", &id_inspect::Options::new(0)).unwrap_err();
/// assert_eq!(rejection.reasons().len(), 5);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    reasons: Vec<Reason>,
}

impl Rejection {
    /// Each format's reason, in the order the formats are tried: ULID, UUID, ObjectId,
    /// Snowflake, checksummed.
    ///
    /// ```
    /// let rejection = id_inspect::inspect("", &id_inspect::Options::new(0)).unwrap_err();
    /// assert_eq!(rejection.reasons()[3].message, "empty string: expected a Snowflake id in decimal");
    /// ```
    #[must_use]
    pub fn reasons(&self) -> &[Reason] {
        &self.reasons
    }

    /// The reason of the first format whose shape the text has, which it most likely is a
    /// mistyped id of; `None` if it has no format's shape.
    ///
    /// ```
    /// use id_inspect::{Options, inspect};
    ///
    /// let mistyped = inspect("507c7f79bcf86cd7994f6c0!", &Options::new(0)).unwrap_err();
    /// let closest = mistyped.closest().unwrap();
    /// assert_eq!((closest.format, closest.index), ("ObjectId", Some(23)));
    /// assert!(inspect("?", &Options::new(0)).unwrap_err().closest().is_none());
    /// ```
    #[must_use]
    pub fn closest(&self) -> Option<&Reason> {
        self.reasons.iter().find(|reason| reason.shaped)
    }

    /// The JSON object of `identifier inspect --json` for `id`: `id`, `error` and each
    /// format's reason under `reasons`.
    ///
    /// ```
    /// let rejection = id_inspect::inspect("nope", &id_inspect::Options::new(0)).unwrap_err();
    /// let json = rejection.to_json("nope");
    /// assert_eq!(json["error"], "not an identifier");
    /// assert_eq!(json["reasons"]["ULID"], "a ULID has 26 characters, found 4");
    /// ```
    #[must_use]
    pub fn to_json(&self, id: &str) -> Map<String, Value> {
        let reasons: Map<String, Value> = self
            .reasons
            .iter()
            .map(|reason| (reason.format.to_owned(), json!(reason.message)))
            .collect();
        let mut object = Map::new();
        object.insert("id".into(), json!(id));
        object.insert("error".into(), json!("not an identifier"));
        object.insert("reasons".into(), Value::Object(reasons));
        object
    }
}

/// A format's parser: the fields and bits of an id it accepts, or why it does not.
type Parser = fn(&str, &Options) -> Result<(Fields, Option<Bits>), Why>;

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

/// What `id` is: the report of the first format that accepts it (with `also_valid_as`
/// naming any other that accepts it too), or each format's reason for refusing it. The shape
/// of `id` decides nothing: a checksummed code may have the length of a ULID or of a UUID.
///
/// Reads no clock and no environment: a Snowflake id's date is judged against
/// `options.now_ms`.
///
/// # Errors
///
/// A [`Rejection`] when no format accepts `id`.
///
/// # Examples
///
/// ```
/// use id_inspect::{Options, inspect};
///
/// // RFC 9562 A.1's UUIDv1, braced and in upper case.
/// let report = inspect("{C232AB00-9414-11EC-B3C8-9F6BDECED846}", &Options::new(0)).unwrap();
/// assert_eq!(report.format(), "UUIDv1");
/// assert_eq!(report.get("form").unwrap(), "braced");
/// assert_eq!(report.get("timestamp").unwrap(), "2022-02-22T19:22:22.0000000Z");
/// assert_eq!(report.get("timestamp_100ns").unwrap(), 0x1EC_9414_C232_AB00_u64);
/// ```
pub fn inspect(id: &str, options: &Options) -> Result<Report, Rejection> {
    let mut accepted = None;
    let mut also = Vec::new();
    let mut reasons = Vec::new();
    for (format, parse) in FORMATS {
        match parse(id, options) {
            Ok(report) if accepted.is_none() => accepted = Some(report),
            Ok(_) => also.push(format),
            Err(why) => reasons.push(Reason {
                format,
                message: why.message,
                index: why.index,
                shaped: why.shaped,
            }),
        }
    }
    let (mut fields, bits) = accepted.ok_or(Rejection { reasons })?;
    if !also.is_empty() {
        fields.push(field("also_valid_as", json!(also)));
    }
    Ok(Report { fields, bits })
}

/// The line `identifier inspect --json ID` writes for `id`, without its newline: the report,
/// or the rejection, as one line of JSON ([`json_line`]).
///
/// ```
/// let line = id_inspect::json_report("nope", &id_inspect::Options::new(0));
/// assert!(line.starts_with(r#"{"error":"not an identifier","id":"nope","reasons":{"#));
/// ```
#[must_use]
pub fn json_report(id: &str, options: &Options) -> String {
    let object = match inspect(id, options) {
        Ok(report) => report.to_json(id),
        Err(rejection) => rejection.to_json(id),
    };
    json_line(&Value::Object(object))
}

/// The low bits of a ULID: its counter (the specification's randomness).
const ULID_COUNTER_BITS: u32 = u128::BITS - ulid::Ulid::MAX_RANDOM.leading_zeros();
/// The high bits of a ULID: its milliseconds.
const ULID_TIMESTAMP_BITS: u32 = u64::BITS - ulid::Ulid::MAX_TIMESTAMP_MS.leading_zeros();

fn ulid_fields(id: &str, _: &Options) -> Result<(Fields, Option<Bits>), Why> {
    let ulid: ulid::Ulid = id.parse().map_err(|error: ulid::ParseError| {
        let message = error.to_string();
        match error {
            ulid::ParseError::InvalidLength { .. } => Why::unshaped(message),
            ulid::ParseError::InvalidCharacter { index, .. } => Why::shaped(message, Some(index)),
            _ => Why::shaped(message, Some(0)),
        }
    })?;
    let mut fields = format_and_time("ULID", ulid.timestamp_ms());
    fields.push(random_or_counter(hex(ulid.random(), ULID_COUNTER_BITS)));
    let bits = Bits {
        size: 128,
        value: ulid.to_u128(),
        segments: vec![
            Segment::new(
                "timestamp",
                Kind::Time,
                ULID_COUNTER_BITS,
                ULID_TIMESTAMP_BITS,
            ),
            Segment::new("counter", Kind::Counter, 0, ULID_COUNTER_BITS),
        ],
    };
    Ok((fields, Some(bits)))
}

fn uuid_fields(id: &str, _: &Options) -> Result<(Fields, Option<Bits>), Why> {
    let (fields, bits) = crate::uuid::fields(id)?;
    Ok((fields, Some(bits)))
}

/// An ObjectId's counter, below its seconds.
const OBJECT_ID_COUNTER_BITS: u32 = u64::BITS - objectid::ObjectId::MAX_COUNTER.leading_zeros();
/// An ObjectId's seconds.
const OBJECT_ID_TIMESTAMP_BITS: u32 =
    u64::BITS - objectid::ObjectId::MAX_TIMESTAMP_S.leading_zeros();
/// MongoDB drivers' 3-byte counter, the low bits of the counter.
const INCREMENT: Segment = Segment::new("increment", Kind::Counter, 0, 24);
/// MongoDB drivers' 5 random bytes a process, above the increment.
const PROCESS_UNIQUE: Segment = Segment::new(
    "process_unique",
    Kind::Random,
    INCREMENT.width,
    OBJECT_ID_COUNTER_BITS - INCREMENT.width,
);

fn object_id_fields(id: &str, _: &Options) -> Result<(Fields, Option<Bits>), Why> {
    // Read in any case; byte indexes of errors stay those of `id`.
    let lower = id.to_ascii_lowercase();
    let object_id: objectid::ObjectId = lower.parse().map_err(|error: objectid::ParseError| {
        let message = error
            .to_string()
            .replace("lower-case hex", "hex")
            .replace("(0-9, a-f)", "(0-9, a-f, A-F)");
        match error {
            objectid::ParseError::InvalidCharacter { index, .. } => {
                Why::shaped(message, Some(index))
            }
            _ => Why::unshaped(message),
        }
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
    let counter = u128::from(object_id.counter());
    fields.push(random_or_counter(hex(counter, OBJECT_ID_COUNTER_BITS)));
    fields.push(Field {
        name: "process_unique",
        value: hex(PROCESS_UNIQUE.of(counter), PROCESS_UNIQUE.width),
        remark: Some("MongoDB drivers: 5 random bytes per process"),
    });
    fields.push(Field {
        name: "increment",
        value: json!(INCREMENT.of(counter) as u64),
        remark: Some("MongoDB drivers: a 3-byte counter"),
    });
    let bits = Bits {
        size: OBJECT_ID_TIMESTAMP_BITS + OBJECT_ID_COUNTER_BITS,
        value: u128::from(seconds) << OBJECT_ID_COUNTER_BITS | counter,
        segments: vec![
            Segment::new(
                "timestamp",
                Kind::Time,
                OBJECT_ID_COUNTER_BITS,
                OBJECT_ID_TIMESTAMP_BITS,
            ),
            PROCESS_UNIQUE,
            INCREMENT,
        ],
    };
    Ok((fields, Some(bits)))
}

/// A Snowflake id in the layout of the options, or without one in this family's layout with
/// the other layouts under which its date is plausible. One path for every layout: this
/// family's layout is read by the Snowflake crate's own parser, and every layout is cut by
/// [`Layout::decode`].
fn snowflake_fields(id: &str, options: &Options) -> Result<(Fields, Option<Bits>), Why> {
    let layout = options.layout.as_ref().unwrap_or(&Layout::THIS);
    let starts_with_digit = id.bytes().next().is_some_and(|b| b.is_ascii_digit());
    let value = if layout.is_this() {
        // The crate's rules for its text: no leading zero, below 2^63.
        let snowflake: snowflake::SnowflakeId =
            id.parse().map_err(|error: snowflake::ParseError| {
                let message = error.to_string();
                match error {
                    snowflake::ParseError::InvalidCharacter { index, .. } if starts_with_digit => {
                        Why::shaped(message, Some(index))
                    }
                    snowflake::ParseError::LeadingZero { .. } => Why::shaped(message, Some(0)),
                    snowflake::ParseError::OutOfRange { .. } => Why::shaped(message, None),
                    _ => Why::unshaped(message),
                }
            })?;
        u64::from(snowflake)
    } else {
        parse_u64(id)?
    };
    let epoch_ms = options
        .epoch_ms
        .or(layout.epoch_ms)
        .ok_or_else(|| Why::shaped(format!("the {} layout needs an epoch", layout.name), None))?;
    let decoded = layout
        .decode(value, epoch_ms)
        .map_err(|message| Why::shaped(message, None))?;
    let mut fields = format_and_time("Snowflake", decoded.timestamp_ms);
    fields.push(field("layout", json!(layout.name)));
    if options.layout.is_some() {
        fields.push(field("epoch_ms", json!(epoch_ms)));
    }
    for (name, value) in decoded.fields {
        fields.push(field(name, json!(value)));
    }
    if options.layout.is_none() {
        fields.extend(other_layouts(value, decoded.timestamp_ms, options.now_ms));
    }
    let bits = Bits {
        size: 64,
        value: value.into(),
        segments: layout.segments(),
    };
    Ok((fields, Some(bits)))
}

/// What a report of this family's layout read without a chosen layout adds: the other
/// layouts under which the date of `value` is plausible, as a note when its date
/// `timestamp_ms` under this layout is plausible too, after a warning when that date is in
/// the future; or a warning alone when the number is too small to hold a timestamp.
fn other_layouts(value: u64, timestamp_ms: u64, now_ms: u64) -> Fields {
    let this = &Layout::THIS;
    if Some(timestamp_ms) == this.epoch_ms {
        let warning = format!(
            "its timestamp is the layout's epoch itself: a number below 2^{} is more likely a \
             counter or a database key than a Snowflake id",
            this.low_bits()
        );
        return vec![field("warning", json!(warning))];
    }
    let others: Vec<Value> = layout::readings(value, now_ms)
        .into_iter()
        .filter(|reading| reading.plausible && !reading.layout.is_this())
        .map(|reading| {
            json!({
                "layout": reading.layout.name,
                "timestamp": rfc3339::from_unix_ms(reading.timestamp_ms).text(),
            })
        })
        .collect();
    if this.plausible(timestamp_ms, now_ms) {
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
         plausible date (from the day its ids began to now)"
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

/// A decimal `u64`, as a Snowflake id of another layout is read.
fn parse_u64(id: &str) -> Result<u64, Why> {
    if let Some((index, c)) = id.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        let message = format!(
            "invalid character {c:?} at byte index {index}: a Snowflake id is written with \
             the ASCII digits 0-9 only"
        );
        return Err(if index > 0 {
            Why::shaped(message, Some(index))
        } else {
            Why::unshaped(message)
        });
    }
    if id.is_empty() {
        return Err(Why::unshaped(
            "empty: a Snowflake id is written with the ASCII digits 0-9".into(),
        ));
    }
    id.parse().map_err(|_| {
        Why::shaped(
            format!("{id} is out of range: a Snowflake id is at most 2^64 - 1"),
            None,
        )
    })
}

fn checksummed_fields(id: &str, _: &Options) -> Result<(Fields, Option<Bits>), Why> {
    // The library's reason, which never names the expected check symbol.
    checksummed_id::check(id).map_err(|error| {
        let message = error.to_string();
        let grouped = id.contains('-');
        match error {
            checksummed_id::CheckError::Mismatch { .. } => Why::shaped(message, None),
            checksummed_id::CheckError::InvalidSymbol { index, .. }
            | checksummed_id::CheckError::InvalidCheckSymbol { index, .. }
                if grouped =>
            {
                Why::shaped(message, Some(index))
            }
            _ => Why::unshaped(message),
        }
    })?;
    let mut payload = String::with_capacity(id.len());
    payload.extend(
        id.chars()
            .filter(|&c| c != '-')
            .map(|c| c.to_ascii_uppercase()),
    );
    // `check` accepted it: at least two symbols, all ASCII.
    let check = payload.pop().unwrap_or_default();
    Ok((
        vec![
            field("format", json!("checksummed")),
            field("payload", json!(payload)),
            field("check_symbol", json!(String::from(check))),
        ],
        None,
    ))
}

/// `value` as one line of JSON in which every character that could act on a terminal or
/// end a line is a `\u` escape: serde_json escapes those below U+0020; this escapes DEL, the
/// C1 controls, and what else Rust's `escape_debug` would not print as it is (format
/// characters such as U+202E, line and paragraph separators). The JSON means the same.
///
/// ```
/// use serde_json::json;
///
/// let line = id_inspect::json_line(&json!({ "id": "a\u{202e}b\u{7f}" }));
/// assert_eq!(line, r#"{"id":"a\u202eb\u007f"}"#);
/// ```
#[must_use]
pub fn json_line(value: &Value) -> String {
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
