//! Snowflake worker ids leased from a store, so that no two live generators share one: a
//! PostgreSQL or MySQL/MariaDB table for generators on many hosts, or a directory for the
//! processes of one host. The ids are those of [`snowflake`] (package `tick-snowflake`).
//!
//! # Which store for which deployment
//!
//! | deployment | store (feature) | location | what it guarantees | what it needs |
//! |---|---|---|---|---|
//! | one process | none: [`SnowflakeIdGenerator::new`](snowflake::SnowflakeIdGenerator::new) | | unique ids within the process | a worker id of its own |
//! | one host's processes: a prefork server's workers, a process pool, containers sharing a volume on one node | [a directory](#one-hosts-processes-a-directory) (`file`) | `file:/var/lib/app/worker-ids` | no two live processes of the host share a worker id; a dead process's worker id is free at once, and its successor starts above every id it served | a local filesystem every process can write (not NFS, SMB or FUSE); Linux (macOS and FreeBSD: built, not run by the tests; not Windows) |
//! | many hosts with PostgreSQL | [a table](#postgresql) (`postgres`, the default) | `postgresql://app@db/app` | no two live holders anywhere share a worker id, through crashes, network faults, a failover and an operator's reset of the table | PostgreSQL; the role's `SELECT` and `UPDATE` on the table |
//! | many hosts with MySQL or MariaDB | [a table](#mysql-and-mariadb) (`mysql`) | `mysql://app@db:3306/app` | the same | MariaDB 10.6 or later (tested on 10.11), or MySQL 8.0 or later (not run by the tests); InnoDB |
//! | several hosts, each with a directory | a directory each, with disjoint [`worker_ids`](LeaseConfig::worker_ids) | `file:…` and `96-127` | unique while the ranges are disjoint | a range per host (for Kubernetes, see [a directory](#one-hosts-processes-a-directory)) |
//!
//! Every store runs the [protocol](#protocol) below; what each supplies (its clock, its lock,
//! its fencing token) is in its section. A user of one store builds no other store's client.
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
//! The store's client (the synchronous `postgres` client, the blocking `mysql` client, or
//! files), on one thread per generator with a connection of its own. The acquire runs on that
//! thread too, and its result comes back through a channel: the synchronous `postgres` client
//! starts a runtime of its own and would panic on a thread that is inside a tokio runtime, so
//! [`LeasedGenerator::acquire`] works from any thread, async or not, and nothing depends on
//! the caller's async runtime. `acquire` blocks the calling thread for a
//! few statements and about [`max_clock_skew`](LeaseConfig::max_clock_skew) (1 s by
//! default), `release` and drop for a statement, never more than the
//! [acquire timeout](LeaseConfig::acquire_timeout) (in async code, call them from a blocking
//! task); `generate` never touches the network.
//!
//! # Protocol
//!
//! Times below are Unix milliseconds. `now` is the store's clock: `now()` on a PostgreSQL
//! server, `UTC_TIMESTAMP(3)` on MySQL and MariaDB, this host's wall clock for a directory. The
//! text below says "the table" and "the database" for the database stores; a directory keeps
//! the same fields in one file per worker id (see its section).
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
//! `Forked`; lost, `LeaseLost`; boot clock at or past the deadline, `LeaseExpired` (these two
//! checked whenever the wall clock is read, at least once a millisecond, the deadline with a
//! millisecond to spare: see [The clock](LeasedGenerator#the-clock)); then the
//! id at `max(clock, floor)`, refused with `AheadOfLease` if its timestamp is above the
//! ceiling (the id is used up, not served). The ceiling too is checked with each reading of
//! the wall clock: the ids until the next reading have the millisecond that passed, and the
//! ceiling only rises. While renewals fail, a stalled holder meets
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
//!
//! # PostgreSQL
//!
//! Feature `postgres` (on by default).
//!
//! Connections follow libpq's `sslmode` and `sslrootcert`: rustls with the ring provider,
//! pure Rust, no system library. The default, `prefer`, encrypts when the server offers TLS
//! but checks no certificate; against anyone who can intercept the connection use
//! `sslmode=verify-full sslrootcert=/path/to/ca.pem` (or `sslrootcert=system`). Managed
//! services that refuse plain connections need at least `require`. Unix sockets never use
//! TLS.
//!
//! The location is a libpq connection string: a URL
//! (`postgresql://user@host/db?sslmode=verify-full`) or `key=value` pairs
//! (`host=/run/postgresql dbname=app`; a `host` starting with `/` is a Unix socket
//! directory), with libpq's quoting (`'…'`, `\`) and percent-encoding. It is parsed at
//! acquire by [`postgres::Config`]'s `FromStr` but for the two TLS keys, which the lease reads
//! itself:
//!
//! - `sslmode`, as in libpq:
//!   - `disable`: no TLS.
//!   - `prefer` (the default), or `allow`: TLS when the server offers it, a plain connection
//!     when it declines. The server's certificate is not checked unless root certificates
//!     are given (then as with `verify-ca`): this keeps out passive eavesdroppers only, since
//!     anyone on the path can answer "no TLS" or present a certificate of their own. `allow`
//!     tries TLS first too (libpq tries a plain connection first). A failed handshake is an
//!     error, not a fallback to a plain connection.
//!   - `require`: TLS or an error (`server does not support TLS`); the certificate is not
//!     checked, unless root certificates are given (then as with `verify-ca`, as in libpq).
//!   - `verify-ca`: TLS, and the server's certificate must chain to a root certificate
//!     (within its dates, for server authentication); its host names are not checked.
//!   - `verify-full`: as `verify-ca`, and the certificate must name the `host` connected to
//!     (a DNS name, or an IP address for a `host` written as one). Use this one against
//!     anyone able to intercept the connection; with `hostaddr`, `host` is the name checked.
//! - `sslrootcert`: a PEM file of the root (CA) certificates to trust; or `system`, the
//!   operating system's trust store (on Linux OpenSSL's files, `SSL_CERT_FILE` and
//!   `SSL_CERT_DIR` honoured), which, as in libpq, makes `verify-full` the default and
//!   refuses the other modes. Not given: libpq's `~/.postgresql/root.crt` if it exists.
//!   Read at acquire: a file that is missing, or holds no certificate, fails acquire.
//!
//! Over a Unix socket, `sslmode` is ignored, as in libpq: the server offers no TLS there.
//! TLS is rustls's (TLS 1.2 and 1.3): it reads host names from the certificate's
//! `subjectAltName` only (not the common name) and refuses a CA certificate as a server's,
//! so a self-signed server certificate fails `verify-ca`; sign it with a CA. Client
//! certificates (`sslcert`, `sslkey`) and revocation lists (`sslcrl`) are refused, naming
//! the key; so is any key `postgres` does not know. Errors name the key and its value,
//! never the rest of the string, which may hold a password.
//!
//! The lease adds to it: a connect timeout and a `tcp_user_timeout` of at most the renewal
//! interval (ttl/3, at most 3.3 s), TCP keepalives, `statement_timeout` (through `options`)
//! of the same, and the `application_name` `snowflake-lease` unless one is given.
//!
//! The store's clock is `now()` on the server, its lock `FOR UPDATE SKIP LOCKED` in the claim,
//! its fencing token the row's `token` (and `generation`), its expiry `expires_at` on the
//! server's clock. The table, its creation and what an operator may do to it are above.
//!
//! # MySQL and MariaDB
//!
//! Feature `mysql`: the same lease, the same protocol and guarantees, from a table on a
//! MySQL (8.0 or later) or MariaDB (10.6 or later) server. Its tests run on MariaDB 10.11
//! (Debian 12's), a replica and a failover included; no MySQL server is run by them: the SQL
//! keeps to what both document, and the parts only MySQL takes (`max_execution_time`, its
//! version string) are checked as text only.
//!
//! ```no_run
//! # #[cfg(feature = "mysql")] {
//! use snowflake_lease::{LeaseConfig, LeasedGenerator};
//!
//! let config = LeaseConfig::new(
//!     "mysql://app:secret@db.internal:3306/app?ssl-mode=VERIFY_IDENTITY&ssl-ca=/etc/ssl/db-ca.pem",
//! );
//! let generator = LeasedGenerator::acquire(&config)?; // creates app.snowflake_worker_lease
//! println!("{}", generator.generate()?);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **The URL**: `mysql://user:password@host:port/database?key=value&…`, or `mariadb://`; the
//! port defaults to 3306, the host may be a name, an IPv4 address or `[an IPv6 address]`, and
//! the user, password, database and values are percent-decoded (a `/` in a password is
//! `%2F`). The keys, each at most once (`ssl_mode` is `ssl-mode`):
//!
//! - `ssl-mode`: `DISABLED`, `PREFERRED` (the default, as for MySQL's own client),
//!   `REQUIRED`, `VERIFY_CA`, `VERIFY_IDENTITY`, in any case;
//! - `ssl-ca`: a PEM file of the authority that signed the server's certificate (alone, it
//!   makes the mode `VERIFY_CA`, as in MySQL's client); read at acquire, so a missing or
//!   empty file is an error then;
//! - `socket`: the server's Unix socket, in place of host and port
//!   (`mysql://app@/app?socket=/run/mysqld/mysqld.sock`).
//!
//! Any other key is refused, naming it ([`LeaseError::MysqlUrl`]): client certificates
//! (`ssl-cert`, `ssl-key`) are not supported, nor `ssl-capath`, revocation lists, or cipher
//! and version choices. Errors never repeat the password.
//!
//! **TLS** is rustls with the ring provider, pure Rust, as for PostgreSQL:
//!
//! | ssl-mode | `ssl-ca` | the server's certificate |
//! |---|---|---|
//! | `DISABLED` | ignored | no TLS |
//! | `PREFERRED`, `REQUIRED` | none | not checked: encrypts only |
//! | `PREFERRED`, `REQUIRED` | given | chain checked, as `VERIFY_CA` |
//! | `VERIFY_CA` | needed | chain checked, host name not |
//! | `VERIFY_IDENTITY` | needed | chain and host name checked |
//!
//! `PREFERRED` falls back to a plain connection only when the server offers no TLS, never
//! when a certificate is refused. A Unix socket never uses TLS. Two things come from the
//! client and differ from MySQL's own: the certificates it trusts are those of `ssl-ca`
//! *and* the public authorities of Mozilla's list built into it (webpki-roots), so
//! `VERIFY_CA` also accepts a certificate any public authority issued, for any name — against
//! an attacker who can intercept the connection, use `VERIFY_IDENTITY`, which checks the
//! name; and the client takes rustls's process-wide provider, so the store installs ring
//! there when the application has installed none (with both of rustls's providers built in,
//! rustls would otherwise pick neither).
//!
//! **What the store supplies** to the protocol above: its clock is `UTC_TIMESTAMP(3)` on the
//! server (milliseconds as `TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00',
//! UTC_TIMESTAMP(3)) DIV 1000`, whatever the session's time zone, which is set to UTC
//! anyway); its lock `SELECT … ORDER BY expires_at, worker_id LIMIT 1 FOR UPDATE SKIP LOCKED`
//! then the `UPDATE`, in one transaction; its fencing token the row's `token` and
//! `generation`; its expiry `expires_at`, a `DATETIME(3)` in UTC, `1000-01-01` when free
//! (MySQL has no `-infinity`). The cap and the ceiling are PostgreSQL's:
//! `GREATEST(mark, LEAST(asked, now + lead))`, ceiling `LEAST(mark, now + lead)`. A renewal is
//! one transaction in one round trip (`START TRANSACTION; UPDATE …; SELECT …; COMMIT`); a
//! claim two. Each connection sets `time_zone = '+00:00'`, the SQL mode
//! (`STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION`), `innodb_lock_wait_timeout` and
//! `lock_wait_timeout` (the renewal interval, in whole seconds, at least 1) and
//! `max_statement_time` (MariaDB) or `max_execution_time` (MySQL) of the renewal interval; the
//! client's connect, read and write timeouts are the renewal interval too, so a server that
//! stops answering holds the renewal thread no longer than that (a stopped server process
//! that still takes bytes is the one case, as for PostgreSQL, that only
//! [`Unanswered`](LeaseError::Unanswered) bounds). A missing table is created once, under
//! `GET_LOCK` on a name made from the table's (so that processes starting together create it
//! once: only the one that did reports [`LeaseEvent::TableCreated`]); then its engine
//! (InnoDB, [`LeaseError::TableEngine`]), its columns ([`LeaseError::TableShape`]) and the
//! user's `SELECT` and `UPDATE` on it ([`LeaseError::Privilege`]) are checked. The table is
//! named `name` (in the URL's database) or `database.name`, and every event and message names
//! it `database.name`. A server older than MariaDB 10.6 or MySQL 8.0 (no `SKIP LOCKED`) is
//! refused ([`LeaseError::ServerVersion`]).
//!
//! **The client** is the `mysql` crate (blocking), on the lease's own thread as the
//! `postgres` client is, with its socket's read, write and connect timeouts: no async runtime
//! at all. Against sqlx's MySQL driver, measured on this workspace (a debug build on two
//! busy cores, the PostgreSQL store's 78 crates and 17 s as the base): `mysql` 28 adds 73
//! crates and 16 s; sqlx-mysql 0.8 adds 90 crates (`rsa` among them) and 14 s, and needs a
//! tokio runtime on the lease's thread; sqlx-mysql 0.9 adds 57 crates and 12 s but needs
//! Rust 1.94, above this crate's 1.89. The builds cost about the same; `mysql` is the one
//! that blocks, as the renewal thread needs, and builds with this crate's Rust. Both clients
//! trust the public authorities besides `ssl-ca` (see TLS above).
//!
//! **The table, for migrations** (the library runs this, for the default name in the URL's
//! database `app`, when the table is missing; a table that exists is used as it is, after the
//! checks above; other columns are allowed):
//!
//! ```sql
//! CREATE TABLE IF NOT EXISTS `app`.`snowflake_worker_lease` (
//!     worker_id     SMALLINT     NOT NULL PRIMARY KEY CHECK (worker_id BETWEEN 0 AND 1023),
//!     token         BIGINT       NULL,
//!     generation    BIGINT       NOT NULL DEFAULT 0,
//!     owner_host    VARCHAR(255) NULL,
//!     owner_pid     INT          NULL,
//!     acquired_at   DATETIME(3)  NULL,
//!     expires_at    DATETIME(3)  NOT NULL DEFAULT '1000-01-01 00:00:00.000',
//!     high_water_ms BIGINT       NOT NULL DEFAULT 0,
//!     INDEX expires_at_worker_id (expires_at, worker_id)
//! ) ENGINE = InnoDB;
//! INSERT IGNORE INTO `app`.`snowflake_worker_lease` (worker_id)
//!     WITH RECURSIVE n (i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 31)
//!     SELECT a.i * 32 + b.i FROM n AS a CROSS JOIN n AS b;
//! ```
//!
//! The user needs `SELECT` and `UPDATE` on it, and to create it, `CREATE` and `INSERT` on
//! the database. Operating it is as for PostgreSQL ([Operating the
//! table](#operating-the-table)), in MySQL's words: free a worker id with `UPDATE
//! snowflake_worker_lease SET expires_at = '1000-01-01' WHERE worker_id = 3`; refill after a
//! `TRUNCATE` or `DELETE` with the `INSERT` above; count the held rows with `SELECT count(*)
//! FROM snowflake_worker_lease WHERE expires_at > UTC_TIMESTAMP(3)` (`expires_at` is UTC:
//! compare it with `UTC_TIMESTAMP()`, not `NOW()`, in a session of another time zone).
//!
//! **Where MySQL and MariaDB differ from PostgreSQL:**
//!
//! - **Replication and failover.** Asynchronous replication loses the last commits on a
//!   failover, as PostgreSQL's does, and is covered the same way (a new holder's floor is
//!   above the promoted server's clock plus the lead and the skew; the servers' clocks must be
//!   within `skew`). The client takes one host: point the URL at whatever moves with the
//!   primary (a virtual IP, a DNS name, a proxy such as ProxySQL or MaxScale), and keep the
//!   replicas `read_only` so that nothing writes there before the promotion.
//!   `tests/mysql_failover.rs` runs this on two MariaDB servers: a replica stopped behind the
//!   primary by more than a ttl, the primary killed, the replica promoted (`STOP SLAVE; RESET
//!   SLAVE ALL`, `read_only` off) behind a forwarder, and newcomers claiming beside the old
//!   holders; no id is served twice.
//! - **Galera Cluster and Group Replication in multi-primary mode** are not supported: row
//!   locks are local to each node, so two claims on two nodes can take one row, and one of
//!   them fails only at commit. Send every holder to one node (single-primary mode, or a
//!   proxy that writes to one node); then it is as above.
//! - **`lower_case_table_names`**: names are folded to lower case (see
//!   [`LeaseConfig::table`]); on a server where it is 0 (Linux's default), a table or
//!   database created in another case is another table; the URL's database is used as
//!   written.
//! - **The time zone**: `expires_at` holds UTC, since every session of the lease sets it;
//!   hand-written statements should compare it with `UTC_TIMESTAMP()`.
//! - **Statement-based binary logging** replicates the statements as they are: their clock
//!   travels with them, and the lease's statements are deterministic given it.
//!
//! # One host's processes: a directory
//!
//! ```no_run
//! use snowflake_lease::{LeaseConfig, LeasedGenerator};
//!
//! // In each process of the host (a prefork server's workers, a process pool, containers
//! // that share the directory as a volume), after any fork.
//! let config = LeaseConfig::new("file:/var/lib/app/worker-ids");
//! let generator = LeasedGenerator::acquire(&config)?;
//! println!("{}", generator.generate()?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Feature `file`: worker ids leased without any server, for the processes of one host. The
//! directory holds one slot file per worker id, `worker-0042.lease`, made on first use. It
//! must exist and be writable by every process that leases from it (one user, or a group
//! with write permission on the directory and its files): acquire never creates it, so that
//! a misspelt path cannot become a second store handing out the same worker ids.
//! `file:/path`, `file:///path` and `file://localhost/path` name one directory, a relative
//! path is taken from the working directory, and a symbolic link to the directory is the
//! directory. [`LeaseConfig::table`] and [`LeaseConfig::create_table`] do not apply.
//!
//! **What the store supplies** to the [protocol](#protocol) above, whose words then read: the
//! row is the slot file, the database's clock (the store's clock, in messages such as
//! [`LeaseError::AllHeld`]'s) is this host's.
//!
//! - Its clock is this host's wall clock, read by each holder ([`LeaseState::clock_ahead_ms`]
//!   is about 0).
//! - Its lock is an exclusive `flock` on the slot file, taken without waiting. The kernel
//!   drops it the moment the holder's process ends, however it ends (a crash, `SIGKILL`, the
//!   OOM killer): a dead holder's worker id is free at once. There is no expiry.
//! - Its fencing token is the claim's random token, written in the file, and the file
//!   itself: at every renewal the holder checks that the path still names the file it locked
//!   (the same device and inode) and that the file carries no other token.
//! - The mark is in the slot file, written and made durable (`fdatasync`) before any id up to
//!   it is served, and capped as the database stores cap it: the mark written is `max(old
//!   mark, min(asked, now + lead))`, the ceiling `min(mark, now + lead)`.
//!
//! **Claim**: the worker ids of [`LeaseConfig::worker_ids`] are tried in order, and the first
//! whose slot file this process can lock, and whose mark is at most the lead and the skew
//! above the host's clock, is claimed: a new token, the next generation, this process's id
//! and host name, and a mark of at least the clock plus the lead, written durably. Those
//! another process holds count as held; free ones whose mark is further ahead are passed over
//! ([`LeaseEvent::Acquired`] counts them, [`LeaseError::AllHeld`] too when none is left).
//! The floor, the wait for the first ceiling (about the skew) and the renewals are the
//! protocol's. **Release** (or drop) unlocks the file and keeps its mark.
//!
//! **The ttl** is not how long a lock lasts (as long as its process) but how long a holder
//! serves on while its renewals fail, the disk full or failing: it stops at its deadline, ttl
//! − margin after the last renewal that succeeded, and serves again once one succeeds.
//! Renewals, every ttl/3 (at least every 3.3 s), each write a record and `fdatasync` it.
//!
//! **The slot file** holds two records of 256 bytes, A at offset 0 and B at 256, written in
//! turn (an even sequence number to A, an odd one to B): a write torn by a crash or a full
//! disk leaves the other one to read. Each is one line of text, for `cat`:
//!
//! ```text
//! lease-v1 seq=7 mark_ms=1767225600000 token=9f86d081884c7d65 generation=3 pid=4242 acquired_ms=1767225593334 host=web-1 crc=ac110c1b
//! ```
//!
//! padded with spaces to 255 bytes and a newline, where `crc` is the CRC-32C of what comes
//! before ` crc=`, in 8 hex digits. The valid record with the higher `seq` is the file's; a
//! file with none (empty, cut short, garbage) holds no mark. A claim fills a short file out
//! to both records, so that later writes overwrite blocks already allocated. `pid`, `host`
//! and `acquired_ms` (the claim's time) are for operators; `lslocks` (or `fuser`) lists the
//! processes that hold the files' locks now. There is nothing to free by hand: a dead
//! holder's lock is gone with it, and a stopped one's goes when it is killed.
//!
//! **Why no id is served twice**, as for the database stores, with one clock: a new holder's
//! floor is above the host's clock at its claim, read once the lock is held, plus the lead
//! and the skew. An earlier holder of the worker id serves only up to its ceiling, at most the
//! lead above the clock it read before its last check that the path still named its file; a
//! newcomer can lock that path only once the earlier holder's process has ended or the file
//! was deleted or replaced, after that check. So the earlier holder's ids are below the
//! newcomer's, whatever the file says. The marks add what the clock cannot: after a step
//! back of the clock, a newcomer still starts above the mark left in the file. What this
//! rests on:
//!
//! - one kernel: every process that leases from the directory runs on this host. Containers
//!   on one host share its kernel, and so its locks, through a volume of the host (a
//!   `hostPath` or a bind mount of one directory). A directory shared by several hosts is not
//!   supported, and network filesystems are refused (below), as are the volumes of sandboxes
//!   with a kernel of their own (gVisor, Kata Containers), which reach them over 9P or
//!   virtiofs (FUSE);
//! - the host's clock not stepped back by more than the skew at the same moment a slot file is
//!   deleted, emptied or replaced (a step back alone is covered by the marks, below);
//! - a local filesystem that keeps what `fdatasync` made durable.
//!
//! **Faults, and what happens:**
//!
//! - **A holder dies** (a crash, `SIGKILL`, the OOM killer): its worker id is free at once;
//!   the next holder starts above its mark, and above the clock plus the lead and the skew.
//! - **A holder stopped** (`SIGSTOP`, a frozen container) keeps its lock, and nobody takes its
//!   worker id; continued, it serves on, after a renewal if its deadline passed meanwhile.
//! - **A holder killed in the middle of a write**, or the host losing power: the other record
//!   holds the mark before it, and no id above a mark was served before it was durable. A
//!   holder killed between making a new slot file and its first write leaves it empty: no
//!   mark, and the next holder's floor is above the clock all the same.
//! - **The host's clock stepped back between two holders of one worker id**: the second
//!   starts above the mark the first left. If that mark is more than the lead and the skew
//!   above the clock, the worker id is passed over until the clock gets there, and with no
//!   other worker id free, acquire fails with [`LeaseError::AllHeld`], counting it as free
//!   "but with a high-water mark too far ahead of the store's clock", and by how much.
//!   Stepped back or forward while a holder runs: as in [Failure modes](#failure-modes).
//! - **A full disk**: a claim that needs a new block fails, naming the directory, the slot
//!   file and `No space left on device` ([`LeaseError::Directory`]). A holder whose file is
//!   written whole renews in place, disk full or not, on filesystems that overwrite in place
//!   (ext4, xfs, tmpfs); on copy-on-write ones (btrfs, ZFS), which may need a new block for
//!   an overwrite, or once its file was cut short, its renewals fail, it stops at its
//!   deadline, and it serves again once there is room ([`LeaseEvent::LateRenewal`]).
//! - **A missing, unwritable or read-only directory**, or a path that is not a directory:
//!   [`LeaseError::Directory`] at acquire, naming the directory, the slot file and the
//!   reason (`No such file or directory`, `Permission denied`, `Read-only file system`).
//! - **An operator deletes a slot file, or the directory, or puts another file in its place**
//!   (a copy restored, a file moved back): the holder finds out at its next renewal that the
//!   path no longer names the file it locked, and its lease is lost ([`Error::LeaseLost`]);
//!   meanwhile a newcomer may lock a new file at that path, and starts above anything the
//!   holder can still serve. **Truncates or empties it**: it is still the holder's file,
//!   locked, and its next renewal writes the mark again. **Writes another token into it**
//!   (copies another slot's file over it): the holder lets it go at its next renewal (lost),
//!   and a newcomer may claim it.
//! - **A fork after acquire**: the child inherits the open slot file, and with it the lock.
//!   It cannot serve ([`Error::Forked`]); the parent's release unlocks the file for every
//!   process that has it open, but if the parent dies without releasing, the worker id stays
//!   held until the children that inherited it have ended too. Acquire after the fork.
//! - Several generators in one process each claim a worker id of their own.
//!
//! **Unsupported filesystems and systems.** Acquire reads the directory's filesystem
//! (`statfs`) and refuses, with [`LeaseError::UnsupportedFilesystem`], network filesystems
//! (NFS, SMB/CIFS, NCP, AFS, Coda, 9P): their locks are kept by a server or by one client
//! only, a client cut off from the server keeps a lock the server has given to another, and
//! several hosts, each with its own clock, can mount the directory; FUSE (sshfs, s3fs,
//! gcsfuse, GlusterFS): locks and file identities are whatever the daemon makes of them,
//! and remote storage is shared between hosts; cluster filesystems (CephFS, GFS2, OCFS2,
//! Lustre, GPFS): several hosts, several clocks. Local filesystems (ext4, xfs, btrfs, tmpfs,
//! overlayfs, ZFS) are supported. The check reads `f_type` on Linux and Android and
//! `f_fstypename` on macOS and FreeBSD; elsewhere acquire refuses, since it cannot vouch for
//! the lock. On Windows acquire refuses too: the store tells a slot file from one put in its
//! place by its device and inode numbers, which it reads on unix only. Lease from a database
//! there.
//!
//! **Kubernetes.** A host-local store serves the processes of one pod (an `emptyDir` volume
//! shared by its containers), or of the pods of one node (a `hostPath` directory); pods on
//! other nodes need worker ids of their own. In a StatefulSet, each pod's ordinal can pick
//! its range:
//!
//! ```no_run
//! use snowflake_lease::{LeaseConfig, LeasedGenerator};
//!
//! // Pod `ids-5` of the StatefulSet `ids`: ordinal 5, worker ids 160 to 191 (32 processes a
//! // pod, 32 pods at most).
//! let pod = std::env::var("HOSTNAME")?;
//! let ordinal: u16 = pod.rsplit('-').next().unwrap_or_default().parse()?;
//! let first = ordinal.saturating_mul(32);
//! // An ordinal past 31 reaches past worker id 1023: acquire refuses it (`WorkerIds`).
//! let last = first.saturating_add(31);
//! let config = LeaseConfig::new("file:/run/worker-ids").worker_ids(first..=last);
//! let generator = LeasedGenerator::acquire(&config)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A StatefulSet runs at most one pod of each ordinal, except after a pod was deleted by force
//! from a node that cannot be reached (the old pod may still run there, with the same range).
//! Where that can happen, or with a Deployment (no ordinals) or an autoscaler, lease every
//! pod's worker ids from one database table instead.

#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod config;
mod error;
mod event;
mod generator;
mod location;
mod protocol;
mod store;
mod wall_clock;

pub use config::LeaseConfig;
pub use error::{Error, LeaseError};
pub use event::LeaseEvent;
pub use generator::{LeaseState, LeasedGenerator};
