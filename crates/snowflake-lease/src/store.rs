//! What a store of leases supplies to the protocol ([`crate::protocol`]): its statements, its
//! clock, its lock and its fencing token. The protocol — the floor, the cap, the ceiling, the
//! deadline, renewals, retries, events and state — is written once, over [`Store`]; a store
//! is one module that runs its own statements.
//!
//! | store | clock | lock | fencing token | expiry |
//! |---|---|---|---|---|
//! | [`postgres`] | `now()` on the server | `FOR UPDATE SKIP LOCKED` | `token` and `generation` in the row | `expires_at` on the server's clock |
//! | [`mysql`] | `UTC_TIMESTAMP(3)` on the server | `FOR UPDATE SKIP LOCKED` | `token` and `generation` in the row | `expires_at` on the server's clock, in UTC |
//! | [`file`] | the host's wall clock | `flock` on the slot's file | `token` in the file, and the file itself (its device and inode) | none: the kernel frees a dead process's lock |

// A build without any store's feature reads none of what the protocol hands a store.
#![cfg_attr(
    not(any(feature = "postgres", feature = "mysql", feature = "file")),
    allow(dead_code, reason = "no store is built to read these")
)]

use core::ops::RangeInclusive;
use core::time::Duration;

use crate::error::LeaseError;

#[cfg(feature = "file")]
pub(crate) mod file;
#[cfg(feature = "mysql")]
pub(crate) mod mysql;
#[cfg(feature = "postgres")]
pub(crate) mod postgres;
#[cfg(any(feature = "postgres", feature = "mysql"))]
mod sql;

/// A place that hands out worker ids: a table on a database server, or a directory of one
/// host. Each method runs on the renewal thread, which owns the store; a store reconnects
/// (or reopens) by itself when its connection broke.
pub(crate) trait Store: Send {
    /// Where the leases are kept, for events and messages: a table named with its schema
    /// (`public.snowflake_worker_lease`) or database, or a directory.
    fn name(&self) -> &str;

    /// Connects, creates what is missing where that is allowed, and checks the rest: whether
    /// this call created the table (for [`LeaseEvent::TableCreated`](crate::LeaseEvent)).
    fn prepare(&mut self) -> Result<bool, LeaseError>;

    /// Claims a free worker id of `claim.worker_ids`: one whose lease has expired (or, for
    /// the host-local store, whose lock is free) and whose mark is at most `claim.lead_ms +
    /// claim.skew_ms` above the store's clock, the first of them in the store's order.
    /// Writes the token, the next generation and the owner, and a mark of at least the
    /// store's clock plus the lead. `Ok(None)` if none is free.
    fn claim(&mut self, claim: &Claim<'_>) -> Result<Option<Claimed>, LeaseError>;

    /// What the worker ids of `claim.worker_ids` look like when none could be claimed, for
    /// [`LeaseError::AllHeld`].
    fn seen(&mut self, claim: &Claim<'_>) -> Result<Seen, LeaseError>;

    /// If `held` still holds its worker id: extends the lease by `held.ttl`, raises the mark
    /// towards `proposal_ms`, never above the store's clock plus `held.lead_ms` nor below
    /// the mark already there, makes the write durable, and returns the ceiling (the mark,
    /// capped the same way) with the store's clock. `Ok(None)` if the worker id is another
    /// holder's now, or its row, table or file is gone: the lease is lost. `Err` says why
    /// the attempt failed; it is tried again.
    fn renew(&mut self, held: &Held, proposal_ms: u64) -> Result<Option<Renewed>, String>;

    /// Frees the worker id if `held` still holds it, keeping its mark: whether it did.
    fn release(&mut self, held: &Held) -> Result<bool, LeaseError>;
}

/// What every store needs besides its location: its timeouts, and whether it may create the
/// table.
#[cfg_attr(
    not(any(feature = "postgres", feature = "mysql")),
    allow(
        dead_code,
        reason = "the host-local store has no connection and no table"
    )
)]
pub(crate) struct Options {
    /// The connect, network and statement timeout of the renewals: the renewal interval.
    pub(crate) timeout: Duration,
    /// How long a creation of the table may wait for peers creating it: the acquire timeout.
    pub(crate) creation_timeout: Duration,
    /// Whether a missing table is created.
    pub(crate) create_table: bool,
}

/// The parameters of one claim.
pub(crate) struct Claim<'a> {
    /// A random number, written with the claim: each renewal proves with it that nobody held
    /// the worker id in between.
    pub(crate) token: u64,
    /// The owner, for operators: this host's name and this process's id.
    pub(crate) host: &'a str,
    pub(crate) pid: u32,
    /// How long the store grants the lease (stores with an expiry).
    #[cfg_attr(
        not(any(feature = "postgres", feature = "mysql")),
        allow(dead_code, reason = "the host-local store has no expiry")
    )]
    pub(crate) ttl: Duration,
    /// How far above the store's clock any mark may be: [`crate::LeaseConfig::LEAD`].
    pub(crate) lead_ms: u64,
    /// How far the store's clock may go back, or differ between its servers.
    pub(crate) skew_ms: u64,
    /// The worker ids this claim may take.
    pub(crate) worker_ids: RangeInclusive<u16>,
}

/// A worker id claimed.
pub(crate) struct Claimed {
    pub(crate) worker_id: u16,
    /// Incremented by every claim of the worker id: a fencing number, for operators.
    pub(crate) generation: u64,
    /// The mark the worker id held before the claim (0 when it held none, or none that could
    /// be read).
    pub(crate) old_mark_ms: u64,
    /// The store's clock at the claim, in Unix milliseconds.
    pub(crate) now_ms: u64,
    /// Free worker ids passed over because their mark is too far ahead of the store's clock.
    pub(crate) ahead: u32,
}

/// What was seen when no worker id could be claimed; by default, nothing.
#[derive(Default)]
pub(crate) struct Seen {
    /// Worker ids held by live leases.
    pub(crate) held: u32,
    /// Free worker ids another claim had locked at that moment.
    pub(crate) locked: u32,
    /// Free worker ids whose mark is too far ahead of the store's clock.
    pub(crate) ahead: u32,
    /// How far ahead the furthest of those is, in milliseconds.
    pub(crate) ahead_ms: u64,
}

/// A lease held, as a renewal or a release names it.
pub(crate) struct Held {
    pub(crate) worker_id: u16,
    pub(crate) token: u64,
    #[cfg_attr(
        not(any(feature = "postgres", feature = "mysql")),
        allow(dead_code, reason = "the host-local store has no expiry")
    )]
    pub(crate) ttl: Duration,
    pub(crate) lead_ms: u64,
}

/// A renewal that succeeded.
pub(crate) struct Renewed {
    /// The ceiling: the mark now written, capped at the lead above the store's clock.
    pub(crate) ceiling_ms: u64,
    /// The store's clock at the renewal, in Unix milliseconds.
    pub(crate) now_ms: i64,
}
