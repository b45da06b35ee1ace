//! The host-local store (`file:` locations) on real directories, with real processes: worker
//! ids handed out and their marks kept in the slot files, 64 processes claiming at once on a
//! busy machine, every worker id held, a killed holder's worker id free at once, release and
//! drop, and a fork.
#![cfg(unix)]

mod file_support;

use std::collections::HashSet;
use std::io::{BufReader, Write};
use std::thread;
use std::time::Duration;

use file_support::*;
use snowflake::SnowflakeId;
use snowflake_lease::{Error, LeaseConfig, LeaseError, LeasedGenerator};
use test_support::fork::in_child;
use test_support::generated::assert_strictly_increasing;

#[test]
fn a_directory_hands_out_worker_ids_and_keeps_their_marks() {
    let dir = Scratch::new("hands-out");
    let before = unix_ms();
    let generator = LeasedGenerator::acquire(&config(&dir.path, 0..=1023)).unwrap();
    let after = unix_ms();
    let state = generator.state();
    assert_eq!(generator.worker_id(), 0);
    assert_eq!(state.store, dir.path.display().to_string());
    assert_eq!(state.generation, 1);
    // A new slot file holds no mark: the floor is the host's clock at the claim plus the lead,
    // the skew (20 ms) and 1.
    let lead = LEAD_MS + 20 + 1;
    assert!(
        (before + lead..=after + lead).contains(&state.floor_ms),
        "floor {} not within {before}..={after} + {lead}",
        state.floor_ms
    );
    assert!(state.took_over_ahead && state.high_water_ms > state.floor_ms);
    // The store's clock is this host's, read after the holder's own reading: never behind.
    assert!(state.clock_ahead_ms <= 0, "{state:?}");
    let first = generator.generate().unwrap();
    assert_eq!(first.worker_id(), 0);

    // The slot file: two records' length, the holder's token, pid and host, and a mark at
    // least the ceiling the holder serves under, durable before it serves.
    let path = dir.slot(0);
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 512);
    let record = latest(&path).expect("a valid record");
    assert!(
        record.mark_ms >= state.high_water_ms,
        "{record:?} vs {state}"
    );
    assert_eq!((record.generation, record.pid), (1, std::process::id()));
    // Renewals raise it, each written to the other record.
    let ceiling = state.high_water_ms;
    poll("two more renewals", Duration::from_secs(30), || {
        (generator.state().renewals >= state.renewals + 2).then_some(())
    });
    let renewed = latest(&path).unwrap();
    assert!(renewed.mark_ms > ceiling, "{renewed:?}");
    assert!(renewed.seq >= record.seq + 2);
    assert_eq!(renewed.token, record.token);
    let (a, b) = records(&path);
    assert!(
        a.is_some() && b.is_some(),
        "both records written: {a:?} {b:?}"
    );

    // A second generator, in this process too: the next worker id.
    let second = LeasedGenerator::acquire(&config(&dir.path, 0..=1023)).unwrap();
    assert_eq!(second.worker_id(), 1);
    drop(second);

    // Released: the mark stays, and the next holder of worker id 0 starts above it.
    let ids = [first, generator.generate().unwrap()];
    assert_strictly_increasing(&ids);
    let ceiling = generator.state().high_water_ms;
    generator.release().unwrap();
    let kept = latest(&path).unwrap();
    assert!(kept.mark_ms >= ceiling, "{kept:?}");
    let next = LeasedGenerator::acquire(&config(&dir.path, 0..=0)).unwrap();
    let state = next.state();
    assert_eq!((next.worker_id(), state.generation), (0, 2));
    assert!(state.floor_ms > kept.mark_ms, "{state} vs {kept:?}");
    assert!(next.generate().unwrap() > ids[1]);
    assert_ne!(latest(&path).unwrap().token, kept.token, "a new token");
}

#[test]
fn sixty_four_processes_claiming_at_once_get_distinct_worker_ids() {
    const TEST: &str = "sixty_four_processes_claiming_at_once_get_distinct_worker_ids";
    if let Some((_, dir)) = child_role() {
        // The child: claim, report, hold until the parent closes standard input.
        claim_and_hold(config(&dir, 0..=1023));
        return;
    }
    let dir = Scratch::new("sixty-four");
    // Every core kept busy by other processes, as in a rollout on a loaded host.
    let _busy = Busy::every_core();
    let claimers = Claimers::start(64, || spawn(TEST, "claim", &dir.path, &[]));
    let distinct: HashSet<u16> = claimers.worker_ids.iter().copied().collect();
    // All 64 hold their slots at once, each from its own process: a 65th finds them held.
    let pids: HashSet<u32> = distinct
        .iter()
        .map(|id| latest(&dir.slot(*id)).unwrap().pid)
        .collect();
    assert_eq!(pids.len(), 64);
    let error = LeasedGenerator::acquire(&config(&dir.path, 0..=63)).unwrap_err();
    assert!(
        matches!(error, LeaseError::AllHeld { held: 64, .. }),
        "{error:?}"
    );
    claimers.release();
    // Every child released its slot: the first is free again.
    let again = LeasedGenerator::acquire(&config(&dir.path, 0..=63)).unwrap();
    assert_eq!(again.worker_id(), 0);
}

#[test]
fn with_every_worker_id_held_acquire_fails_at_once_naming_the_directory() {
    let dir = Scratch::new("all-held");
    let config = config(&dir.path, 5..=7);
    let holders: Vec<LeasedGenerator> = (0..3)
        .map(|_| LeasedGenerator::acquire(&config).unwrap())
        .collect();
    let ids: Vec<u16> = holders.iter().map(LeasedGenerator::worker_id).collect();
    assert_eq!(ids, [5, 6, 7], "the worker ids of the range, in order");
    let error = LeasedGenerator::acquire(&config).unwrap_err();
    assert_all_held(&error, &dir.path.display().to_string(), 3);
    let message = error.to_string();
    assert!(
        message.contains(&format!("{:?}", dir.path.display().to_string()))
            && message.contains("3 held by live leases"),
        "{message}"
    );
    // Only the range is tried: no slot file outside it was made.
    let mut names: Vec<String> = std::fs::read_dir(&dir.path)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "worker-0005.lease",
            "worker-0006.lease",
            "worker-0007.lease"
        ]
    );
    // One released: its worker id is the next claim's.
    let mut holders = holders;
    holders.remove(1).release().unwrap();
    let next = LeasedGenerator::acquire(&config).unwrap();
    assert_eq!(next.worker_id(), 6);
}

#[test]
fn a_killed_holder_frees_its_worker_id_at_once_and_the_next_starts_above_its_ids() {
    const TEST: &str =
        "a_killed_holder_frees_its_worker_id_at_once_and_the_next_starts_above_its_ids";
    if let Some((_, dir)) = child_role() {
        // Holder A: burst up to its ceiling, report, then wait to be killed.
        let generator = LeasedGenerator::acquire(&config(&dir, 9..=9)).unwrap();
        let state = generator.state();
        let served = burst_to_the_ceiling(&generator, state.high_water_ms);
        assert_strictly_increasing(&served);
        println!("generation={}", state.generation);
        println!("max={}", served[served.len() - 1]);
        println!("ready");
        std::io::stdout().flush().unwrap();
        loop {
            thread::sleep(Duration::from_secs(60));
        }
    }
    let dir = Scratch::new("killed");
    let mut a = spawn(TEST, "holder", &dir.path, &[]);
    let mut stdout = BufReader::new(a.stdout.take().unwrap());
    let lines = read_until(&mut a, &mut stdout, "ready");
    a.kill().unwrap(); // SIGKILL: no release, no last renewal
    a.wait().unwrap();
    let a_max: SnowflakeId = value(&lines, "max");
    let a_generation: u64 = value(&lines, "generation");
    // The kernel dropped A's lock with its process: the first attempt gets its worker id,
    // with no ttl to wait out.
    let b = LeasedGenerator::acquire(&config(&dir.path, 9..=9))
        .unwrap_or_else(|error| panic!("the killed holder's worker id is not free: {error}"));
    let state = b.state();
    assert_eq!((b.worker_id(), state.generation), (9, a_generation + 1));
    assert!(state.floor_ms > a_max.timestamp_ms(), "{state} vs {a_max}");
    let mut ids = vec![b.generate().unwrap()];
    let mut more = vec![SnowflakeId::MIN; 5_000];
    b.fill(&mut more).unwrap();
    ids.extend(more);
    assert_strictly_increasing(&ids);
    assert!(ids[0] > a_max, "{} <= {a_max}", ids[0]);
}

/// `generate` checks the high-water mark once a clock reading, not once an id: a millisecond
/// moved above the mark by `generate_at` or by a `fill`, refused there, is refused by the
/// `generate` calls after it too (or served once a renewal has raised the mark past it), never
/// served from the counter's window above the mark.
#[test]
fn after_a_refusal_above_the_mark_generate_serves_nothing_above_it() {
    let dir = Scratch::new("above-mark");
    for round in 0..20 {
        let generator = LeasedGenerator::acquire(&config(&dir.path, 0..=0)).unwrap();
        // Ids served just before, so the window of the clock's millisecond is open.
        for _ in 0..10 {
            generator.generate().unwrap();
        }
        if round % 2 == 0 {
            // An hour ahead: no renewal raises the mark that far (it follows the clock).
            let far = generator.state().high_water_ms + 3_600_000;
            let refused = generator.generate_at(far).unwrap_err();
            assert!(matches!(refused, Error::AheadOfLease { .. }), "{refused:?}");
            for _ in 0..10 {
                match generator.generate() {
                    Err(Error::AheadOfLease { timestamp_ms, .. }) => assert_eq!(timestamp_ms, far),
                    other => panic!("round {round}: {other:?} after a refusal at {far}"),
                }
            }
        } else {
            // Batches run ahead of the clock, 4,096 ids a millisecond, until one meets the mark.
            let mut burst = vec![SnowflakeId::MIN; 5_000];
            let refused = (0..10_000)
                .find_map(|_| generator.fill(&mut burst).err())
                .expect("a batch refused at the mark");
            assert!(matches!(refused, Error::AheadOfLease { .. }), "{refused:?}");
            for _ in 0..10 {
                match generator.generate() {
                    Err(Error::AheadOfLease { .. }) => {}
                    Ok(id) => {
                        let mark = generator.state().high_water_ms;
                        assert!(
                            id.timestamp_ms() <= mark,
                            "round {round}: {id} above {mark}"
                        );
                    }
                    Err(other) => panic!("round {round}: {other}"),
                }
            }
        }
        generator.release().unwrap();
    }
}

/// A child forked after the claim holds the slot file open too (a descriptor is inherited),
/// and the lock with it: it cannot serve, and the parent's release frees the worker id at
/// once, while the child still runs.
#[test]
fn a_forked_child_neither_serves_nor_keeps_the_parents_worker_id() {
    let dir = Scratch::new("fork");
    let config = config(&dir.path, 3..=3);
    let generator = LeasedGenerator::acquire(&config).unwrap();
    let before = generator.generate().unwrap();
    // In a child: no id, and no claim of the parent's worker id.
    let child = in_child(|| {
        vec![
            format!("{:?}", generator.generate()),
            format!(
                "{:?}",
                LeasedGenerator::acquire(&config).map(|g| g.worker_id())
            ),
        ]
    })
    .unwrap();
    assert_eq!(child[0], "Err(Forked)");
    assert!(child[1].contains("AllHeld"), "{child:?}");
    // A child that keeps running with the slot file open, until the parent is done.
    let started = dir.path.join("child-started");
    let parent_done = dir.path.join("parent-done");
    thread::scope(|scope| {
        let child = scope.spawn(|| {
            in_child(|| {
                std::fs::write(&started, "").unwrap();
                let alive = (0..1_500).any(|_| {
                    thread::sleep(Duration::from_millis(10));
                    parent_done.exists()
                });
                vec![alive.to_string()]
            })
        });
        poll("the child started", PATIENCE, || {
            started.exists().then_some(())
        });
        // Still the parent's.
        assert!(generator.generate().unwrap() > before);
        let error = LeasedGenerator::acquire(&config).unwrap_err();
        assert!(
            matches!(error, LeaseError::AllHeld { held: 1, .. }),
            "{error:?}"
        );
        generator.release().unwrap();
        let again = LeasedGenerator::acquire(&config)
            .unwrap_or_else(|error| panic!("released, but still held: {error}"));
        assert_eq!(again.worker_id(), 3);
        std::fs::write(&parent_done, "").unwrap();
        // The child had the file open throughout.
        assert_eq!(child.join().unwrap().unwrap(), ["true"]);
    });
}

#[test]
fn config_for_other_stores_is_ignored_and_the_location_forms_agree() {
    let dir = Scratch::new("forms");
    let path = dir.path.display().to_string();
    // `file:/path`, `file:///path`, `file://localhost/path`: one directory. The table and
    // create_table are the database stores'.
    let plain = LeasedGenerator::acquire(
        &LeaseConfig::new(&format!("file:{path}"))
            .table("ignored")
            .create_table(false)
            .max_clock_skew(Duration::ZERO),
    )
    .unwrap();
    let url = LeasedGenerator::acquire(
        &LeaseConfig::new(&format!("file://{path}")).max_clock_skew(Duration::ZERO),
    )
    .unwrap();
    let localhost = LeasedGenerator::acquire(
        &LeaseConfig::new(&format!("file://localhost{path}")).max_clock_skew(Duration::ZERO),
    )
    .unwrap();
    let ids = [plain.worker_id(), url.worker_id(), localhost.worker_id()];
    assert_eq!(ids, [0, 1, 2]);
    // A symbolic link to the directory is the same directory: its locks are the files'.
    let link = std::env::temp_dir().join(format!("snowflake-lease-link-{}", std::process::id()));
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&dir.path, &link).unwrap();
    let linked = LeasedGenerator::acquire(&config(&link, 0..=3)).unwrap();
    assert_eq!(linked.worker_id(), 3);
    std::fs::remove_file(&link).unwrap();
}
