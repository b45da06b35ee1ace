//! UUID version 7 ([RFC 9562](https://www.rfc-editor.org/rfc/rfc9562)): a 48-bit millisecond
//! timestamp and a 74-bit counter around the version and variant, strictly increasing within
//! a process.
//!
//! ```
//! # #[cfg(feature = "generate")] {
//! let id = uuid7::generate();
//! let text = id.to_string();
//! println!("{text}"); // such as 017f22e2-79b0-7cc3-98c4-dc0c0c07398f
//! let back: uuid7::Uuid7 = text.parse()?;
//! assert_eq!(back, id);
//! # }
//! # Ok::<(), uuid7::ParseError>(())
//! ```
//!
//! # Layout
//!
//! ```text
//!  0                   1                   2                   3
//!  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |                           unix_ts_ms                          |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |          unix_ts_ms           |  ver  |  rand_a = counter     |
//! |                               | 0111  |  bits 73..62          |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |var|          rand_b = counter bits 61..0                      |
//! |10 |                                                           |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |                          rand_b (cont.)                       |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! ```
//!
//! - `unix_ts_ms` (48 bits): milliseconds since the Unix epoch, leap seconds excluded.
//! - `ver` (4 bits): `0111`, version 7.
//! - `rand_a` (12 bits): the high 12 bits of the counter, bits 73 to 62.
//! - `var` (2 bits): `10`, the variant of RFC 9562.
//! - `rand_b` (62 bits): the low 62 bits of the counter, bits 61 to 0.
//!
//! The 74 counter bits go 12 bits in `rand_a` and 62 bits in `rand_b`, around the constant
//! `ver` and `var`: this is the "monotonic random" of RFC 9562 §6.2 (method 2). Since `rand_a`
//! sits above `rand_b`, the 128-bit value increases with `(unix_ts_ms, counter)`, and so do
//! the 16 bytes (big-endian) and the text. Every [`Uuid7`] has version 7 and variant `0b10`:
//! [`Uuid7::MIN`] and [`Uuid7::MAX`] are the smallest and largest such values, not the Nil
//! and Max UUIDs of RFC 9562.
//!
//! # Text
//!
//! The canonical form ([`Display`](core::fmt::Display), [`Uuid7::encode`]) is 36 characters,
//! `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, in lower case. Parsing
//! ([`FromStr`](Uuid7#impl-FromStr-for-Uuid7), `TryFrom<&str>`, [`extract_timestamp_ms`])
//! accepts that form in either case, with version 7 and variant `0b10`, and nothing else: not
//! `{…}`, not `urn:uuid:`, not the 32 digits without hyphens. Anything else is a
//! [`ParseError`]: the length in characters, or the first character out of place and its
//! byte index, or the version or variant found.
//!
//! [`Uuid7::try_parse`] is that parser as a `const fn`, and [`uuid7!`] runs it on a literal at
//! compile time, so a mistyped constant does not build:
//!
//! ```
//! const FIRST: uuid7::Uuid7 = uuid7::uuid7!("017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
//! assert_eq!(FIRST, uuid7::Uuid7::try_parse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")?);
//! # Ok::<(), uuid7::ParseError>(())
//! ```
//!
//! `{:x}` and `{:X}` ([`LowerHex`](core::fmt::LowerHex), [`UpperHex`](core::fmt::UpperHex)) write
//! the 16 bytes as 32 hex digits with no hyphens (`uuid::Uuid`'s "simple" form), padded as an
//! integer (`{:#x}` adds `0x`).
//!
//! # Generation
//!
//! [`generate`], [`try_generate`], [`fill`] and [`try_fill`] take `(millisecond, counter)`
//! pairs from one process-wide [`TickSequence`](tick_sequence::TickSequence) of 1 ms ticks
//! and a 74-bit counter with random starts (`TickSequence::new(74, 1_000_000,
//! Start::Random)`), and [`generate_at`] draws 74 random bits for a given millisecond. What
//! that guarantees and where it stops (strictly increasing within one process, unique but not
//! ordered across processes), the clock rule, how far the timestamp may run ahead of the
//! clock, and `fork` are the engine's: see the [`tick_sequence`
//! documentation](tick_sequence#the-guarantee-and-its-scope). Generation
//! requires the `generate` feature (default).
//!
//! A [`Generator`] is a generator of its own, owned by its caller (`&mut self`, no lock): its
//! ids increase within it only, and are unique against every other by their random starts
//! ([`tick_sequence::LocalSequence`]). Both read the clock as
//! [`tick_sequence::clock_path`] says, with the same [freshness](tick_sequence#freshness);
//! [`POLICY`] states both scopes.
//!
//! # Not a secret
//!
//! A UUIDv7 shows when it was made, and consecutive UUIDv7s of one process differ by one: it
//! is an identifier, not a secret or a capability, and holding one must grant nothing (RFC
//! 9562 §8).
//!
//! # Features
//!
//! - `generate` (default): generation, on the `tick-sequence` engine; it brings `std`.
//!   Without it the crate is `no_std` and needs no allocator:
//!   [`Uuid7`], its constants, text, bytes and integer.
//! - `std`: `to_string` into a `String`, `timestamp()` as a `SystemTime`,
//!   `TryFrom<String>`, and the run-time detection of the processor's vector features for
//!   the text (the database features bring it too).
//! - `js`: generation on `wasm32-unknown-unknown` in a JavaScript runtime (a browser, Node),
//!   with the clock from `Date.now()` and randomness from `crypto.getRandomValues`; it brings
//!   `generate`, and does nothing on other targets.
//! - `serde`: the text for human-readable formats, the 16 bytes for binary ones; reading is
//!   exactly as strict as [`FromStr`](Uuid7#impl-FromStr-for-Uuid7).
//! - `uuid`: `From<Uuid7> for uuid::Uuid` and `TryFrom<uuid::Uuid> for Uuid7`. (A ULID's
//!   UUIDv7, [`Uuid7::from_ulid_compliant`], needs no feature: it takes the ULID's `u128`.)
//! - `postgres`: postgres-types' `ToSql`/`FromSql` (for `postgres`, `tokio-postgres` and the
//!   pools on them): a PostgreSQL `uuid`, and `uuid[]` for a `Vec` or slice.
//! - `sqlx-postgres`, `sqlx-sqlite` (sqlx 0.9, Rust 1.94) and `sqlx08-postgres`,
//!   `sqlx08-sqlite` (sqlx 0.8): sqlx's `Type`, `Encode`, `Decode` (and `PgHasArrayType`): a
//!   PostgreSQL `uuid`, an SQLite BLOB of 16 bytes.
//!   The SQLite features are built beside sqlx's own `sqlite` or `sqlite-unbundled` feature,
//!   as every sqlx SQLite program is: the driver crate alone chooses no SQLite library.
//! - `diesel-postgres`, `diesel-sqlite` (diesel 2): `ToSql`/`FromSql`, `AsExpression` and
//!   `FromSqlRow`, so a field of this type maps a `uuid` or BLOB of 16 bytes column in a `table!` schema.
//! - `sqlx-mysql` (sqlx 0.9, Rust 1.94), `sqlx08-mysql` (sqlx 0.8) and `diesel-mysql` (diesel 2,
//!   its MySQL backend, which needs no client library): the same traits on MySQL and MariaDB: a
//!   `BINARY(16)`, the bytes big-endian as everywhere, which keeps generation order in an index.
//!   Not MariaDB's `UUID` type nor MySQL's `UUID_TO_BIN(x, 1)`, which reorder the bytes: see the
//!   storage table of the `identifier` crate.
//! - `rusqlite` (rusqlite 0.32 to 0.43): rusqlite's `ToSql`/`FromSql`: a BLOB of 16 bytes.
//! - `sea-orm` (sea-orm 2, Rust 1.94): sea-orm's `ValueType`, `Nullable`, `TryGetable`,
//!   `TryFromU64` and `From<Uuid7> for Value`, so that [`Uuid7`] is the type of an entity's field
//!   (`#[derive(DeriveEntityModel)]`), a primary key included: a PostgreSQL `uuid`, an SQLite BLOB
//!   of 16 bytes, bound as a `uuid::Uuid` of the same bytes (`ColumnType::Uuid`); a uuid of another
//!   version or variant reads as an error that names it.
//! - `bytemuck`: bytemuck's `NoUninit`: ids cast to bytes in place ([`Uuid7`] is 16 bytes of
//!   alignment 1). Not every 16 bytes are a UUIDv7, so bytes become ids through
//!   [`Uuid7::from_bytes`] or `TryFrom<&[u8]>`, which check version and variant.
//! - `zerocopy`: zerocopy's `IntoBytes`, `Immutable`, `KnownLayout` and `Unaligned`: the same
//!   casts, ids to bytes; bytes to ids as with `bytemuck`.
//! - `arbitrary`: `arbitrary::Arbitrary`: valid UUIDv7s (version 7, variant `0b10`) from any
//!   bytes, for fuzz targets (the `arbitrary` crate needs the standard library).
//! - `schemars`: `schemars::JsonSchema`: the JSON Schema of the text that `serde` writes for
//!   human-readable formats (format `uuid`, a pattern of lower-case hex with version 7).
//! - `utoipa` (utoipa 6): utoipa's `ToSchema`: the same schema (format `uuid`) as an OpenAPI
//!   component named `Uuid7`, which a field of an API's `#[derive(ToSchema)]` type refers to.
//! - `borsh`: borsh's `BorshSerialize` and `BorshDeserialize`, by hand: the 16 big-endian bytes,
//!   with no length prefix, as `uuid::Uuid` writes itself; reading checks the version and variant
//!   (an `io::Error` of kind `InvalidData` naming them). It needs an allocator (borsh's errors own
//!   their message).
//! - `chrono` (chrono 0.4): `Uuid7::timestamp_chrono`, the timestamp as a `chrono::DateTime<Utc>`,
//!   and `Uuid7::min_at_chrono` and `Uuid7::max_at_chrono`, the smallest and the largest UUIDv7 of
//!   a date-time's millisecond (counter all zeros, all ones; the same ids as `Uuid7::min_at_ms` and
//!   `Uuid7::max_at_ms`): the bounds of a range query (`WHERE id BETWEEN …`) that need no clock and
//!   no `generate`. The sub-millisecond digits are truncated toward the past; a date-time outside
//!   the UUIDv7's range (before 1970 included) is `DateTimeError`. To make an id at a date-time,
//!   generate at that millisecond: `uuid7::generate_at(Uuid7::min_at_chrono(at)?.timestamp_ms())`.
//!   The same names serve `time` and `jiff`; `timestamp()` (feature `std`) stays the way without a
//!   dependency, as a `SystemTime`.
//! - `time` (time 0.3): `Uuid7::timestamp_time`, a `time::OffsetDateTime` at UTC (the type time's
//!   own API hands out and takes), `Uuid7::min_at_time` and `Uuid7::max_at_time`, as for `chrono`;
//!   time ends in the year 9999 (unless a crate turns on its `large-dates`), so a later timestamp
//!   is `DateTimeError`.
//! - `jiff` (jiff 1): `Uuid7::timestamp_jiff`, a `jiff::Timestamp`, `Uuid7::min_at_jiff` and
//!   `Uuid7::max_at_jiff`, as for `chrono`; jiff ends in the year 9999 too (`DateTimeError`).
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
#[cfg(feature = "generate")]
mod generator;
mod id;
mod literal;
mod text;

pub use error::{Error, ParseError};
#[cfg(feature = "generate")]
pub use generate::{POLICY, fill, generate, generate_at, try_fill, try_generate};
#[cfg(feature = "generate")]
pub use generator::Generator;
pub use id::Uuid7;
/// The errors of the date-time conversions (features `chrono`, `time`, `jiff`): a type apart
/// from [`Error`], whose size the `Result` of generation keeps.
pub use id_text::date_time::{DateTimeError, DateTimeOutOfRange, DateTimeOverflow, TimeUnit};
pub use text::extract_timestamp_ms;
#[cfg(feature = "generate")]
#[cfg_attr(docsrs, doc(cfg(feature = "generate")))]
pub use tick_sequence::Policy;
