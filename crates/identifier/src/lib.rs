//! Identifiers that are correct to the letter of their specs, strictly increasing within a
//! process, safe across threads and `fork`, and fast: ULID, UUIDv7, ObjectId, Snowflake,
//! content-derived ids and Crockford checksummed codes.
//!
//! This crate only re-exports the format crates, each behind a feature of its own name (all on
//! by default). A program that needs one format can depend on that crate alone (`ulid`,
//! `uuid7`, `objectid`, `snowflake`, `content-id`, `checksummed-id`) or on this one with
//! `default-features = false, features = ["ulid"]`: either way no other format is compiled.
//!
//! ```
//! let ulid = identifier::ulid::generate();
//! let uuid = identifier::uuid7::generate();
//! assert!(identifier::ulid::generate() > ulid);
//! assert!(identifier::uuid7::generate() > uuid);
//!
//! let workers = identifier::snowflake::SnowflakeIdGenerator::new(7)?;
//! let id = workers.generate()?;
//! assert_eq!(id.worker_id(), 7);
//!
//! let code = identifier::checksummed_id::generate();
//! assert!(identifier::checksummed_id::verify(&code));
//!
//! let digest = identifier::content_id::generate(&("report", 2026, [1.5, 2.5]))?;
//! assert_eq!(digest.len(), 64);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Which one should I use?
//!
//! | you need | use | because |
//! |---|---|---|
//! | a primary key in a `uuid` column, sorted by creation time | [`uuid7`] | RFC 9562; 16 bytes; new rows land next to each other in a B-tree index |
//! | a sortable id that is short, case-insensitive and safe in URLs and logs | [`ulid`] | 26 Crockford Base32 characters, no ambiguous letters |
//! | a 12-byte key shaped like MongoDB's, sorted by the second | [`objectid`] | 24 hex characters with the ObjectId timestamp field |
//! | a 64-bit integer key (an `i64` column), from workers you number yourself | [`snowflake`] | fits a `BIGINT`; unique across hosts by worker id, not by chance |
//! | the same id for the same data: deduplication, cache keys, idempotency | [`content_id`] | a typed, specified encoding hashed with BLAKE2b, or UUIDv5 of it |
//! | a code a human reads aloud, types or copies from paper | [`checksummed_id`] | Crockford Base32 with a check symbol that catches every single typo and swap |
//!
//! What to use instead, for needs no format here meets:
//!
//! | you need | use |
//! |---|---|
//! | a random UUID (v4) | `uuid::Uuid::new_v4()` |
//! | a random URL-safe token | bytes from the OS CSPRNG (`getrandom`, `rand`), in base64url |
//! | a prefixed id | `format!("cus_{}", identifier::ulid::generate())` |
//! | an opaque public id that hides a counter | a library made for it (sqids) or a keyed permutation; never an affine map |
//! | a session id, an API key, a password-reset link | a CSPRNG token: none of these ids is a secret |
//! | a deterministic ObjectId | `identifier::objectid::generate_at(timestamp_s)` |
//!
//! # The guarantees, and their scope
//!
//! - **Strictly increasing within a process.** Every ULID, UUIDv7 and ObjectId from
//!   `generate` or `fill`, and every Snowflake id from one generator, is greater than the ones
//!   before it, from any number of threads, as an integer, as bytes and (ULID, UUIDv7,
//!   ObjectId) as a string. Ids from different processes or hosts are unique (random 80, 74
//!   or 64-bit counter starts; worker ids for Snowflake) but not ordered with each other:
//!   sorting merged streams gives an approximate time order, not a causal one.
//! - **The clock never makes a call wait, and within a format's range never makes it fail.**
//!   A backward step of the clock, or a burst that exhausts the counter of a tick, is served
//!   from the last tick (or the next one): the embedded timestamp may run ahead of the clock
//!   until the clock catches up. This costs the accuracy of the timestamp, never the order or
//!   the uniqueness. At the ends of each format's range, see [below](#the-ends-of-each-range).
//! - **Fork-safe.** A child process created by `fork` resets every sequence and reseeds every
//!   random source before it serves, so parent and child never hand out the same id; a
//!   Snowflake generator made before the fork refuses to serve in the child
//!   (`Error::Forked`), because only the caller can give the child a worker id of its own.
//!   Which children are seen on which platform (on Linux, every child, however it was
//!   created), and why generating is not async-signal-safe, is in
//!   [`tick_sequence`'s documentation](https://docs.rs/tick-sequence/latest/tick_sequence/#fork).
//! - **Not secrets.** Time-ordered ids reveal when they were made and, through their counters,
//!   in what order and how many; no id here proves that whoever presents it may do anything
//!   (RFC 9562, section 8).
//!
//! What an order across hosts does and does not say, what to keep beside an id when order
//! matters, and when to let the database make the id: [Ids and order](ids_and_order).
//!
//! # The ends of each range
//!
//! Each format holds a range of timestamps; a wall clock outside it meets these rules (each is
//! a test run under `faketime`, in the format crate's `tests/clock_range.rs`):
//!
//! | format | range | clock before it | clock after it |
//! |---|---|---|---|
//! | ULID, UUIDv7 | 1970-01-01T00:00:00Z to 10889-08-02T05:31:50.655Z | reads as 1970-01-01T00:00:00Z (the engine counts a clock before 1970 as 0): ids of millisecond 0, in order, from every function | `generate` and `fill` give ids of the last millisecond, still unique and strictly increasing (the counter goes on, as under a clock that stands still), and a panic naming `TimestampOutOfRange` once that millisecond's counter is used up too (about 2^79 or 2^73 ids later), rather than an id served twice; `try_generate` and `try_fill` return `TimestampOutOfRange` with the clock's reading, and the sequence does not move |
//! | ObjectId | 1970-01-01T00:00:00Z to 2106-02-07T06:28:15Z | as ULID | as ULID, with the last second (about 2^63 ids before the panic) |
//! | Snowflake | 2024-01-01T00:00:00Z to 2093-09-06T15:47:35.551Z | a generator's `generate` and `fill` return `TimestampOutOfRange` with the clock's reading; the sequence does not move | the same |
//!
//! No function panics at either end but in that one case, the last tick of the range used up,
//! where every id left has been served. An explicit timestamp outside the range (`generate_at`,
//! `from_parts`, `min_at_ms`, `max_at_ms`) is `TimestampOutOfRange`, with the value and the
//! range.
//!
//! # Range queries: the smallest and the largest id of an instant
//!
//! `Ulid::min_at_ms(ms)` and `Ulid::max_at_ms(ms)` are the smallest and the largest ULID of a
//! millisecond (the random part all zeros, all ones), and likewise for [`uuid7::Uuid7`] (the
//! counter bits around the version and variant) and [`snowflake::SnowflakeId`] (worker id and
//! sequence); [`objectid::ObjectId`], whose timestamp is in seconds everywhere in its API, has
//! `min_at_s(s)` and `max_at_s(s)`. Every id of the instants `a` to `b` lies in `[min_at(a),
//! max_at(b)]`, whatever generator made it; with the features `chrono`, `time` and `jiff`,
//! `min_at_chrono`, `max_at_chrono` and the others take that library's date-time. They need no
//! clock and no `generate` feature.
//!
//! ```
//! use identifier::ulid::Ulid;
//!
//! // One day's rows of a table keyed by ULIDs: 2024-01-01T00:00:00Z is 1_704_067_200_000 ms.
//! let day = 1_704_067_200_000;
//! let (from, to) = (Ulid::min_at_ms(day)?, Ulid::max_at_ms(day + 86_400_000 - 1)?);
//! let made_that_day = Ulid::from_parts(day + 3_600_000, 42)?;
//! assert!((from..=to).contains(&made_that_day));
//! // ... WHERE id BETWEEN $1 AND $2, bound as uuid::Uuid::from(from) and (to).
//! # Ok::<(), identifier::ulid::Error>(())
//! ```
//!
//! # ULIDs as UUIDs, both ways
//!
//! A ULID becomes a UUID in one of two ways, which give different UUIDs:
//!
//! - **The same 128 bits** (lossless): `uuid::Uuid::from(ulid)` and `Ulid::from(uuid)` (feature
//!   `uuid`), or [`Ulid::to_u128`](ulid::Ulid::to_u128) and `from_u128`. This is what storing a
//!   ULID in a `uuid` column does, and it comes back unchanged; but the UUID's version and
//!   variant fields hold whatever bits the ULID had there, so it is no UUIDv7.
//! - **An RFC 9562 UUIDv7** (lossy): [`Uuid7::from_ulid_compliant`](uuid7::Uuid7::from_ulid_compliant)
//!   keeps the timestamp, sets version 7 and variant `0b10`, and keeps 74 of the 80 random bits
//!   (the top 12 and the low 62; the 6 between them are dropped), as python-ulid's
//!   `ULID.to_uuid7(compliant=True)` does. The ULID cannot be recovered from it, and ULIDs that
//!   differ only in those 6 bits give one UUIDv7; ULIDs in order give UUIDv7s in order.
//!
//! The rule lives in the `uuid7` crate, which owns the UUIDv7 layout, and takes the ULID's
//! 128-bit value: format crates do not depend on each other.
//!
//! ```
//! use identifier::{ulid::Ulid, uuid7::Uuid7};
//!
//! let ulid: Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
//! // Lossless: the same bits, version and variant as they fall.
//! assert_eq!(Ulid::from_u128(ulid.to_u128()), ulid);
//! // Compliant: a UUIDv7 of the same millisecond.
//! let uuid7 = Uuid7::from_ulid_compliant(ulid.to_u128());
//! assert_eq!(uuid7.timestamp_ms(), ulid.timestamp_ms());
//! assert_eq!(uuid7.to_string(), "01563e3a-b5d3-7d67-8c61-efb99302bd5b");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # From the Python API
//!
//! The design ports a Python package; each of its functions is one Rust item. Options become
//! arguments, an explicit timestamp becomes an `*_at` function, and values are typed (with
//! `Display` for the string the Python function returned).
//!
//! | Python | Rust |
//! |---|---|
//! | `generate_ulid()` | [`ulid::generate()`](ulid::generate) |
//! | `generate_ulid(timestamp_ms=t)` | [`ulid::generate_at(t)`](ulid::generate_at) |
//! | `extract_ulid_timestamp_ms(s)` | [`ulid::extract_timestamp_ms(s)`](ulid::extract_timestamp_ms) |
//! | `generate_uuid7()` / `generate_uuid7(timestamp_ms=t)` | [`uuid7::generate()`](uuid7::generate) / [`uuid7::generate_at(t)`](uuid7::generate_at) |
//! | `extract_uuid7_timestamp_ms(s)` | [`uuid7::extract_timestamp_ms(s)`](uuid7::extract_timestamp_ms) |
//! | `generate_object_id()` / `generate_object_id(timestamp_s=t)` | [`objectid::generate()`](objectid::generate) / [`objectid::generate_at(t)`](objectid::generate_at) |
//! | `extract_object_id_timestamp_s(s)` | [`objectid::extract_timestamp_s(s)`](objectid::extract_timestamp_s) |
//! | `SnowflakeIdGenerator(worker_id=w)` | [`SnowflakeIdGenerator::new(w)`](snowflake::SnowflakeIdGenerator::new) |
//! | `.generate()` / `.generate(timestamp_ms=t)` | [`.generate()`](snowflake::SnowflakeIdGenerator::generate) / [`.generate_at(t)`](snowflake::SnowflakeIdGenerator::generate_at) |
//! | `extract_snowflake_timestamp_ms(i)` | [`snowflake::extract_timestamp_ms(i)`](snowflake::extract_timestamp_ms) |
//! | `generate_checksummed_id()` | [`checksummed_id::generate()`](checksummed_id::generate) |
//! | `generate_checksummed_id(length=n, group_size=g, sep=c)` | [`checksummed_id::generate_with(&Options { length: n, group_size: g, sep: c })`](checksummed_id::generate_with) |
//! | `verify_checksummed_id(s)` / `verify_checksummed_id(s, sep=c)` | [`checksummed_id::verify(s)`](checksummed_id::verify) / [`checksummed_id::verify_with(s, c)`](checksummed_id::verify_with) |
//! | `generate_stable_content_id(data)` / `(data, length=n)` | [`content_id::generate(&data)`](content_id::generate) / [`content_id::generate_with_length(&data, n)`](content_id::generate_with_length) |
//! | `generate_stable_uuid5(data)` / `(data, namespace=ns)` | [`content_id::generate_uuid5(&data)`](content_id::generate_uuid5) / [`content_id::generate_uuid5_in(&data, &ns)`](content_id::generate_uuid5_in) |
//!
//! The Python package `identifier` adds functions the seed does not have; their Rust items:
//!
//! | Python | Rust |
//! |---|---|
//! | `ulid_from_parts(ms, random)`, `uuid7_from_parts(ms, counter)`, `object_id_from_parts(s, counter)`, `snowflake_id_from_parts(ms, worker_id, sequence)` | [`Ulid::from_parts`](ulid::Ulid::from_parts), [`Uuid7::from_parts`](uuid7::Uuid7::from_parts), [`ObjectId::from_parts`](objectid::ObjectId::from_parts), [`SnowflakeId::from_parts`](snowflake::SnowflakeId::from_parts) |
//! | `min_ulid_at(ms)` / `max_ulid_at(ms)`, and the same for `uuid7`, `object_id` (seconds) and `snowflake_id` | [`Ulid::min_at_ms`](ulid::Ulid::min_at_ms) / [`Ulid::max_at_ms`](ulid::Ulid::max_at_ms), and the same of each type ([`ObjectId::min_at_s`](objectid::ObjectId::min_at_s)) |
//! | `ulid_to_uuid(ulid)` / `ulid_to_uuid(ulid, compliant=True)` / `ulid_from_uuid(uuid)` | `uuid::Uuid::from(ulid)` / [`Uuid7::from_ulid_compliant(ulid.to_u128())`](uuid7::Uuid7::from_ulid_compliant) / `Ulid::from(uuid)` |
//!
//! Where Python hashed any object through a registry of hashers, Rust uses the
//! [`content_id::StableHash`] trait, implemented for the standard data model, and (feature
//! `serde`) `content_id::Serde(&value)` for anything that implements `Serialize`.
//!
//! # Storage
//!
//! Each time-ordered id has one column type, in which the database's order is the order of
//! the ids, so an index on the key is in generation order. With the feature of the driver,
//! the id binds as a parameter and reads from a row as itself, with no newtype:
//!
//! | id | PostgreSQL | SQLite | MySQL, MariaDB | MongoDB |
//! |---|---|---|---|---|
//! | [`ulid::Ulid`] | `uuid` (16 bytes, compared big-endian) | BLOB of 16 bytes | `BINARY(16)` | |
//! | [`uuid7::Uuid7`] | `uuid` | BLOB of 16 bytes | `BINARY(16)` | |
//! | [`objectid::ObjectId`] | `bytea` of 12 bytes | BLOB of 12 bytes | `BINARY(12)` | ObjectId (`#[serde(with = "objectid::bson")]`) |
//! | [`snowflake::SnowflakeId`] | `bigint` | INTEGER | `BIGINT` | |
//!
//! | feature | driver | traits |
//! |---|---|---|
//! | `postgres` | `postgres`, `tokio-postgres` and the pools on them | postgres-types' `ToSql`, `FromSql`; arrays (`uuid[]`, ...) as `Vec<T>` and `&[T]` |
//! | `sqlx-postgres` | sqlx 0.9 with PostgreSQL (Rust 1.94) | `Type`, `Encode`, `Decode`, `PgHasArrayType` |
//! | `sqlx-sqlite` | sqlx 0.9 with SQLite (Rust 1.94) | `Type`, `Encode`, `Decode` |
//! | `sqlx-mysql` | sqlx 0.9 with MySQL or MariaDB (Rust 1.94) | `Type`, `Encode`, `Decode` |
//! | `sqlx08-postgres`, `sqlx08-sqlite`, `sqlx08-mysql` | sqlx 0.8 | the same |
//! | `diesel-postgres`, `diesel-sqlite`, `diesel-mysql` | diesel 2 | `ToSql`, `FromSql`, `AsExpression`, `FromSqlRow` (SQL types `Uuid`, `Binary`, `BigInt`) |
//! | `rusqlite` | rusqlite 0.32 to 0.43 | `ToSql`, `FromSql` |
//! | `sea-orm` | sea-orm 2 with its sqlx drivers (Rust 1.94) | `ValueType`, `Nullable`, `TryGetable`, `TryFromU64`, `From<id> for Value`: the type of an entity's field, a primary key included (SQL types `ColumnType::Uuid`, `Binary(12)`, `BigInteger`) |
//! | `bson` | bson, the MongoDB driver | `From` both ways with `bson::oid::ObjectId`; the `objectid::bson` field helper |
//!
//! Reading a value that is not an id of the type is an error that names what was found: a
//! BLOB of 15 bytes, a `uuid` of version 4 read as a [`uuid7::Uuid7`], a negative `bigint`
//! read as a [`snowflake::SnowflakeId`], a NULL read into a type that is not an `Option`.
//! Binding writes the bytes or the integer into the driver's buffer, or lends the id's own
//! bytes, without allocating, except with sqlx's SQLite driver, whose arguments own every
//! BLOB: there the 16 or 12 bytes are copied into a `Vec`, as for every type it binds.
//!
//! MySQL and MariaDB compare `BINARY` columns byte by byte, so `BINARY(16)` in the ids' own
//! byte order keeps generation order. Two of their UUID tools do not:
//! - MySQL's `UUID_TO_BIN(text, 1)` reorders the bytes for version 1, whose time fields are
//!   out of order: bytes 6 and 7 first, then 4 and 5, then 0 to 3. A UUIDv7 (or a ULID's
//!   bytes) is in order already: swapped, it sorts by its version and counter bits first and
//!   its timestamp last. Bind the id itself, or use `UUID_TO_BIN(text)` without the flag.
//! - MariaDB's `UUID` type stores a UUID of versions 1 to 5 (RFC 9562's variant) with its
//!   groups swapped, so that version-1 UUIDs sort by time; from 10.10.6 and 10.11.5 it stores
//!   versions 6 and later as written. On Debian's MariaDB 10.11 (the tests check it on the
//!   server they run) UUIDv7 values in a `UUID` column sort in generation order, while version
//!   4 and 1 values sort by their last 12 hex digits first; on 10.7 to 10.11.4 a UUIDv7 is
//!   swapped too and loses its order. A ULID is not a UUID of any version: keep it out of that
//!   type. `BINARY(16)` avoids both, and is what the features read and write.
//!
//! sea-orm's schema builder declares a ULID or UUIDv7 column `uuid_text` on SQLite (its name for
//! `ColumnType::Uuid`), but the value bound is a BLOB of 16 bytes, which SQLite stores as it is in
//! a column of that (TEXT) affinity: `typeof(id)` is `blob` and `length(id)` is 16, as in a
//! `BLOB` column. sqlx 0.9 hands an SQLite TEXT over as its bytes, so through sea-orm a TEXT of
//! exactly 16 (or 12) bytes is read as those bytes (an id if they are one); any other TEXT is an
//! error that names it.
//!
//! Why not text columns: the text is larger (26 or 36 bytes against 16 for a ULID or UUID, 24
//! against 12 for an ObjectId; and an index holds every key again); and a Snowflake id's decimal
//! text sorts wrongly once ids grow from 18 to 19 digits (about 2031 with this crate's epoch):
//! `"1000000000000000000" < "999999999999999999"` as text. JSON has the same problem the other
//! way round: JavaScript rounds integers above 2^53, so `snowflake::decimal_string` writes
//! Snowflake ids as strings there.
//!
//! # Features
//!
//! `ulid`, `uuid7`, `objectid`, `snowflake`, `content-id`, `checksummed-id` (all default):
//! one per format. `generate` (default): generation in the time-ordered formats; without it
//! they are `no_std` (value types, text, bytes, serde) and compile neither the engine nor its
//! clock and random source; `std` alone adds `to_string` without generation. `js`: generation on `wasm32-unknown-unknown` in a JavaScript
//! runtime (a browser, Node), with the clock from `Date.now()` and randomness from
//! `crypto.getRandomValues`; tested under Node. `serde`: serde support in every enabled
//! format. `uuid`: conversions between `uuid::Uuid` and [`ulid::Ulid`] or [`uuid7::Uuid7`].
//! `postgres`, `sqlx-postgres`, `sqlx-sqlite`, `sqlx-mysql` (sqlx 0.9), `sqlx08-postgres`,
//! `sqlx08-sqlite`, `sqlx08-mysql` (sqlx 0.8), `diesel-postgres`, `diesel-sqlite`, `diesel-mysql`,
//! `rusqlite`, `sea-orm` (sea-orm 2), `bson`: see
//! [Storage](#storage); each turns on the same feature in every enabled format. `bytemuck`,
//! `zerocopy` (casts between ids and bytes: both ways for ULIDs and ObjectIds, whose every bit
//! pattern is an id; from ids only for UUIDv7s and Snowflake ids, whose bytes are checked by
//! `TryFrom`), `arbitrary` (valid ids for fuzz targets), `schemars` (the JSON Schema of the
//! serde form), `utoipa` (the same schema as an OpenAPI component, `ToSchema`), `borsh` (the 16 or 12 bytes; a Snowflake id as its little-endian `u64`) and
//! `chrono`, `time`, `jiff` (an id's timestamp as that library's UTC date-time,
//! `timestamp_chrono()`, `timestamp_time()`, `timestamp_jiff()`, and the smallest and the
//! largest id of a date-time, `min_at_chrono()`, `max_at_chrono()` and the same for `time` and
//! `jiff`, for [range queries](#range-queries-the-smallest-and-the-largest-id-of-an-instant)): the same
//! feature in every enabled time-ordered format. `lease-postgres`, `lease-mysql`, `lease-file`:
//! [`snowflake_lease`], Snowflake worker ids leased from a PostgreSQL or MySQL/MariaDB table,
//! or from a directory shared by one host's processes, each store's client behind its own
//! feature.
//!
//! Without `generate`, `std` and the formats that need them (`content-id`, `checksummed-id`),
//! this crate is `no_std` as the format crates are: `default-features = false, features =
//! ["ulid", "uuid7", "objectid", "snowflake", "serde"]` builds for a target without the
//! standard library (CI checks `thumbv7em-none-eabihf`).
#![cfg_attr(docsrs, feature(doc_cfg))]
#![no_std]
#![forbid(unsafe_code)]

#[doc = include_str!("ids_and_order.md")]
pub mod ids_and_order {}

#[cfg(feature = "checksummed-id")]
#[doc(inline)]
pub use checksummed_id;
#[cfg(feature = "content-id")]
#[doc(inline)]
pub use content_id;
#[cfg(feature = "objectid")]
#[doc(inline)]
pub use objectid;
#[cfg(feature = "snowflake")]
#[doc(inline)]
pub use snowflake;
#[cfg(any(
    feature = "lease-postgres",
    feature = "lease-mysql",
    feature = "lease-file"
))]
#[doc(inline)]
pub use snowflake_lease;
#[cfg(feature = "ulid")]
#[doc(inline)]
pub use ulid;
#[cfg(feature = "uuid7")]
#[doc(inline)]
pub use uuid7;

/// The README's `rust` blocks, compiled and run as doctests (the ones that need a server are
/// compiled only), so that every block a reader copies builds as written. They use the
/// features the README names, which `cargo test --workspace --all-features` turns on.
#[cfg(all(doctest, feature = "lease-postgres"))]
#[doc = include_str!("../../../README.md")]
struct Readme;
