//! A failover to an asynchronous replica that lacks the last commits, on real servers: a
//! primary and a streaming replica made with `pg_basebackup`, both on Unix sockets of their
//! own, and holders that connect through one multi-host connection string
//! (`host=PRIMARY,REPLICA … target_session_attrs=read-write`), as an application behind a
//! managed or self-run failover does.
//!
//! The scenario:
//!
//! 1. A table whose rows are all held but four, so that holders and newcomers meet on the
//!    same worker ids.
//! 2. Holders A serve flat out, each in a child process (this test binary run again), so that
//!    each runs up to its ceiling, the lead ahead of the clock. Two of them claim while the
//!    replica follows; their claims reach it. The replica is then stopped, and two more claim:
//!    their claims never reach it.
//! 3. All four serve for more than a ttl beyond the stop: the replica is that far behind, its
//!    copies of the first two rows carry stale expiries (past by then) and stale marks, and
//!    the last two rows are free there.
//! 4. The primary is killed (`SIGKILL`), the replica started again and promoted, and
//!    newcomers B claim on it through the same connection string at once, while every A is
//!    still inside its local deadline, and serve flat out past every ceiling an A can hold.
//! 5. No (worker id, millisecond) may be served by an A and a B both.
//!
//! What the protocol does there: a B's floor is above the promoted server's clock plus the
//! lead plus the maximum clock skew, so above every ceiling the old primary granted (marks
//! are capped at the lead above the database's clock), whatever stale mark the row holds. A
//! floor taken from the row alone would start the B's at their clock, below the ceilings the
//! A's had run ahead to, and they would serve those milliseconds again.
//!
//! The A's learn of the failure at their next renewal (up to ttl/3 after the kill), retry
//! every ttl/20 while no server takes writes, and then land on the promoted server. An A whose
//! claim never reached the replica finds its token gone there: its lease is lost. An A whose
//! claim did reach it loses its lease the same way if a B claimed the row first (as in most
//! runs); if its retry gets there first, the token still in the row proves nobody claimed it
//! on that server, and the A holds the row again, its mark raised past anything it served,
//! while the B's find the row held. Each A is checked against what became of its row.
#![cfg(unix)]

mod common;
mod failover_support;

use std::thread;

use common as store;
use common::{create_table, poll, sql};
use failover_support::{FREE, PATIENCE, Rows, Servers};
use postgres::Client;
use test_support::postgres::{Cluster, PORT, USER};

/// Marks every row of `table` but those of `free` held for an hour (by a token no generator
/// has), with the marks of all at 0: a holder starts on `free` at its clock, unless the
/// protocol lifts it.
fn hold_all_but(client: &mut Client, table: &str, free: &[u16]) {
    let free: Vec<i16> = free.iter().map(|&id| i16::try_from(id).unwrap()).collect();
    client
        .batch_execute(&format!("UPDATE {table} SET high_water_ms = 0"))
        .unwrap();
    let held = client
        .execute(
            &format!(
                "UPDATE {table} SET expires_at = now() + interval '1 hour', token = 0 \
                 WHERE worker_id <> ALL($1)"
            ),
            &[&free],
        )
        .unwrap();
    assert_eq!(held, 1024 - free.len() as u64, "rows of {table} held");
}

/// `worker_id -> (expires_at <= now(), high_water_ms, generation)` for `ids`.
fn rows(client: &mut Client, table: &str, ids: &[u16]) -> Rows {
    let ids: Vec<i16> = ids.iter().map(|&id| i16::try_from(id).unwrap()).collect();
    client
        .query(
            &format!(
                "SELECT worker_id, expires_at <= now(), high_water_ms, generation FROM {table} \
                 WHERE worker_id = ANY($1)"
            ),
            &[&ids],
        )
        .unwrap()
        .iter()
        .map(|row| {
            let worker_id: i16 = row.get(0);
            (
                u16::try_from(worker_id).unwrap(),
                (row.get(1), row.get(2), row.get(3)),
            )
        })
        .collect()
}

/// Waits until `replica` has replayed everything `primary` has written so far.
fn caught_up(primary: &mut Client, replica: &mut Client) {
    let written: String = primary
        .query_one("SELECT pg_current_wal_lsn()::text", &[])
        .unwrap()
        .get(0);
    poll("the replica replaying the primary's WAL", PATIENCE, || {
        let row = replica
            .query_one(
                "SELECT pg_last_wal_replay_lsn() >= $1::text::pg_lsn",
                &[&written],
            )
            .unwrap();
        row.get::<_, bool>(0).then_some(())
    });
}
/// A primary and its streaming replica, each on a Unix socket of its own, with the test's own
/// connections to them while it has them; the holders' connection names both hosts.
struct Postgres {
    on_replica: Option<Client>,
    on_primary: Option<Client>,
    replica: Cluster,
    primary: Cluster,
}

impl Servers for Postgres {
    fn set_up(table: &str) -> (Self, String) {
        let primary = Cluster::start(&[]);
        let replica = Cluster::replica_of(&primary);
        let both = format!(
            "host={},{} port={PORT} user={USER} dbname=postgres target_session_attrs=read-write",
            primary.socket_dir().display(),
            replica.socket_dir().display()
        );
        create_table(&both, table);
        let mut on_primary = sql(&primary.connection_string("postgres"));
        let on_replica = sql(&replica.connection_string("postgres"));
        hold_all_but(&mut on_primary, table, &FREE);
        let servers = Postgres {
            on_replica: Some(on_replica),
            on_primary: Some(on_primary),
            replica,
            primary,
        };
        (servers, both)
    }

    fn stop_replica(&mut self) {
        let mut on_replica = self.on_replica.take().unwrap();
        caught_up(self.on_primary.as_mut().unwrap(), &mut on_replica);
        drop(on_replica);
        self.replica.stop_fast();
    }

    fn rows_on_primary(&mut self, table: &str, ids: &[u16]) -> Rows {
        rows(&mut self.on_primary.take().unwrap(), table, ids)
    }

    fn kill_primary(&mut self) {
        self.primary.kill_postmaster();
    }

    fn start_replica_again(&mut self) {
        self.replica.start_again();
    }

    fn rows_on_replica(&mut self, table: &str, ids: &[u16]) -> Rows {
        let on_replica = self
            .on_replica
            .insert(sql(&self.replica.connection_string("postgres")));
        rows(on_replica, table, ids)
    }

    /// The promotion runs on a thread of its own; the newcomers start as soon as the replica
    /// has left recovery, while `pg_ctl promote` may still be waiting for it.
    fn promote_then<R>(&mut self, newcomers: impl FnOnce() -> R) -> R {
        let (replica, on_replica) = (&mut self.replica, self.on_replica.as_mut().unwrap());
        thread::scope(|scope| {
            let promotion = scope.spawn(|| replica.promote());
            poll("the promotion", PATIENCE, || {
                let row = on_replica
                    .query_one("SELECT pg_is_in_recovery()", &[])
                    .unwrap();
                (!row.get::<_, bool>(0)).then_some(())
            });
            let result = newcomers();
            promotion.join().unwrap();
            result
        })
    }
}

#[test]
fn a_failover_to_a_replica_that_lacks_the_last_commits_gives_no_duplicate() {
    failover_support::failover_test::<Postgres>();
}
