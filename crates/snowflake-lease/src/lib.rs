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
//! [`SnowflakeIdGenerator`](snowflake::SnowflakeIdGenerator). Log its
//! [events](LeaseConfig::on_event) to see it acquire, renew late, expire, lose and release
//! its worker id.
//!
//! # Runtime
//!
//! The synchronous `postgres` client, on one thread per generator with a connection of its
//! own. The acquire runs on that thread too, and its result comes back through a channel: the
//! synchronous client starts a runtime of its own and would panic on a thread that is inside
//! a tokio runtime, so [`LeasedGenerator::acquire`] works from any thread, async or not, and
//! nothing depends on the caller's async runtime. `acquire` blocks the calling thread for a
//! few statements and about [`max_clock_skew`](LeaseConfig::max_clock_skew) (1 s by
//! default), `release` and drop for a statement, never more than the
//! [acquire timeout](LeaseConfig::acquire_timeout) (in async code, call them from a blocking
//! task); `generate` never touches the network.
//!
//! # TLS
//!
//! Connections follow libpq's `sslmode` and `sslrootcert` (see [`LeaseConfig::new`]): rustls
//! with the ring provider, pure Rust, no system library. The default, `prefer`, encrypts when
//! the server offers TLS but checks no certificate; against anyone who can intercept the
//! connection use `sslmode=verify-full sslrootcert=/path/to/ca.pem` (or
//! `sslrootcert=system`). Managed services that refuse plain connections need at least
//! `require`. Unix sockets never use TLS.
//!
//! # Protocol
//!
//! Times below are Unix milliseconds. `now` is the database's clock (`now()` on the server),
//! `lead` [`LeaseConfig::LEAD`] (6,666 ms, two renewal intervals of the default ttl of 10 s:
//! the same for every holder, whatever its ttl), `skew`
//! [`max_clock_skew`](LeaseConfig::max_clock_skew).
//!
//! **The table** (default `snowflake_worker_lease`; plain or `schema.name`, folded to lower
//! case as PostgreSQL folds a name without quotes, then quoted; a plain name is the table in
//! `public`, whatever the role's `search_path`, see [`LeaseConfig::table`]) has one row per worker id 0
//! to 1023: a random `token` per acquisition, a `generation` incremented per acquisition (a
//! fencing number), the owner's host and pid, `acquired_at`, `expires_at` (on the
//! database's clock; `-infinity` when free) and `high_water_ms`, the high-water mark. If the
//! table is missing, acquire creates it (unless [told not to](LeaseConfig::create_table)) in
//! one transaction under an advisory lock on the table's name, so that processes starting
//! together create it once and the others wait for it (up to the acquire timeout), and
//! reports it ([`LeaseEvent::TableCreated`]); a process that waited reads the catalog again
//! and reports nothing. Then it checks the columns' names and types,
//! and the role's privileges. A table that exists is not altered.
//!
//! **The cap.** Every mark written is at most `now + lead`: the database computes it as
//! `GREATEST(mark, LEAST(asked, now + lead))`, whatever the holder's clock says. A holder
//! serves no id whose timestamp is above its **ceiling**, the mark it last wrote
//! successfully (capped the same way). So no id is ever served with a timestamp above the
//! database's clock, at the moment of the write that allowed it, plus the lead.
//!
//! **Acquire**, in one statement whose cost does not grow with the rows held: lock the row
//! with `expires_at <= now()` that comes first by `(expires_at, worker_id)`, skipping locked
//! rows and rows whose mark is above `now + lead + skew` (a holder could not get above
//! them; they are counted and reported), and write a new token, `generation + 1`, the
//! owner and `expires_at = now() + ttl`. Never-used and released rows, at `-infinity`, come
//! before recently expired ones, so a holder whose lease just lapsed can still renew its
//! own. The new holder's **floor** is `max(old mark + 1, now + lead + skew + 1)`: above
//! whatever the row says, and above anything an earlier holder can still serve even if the
//! row says nothing (see below). Its ids run from there, ahead of its clock by about the
//! lead and the skew until the clock catches up ([`LeaseState::took_over_ahead`]). Its first
//! ceiling comes from a renewal once the database's clock has moved past `floor − lead`,
//! about `skew` after the claim: acquire waits for it. No row to claim:
//! [`LeaseError::AllHeld`] at once, with what was seen (rows held, locked by other
//! claimants, too far ahead).
//!
//! **Renew** every ttl/3, and at least every lead/2 (sooner just after the claim, while the ceiling is held down by
//! the cap): `expires_at = now() + ttl` and the mark raised towards `max(clock, floor) +
//! lead`, capped, where the row still carries the token. Only once the statement has
//! returned: ceiling = the mark returned, deadline = the boot clock read *before* sending +
//! ttl − margin. No row, or no table: another process holds it, or an operator removed it;
//! the lease is lost for good ([`Error::LeaseLost`]). A failed statement or a broken
//! connection: reconnect and retry every ttl/20 (at least 50 ms), keeping the old deadline.
//! If the row still carries the token after the deadline has passed, the renewal succeeds
//! and the generator serves again: same worker id, same sequence, since the token proves
//! nobody held the row in between.
//!
//! **Generate** reads atomics only (a stalled renewal never blocks it): in a forked child,
//! `Forked`; lost, `LeaseLost`; boot clock at or past the deadline, `LeaseExpired`; then the
//! id at `max(clock, floor)`, refused with `AheadOfLease` if its timestamp is above the
//! ceiling (the id is used up, not served). While renewals fail, a stalled holder meets
//! `AheadOfLease` once the clock reaches its ceiling (at most the lead after the last
//! success), and `LeaseExpired` at its deadline (ttl − margin after it), whichever comes
//! first.
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
//! So, while the row is intact, no two holders serve under one worker id at once.
//!
//! *In value, whatever the row says.* Take an earlier holder H and a new holder N of the
//! same worker id, N claiming at database time `t`. H serves only up to its ceiling, which
//! it got from a write at some database time `w` before N's claim (H's later writes find
//! N's token and fail, or find the row gone). The cap makes that ceiling at most `w + lead`:
//! the same lead as N's, since no holder's ttl or setting changes it.
//! If N's server is the one H wrote to, `w ≤ t`; if a failover came between, N's server's
//! clock reads at least `w − skew` at the same instant, so `w ≤ t + skew`. Either way H's
//! ceiling is at most `t + lead + skew`, below N's floor. Their ids lie in disjoint ranges
//! of timestamps. This holds whatever happened to the row in between: an operator who
//! dropped, truncated or refilled the table, freed the row by hand or set its mark to 0, a
//! replica that lost the last commits, a table named in another spelling (it is one table:
//! names are folded). And it covers what timing cannot: a holder stopped between its
//! deadline check and its output (a pause, `SIGSTOP`, a suspended VM), and a renewal whose
//! commit the holder never heard about (the row's mark is then above its ceiling, which is
//! safe). The mark in the row only adds to this: a new holder also starts above it, which
//! matters when the database's clock went back.
//!
//! The price: each new holder serves ahead of its clock, by about the lead and the skew, for
//! that long after its claim, and acquire waits about the skew. The time in its first ids
//! is that much late to the truth.
//!
//! # Failure modes
//!
//! - **A holder dies** (crash, `SIGKILL`, lost host): its worker id is free ttl after its
//!   last renewal; the next holder starts above it.
//! - **The server stops answering without closing the connection** (a stopped process): no
//!   TCP or statement timeout fires, so the renewal thread waits; `generate` expires as
//!   above, and `acquire`, `release` and drop give up after the acquire timeout
//!   ([`LeaseError::Unanswered`]), leaving the thread to finish and release on its own.
//! - **The server is unreachable, restarts, or the table is locked**: renewals fail and are
//!   retried; `generate` returns `AheadOfLease` once the clock passes the last mark, then
//!   `LeaseExpired` past the deadline; once a renewal succeeds with the token still in the
//!   row, it serves again ([`LeaseEvent::LateRenewal`]).
//! - **Failover to a replica that lost the last commits** (asynchronous replication): the
//!   rows go back in time, their claims, renewals and marks lost however far the replica
//!   lagged. Handled (see above): a new holder's floor is above the new primary's clock
//!   plus the lead plus the skew, and every ceiling any holder got from the old primary is
//!   below that as long as the two servers' clocks are within `skew`; the replication lag
//!   does not matter. An old holder notices at its next renewal (up to ttl/3 later), which
//!   fails until a server takes writes again (list both hosts in the connection string with
//!   `target_session_attrs=read-write`), then finds either its token (the row is still its
//!   own: it goes on, [`LeaseEvent::LateRenewal`]) or not (it is lost). Until then it serves
//!   only what its ceiling allows. The ttl bounds how long an old holder rides out the
//!   failover: choose it longer than a failover takes if holders should keep serving
//!   through one. `tests/failover.rs` runs this on real servers: a replica stopped behind
//!   the primary by more than a ttl, the primary killed, the replica promoted, and
//!   newcomers claiming beside the old holders; no id is served twice.
//! - **PgBouncer** in transaction pooling mode works: each statement is a transaction of its
//!   own and goes as one unnamed statement in one round trip, and table creation is one
//!   explicit transaction. Session pooling works too. The statement timeout travels in the
//!   `options` startup parameter: if the pooler refuses it, list `options` in its
//!   `ignore_startup_parameters` and set `statement_timeout` on the role instead.
//! - **Clock skew between hosts** does not affect uniqueness (ranges of timestamps are
//!   compared as numbers on the database's clock) nor the deadline (the database's clock and
//!   each holder's boot clock rate). A holder whose clock is behind the database's serves
//!   ahead of its clock, at its floor, until it catches up. A holder whose clock is ahead of
//!   the database's by more than the lead cannot serve at all (its ids would be above every
//!   ceiling): [`LeaseState::clock_ahead_ms`] shows by how much.
//! - **A wall clock stepped forward on a holder** meets the ceiling until the next renewal
//!   raises it (and, if the step is beyond the lead, for as long as the clock stays wrong).
//!   **Stepped back**, the holder's ids go on from where they were (the clock rule: the
//!   sequence continues at its last millisecond); a holder generating flat out, more than
//!   4,096 ids a millisecond, runs into its ceiling and pauses for about the step, since the
//!   ceiling follows the clock. One generating less is not affected.
//! - **The database's clock stepped back** by more than `skew`: the marks in the rows still
//!   keep new holders above the old ones while the rows are intact; a row reset at the same
//!   time is not covered. Rows whose mark is far above the stepped-back clock are passed
//!   over until the clock gets there.
//! - **PostgreSQL advisory locks** are the simpler variant (not built here): each process
//!   holds `pg_try_advisory_lock` on a worker id for the life of its session, with no table.
//!   There is no expiry the holder can see: a holder cut off from the server keeps serving
//!   while the server, once it notices the dead session, hands the id to another. There is no
//!   fencing number and no mark, so a take-over within a burst's lead can repeat ids, and a
//!   transaction pooler cannot hold a session lock at all.
//!
//! # Choosing the ttl, and what to watch
//!
//! The ttl is how long a dead holder's worker id stays unusable, and how long a live holder
//! rides out a server it cannot reach before it refuses to serve. Longer than your usual
//! server hiccups (a failover, a restart, a long checkpoint), so that holders keep serving
//! through them; shorter than you can afford to wait for worker ids after a crash when all
//! 1,024 are in use. Pauses of the holder itself (GC, a stopped or migrated VM) need no
//! allowance: a paused holder serves nothing it was not already allowed to. The margin
//! covers how much slower than the database's the holder's boot clock may run.
//!
//! Watch [`LeaseEvent::Expired`] and [`LeaseEvent::Lost`] (or [`LeasedGenerator::state`]'s
//! `late_renewals`, `failed_renewals` and `refused`): expiries mean the ttl is shorter than
//! the outages; lost leases mean another process took a worker id over, or an operator
//! touched the table. In the database: how many rows are held
//! (`SELECT count(*) FROM snowflake_worker_lease WHERE expires_at > now()`) against 1,024.
//!
//! # Operating the table
//!
//! Nothing an operator does to the table's rows can make two holders serve the same id (see
//! above), as long as the database's clock is not stepped back by more than `skew` at the
//! same time; at worst, holders lose their leases and acquire again. What that rests on:
//!
//! - the database's clock never goes back by more than `skew` (a reset together with such a
//!   step is not covered: with the clock stepped back 10 s at a `TRUNCATE`, new holders
//!   start below what old ones served), and the clocks of the servers that may hold the
//!   table (a failover) are within `skew` of each other;
//! - every holder of the table runs this protocol: the same lead, whatever its ttl;
//! - for the deadline alone (while the row is intact), each holder's boot clock runs at most
//!   margin/(ttl − margin) slower than the database's.
//!
//! Nothing is assumed of the holders' wall clocks.
//!
//!
//! - **Free a stuck worker id** (a holder you know is dead, before its ttl is over):
//!   `UPDATE snowflake_worker_lease SET expires_at = '-infinity' WHERE worker_id = 3`. If
//!   the holder was alive after all, its next renewal finds its token still there and takes
//!   the row back, or finds another's and stops.
//! - **Reset the marks, truncate, drop**: safe. `TRUNCATE snowflake_worker_lease` followed by
//!   the `INSERT … generate_series` below, or dropping the table (the next acquire creates
//!   it), frees every worker id at once: every live holder's next renewal finds its row gone
//!   and stops ([`Error::LeaseLost`]); new holders start above the database's clock plus the
//!   lead and the skew.
//! - **Move the table** (another schema, another name, another database): point new
//!   processes at the new table; the old holders keep their rows in the old one until they
//!   stop. Ids stay unique if no holder of the old table and no holder of the new one can
//!   share a worker id at the same time: move with a stop of every holder, or give the two
//!   tables disjoint worker ids (delete the rows the other table serves) until the move is
//!   done.
//! - **Rows passed over as too far ahead** (a mark far above the database's clock, from an
//!   operator or from the database's clock stepped back): they serve again when the clock
//!   gets there; or set their mark back, `UPDATE … SET high_water_ms = 0 WHERE worker_id =
//!   …`, which is safe for the same reason as a reset.
//! - The role needs `SELECT` and `UPDATE` on the table, and to create it, `CREATE` on the
//!   schema.
//!
//! # The table, for migrations
//!
//! The library runs this (for the default name) when the table is missing; a table that
//! exists is used as it is, after checking its columns (other columns are allowed). The
//! role needs `SELECT` and `UPDATE` on it, and to create it, `CREATE` on the schema.
//!
//! ```sql
//! CREATE TABLE IF NOT EXISTS "public"."snowflake_worker_lease" (
//!     worker_id     smallint    PRIMARY KEY CHECK (worker_id BETWEEN 0 AND 1023),
//!     token         bigint,
//!     generation    bigint      NOT NULL DEFAULT 0,
//!     owner_host    text,
//!     owner_pid     integer,
//!     acquired_at   timestamptz,
//!     expires_at    timestamptz NOT NULL DEFAULT '-infinity',
//!     high_water_ms bigint      NOT NULL DEFAULT 0
//! );
//! CREATE INDEX IF NOT EXISTS "snowflake_worker_lease_expires_at_idx" ON "public"."snowflake_worker_lease" (expires_at, worker_id);
//! INSERT INTO "public"."snowflake_worker_lease" (worker_id)
//!     SELECT generate_series(0, 1023) ON CONFLICT DO NOTHING;
//! ```

#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod config;
mod error;
mod event;
mod generator;
mod location;
mod protocol;
mod store;

pub use config::LeaseConfig;
pub use error::{Error, LeaseError};
pub use event::LeaseEvent;
pub use generator::{LeaseState, LeasedGenerator};
