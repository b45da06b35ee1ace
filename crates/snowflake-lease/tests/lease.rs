//! `LeasedGenerator` against real PostgreSQL servers (test-support's throwaway clusters): many
//! processes claiming at once, a full table, a take-over from a killed holder that had run
//! ahead, a stalled renewal, the ceiling, a stolen row, a server restart, release, fork, bad
//! configurations, concurrent table creation, and a caller inside a tokio runtime.
//!
//! Each test has a table (or a database) of its own on the shared cluster, so they run in
//! parallel. Tests that need other processes run this binary again with `LEASE_CHILD` set to
//! the role; the same test function then plays the child.
#![cfg(unix)]

mod common;

use common::*;
use std::cell::Cell;
use std::io::{BufReader, Write};
use std::process::Command;
use std::sync::{Arc, Barrier, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use snowflake::SnowflakeId;
use snowflake_lease::{Error, LeaseConfig, LeaseError, LeasedGenerator};
use test_support::fork::in_child;
use test_support::generated::{assert_strictly_increasing, unix_ms};
use test_support::lease_table::hold_all_but;
use test_support::postgres::{Cluster, shared};

#[test]
fn generators_are_send_and_sync() {
    fn shareable<T: Send + Sync>() {}
    shareable::<LeasedGenerator>();
    shareable::<LeaseError>();
}

#[test]
fn sixty_four_processes_claiming_at_once_get_distinct_worker_ids() {
    const TEST: &str = "sixty_four_processes_claiming_at_once_get_distinct_worker_ids";
    if let Some((_, connection, table)) = child_role() {
        // The child: claim, report, hold until the parent closes standard input.
        claim_and_hold(LeaseConfig::new(&connection).table(&table));
        return;
    }
    // The table does not exist yet: the 64 also race to create it, on a machine whose every
    // core is kept busy by other processes, as in a rollout on loaded hosts.
    let connection = connection("postgres");
    let table = "lease_sixty_four";
    // One of them made the table; the others found it made, and say nothing of creating it.
    let (_busy, claimers) = sixty_four_claiming(TEST, &connection, table);
    // All 64 hold their rows at once, each from its own process.
    let mut client = sql(&connection);
    let held = client
        .query_one(
            &format!(
                "SELECT count(*), count(DISTINCT owner_pid) FROM {table} WHERE expires_at > now()"
            ),
            &[],
        )
        .unwrap();
    assert_eq!((held.get::<_, i64>(0), held.get::<_, i64>(1)), (64, 64));
    claimers.release();
    let free = client
        .query_one(
            &format!("SELECT count(*) FROM {table} WHERE expires_at > now()"),
            &[],
        )
        .unwrap();
    assert_eq!(free.get::<_, i64>(0), 0, "every child released its row");
}

/// Takes, in `creation`, the lock the crate takes around creating `public.table`: an advisory
/// lock of its class ('SNOW') on the quoted name, schema included. Held until `creation` ends.
fn take_creation_lock(creation: &mut postgres::Transaction<'_>, table: &str) {
    creation
        .execute(
            "SELECT pg_advisory_xact_lock(1397641047, hashtext($1))",
            &[&format!("\"public\".\"{table}\"")],
        )
        .unwrap();
}

/// Peers creating the table hold its creation lock; an acquire waits for them up to its
/// acquire timeout, not the renewals' statement timeout (a third of the ttl), which a fleet
/// starting at once on loaded hosts outlasted.
#[test]
fn acquire_waits_for_peers_creating_the_table_beyond_the_statement_timeout() {
    let connection = connection("postgres");
    let table = "lease_slow_peers";
    let held_for = Duration::from_millis(800);
    let (locked_tx, locked) = std::sync::mpsc::channel();
    let peer_connection = connection.clone();
    let releaser = thread::spawn(move || {
        let mut peer = sql(&peer_connection);
        let mut creation = peer.transaction().unwrap();
        take_creation_lock(&mut creation, table);
        locked_tx.send(()).unwrap();
        thread::sleep(held_for);
        creation.commit().unwrap();
    });
    locked.recv().unwrap();
    // A ttl of 1 s: statements time out after 333 ms; the acquire timeout is 2 s.
    let start = Instant::now();
    let generator = LeasedGenerator::acquire(&short(&connection, table))
        .unwrap_or_else(|error| panic!("acquire behind a slow peer: {error}"));
    assert!(start.elapsed() >= held_for, "{:?}", start.elapsed());
    releaser.join().unwrap();
    generator.generate().unwrap();
    generator.release().unwrap();
}

/// The SQL of the crate's docs that creates the lease table `table`, with the columns `more`
/// (each after a comma) after its own, and a row for each worker id from 0 to `last`.
fn documented_table(table: &str, more: &str, last: u16) -> String {
    format!(
        "CREATE TABLE {table} (
             worker_id     smallint    PRIMARY KEY CHECK (worker_id BETWEEN 0 AND 1023),
             token         bigint,
             generation    bigint      NOT NULL DEFAULT 0,
             owner_host    text,
             owner_pid     integer,
             acquired_at   timestamptz,
             expires_at    timestamptz NOT NULL DEFAULT '-infinity',
             high_water_ms bigint      NOT NULL DEFAULT 0{more}
         );
         INSERT INTO {table} (worker_id) SELECT generate_series(0, {last});"
    )
}

/// Peers that waited for the creator of the table find it made, and do not report creating
/// it: the table's existence is read again once the creation lock is theirs, from the
/// catalog as it stands then.
#[test]
fn peers_waiting_for_the_creator_do_not_report_creating_the_table() {
    const PEERS: usize = 8;
    let connection = connection("postgres");
    let table = "lease_created_once";
    let mut creator = sql(&connection);
    let mut creation = creator.transaction().unwrap();
    take_creation_lock(&mut creation, table);
    let (peers, created) = acquiring_peers(
        PEERS,
        &LeaseConfig::new(&connection)
            .table(table)
            .max_clock_skew(Duration::ZERO),
    );
    // Every peer has found the table missing and waits for the creation lock.
    let mut watcher = sql(&connection);
    poll(
        "every peer waiting for the creation lock",
        Duration::from_secs(30),
        || {
            let waiting: i64 = watcher
                .query_one(
                    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
                    &[],
                )
                .unwrap()
                .get(0);
            (waiting == PEERS as i64).then_some(())
        },
    );
    // The creator makes the table, with the SQL of the crate's docs, and lets them in.
    creation
        .batch_execute(&documented_table(table, "", 1023))
        .unwrap();
    creation.commit().unwrap();
    let _generators = join_distinct(peers);
    assert_eq!(
        created.load(std::sync::atomic::Ordering::Relaxed),
        0,
        "peers that found the table made reported creating it"
    );
}

#[test]
fn with_all_1024_held_acquire_fails_at_once_naming_the_table_and_the_count() {
    let connection = connection("postgres");
    let table = "lease_all_held";
    let config = LeaseConfig::new(&connection).table(table);
    let holder = LeasedGenerator::acquire(&config).unwrap();
    hold_all_but(&mut sql(&connection), table, holder.worker_id());
    let start = Instant::now();
    let error = LeasedGenerator::acquire(&config).unwrap_err();
    // It does not wait for a lease to expire (the ttl is 10 s; the others last an hour).
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    assert_all_held(&error, &format!("public.{table}"), 1024);
    let message = error.to_string();
    assert!(
        message.contains("lease_all_held") && message.contains("1024"),
        "{message}"
    );
    // The holder is untouched.
    assert_eq!(holder.generate().unwrap().worker_id(), holder.worker_id());
}

#[test]
fn a_take_over_after_a_burst_serves_above_every_id_of_the_killed_holder() {
    const TEST: &str = "a_take_over_after_a_burst_serves_above_every_id_of_the_killed_holder";
    if let Some((_, connection, table)) = child_role() {
        // Holder A: burst up to its ceiling, report, then wait to be killed.
        let generator = LeasedGenerator::acquire(&short(&connection, &table)).unwrap();
        let state = generator.state();
        let served = burst_to_the_ceiling(&generator, state.high_water_ms);
        assert!(served.len() > 4000, "{}", served.len());
        assert_strictly_increasing(&served);
        assert!(matches!(
            generator.generate_at(unix_ms() + 3_000),
            Err(Error::AheadOfLease { .. })
        ));
        println!("worker_id={}", generator.worker_id());
        println!("generation={}", state.generation);
        println!("took_over_ahead={}", state.took_over_ahead);
        println!(
            "ahead_ms={}",
            served[served.len() - 1].timestamp_ms() as i64 - unix_ms() as i64
        );
        println!("max={}", served[served.len() - 1]);
        println!("ready");
        std::io::stdout().flush().unwrap();
        loop {
            thread::sleep(Duration::from_secs(60));
        }
    }
    let connection = connection("postgres");
    let table = "lease_takeover";
    create_table(&connection, table);
    let mut client = sql(&connection);
    const W: u16 = 5;
    hold_all_but(&mut client, table, W);
    // A holder before A ran ahead of the clock by almost the lead (666 ms), as far as a
    // holder can: A starts above that.
    client
        .execute(
            &format!("UPDATE {table} SET high_water_ms = $1 WHERE worker_id = $2"),
            &[&(unix_ms() as i64 + 600), &(W as i16)],
        )
        .unwrap();
    let mut a = spawn_child(TEST, "holder", &connection, table);
    let mut stdout = BufReader::new(a.stdout.take().unwrap());
    let lines = read_until(&mut a, &mut stdout, "ready");
    a.kill().unwrap(); // SIGKILL: no release, no last renewal
    a.wait().unwrap();
    assert_eq!(value::<u16>(&lines, "worker_id"), W);
    assert!(value::<bool>(&lines, "took_over_ahead"));
    assert!(value::<i64>(&lines, "ahead_ms") > 600, "{lines:?}");
    let a_max: SnowflakeId = value(&lines, "max");
    let a_generation: u64 = value(&lines, "generation");

    // Holder B gets the same worker id once A's lease has expired.
    let b = poll(
        "B's acquire",
        Duration::from_secs(15),
        || match LeasedGenerator::acquire(&short(&connection, table)) {
            Ok(b) => Some(b),
            Err(LeaseError::AllHeld { .. }) => None,
            Err(other) => panic!("{other}"),
        },
    );
    let state = b.state();
    assert_eq!(b.worker_id(), W);
    assert_eq!(state.generation, a_generation + 1);
    assert!(state.took_over_ahead, "{state}");
    assert!(state.floor_ms > a_max.timestamp_ms(), "{state} vs {a_max}");
    let mut ids = vec![b.generate().unwrap()];
    let mut more = vec![SnowflakeId::MIN; 5_000];
    b.fill(&mut more).unwrap();
    ids.extend(more);
    ids.push(b.generate_at(unix_ms()).unwrap());
    assert_strictly_increasing(&ids);
    assert!(ids[0] > a_max, "{} <= {a_max}", ids[0]);
    assert!(ids.iter().all(|id| id.worker_id() == W));
}

#[test]
fn a_stalled_renewal_expires_the_lease_and_a_late_success_restores_it() {
    let connection = connection("postgres");
    let table = "lease_stall";
    let generator = LeasedGenerator::acquire(&short(&connection, table)).unwrap();
    let worker_id = generator.worker_id();
    let mut ids = vec![generator.generate().unwrap()];

    let mut locker = sql(&connection);
    let mut lock = locker.transaction().unwrap();
    lock.batch_execute(&format!("LOCK TABLE {table} IN ACCESS EXCLUSIVE MODE"))
        .unwrap();
    // The clock reaches the last mark written (two renewal intervals ahead) before the
    // deadline (ttl - margin): `AheadOfLease` usually comes first, for about 230 ms.
    let mut ahead = 0;
    poll(
        "LeaseExpired",
        Duration::from_secs(10),
        || match generator.generate() {
            Ok(id) => {
                ids.push(id);
                None
            }
            Err(Error::AheadOfLease { .. }) => {
                ahead += 1;
                None
            }
            Err(Error::LeaseExpired { worker_id: expired }) => {
                assert_eq!(expired, worker_id);
                Some(())
            }
            Err(other) => panic!("{other}"),
        },
    );
    println!("refused {ahead} times as ahead of the lease before it expired");
    let state = generator.state();
    assert_eq!((state.time_left, state.lost), (None, false), "{state}");
    assert!(state.to_string().contains("expired"), "{state}");
    // Past the database's expiry too, with the table still locked.
    thread::sleep(Duration::from_secs(1));
    assert!(matches!(
        generator.generate(),
        Err(Error::LeaseExpired { .. })
    ));
    let failure = generator.state().last_renewal_error.unwrap_or_default();
    assert!(failure.contains("statement timeout"), "{failure}");
    lock.commit().unwrap();

    ids.push(serve_again(&generator, Duration::from_secs(10)));
    ids.push(generator.generate().unwrap());
    assert_strictly_increasing(&ids);
    assert!(ids.iter().all(|id| id.worker_id() == worker_id));
    let state = generator.state();
    assert!(
        state.time_left.is_some() && state.last_renewal_error.is_none(),
        "{state}"
    );
}

#[test]
fn an_id_beyond_the_ceiling_is_refused_and_nothing_is_served() {
    let connection = connection("postgres");
    let generator =
        LeasedGenerator::acquire(&LeaseConfig::new(&connection).table("lease_ahead")).unwrap();
    let ceiling = generator.state().high_water_ms;
    // A healthy holder's ceiling is two renewal intervals (6.7 s here) ahead of the clock.
    assert!(ceiling > unix_ms() + 5_000, "{ceiling}");
    let at_ceiling = generator.generate_at(ceiling).unwrap();
    assert_eq!(at_ceiling.timestamp_ms(), ceiling);

    let far = ceiling + 1_000_000;
    match generator.generate_at(far) {
        Err(Error::AheadOfLease {
            timestamp_ms,
            high_water_ms,
        }) => {
            assert_eq!(timestamp_ms, far);
            assert!(high_water_ms >= ceiling && high_water_ms < far);
            let message = generator.generate_at(far).unwrap_err().to_string();
            assert!(message.contains(&high_water_ms.to_string()), "{message}");
        }
        other => panic!("expected AheadOfLease, got {other:?}"),
    }
    // The sequence is now past the ceiling: nothing more is served until the mark passes it.
    let mut out = [SnowflakeId::MIN; 100];
    assert!(matches!(
        generator.fill(&mut out),
        Err(Error::AheadOfLease { .. })
    ));
    assert!(out.iter().all(|id| *id == SnowflakeId::MIN));
    assert!(matches!(
        generator.generate(),
        Err(Error::AheadOfLease { .. })
    ));
}

#[test]
fn a_stolen_row_makes_the_lease_lost_for_good() {
    let connection = connection("postgres");
    let table = "lease_lost";
    let generator = LeasedGenerator::acquire(&short(&connection, table)).unwrap();
    let worker_id = generator.worker_id();
    generator.generate().unwrap();
    let mut client = sql(&connection);
    client
        .execute(
            &format!("UPDATE {table} SET token = token + 1 WHERE worker_id = $1"),
            &[&(worker_id as i16)],
        )
        .unwrap();
    let (.., stolen_token) = row(&mut client, table, worker_id);
    serve_until_lost(&generator, worker_id, Duration::from_secs(10));
    // For good, through every call, whatever the renewal thread does next.
    thread::sleep(Duration::from_millis(400));
    assert_eq!(generator.generate(), Err(Error::LeaseLost { worker_id }));
    assert_eq!(
        generator.generate_at(unix_ms()),
        Err(Error::LeaseLost { worker_id })
    );
    assert_eq!(
        generator.fill(&mut [SnowflakeId::MIN; 3]),
        Err(Error::LeaseLost { worker_id })
    );
    let state = generator.state();
    assert!(state.lost && state.time_left.is_none(), "{state}");
    assert!(state.to_string().contains("lost"), "{state}");
    let message = Error::LeaseLost { worker_id }.to_string();
    assert!(
        message.contains(&format!("worker_id {worker_id}")),
        "{message}"
    );
    // Releasing leaves the new holder's row alone.
    generator.release().unwrap();
    assert_eq!(row(&mut client, table, worker_id).3, stolen_token);
}

#[test]
fn a_server_restart_is_survived_without_a_duplicate() {
    let mut cluster = Cluster::start(&[]);
    let connection = cluster.connection_string("postgres");
    let generator =
        LeasedGenerator::acquire(&short(&connection, "snowflake_worker_lease")).unwrap();
    let generation = generator.state().generation;
    let mut ids: Vec<SnowflakeId> = (0..100).map(|_| generator.generate().unwrap()).collect();
    cluster.restart();
    serve_through_restart(
        &generator,
        &mut ids,
        Some(Duration::from_secs(20)),
        Duration::from_secs(10),
    );
    ids.push(generator.generate().unwrap());
    assert_strictly_increasing(&ids);
    assert!(ids.iter().all(|id| id.worker_id() == generator.worker_id()));
    let (held, _, row_generation, _) = row(
        &mut sql(&connection),
        "snowflake_worker_lease",
        generator.worker_id(),
    );
    assert!(held);
    assert_eq!(row_generation as u64, generation, "nobody else held it");
}

#[test]
fn release_gives_up_on_a_server_that_stopped_answering() {
    let connection = connection("postgres");
    let table = "lease_stopped";
    // Half a second of ttl: release waits at most twice that.
    let config = short(&connection, table).ttl(Duration::from_millis(500));
    let generator = LeasedGenerator::acquire(&config).unwrap();
    let worker_id = generator.worker_id();
    let mut client = sql(&connection);
    // The renewal connection's backend: its last statement names the table.
    let backend: i32 = client
        .query_one(
            "SELECT pid FROM pg_stat_activity \
             WHERE application_name = 'snowflake-lease' AND query LIKE '%\"lease_stopped\"%'",
            &[],
        )
        .unwrap()
        .get(0);
    let signal = |name: &str| {
        let status = Command::new("kill")
            .args([name, &backend.to_string()])
            .status()
            .unwrap();
        assert!(status.success(), "kill {name} {backend}");
    };
    // Stopped, the backend takes bytes but never answers: no timeout of the client fires.
    signal("-STOP");
    let start = Instant::now();
    let error = generator.release().unwrap_err();
    let waited = start.elapsed();
    signal("-CONT");
    match &error {
        LeaseError::Unanswered {
            store: named,
            waited,
            ..
        } => assert_eq!(
            (named.as_str(), *waited),
            ("public.lease_stopped", Duration::from_secs(1))
        ),
        other => panic!("expected Unanswered, got {other:?}"),
    }
    assert!(waited >= Duration::from_secs(1), "{waited:?}");
    assert!(
        error.to_string().contains("releasing the worker id"),
        "{error}"
    );
    // Answering again, the server runs the release the thread had sent.
    poll("the row freed", Duration::from_secs(10), || {
        (!row(&mut client, table, worker_id).0).then_some(())
    });
}

#[test]
fn drop_and_release_free_the_row_and_keep_the_mark() {
    let connection = connection("postgres");
    let table = "lease_release";
    let config = LeaseConfig::new(&connection).table(table);
    let generator = LeasedGenerator::acquire(&config).unwrap();
    let worker_id = generator.worker_id();
    generator.generate().unwrap();
    let mut client = sql(&connection);
    let (held, mark, ..) = row(&mut client, table, worker_id);
    assert!(held);
    assert_eq!(mark as u64, generator.state().high_water_ms);
    drop(generator);
    let (held, after_drop, ..) = row(&mut client, table, worker_id);
    assert!(!held, "dropped: the row is free");
    assert_eq!(after_drop, mark, "the mark is kept");

    // The next holder gets that worker id, above the mark.
    hold_all_but(&mut client, table, worker_id);
    let before = unix_ms();
    let next = LeasedGenerator::acquire(&config).unwrap();
    assert_eq!(next.worker_id(), worker_id);
    // Above the mark, and above the database's clock plus the lead (6,666 ms of a 10 s ttl)
    // plus the skew (1 s) plus 1.
    let floor = next.state().floor_ms;
    assert!(floor > mark as u64, "{floor} <= {mark}");
    assert!(floor > before + 6_666 + 1_000, "{floor} vs {before}");
    let ceiling = next.state().high_water_ms;
    next.release().unwrap();
    let (held, after_release, ..) = row(&mut client, table, worker_id);
    assert!(!held, "released: the row is free");
    assert_eq!(after_release as u64, ceiling);
}

#[test]
fn a_forked_child_neither_serves_nor_releases_the_parents_lease() {
    let connection = connection("postgres");
    let table = "lease_fork";
    let config = LeaseConfig::new(&connection).table(table);
    let first = Cell::new(Some(LeasedGenerator::acquire(&config).unwrap()));
    let second = Cell::new(Some(LeasedGenerator::acquire(&config).unwrap()));
    let parent = |slot: &Cell<Option<LeasedGenerator>>| {
        let generator = slot.take().unwrap();
        let state = (generator.worker_id(), generator.generate().unwrap());
        slot.set(Some(generator));
        state
    };
    let (first_id, first_before) = parent(&first);
    let (second_id, second_before) = parent(&second);

    let child = in_child(|| {
        let first = first.take().unwrap();
        let second = second.take().unwrap();
        let mut out = [SnowflakeId::MIN; 2];
        let lines = vec![
            format!("{:?}", first.generate()),
            format!("{:?}", first.generate_at(unix_ms())),
            format!("{:?}", first.fill(&mut out)),
            format!("{:?}", second.generate()),
            format!("{}", first.state().worker_id == first_id),
            // The state says this process holds no lease: nothing of it is live here.
            {
                let state = first.state();
                format!(
                    "{} {:?} {} {}",
                    state.forked, state.time_left, state.lost, state
                )
            },
            // Neither may touch the parent's thread (absent here) or its rows.
            format!("{:?}", first.release().map_err(|error| error.to_string())),
        ];
        drop(second);
        lines
    })
    .unwrap();
    assert_eq!(
        child,
        [
            "Err(Forked)".to_owned(),
            "Err(Forked)".to_owned(),
            "Err(Forked)".to_owned(),
            "Err(Forked)".to_owned(),
            "true".to_owned(),
            format!(
                "true None false worker_id {first_id} of \"public.lease_fork\" is the parent \
                 process's lease: this forked process holds no lease"
            ),
            format!(
                "Err(\"the lease on worker_id {first_id} belongs to the parent process: a forked child cannot release it\")"
            ),
        ]
    );
    let mut client = sql(&connection);
    let first = first.take().unwrap();
    let second = second.take().unwrap();
    for (generator, worker_id, before) in [
        (&first, first_id, first_before),
        (&second, second_id, second_before),
    ] {
        let (held, _, generation, _) = row(&mut client, table, worker_id);
        assert!(held, "worker_id {worker_id} is still the parent's");
        assert_eq!(generation as u64, generator.state().generation);
        assert!(generator.generate().unwrap() > before);
    }
}

#[test]
fn an_unreachable_server_is_an_error_naming_it() {
    let config = LeaseConfig::new("host=/nonexistent/lease-socket-dir port=5432 user=x dbname=y");
    let error = LeasedGenerator::acquire(&config).unwrap_err();
    assert!(matches!(error, LeaseError::Connect { .. }), "{error:?}");
    let message = error.to_string();
    assert!(
        message.contains("host=/nonexistent/lease-socket-dir port=5432 dbname=y user=x"),
        "{message}"
    );
    assert!(message.contains("No such file or directory"), "{message}");
}

/// The shared cluster trusts every local connection; one role is made to need a password
/// (a `pg_hba.conf` line before the others, then a reload).
#[test]
fn a_wrong_password_is_an_error_naming_the_role() {
    let (socket_dir, connection) = {
        let cluster = shared().lock().unwrap_or_else(PoisonError::into_inner);
        (
            cluster.socket_dir().to_path_buf(),
            cluster.connection_string("postgres"),
        )
    };
    let hba = socket_dir.join("data").join("pg_hba.conf");
    let rules = std::fs::read_to_string(&hba).expect("the cluster's pg_hba.conf");
    if !rules.starts_with("local all lease_password") {
        std::fs::write(
            &hba,
            format!("local all lease_password scram-sha-256\n{rules}"),
        )
        .unwrap();
    }
    let mut client = sql(&connection);
    client
        .batch_execute(
            "DO $$ BEGIN CREATE ROLE lease_password LOGIN PASSWORD 'right'; \
             EXCEPTION WHEN duplicate_object THEN NULL; END $$; \
             GRANT CREATE ON SCHEMA public TO lease_password; SELECT pg_reload_conf();",
        )
        .unwrap();
    let as_role = |password: &str| {
        LeaseConfig::new(&format!(
            "host={} port=5432 user=lease_password password={password} dbname=postgres",
            socket_dir.display()
        ))
        .table("lease_password")
    };
    // The reload is asynchronous: wait until the rule is in force.
    let error = poll("the password rule", Duration::from_secs(10), || {
        LeasedGenerator::acquire(&as_role("wrong")).err()
    });
    assert!(matches!(error, LeaseError::Connect { .. }), "{error:?}");
    let message = error.to_string();
    assert!(
        message.contains("password authentication failed for user \"lease_password\""),
        "{message}"
    );
    assert!(
        !message.contains("wrong"),
        "the password must not be shown: {message}"
    );
    // The right one is let in: the rule, not something else, refused the wrong one.
    LeasedGenerator::acquire(&as_role("right"))
        .unwrap()
        .release()
        .unwrap();
}

#[test]
fn a_missing_database_is_an_error_naming_it() {
    let error =
        LeasedGenerator::acquire(&LeaseConfig::new(&connection("lease_no_such_db"))).unwrap_err();
    assert!(matches!(error, LeaseError::Connect { .. }), "{error:?}");
    let message = error.to_string();
    assert!(
        message.contains("database \"lease_no_such_db\" does not exist"),
        "{message}"
    );
}

#[test]
fn a_table_of_another_shape_is_an_error_naming_the_column() {
    let connection = connection("postgres");
    let mut client = sql(&connection);
    client
        .batch_execute(
            "CREATE TABLE lease_mistyped (worker_id smallint PRIMARY KEY, token text);
             CREATE TABLE lease_partial (
                 worker_id smallint PRIMARY KEY, token bigint,
                 generation bigint NOT NULL DEFAULT 0, owner_host text, owner_pid integer,
                 acquired_at timestamptz, expires_at timestamptz NOT NULL DEFAULT '-infinity');
             CREATE TABLE lease_nullable (
                 worker_id smallint PRIMARY KEY, token bigint,
                 generation bigint NOT NULL DEFAULT 0, owner_host text, owner_pid integer,
                 acquired_at timestamptz, expires_at timestamptz NOT NULL DEFAULT '-infinity',
                 high_water_ms bigint DEFAULT 0);",
        )
        .unwrap();
    for (table, column, problem) in [
        ("lease_mistyped", "token", "has type text, expected bigint"),
        (
            "lease_partial",
            "high_water_ms",
            "is missing (expected bigint)",
        ),
        (
            "lease_nullable",
            "high_water_ms",
            "may be NULL, expected bigint NOT NULL",
        ),
    ] {
        let error =
            LeasedGenerator::acquire(&LeaseConfig::new(&connection).table(table)).unwrap_err();
        match &error {
            LeaseError::TableShape {
                table: named,
                column: found,
                ..
            } => assert_eq!(
                (named.as_str(), *found),
                (format!("public.{table}").as_str(), column)
            ),
            other => panic!("expected TableShape for {table}, got {other:?}"),
        }
        assert_eq!(
            error.to_string(),
            format!(
                "lease table \"public.{table}\" has another shape: column {column:?} {problem}"
            )
        );
    }
}

#[test]
fn a_ttl_too_small_for_the_margin_is_refused() {
    // Refused before any connection: the server named here does not exist.
    let base = LeaseConfig::new("host=/nonexistent");
    // Each as (ttl, margin) in milliseconds.
    let with = |ttl: u64, margin: u64| {
        base.clone()
            .ttl(Duration::from_millis(ttl))
            .margin(Duration::from_millis(margin))
    };
    for (ttl, margin) in [(1_000, 1_000), (3_000, 1_000), (299, 10)] {
        let error = LeasedGenerator::acquire(&with(ttl, margin)).unwrap_err();
        match error {
            LeaseError::TtlTooSmall {
                ttl: named_ttl,
                margin: named_margin,
            } => assert_eq!(
                (named_ttl, named_margin),
                (Duration::from_millis(ttl), Duration::from_millis(margin))
            ),
            other => panic!("expected TtlTooSmall, got {other:?}"),
        }
    }
    let error = LeasedGenerator::acquire(&with(1_000, 1_000)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "ttl 1s is too small for margin 1s: the margin must be less than ttl/3 and the ttl at least 300ms"
    );
    // Without a margin set, a tenth of the ttl (at most 1 s): a ttl of 1 s or 3 s is fine,
    // and only the server is missing.
    for ttl in [Duration::from_secs(1), Duration::from_secs(3)] {
        let error = LeasedGenerator::acquire(&base.clone().ttl(ttl)).unwrap_err();
        assert!(matches!(error, LeaseError::Connect { .. }), "{error}");
    }
    // A skew beyond what acquire may wait for, and new holders' ids may run ahead by: refused
    // with the limit, at once (the acquire timeout is short in case it were not).
    let error = LeasedGenerator::acquire(
        &base
            .clone()
            .max_clock_skew(Duration::from_secs(86_400))
            .acquire_timeout(Duration::from_secs(86_401)),
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "lease setting max_clock_skew = 86400s is out of range: at most 60s (acquire waits \
         about this long, and a new holder's ids run this far ahead of the clock)"
    );
    let error =
        LeasedGenerator::acquire(&base.clone().ttl(Duration::from_secs(86_401))).unwrap_err();
    assert_eq!(
        error.to_string(),
        "lease setting ttl = 86401s is out of range: at most 86400s (a day)"
    );
}

/// How far ahead of the database's clock every holder's marks may be, and so a new holder's
/// ids: the same for every ttl, two renewal intervals of the default ttl of 10 s.
const LEAD_MS: u64 = 6_666;

/// The longest ttl stamps a new holder's ids no further ahead than the default does: the
/// lead is the table's, not a share of each holder's ttl (which, for a ttl of a day, put the
/// first ids 16 hours in the future).
#[test]
fn a_long_ttl_does_not_stamp_ids_ahead_of_the_lead() {
    let connection = connection("postgres");
    for ttl in [
        Duration::from_millis(300),
        Duration::from_secs(10),
        Duration::from_secs(86_400),
    ] {
        let table = format!("lease_ttl_{}", ttl.as_millis());
        let skew = Duration::from_millis(20);
        let before = unix_ms();
        let generator = LeasedGenerator::acquire(
            &LeaseConfig::new(&connection)
                .table(&table)
                .ttl(ttl)
                .max_clock_skew(skew),
        )
        .unwrap();
        let after = unix_ms();
        let state = generator.state();
        // The floor is the database's clock at the claim, plus the lead and the skew, plus 1.
        let lead = LEAD_MS + 20 + 1;
        assert!(
            (before + lead..=after + lead).contains(&state.floor_ms),
            "ttl {ttl:?}: floor {} not the claim's clock ({before}..={after}) + {lead} ms",
            state.floor_ms
        );
        assert_eq!(generator.max_batch(), (6_666 + 1) * 4096, "ttl {ttl:?}");
        let id = generator.generate().unwrap();
        assert!(id.timestamp_ms() <= unix_ms() + lead, "ttl {ttl:?}: {id:?}");
        generator.release().unwrap();
    }
}

/// Fleets that split the 1,024 worker ids between them: a configuration claims only those
/// of its range, and a full range is full whatever the rest of the table holds.
#[test]
fn a_range_of_worker_ids_is_all_a_configuration_claims() {
    let connection = connection("postgres");
    let table = "lease_range";
    let config = short(&connection, table).worker_ids(96..=97);
    let first = LeasedGenerator::acquire(&config).unwrap();
    let second = LeasedGenerator::acquire(&config).unwrap();
    assert_eq!((first.worker_id(), second.worker_id()), (96, 97));
    // Worker ids 0 to 95 and 98 to 1023 are free, but not this configuration's.
    match LeasedGenerator::acquire(&config).unwrap_err() {
        LeaseError::AllHeld {
            held,
            locked,
            ahead,
            ..
        } => assert_eq!((held, locked, ahead), (2, 0, 0)),
        other => panic!("expected AllHeld, got {other:?}"),
    }
    // Another fleet's range of the same table.
    let other = LeasedGenerator::acquire(&short(&connection, table).worker_ids(0..=0)).unwrap();
    assert_eq!(other.worker_id(), 0);
    // One worker id is a range too.
    second.release().unwrap();
    let again = LeasedGenerator::acquire(&short(&connection, table).worker_ids(97..=97)).unwrap();
    assert_eq!(again.worker_id(), 97);
}

#[test]
fn an_empty_range_or_one_past_1023_is_refused_with_the_valid_range() {
    // Refused before any connection: the server named here does not exist.
    for (first, last) in [(7, 3), (1000, 1024), (1024, 1024), (0, u16::MAX)] {
        let error = LeasedGenerator::acquire(
            &LeaseConfig::new("host=/nonexistent").worker_ids(first..=last),
        )
        .unwrap_err();
        assert!(
            matches!(error, LeaseError::WorkerIds { first: f, last: l } if (f, l) == (first, last)),
            "{error:?}"
        );
        assert_eq!(
            error.to_string(),
            format!(
                "worker ids {first}-{last} are not a range of worker ids: give a non-empty \
                 range within 0-1023"
            )
        );
    }
}

#[test]
fn a_malformed_connection_string_or_table_name_is_refused() {
    for (connection, problem) in [
        ("host=/tmp port=notaport", "port"),
        ("host=/tmp dbname='unterminated", "unterminated"),
        ("host=/tmp nosuchoption=1", "nosuchoption"),
    ] {
        let error = LeasedGenerator::acquire(&LeaseConfig::new(connection)).unwrap_err();
        assert!(
            matches!(error, LeaseError::ConnectionString { .. }),
            "{error:?}"
        );
        let message = error.to_string();
        assert!(
            message.starts_with("invalid PostgreSQL connection string: ")
                && message.to_lowercase().contains(problem),
            "{connection}: {message}"
        );
    }
    let error =
        LeasedGenerator::acquire(&LeaseConfig::new("host=/tmp").table("lease; DROP TABLE x"))
            .unwrap_err();
    assert!(matches!(error, LeaseError::TableName { .. }), "{error:?}");
    assert!(
        error.to_string().contains("\"lease; DROP TABLE x\""),
        "{error}"
    );
}

#[test]
fn table_creation_is_idempotent_and_safe_under_concurrent_first_acquires() {
    let mut admin = sql(&connection("postgres"));
    admin.batch_execute("CREATE DATABASE lease_fresh").unwrap();
    let connection = connection("lease_fresh");
    let config = LeaseConfig::new(&connection);

    let start = Arc::new(Barrier::new(20));
    let threads: Vec<_> = (0..20)
        .map(|_| {
            let (start, config) = (Arc::clone(&start), config.clone());
            thread::spawn(move || {
                start.wait();
                LeasedGenerator::acquire(&config)
            })
        })
        .collect();
    drop(join_distinct(threads));
    // Again, on the table that now exists.
    let again = [
        LeasedGenerator::acquire(&config).unwrap(),
        LeasedGenerator::acquire(&config).unwrap(),
    ];
    assert_ne!(again[0].worker_id(), again[1].worker_id());
    let mut client = sql(&connection);
    let counts = client
        .query_one(
            "SELECT (SELECT count(*) FROM snowflake_worker_lease), \
             (SELECT count(*) FROM pg_indexes WHERE tablename = 'snowflake_worker_lease')",
            &[],
        )
        .unwrap();
    assert_eq!(
        (counts.get::<_, i64>(0), counts.get::<_, i64>(1)),
        (1024, 2)
    );

    // A table made by a migration is used as it is: here with ten rows, in a schema.
    client
        .batch_execute(&format!(
            "CREATE SCHEMA ids; {}",
            documented_table("ids.worker_lease", ", note text", 9)
        ))
        .unwrap();
    let migrated =
        LeasedGenerator::acquire(&LeaseConfig::new(&connection).table("ids.worker_lease")).unwrap();
    assert!(migrated.worker_id() < 10);
    let rows = client
        .query_one("SELECT count(*) FROM ids.worker_lease", &[])
        .unwrap();
    assert_eq!(rows.get::<_, i64>(0), 10);
}

#[test]
fn acquire_works_inside_a_tokio_runtime() {
    let config = LeaseConfig::new(&connection("postgres")).table("lease_tokio");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let (worker_id, id) = runtime.block_on(async {
        let generator = LeasedGenerator::acquire(&config).unwrap();
        let id = generator.generate().unwrap();
        let worker_id = generator.worker_id();
        drop(generator);
        (worker_id, id)
    });
    assert_eq!(id.worker_id(), worker_id);
    assert!(!row(&mut sql(&connection("postgres")), "lease_tokio", worker_id).0);
}

#[test]
fn state_describes_the_lease() {
    let connection = connection("postgres");
    let started = unix_ms();
    let generator = LeasedGenerator::acquire(
        &LeaseConfig::new(&connection)
            .table("lease_state")
            .max_clock_skew(Duration::from_millis(250)),
    )
    .unwrap();
    let before = unix_ms();
    let state = generator.state();
    let row = row(&mut sql(&connection), "lease_state", generator.worker_id());
    assert_eq!(state.worker_id, generator.worker_id());
    assert_eq!(
        (state.generation, state.store.as_str()),
        (row.2 as u64, "public.lease_state")
    );
    // A never-used row, mark 0: the floor is the database's clock at the claim plus the lead
    // (6,666 ms of a 10 s ttl) plus the skew plus 1, the database's clock being the test's.
    let lead_and_skew = 6_666 + 250 + 1;
    assert!(
        (started + lead_and_skew..=before + lead_and_skew).contains(&state.floor_ms),
        "{} not within {started}..={before} + {lead_and_skew}",
        state.floor_ms
    );
    assert!(state.took_over_ahead && !state.lost && !state.forked);
    assert_eq!(state.high_water_ms, row.1 as u64);
    // Acquire waited for a first ceiling above the floor.
    assert!(state.high_water_ms > state.floor_ms);
    assert!(state.renewals >= 1, "{state:?}");
    assert_eq!(
        (state.late_renewals, state.failed_renewals, state.refused),
        (0, 0, 0)
    );
    let left = state.time_left.unwrap();
    assert!(
        left <= Duration::from_secs(9) && left > Duration::ZERO,
        "{left:?}"
    );
    let text = state.to_string();
    assert!(
        text.starts_with(&format!(
            "worker_id {} (generation {}) of \"public.lease_state\": ids from {} to {} ms, taken over \
             ahead of the clock, ",
            state.worker_id, state.generation, state.floor_ms, state.high_water_ms
        )) && text.ends_with(" left"),
        "{text}"
    );
    assert!(format!("{generator:?}").contains("lease_state"));
}

/// One boot-clock reading per id gives its millisecond through the sampled offset: the ids
/// carry the wall clock's millisecond, before and after the renewal thread samples again.
#[test]
fn leased_ids_carry_the_wall_clock() {
    let connection = connection("postgres");
    // A ttl of 3 s: renewals every second, and room for them to be late while this test
    // waits for the clock (beside tests that keep every core busy).
    let generator = LeasedGenerator::acquire(
        &short(&connection, "lease_clock")
            .ttl(Duration::from_secs(3))
            .margin(Duration::from_millis(300)),
    )
    .unwrap();
    // A new holder serves ahead of the clock, from its floor, until the clock gets there.
    let floor = generator.state().floor_ms;
    // The floor is the lead (6,666 ms) above the database's clock at the claim.
    poll("the clock past the floor", Duration::from_secs(10), || {
        (unix_ms() > floor).then_some(())
    });
    let check = || {
        let before = unix_ms();
        let id = generator.generate().unwrap();
        let mut ids = [SnowflakeId::MIN; 10];
        generator.fill(&mut ids).unwrap();
        let after = unix_ms();
        // The offset is taken against the midpoint of two boot-clock readings: a millisecond
        // of rounding either way.
        for timestamp in [id.timestamp_ms(), ids[0].timestamp_ms()] {
            assert!(
                before - 1 <= timestamp && timestamp <= after + 1,
                "{timestamp} outside {before}..={after}"
            );
        }
    };
    check();
    // Past two wakes of the renewal thread (every second).
    thread::sleep(Duration::from_millis(2_100));
    check();
    generator.release().unwrap();
}
