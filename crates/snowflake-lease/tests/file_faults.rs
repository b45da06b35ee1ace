//! What goes wrong on one host, on real filesystems and real processes: slot files torn,
//! emptied or filled with garbage (by hand, and by holders SIGKILLed while they renew), a
//! full disk (a small tmpfs), a missing, unwritable or read-only directory, and the host's
//! clock stepped back between two holders of one slot (under `faketime`). Each ends in an
//! error saying what happened, or in ids no other holder served.
#![cfg(unix)]

mod file_support;

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::ops::Range;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use file_support::*;
use snowflake::SnowflakeId;
use snowflake_lease::{Error, LeaseConfig, LeaseError, LeaseEvent, LeasedGenerator};
use test_support::generated::assert_strictly_increasing;

/// A record, as another holder would have written it: sequence, mark and generation.
fn record(seq: u64, mark_ms: u64, generation: u64) -> Record {
    Record {
        seq,
        mark_ms,
        token: 0x0123_4567_89ab_cdef,
        generation,
        pid: 1,
        acquired_ms: 0,
        host: "elsewhere".into(),
    }
}

/// `new` written over `old` and torn after its first 30 bytes: no valid record.
fn tear(old: &Record, new: &Record) -> Vec<u8> {
    let mut torn = old.encode();
    torn[..30].copy_from_slice(&new.encode()[..30]);
    assert_eq!(
        Record::decode(&torn),
        None,
        "a torn record that still reads"
    );
    torn
}

/// Writes `a` at offset 0 and `b` at 256: the two records of a slot file, by hand.
fn write_slot(path: &Path, a: &[u8], b: &[u8]) {
    let mut bytes = a.to_vec();
    bytes.extend_from_slice(b);
    std::fs::write(path, bytes).unwrap();
}

/// The passed-over count of the `Acquired` event, and the generator.
fn acquire_counting_passed_over(config: LeaseConfig) -> (LeasedGenerator, u32) {
    let passed = Arc::new(Mutex::new(None));
    let seen = Arc::clone(&passed);
    let generator = LeasedGenerator::acquire(&config.on_event(move |event| {
        if let LeaseEvent::Acquired { passed_over, .. } = event {
            *seen.lock().unwrap() = Some(*passed_over);
        }
    }))
    .unwrap();
    let passed_over = passed.lock().unwrap().expect("an Acquired event");
    (generator, passed_over)
}

/// Checks that `error` refuses every worker id for exactly one slot, free but marked too far
/// ahead of the clock (none held), and says so: how far ahead that mark is.
fn one_too_far_ahead_ms(error: &LeaseError) -> u64 {
    let LeaseError::AllHeld {
        held: 0,
        ahead: 1,
        ahead_ms,
        ..
    } = error
    else {
        panic!("expected AllHeld with one ahead, got {error:?}");
    };
    assert!(
        error
            .to_string()
            .contains("1 free but with a high-water mark too far ahead of the store's clock"),
        "{error}"
    );
    *ahead_ms
}

/// A slot file whose newest write was torn keeps its other record; one with no valid record
/// (empty, garbage, cut short) is a slot with no mark, and its new holder starts above the
/// host's clock plus the lead and the skew all the same.
#[test]
fn torn_emptied_and_garbage_slot_files_read_as_what_they_hold() {
    let dir = Scratch::new("torn");
    let now = unix_ms();
    let hour_ahead = now + 3_600_000;
    // 0: its valid record (B, seq 5) is an hour ahead; the write of seq 6 over A (seq 4)
    // was torn, and would have said 0.
    let valid = record(5, hour_ahead, 4).encode();
    let torn = tear(&record(4, hour_ahead, 3), &record(6, 0, 5));
    write_slot(&dir.slot(0), &torn, &valid);
    // 1: the other way around: its valid record (B, seq 3) says 0, and the torn write of
    // seq 4 over A would have said an hour ahead.
    let torn = tear(&record(2, 0, 6), &record(4, hour_ahead, 8));
    write_slot(&dir.slot(1), &torn, &record(3, 0, 7).encode());
    // 2: empty, as a holder killed between creating it and its first write leaves it.
    std::fs::write(dir.slot(2), b"").unwrap();
    // 3: garbage of no record's length.
    std::fs::write(dir.slot(3), [0xA5u8; 77]).unwrap();
    // 4: cut in the middle of B: A (seq 2) is whole.
    let mut cut = record(2, now - 60_000, 11).encode();
    cut.extend_from_slice(&record(3, now - 50_000, 12).encode()[..100]);
    std::fs::write(dir.slot(4), cut).unwrap();

    let floor_bounds = |before: u64, after: u64| {
        let lead = LEAD_MS + 20 + 1;
        before + lead..=after + lead
    };
    // Worker id 0 is passed over for its valid mark, an hour ahead; 1 is claimed from its
    // valid record, generation 7 + 1.
    let before = unix_ms();
    let (one, passed_over) = acquire_counting_passed_over(config(&dir.path, 0..=1));
    let after = unix_ms();
    let state = one.state();
    assert_eq!((one.worker_id(), state.generation, passed_over), (1, 8, 1));
    assert!(
        floor_bounds(before, after).contains(&state.floor_ms),
        "{state}"
    );
    one.generate().unwrap();
    // The claim (seq 4) went in the torn record's place, A; renewals go on from there.
    let (a, b) = records(&dir.slot(1));
    let a = a.expect("A written whole again");
    assert_eq!((a.seq % 2, a.generation), (0, 8));
    let rewritten = latest(&dir.slot(1)).unwrap();
    assert!(rewritten.seq >= 4 && b.is_some(), "{rewritten:?}");
    assert!(rewritten.mark_ms >= state.high_water_ms);
    assert_eq!(std::fs::metadata(dir.slot(1)).unwrap().len(), 512);

    let error = LeasedGenerator::acquire(&config(&dir.path, 0..=0)).unwrap_err();
    let ahead_ms = one_too_far_ahead_ms(&error);
    assert!(
        (3_500_000..=3_600_000).contains(&ahead_ms),
        "{ahead_ms}: {error}"
    );

    // No mark at all: a first generation, above the clock all the same.
    for (worker_id, generation) in [(2, 1), (3, 1), (4, 12)] {
        let before = unix_ms();
        let generator =
            LeasedGenerator::acquire(&config(&dir.path, worker_id..=worker_id)).unwrap();
        let after = unix_ms();
        let state = generator.state();
        assert_eq!(state.generation, generation, "worker id {worker_id}");
        assert!(
            floor_bounds(before, after).contains(&state.floor_ms),
            "worker id {worker_id}: {state}"
        );
        generator.generate().unwrap();
        let record = latest(&dir.slot(worker_id)).unwrap();
        assert!(
            record.mark_ms >= state.high_water_ms,
            "worker id {worker_id}"
        );
    }
}

/// Holders on one worker id, each SIGKILLed at a moment of its life chosen at random (while
/// it starts, claims, waits for its first ceiling, serves flat out and renews every 100 ms):
/// after every kill the slot file still reads back with a mark at least as high as every id
/// the holder served, and the next holder's ids are above all of them.
#[test]
fn holders_killed_while_they_renew_leave_a_mark_above_every_id_they_served() {
    const TEST: &str = "holders_killed_while_they_renew_leave_a_mark_above_every_id_they_served";
    if let Some((_, dir)) = child_role() {
        // A ttl of 300 ms: a renewal (a write and an fdatasync) every 100 ms.
        let config = LeaseConfig::new(&location(&dir))
            .worker_ids(0..=0)
            .ttl(Duration::from_millis(300))
            .max_clock_skew(Duration::ZERO)
            .acquire_timeout(PATIENCE);
        let generator = LeasedGenerator::acquire(&config).unwrap();
        println!("ready");
        let mut stdout = std::io::stdout().lock();
        loop {
            let (ids, result) = fill_flat_out(&generator);
            if let Some((first, last)) = ids {
                writeln!(stdout, "{} {}", first.to_u64(), last.to_u64()).unwrap();
                stdout.flush().unwrap();
            }
            match result {
                Ok(()) | Err(Error::AheadOfLease { .. } | Error::LeaseExpired { .. }) => {}
                Err(other) => panic!("{other}"),
            }
        }
    }
    const ROUNDS: usize = 40;
    let dir = Scratch::new("killed-renewing");
    let mut rng = 0x5eed_f11e_u64;
    let mut served_by: Vec<(u64, u64)> = Vec::new();
    let (mut served_rounds, mut empty_files) = (0, 0);
    for round in 0..ROUNDS {
        let mut child = spawn(TEST, "holder", &dir.path, &[]);
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut ranges = Vec::new();
        // Every other holder is killed once it serves; the others at any moment of their
        // start, claim and first ceiling too.
        if round % 2 == 1 {
            read_until(&mut child, &mut stdout, "ready");
            let mut line = String::new();
            stdout.read_line(&mut line).unwrap();
            ranges.extend(batch(&line));
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let within = if round % 2 == 1 { 400 } else { 100 };
        thread::sleep(Duration::from_millis(rng % within));
        child.kill().unwrap();
        let status = child.wait().unwrap();
        assert!(
            status.code().is_none(),
            "round {round}: the holder ended by itself ({status}): {}",
            {
                let mut stderr = String::new();
                child
                    .stderr
                    .take()
                    .unwrap()
                    .read_to_string(&mut stderr)
                    .unwrap();
                stderr
            }
        );
        for line in stdout.lines() {
            ranges.extend(batch(&line.unwrap()));
        }
        let path = dir.slot(0);
        let record = if path.exists() { latest(&path) } else { None };
        if record.is_none() {
            empty_files += 1;
        }
        let Some(&(_, last)) = ranges.last() else {
            continue;
        };
        served_rounds += 1;
        let last = SnowflakeId::from_u64(last).unwrap();
        let record = record.unwrap_or_else(|| {
            panic!("round {round}: ids served up to {last}, and no mark in the file")
        });
        assert!(
            record.mark_ms >= last.timestamp_ms(),
            "round {round}: served {last} (ms {}) above the durable mark {}",
            last.timestamp_ms(),
            record.mark_ms
        );
        // Above every earlier holder's, and increasing within this one.
        let flat: Vec<u64> = ranges.iter().flat_map(|(a, b)| [*a, *b]).collect();
        assert_strictly_increasing(&flat);
        if let Some(&(_, before)) = served_by.last() {
            assert!(
                ranges[0].0 > before,
                "round {round}: the holder started at {} below an earlier holder's {before}",
                ranges[0].0
            );
        }
        served_by.extend(ranges);
    }
    println!(
        "{ROUNDS} holders killed: {served_rounds} after serving, {empty_files} leaving no record"
    );
    assert!(
        served_rounds >= ROUNDS / 2,
        "{served_rounds} holders served"
    );
}

/// The first and last id of a holder's line `first last`, if it is one (the test harness
/// writes lines of its own).
fn batch(line: &str) -> Option<(u64, u64)> {
    let (first, last) = line.trim_end().rsplit_once(' ')?;
    let first = first.rsplit(' ').next()?;
    Some((first.parse().ok()?, last.parse().ok()?))
}

/// A full disk on a tmpfs of 64 KiB: a newcomer's claim fails saying so; the holder keeps
/// renewing in place; once its file is cut short (it needs a new block), its renewals fail,
/// it stops serving at its deadline, and it serves again once there is room.
#[test]
fn a_full_disk_stops_claims_and_renewals_that_need_room_saying_so() {
    let tmpfs = Tmpfs::mount("full-disk", "size=64k,mode=0755");
    let dir = &tmpfs.scratch.path;
    let holder = LeasedGenerator::acquire(&config(dir, 0..=0)).unwrap();
    let filler = dir.join("filler");
    let fill = || {
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&filler)
            .unwrap();
        loop {
            match file.write_all(&[0; 4096]) {
                Ok(()) => {}
                Err(error) if error.kind() == ErrorKind::StorageFull => return,
                Err(error) => panic!("filling the disk: {error}"),
            }
        }
    };
    fill();

    let error = LeasedGenerator::acquire(&config(dir, 1..=1)).unwrap_err();
    assert!(matches!(error, LeaseError::Directory { .. }), "{error:?}");
    let message = error.to_string();
    for part in [
        &format!("lease directory {:?}", dir.display().to_string()),
        "worker-0001.lease",
        "No space left on device",
        "the disk is full",
    ] {
        assert!(message.contains(part), "{part:?} not in {message}");
    }

    // The holder's file is written whole: it renews in place, disk full or not.
    let renewals = holder.state().renewals;
    poll(
        "two renewals on a full disk",
        Duration::from_secs(30),
        || (holder.state().renewals >= renewals + 2).then_some(()),
    );
    assert_eq!(holder.state().failed_renewals, 0);
    holder.generate().unwrap();

    // Cut short by an operator, the file needs a block again: none is left.
    let slot = dir.join("worker-0000.lease");
    poll(
        "a renewal failing for room",
        Duration::from_secs(30),
        || {
            if std::fs::metadata(&slot).unwrap().len() > 0 {
                // (Again, if a renewal wrote it whole between the cut and the fill.)
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(&slot)
                    .unwrap()
                    .set_len(0)
                    .unwrap();
                fill();
            }
            (holder.state().failed_renewals > 0).then_some(())
        },
    );
    let failure = holder.state().last_renewal_error.unwrap_or_default();
    assert!(
        failure.contains("writing the mark to worker-0000.lease")
            && failure.contains("No space left on device"),
        "{failure}"
    );
    // No durable mark, no more ids: refused from the deadline on (ttl - margin after the
    // last renewal that succeeded).
    poll("LeaseExpired", Duration::from_secs(30), || {
        match holder.generate() {
            Ok(_) | Err(Error::AheadOfLease { .. }) => None,
            Err(Error::LeaseExpired { .. }) => Some(()),
            Err(other) => panic!("{other}"),
        }
    });
    std::fs::remove_file(&filler).unwrap();
    serve_again(&holder, Duration::from_secs(30));
    let state = holder.state();
    assert!(state.late_renewals >= 1 && !state.lost, "{state}");
    let record = latest(&slot).unwrap();
    assert!(record.mark_ms >= state.high_water_ms);
}

/// Whether this process runs as root (a file it creates is root's).
fn running_as_root(dir: &Path) -> bool {
    let probe = dir.join(".uid-probe");
    std::fs::write(&probe, "").unwrap();
    let uid = std::fs::metadata(&probe).unwrap().uid();
    std::fs::remove_file(&probe).unwrap();
    uid == 0
}

/// In a child: acquire on its directory, and print the error.
fn report_acquire(dir: &Path) {
    match LeasedGenerator::acquire(&config(dir, 0..=0)) {
        Ok(generator) => println!("acquired={}", generator.worker_id()),
        Err(error) => println!("error={error}"),
    }
}

#[test]
fn a_missing_or_unwritable_directory_is_an_error_naming_it_and_why() {
    const TEST: &str = "a_missing_or_unwritable_directory_is_an_error_naming_it_and_why";
    if let Some((_, dir)) = child_role() {
        report_acquire(&dir);
        return;
    }
    let scratch = Scratch::new("unwritable");
    // Missing: refused, and not made (a misspelt path must not become a second store).
    let missing = scratch.path.join("missing");
    let error = LeasedGenerator::acquire(&config(&missing, 0..=0)).unwrap_err();
    assert!(matches!(error, LeaseError::Directory { .. }), "{error:?}");
    let message = error.to_string();
    assert!(
        message.starts_with(&format!(
            "lease directory {:?}: opening the directory failed: No such file or directory",
            missing.display().to_string()
        )) && message.contains("it does not exist: create it"),
        "{message}"
    );
    assert!(!missing.exists());
    // A file, not a directory.
    let file = scratch.path.join("a-file");
    std::fs::write(&file, "").unwrap();
    let message = LeasedGenerator::acquire(&config(&file, 0..=0))
        .unwrap_err()
        .to_string();
    assert!(
        message.contains(&format!("{:?}", file.display().to_string()))
            && message.contains("it is not a directory"),
        "{message}"
    );

    // Unwritable: read and search only, for its owner too. Root ignores permissions, so as
    // root the child runs as `nobody`.
    let dir = scratch.path.join("unwritable");
    std::fs::create_dir(&dir).unwrap();
    let as_root = running_as_root(&dir);
    // One slot file made by another user before (the first holder), not writable by this one.
    let made_before = LeasedGenerator::acquire(&config(&dir, 1..=1)).unwrap();
    drop(made_before);
    std::fs::set_permissions(
        dir.join("worker-0001.lease"),
        PermissionsExt::from_mode(0o444),
    )
    .unwrap();
    std::fs::set_permissions(&dir, PermissionsExt::from_mode(0o555)).unwrap();
    // `nobody` may not reach this binary where it was built (under /root, say): a copy of it,
    // in the scratch directory, which anyone may read.
    let binary = scratch.path.join("test-binary");
    std::fs::copy(std::env::current_exe().unwrap(), &binary).unwrap();
    std::fs::set_permissions(&binary, PermissionsExt::from_mode(0o755)).unwrap();
    let run = || {
        let mut command = command(TEST, "acquire", &dir, &[]);
        if as_root {
            let mut as_nobody = Command::new(&binary);
            as_nobody
                .args(only(TEST))
                .env(ROLE, "acquire")
                .env(DIR, &dir)
                .uid(65534)
                .gid(65534);
            command = as_nobody;
        }
        command.stdin(Stdio::null());
        let output = command.output().unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        let lines: Vec<String> = stdout.lines().map(str::to_owned).collect();
        assert!(
            output.status.success(),
            "{}\n{stdout}",
            String::from_utf8_lossy(&output.stderr)
        );
        value::<String>(&lines, "error")
    };
    let create = run();
    for part in [
        &format!("lease directory {:?}", dir.display().to_string()),
        "opening worker-0000.lease failed: Permission denied",
        "this process may not write there",
    ] {
        assert!(create.contains(part), "{part:?} not in {create}");
    }
    // The existing one, read-only for this user.
    std::fs::set_permissions(&dir, PermissionsExt::from_mode(0o777)).unwrap();
    let _ = std::fs::remove_file(dir.join("worker-0000.lease"));
    std::fs::rename(dir.join("worker-0001.lease"), dir.join("worker-0000.lease")).unwrap();
    let open = run();
    assert!(
        open.contains("opening worker-0000.lease failed: Permission denied"),
        "{open}"
    );
}

#[test]
fn a_read_only_directory_is_an_error_naming_it_and_why() {
    // An empty tmpfs mounted read-only: the slot file cannot be made.
    let empty = Tmpfs::mount("read-only-tmpfs", "ro,size=64k");
    let message = LeasedGenerator::acquire(&config(&empty.scratch.path, 0..=0))
        .unwrap_err()
        .to_string();
    for part in [
        &format!(
            "lease directory {:?}",
            empty.scratch.path.display().to_string()
        ),
        "opening worker-0000.lease failed: Read-only file system",
        "the filesystem is mounted read-only",
    ] {
        assert!(message.contains(part), "{part:?} not in {message}");
    }
    // A directory with slot files, bind-mounted read-only (a volume mounted read-only into a
    // container): they cannot be opened for writing.
    let source = Scratch::new("read-only-source");
    drop(LeasedGenerator::acquire(&config(&source.path, 0..=0)).unwrap());
    let target = Scratch::new("read-only-bind");
    mount(
        &["--bind", &source.path.display().to_string()],
        &target.path,
    );
    let unmount = Unmount(&target.path);
    mount(&["-o", "remount,bind,ro"], &target.path);
    let message = LeasedGenerator::acquire(&config(&target.path, 0..=0))
        .unwrap_err()
        .to_string();
    assert!(
        message.contains(&format!("{:?}", target.path.display().to_string()))
            && message.contains("opening worker-0000.lease failed: Read-only file system"),
        "{message}"
    );
    drop(unmount);
}

/// Unmounts a bind mount when dropped.
struct Unmount<'a>(&'a Path);

impl Drop for Unmount<'_> {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.0).status();
    }
}

/// Runs this test binary's `test` in `role` under `faketime -f offset` (the wall clock
/// only), to its line `ready`: its lines.
fn under_faketime(test: &str, role: &str, dir: &Path, offset: &str) -> Vec<String> {
    if let Err(error) = Command::new("faketime").arg("--help").output() {
        panic!(
            "cannot run `faketime` ({error}); this test needs it: `apt-get install faketime` \
             (Debian and Ubuntu; `brew install libfaketime` on macOS)"
        );
    }
    // Only the wall clock: the lease's deadline is on the boot clock, which a host's clock
    // step leaves alone.
    let output = Command::new("faketime")
        .args(["-f", offset])
        .arg(std::env::current_exe().unwrap())
        .args(only(test))
        .env("DONT_FAKE_MONOTONIC", "1")
        .env(ROLE, role)
        .env(DIR, dir)
        .stdin(Stdio::null())
        .output()
        .expect("faketime runs the test binary");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success() && stdout.contains("ready"),
        "{}\n{stdout}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout.lines().map(str::to_owned).collect()
}

/// In a child: acquire worker id 0, serve up to the ceiling, say the highest id, release
/// (the mark stays).
fn serve_to_the_ceiling_and_release(dir: &Path) {
    let generator = LeasedGenerator::acquire(&config(dir, 0..=0)).unwrap();
    let mut last = generator
        .generate_at(generator.state().high_water_ms)
        .unwrap();
    loop {
        let (ids, result) = fill_flat_out(&generator);
        if let Some((_, high)) = ids {
            last = high;
        }
        match result {
            Ok(()) => {}
            Err(Error::AheadOfLease { .. }) => break,
            Err(other) => panic!("{other}"),
        }
    }
    println!("max={last}");
    generator.release().unwrap();
    println!("ready");
}

/// How far ahead of the kernel's clock the clock of the slot file's last writer was: its
/// last mark (the lead above its clock, as it serves flat out) against the file's
/// modification time, which the kernel sets from its own clock.
fn writer_clock_ahead_ms(path: &Path) -> i64 {
    let mark = latest(path).unwrap().mark_ms;
    let modified = std::fs::metadata(path)
        .unwrap()
        .modified()
        .unwrap()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis();
    (mark - LEAD_MS) as i64 - modified as i64
}

/// A first holder of worker id 0 run to its ceiling and released under `faketime -f offset`,
/// its clock checked to have been `ahead_ms` ahead of the kernel's: its directory and highest
/// id. `None` in that holder's own process, which has served by then.
fn first_holder_ahead(
    test: &str,
    scratch: &str,
    offset: &str,
    ahead_ms: Range<i64>,
) -> Option<(Scratch, SnowflakeId)> {
    if let Some((_, dir)) = child_role() {
        serve_to_the_ceiling_and_release(&dir);
        return None;
    }
    let dir = Scratch::new(scratch);
    let lines = under_faketime(test, "ahead", &dir.path, offset);
    let first_max: SnowflakeId = value(&lines, "max");
    let ahead = writer_clock_ahead_ms(&dir.slot(0));
    assert!(
        ahead_ms.contains(&ahead),
        "the first holder's clock was {ahead} ms ahead"
    );
    Some((dir, first_max))
}

/// The host's clock stepped back five minutes between two holders of one slot (the first
/// runs five minutes ahead): the second refuses the slot, whose mark is ahead of its clock,
/// saying so, and serves under another worker id.
#[test]
fn a_clock_stepped_back_by_minutes_refuses_the_slot_written_ahead_of_it() {
    const TEST: &str = "a_clock_stepped_back_by_minutes_refuses_the_slot_written_ahead_of_it";
    let Some((dir, first_max)) =
        first_holder_ahead(TEST, "stepped-back-minutes", "+300s", 299_000..301_000)
    else {
        return;
    };
    let error = LeasedGenerator::acquire(&config(&dir.path, 0..=0)).unwrap_err();
    let ahead_ms = one_too_far_ahead_ms(&error);
    assert!(ahead_ms > 300_000, "{error}");
    let (second, passed_over) = acquire_counting_passed_over(config(&dir.path, 0..=1));
    assert_eq!((second.worker_id(), passed_over), (1, 1));
    let id = second.generate().unwrap();
    assert_ne!(id.worker_id(), first_max.worker_id());
}

/// The host's clock stepped back three seconds between two holders of one slot, within the
/// skew the second allows (5 s): it claims the slot and serves above the stored mark, so
/// above every id of the first.
#[test]
fn a_clock_stepped_back_within_the_skew_serves_above_the_stored_mark() {
    const TEST: &str = "a_clock_stepped_back_within_the_skew_serves_above_the_stored_mark";
    let Some((dir, first_max)) =
        first_holder_ahead(TEST, "stepped-back-seconds", "+3s", 2_000..4_000)
    else {
        return;
    };
    let mark = latest(&dir.slot(0)).unwrap().mark_ms;
    assert!(mark >= first_max.timestamp_ms());
    let second = LeasedGenerator::acquire(
        &config(&dir.path, 0..=0)
            .max_clock_skew(Duration::from_secs(5))
            .acquire_timeout(Duration::from_secs(30)),
    )
    .unwrap();
    let state = second.state();
    assert_eq!(second.worker_id(), 0);
    assert!(state.floor_ms > mark, "{state} vs mark {mark}");
    let mut ids = vec![second.generate().unwrap()];
    let mut more = vec![SnowflakeId::MIN; 4096];
    second.fill(&mut more).unwrap();
    ids.extend(more);
    assert_strictly_increasing(&ids);
    assert!(ids[0] > first_max, "{} <= {first_max}", ids[0]);
}
