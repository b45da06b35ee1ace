//! UUIDs of every version (RFC 9562), in every common text form, for `inspect`.

use serde_json::json;

use crate::fields::{Field, Fields, field, format_and_time, hex, random_or_counter};
use crate::rfc3339::{self, GREGORIAN_TO_UNIX_100NS};

/// How a UUID was written.
#[derive(Clone, Copy)]
enum Form {
    Hyphenated,
    Braced,
    Urn,
    Simple,
}

impl Form {
    fn name(self) -> &'static str {
        match self {
            Form::Hyphenated => "hyphenated",
            Form::Braced => "braced",
            Form::Urn => "urn",
            Form::Simple => "simple",
        }
    }

    fn example(self) -> &'static str {
        match self {
            Form::Hyphenated => "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
            Form::Braced => "{xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx}",
            Form::Urn => "urn:uuid:xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
            Form::Simple => "32 hex digits",
        }
    }
}

/// The forms a UUID is read in, for the message of an id of none of their lengths.
const FORMS: &str = "a UUID has 36 characters (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx), 38 braced \
                     ({...}), 45 as a URN (urn:uuid:...) or 32 hex digits";

/// The 128 bits of `id`, the form it is written in, and whether it has an upper-case hex
/// digit; or why it is not a UUID, with the byte index of the first wrong character.
fn parse(id: &str) -> Result<(u128, Form, bool), String> {
    let prefix = "urn:uuid:";
    let (form, start, inner) = if id
        .get(..prefix.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
    {
        (Form::Urn, prefix.len(), &id[prefix.len()..])
    } else if let Some(rest) = id.strip_prefix('{') {
        let Some(inner) = rest.strip_suffix('}') else {
            return Err("a braced UUID ends with '}'".into());
        };
        (Form::Braced, 1, inner)
    } else if id.chars().count() == 32 {
        (Form::Simple, 0, id)
    } else {
        (Form::Hyphenated, 0, id)
    };
    let hyphens: &[usize] = match form {
        Form::Simple => &[],
        _ => &[8, 13, 18, 23],
    };
    let expected = 32 + hyphens.len();
    let found = inner.chars().count();
    if found != expected {
        return Err(match form {
            Form::Hyphenated => format!("{FORMS}; found {}", id.chars().count()),
            _ => format!(
                "a {} UUID is {}; found {found} characters inside",
                form.name(),
                form.example()
            ),
        });
    }
    let mut value = 0u128;
    let mut upper = false;
    for (position, (index, c)) in inner.char_indices().enumerate() {
        let index = start + index;
        if hyphens.contains(&position) {
            if c != '-' {
                return Err(format!(
                    "invalid character {c:?} at byte index {index}: expected '-'"
                ));
            }
            continue;
        }
        let digit = c.to_digit(16).ok_or_else(|| {
            format!("invalid character {c:?} at byte index {index}: expected a hexadecimal digit")
        })?;
        upper |= c.is_ascii_uppercase();
        value = value << 4 | u128::from(digit);
    }
    Ok((value, form, upper))
}

/// `value` in the canonical form, lower-case and hyphenated.
fn canonical(value: u128) -> String {
    let hex = format!("{value:032x}");
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// The variant field (the top bits of octet 8), by the name RFC 9562 gives it.
fn variant(value: u128) -> &'static str {
    let octet = (value >> 56) as u8;
    match octet {
        0x00..=0x7f => "NCS (reserved, 0xx)",
        0x80..=0xbf => "RFC 9562 (10x)",
        0xc0..=0xdf => "Microsoft (reserved, 110)",
        _ => "future (reserved, 111)",
    }
}

/// The fields of a UUID of any version, in any of the forms.
pub(crate) fn fields(id: &str) -> Result<Fields, String> {
    let (value, form, upper) = parse(id)?;
    let format = match value {
        0 => "nil UUID".to_owned(),
        u128::MAX => "max UUID".to_owned(),
        _ if variant(value).starts_with("RFC") => match value >> 76 & 0xf {
            version @ 1..=8 => format!("UUIDv{version}"),
            _ => "UUID".to_owned(),
        },
        _ => "UUID".to_owned(),
    };
    let mut head = vec![field("format", json!(format))];
    head.push(Field {
        name: "form",
        value: json!(form.name()),
        remark: Some(form.example()),
    });
    if upper {
        head.push(field(
            "note",
            json!("not in canonical case: RFC 9562 writes UUIDs in lower case"),
        ));
    }
    head.push(field("canonical", json!(canonical(value))));
    let body = match value {
        0 => vec![field(
            "contents",
            json!("all bits 0 (RFC 9562 section 5.9)"),
        )],
        u128::MAX => vec![field(
            "contents",
            json!("all bits 1 (RFC 9562 section 5.10)"),
        )],
        _ => versioned(value),
    };
    head.extend(body);
    Ok(head)
}

/// The version, the variant, and the fields of the version.
fn versioned(value: u128) -> Fields {
    let version = (value >> 76 & 0xf) as u8;
    if !variant(value).starts_with("RFC") {
        return vec![
            field("variant", json!(variant(value))),
            field(
                "contents",
                json!("not an RFC 9562 UUID: it has no version field"),
            ),
        ];
    }
    let mut fields = vec![
        field("version", json!(version)),
        field("variant", json!(variant(value))),
    ];
    let time_low = (value >> 96) as u64;
    let time_mid = (value >> 80) as u64 & 0xffff;
    let time_hi = (value >> 64) as u64 & 0x0fff;
    let clock_sequence = (value >> 48) as u64 & 0x3fff;
    let node = value as u64 & 0xffff_ffff_ffff;
    match version {
        1 => {
            fields.push(field(
                "contents",
                json!("time-based (Gregorian clock, node)"),
            ));
            let time = time_hi << 48 | time_mid << 32 | time_low;
            fields.extend(gregorian(time, None));
            fields.push(field("clock_sequence", json!(clock_sequence)));
            fields.push(node_field(node));
        }
        2 => {
            fields.push(field(
                "contents",
                json!("DCE security (time-based, local id)"),
            ));
            let domain = (value >> 48) as u8;
            let domain_name = match domain {
                0 => "person (POSIX UID)",
                1 => "group (POSIX GID)",
                2 => "org",
                _ => "site-defined",
            };
            fields.push(Field {
                name: "local_domain",
                value: json!(domain),
                remark: Some(domain_name),
            });
            fields.push(field("local_id", json!(time_low)));
            let time = time_hi << 48 | time_mid << 32;
            fields.extend(gregorian(
                time,
                Some("its low 32 bits are the local id: the time is up to 429.5 s later"),
            ));
            fields.push(field("clock_sequence", json!(clock_sequence >> 8)));
            fields.push(node_field(node));
        }
        3 => fields.push(field("contents", json!("name-based (MD5 hash)"))),
        4 => fields.push(field("contents", json!("random"))),
        5 => fields.push(field("contents", json!("name-based (SHA-1 hash)"))),
        6 => {
            fields.push(field(
                "contents",
                json!("time-based, reordered (Gregorian clock, node)"),
            ));
            // time_high (32 bits), time_mid (16), then the version and time_low (12).
            let time = time_low << 28 | time_mid << 12 | time_hi;
            fields.extend(gregorian(time, None));
            fields.push(field("clock_sequence", json!(clock_sequence)));
            fields.push(node_field(node));
        }
        7 => {
            fields.push(field(
                "contents",
                json!("Unix milliseconds, then random bits"),
            ));
            // This crate's own parser, for the same fields it has always reported.
            match canonical(value).parse::<uuid7::Uuid7>() {
                Ok(uuid) => {
                    let time = format_and_time("UUIDv7", uuid.timestamp_ms());
                    fields.extend(time.into_iter().skip(1));
                    fields.push(random_or_counter(hex(uuid.counter(), 74)));
                }
                Err(error) => fields.push(field("error", json!(error.to_string()))),
            }
        }
        8 => {
            fields.push(field(
                "contents",
                json!("custom (the application's layout)"),
            ));
            fields.push(field("custom_a", hex(value >> 80, 48)));
            fields.push(field("custom_b", hex(value >> 64 & 0xfff, 12)));
            fields.push(field("custom_c", hex(value & ((1 << 62) - 1), 62)));
        }
        _ => fields.push(field(
            "contents",
            json!(format!("version {version} is not defined by RFC 9562")),
        )),
    }
    fields
}

/// A Gregorian timestamp: in text, in 100-ns intervals since 1582-10-15, in Unix
/// milliseconds (negative before 1970).
fn gregorian(intervals: u64, remark: Option<&'static str>) -> Fields {
    let unix_100ns = i128::from(intervals) - i128::from(GREGORIAN_TO_UNIX_100NS);
    let unix_ms = unix_100ns.div_euclid(10_000);
    vec![
        Field {
            name: "timestamp",
            value: json!(rfc3339::from_gregorian_100ns(intervals)),
            remark,
        },
        field("timestamp_ms", json!(unix_ms as i64)),
        field("timestamp_100ns", json!(intervals)),
    ]
}

/// The node: six octets, and whether the multicast bit marks them as random.
fn node_field(node: u64) -> Field {
    let octets = node.to_be_bytes();
    let text = octets[2..]
        .iter()
        .map(|octet| format!("{octet:02x}"))
        .collect::<Vec<_>>()
        .join(":");
    let remark = if octets[2] & 1 == 1 {
        "multicast bit set: random, not a MAC address"
    } else {
        "a MAC address, or random bits"
    };
    Field {
        name: "node",
        value: json!(text),
        remark: Some(remark),
    }
}
