//! What people do to a lease directory while a holder serves flat out: delete its slot file,
//! delete the whole directory and make it again, restore the file from a copy, copy another
//! slot's file over it, truncate it. None of it may make a second holder serve a (worker
//! id, millisecond) that the first one served: each test has holder A serve flat out in a
//! child process, runs the operator's commands (real `rm`, `cp`, `mv`, `truncate`), has
//! holder B acquire the same worker id and serve flat out beside A, and compares the
//! milliseconds each served.
#![cfg(unix)]

mod file_support;

use std::path::Path;
use std::process::Command;
use std::sync::atomic::AtomicBool;
use std::thread;
use std::time::{Duration, Instant};

use file_support::*;
use snowflake_lease::{LeaseConfig, LeaseError, LeasedGenerator};

/// How long B serves beside A: long enough to reach A's milliseconds, had B started below
/// A's ceiling.
const B_SERVES: Duration = Duration::from_millis(1200);

/// A 1 s lease (renewals every 333 ms) on worker id 0 of `dir`.
fn short(dir: &Path) -> LeaseConfig {
    config(dir, 0..=0)
        .ttl(Duration::from_secs(1))
        .margin(Duration::from_millis(100))
}

/// B serves flat out for [`B_SERVES`]: its worker id and milliseconds.
fn holder_b(generator: LeasedGenerator) -> (u16, Vec<u64>) {
    let stop = AtomicBool::new(false);
    let served = thread::scope(|scope| {
        let server = scope.spawn(|| flat_out(&generator, &stop));
        thread::sleep(B_SERVES);
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        server.join().unwrap()
    });
    (generator.worker_id(), served)
}

/// Runs `script` with `sh -c` in `dir`, as an operator types it.
fn operator(dir: &Path, script: &str) {
    let output = Command::new("sh")
        .args(["-c", script])
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{script}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A serves worker id 0; the operator runs `script` in the directory; B claims worker id 0
/// (retrying while A still holds it, for `patience`) and serves beside A. Whether A knew its
/// lease lost.
fn while_a_serves_an_operator_runs(test: &str, scenario: &str, script: &str) -> bool {
    if let Some((_, dir)) = child_role() {
        serve_until_told(&short(&dir));
    }
    let dir = Scratch::new(scenario);
    // Another slot file, for the scenarios that copy one.
    drop(LeasedGenerator::acquire(&config(&dir.path, 1..=1)).unwrap());
    let a = Server::start(test, "holder", &dir.path, &[]);
    // A moment of flat-out serving before anyone touches the directory: A is at its
    // ceiling.
    thread::sleep(Duration::from_millis(300));
    operator(&dir.path, script);
    let started = Instant::now();
    let b = loop {
        match LeasedGenerator::acquire(&short(&dir.path)) {
            Ok(b) => break b,
            // Until A's next renewal finds its file is not its own and lets go.
            Err(LeaseError::AllHeld { held: 1, .. })
                if started.elapsed() < Duration::from_secs(20) =>
            {
                thread::sleep(Duration::from_millis(20));
            }
            Err(other) => panic!("{scenario}: B's acquire: {other}"),
        }
    };
    let (b_worker, b_served) = holder_b(b);
    let a_worker = a.worker_id;
    let (a_served, a_lost) = a.stop();
    assert_eq!(
        (a_worker, b_worker),
        (0, 0),
        "{scenario}: both on worker id 0"
    );
    assert_apart((a_worker, &a_served), (b_worker, &b_served), scenario);
    a_lost
}

#[test]
fn deleting_a_slot_file_while_its_holder_serves_gives_no_duplicate() {
    let lost = while_a_serves_an_operator_runs(
        "deleting_a_slot_file_while_its_holder_serves_gives_no_duplicate",
        "delete",
        "rm worker-0000.lease",
    );
    assert!(lost, "A still counted its lease as its own");
}

#[test]
fn deleting_and_making_the_directory_again_gives_no_duplicate() {
    let lost = while_a_serves_an_operator_runs(
        "deleting_and_making_the_directory_again_gives_no_duplicate",
        "directory",
        "dir=$(pwd) && cd / && rm -r \"$dir\" && mkdir \"$dir\"",
    );
    assert!(lost, "A still counted its lease as its own");
}

/// A slot file put back from a copy (a backup restored, a file moved back): A's own token and
/// mark, in another file. B claims it: A's lock is on the file that was.
#[test]
fn restoring_a_slot_file_from_a_copy_gives_no_duplicate() {
    let lost = while_a_serves_an_operator_runs(
        "restoring_a_slot_file_from_a_copy_gives_no_duplicate",
        "restore",
        "cp worker-0000.lease backup && mv backup worker-0000.lease",
    );
    assert!(lost, "A still counted its lease as its own");
}

/// Another slot's file copied over A's, in place: A's file (its lock still holds) says
/// another token. A gives it up at its next renewal, and B claims it.
#[test]
fn copying_another_slot_file_over_a_held_one_gives_no_duplicate() {
    let lost = while_a_serves_an_operator_runs(
        "copying_another_slot_file_over_a_held_one_gives_no_duplicate",
        "copy-over",
        "cp worker-0001.lease worker-0000.lease",
    );
    assert!(lost, "A still counted its lease as its own");
}

/// A truncated file is still A's: A writes its mark again at its next renewal and keeps its
/// lease; B finds the worker id held. Once A is killed, B claims it and starts above A's
/// ids.
#[test]
fn truncating_a_held_slot_file_keeps_the_lease_and_gives_no_duplicate() {
    const TEST: &str = "truncating_a_held_slot_file_keeps_the_lease_and_gives_no_duplicate";
    if let Some((_, dir)) = child_role() {
        serve_until_told(&short(&dir));
    }
    let dir = Scratch::new("truncate");
    let a = Server::start(TEST, "holder", &dir.path, &[]);
    thread::sleep(Duration::from_millis(300));
    let token = latest(&dir.slot(0)).unwrap().token;
    operator(&dir.path, "truncate -s 0 worker-0000.lease");
    let error = LeasedGenerator::acquire(&short(&dir.path)).unwrap_err();
    assert!(
        matches!(error, LeaseError::AllHeld { held: 1, .. }),
        "{error:?}"
    );
    // A's next renewal writes its mark again, whole.
    let record = poll("A's mark written again", Duration::from_secs(20), || {
        latest(&dir.slot(0))
    });
    assert_eq!(record.token, token);
    assert_eq!(std::fs::metadata(dir.slot(0)).unwrap().len(), 512);
    let a_worker = a.worker_id;
    let (a_served, a_lost) = a.stop();
    assert!(!a_lost, "A lost its lease to a truncate");
    // Killed: the worker id is B's at once, above A's ids.
    let (b_worker, b_served) = holder_b(LeasedGenerator::acquire(&short(&dir.path)).unwrap());
    assert_apart((a_worker, &a_served), (b_worker, &b_served), "truncate");
    assert!(b_served[0] > a_served[a_served.len() - 1]);
}
