//! What an identifier is and holds: the inspector behind `identifier inspect` and the
//! inspector page, written once.
//!
//! ```
//! use id_inspect::{Options, inspect, json_report};
//!
//! let now_ms = 1_800_000_000_000; // the caller's clock: this crate reads none
//! let report = inspect("01ARZ3NDEKTSV4RRFFQ69G5FAV", &Options::new(now_ms)).unwrap();
//! assert_eq!(report.format(), "ULID");
//! assert_eq!(report.get("timestamp").unwrap(), "2016-07-30T23:54:10.259Z");
//! for field in report.fields() {
//!     println!("{:<12} {}", field.name, field.text());
//! }
//! // The bits, field by field, from the most significant down.
//! let bits = report.bits().unwrap();
//! assert_eq!((bits.segments[0].name, bits.segments[0].width), ("timestamp", 48));
//!
//! // The line `identifier inspect --json` writes.
//! let line = json_report("01ARZ3NDEKTSV4RRFFQ69G5FAV", &Options::new(now_ms));
//! assert!(line.starts_with(r#"{"counter":"0xd6764c61efb99302bd5b","format":"ULID""#));
//!
//! // Not an identifier: each format's reason, and the likeliest one.
//! let rejection = inspect("01ARZ3NDEKTSV4RRFFQ69G5FAU", &Options::new(now_ms)).unwrap_err();
//! assert_eq!(rejection.closest().unwrap().index, Some(25));
//! ```
//!
//! # What it recognizes
//!
//! Every format's strict parser is asked, in the order ULID, UUID, ObjectId, Snowflake,
//! checksummed; the first that accepts the text names its format, and any other that accepts
//! it too is listed under `also_valid_as` (26 Crockford symbols can be a ULID and a
//! checksummed code at once).
//!
//! - **ULIDs**: the timestamp and the 80-bit counter (`ulid`'s parser).
//! - **UUIDs** of every version, hyphenated, braced, as `urn:uuid:` or 32 hex digits, in any
//!   case: v1 and v6 with their Gregorian timestamps (100 ns since 1582-10-15), clock
//!   sequence and node; v2's local domain and id; v3 and v5 name-based; v4 random; v7's
//!   milliseconds and counter (`uuid7`'s parser); v8 custom; the nil and max UUIDs.
//! - **ObjectIds**, in any case: seconds, counter, and MongoDB's process and increment.
//! - **Snowflake ids** of this family's layout, or of another [`Layout`]: Twitter/X,
//!   Discord, Instagram, Sonyflake, Mastodon, or a custom one. Nothing in a number tells its
//!   layout, so a report in this family's layout names the others under which the date is
//!   plausible ([`layout::readings`]): from the day the generator's ids began to a day after
//!   [`Options::now_ms`].
//! - **Checksummed codes** (`checksummed-id`): valid, or the library's reason.
//!
//! The report's fields ([`Report::fields`]) are the keys of the JSON object
//! ([`Report::to_json`], [`json_report`]); [`Report::bits`] places each field in the id's
//! bits ([`Segment`]), the one definition both the decoders and the page's picture read.
//! [`bounds_at`] gives the smallest and the largest id of an instant in each time-ordered
//! format, for range queries; [`convert`] turns a ULID into a UUID (the same bits, or an RFC
//! 9562 UUIDv7) and a UUID into a ULID.
//!
//! # No clock, no operating system
//!
//! The crate is `no_std` with `alloc`, reads no clock (the caller passes "now") and no
//! environment, and builds for `wasm32-unknown-unknown`. No function panics on any input.
#![no_std]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;

mod bits;
mod bounds;
mod convert;
mod fields;
pub mod layout;
mod report;
mod rfc3339;
mod uuid;
mod why;

pub use bits::{Bits, Kind, Segment};
pub use bounds::{Bounds, bounds_at};
pub use convert::{Target, convert};
pub use fields::Field;
pub use layout::Layout;
pub use report::{Options, Reason, Rejection, Report, inspect, json_line, json_report};
pub use rfc3339::utc_text;
