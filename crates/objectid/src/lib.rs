//! ObjectId-shaped identifiers: 32-bit Unix seconds and a 64-bit counter in 24 lower-case
//! hex characters, strictly increasing within a process.
//!
//! ```
//! # #[cfg(feature = "generate")] {
//! let id = objectid::generate();
//! let text = id.to_string();
//! println!("{text}"); // such as 507c7f79bcf86cd7994f6c0e
//! let back: objectid::ObjectId = text.parse()?;
//! assert_eq!(back, id);
//! # }
//! # Ok::<(), objectid::ParseError>(())
//! ```
//!
//! # Layout
//!
//! Twelve bytes, big-endian:
//!
//! ```text
//!  0                   1                   2                   3
//!  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |                          timestamp_s                          |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |                            counter                            |
//! +                                                               +
//! |                       counter (continued)                     |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! ```
//!
//! - `timestamp_s`: seconds since the Unix epoch, 0 to `2^32 - 1` (2106-02-07T06:28:15Z).
//! - `counter`: 64 bits.
//!
//! Every 12-byte value is an id, from [`ObjectId::MIN`] to [`ObjectId::MAX`]. Order,
//! equality and hashing are those of the bytes, which is the order of the timestamp, then the
//! counter, and also the order of the text.
//!
//! This is not the MongoDB layout, on purpose. The documented ObjectId puts a 5-byte random
//! value, fixed per process, and a 3-byte counter after the timestamp; this crate uses those
//! 8 bytes as one counter:
//!
//! ```text
//! MongoDB:  | timestamp (4 bytes) | per-process random (5 bytes) | counter (3 bytes) |
//! here:     | timestamp (4 bytes) |               counter (8 bytes)                  |
//! ```
//!
//! The 24 hex characters, the timestamp field and the sort order are those of an ObjectId, so
//! MongoDB, the `bson` crate and any ObjectId parser read these ids and their timestamps;
//! only a tool that decodes the two middle fields would notice the difference. In return,
//! ids are strictly increasing within a process (a 3-byte counter wraps after 16,777,216 ids),
//! and there is no per-process value that would have to be redrawn in a forked child.
//!
//! # Text
//!
//! The canonical form ([`Display`](core::fmt::Display), [`ObjectId::encode`]) is the 12
//! bytes in hex: exactly 24 characters `0`-`9`, `a`-`f`. Parsing
//! ([`FromStr`](core::str::FromStr), `TryFrom<&str>`, [`extract_timestamp_s`]) is its strict
//! inverse: upper case, a `0x` prefix, spaces, non-ASCII characters and any other length are
//! a [`ParseError`] that names the length in characters, or the first character that is not
//! a lower-case hex digit and its byte index. This is stricter than the `bson` crate, which
//! also reads upper case: an id has one text, so stored ids compare as strings.
//!
//! [`ObjectId::try_parse`] is that parser as a `const fn`, and [`objectid!`] runs it on a literal at
//! compile time, so a mistyped constant does not build:
//!
//! ```
//! const FIRST: objectid::ObjectId = objectid::objectid!("507c7f79bcf86cd7994f6c0e");
//! assert_eq!(FIRST, objectid::ObjectId::try_parse("507c7f79bcf86cd7994f6c0e")?);
//! # Ok::<(), objectid::ParseError>(())
//! ```
//!
//! `{:x}` and `{:X}` ([`LowerHex`](core::fmt::LowerHex), [`UpperHex`](core::fmt::UpperHex)) write
//! the same 24 digits in either case, padded as an integer (`{:#x}` adds `0x`).
//!
//! # Generation
//!
//! [`generate`], [`try_generate`], [`fill`] and [`try_fill`] take `(second, counter)` pairs
//! from one process-wide [`TickSequence`](tick_sequence::TickSequence) of 1 s ticks and a
//! 64-bit counter with random starts (`TickSequence::new(64, 1_000_000_000,
//! Start::Random)`), and [`generate_at`] draws 64 random bits for a given second. What that
//! guarantees and where it stops (strictly increasing within one process, unique but not
//! ordered across processes), the clock rule, how far the timestamp may run ahead of the
//! clock, and `fork` are the engine's: see the [`tick_sequence`
//! documentation](tick_sequence#the-guarantee-and-its-scope). Generation
//! requires the `generate` feature (default).
//!
//! The second comes from the coarse wall clock on Linux and Android (`CLOCK_REALTIME_COARSE`,
//! read in a few nanoseconds): an id made less than the clock's resolution (1 to 4 ms) after
//! a second begins may carry the second before. Elsewhere the exact clock is read. [`POLICY`]
//! names the clock.
//!
//! # Not a secret
//!
//! An id shows when it was made, and consecutive ids of one process differ by one: it is an
//! identifier, not a secret or a capability, and holding one must grant nothing.
//!
//! # Features
//!
//! - `generate` (default): generation, on the `tick-sequence` engine; it brings `std`.
//!   Without it the crate is `no_std` and needs no allocator:
//!   [`ObjectId`], its constants, text and bytes.
//! - `std`: `to_string` into a `String`, `timestamp()` as a `SystemTime`,
//!   `TryFrom<String>`, and the run-time detection of the processor's vector features for
//!   the text (the database features bring it too).
//! - `js`: generation on `wasm32-unknown-unknown` in a JavaScript runtime (a browser, Node),
//!   with the clock from `Date.now()` and randomness from `crypto.getRandomValues`; it brings
//!   `generate`, and does nothing on other targets.
//! - `serde`: the 24-character text for human-readable formats (JSON), the 12 bytes for
//!   binary ones; deserializing is as strict as parsing.
//! - `bson` (with `serde`): `From` conversions with `bson::oid::ObjectId`, and
//!   [`bson::serialize`]/[`bson::deserialize`] for a field that bson writes as a BSON
//!   ObjectId: `#[serde(with = "objectid::bson")]`.
//! - `postgres`: postgres-types' `ToSql`/`FromSql` (for `postgres`, `tokio-postgres` and the
//!   pools on them): a PostgreSQL `bytea`, and `bytea[]` for a `Vec` or slice.
//! - `sqlx-postgres`, `sqlx-sqlite` (sqlx 0.9, Rust 1.94) and `sqlx08-postgres`,
//!   `sqlx08-sqlite` (sqlx 0.8): sqlx's `Type`, `Encode`, `Decode` (and `PgHasArrayType`): a
//!   PostgreSQL `bytea`, an SQLite BLOB of 12 bytes.
//!   The SQLite features are built beside sqlx's own `sqlite` or `sqlite-unbundled` feature,
//!   as every sqlx SQLite program is: the driver crate alone chooses no SQLite library.
//! - `diesel-postgres`, `diesel-sqlite` (diesel 2): `ToSql`/`FromSql`, `AsExpression` and
//!   `FromSqlRow`, so a field of this type maps a `bytea` or BLOB of 12 bytes column in a `table!` schema.
//! - `sqlx-mysql` (sqlx 0.9, Rust 1.94), `sqlx08-mysql` (sqlx 0.8) and `diesel-mysql` (diesel 2,
//!   its MySQL backend, which needs no client library): the same traits on MySQL and MariaDB: a
//!   `BINARY(12)`.
//! - `rusqlite` (rusqlite 0.32 to 0.43): rusqlite's `ToSql`/`FromSql`: a BLOB of 12 bytes.
//! - `sea-orm` (sea-orm 2, Rust 1.94): sea-orm's `ValueType`, `Nullable`, `TryGetable`,
//!   `TryFromU64` and `From<ObjectId> for Value`, so that [`ObjectId`] is the type of an entity's
//!   field (`#[derive(DeriveEntityModel)]`), a primary key included: a PostgreSQL `bytea`, an
//!   SQLite BLOB of 12 bytes (`ColumnType::Binary(12)`).
//! - `bytemuck`: bytemuck's `Pod` and `Zeroable`: ids and bytes cast into each other in place,
//!   both ways, since every 12 bytes are an id ([`ObjectId`] is 12 bytes of alignment 1).
//! - `zerocopy`: zerocopy's `FromBytes`, `IntoBytes`, `Immutable`, `KnownLayout` and
//!   `Unaligned`: the same casts, both ways.
//! - `arbitrary`: `arbitrary::Arbitrary`: any 12 bytes as an id, for fuzz targets (the
//!   `arbitrary` crate needs the standard library).
//! - `schemars`: `schemars::JsonSchema`: the JSON Schema of the text that `serde` writes for
//!   human-readable formats (a pattern of 24 lower-case hex digits).
//! - `utoipa` (utoipa 6): utoipa's `ToSchema`: the same schema as an OpenAPI component named
//!   `ObjectId`, which a field of an API's `#[derive(ToSchema)]` type refers to.
//! - `borsh`: borsh's `BorshSerialize` and `BorshDeserialize`, by hand: the 12 bytes, with no
//!   length prefix. It needs an allocator (borsh's errors own their message).
//! - `chrono` (chrono 0.4): `ObjectId::timestamp_chrono`, the timestamp as a
//!   `chrono::DateTime<Utc>`, and `ObjectId::min_at_chrono` and `ObjectId::max_at_chrono`, the
//!   smallest and the largest ObjectId of a date-time's second (counter all zeros, all ones; the
//!   same ids as `ObjectId::min_at_s` and `ObjectId::max_at_s`): the bounds of a range query
//!   (`WHERE id BETWEEN …`) that need no clock and no `generate`. The sub-second digits are
//!   truncated toward the past; a date-time outside the ObjectId's range (before 1970 included) is
//!   `DateTimeError`. To make an id at a date-time, generate at that second:
//!   `objectid::generate_at(ObjectId::min_at_chrono(at)?.timestamp_s())`. The same names serve
//!   `time` and `jiff`; `timestamp()` (feature `std`) stays the way without a dependency, as a
//!   `SystemTime`.
//! - `time` (time 0.3): `ObjectId::timestamp_time`, a `time::OffsetDateTime` at UTC (the type
//!   time's own API hands out and takes), `ObjectId::min_at_time` and `ObjectId::max_at_time`, as
//!   for `chrono`; time's range holds every ObjectId: the `Result` (`DateTimeError`) keeps the four
//!   formats' signatures the same.
//! - `jiff` (jiff 1): `ObjectId::timestamp_jiff`, a `jiff::Timestamp`, `ObjectId::min_at_jiff` and
//!   `ObjectId::max_at_jiff`, as for `chrono`; jiff's range holds every ObjectId too.
//!
//! Stored data that is not an id is an error that names what was found, never a panic. Why
//! these column types (and not text) is in the storage table of the `identifier` crate.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![no_std]
#![forbid(unsafe_code)]

// The value type, text, bytes and serde need no standard library; `to_string`, generation and
// the database drivers do.
#[cfg(any(feature = "std", test))]
extern crate std;
// `Cow`, in the signatures of schemars' `JsonSchema` and utoipa's `ToSchema`; `String`, the
// message of borsh's errors.
#[cfg(any(feature = "schemars", feature = "utoipa", feature = "borsh"))]
extern crate alloc;

mod error;
// Integrations with other crates, one file each behind its feature.
mod external;
#[cfg(feature = "generate")]
mod generate;
mod id;
mod literal;
mod text;

pub use error::{Error, ParseError};
#[cfg(feature = "bson")]
pub use external::bson_support as bson;
#[cfg(feature = "generate")]
pub use generate::{POLICY, fill, generate, generate_at, try_fill, try_generate};
pub use id::ObjectId;
/// The errors of the date-time conversions (features `chrono`, `time`, `jiff`): a type apart
/// from [`Error`], whose size the `Result` of generation keeps.
pub use id_text::date_time::{DateTimeError, DateTimeOutOfRange, DateTimeOverflow, TimeUnit};
pub use text::extract_timestamp_s;
#[cfg(feature = "generate")]
#[cfg_attr(docsrs, doc(cfg(feature = "generate")))]
pub use tick_sequence::Policy;
