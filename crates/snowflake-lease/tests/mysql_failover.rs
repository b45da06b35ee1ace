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

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use failover_support::{
    FOLLOWED, FREE, HolderA, LEAD, PATIENCE, Served, TTL, UNSEEN, config, fill_once,
    holder_a_in_child, wall_ms,
};
use mysql::Conn;
use mysql::prelude::Queryable;
use mysql_common as store;
use mysql_common::{child_role, create_table, hold_all_but, poll, sql};
use snowflake_lease::{Error, LeaseError, LeasedGenerator};
use test_support::mariadb::{Forwarder, Server};
use tick_sequence::boot_clock_ns;

/// `worker_id -> (expires_at <= now, high_water_ms, generation)` for `ids`.
fn rows(conn: &mut Conn, table: &str, ids: &[u16]) -> BTreeMap<u16, (bool, i64, i64)> {
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

/// A newcomer B on the promoted server: claims through `connection`, then serves flat out
/// until it has served above `above_ms` (the highest millisecond any A's ceiling can reach):
/// its worker id, the boot clock when its claim returned, and what it served; `None` if every
/// row was held. Failed attempts are retried and their errors kept in `errors`.
fn newcomer_b(
    connection: &str,
    table: &str,
    above_ms: u64,
    errors: &Mutex<BTreeSet<String>>,
) -> Option<(u16, u64, Served)> {
    let start = Instant::now();
    let generator = loop {
        match LeasedGenerator::acquire(&config(connection, table)) {
            Ok(generator) => break generator,
            Err(LeaseError::AllHeld { .. }) => return None,
            Err(error) => {
                errors.lock().unwrap().insert(error.to_string());
                assert!(start.elapsed() < PATIENCE, "B's acquire: {error}");
                thread::sleep(Duration::from_millis(5));
            }
        }
    };
    let claimed_ns = boot_clock_ns();
    let mut served = Served::default();
    while served.last_ms().is_none_or(|ms| ms <= above_ms) {
        assert!(
            start.elapsed() < PATIENCE,
            "B of worker id {} did not serve above {above_ms} (it served up to {:?}): {:?}",
            generator.worker_id(),
            served.last_ms(),
            generator.state(),
        );
        if let Err(Error::LeaseLost { .. }) = fill_once(&generator, &mut served) {
            panic!("B lost worker id {}", generator.worker_id());
        }
    }
    Some((generator.worker_id(), claimed_ns, served))
}

fn ms_since(start_ns: u64, at_ns: u64) -> i128 {
    (i128::from(at_ns) - i128::from(start_ns)) / 1_000_000
}

#[test]
fn a_failover_to_a_replica_that_lacks_the_last_commits_gives_no_duplicate() {
    if let Some((_, connection, table)) = child_role() {
        holder_a_in_child(&connection, &table);
    }
    // A loaded machine can make the failover outlast the A's deadlines; such a run checks
    // for duplicates all the same, but proves nothing about holders still serving, so it is
    // run again.
    const ATTEMPTS: u32 = 3;
    for attempt in 1..=ATTEMPTS {
        match failover_once() {
            Ok(()) => return,
            Err(why) => eprintln!(
                "attempt {attempt} of {ATTEMPTS} was not a failover beside live holders: {why}"
            ),
        }
    }
    panic!("{ATTEMPTS} attempts in a row were not a failover beside live holders (see above)");
}

/// One failover: `Err` with the reason if it was not one beside live holders (a B claimed
/// after an A's deadline, or an A renewed nowhere while the primary was down), having
/// asserted that no id was served twice.
fn failover_once() -> Result<(), String> {
    let began = Instant::now();
    let table = "failover_lease";
    let primary = Server::start_primary(&[]);
    let mut replica = Server::replica_of(&primary);
    primary.create_database("app");
    // What moves with the primary: the holders' one address.
    let forwarder = Forwarder::start("127.0.0.1", primary.port());
    let both = format!("mysql://root@127.0.0.1:{}/app", forwarder.port());
    create_table(&both, table);
    let mut on_primary = sql(&primary.url("app"));
    hold_all_but(&mut on_primary, table, &FREE);
    let setup = began.elapsed();

    // The first A's claim while the replica follows, and it applies their claims.
    let mut holders: Vec<HolderA> = (0..FOLLOWED)
        .map(|_| HolderA::spawn(&both, table, true))
        .collect();
    replica.catch_up(&primary);
    replica.shutdown();
    let stopped_ms = wall_ms();
    holders.extend((0..UNSEEN).map(|_| HolderA::spawn(&both, table, false)));
    let a_ids: Vec<u16> = holders.iter().map(|a| a.worker_id).collect();
    let mut sorted = a_ids.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, FREE, "the A's hold the free rows");

    // More than a ttl of commits the replica lacks: every expiry it holds is past by then.
    let lag_ms = u64::try_from(TTL.as_millis()).unwrap() + 100;
    poll("the replica falling a ttl behind", PATIENCE, || {
        (wall_ms() > stopped_ms + lag_ms).then_some(())
    });
    let written = rows(&mut on_primary, table, &a_ids);
    drop(on_primary);
    let killed_ns = boot_clock_ns();
    let killed_ms = wall_ms();
    primary.kill();
    let kill_took = ms_since(killed_ns, boot_clock_ns());

    replica.start_again();
    let started = ms_since(killed_ns, boot_clock_ns());
    let mut on_replica = sql(&replica.url("app"));
    let stale = rows(&mut on_replica, table, &a_ids);
    for a in &holders {
        let (expired, mark, generation) = stale[&a.worker_id];
        let (_, written_mark, written_generation) = written[&a.worker_id];
        assert!(
            expired,
            "worker id {}: the replica's lease has expired",
            a.worker_id
        );
        assert!(
            mark < written_mark,
            "worker id {}: the replica's mark {mark} is below the primary's {written_mark}",
            a.worker_id
        );
        let claims_seen = if a.followed { 0 } else { 1 };
        assert_eq!(
            written_generation - generation,
            claims_seen,
            "worker id {}: claims the replica lacks",
            a.worker_id
        );
    }

    // The B's claim the moment the promoted server takes writes, as the A's retry.
    let b_errors = Mutex::new(BTreeSet::new());
    let (promoted_ns, newcomers) = thread::scope(|scope| {
        replica.promote();
        forwarder.point_at(replica.port());
        let promoted_ns = boot_clock_ns();
        // Above every ceiling any A can hold: marks are capped at the lead above the clock.
        let above_ms = killed_ms + u64::try_from(LEAD.as_millis()).unwrap();
        let (both, errors) = (&both, &b_errors);
        let newcomers: Vec<_> = FREE
            .iter()
            .map(|_| scope.spawn(move || newcomer_b(both, table, above_ms, errors)))
            .collect();
        let newcomers: Vec<_> = newcomers
            .into_iter()
            .filter_map(|b| b.join().unwrap())
            .collect();
        (promoted_ns, newcomers)
    });
    drop(on_replica);

    // Every A whose row a B took learns at its next renewal on the promoted server that its
    // lease is lost; then all stop.
    let b_ids: BTreeMap<u16, u64> = newcomers.iter().map(|(id, at, _)| (*id, *at)).collect();
    let mut reports = Vec::new();
    for mut a in holders {
        let expect_lost = !a.followed || b_ids.contains_key(&a.worker_id);
        let lines = if expect_lost {
            a.wait_for("lost_at=", PATIENCE)
        } else {
            Vec::new()
        };
        let (worker_id, followed) = (a.worker_id, a.followed);
        reports.push((worker_id, followed, expect_lost, a.stop(lines)));
    }
    let elapsed = began.elapsed();

    let mut shared_millis = 0;
    let mut shared_ids = 0;
    let mut lines = Vec::new();
    for (worker_id, followed, _, a) in &reports {
        let b = newcomers.iter().find(|(id, ..)| id == worker_id);
        let (millis, ids) = b.map_or((0, 0), |(_, _, served)| a.served.shared_with(served));
        shared_millis += millis;
        shared_ids += ids;
        let first_error = a.errors.first().map(|(at, _)| ms_since(killed_ns, *at));
        lines.push(format!(
            "worker id {worker_id} ({}): A served {} ids in {} ms, up to {} ms ahead of its \
             clock, last {:?} (ceiling {}, {} ms past the kill), deadline {} ms after the kill; first renewal error {first_error:?} \
             ms after the kill; lost {} ({:?} ms after the promotion); B {}; shared with B: {} \
             ms, {} ids",
            if *followed {
                "claim on the replica"
            } else {
                "claim lost"
            },
            a.served.ids(),
            a.served.millis().len(),
            a.ahead_ms,
            a.served.last_ms(),
            a.ceiling,
            i128::from(a.ceiling) - i128::from(killed_ms),
            ms_since(killed_ns, a.deadline_ns),
            a.lost,
            a.lost_at.map(|at| ms_since(promoted_ns, at)),
            b.map_or("none".to_owned(), |(_, at, served)| format!(
                "claimed {} ms after the kill, served {} ids from {:?} ms past the kill",
                ms_since(killed_ns, *at),
                served.ids(),
                served
                    .0
                    .first()
                    .map(|(ms, ..)| i128::from(*ms) - i128::from(killed_ms)),
            )),
            millis,
            ids,
        ));
        for (at, error) in &a.errors {
            lines.push(format!(
                "  {} ms after the kill: {error}",
                ms_since(killed_ns, *at)
            ));
        }
    }
    eprintln!(
        "setup {setup:?}; kill {kill_took} ms; replica up {started} ms after the kill, promoted \
         {} ms after; total {elapsed:?}\n{}\nB's errors before their claims: {:?}",
        ms_since(killed_ns, promoted_ns),
        lines.join("\n"),
        b_errors.lock().unwrap(),
    );

    assert_eq!(
        (shared_millis, shared_ids),
        (0, 0),
        "(worker id, ms) pairs and ids served by an A and a B both"
    );
    for (worker_id, _, _, a) in &reports {
        if a.errors.is_empty() {
            return Err(format!(
                "worker id {worker_id}: the A saw no renewal fail on the killed primary"
            ));
        }
        if let Some(claimed) = b_ids.get(worker_id)
            && *claimed >= a.deadline_ns
        {
            return Err(format!(
                "worker id {worker_id}: the B claimed {} ms after the A's local deadline",
                ms_since(a.deadline_ns, *claimed)
            ));
        }
    }
    for (worker_id, followed, expect_lost, a) in &reports {
        assert!(
            a.served.ids() > 0,
            "worker id {worker_id}: the A served nothing"
        );
        if !followed {
            assert!(
                b_ids.contains_key(worker_id),
                "worker id {worker_id}: the A's claim never reached the replica, yet no B \
                 claimed the row there"
            );
        }
        assert_eq!(
            a.lost, *expect_lost,
            "worker id {worker_id}: whether the A learned its lease lost"
        );
        if !expect_lost {
            assert_eq!(
                a.last_error, "",
                "worker id {worker_id}: the A renews its row on the promoted server"
            );
        }
    }
    for (worker_id, ..) in &newcomers {
        assert!(
            a_ids.contains(worker_id),
            "B claimed worker id {worker_id}, no A's"
        );
    }
    Ok(())
}
