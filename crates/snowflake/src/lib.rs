//! Snowflake ids: 63-bit integers made of a millisecond timestamp, a worker id and a
//! sequence, strictly increasing per generator and never waiting on the clock.
//!
//! # The format
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
//! - The sequence (0 to 4095) numbers the ids of one worker within one millisecond.
//! - The top bit is always 0: every id is below 2^63, fits an `i64` (a signed database
//!   column) and every integer in [0, 2^63) is an id. Integer order is the order of
//!   `(timestamp, worker id, sequence)`.
//! - The text form is the integer in canonical decimal; [`FromStr`](core::str::FromStr)
//!   accepts that and nothing else: no sign, no white space, no separators, no leading zero
//!   (except `"0"`), nothing from 2^63 up.
//!
//! # Generating
//!
//! A [`SnowflakeIdGenerator`] takes its worker id in [`SnowflakeIdGenerator::new`]: there is
//! no default worker id, no module-level `generate` and no process-wide generator, because
//! only the caller knows which worker id this process may use. Create one per process and
//! share it between threads. Allocating worker ids across hosts (configuration, a database
//! row, a coordinator) is the caller's job.
//!
//! Each generator owns a [`TickSequence`](tick_sequence::TickSequence) with a 12-bit counter
//! that restarts at 0 on every new millisecond, and packs its `(millisecond, counter)` pairs.
//!
//! - **Monotonic, per generator.** Every id a generator serves is greater than every id it
//!   served before, across all of its threads.
//! - **Unique, not ordered, across generators.** Two generators with different worker ids
//!   never produce the same id; merged, their streams are unique, but their order says
//!   nothing about which id was made first (two clocks are never exactly in step).
//! - **The timestamp may run ahead of the clock.** The generator never waits: the 4097th
//!   id of one millisecond borrows the next millisecond, and a clock that steps back
//!   continues the last millisecond served. Above 4,096 ids per millisecond (4 million per
//!   second), or after a backward step, the embedded time is later than the clock until the
//!   clock catches up. Order and uniqueness hold regardless.
//! - **Range.** A clock before 2024 or after 2093, or a borrowed millisecond past 2093, is an
//!   [`Error::TimestampOutOfRange`].
//!
//! ## Restart
//!
//! Nothing is persisted. A new generator starts a fresh sequence at the clock, so a process
//! restarted with the same worker id repeats no id once the clock is past the last timestamp
//! the old process served. That is so unless the old process had run ahead of the clock (a
//! burst, a backward step) and the new one starts within that lead: give a restarted
//! process a fresh worker id, or let that much time pass, if it may restart that fast.
//!
//! ## Fork
//!
//! A child process created by `fork` cannot choose a new worker id for a generator it
//! inherited, and the parent goes on using that worker id: serving would repeat the parent's
//! ids. So in the child, [`generate`](SnowflakeIdGenerator::generate),
//! [`generate_at`](SnowflakeIdGenerator::generate_at) and
//! [`fill`](SnowflakeIdGenerator::fill) of a generator created before the fork return
//! [`Error::Forked`]: a silent duplicate becomes a loud error. A generator created in the
//! child, with its own worker id, works there. (Unix only; forks are detected through
//! [`tick_sequence::fork_generation`].)
//!
//! # Not a secret
//!
//! A Snowflake id shows when it was made, by which worker, and how many ids that worker made
//! in the same millisecond. It is an identifier, not a secret or a capability: never grant
//! access because someone holds an id (as RFC 9562, section 8, says of UUIDs).
//!
//! # Feature `serde`
//!
//! Serializes as the integer (`u64`) for every format. Deserializes an integer in
//! [0, 2^63), signed or unsigned, and, from human-readable formats only, its decimal string
//! (JSON APIs often carry 63-bit ids as strings, which JavaScript reads without loss), as
//! strictly as `FromStr`.
//!
//! # Examples
//!
//! ```
//! use snowflake::{EPOCH_MS, SnowflakeId, SnowflakeIdGenerator};
//!
//! let generator = SnowflakeIdGenerator::new(42)?;
//! let id = generator.generate()?;
//! assert_eq!(id.worker_id(), 42);
//! assert!(id.timestamp_ms() > EPOCH_MS);
//!
//! let text = id.to_string();
//! assert_eq!(text.parse::<SnowflakeId>(), Ok(id));
//! assert_eq!(snowflake::extract_timestamp_ms(id.to_u64()), Ok(id.timestamp_ms()));
//!
//! // The fields are explicit: 2024-01-01T00:00:01.000Z, worker 1, sequence 2.
//! let id = SnowflakeId::from_parts(EPOCH_MS + 1000, 1, 2)?;
//! assert_eq!(id.to_u64(), (1000 << 22) | (1 << 12) | 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

mod error;
mod generator;
mod id;
#[cfg(feature = "serde")]
mod serde;
mod text;

pub use error::{Error, ParseError};
pub use generator::SnowflakeIdGenerator;
pub use id::{EPOCH_MS, SnowflakeId, extract_timestamp_ms};
