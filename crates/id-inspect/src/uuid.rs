//! UUIDs of every version (RFC 9562), in every common text form, for `inspect`.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;
use alloc::string::ToString;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt::Write as _;

use serde_json::json;

use crate::bits::{Bits, Kind, Segment};
use crate::fields::{Field, Fields, field, format_and_time, hex, random_or_counter};
use crate::rfc3339::{self, GREGORIAN_TO_UNIX_100NS};
use crate::why::Why;

// RFC 9562's fields, from the most significant bit down. Every version keeps the version
// and the variant where they are and names the three runs of bits around them (48, 12 and 62
// bits) as it uses them.
/// time_low of v1 (time_high of v6, local_id of v2): 32 bits.
const TIME_LOW: Segment = Segment::new("time_low", Kind::Time, 96, 32);
/// time_mid of v1, v2 and v6: 16 bits.
const TIME_MID: Segment = Segment::new("time_mid", Kind::Time, 80, 16);
/// The 48 bits above the version: TIME_LOW and TIME_MID, or v7's milliseconds.
const HIGH_48: Segment = Segment::new("", Kind::Custom, 80, 48);
/// The version: 4 bits.
const VERSION: Segment = Segment::new("version", Kind::Version, 76, 4);
/// The 12 bits between the version and the variant: time_high of v1 (time_low of v6).
const MIDDLE_12: Segment = Segment::new("", Kind::Custom, 64, 12);
/// The variant of RFC 9562: 2 bits, `10`.
const VARIANT: Segment = Segment::new("variant", Kind::Variant, 62, 2);
/// The 62 bits below the variant.
const LOW_62: Segment = Segment::new("", Kind::Custom, 0, 62);
/// clock_seq of v1 and v6: 14 bits.
const CLOCK_SEQUENCE: Segment = Segment::new("clock_sequence", Kind::Sequence, 48, 14);
/// clock_seq of v2: the 6 bits above the local domain.
const CLOCK_SEQUENCE_V2: Segment = Segment::new("clock_sequence", Kind::Sequence, 56, 6);
/// local_domain of v2: 8 bits.
const LOCAL_DOMAIN: Segment = Segment::new("local_domain", Kind::Local, 48, 8);
/// node of v1, v2 and v6: 48 bits.
const NODE: Segment = Segment::new("node", Kind::Node, 0, 48);
/// The top bits of octet 8, which hold the variant.
const VARIANT_OCTET: Segment = Segment::new("variant", Kind::Variant, 56, 8);

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
fn parse(id: &str) -> Result<(u128, Form, bool), Why> {
    let prefix = "urn:uuid:";
    let (form, start, inner) = if id
        .get(..prefix.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
    {
        (Form::Urn, prefix.len(), &id[prefix.len()..])
    } else if let Some(rest) = id.strip_prefix('{') {
        let Some(inner) = rest.strip_suffix('}') else {
            return Err(Why::shaped("a braced UUID ends with '}'".into(), None));
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
            Form::Hyphenated => Why::unshaped(format!("{FORMS}; found {}", id.chars().count())),
            _ => Why::shaped(
                format!(
                    "a {} UUID is {}; found {found} characters inside",
                    form.name(),
                    form.example()
                ),
                None,
            ),
        });
    }
    let mut value = 0u128;
    let mut upper = false;
    for (position, (index, c)) in inner.char_indices().enumerate() {
        let index = start + index;
        if hyphens.contains(&position) {
            if c != '-' {
                return Err(Why::shaped(
                    format!("invalid character {c:?} at byte index {index}: expected '-'"),
                    Some(index),
                ));
            }
            continue;
        }
        let digit = c.to_digit(16).ok_or_else(|| {
            Why::shaped(
                format!(
                    "invalid character {c:?} at byte index {index}: expected a hexadecimal digit"
                ),
                Some(index),
            )
        })?;
        upper |= c.is_ascii_uppercase();
        value = value << 4 | u128::from(digit);
    }
    Ok((value, form, upper))
}

/// The 128 bits of a UUID in any of the forms, or why it is not one.
pub(crate) fn value(id: &str) -> Result<u128, String> {
    parse(id).map(|(value, _, _)| value).map_err(Why::message)
}

/// `value` in the canonical form, lower-case and hyphenated.
pub(crate) fn canonical(value: u128) -> String {
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
    match VARIANT_OCTET.of(value) {
        0x00..=0x7f => "NCS (reserved, 0xx)",
        0x80..=0xbf => "RFC 9562 (10x)",
        0xc0..=0xdf => "Microsoft (reserved, 110)",
        _ => "future (reserved, 111)",
    }
}

/// The fields and bits of a UUID of any version, in any of the forms.
pub(crate) fn fields(id: &str) -> Result<(Fields, Bits), Why> {
    let (value, form, upper) = parse(id)?;
    let format = match value {
        0 => "nil UUID".to_owned(),
        u128::MAX => "max UUID".to_owned(),
        _ if variant(value).starts_with("RFC") => match VERSION.of(value) {
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
    let (body, segments) = match value {
        0 => (
            vec![field(
                "contents",
                json!("all bits 0 (RFC 9562 section 5.9)"),
            )],
            vec![Segment::new("nil", Kind::Fixed, 0, 128)],
        ),
        u128::MAX => (
            vec![field(
                "contents",
                json!("all bits 1 (RFC 9562 section 5.10)"),
            )],
            vec![Segment::new("max", Kind::Fixed, 0, 128)],
        ),
        _ => versioned(value),
    };
    head.extend(body);
    let bits = Bits {
        size: 128,
        value,
        segments,
    };
    Ok((head, bits))
}

/// The version, the variant, and the fields of the version; with the bits that hold them.
fn versioned(value: u128) -> (Fields, Vec<Segment>) {
    let version = VERSION.of(value) as u8;
    if !variant(value).starts_with("RFC") {
        // NCS: the top bit 0; Microsoft and the future: the top three bits 110 and 111.
        let width = if VARIANT_OCTET.of(value) < 0x80 { 1 } else { 3 };
        let segments = vec![
            Segment::new("contents", Kind::Custom, 64, 64),
            Segment::new("variant", Kind::Variant, 64 - width, width),
            Segment::new("contents", Kind::Custom, 0, 64 - width),
        ];
        let fields = vec![
            field("variant", json!(variant(value))),
            field(
                "contents",
                json!("not an RFC 9562 UUID: it has no version field"),
            ),
        ];
        return (fields, segments);
    }
    let mut fields = vec![
        field("version", json!(version)),
        field("variant", json!(variant(value))),
    ];
    let time_low = TIME_LOW.of(value) as u64;
    let time_mid = TIME_MID.of(value) as u64;
    let time_hi = MIDDLE_12.of(value) as u64;
    let clock_sequence = CLOCK_SEQUENCE.of(value) as u64;
    let node = NODE.of(value) as u64;
    // The three runs around the version and the variant, under one name and kind.
    let around = |name, kind| {
        vec![
            HIGH_48.named(name, kind),
            VERSION,
            MIDDLE_12.named(name, kind),
            VARIANT,
            LOW_62.named(name, kind),
        ]
    };
    let segments = match version {
        1 => {
            fields.push(field(
                "contents",
                json!("time-based (Gregorian clock, node)"),
            ));
            let time = time_hi << 48 | time_mid << 32 | time_low;
            fields.extend(gregorian(time, None));
            fields.push(field("clock_sequence", json!(clock_sequence)));
            fields.push(node_field(node));
            vec![
                TIME_LOW,
                TIME_MID,
                VERSION,
                MIDDLE_12.named("time_high", Kind::Time),
                VARIANT,
                CLOCK_SEQUENCE,
                NODE,
            ]
        }
        2 => {
            fields.push(field(
                "contents",
                json!("DCE security (time-based, local id)"),
            ));
            let domain = LOCAL_DOMAIN.of(value) as u8;
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
            fields.push(field(
                "clock_sequence",
                json!(CLOCK_SEQUENCE_V2.of(value) as u64),
            ));
            fields.push(node_field(node));
            vec![
                TIME_LOW.named("local_id", Kind::Local),
                TIME_MID,
                VERSION,
                MIDDLE_12.named("time_high", Kind::Time),
                VARIANT,
                CLOCK_SEQUENCE_V2,
                LOCAL_DOMAIN,
                NODE,
            ]
        }
        3 => {
            fields.push(field("contents", json!("name-based (MD5 hash)")));
            around("md5", Kind::Hash)
        }
        4 => {
            fields.push(field("contents", json!("random")));
            around("random", Kind::Random)
        }
        5 => {
            fields.push(field("contents", json!("name-based (SHA-1 hash)")));
            around("sha1", Kind::Hash)
        }
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
            vec![
                TIME_LOW.named("time_high", Kind::Time),
                TIME_MID,
                VERSION,
                MIDDLE_12.named("time_low", Kind::Time),
                VARIANT,
                CLOCK_SEQUENCE,
                NODE,
            ]
        }
        7 => {
            fields.push(field(
                "contents",
                json!("Unix milliseconds, then random bits"),
            ));
            // The UUIDv7 crate's own parser, for the same fields it has always reported.
            match canonical(value).parse::<uuid7::Uuid7>() {
                Ok(uuid) => {
                    let time = format_and_time("UUIDv7", uuid.timestamp_ms());
                    fields.extend(time.into_iter().skip(1));
                    fields.push(random_or_counter(hex(uuid.counter(), UUID7_COUNTER_BITS)));
                }
                Err(error) => fields.push(field("error", json!(error.to_string()))),
            }
            vec![
                HIGH_48.named("timestamp", Kind::Time),
                VERSION,
                MIDDLE_12.named("counter", Kind::Counter),
                VARIANT,
                LOW_62.named("counter", Kind::Counter),
            ]
        }
        8 => {
            fields.push(field(
                "contents",
                json!("custom (the application's layout)"),
            ));
            fields.push(field("custom_a", hex(HIGH_48.of(value), HIGH_48.width)));
            fields.push(field("custom_b", hex(MIDDLE_12.of(value), MIDDLE_12.width)));
            fields.push(field("custom_c", hex(LOW_62.of(value), LOW_62.width)));
            vec![
                HIGH_48.named("custom_a", Kind::Custom),
                VERSION,
                MIDDLE_12.named("custom_b", Kind::Custom),
                VARIANT,
                LOW_62.named("custom_c", Kind::Custom),
            ]
        }
        _ => {
            fields.push(field(
                "contents",
                json!(format!("version {version} is not defined by RFC 9562")),
            ));
            around("undefined", Kind::Custom)
        }
    };
    (fields, segments)
}

/// The bits of a UUIDv7's counter: all but the timestamp, the version and the variant.
const UUID7_COUNTER_BITS: u32 = 128 - HIGH_48.width - VERSION.width - VARIANT.width;

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
    let mut text = String::with_capacity(17);
    for (i, octet) in octets[2..].iter().enumerate() {
        if i > 0 {
            text.push(':');
        }
        let _ = write!(text, "{octet:02x}");
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_version_s_segments_cover_128_bits_once() {
        for version in 0..16u128 {
            for variant in [0x00, 0x80, 0xc0, 0xe0] {
                let value = (version << 76) | (variant << 56) | 1;
                let (_, bits) = fields(&canonical(value)).unwrap();
                let mut next = 128;
                for segment in &bits.segments {
                    assert_eq!(segment.offset + segment.width, next, "{value:x} {bits:?}");
                    next = segment.offset;
                }
                assert_eq!(next, 0, "{value:x}");
            }
        }
    }

    #[test]
    fn the_fields_are_where_rfc_9562_puts_them() {
        // RFC 9562 A.1, the UUIDv1 example: C232AB00-9414-11EC-B3C8-9F6BDECED846, its
        // timestamp 0x1EC9414C232AB00 split as time_low C232AB00, time_mid 9414, time_high
        // 1EC, clock_seq 0x33C8, node 9F:6B:DE:CE:D8:46.
        let value = 0xC232AB00_9414_11EC_B3C8_9F6BDECED846_u128;
        assert_eq!(TIME_LOW.of(value), 0xC232_AB00);
        assert_eq!(TIME_MID.of(value), 0x9414);
        assert_eq!(VERSION.of(value), 1);
        assert_eq!(MIDDLE_12.of(value), 0x1EC);
        assert_eq!(VARIANT.of(value), 0b10);
        assert_eq!(CLOCK_SEQUENCE.of(value), 0x33C8);
        assert_eq!(NODE.of(value), 0x9F6B_DECE_D846);
        assert_eq!(UUID7_COUNTER_BITS, 74);
    }
}
