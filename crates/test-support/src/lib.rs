//! Helpers shared by the tests of the workspace's crates (not published): running code in a
//! forked child, forking while threads generate, drawing ids from several threads at once, and
//! the clock faults every time-ordered format must survive; the golden files; and the checks
//! that every format's tests make of its text, its serde forms, its generated ids, its standard
//! traits, its layout and byte casts, its `Arbitrary` ids and its JSON Schema, with strategies
//! for its property tests. They check behaviour and never measure time.
//!
//! - [`clock_faults`]: a clock that steps back, jumps forward or is stuck, with the ids the
//!   clock rule predicts.
//! - [`fork`]: code in a forked child; ids and random draws that a child must not share.
//! - [`fork_storm`]: forks while threads generate.
//! - [`fresh`]: a test run again in new processes, for what only first calls show.
//! - [`stress`]: a million ids from four threads.
//! - [`seeded`]: a chaos test's choices, the same for every run of a seed.
//! - [`suites`]: the test suites of ULID and UUIDv7 alike: a generator owned by its caller, and
//!   the ends of the range under `faketime`.
//! - [`generated`]: order, one sequence for `generate` and `fill`, random draws, the wall clock.
//! - [`golden`]: the files of `golden/` and the fields of their cases.
//! - [`text`]: parsing tables, errors and messages, both directions, `Display` padding.
//! - [`serde_checks`]: tokens of both configurations, refused input, JSON.
//! - [`std_traits`]: instants as `SystemTime`, parse errors boxed as standard errors.
//! - [`date_time`]: timestamps as chrono's, time's and jiff's date-times and back, at the ends
//!   of the range and of the libraries'.
//! - [`layout`]: size and alignment, order by a key, bytemuck's and zerocopy's casts.
//! - [`arbitrary_checks`]: `Arbitrary` ids from fixed bytes, in order, and their size hints.
//! - [`schema`]: the JSON Schema of an id and what `serde_json` writes against it.
//! - [`strategy`]: proptest strategies of strings and bytes.
//! - [`temp_dir`]: a directory of a test's own, removed when dropped.
//! - [`watched`]: a chaos test's child process, its exit status and whether it was killed.
//! - [`mariadb`]: throwaway MariaDB servers, over a Unix socket and TCP on 127.0.0.1, for the
//!   MySQL tests: a primary, an asynchronous replica of it, a crash, a promotion, TLS, and a
//!   forwarder in front of them.
//! - [`postgres`]: throwaway PostgreSQL servers for the database tests: a primary, a streaming
//!   replica of it, a crash, a promotion.
//! - `lease_table` (feature `postgres`): statements on a Snowflake lease table.

pub mod arbitrary_checks;
pub mod clock_faults;
pub mod date_time;
#[cfg(unix)]
pub mod fork;
#[cfg(unix)]
pub mod fork_storm;
#[cfg(not(target_arch = "wasm32"))]
pub mod fresh;
pub mod generated;
pub mod golden;
pub mod layout;
// Its client, like the servers, is a unix dependency.
#[cfg(all(unix, feature = "postgres"))]
pub mod lease_table;
#[cfg(unix)]
pub mod mariadb;
#[cfg(unix)]
pub mod postgres;
pub mod schema;
#[cfg(unix)]
mod scratch;
pub mod seeded;
pub mod serde_checks;
pub mod std_traits;
#[cfg(not(target_arch = "wasm32"))]
pub mod strategy;
pub mod stress;
pub mod suites;
pub mod temp_dir;
pub mod text;
#[cfg(not(target_arch = "wasm32"))]
pub mod watched;
