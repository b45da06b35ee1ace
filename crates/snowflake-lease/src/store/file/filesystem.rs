//! Which filesystems the host-local store refuses: those where `flock` cannot be trusted to
//! exclude every other holder of a slot, or where several hosts can share the directory.
//! Read from `fstatfs` of the directory: its `f_type` on Linux and Android, its
//! `f_fstypename` on macOS and FreeBSD.

use std::fs::File;
use std::io;

/// A filesystem the store refuses: its name, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Refused {
    /// The filesystem, as operators name it: `NFS`, `SMB/CIFS`, `FUSE`, ...
    pub(crate) name: &'static str,
    /// Why `flock` there does not make a worker id one process's.
    pub(crate) reason: &'static str,
}

const NETWORK: &str = "its locks are kept by a server or by one client only (a client cut off \
     from the server keeps a lock the server has given to another), and several hosts can \
     mount the directory, each with its own clock; use a directory on a local filesystem of \
     this host (ext4, xfs, btrfs, tmpfs, overlayfs), or lease from a database";

const FUSE: &str = "its locks and file identities are whatever its userspace daemon makes of \
     them, and the daemons of remote storage (sshfs, s3fs, gcsfuse, GlusterFS) share the \
     directory between hosts; use a directory on a local filesystem of this host (ext4, xfs, \
     btrfs, tmpfs, overlayfs), or lease from a database";

const CLUSTER: &str = "several hosts share it, each with its own clock, and the store's \
     guarantee rests on one kernel and one clock; lease from a database to share worker ids \
     between hosts";

/// The filesystems refused on Linux, by the `f_type` of `statfs` (`linux/magic.h`).
const BY_MAGIC: [(u32, Refused); 14] = [
    (0x6969, refused("NFS", NETWORK)),
    (0x517B, refused("SMB", NETWORK)),
    (0xFF53_4D42, refused("SMB/CIFS", NETWORK)),
    (0xFE53_4D42, refused("SMB2/CIFS", NETWORK)),
    (0x564C, refused("NCP", NETWORK)),
    (0x5346_414F, refused("AFS", NETWORK)),
    (0x7375_7245, refused("Coda", NETWORK)),
    (0x0102_1997, refused("9P", NETWORK)),
    (0x6573_5546, refused("FUSE", FUSE)),
    (0x00C3_6400, refused("CephFS", CLUSTER)),
    (0x7461_636F, refused("OCFS2", CLUSTER)),
    (0x0116_1970, refused("GFS2", CLUSTER)),
    (0x0BD0_0BD0, refused("Lustre", CLUSTER)),
    (0x4750_4653, refused("GPFS", CLUSTER)),
];

const fn refused(name: &'static str, reason: &'static str) -> Refused {
    Refused { name, reason }
}

/// The filesystem of `f_type` (Linux's `statfs`), if the store refuses it.
#[cfg_attr(
    not(any(target_os = "linux", target_os = "android")),
    allow(dead_code, reason = "read on Linux and Android; tested everywhere")
)]
pub(crate) fn by_magic(f_type: u32) -> Option<Refused> {
    BY_MAGIC
        .iter()
        .find(|(magic, _)| *magic == f_type)
        .map(|(_, refused)| *refused)
}

/// The filesystem named `name` (the `f_fstypename` of macOS's and FreeBSD's `statfs`), if
/// the store refuses it.
#[cfg_attr(
    not(any(target_os = "macos", target_os = "ios", target_os = "freebsd")),
    allow(dead_code, reason = "read on macOS and FreeBSD; tested everywhere")
)]
pub(crate) fn by_name(name: &str) -> Option<Refused> {
    let name = name.to_ascii_lowercase();
    if name.starts_with("nfs") {
        Some(refused("NFS", NETWORK))
    } else if matches!(
        name.as_str(),
        "smbfs" | "cifs" | "afpfs" | "webdav" | "ncpfs"
    ) {
        Some(refused("a network filesystem", NETWORK))
    } else if name.contains("fuse") {
        Some(refused("FUSE", FUSE))
    } else {
        None
    }
}

/// The filesystem of the open directory `directory`, if the store refuses it.
#[cfg(any(target_os = "linux", target_os = "android"))]
pub(crate) fn check(directory: &File) -> io::Result<Option<Refused>> {
    let stat = rustix::fs::fstatfs(directory)?;
    // Every magic number fits 32 bits; `f_type` is a wider word on 64-bit targets.
    #[allow(clippy::unnecessary_cast, reason = "a u32 on some targets")]
    Ok(by_magic(stat.f_type as u32))
}

/// The filesystem of the open directory `directory`, if the store refuses it.
#[cfg(any(target_os = "macos", target_os = "ios", target_os = "freebsd"))]
pub(crate) fn check(directory: &File) -> io::Result<Option<Refused>> {
    let stat = rustix::fs::fstatfs(directory)?;
    #[allow(
        clippy::unnecessary_cast,
        reason = "an i8 on some targets, a u8 on others"
    )]
    let name: std::vec::Vec<u8> = stat
        .f_fstypename
        .iter()
        .take_while(|c| **c != 0)
        .map(|c| *c as u8)
        .collect();
    Ok(by_name(&String::from_utf8_lossy(&name)))
}

/// On other systems the filesystem cannot be told: refused.
#[cfg(not(any(
    target_os = "linux",
    target_os = "android",
    target_os = "macos",
    target_os = "ios",
    target_os = "freebsd"
)))]
pub(crate) fn check(_directory: &File) -> io::Result<Option<Refused>> {
    Ok(Some(refused(
        "a filesystem this store cannot tell",
        "the store checks for network and FUSE filesystems on Linux, Android, macOS and \
         FreeBSD only, and refuses elsewhere rather than trust a lock it cannot vouch for; \
         lease from a database",
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn network_fuse_and_cluster_filesystems_are_refused_local_ones_are_not() {
        for (magic, name) in [
            (0x6969, "NFS"),
            (0xFF53_4D42, "SMB/CIFS"),
            (0xFE53_4D42, "SMB2/CIFS"),
            (0x517B, "SMB"),
            (0x6573_5546, "FUSE"),
            (0x0102_1997, "9P"),
            (0x00C3_6400, "CephFS"),
            (0x0116_1970, "GFS2"),
        ] {
            let refused = by_magic(magic).unwrap_or_else(|| panic!("{magic:#x} accepted"));
            assert_eq!(refused.name, name);
            assert!(refused.reason.contains("lease from a database"), "{name}");
        }
        assert!(by_magic(0x6969).unwrap().reason.contains("several hosts"));
        // ext2/3/4, xfs, btrfs, tmpfs, overlayfs (a container's own files), zfs, f2fs.
        for local in [
            0xEF53,
            0x5846_5342,
            0x9123_683E,
            0x0102_1994,
            0x794C_7630,
            0x2FC1_2FC1,
            0xF2F5_2010,
        ] {
            assert_eq!(by_magic(local), None, "{local:#x} refused");
        }
        for (name, refused) in [
            ("nfs", Some("NFS")),
            ("smbfs", Some("a network filesystem")),
            ("macfuse", Some("FUSE")),
            ("fusefs.sshfs", Some("FUSE")),
            ("apfs", None),
            ("ufs", None),
            ("zfs", None),
            ("tmpfs", None),
        ] {
            assert_eq!(by_name(name).map(|r| r.name), refused, "{name}");
        }
    }

    /// The directory the tests run in is on a local filesystem here, and `fstatfs` reads it.
    #[cfg(target_os = "linux")]
    #[test]
    fn the_temporary_directory_is_read_and_accepted() {
        let directory = File::open(std::env::temp_dir()).unwrap();
        let stat = rustix::fs::fstatfs(&directory).unwrap();
        assert_eq!(check(&directory).unwrap(), None, "{:#x}", stat.f_type);
    }
}
