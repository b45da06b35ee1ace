//! ULIDs: a 48-bit millisecond timestamp and an 80-bit counter in 26 Crockford Base32
//! characters, strictly increasing within a process.
//!
//! ```
//! # #[cfg(feature = "generate")] {
//! let id = ulid::generate();
//! let text = id.to_string();
//! println!("{text}"); // such as 01ARZ3NDEKTSV4RRFFQ69G5FAV
//! let back: ulid::Ulid = text.parse()?;
//! assert_eq!(back, id);
//! # }
//! # Ok::<(), ulid::ParseError>(())
//! ```
//!
//! # Layout
//!
//! A [ULID](https://github.com/ulid/spec) is 128 bits, big-endian: a 48-bit Unix timestamp
//! in milliseconds, then 80 bits that the specification calls "randomness" and this crate
//! fills with a counter ([`Ulid::random`]).
//!
//! ```text
//!  0                   1                   2                   3
//!  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |                      32_bit_uint_time_high                    |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |     16_bit_uint_time_low      |    16_bit_uint_counter_high   |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |                       32_bit_uint_counter                     |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! |                     32_bit_uint_counter_low                   |
//! +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
//! ```
//!
//! Every 128-bit value is a ULID, from [`Ulid::MIN`] to [`Ulid::MAX`]. Integer order, byte
//! order and text order are the same order.
//!
//! # Text
//!
//! The canonical form ([`Display`](core::fmt::Display), [`Ulid::encode`]) is the 128-bit
//! value in 26 [Crockford Base32](https://www.crockford.com/base32.html) symbols, upper case,
//! most significant first: 10 symbols of timestamp, 16 of counter (the first symbol holds
//! only 3 bits, so it is `0` to `7`).
//!
//! ```text
//!  01ARZ3NDEK      TSV4RRFFQ69G5FAV
//! |----------|    |----------------|
//!   timestamp          counter
//!    48 bits           80 bits
//! ```
//!
//! Parsing ([`FromStr`](core::str::FromStr), `TryFrom<&str>`, [`extract_timestamp_ms`])
//! accepts exactly 26 characters in either case, with `O` read as `0` and `I`/`L` as `1` (the
//! aliases of the specification), and a first symbol of at most `7`. Anything else is a
//! [`ParseError`]: the length in characters, or the first character that is not a symbol and
//! its byte index, or the first symbol that overflows 128 bits (never a wrap).
//!
//! [`Ulid::try_parse`] is that parser as a `const fn`, and [`ulid!`] runs it on a literal at
//! compile time, so a mistyped constant does not build:
//!
//! ```
//! const FIRST: ulid::Ulid = ulid::ulid!("01ARZ3NDEKTSV4RRFFQ69G5FAV");
//! assert_eq!(FIRST, ulid::Ulid::try_parse("01ARZ3NDEKTSV4RRFFQ69G5FAV")?);
//! # Ok::<(), ulid::ParseError>(())
//! ```
//!
//! `{:x}` and `{:X}` ([`LowerHex`](core::fmt::LowerHex), [`UpperHex`](core::fmt::UpperHex)) write
//! the 16 bytes as 32 hex digits with no separator, padded as an integer (`{:#x}` adds `0x`).
//!
//! # Generation
//!
//! [`generate`], [`try_generate`], [`fill`] and [`try_fill`] take `(millisecond, counter)`
//! pairs from one process-wide [`TickSequence`](tick_sequence::TickSequence) of 1 ms ticks
//! and an 80-bit counter with random starts (`TickSequence::new(80, 1_000_000,
//! Start::Random)`), and [`generate_at`] draws 80 random bits for a given millisecond. What
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
//! A ULID shows when it was made, and consecutive ULIDs of one process differ by one: it is
//! an identifier, not a secret or a capability, and holding one must grant nothing.
//!
//! # Features
//!
//! - `generate` (default): generation, on the `tick-sequence` engine; it brings `std`.
//!   Without it the crate is `no_std` and needs no allocator:
//!   [`Ulid`], its constants, text, bytes and integer.
//! - `std`: `to_string` into a `String`, `timestamp()` as a `SystemTime`,
//!   `TryFrom<String>`, and the run-time detection of the processor's vector features for
//!   the text (the database features bring it too).
//! - `js`: generation on `wasm32-unknown-unknown` in a JavaScript runtime (a browser, Node),
//!   with the clock from `Date.now()` and randomness from `crypto.getRandomValues`; it brings
//!   `generate`, and does nothing on other targets.
//! - `serde`: [`Ulid`] serializes as its 26-character text for human-readable formats (JSON,
//!   TOML) and as its 16 big-endian bytes for binary ones; deserializing is as strict as
//!   parsing.
//! - `uuid`: `From` conversions with `uuid::Uuid`, both ways: the same 128 bits, lossless, as a
//!   `uuid` column stores a ULID (a UUID whose version and variant fields hold whatever bits
//!   the ULID has there). An RFC 9562 UUIDv7 of a ULID, which drops 6 of its random bits, is
//!   `uuid7::Uuid7::from_ulid_compliant(id.to_u128())`, in the crate that owns that layout.
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
//!   `TryFromU64` and `From<Ulid> for Value`, so that [`Ulid`] is the type of an entity's field
//!   (`#[derive(DeriveEntityModel)]`), a primary key included: a PostgreSQL `uuid`, an SQLite BLOB
//!   of 16 bytes, bound as a `uuid::Uuid` of the same bytes (`ColumnType::Uuid`).
//! - `bytemuck`: bytemuck's `Pod` and `Zeroable`: ids and bytes cast into each other in place,
//!   both ways, since every 16 bytes are a ULID ([`Ulid`] is 16 bytes of alignment 1).
//! - `zerocopy`: zerocopy's `FromBytes`, `IntoBytes`, `Immutable`, `KnownLayout` and
//!   `Unaligned`: the same casts, both ways.
//! - `arbitrary`: `arbitrary::Arbitrary`: any 16 bytes as a ULID, for fuzz targets (the
//!   `arbitrary` crate needs the standard library).
//! - `schemars`: `schemars::JsonSchema`: the JSON Schema of the text that `serde` writes for
//!   human-readable formats (a pattern of 26 upper-case symbols).
//! - `utoipa` (utoipa 6): utoipa's `ToSchema`: the same schema as an OpenAPI component named
//!   `Ulid`, which a field of an API's `#[derive(ToSchema)]` type refers to.
//! - `borsh`: borsh's `BorshSerialize` and `BorshDeserialize`, by hand: the 16 big-endian bytes,
//!   with no length prefix, as `uuid::Uuid` writes itself. It needs an allocator (borsh's errors
//!   own their message).
//! - `chrono` (chrono 0.4): `Ulid::timestamp_chrono`, the timestamp as a `chrono::DateTime<Utc>`,
//!   and `Ulid::min_at_chrono` and `Ulid::max_at_chrono`, the smallest and the largest ULID of a
//!   date-time's millisecond (random part all zeros, all ones; the same ids as `Ulid::min_at_ms`
//!   and `Ulid::max_at_ms`): the bounds of a range query (`WHERE id BETWEEN …`) that need no clock
//!   and no `generate`. The sub-millisecond digits are truncated toward the past; a date-time
//!   outside the ULID's range (before 1970 included) is `DateTimeError`. To make an id at a
//!   date-time, generate at that millisecond:
//!   `ulid::generate_at(Ulid::min_at_chrono(at)?.timestamp_ms())`. The same names serve `time` and
//!   `jiff`; `timestamp()` (feature `std`) stays the way without a dependency, as a `SystemTime`.
//! - `time` (time 0.3): `Ulid::timestamp_time`, a `time::OffsetDateTime` at UTC (the type time's
//!   own API hands out and takes), `Ulid::min_at_time` and `Ulid::max_at_time`, as for `chrono`;
//!   time ends in the year 9999 (unless a crate turns on its `large-dates`), so a later timestamp
//!   is `DateTimeError`.
//! - `jiff` (jiff 1): `Ulid::timestamp_jiff`, a `jiff::Timestamp`, `Ulid::min_at_jiff` and
//!   `Ulid::max_at_jiff`, as for `chrono`; jiff ends in the year 9999 too (`DateTimeError`).
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
pub use id::Ulid;
/// The errors of the date-time conversions (features `chrono`, `time`, `jiff`): a type apart
/// from [`Error`], whose size the `Result` of generation keeps.
pub use id_text::date_time::{DateTimeError, DateTimeOutOfRange, DateTimeOverflow, TimeUnit};
pub use text::extract_timestamp_ms;
#[cfg(feature = "generate")]
#[cfg_attr(docsrs, doc(cfg(feature = "generate")))]
pub use tick_sequence::Policy;
