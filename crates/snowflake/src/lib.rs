//! Snowflake ids: 63-bit integers made of a millisecond timestamp, a worker id and a
//! sequence, strictly increasing per generator and never waiting on the clock.
//!
//! ```
//! # #[cfg(feature = "generate")] {
//! let generator = snowflake::SnowflakeIdGenerator::new(1)?;
//! let id = generator.generate()?;
//! println!("{id}"); // such as 4194308098
//! let back: snowflake::SnowflakeId = id.to_string().parse()?;
//! assert_eq!(back, id);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Layout
//!
//! ```text
//!  63 62                                          22 21            12 11             0
//! +--+----------------------------------------------+----------------+----------------+
//! |0 | timestamp: ms since 2024-01-01T00:00:00Z (41) | worker id (10) | sequence (12)  |
//! +--+----------------------------------------------+----------------+----------------+
//!
//! id = (timestamp_ms - EPOCH_MS) << 22 | worker_id << 12 | sequence
//! ```
//!
//! - The timestamp counts milliseconds from [`EPOCH_MS`] (2024-01-01T00:00:00Z, Unix time
//!   1 704 067 200 000 ms) in 41 bits: the last millisecond is 2093-09-06T15:47:35.551Z.
//! - The worker id (0 to 1023) tells apart the processes that generate at the same time.
//! - The sequence (0 to 4095), the counter, numbers the ids of one worker within one
//!   millisecond.
//! - The top bit is always 0: every id is below 2^63 and fits an `i64` (a signed database
//!   column), and every integer in [0, 2^63) is an id, from [`SnowflakeId::MIN`] to
//!   [`SnowflakeId::MAX`]. Integer order is the order of `(timestamp, worker id, sequence)`.
//!
//! # Text
//!
//! The canonical form ([`Display`](core::fmt::Display), [`SnowflakeId::encode`]) is the
//! integer in decimal: ASCII digits, no sign, no leading zero. Parsing
//! ([`FromStr`](core::str::FromStr), `TryFrom<&str>`) accepts that and nothing else: no sign,
//! no white space, no separators, no leading zero (except `"0"`), nothing from 2^63 up.
//! Anything else is a [`ParseError`]: empty, the first character that is not an ASCII digit
//! and its byte index, a leading zero, or a value out of range. [`extract_timestamp_ms`]
//! reads the timestamp of an id given as an integer.
//!
//! [`SnowflakeId::try_parse`] is that parser as a `const fn`, and [`snowflake!`] runs it on a literal at
//! compile time, so a mistyped constant does not build:
//!
//! ```
//! const FIRST: snowflake::SnowflakeId = snowflake::snowflake!(1_234_567_890_123);
//! assert_eq!(FIRST, snowflake::SnowflakeId::try_parse("1234567890123")?);
//! # Ok::<(), snowflake::ParseError>(())
//! ```
//!
//! `{:x}` and `{:X}` ([`LowerHex`](core::fmt::LowerHex), [`UpperHex`](core::fmt::UpperHex)) write
//! the integer in hex, as `u64` does.
//!
//! # Generation
//!
//! A [`SnowflakeIdGenerator`] takes its worker id in [`SnowflakeIdGenerator::new`] (there is
//! no default worker id and no process-wide generator: only the caller knows which worker id
//! this process may use) and owns a [`TickSequence`](tick_sequence::TickSequence) of 1 ms
//! ticks and a 12-bit counter that restarts at 0 on every new millisecond
//! (`TickSequence::new(12, 1_000_000, Start::Zero)`). What that guarantees and where it stops
//! (strictly increasing per generator; unique across generators with different worker ids,
//! but not ordered), the clock rule, and how far the timestamp may run ahead of the clock are
//! the engine's: see the [`tick_sequence`
//! documentation](tick_sequence#the-guarantee-and-its-scope). What is Snowflake's own (a
//! clock outside the 41-bit range is an error, a restart within the lead of a burst, a
//! generator refusing to serve in a forked child) is on [`SnowflakeIdGenerator`]. Generation
//! requires the `std` feature (default).
//!
//! Worker ids for many processes or hosts: the crate `tick-snowflake-lease` leases them from a
//! PostgreSQL table, and serves through [`SnowflakeIdGenerator::generate_capped`] under the
//! high-water mark of its lease.
//!
//! # Not a secret
//!
//! A Snowflake id shows when it was made, by which worker, and how many ids that worker made
//! in the same millisecond: it is an identifier, not a secret or a capability, and holding
//! one must grant nothing.
//!
//! # Features
//!
//! - `generate` (default): generation ([`SnowflakeIdGenerator`]), on the `tick-sequence`
//!   engine; it brings `std`. Without it the crate is `no_std` and needs no allocator:
//!   [`SnowflakeId`], its constants, text and integers.
//! - `std`: `to_string` into a `String`, `timestamp()` as a `SystemTime`, and
//!   `TryFrom<String>` (the database features bring it too).
//! - `js`: generation on `wasm32-unknown-unknown` in a JavaScript runtime (a browser, Node),
//!   with the clock from `Date.now()` and randomness from `crypto.getRandomValues`; it brings
//!   `generate`, and does nothing on other targets.
//! - `serde`: serializes as the integer (`u64`) for every format. Deserializes an integer in
//!   [0, 2^63), signed or unsigned, and, from human-readable formats only, its decimal string
//!   (JSON APIs often carry 63-bit ids as strings, which JavaScript reads without loss), as
//!   strictly as `FromStr`.
//! - also with `serde`: [`decimal_string`], for a field written as the decimal string
//!   (`#[serde(with = "snowflake::decimal_string")]`), as JSON APIs carry 64-bit ids.
//! - `postgres`: postgres-types' `ToSql`/`FromSql` (for `postgres`, `tokio-postgres` and the
//!   pools on them): a PostgreSQL `bigint`, and `bigint[]` for a `Vec` or slice.
//! - `sqlx-postgres`, `sqlx-sqlite` (sqlx 0.9, Rust 1.94) and `sqlx08-postgres`,
//!   `sqlx08-sqlite` (sqlx 0.8): sqlx's `Type`, `Encode`, `Decode` (and `PgHasArrayType`): a
//!   PostgreSQL `bigint`, an SQLite INTEGER.
//!   The SQLite features are built beside sqlx's own `sqlite` or `sqlite-unbundled` feature,
//!   as every sqlx SQLite program is: the driver crate alone chooses no SQLite library.
//! - `diesel-postgres`, `diesel-sqlite` (diesel 2): `ToSql`/`FromSql`, `AsExpression` and
//!   `FromSqlRow`, so a field of this type maps a `bigint` or INTEGER column in a `table!` schema.
//! - `sqlx-mysql` (sqlx 0.9, Rust 1.94), `sqlx08-mysql` (sqlx 0.8) and `diesel-mysql` (diesel 2,
//!   its MySQL backend, which needs no client library): the same traits on MySQL and MariaDB: a
//!   `BIGINT`.
//! - `rusqlite` (rusqlite 0.32 to 0.43): rusqlite's `ToSql`/`FromSql`: an INTEGER.
//! - `sea-orm` (sea-orm 2, Rust 1.94): sea-orm's `ValueType`, `Nullable`, `TryGetable`,
//!   `TryFromU64` and `From<SnowflakeId> for Value`, so that [`SnowflakeId`] is the type of an
//!   entity's field (`#[derive(DeriveEntityModel)]`), a primary key included: a PostgreSQL
//!   `bigint`, an SQLite INTEGER (`ColumnType::BigInteger`); an auto-increment key converts from
//!   the `u64` the database gave.
//! - `bytemuck`: bytemuck's `NoUninit`: ids cast to the bytes of their `u64`s in place
//!   (native byte order). Not every `u64` is an id, so integers become ids through
//!   `TryFrom<u64>`, which checks the range.
//! - `zerocopy`: zerocopy's `IntoBytes`, `Immutable` and `KnownLayout`: the same casts, ids to
//!   bytes; integers to ids as with `bytemuck`.
//! - `arbitrary`: `arbitrary::Arbitrary`: valid ids (below 2^63) from any bytes, for fuzz
//!   targets (the `arbitrary` crate needs the standard library).
//! - `schemars`: `schemars::JsonSchema`: the JSON Schema of what `serde` writes, an integer
//!   from 0 to 2^63 - 1.
//! - `utoipa` (utoipa 6): utoipa's `ToSchema`: the same integer schema as an OpenAPI component
//!   named `SnowflakeId`; a field written with `decimal_string` needs
//!   `#[schema(value_type = String)]`.
//! - `borsh`: borsh's `BorshSerialize` and `BorshDeserialize`, by hand: the id as borsh writes its
//!   `u64`, 8 bytes little-endian; reading refuses an integer from 2^63 up (an `io::Error` of kind
//!   `InvalidData` naming it). It needs an allocator (borsh's errors own their message).
//! - `chrono` (chrono 0.4): `SnowflakeId::timestamp_chrono`, the timestamp as a
//!   `chrono::DateTime<Utc>`, and `SnowflakeId::min_at_chrono` and `SnowflakeId::max_at_chrono`,
//!   the smallest and the largest Snowflake id of a date-time's millisecond (worker id and sequence
//!   all zeros, all ones; the same ids as `SnowflakeId::min_at_ms` and `SnowflakeId::max_at_ms`):
//!   the bounds of a range query (`WHERE id BETWEEN …`) that need no clock and no `generate`. The
//!   sub-millisecond digits are truncated toward the past; a date-time outside the Snowflake id's
//!   range (before 2024 included) is `DateTimeError`. To make an id at a date-time, generate at
//!   that millisecond: `generator.generate_at(SnowflakeId::min_at_chrono(at)?.timestamp_ms())`. The
//!   same names serve `time` and `jiff`; `timestamp()` (feature `std`) stays the way without a
//!   dependency, as a `SystemTime`.
//! - `time` (time 0.3): `SnowflakeId::timestamp_time`, a `time::OffsetDateTime` at UTC (the type
//!   time's own API hands out and takes), `SnowflakeId::min_at_time` and
//!   `SnowflakeId::max_at_time`, as for `chrono`; time's range holds every Snowflake id: the
//!   `Result` (`DateTimeError`) keeps the four formats' signatures the same.
//! - `jiff` (jiff 1): `SnowflakeId::timestamp_jiff`, a `jiff::Timestamp`,
//!   `SnowflakeId::min_at_jiff` and `SnowflakeId::max_at_jiff`, as for `chrono`; jiff's range holds
//!   every Snowflake id too.
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
#[cfg(feature = "serde")]
pub use external::serde_support::decimal_string;
#[cfg(feature = "generate")]
pub use generate::{POLICY, SnowflakeIdGenerator};
pub use id::{EPOCH_MS, SnowflakeId};
/// The errors of the date-time conversions (features `chrono`, `time`, `jiff`): a type apart
/// from [`Error`], whose size the `Result` of generation keeps.
pub use id_text::date_time::{DateTimeError, DateTimeOutOfRange, DateTimeOverflow, TimeUnit};
pub use text::extract_timestamp_ms;
#[cfg(feature = "generate")]
#[cfg_attr(docsrs, doc(cfg(feature = "generate")))]
pub use tick_sequence::Policy;
