//! What the host-local store's tests share: scratch directories, slot files read and written
//! by hand in the documented format, tmpfs mounts, and children that run this test binary
//! again in a role.
#![allow(dead_code, reason = "each test binary uses some of these")]

use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::Duration;

use snowflake_lease::LeaseConfig;

#[path = "../children/mod.rs"]
mod children;
#[allow(unused_imports, reason = "each test binary uses some of these")]
pub(crate) use children::*;

/// The child's role, in its environment.
pub(crate) const ROLE: &str = "FILE_LEASE_ROLE";
/// The lease directory, in the child's environment.
pub(crate) const DIR: &str = "FILE_LEASE_DIR";

/// How far above the clock any mark may be: `LeaseConfig::LEAD`.
pub(crate) const LEAD_MS: u64 = 6_666;

/// A fresh, empty directory for one test, removed when dropped.
pub(crate) struct Scratch {
    pub(crate) path: PathBuf,
}

impl Scratch {
    pub(crate) fn new(test: &str) -> Scratch {
        let path =
            std::env::temp_dir().join(format!("snowflake-lease-{test}-{}", std::process::id()));
        if path.exists() {
            // A mount left by an earlier run that was killed.
            let _ = Command::new("umount").arg(&path).status();
            std::fs::remove_dir_all(&path).unwrap();
        }
        std::fs::create_dir_all(&path).unwrap();
        Scratch { path }
    }

    /// The location of the directory, as `LeaseConfig::new` takes it.
    pub(crate) fn location(&self) -> String {
        location(&self.path)
    }

    /// The slot file of `worker_id`.
    pub(crate) fn slot(&self, worker_id: u16) -> PathBuf {
        slot(&self.path, worker_id)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

pub(crate) fn location(directory: &Path) -> String {
    format!("file:{}", directory.display())
}

pub(crate) fn slot(directory: &Path, worker_id: u16) -> PathBuf {
    directory.join(format!("worker-{worker_id:04}.lease"))
}

/// A lease on `directory` with a ttl of 3 s (renewals every second), worker ids `ids`, and
/// 20 ms of skew: the holders share one clock. Acquire may take up to 30 s, on a machine
/// whose every core is busy.
pub(crate) fn config(directory: &Path, ids: std::ops::RangeInclusive<u16>) -> LeaseConfig {
    LeaseConfig::new(&location(directory))
        .worker_ids(ids)
        .ttl(Duration::from_secs(3))
        .max_clock_skew(Duration::from_millis(20))
        .acquire_timeout(PATIENCE)
}

/// How long an acquire may take, at most: a guard against a hang, never a measure of speed.
pub(crate) const PATIENCE: Duration = Duration::from_secs(30);

/// A record of a slot file, as the crate documentation describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Record {
    pub(crate) seq: u64,
    pub(crate) mark_ms: u64,
    pub(crate) token: u64,
    pub(crate) generation: u64,
    pub(crate) pid: u32,
    pub(crate) acquired_ms: u64,
    pub(crate) host: String,
}

impl Record {
    /// Its 256 bytes: the line, its CRC-32C, spaces, a newline.
    pub(crate) fn encode(&self) -> Vec<u8> {
        let body = format!(
            "lease-v1 seq={} mark_ms={} token={:016x} generation={} pid={} acquired_ms={} host={}",
            self.seq,
            self.mark_ms,
            self.token,
            self.generation,
            self.pid,
            self.acquired_ms,
            self.host
        );
        let mut line = format!("{body} crc={:08x}", crc32c(body.as_bytes())).into_bytes();
        line.resize(255, b' ');
        line.push(b'\n');
        line
    }

    pub(crate) fn decode(bytes: &[u8]) -> Option<Record> {
        let text = std::str::from_utf8(bytes).ok()?;
        let line = text.strip_suffix('\n')?.trim_end_matches(' ');
        let (body, crc) = line.rsplit_once(" crc=")?;
        if u32::from_str_radix(crc, 16).ok()? != crc32c(body.as_bytes()) {
            return None;
        }
        let fields: Vec<(&str, &str)> = body
            .split(' ')
            .skip(1)
            .map(|field| field.split_once('=').unwrap())
            .collect();
        let get = |name: &str| fields.iter().find(|(key, _)| *key == name).unwrap().1;
        Some(Record {
            seq: get("seq").parse().unwrap(),
            mark_ms: get("mark_ms").parse().unwrap(),
            token: u64::from_str_radix(get("token"), 16).unwrap(),
            generation: get("generation").parse().unwrap(),
            pid: get("pid").parse().unwrap(),
            acquired_ms: get("acquired_ms").parse().unwrap(),
            host: get("host").to_owned(),
        })
    }
}

/// The two records of a slot file (A at 0, B at 256), each if valid.
pub(crate) fn records(path: &Path) -> (Option<Record>, Option<Record>) {
    let bytes = std::fs::read(path).unwrap();
    let record = |range: std::ops::Range<usize>| bytes.get(range).and_then(Record::decode);
    (record(0..256), record(256..512))
}

/// The slot file's record: the valid one with the higher sequence.
pub(crate) fn latest(path: &Path) -> Option<Record> {
    match records(path) {
        (Some(a), Some(b)) => Some(if b.seq > a.seq { b } else { a }),
        (a, b) => a.or(b),
    }
}

/// CRC-32C (Castagnoli), reflected, as the documentation names it.
pub(crate) fn crc32c(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0x82F6_3B78
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

pub(crate) fn unix_ms() -> u64 {
    test_support::generated::unix_ms()
}

/// A tmpfs mounted on a directory of its own, unmounted when dropped: a filesystem the test
/// may fill, or make read-only. Mounting needs root (CAP_SYS_ADMIN), as CI runs the tests.
pub(crate) struct Tmpfs {
    pub(crate) scratch: Scratch,
}

impl Tmpfs {
    pub(crate) fn mount(test: &str, options: &str) -> Tmpfs {
        let scratch = Scratch::new(test);
        mount(&["-t", "tmpfs", "-o", options, "tmpfs"], &scratch.path);
        Tmpfs { scratch }
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.scratch.path).status();
    }
}

/// Runs `mount ARGS TARGET`, failing the test with what it needs if mounting is not allowed.
pub(crate) fn mount(args: &[&str], target: &Path) {
    let output = Command::new("mount")
        .args(args)
        .arg(target)
        .output()
        .unwrap_or_else(|error| panic!("cannot run `mount` ({error}): install util-linux"));
    assert!(
        output.status.success(),
        "mount {args:?} {} failed: {}this test mounts a filesystem of its own: run it as root \
         (CAP_SYS_ADMIN), as CI does, in a container started with --privileged or \
         --cap-add SYS_ADMIN",
        target.display(),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// This test binary again, running only `test` in `role`, on `directory`, with more
/// variables in its environment.
pub(crate) fn spawn(test: &str, role: &str, directory: &Path, more: &[(&str, &str)]) -> Child {
    command(test, role, directory, more).spawn().unwrap()
}

/// The command of [`spawn`], to add to.
pub(crate) fn command(test: &str, role: &str, directory: &Path, more: &[(&str, &str)]) -> Command {
    let mut command = this_binary();
    command
        .args(only(test))
        .env(ROLE, role)
        .env(DIR, directory)
        .envs(more.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// In a child: its role and directory.
pub(crate) fn child_role() -> Option<(String, PathBuf)> {
    let role = std::env::var(ROLE).ok()?;
    Some((role, PathBuf::from(std::env::var(DIR).unwrap())))
}

/// A child serving flat out ([`serve_until_told`]), once it has said `ready`.
pub(crate) struct Server {
    pub(crate) child: Child,
    pub(crate) stdout: BufReader<ChildStdout>,
    pub(crate) worker_id: u16,
}

impl Server {
    pub(crate) fn start(test: &str, role: &str, directory: &Path, more: &[(&str, &str)]) -> Server {
        let mut child = spawn(test, role, directory, more);
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let lines = read_until(&mut child, &mut stdout, "ready");
        let worker_id = value(&lines, "worker_id");
        Server {
            child,
            stdout,
            worker_id,
        }
    }

    /// Stops it: the milliseconds it served, and whether it knew its lease lost.
    pub(crate) fn stop(self) -> (Vec<u64>, bool) {
        stop_serving(self.child, self.stdout)
    }
}

/// Sends `signal` (`-STOP`, `-CONT`, `-KILL`) to `pid` with the `kill` command.
pub(crate) fn signal(pid: u32, signal: &str) {
    let status = Command::new("kill")
        .args([signal, &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success(), "kill {signal} {pid}");
}
