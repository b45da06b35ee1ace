//! What a slot file holds: two records of [`RECORD_LEN`] bytes, A at offset 0 and B after it,
//! written in turn, so that a write torn by a crash or a full disk leaves the other one to
//! read. Each is one line of ASCII text, readable with `cat`, ending in a CRC-32C of what
//! comes before it:
//!
//! ```text
//! lease-v1 seq=7 mark_ms=1767225600000 token=9f86d081884c7d65 generation=3 pid=4242 acquired_ms=1767225593334 host=web-1 crc=ac110c1b
//! ```
//!
//! padded with spaces to 255 bytes and a newline. The valid record with the higher `seq` is
//! the file's; a file with none is a file with no mark.

use std::string::String;

/// The length of one record: one line, newline included.
pub(crate) const RECORD_LEN: usize = 256;

/// The length of a slot file: records A and B.
pub(crate) const FILE_LEN: usize = 2 * RECORD_LEN;

/// The first word of every record: the format's name and version.
const MAGIC: &str = "lease-v1";

/// The longest host name kept in a record, in bytes (longer ones are cut).
const HOST_MAX: usize = 64;

/// One record of a slot file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Record {
    /// Incremented by every write: the valid record with the higher one is the file's.
    pub(crate) sequence: u64,
    /// The high-water mark, in Unix milliseconds: no id above it was served under this
    /// worker id.
    pub(crate) mark_ms: u64,
    /// The random token of the holder's claim.
    pub(crate) token: u64,
    /// Incremented by every claim of the worker id.
    pub(crate) generation: u64,
    /// The holder's process id, for operators.
    pub(crate) pid: u32,
    /// The host's clock at the claim, in Unix milliseconds, for operators.
    pub(crate) acquired_ms: u64,
    /// The holder's host name (its container's, in a container), for operators: letters,
    /// digits, `.`, `-` and `_` only, at most [`HOST_MAX`] bytes, `-` if empty.
    pub(crate) host: String,
}

impl Record {
    /// Where this record is written: A (offset 0) for an even sequence, B for an odd one, so
    /// that each write goes to the slot that does not hold the file's newest record.
    pub(crate) fn offset(&self) -> u64 {
        (self.sequence % 2) * RECORD_LEN as u64
    }

    /// The record as written: its line, padded with spaces, ending in a newline.
    pub(crate) fn encode(&self) -> [u8; RECORD_LEN] {
        let body = std::format!(
            "{MAGIC} seq={} mark_ms={} token={:016x} generation={} pid={} acquired_ms={} host={}",
            self.sequence,
            self.mark_ms,
            self.token,
            self.generation,
            self.pid,
            self.acquired_ms,
            clean_host(&self.host),
        );
        let line = std::format!("{body} crc={:08x}", crc32c(body.as_bytes()));
        let mut out = [b' '; RECORD_LEN];
        // At most 242 bytes (every number at its widest, the longest host): it fits.
        let len = line.len().min(RECORD_LEN - 1);
        out[..len].copy_from_slice(&line.as_bytes()[..len]);
        out[RECORD_LEN - 1] = b'\n';
        out
    }

    /// The record in `bytes` (one record's length), if it is whole and its checksum matches.
    pub(crate) fn decode(bytes: &[u8]) -> Option<Record> {
        if bytes.len() != RECORD_LEN || bytes[RECORD_LEN - 1] != b'\n' {
            return None;
        }
        let line = core::str::from_utf8(&bytes[..RECORD_LEN - 1]).ok()?;
        let line = line.trim_end_matches(' ');
        let (body, crc) = line.rsplit_once(" crc=")?;
        if crc.len() != 8 || u32::from_str_radix(crc, 16).ok()? != crc32c(body.as_bytes()) {
            return None;
        }
        let mut words = body.split(' ');
        if words.next()? != MAGIC {
            return None;
        }
        let mut field = |name: &str| -> Option<&str> { words.next()?.strip_prefix(name) };
        let sequence = field("seq=")?.parse().ok()?;
        let mark_ms = field("mark_ms=")?.parse().ok()?;
        let token = u64::from_str_radix(field("token=")?, 16).ok()?;
        let generation = field("generation=")?.parse().ok()?;
        let pid = field("pid=")?.parse().ok()?;
        let acquired_ms = field("acquired_ms=")?.parse().ok()?;
        let host = field("host=")?.into();
        if words.next().is_some() {
            return None;
        }
        Some(Record {
            sequence,
            mark_ms,
            token,
            generation,
            pid,
            acquired_ms,
            host,
        })
    }

    /// The file's record: the valid one of A and B with the higher sequence, from the
    /// file's first bytes (fewer than [`FILE_LEN`] when it was cut short).
    pub(crate) fn latest(file: &[u8]) -> Option<Record> {
        let a = file.get(..RECORD_LEN).and_then(Record::decode);
        let b = file.get(RECORD_LEN..FILE_LEN).and_then(Record::decode);
        match (a, b) {
            (Some(a), Some(b)) => Some(if b.sequence > a.sequence { b } else { a }),
            (a, b) => a.or(b),
        }
    }
}

/// A host name as a record keeps it: the characters of host names only (a space would split
/// the line), cut to [`HOST_MAX`] bytes.
fn clean_host(host: &str) -> String {
    let cleaned: String = host
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .take(HOST_MAX)
        .collect();
    if cleaned.is_empty() {
        "-".into()
    } else {
        cleaned
    }
}

/// CRC-32C (Castagnoli), as iSCSI, ext4 and btrfs use it: catches every torn write of a
/// record short of a deliberate forgery. Bit by bit: a record is 256 bytes, written a few
/// times a second at most.
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

#[cfg(test)]
mod tests {
    use super::*;

    fn record(sequence: u64) -> Record {
        Record {
            sequence,
            mark_ms: 1_767_225_600_000,
            token: 0x9f86_d081_884c_7d65,
            generation: 3,
            pid: 4242,
            acquired_ms: 1_767_225_593_334,
            host: "web-1".into(),
        }
    }

    #[test]
    fn crc32c_matches_the_standard_check_value() {
        assert_eq!(crc32c(b"123456789"), 0xE306_9283);
        assert_eq!(crc32c(b""), 0);
    }

    #[test]
    fn a_record_reads_back_as_written() {
        let written = record(7);
        let bytes = written.encode();
        let text = core::str::from_utf8(&bytes).unwrap();
        assert!(
            text.starts_with(
                "lease-v1 seq=7 mark_ms=1767225600000 token=9f86d081884c7d65 generation=3 \
                 pid=4242 acquired_ms=1767225593334 host=web-1 crc="
            ),
            "{text}"
        );
        assert!(text.ends_with(" \n"));
        assert_eq!(Record::decode(&bytes), Some(written));
    }

    /// The line the crate documentation shows is the one written.
    #[test]
    fn the_documented_record_is_the_record_written() {
        let line = std::string::String::from_utf8(record(7).encode().to_vec()).unwrap();
        let docs = include_str!("../../lib.rs");
        assert!(
            docs.contains(&std::format!("//! {}\n", line.trim_end())),
            "not in the docs: {line}"
        );
    }

    #[test]
    fn the_widest_record_fits() {
        let widest = Record {
            sequence: u64::MAX,
            mark_ms: u64::MAX,
            token: u64::MAX,
            generation: u64::MAX,
            pid: u32::MAX,
            acquired_ms: u64::MAX,
            host: "h".repeat(500),
        };
        assert_eq!(
            Record::decode(&widest.encode()).unwrap().host.len(),
            HOST_MAX
        );
        assert_eq!(
            Record::decode(&widest.encode()).unwrap(),
            Record {
                host: "h".repeat(HOST_MAX),
                ..widest
            }
        );
        let odd = Record {
            host: "a b\nc é".into(),
            ..record(1)
        };
        assert_eq!(Record::decode(&odd.encode()).unwrap().host, "a_b_c__");
        let empty = Record {
            host: String::new(),
            ..record(1)
        };
        assert_eq!(Record::decode(&empty.encode()).unwrap().host, "-");
    }

    #[test]
    fn a_torn_or_altered_record_is_no_record() {
        let bytes = record(7).encode();
        // Torn: the first half of a new record over an old one.
        let mut torn = record(6).encode();
        torn[..100].copy_from_slice(&bytes[..100]);
        assert_eq!(Record::decode(&torn), None);
        // One bit flipped anywhere.
        for at in 0..RECORD_LEN {
            let mut flipped = bytes;
            flipped[at] ^= 0x04;
            assert_eq!(Record::decode(&flipped), None, "bit flipped at {at}");
        }
        assert_eq!(Record::decode(&[0; RECORD_LEN]), None);
        assert_eq!(Record::decode(&[0xff; RECORD_LEN]), None);
        assert_eq!(Record::decode(&bytes[..RECORD_LEN - 1]), None);
        assert_eq!(Record::decode(b""), None);
    }

    #[test]
    fn the_valid_record_with_the_higher_sequence_is_the_files() {
        let (six, seven) = (record(6), record(7));
        let mut file = [0u8; FILE_LEN];
        file[..RECORD_LEN].copy_from_slice(&six.encode());
        file[RECORD_LEN..].copy_from_slice(&seven.encode());
        assert_eq!(Record::latest(&file), Some(seven.clone()));
        // Seven's write torn: six is the file's.
        file[RECORD_LEN + 10] = b'#';
        assert_eq!(Record::latest(&file), Some(six.clone()));
        // Cut short: what is whole counts.
        assert_eq!(Record::latest(&file[..RECORD_LEN]), Some(six));
        assert_eq!(Record::latest(&file[..RECORD_LEN - 1]), None);
        assert_eq!(Record::latest(&[]), None);
        // Each sequence goes to the slot that does not hold the one before it.
        assert_eq!((record(6).offset(), record(7).offset()), (0, 256));
    }
}
