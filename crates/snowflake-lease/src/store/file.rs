//! The host-local store: a directory with one slot file per worker id,
//! `worker-0042.lease`, for the processes of one host.
//!
//! The store's clock is this host's wall clock; its lock an exclusive `flock` on the slot
//! file, which the kernel drops the moment the holder's process ends, however it ends; its
//! fencing token the random token of the claim, written in the file, and the file itself (its
//! device and inode, compared between the open handle and the path at every renewal). It has
//! no expiry: a lock lasts as long as the process that holds it.
//!
//! Every mark is written and made durable (`fdatasync`) before any id up to it is served, in
//! one of two records written in turn ([`record`]), so that a write torn by a crash leaves
//! the other one to read. Marks are capped as the database stores cap them: the mark written
//! is `max(old mark, min(proposal, now + lead))`, the ceiling returned `min(mark, now +
//! lead)`.

mod filesystem;
mod record;

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, ErrorKind, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::string::{String, ToString};
use std::vec::Vec;

use crate::error::LeaseError;
use crate::store::{Claim, Claimed, Held, Renewed, Seen, Store};
use crate::wall_clock::wall_clock_ms;
use record::{FILE_LEN, RECORD_LEN, Record};

/// How many times a claim opens a slot file again when it was replaced between the open and
/// the lock: an operator (or a test) deleting files as fast as claims open them.
const REOPEN_ATTEMPTS: u32 = 8;

/// A directory of this host, and the slot file held in it.
pub(crate) struct FileStore {
    directory: PathBuf,
    /// The directory as events and messages name it.
    name: String,
    /// The slot held, from the claim to the release or the loss.
    slot: Option<Slot>,
    /// What the last claim that found no free slot saw, for [`Store::seen`].
    seen: Option<Seen>,
}

/// A slot file held: open, locked, and what this holder last made durable in it.
struct Slot {
    worker_id: u16,
    path: PathBuf,
    /// Open for reading and writing; its `flock` is the lease.
    file: File,
    /// The file's device and inode: the path must still name this file.
    identity: Identity,
    /// The record last written and synced.
    record: Record,
}

/// What a claim found at one worker id.
enum Found {
    Claimed(Claimed),
    /// Locked by another process (or another generator of this one).
    Held,
    /// Free, but its mark is more than the lead and the skew above the clock: this far.
    Ahead(u64),
}

impl FileStore {
    /// The store of `directory`; nothing is opened before [`Store::prepare`].
    pub(crate) fn new(directory: &Path) -> FileStore {
        FileStore {
            directory: directory.to_path_buf(),
            name: directory.display().to_string(),
            slot: None,
            seen: None,
        }
    }

    /// The slot file of `worker_id`: `worker-0042.lease`.
    fn file_name(worker_id: u16) -> String {
        std::format!("worker-{worker_id:04}.lease")
    }

    /// An error of the directory: what was being done, the operating system's error, and
    /// what to do about it.
    fn failed(&self, action: String, error: io::Error) -> LeaseError {
        LeaseError::Directory {
            directory: self.directory.clone(),
            action,
            detail: explain(&error),
            source: error,
        }
    }

    /// Opens the slot file of `worker_id` (creating it if missing), locks it without
    /// waiting, and claims it if its mark allows.
    fn try_slot(&mut self, worker_id: u16, claim: &Claim<'_>) -> Result<Found, LeaseError> {
        let name = Self::file_name(worker_id);
        let path = self.directory.join(&name);
        let mut attempts = 0;
        let (file, identity, created) = loop {
            attempts += 1;
            let (file, created) = open_slot(&path)
                .map_err(|error| self.failed(std::format!("opening {name}"), error))?;
            match file.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => return Ok(Found::Held),
                Err(TryLockError::Error(error)) => {
                    return Err(self.failed(std::format!("locking {name}"), error));
                }
            }
            // The path may name another file by now (deleted, or deleted and made again,
            // between the open and the lock): a lock on a file the path no longer names
            // excludes nobody.
            let identity = identity_of(&file)
                .map_err(|error| self.failed(std::format!("reading {name}"), error))?;
            match path_identity(&path) {
                Ok(Some(now)) if now == identity => break (file, identity, created),
                Ok(_) if attempts < REOPEN_ATTEMPTS => continue,
                // Replaced at every attempt: someone deletes files as fast as they are made.
                Ok(_) => return Ok(Found::Held),
                Err(error) => return Err(self.failed(std::format!("reading {name}"), error)),
            }
        };
        // The clock is read once the lock is held: any earlier holder's last write came
        // before it, so its ceiling is at most this reading plus the lead.
        let now = wall_clock_ms();
        let old = read_record(&file)
            .map_err(|error| self.failed(std::format!("reading {name}"), error))?;
        let old_mark = old.as_ref().map_or(0, |old| old.mark_ms);
        let usable = now
            .saturating_add(claim.lead_ms)
            .saturating_add(claim.skew_ms);
        if old_mark > usable {
            // Dropping the file unlocks it.
            return Ok(Found::Ahead(old_mark - now));
        }
        let generation = old
            .as_ref()
            .map_or(0, |old| old.generation)
            .saturating_add(1);
        let record = Record {
            sequence: old.as_ref().map_or(0, |old| old.sequence).wrapping_add(1),
            mark_ms: old_mark.max(now.saturating_add(claim.lead_ms)),
            token: claim.token,
            generation,
            pid: claim.pid,
            acquired_ms: now,
            host: claim.host.into(),
        };
        write_record(&file, &record)
            .map_err(|error| self.failed(std::format!("writing the claim to {name}"), error))?;
        if created {
            // The file's name, durable too: cheap, once per slot file made.
            File::open(&self.directory)
                .and_then(|directory| directory.sync_all())
                .map_err(|error| self.failed("syncing the directory".into(), error))?;
        }
        self.slot = Some(Slot {
            worker_id,
            path,
            file,
            identity,
            record,
        });
        Ok(Found::Claimed(Claimed {
            worker_id,
            generation,
            old_mark_ms: old_mark,
            now_ms: now,
            ahead: 0,
        }))
    }

    /// The renewal: see [`Store::renew`]. `Ok(None)` drops the slot, which unlocks the file.
    fn renew_slot(&mut self, held: &Held, proposal_ms: u64) -> Result<Option<Renewed>, String> {
        let Some(slot) = self.slot.as_mut() else {
            return Ok(None);
        };
        if slot.worker_id != held.worker_id || slot.record.token != held.token {
            return Ok(None);
        }
        // Read before the path is checked: a newcomer that claims a file put in this one's
        // place claims after the check, so its clock reads at least this.
        let now = wall_clock_ms();
        let name = Self::file_name(slot.worker_id);
        match path_identity(&slot.path) {
            Ok(Some(identity)) if identity == slot.identity => {}
            // Deleted, or another file in its place: another holder may claim it now.
            Ok(_) => return Ok(None),
            Err(error) => return Err(std::format!("checking {name}: {error}")),
        }
        let found =
            read_record(&slot.file).map_err(|error| std::format!("reading {name}: {error}"))?;
        let (old_mark, sequence) = match found {
            // Another token in this holder's own file: not written by this protocol's
            // holders, which cannot lock it, so it says nothing this holder can trust.
            Some(found) if found.token != held.token => return Ok(None),
            Some(found) => (
                found.mark_ms.max(slot.record.mark_ms),
                found.sequence.max(slot.record.sequence),
            ),
            // Cut short or emptied (an operator's truncate): written again from memory.
            None => (slot.record.mark_ms, slot.record.sequence),
        };
        let cap = now.saturating_add(held.lead_ms);
        let mark = old_mark.max(proposal_ms.min(cap));
        let record = Record {
            sequence: sequence.wrapping_add(1),
            mark_ms: mark,
            ..slot.record.clone()
        };
        write_record(&slot.file, &record)
            .map_err(|error| std::format!("writing the mark to {name}: {}", explain(&error)))?;
        slot.record = record;
        Ok(Some(Renewed {
            ceiling_ms: mark.min(cap),
            now_ms: i64::try_from(now).unwrap_or(i64::MAX),
        }))
    }

    /// What the slot files of `claim.worker_ids` look like, without claiming any: each is
    /// locked for a moment to tell whether another process holds it.
    fn look(&self, claim: &Claim<'_>) -> Result<Seen, LeaseError> {
        let mut seen = Seen::default();
        for worker_id in claim.worker_ids.clone() {
            let name = Self::file_name(worker_id);
            let file = match File::open(self.directory.join(&name)) {
                Ok(file) => file,
                Err(error) if error.kind() == ErrorKind::NotFound => continue,
                Err(error) => return Err(self.failed(std::format!("opening {name}"), error)),
            };
            match file.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => {
                    seen.held += 1;
                    continue;
                }
                Err(TryLockError::Error(error)) => {
                    return Err(self.failed(std::format!("locking {name}"), error));
                }
            }
            let mark = read_record(&file)
                .map_err(|error| self.failed(std::format!("reading {name}"), error))?
                .map_or(0, |record| record.mark_ms);
            let now = wall_clock_ms();
            if mark
                > now
                    .saturating_add(claim.lead_ms)
                    .saturating_add(claim.skew_ms)
            {
                seen.ahead += 1;
                seen.ahead_ms = seen.ahead_ms.max(mark - now);
            }
        }
        Ok(seen)
    }
}

impl Store for FileStore {
    fn name(&self) -> &str {
        &self.name
    }

    /// Checks the directory: there, a directory, on a filesystem whose locks can be
    /// trusted. Creates nothing.
    fn prepare(&mut self) -> Result<bool, LeaseError> {
        if let Some((system, reason)) = unsupported_system() {
            return Err(LeaseError::UnsupportedFilesystem {
                directory: self.directory.clone(),
                filesystem: system.into(),
                reason,
            });
        }
        let opening = || "opening the directory".to_string();
        let metadata =
            std::fs::metadata(&self.directory).map_err(|error| self.failed(opening(), error))?;
        if !metadata.is_dir() {
            return Err(self.failed(
                opening(),
                io::Error::new(
                    ErrorKind::NotADirectory,
                    "it is not a directory: name the directory that holds the slot files",
                ),
            ));
        }
        let directory =
            File::open(&self.directory).map_err(|error| self.failed(opening(), error))?;
        let refused = filesystem::check(&directory)
            .map_err(|error| self.failed("reading its filesystem (statfs)".into(), error))?;
        if let Some(refused) = refused {
            return Err(LeaseError::UnsupportedFilesystem {
                directory: self.directory.clone(),
                filesystem: refused.name.into(),
                reason: refused.reason,
            });
        }
        Ok(false)
    }

    /// Tries the worker ids of the claim in order: the first slot file this process can lock
    /// whose mark is at most the lead and the skew above the host's clock.
    fn claim(&mut self, claim: &Claim<'_>) -> Result<Option<Claimed>, LeaseError> {
        self.slot = None;
        let mut seen = Seen::default();
        for worker_id in claim.worker_ids.clone() {
            match self.try_slot(worker_id, claim)? {
                Found::Claimed(claimed) => {
                    return Ok(Some(Claimed {
                        ahead: seen.ahead,
                        ..claimed
                    }));
                }
                Found::Held => seen.held += 1,
                Found::Ahead(by) => {
                    seen.ahead += 1;
                    seen.ahead_ms = seen.ahead_ms.max(by);
                }
            }
        }
        self.seen = Some(seen);
        Ok(None)
    }

    fn seen(&mut self, claim: &Claim<'_>) -> Result<Seen, LeaseError> {
        match self.seen.take() {
            Some(seen) => Ok(seen),
            None => self.look(claim),
        }
    }

    /// Checks that the path still names the file locked, and that the file holds no other
    /// token; writes the raised mark in the other record and syncs it. `held.ttl` plays no
    /// part: nothing expires here.
    fn renew(&mut self, held: &Held, proposal_ms: u64) -> Result<Option<Renewed>, String> {
        let renewed = self.renew_slot(held, proposal_ms);
        if matches!(renewed, Ok(None)) {
            // Lost: let go of a file that is no longer the slot (or is another's).
            self.slot = None;
        }
        renewed
    }

    /// Unlocks the slot file, keeping its mark: whether the path still named it.
    fn release(&mut self, held: &Held) -> Result<bool, LeaseError> {
        let Some(slot) = self.slot.take() else {
            return Ok(false);
        };
        if slot.worker_id != held.worker_id || slot.record.token != held.token {
            return Ok(false);
        }
        let ours =
            matches!(path_identity(&slot.path), Ok(Some(identity)) if identity == slot.identity);
        // Unlocked here, not only at close: a child forked after the claim holds the same
        // open file, and would keep the lock until it exits.
        slot.file.unlock().map_err(|error| {
            self.failed(
                std::format!("unlocking {}", Self::file_name(slot.worker_id)),
                error,
            )
        })?;
        Ok(ours)
    }
}

/// Opens a slot file for reading and writing, creating it if missing: the file, and whether
/// this call created it.
fn open_slot(path: &Path) -> io::Result<(File, bool)> {
    match OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(path)
    {
        Ok(file) => Ok((file, true)),
        Err(error) if error.kind() == ErrorKind::AlreadyExists => {
            let file = OpenOptions::new().read(true).write(true).open(path)?;
            Ok((file, false))
        }
        Err(error) => Err(error),
    }
}

/// The file's record: the valid one of its two with the higher sequence, if any.
fn read_record(mut file: &File) -> io::Result<Option<Record>> {
    let mut bytes = Vec::with_capacity(FILE_LEN);
    file.seek(SeekFrom::Start(0))?;
    file.take(FILE_LEN as u64).read_to_end(&mut bytes)?;
    Ok(Record::latest(&bytes))
}

/// Writes `record` in its half of the file and makes it durable. A file shorter than two
/// records (new, or cut short) is then filled out with zeros past its end, where no valid
/// record was, so that later writes overwrite blocks already allocated: a full disk stops no
/// renewal on filesystems that overwrite in place.
fn write_record(mut file: &File, record: &Record) -> io::Result<()> {
    file.seek(SeekFrom::Start(record.offset()))?;
    file.write_all(&record.encode())?;
    let length = file.metadata()?.len();
    if let Some(missing) = (FILE_LEN as u64).checked_sub(length).filter(|n| *n > 0) {
        file.seek(SeekFrom::Start(length))?;
        file.write_all(&[0; RECORD_LEN][..usize::try_from(missing).unwrap_or(RECORD_LEN)])?;
    }
    file.sync_data()
}

/// A file's device and inode numbers: what tells one file from another put at its path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Identity {
    device: u64,
    inode: u64,
}

#[cfg(unix)]
fn identity_of(file: &File) -> io::Result<Identity> {
    use std::os::unix::fs::MetadataExt;
    let metadata = file.metadata()?;
    Ok(Identity {
        device: metadata.dev(),
        inode: metadata.ino(),
    })
}

/// The identity of the file a path names now; `None` if there is none.
#[cfg(unix)]
fn path_identity(path: &Path) -> io::Result<Option<Identity>> {
    use std::os::unix::fs::MetadataExt;
    match std::fs::metadata(path) {
        Ok(metadata) => Ok(Some(Identity {
            device: metadata.dev(),
            inode: metadata.ino(),
        })),
        Err(error) if error.kind() == ErrorKind::NotFound => Ok(None),
        Err(error) => Err(error),
    }
}

/// Elsewhere std gives no stable file identity: every check fails, and [`unsupported_system`]
/// refuses the store before any claim.
#[cfg(not(unix))]
fn identity_of(_file: &File) -> io::Result<Identity> {
    Err(io::Error::from(ErrorKind::Unsupported))
}

#[cfg(not(unix))]
fn path_identity(_path: &Path) -> io::Result<Option<Identity>> {
    Err(io::Error::from(ErrorKind::Unsupported))
}

/// The operating system, if the store cannot run on it: its name and why.
fn unsupported_system() -> Option<(&'static str, &'static str)> {
    if cfg!(unix) {
        None
    } else {
        Some((
            "Windows",
            "the store tells a slot file from one put in its place by its device and inode \
             numbers, which it reads on unix only; on Windows lease from a database",
        ))
    }
}

/// The operating system's error, and what to do about the common ones.
fn explain(error: &io::Error) -> String {
    let advice = match error.kind() {
        ErrorKind::NotFound => {
            "it does not exist: create it (acquire does not, so that a misspelt path never \
             becomes a second store handing out the same worker ids)"
        }
        ErrorKind::PermissionDenied => {
            "this process may not write there: every process that leases from the directory \
             must be able to create and write its slot files (run them as one user, or give \
             them a group that owns the directory and the files, with write permission)"
        }
        ErrorKind::ReadOnlyFilesystem => {
            "the filesystem is mounted read-only: the store writes a high-water mark in each \
             slot file; mount it read-write"
        }
        ErrorKind::StorageFull | ErrorKind::QuotaExceeded => {
            "the disk is full: free some space (a holder whose slot file is written whole \
             keeps renewing where the filesystem overwrites in place)"
        }
        _ => "",
    };
    if advice.is_empty() {
        error.to_string()
    } else {
        std::format!("{error}; {advice}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_files_are_named_by_worker_id() {
        assert_eq!(FileStore::file_name(0), "worker-0000.lease");
        assert_eq!(FileStore::file_name(42), "worker-0042.lease");
        assert_eq!(FileStore::file_name(1023), "worker-1023.lease");
    }

    /// Without a claim before it, `seen` looks at the files itself: locked ones are held,
    /// free ones with a mark too far ahead are counted with their distance, missing ones
    /// are free, and none is left locked or made.
    #[cfg(unix)]
    #[test]
    fn seen_without_a_claim_looks_at_the_files() {
        let directory =
            std::env::temp_dir().join(std::format!("snowflake-lease-seen-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&directory);
        std::fs::create_dir(&directory).unwrap();
        let path = |worker_id| directory.join(FileStore::file_name(worker_id));
        // 0: held by another open file (flock excludes it as it would another process).
        let held = File::create(path(0)).unwrap();
        held.try_lock().unwrap();
        // 1: free, its mark an hour ahead; 2: free, no mark; 3: missing.
        let now = wall_clock_ms();
        let ahead = Record {
            sequence: 1,
            mark_ms: now + 3_600_000,
            token: 1,
            generation: 1,
            pid: 1,
            acquired_ms: now,
            host: "h".into(),
        };
        write_record(&File::create(path(1)).unwrap(), &ahead).unwrap();
        File::create(path(2)).unwrap();
        let claim = Claim {
            token: 2,
            host: "h",
            pid: 2,
            ttl: core::time::Duration::from_secs(10),
            lead_ms: 6_666,
            skew_ms: 1_000,
            worker_ids: 0..=3,
        };
        let mut store = FileStore::new(&directory);
        let seen = store.seen(&claim).unwrap();
        assert_eq!((seen.held, seen.locked, seen.ahead), (1, 0, 1));
        assert!(
            (3_590_000..=3_600_000).contains(&seen.ahead_ms),
            "{}",
            seen.ahead_ms
        );
        assert!(!path(3).exists());
        // Nothing it looked at stays locked.
        for worker_id in [1, 2] {
            File::open(path(worker_id)).unwrap().try_lock().unwrap();
        }
        drop(held);
        std::fs::remove_dir_all(&directory).unwrap();
    }
}
