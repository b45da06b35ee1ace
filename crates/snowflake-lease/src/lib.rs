//! Snowflake worker ids leased from a PostgreSQL table, so that generators on many hosts never
//! share a worker id. The ids are those of [`snowflake`] (package `tick-snowflake`).
//!
//! # Usage
//!
//! ```no_run
//! use snowflake_lease::{Error, LeaseConfig, LeasedGenerator};
//! use std::time::Duration;
//!
//! let config = LeaseConfig::new("host=/var/run/postgresql dbname=app user=app")
//!     .ttl(Duration::from_secs(10)); // the default
//! let generator = LeasedGenerator::acquire(&config)?; // creates the table if missing
//! match generator.generate() {
//!     Ok(id) => println!("{id} from worker id {}", generator.worker_id()),
//!     // The renewal is late (server unreachable, table locked): serves again once it succeeds.
//!     Err(Error::LeaseExpired { .. }) => eprintln!("retry shortly"),
//!     // Beyond the high-water mark (a burst, or renewals late by two intervals): the mark
//!     // follows the clock at each renewal.
//!     Err(Error::AheadOfLease { .. }) => eprintln!("retry shortly"),
//!     // Another process holds the worker id now: acquire a new lease.
//!     Err(Error::LeaseLost { .. }) => eprintln!("acquire again"),
//!     Err(error) => eprintln!("{error}"),
//! }
//! generator.release()?; // or drop it
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Acquire one [`LeasedGenerator`] per process, after any `fork` (see
//! [Fork](LeasedGenerator#fork)), and share it: its methods take `&self` and it is
//! `Send + Sync`. Each one holds one row of the table, one connection and one thread. It
//! fails rather than risk a duplicate: the three refusals above come on top of those of a
//! [`SnowflakeIdGenerator`](snowflake::SnowflakeIdGenerator).
//!
//! # Runtime
//!
//! The synchronous `postgres` client (no TLS), on one thread per generator with a connection
//! of its own. The acquire runs on that thread too, and its result comes back through a
//! channel: the synchronous client starts a runtime of its own and would panic on a thread
//! that is inside a tokio runtime, so [`LeasedGenerator::acquire`] works from any thread,
//! async or not, and nothing depends on the caller's async runtime. `acquire`, `release` and
//! drop block the calling thread for a few statements, never more than twice the ttl (in
//! async code, call them from a blocking task); `generate` never touches the network.
//!
//! # Protocol
//!
//! **The table** (default `snowflake_worker_lease`; plain or `schema.name`, quoted) has one
//! row per worker id 0 to 1023: a random `token` per acquisition, a `generation` incremented
//! per acquisition (a fencing number), the owner's host and pid, `acquired_at`, `expires_at`
//! (on the database's clock; `-infinity` when free) and `high_water_ms`, the high-water
//! mark: the holder never serves an id whose timestamp (Unix ms) is above the mark it last
//! wrote successfully. If the table is missing, the library creates it in one transaction
//! under an advisory lock on the table's name (processes starting together create it once);
//! then it checks the columns' names and types. A table that exists is not altered.
//!
//! **Acquire**, in one statement whose cost does not grow with the rows held: lock the row
//! with `expires_at <= now()` that comes first by `(expires_at, worker_id)`, skipping locked
//! rows (never-used and released rows, at `-infinity`, come before recently expired ones, so
//! a holder whose lease just lapsed can still renew its own), and write a new token,
//! `generation + 1`, the owner, `expires_at = now() + ttl` and the mark
//! `GREATEST(old mark + max_clock_skew + 1, clock) + lead`. The new holder's **floor** is
//! `old mark + max_clock_skew + 1`: its ids run from there (ahead of its clock, if the floor
//! is, until the clock catches up; [`LeaseState::took_over_ahead`]). Its **ceiling** is the
//! mark written. No free row: [`LeaseError::AllHeld`] with the count of rows held, at once.
//!
//! **Renew** every ttl/3: `expires_at = now() + ttl` and `high_water_ms =
//! GREATEST(high_water_ms, max(clock, floor) + lead)`, where the row still carries the
//! token. The lead is two renewal intervals, so a healthy holder meets its ceiling only in a
//! burst. Only once the statement has returned: ceiling = the mark returned, deadline = the
//! boot clock read *before* sending + ttl − margin. No row: another process holds it; the
//! lease is lost for good ([`Error::LeaseLost`](crate::Error::LeaseLost)). A failed
//! statement or a broken connection: reconnect and retry every ttl/20 (at least 50 ms),
//! keeping the old deadline. If the row still carries the token after the deadline has
//! passed, the renewal succeeds and the generator serves again: same worker id, same
//! sequence, since the token proves nobody held the row in between.
//!
//! **Generate** reads atomics only (a stalled renewal never blocks it): in a forked child,
//! `Forked`; lost, `LeaseLost`; boot clock at or past the deadline, `LeaseExpired`; then the
//! id at `max(clock, floor)`, refused with `AheadOfLease` if its timestamp is above the
//! ceiling (the id is used up, not served). While renewals fail, the clock reaches the
//! ceiling (two intervals, 2/3 of the ttl, after the last success) before the deadline
//! (ttl − margin): a stalled holder meets `AheadOfLease` first, then `LeaseExpired`.
//!
//! **Release** (or drop): `expires_at = '-infinity'` where the token matches, keeping the
//! mark for the next holder.
//!
//! The deadline is on the boot clock ([`tick_sequence::boot_clock_ns`]): it never goes back,
//! is never set, and on Linux counts the time the host spends suspended. With the default
//! ttl of 10 s: a renewal every 3.3 s, a retry every 500 ms, a deadline 9 s after each
//! renewal was sent, marks 6.7 s ahead of the clock; connect, statement and TCP timeouts of
//! 3.3 s keep a dead server or a locked table from holding the renewal thread for long.
//!
//! # Why no id is served twice
//!
//! *In time.* The database grants the row until `D = s + ttl` on its clock, where `s`, its
//! `now()` for the renewal, is no earlier than the moment the holder sent it. The holder
//! stops at its boot clock reading taken before sending plus `ttl − margin`. If its clock
//! rate differs from the database's by at most ρ, that falls no later than `send + (ttl −
//! margin)(1 + ρ)`, which is at most `send + ttl ≤ D` whenever `margin ≥ ρ·ttl/(1 + ρ)` (the
//! default 1 s of 10 s covers ρ up to 11 %). A new holder can claim the row only after `D`.
//! So no two holders serve under one worker id at once.
//!
//! *In value, whatever the timing.* The old holder serves no timestamp above the last mark it
//! wrote successfully; marks in the row only grow; the new holder serves none at or below
//! that mark + max_clock_skew. Their ids lie in disjoint ranges of timestamps. This covers
//! what timing cannot: a holder stopped between its deadline check and its output (a pause,
//! `SIGSTOP`, a suspended VM), and a renewal whose commit the holder never heard about (the
//! row's mark is then above its ceiling, which is safe).
//!
//! # Failure modes
//!
//! - **A holder dies** (crash, `SIGKILL`, lost host): its worker id is free ttl after its
//!   last renewal; the next holder starts above its mark.
//! - **The server stops answering without closing the connection** (a stopped process): no
//!   TCP or statement timeout fires, so the renewal thread waits; `generate` expires as
//!   above, and `acquire`, `release` and drop give up after twice the ttl
//!   ([`LeaseError::Unanswered`]), leaving the thread to finish and release on its own.
//! - **The server is unreachable, restarts, or the table is locked**: renewals fail and are
//!   retried; `generate` returns `AheadOfLease` once the clock passes the last mark, then
//!   `LeaseExpired` past the deadline; once a renewal succeeds with the token still in the
//!   row, it serves again.
//! - **PgBouncer** in transaction pooling mode works: each statement is a transaction of its
//!   own and goes as one unnamed statement in one round trip, and table creation is one
//!   explicit transaction. Session pooling works too. The statement timeout travels in the
//!   `options` startup parameter: if the pooler refuses it, list `options` in its
//!   `ignore_startup_parameters` and set `statement_timeout` on the role instead.
//! - **Failover to a replica that lost the last commits** (asynchronous replication): the
//!   row can go back. A lost acquisition shows as another token: the next renewal finds no
//!   row and the lease is lost (safe). Lost renewals leave an earlier `expires_at` and mark:
//!   another process may claim the row while the holder still serves, until its next
//!   renewal finds the new token (at most ttl/3 later). Their ids stay apart as long as the
//!   lost commits span at most `max_clock_skew` (the new floor is that far above the stale
//!   mark). Not covered: a replica further behind; use synchronous replication, or a larger
//!   `max_clock_skew`.
//! - **Clock skew between hosts** does not affect uniqueness (ranges of timestamps are
//!   compared as numbers) nor the deadline (the database's clock and each holder's boot
//!   clock rate). A new holder whose clock is behind the previous holder's mark serves ahead
//!   of its clock until it catches up, so the time in its ids is that much late to the
//!   truth. A wall clock stepped forward on the holder meets the ceiling until the next
//!   renewal raises it.
//! - **PostgreSQL advisory locks** are the simpler variant (not built here): each process
//!   holds `pg_try_advisory_lock` on a worker id for the life of its session, with no table.
//!   There is no expiry the holder can see: a holder cut off from the server keeps serving
//!   while the server, once it notices the dead session, hands the id to another. There is no
//!   fencing number and no mark, so a take-over within a burst's lead can repeat ids, and a
//!   transaction pooler cannot hold a session lock at all.
//!
//! # The table, for migrations
//!
//! The library runs this (for the default name) when the table is missing; a table that
//! exists is used as it is, after checking its columns (other columns are allowed). The
//! role needs `SELECT` and `UPDATE` on it, and to create it, `CREATE` on the schema.
//!
//! ```sql
//! CREATE TABLE IF NOT EXISTS "snowflake_worker_lease" (
//!     worker_id     smallint    PRIMARY KEY CHECK (worker_id BETWEEN 0 AND 1023),
//!     token         bigint,
//!     generation    bigint      NOT NULL DEFAULT 0,
//!     owner_host    text,
//!     owner_pid     integer,
//!     acquired_at   timestamptz,
//!     expires_at    timestamptz NOT NULL DEFAULT '-infinity',
//!     high_water_ms bigint      NOT NULL DEFAULT 0
//! );
//! CREATE INDEX IF NOT EXISTS "snowflake_worker_lease_expires_at_idx" ON "snowflake_worker_lease" (expires_at, worker_id);
//! INSERT INTO "snowflake_worker_lease" (worker_id)
//!     SELECT generate_series(0, 1023) ON CONFLICT DO NOTHING;
//! ```

#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod config;
mod error;
mod event;
mod generator;
mod renewal;
mod table;

pub use config::LeaseConfig;
pub use error::{Error, LeaseError};
pub use event::LeaseEvent;
pub use generator::{LeaseState, LeasedGenerator};
