//! A failover to an asynchronous replica that lacks the last commits, on real MariaDB servers:
//! a primary writing a binary log and a replica following it over TCP, and holders that
//! connect through a TCP forwarder in front of the primary, as an application behind a virtual
//! IP or a proxy does; the forwarder moves to the replica once it is promoted.
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
//! 4. The primary is killed (`SIGKILL`), the replica started again and promoted (`STOP
//!    SLAVE; RESET SLAVE ALL`, `read_only` off), the forwarder pointed at it, and newcomers B
//!    claim through it at once, while every A is still inside its local deadline, and serve
//!    flat out past every ceiling an A can hold.
//! 5. No (worker id, millisecond) may be served by an A and a B both.
//!
//! The A's learn of the failure at their next renewal (up to ttl/3 after the kill), retry
//! every ttl/20 while no server takes writes, and then land on the promoted server. An A whose
//! claim never reached the replica finds its token gone there: its lease is lost. An A whose
//! claim did reach it loses its lease the same way if a B claimed the row first; if its retry
//! gets there first, the token still in the row proves nobody claimed it on that server, and
//! the A holds the row again, while the B's find the row held. Each A is checked against what
//! became of its row.
#![cfg(unix)]
mod failover_support;
mod mysql_common;

use failover_support::{FREE, Rows, Servers};
use mysql::Conn;
use mysql::prelude::Queryable;
use mysql_common as store;
use mysql_common::{create_table, hold_all_but, sql};
use test_support::mariadb::{Forwarder, Server};

/// `worker_id -> (expires_at <= now, high_water_ms, generation)` for `ids`.
fn rows(conn: &mut Conn, table: &str, ids: &[u16]) -> Rows {
    let list: Vec<String> = ids.iter().map(u16::to_string).collect();
    conn.query_map(
        format!(
            "SELECT worker_id, expires_at <= UTC_TIMESTAMP(3), high_water_ms, generation \
             FROM {table} WHERE worker_id IN ({})",
            list.join(",")
        ),
        |(worker_id, expired, mark, generation): (u16, bool, i64, i64)| {
            (worker_id, (expired, mark, generation))
        },
    )
    .unwrap()
    .into_iter()
    .collect()
}

/// A primary writing a binary log, a replica following it, and the forwarder the holders
/// connect through, with the test's own connections to the servers while it has them.
struct Mariadb {
    on_primary: Option<Conn>,
    on_replica: Option<Conn>,
    forwarder: Forwarder,
    replica: Server,
    primary: Server,
}

impl Servers for Mariadb {
    fn set_up(table: &str) -> (Self, String) {
        let primary = Server::start_primary(&[]);
        let replica = Server::replica_of(&primary);
        primary.create_database("app");
        // What moves with the primary: the holders' one address.
        let forwarder = Forwarder::start("127.0.0.1", primary.port());
        let both = format!("mysql://root@127.0.0.1:{}/app", forwarder.port());
        create_table(&both, table);
        let mut on_primary = sql(&primary.url("app"));
        hold_all_but(&mut on_primary, table, &FREE);
        let servers = Mariadb {
            on_primary: Some(on_primary),
            on_replica: None,
            forwarder,
            replica,
            primary,
        };
        (servers, both)
    }

    fn stop_replica(&mut self) {
        self.replica.catch_up(&self.primary);
        self.replica.shutdown();
    }

    fn rows_on_primary(&mut self, table: &str, ids: &[u16]) -> Rows {
        rows(&mut self.on_primary.take().unwrap(), table, ids)
    }

    fn kill_primary(&mut self) {
        self.primary.kill();
    }

    fn start_replica_again(&mut self) {
        self.replica.start_again();
    }

    fn rows_on_replica(&mut self, table: &str, ids: &[u16]) -> Rows {
        let on_replica = self.on_replica.insert(sql(&self.replica.url("app")));
        rows(on_replica, table, ids)
    }

    /// Promotion is `STOP SLAVE; RESET SLAVE ALL` and `read_only` off, done when it returns;
    /// the forwarder then moves to the replica.
    fn promote_then<R>(&mut self, newcomers: impl FnOnce() -> R) -> R {
        self.replica.promote();
        self.forwarder.point_at(self.replica.port());
        let result = newcomers();
        drop(self.on_replica.take());
        result
    }
}

#[test]
fn a_failover_to_a_replica_that_lacks_the_last_commits_gives_no_duplicate() {
    failover_support::failover_test::<Mariadb>();
}
