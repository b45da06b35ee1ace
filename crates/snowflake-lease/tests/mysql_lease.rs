//! `LeasedGenerator` on the MySQL store, against real MariaDB servers (test-support's
//! throwaway ones): acquire, generate and release; the row; the state; a full table; ranges of
//! worker ids; a stolen row; a stalled renewal; 64 processes starting at once on a new table;
//! a holder whose clock is far ahead; the table's checks; and the errors of a bad URL, an
//! unreachable server, a wrong password.
//!
//! Each test has a database of its own on the shared server, so they run in parallel. Tests
//! that need other processes run this binary again with `LEASE_CHILD` set to the role.
#![cfg(unix)]

mod mysql_common;

use std::collections::HashSet;
use std::io::{BufReader, Read, Write};
use std::process::Command;
use std::sync::atomic::Ordering;
use std::thread;
use std::time::Duration;

use mysql::prelude::Queryable;
use mysql_common::*;
use snowflake::SnowflakeId;
use snowflake_lease::{Error, LeaseConfig, LeaseError, LeaseEvent, LeasedGenerator};
use test_support::generated::{assert_strictly_increasing, unix_ms};
use test_support::mariadb::{Server, shared};

/// How far above the server's clock any mark may be.
const LEAD_MS: u64 = 6_666;

#[test]
fn acquire_generate_release_and_the_row() {
    let url = database("lease_basics");
    let table = "snowflake_worker_lease";
    let (config, events) =
        recorded(LeaseConfig::new(&url).max_clock_skew(Duration::from_millis(250)));
    let before = unix_ms();
    let generator = LeasedGenerator::acquire(&config).unwrap();
    let after = unix_ms();
    let worker_id = generator.worker_id();
    let ids: Vec<SnowflakeId> = (0..1000).map(|_| generator.generate().unwrap()).collect();
    assert_strictly_increasing(&ids);
    assert!(ids.iter().all(|id| id.worker_id() == worker_id));
    let mut conn = sql(&url);
    // The table as documented: 1,024 free rows but this one, and the index.
    let (rows, held): (usize, usize) = conn
        .query_first(format!(
            "SELECT COUNT(*), SUM(expires_at > UTC_TIMESTAMP(3)) FROM {table}"
        ))
        .unwrap()
        .unwrap();
    assert_eq!((rows, held), (1024, 1));
    let index: usize = one(
        &mut conn,
        "SELECT COUNT(DISTINCT INDEX_NAME) FROM information_schema.STATISTICS \
         WHERE TABLE_SCHEMA = 'lease_basics' AND TABLE_NAME = 'snowflake_worker_lease'",
    );
    assert_eq!(index, 2, "the primary key and (expires_at, worker_id)");
    let (is_held, mark, generation, token) = row(&mut conn, table, worker_id);
    let owner: (String, u32) = conn
        .query_first(format!(
            "SELECT owner_host, owner_pid FROM {table} WHERE worker_id = {worker_id}"
        ))
        .unwrap()
        .unwrap();
    assert!(is_held && token.is_some());
    assert_eq!(owner.1, std::process::id());
    assert_eq!(generation, 1);
    let state = generator.state();
    assert_eq!(state.store, "lease_basics.snowflake_worker_lease");
    assert_eq!(
        state.high_water_ms, mark as u64,
        "the ceiling is the mark written"
    );
    // A never-used row: the floor is the server's clock at the claim plus the lead and the
    // skew plus 1, the server's clock being the test's.
    let lead_and_skew = LEAD_MS + 250 + 1;
    assert!(
        (before + lead_and_skew - 5..=after + lead_and_skew).contains(&state.floor_ms),
        "{} not within {before}..={after} + {lead_and_skew}",
        state.floor_ms
    );
    assert!(state.took_over_ahead && state.high_water_ms > state.floor_ms);
    assert!(ids[0].timestamp_ms() >= state.floor_ms);
    // The mark is never above the server's clock plus the lead.
    assert!(mark <= server_ms(&mut conn) + LEAD_MS as i64);

    generator.release().unwrap();
    let (is_held, after_release, ..) = row(&mut conn, table, worker_id);
    assert!(!is_held, "released: the row is free");
    assert_eq!(after_release, mark, "the mark is kept");
    let expires: String = one(
        &mut conn,
        &format!("SELECT CAST(expires_at AS CHAR) FROM {table} WHERE worker_id = {worker_id}"),
    );
    assert_eq!(expires, "1000-01-01 00:00:00.000");
    let events = events.lock().unwrap().clone();
    assert!(
        matches!(
            &events[..],
            [
                LeaseEvent::TableCreated { table: created },
                LeaseEvent::Acquired { store, generation: 1, .. },
                LeaseEvent::Released { worker_id: released },
            ] if created == "lease_basics.snowflake_worker_lease"
                && store == created && *released == worker_id
        ),
        "{events:?}"
    );

    // The next holder of that worker id starts above the mark.
    hold_all_but(&mut conn, table, &[worker_id]);
    conn.query_drop(format!(
        "UPDATE {table} SET high_water_ms = {mark} WHERE worker_id = {worker_id}"
    ))
    .unwrap();
    let next = LeasedGenerator::acquire(&LeaseConfig::new(&url)).unwrap();
    assert_eq!(next.worker_id(), worker_id);
    assert!(next.state().floor_ms > mark as u64);
    assert_eq!(next.state().generation, 2);
    drop(next);
    assert!(
        !row(&mut conn, table, worker_id).0,
        "dropped: the row is free"
    );
}

#[test]
fn a_unix_socket_url_reaches_the_same_table() {
    let url = database("lease_socket");
    let server = shared();
    let socket_url = format!(
        "mysql://root@/lease_socket?socket={}",
        server.socket().display()
    );
    let over_tcp = LeasedGenerator::acquire(&short(&url, "lease")).unwrap();
    let over_socket = LeasedGenerator::acquire(&short(&socket_url, "lease")).unwrap();
    assert_ne!(over_tcp.worker_id(), over_socket.worker_id());
    assert_eq!(over_socket.state().store, "lease_socket.lease");
    over_socket.generate().unwrap();
}

#[test]
fn a_full_table_is_all_held_and_worker_id_ranges_are_kept() {
    let url = database("lease_full");
    let table = "lease";
    create_table(&url, table);
    let mut conn = sql(&url);
    hold_all_but(&mut conn, table, &[5, 6, 7, 900]);
    let range = |config: LeaseConfig| config.worker_ids(5..=7);
    let generators: Vec<LeasedGenerator> = (0..3)
        .map(|_| LeasedGenerator::acquire(&range(short(&url, table))).unwrap())
        .collect();
    let ids: HashSet<u16> = generators.iter().map(LeasedGenerator::worker_id).collect();
    assert_eq!(ids, HashSet::from([5, 6, 7]));
    // 900 is free, but outside the range.
    let error = LeasedGenerator::acquire(&range(short(&url, table))).unwrap_err();
    assert_all_held(&error, "lease_full.lease", 3);
    assert!(
        error
            .to_string()
            .starts_with("no worker id of \"lease_full.lease\" could be claimed: 3 held"),
        "{error}"
    );
    let last = LeasedGenerator::acquire(&short(&url, table)).unwrap();
    assert_eq!(last.worker_id(), 900);
    let error = LeasedGenerator::acquire(&short(&url, table)).unwrap_err();
    assert!(
        matches!(error, LeaseError::AllHeld { held: 1024, .. }),
        "{error:?}"
    );
}

#[test]
fn a_stolen_row_makes_the_lease_lost_for_good() {
    let url = database("lease_lost");
    let table = "lease";
    let (config, events) = recorded(short(&url, table));
    let generator = LeasedGenerator::acquire(&config).unwrap();
    let worker_id = generator.worker_id();
    generator.generate().unwrap();
    let mut conn = sql(&url);
    conn.query_drop(format!(
        "UPDATE {table} SET token = token + 1 WHERE worker_id = {worker_id}"
    ))
    .unwrap();
    let stolen = row(&mut conn, table, worker_id).3;
    serve_until_lost(&generator, worker_id, Duration::from_secs(20));
    assert_eq!(
        generator.fill(&mut [SnowflakeId::MIN; 3]),
        Err(Error::LeaseLost { worker_id })
    );
    let state = generator.state();
    assert!(state.lost && state.time_left.is_none(), "{state}");
    // Releasing leaves the new holder's row alone.
    generator.release().unwrap();
    assert_eq!(row(&mut conn, table, worker_id).3, stolen);
    let lost = events
        .lock()
        .unwrap()
        .iter()
        .filter(|event| matches!(event, LeaseEvent::Lost { .. }))
        .count();
    assert_eq!(lost, 1);
}

/// A renewal held up by a row lock (an operator's transaction) times out, is retried, and
/// the lease expires; once the lock goes, the next retry finds the token still there and the
/// generator serves again, reporting a late renewal after the expiry.
#[test]
fn a_stalled_renewal_expires_then_renews_late() {
    let url = database("lease_stalled");
    let table = "lease";
    let (config, events) = recorded(short(&url, table));
    let generator = LeasedGenerator::acquire(&config).unwrap();
    let worker_id = generator.worker_id();
    let mut ids = vec![generator.generate().unwrap()];
    let mut operator = sql(&url);
    operator
        .query_drop(format!(
            "START TRANSACTION; SELECT * FROM {table} WHERE worker_id = {worker_id} FOR UPDATE"
        ))
        .unwrap();
    poll(
        "LeaseExpired",
        Duration::from_secs(30),
        || match generator.generate() {
            Ok(id) => {
                ids.push(id);
                None
            }
            Err(Error::AheadOfLease { .. }) => None,
            Err(Error::LeaseExpired { worker_id: expired }) => {
                assert_eq!(expired, worker_id);
                Some(())
            }
            Err(other) => panic!("{other}"),
        },
    );
    // The lock stays until a renewal has failed past the deadline, and said so.
    poll("the expiry reported", Duration::from_secs(30), || {
        let expired = events
            .lock()
            .unwrap()
            .iter()
            .any(|event| matches!(event, LeaseEvent::Expired { .. }));
        expired.then_some(())
    });
    let state = generator.state();
    assert!(state.failed_renewals >= 1 && !state.lost, "{state}");
    assert!(state.last_renewal_error.is_some(), "{state}");
    operator.query_drop("COMMIT").unwrap();
    ids.push(serve_again(&generator, Duration::from_secs(30)));
    assert_strictly_increasing(&ids);
    let state = generator.state();
    assert!(
        state.late_renewals >= 1 && state.last_renewal_error.is_none(),
        "{state}"
    );
    let events = events.lock().unwrap().clone();
    assert!(
        events.iter().any(|event| matches!(
            event,
            LeaseEvent::LateRenewal {
                after_expiry: true,
                ..
            }
        )),
        "{events:?}"
    );
    assert!(
        events
            .iter()
            .any(|event| matches!(event, LeaseEvent::Expired { .. })),
        "{events:?}"
    );
    // The row never changed hands.
    assert_eq!(row(&mut sql(&url), table, worker_id).2, 1);
}

#[test]
fn sixty_four_processes_claiming_at_once_get_distinct_worker_ids() {
    const TEST: &str = "sixty_four_processes_claiming_at_once_get_distinct_worker_ids";
    if let Some((_, url, table)) = child_role() {
        claim_and_hold(LeaseConfig::new(&url).table(&table));
        return;
    }
    // The table does not exist yet: the 64 also race to create it, on a machine whose every
    // core is kept busy by other processes.
    let url = database("lease_sixty_four");
    let table = "lease";
    let (_busy, claimers) = sixty_four_claiming(TEST, &url, table);
    let mut conn = sql(&url);
    let (held, owners): (usize, usize) = conn
        .query_first(format!(
            "SELECT COUNT(*), COUNT(DISTINCT owner_pid) FROM {table} \
             WHERE expires_at > UTC_TIMESTAMP(3)"
        ))
        .unwrap()
        .unwrap();
    assert_eq!((held, owners), (64, 64));
    // The table was made under another name and renamed into place whole (a CREATE TABLE
    // commits at once on MySQL: a peer that found it before its rows were in claimed nothing);
    // no staging table is left.
    let tables: usize = one(
        &mut conn,
        "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()",
    );
    assert_eq!(tables, 1, "tables besides the lease table");
    claimers.release();
    let still: usize = one(
        &mut conn,
        &format!("SELECT COUNT(*) FROM {table} WHERE expires_at > UTC_TIMESTAMP(3)"),
    );
    assert_eq!(still, 0, "every child released its row");
}

/// Peers wait for the creator of the table beyond the statement timeout (a third of the ttl),
/// find the table made once the lock is theirs, and do not report creating it.
#[test]
fn peers_wait_for_the_creator_of_the_table() {
    const PEERS: usize = 8;
    let url = database("lease_created_once");
    let table = "lease";
    // The lock the store takes around creation, held by the test.
    let mut creator = sql(&url);
    let got: i64 = one(
        &mut creator,
        "SELECT GET_LOCK(CONCAT('snowflake_lease_', SHA1('lease_created_once.lease')), 5)",
    );
    assert_eq!(got, 1);
    let (peers, created) = acquiring_peers(PEERS, &short(&url, table));
    let mut watcher = sql(&url);
    poll(
        "every peer waiting for the lock",
        Duration::from_secs(30),
        || {
            let waiting: usize = one(
                &mut watcher,
                "SELECT COUNT(*) FROM information_schema.PROCESSLIST \
             WHERE INFO LIKE 'SELECT GET_LOCK(CONCAT(%' AND ID <> CONNECTION_ID()",
            );
            (waiting == PEERS).then_some(())
        },
    );
    // Past the statement timeout of a 3 s ttl (1 s), the test makes the table itself, as
    // the documentation's SQL does, and lets go of the lock.
    thread::sleep(Duration::from_millis(1_500));
    creator
        .query_drop(
            "CREATE TABLE lease (
                 worker_id SMALLINT NOT NULL PRIMARY KEY, token BIGINT NULL,
                 generation BIGINT NOT NULL DEFAULT 0, owner_host VARCHAR(255) NULL,
                 owner_pid INT NULL, acquired_at DATETIME(3) NULL,
                 expires_at DATETIME(3) NOT NULL DEFAULT '1000-01-01 00:00:00.000',
                 high_water_ms BIGINT NOT NULL DEFAULT 0,
                 INDEX expires_at_worker_id (expires_at, worker_id)) ENGINE = InnoDB;
             INSERT INTO lease (worker_id)
                 WITH RECURSIVE n (i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 31)
                 SELECT a.i * 32 + b.i FROM n AS a CROSS JOIN n AS b;
             DO RELEASE_LOCK(CONCAT('snowflake_lease_', SHA1('lease_created_once.lease')))",
        )
        .unwrap();
    let _generators = join_distinct(peers);
    assert_eq!(
        created.load(Ordering::Relaxed),
        0,
        "peers that found the table made report nothing"
    );
}

#[test]
fn a_missing_table_is_created_and_reported_or_refused_when_creating_is_off() {
    let url = database("lease_missing");
    let error =
        LeasedGenerator::acquire(&short(&url, "not_created").create_table(false)).unwrap_err();
    assert!(
        matches!(&error, LeaseError::TableMissing { table } if table == "lease_missing.not_created"),
        "{error:?}"
    );
    let exists: usize = one(
        &mut sql(&url),
        "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'lease_missing'",
    );
    assert_eq!(exists, 0, "nothing was created");
    // Named with its database, from a URL without one.
    let no_database = format!("mysql://root@127.0.0.1:{}", shared().port());
    let generator =
        LeasedGenerator::acquire(&short(&no_database, "Lease_Missing.Created")).unwrap();
    assert_eq!(generator.state().store, "lease_missing.created");
    let error = LeasedGenerator::acquire(&short(&no_database, "created")).unwrap_err();
    assert!(
        matches!(&error, LeaseError::MysqlUrl { reason } if reason.contains("names no database")),
        "{error:?}"
    );
}

#[test]
fn a_table_of_another_shape_or_engine_is_an_error_naming_it() {
    let url = database("lease_shape");
    let mut conn = sql(&url);
    conn.query_drop(
        "CREATE TABLE mistyped (worker_id SMALLINT PRIMARY KEY, token VARCHAR(20)) ENGINE=InnoDB;
         CREATE TABLE partial (
             worker_id SMALLINT PRIMARY KEY, token BIGINT, generation BIGINT NOT NULL DEFAULT 0,
             owner_host VARCHAR(255), owner_pid INT, acquired_at DATETIME(3),
             expires_at DATETIME(3) NOT NULL) ENGINE=InnoDB;
         CREATE TABLE seconds (
             worker_id SMALLINT PRIMARY KEY, token BIGINT, generation BIGINT NOT NULL DEFAULT 0,
             owner_host VARCHAR(255), owner_pid INT, acquired_at DATETIME(3),
             expires_at DATETIME NOT NULL, high_water_ms BIGINT NOT NULL) ENGINE=InnoDB;
         CREATE TABLE unsigned_token (
             worker_id SMALLINT PRIMARY KEY, token BIGINT UNSIGNED,
             generation BIGINT NOT NULL DEFAULT 0, owner_host VARCHAR(255), owner_pid INT,
             acquired_at DATETIME(3), expires_at DATETIME(3) NOT NULL,
             high_water_ms BIGINT NOT NULL) ENGINE=InnoDB;
         CREATE TABLE nullable (
             worker_id SMALLINT PRIMARY KEY, token BIGINT, generation BIGINT NOT NULL DEFAULT 0,
             owner_host VARCHAR(255), owner_pid INT, acquired_at DATETIME(3),
             expires_at DATETIME(3) NOT NULL, high_water_ms BIGINT) ENGINE=InnoDB;
         CREATE TABLE myisam (
             worker_id SMALLINT PRIMARY KEY, token BIGINT, generation BIGINT NOT NULL DEFAULT 0,
             owner_host VARCHAR(255), owner_pid INT, acquired_at DATETIME(3),
             expires_at DATETIME(3) NOT NULL, high_water_ms BIGINT NOT NULL) ENGINE=MyISAM;",
    )
    .unwrap();
    for (table, column, problem) in [
        ("mistyped", "token", "has type varchar(20), expected bigint"),
        ("partial", "high_water_ms", "is missing (expected bigint)"),
        (
            "seconds",
            "expires_at",
            "has type datetime, expected datetime(3) (milliseconds at least)",
        ),
        (
            "unsigned_token",
            "token",
            "has type bigint(20) unsigned, expected bigint (signed)",
        ),
        (
            "nullable",
            "high_water_ms",
            "may be NULL, expected bigint NOT NULL",
        ),
    ] {
        let error = LeasedGenerator::acquire(&short(&url, table)).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "lease table \"lease_shape.{table}\" has another shape: column {column:?} {problem}"
            ),
            "{error:?}"
        );
    }
    let error = LeasedGenerator::acquire(&short(&url, "myisam")).unwrap_err();
    assert_eq!(
        error.to_string(),
        "lease table \"lease_shape.myisam\" uses the storage engine MyISAM: the lease needs \
         InnoDB's row locks and transactions (ALTER TABLE lease_shape.myisam ENGINE = InnoDB)"
    );
}

#[test]
fn a_user_without_privileges_is_told_so() {
    let url = database("lease_privileges");
    let table = "lease";
    create_table(&url, table);
    let mut conn = sql(&url);
    conn.query_drop(
        "CREATE USER lease_reader@'127.0.0.1'; \
         GRANT SELECT ON lease_privileges.lease TO lease_reader@'127.0.0.1'",
    )
    .unwrap();
    let as_reader = format!(
        "mysql://lease_reader@127.0.0.1:{}/lease_privileges",
        shared().port()
    );
    let error = LeasedGenerator::acquire(&short(&as_reader, table)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the role \"'lease_reader'@'127.0.0.1'\" lacks UPDATE on lease table \
         \"lease_privileges.lease\": the lease needs SELECT and UPDATE (GRANT SELECT, UPDATE ON \
         lease_privileges.lease TO 'lease_reader'@'127.0.0.1')"
    );
    // A missing table it may not create: told so, naming the database.
    let error = LeasedGenerator::acquire(&short(&as_reader, "other")).unwrap_err();
    assert!(
        matches!(&error, LeaseError::CreatePrivilege { table, schema, .. }
            if table == "lease_privileges.other" && schema == "lease_privileges"),
        "{error:?}"
    );
    conn.query_drop("GRANT UPDATE ON lease_privileges.lease TO lease_reader@'127.0.0.1'")
        .unwrap();
    LeasedGenerator::acquire(&short(&as_reader, table))
        .unwrap()
        .generate()
        .unwrap();
}

#[test]
fn bad_urls_and_unreachable_servers_are_errors_naming_them() {
    let error = LeasedGenerator::acquire(&LeaseConfig::new(
        "mysql://app:hunter2@db/app?ssl-cert=/etc/client.pem",
    ))
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid MySQL URL: ssl-cert is not supported by the lease: client certificates are not \
         supported (the lease takes ssl-mode, ssl-ca and socket)"
    );
    let error = LeasedGenerator::acquire(&LeaseConfig::new(
        "mysql://app:hunter2@db/app?sslmode=require",
    ))
    .unwrap_err();
    assert!(matches!(error, LeaseError::MysqlUrl { .. }), "{error:?}");
    assert!(!error.to_string().contains("hunter2"), "{error}");
    // A port nothing listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let error = LeasedGenerator::acquire(&LeaseConfig::new(&format!(
        "mysql://app:hunter2@127.0.0.1:{closed}/app?ssl-mode=DISABLED"
    )))
    .unwrap_err();
    assert!(matches!(error, LeaseError::Connect { .. }), "{error:?}");
    let message = error.to_string();
    assert!(
        message.starts_with(&format!(
            "could not connect to MySQL (host=127.0.0.1 port={closed} database=app user=app \
             ssl-mode=DISABLED): "
        )),
        "{message}"
    );
    assert!(!message.contains("hunter2"), "{message}");
    // A database that does not exist.
    let error =
        LeasedGenerator::acquire(&LeaseConfig::new(&shared().url("lease_no_such_db"))).unwrap_err();
    assert!(
        matches!(&error, LeaseError::Connect { .. })
            && error
                .to_string()
                .contains("Unknown database 'lease_no_such_db'"),
        "{error}"
    );
}

#[test]
fn a_wrong_password_is_an_error_naming_the_user() {
    database("lease_password");
    shared().sql(
        "CREATE USER lease_password@'127.0.0.1' IDENTIFIED BY 'right'; \
         GRANT ALL ON lease_password.* TO lease_password@'127.0.0.1'",
    );
    let as_user = |password: &str| {
        short(
            &format!(
                "mysql://lease_password:{password}@127.0.0.1:{}/lease_password",
                shared().port()
            ),
            "lease",
        )
    };
    let error = LeasedGenerator::acquire(&as_user("wrong")).unwrap_err();
    let message = error.to_string();
    assert!(
        matches!(error, LeaseError::Connect { .. })
            && message.contains("Access denied for user 'lease_password'@"),
        "{message}"
    );
    assert!(
        !message.contains("wrong"),
        "the password must not be shown: {message}"
    );
    LeasedGenerator::acquire(&as_user("right"))
        .unwrap()
        .release()
        .unwrap();
}

#[test]
fn a_row_whose_mark_is_far_ahead_is_passed_over_and_reported() {
    let url = database("lease_ahead");
    let table = "lease";
    create_table(&url, table);
    let mut conn = sql(&url);
    hold_all_but(&mut conn, table, &[3, 4]);
    let poisoned = 4_320_914_029_887i64;
    conn.query_drop(format!(
        "UPDATE {table} SET high_water_ms = {poisoned} WHERE worker_id = 3"
    ))
    .unwrap();
    claim_past_a_poisoned_row(&short(&url, table), poisoned);
}

/// A holder whose wall clock is a year ahead of the server's, in a child under `faketime`:
/// every mark it writes is capped at the server's clock plus the lead, so it serves nothing
/// (its ids would be above every ceiling), says how far ahead its clock is, and leaves
/// nothing in the row that a later holder would have to start above.
#[test]
fn a_holder_whose_clock_is_far_ahead_writes_no_mark_beyond_the_lead() {
    const TEST: &str = "a_holder_whose_clock_is_far_ahead_writes_no_mark_beyond_the_lead";
    if let Some((_, url, table)) = child_role() {
        let generator = acquire_and_announce(&short(&url, &table));
        let mut refused = 0;
        let mut served = 0;
        for _ in 0..200 {
            match generator.generate() {
                Ok(_) => served += 1,
                Err(Error::AheadOfLease { .. }) => refused += 1,
                Err(other) => panic!("{other}"),
            }
            thread::sleep(Duration::from_millis(10));
        }
        let state = generator.state();
        println!("served={served}");
        println!("refused={refused}");
        println!("clock_ahead_ms={}", state.clock_ahead_ms);
        println!("ceiling={}", state.high_water_ms);
        println!("done");
        std::io::stdout().flush().unwrap();
        let _ = std::io::stdin().read_to_end(&mut Vec::new());
        return;
    }
    if let Err(error) = Command::new("faketime").arg("--help").output() {
        panic!("cannot run `faketime` ({error}); this test needs it: `apt-get install faketime`");
    }
    let url = database("lease_far_clock");
    let table = "lease";
    create_table(&url, table);
    let mut command = Command::new("faketime");
    // Only the wall clock: the boot clock, which the deadline runs on, stays true.
    command
        .env("DONT_FAKE_MONOTONIC", "1")
        .args(["-f", "+365d"])
        .arg(std::env::current_exe().unwrap());
    let mut child = spawn_child_command(command, TEST, "far", &url, table, &[]);
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let lines = read_until(&mut child, &mut stdout, "ready");
    let worker_id: u16 = value(&lines, "worker_id");
    let mut conn = sql(&url);
    let mut checks = 0;
    let lines = loop {
        let (_, mark, ..) = row(&mut conn, table, worker_id);
        let now = server_ms(&mut conn);
        assert!(
            mark <= now + LEAD_MS as i64,
            "mark {mark} is {} ms above the server's clock",
            mark - now
        );
        checks += 1;
        if checks == 5 {
            break read_until(&mut child, &mut stdout, "done");
        }
        thread::sleep(Duration::from_millis(300));
    };
    drop(child.stdin.take());
    let status = child.wait().unwrap();
    assert!(status.success(), "the child failed: {status}");
    let year_ms = 365 * 86_400_000_i64;
    let ahead: i64 = value(&lines, "clock_ahead_ms");
    assert!(
        (year_ms - 60_000..=year_ms + 60_000).contains(&ahead),
        "{ahead}"
    );
    assert_eq!(value::<u64>(&lines, "served"), 0, "{lines:?}");
    assert_eq!(value::<u64>(&lines, "refused"), 200);
    let ceiling: i64 = value(&lines, "ceiling");
    assert!(
        ceiling <= server_ms(&mut conn) + LEAD_MS as i64,
        "{ceiling}"
    );
    let (_, mark, ..) = row(&mut conn, table, worker_id);
    assert!(mark <= server_ms(&mut conn) + LEAD_MS as i64, "{mark}");
}

/// A server restarted (killed and started on its files) is survived: renewals fail, then
/// succeed on a new connection with the token still in the row.
#[test]
fn a_server_restart_is_survived_without_a_duplicate() {
    let mut server = Server::start(&[("innodb_flush_log_at_trx_commit", "1")]);
    let url = database_on(&server, "lease_restart");
    let generator = LeasedGenerator::acquire(&short(&url, "lease")).unwrap();
    let generation = generator.state().generation;
    let mut ids: Vec<SnowflakeId> = (0..100).map(|_| generator.generate().unwrap()).collect();
    server.kill();
    server.start_again();
    serve_through_restart(&generator, &mut ids, None, Duration::from_secs(30));
    ids.push(generator.generate().unwrap());
    assert_strictly_increasing(&ids);
    let (held, _, row_generation, _) = row(&mut sql(&url), "lease", generator.worker_id());
    assert!(held);
    assert_eq!(row_generation as u64, generation, "nobody else held it");
}
