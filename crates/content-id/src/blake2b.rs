//! BLAKE2b with a digest size chosen at run time and the format version as personalization.

use std::sync::LazyLock;

use blake2::Blake2bVarCore;
use blake2::digest::block_api::{Buffer, UpdateCore, VariableOutputCore};

/// The BLAKE2b personalization of ids: the version of the encoding. Another encoding gets
/// another string, so its ids can never be mistaken for these.
pub(crate) const PERSONALIZATION: &[u8; 16] = b"identifier:cid:2";

/// The BLAKE2b personalization of the digest of one entry of a map or set.
pub(crate) const ENTRY_PERSONALIZATION: &[u8; 16] = b"identifier:ent:2";

/// The largest BLAKE2b digest, in bytes.
pub(crate) const MAX_DIGEST_SIZE: usize = 64;

/// The size of the digest of one entry of a map or set, in bytes.
pub(crate) const ENTRY_DIGEST_SIZE: usize = 32;

/// BLAKE2b's block, in bytes: a hasher holds up to one block of input before it compresses
/// it, so one that was fed at most this much still has the state it started with.
pub(crate) const BLOCK_SIZE: usize = 128;

/// Unkeyed, unsalted BLAKE2b (RFC 7693) with a 16-byte personalization.
pub(crate) struct Blake2b {
    core: Blake2bVarCore,
    buffer: Buffer<Blake2bVarCore>,
    /// The bytes fed so far.
    fed: u64,
}

impl Blake2b {
    /// A hasher of ids: personalized with [`PERSONALIZATION`], whose digest is `size` bytes;
    /// callers keep `size` in `1..=64`.
    pub(crate) fn new(size: usize) -> Self {
        debug_assert!((1..=MAX_DIGEST_SIZE).contains(&size));
        Self::with(PERSONALIZATION, size)
    }

    /// A hasher of one entry of a map or set: BLAKE2b-256 personalized with
    /// [`ENTRY_PERSONALIZATION`].
    pub(crate) fn entry() -> Self {
        Blake2b {
            core: entry_core(),
            buffer: Buffer::<Blake2bVarCore>::default(),
            fed: 0,
        }
    }

    /// A fresh hasher of entries, in place of this one.
    pub(crate) fn reset_entry(&mut self) {
        self.core = entry_core();
        self.buffer = Buffer::<Blake2bVarCore>::default();
        self.fed = 0;
    }

    fn with(personalization: &[u8; 16], size: usize) -> Self {
        Blake2b {
            core: Blake2bVarCore::new_with_params(&[], personalization, 0, size),
            buffer: Buffer::<Blake2bVarCore>::default(),
            fed: 0,
        }
    }

    #[inline]
    pub(crate) fn update(&mut self, bytes: &[u8]) {
        #[cfg(test)]
        counter::add(bytes.len());
        self.fed += bytes.len() as u64;
        let core = &mut self.core;
        self.buffer
            .digest_blocks(bytes, |blocks| core.update_blocks(blocks));
    }

    /// The bytes fed so far.
    #[cfg(feature = "serde")]
    pub(crate) fn fed(&self) -> u64 {
        self.fed
    }

    /// The digest, in the first `size` bytes (the rest is not part of it: BLAKE2b's digest
    /// size is a parameter of the hash, not a truncation).
    pub(crate) fn finalize(&mut self) -> [u8; MAX_DIGEST_SIZE] {
        let mut full = Default::default();
        self.core
            .finalize_variable_core(&mut self.buffer, &mut full);
        full.into()
    }

    /// Sets an [`entry`](Self::entry) hasher aside on `stash`: its uncompressed input (at
    /// most [`BLOCK_SIZE`] bytes) and their count (1 byte), and its 72-byte chaining state
    /// only if it has compressed a block (before that it is the state every entry starts
    /// with).
    pub(crate) fn suspend(&self, stash: &mut Stash) -> Suspended {
        let data = self.buffer.get_data();
        stash.bytes.extend_from_slice(data);
        // At most BLOCK_SIZE.
        stash.bytes.push(data.len() as u8);
        if self.fed > BLOCK_SIZE as u64 {
            stash.cores.push(self.core.clone());
        }
        Suspended { fed: self.fed }
    }

    /// The entry hasher suspended last on `stash`, as it was.
    pub(crate) fn resume(stash: &mut Stash, suspended: Suspended) -> Self {
        let buffered = stash.bytes.pop().unwrap_or(0);
        let at = stash.bytes.len().saturating_sub(usize::from(buffered));
        // Never fails: the bytes came out of a buffer of the same kind.
        let buffer = Buffer::<Blake2bVarCore>::try_new(&stash.bytes[at..]).unwrap_or_default();
        stash.bytes.truncate(at);
        let compressed = if suspended.fed > BLOCK_SIZE as u64 {
            stash.cores.pop()
        } else {
            None
        };
        Blake2b {
            core: compressed.unwrap_or_else(entry_core),
            buffer,
            fed: suspended.fed,
        }
    }

    /// The digest of an [`entry`](Self::entry) hasher, which starts afresh for the next
    /// entry (in place: the state is not moved).
    pub(crate) fn finalize_entry_reset(&mut self) -> [u8; ENTRY_DIGEST_SIZE] {
        let mut full = Default::default();
        self.core
            .finalize_variable_core(&mut self.buffer, &mut full);
        self.core = entry_core();
        self.buffer = Buffer::<Blake2bVarCore>::default();
        self.fed = 0;
        let mut digest = [0; ENTRY_DIGEST_SIZE];
        digest.copy_from_slice(&full[..ENTRY_DIGEST_SIZE]);
        digest
    }
}

/// The chaining state every entry hasher starts with: computed once, then copied.
fn entry_core() -> Blake2bVarCore {
    static FRESH: LazyLock<Blake2bVarCore> = LazyLock::new(|| {
        Blake2bVarCore::new_with_params(&[], ENTRY_PERSONALIZATION, 0, ENTRY_DIGEST_SIZE)
    });
    FRESH.clone()
}

/// An entry hasher set aside on a [`Stash`] while a map or set inside its entry is written.
#[derive(Clone, Copy, Default)]
pub(crate) struct Suspended {
    /// The bytes it was fed: past one block, its chaining state is on the stash.
    fed: u64,
}

/// The suspended entry hashers of the maps and sets open around the innermost one, innermost
/// last: their uncompressed input, each followed by its length, and the chaining states of
/// those that compressed a block.
#[derive(Default)]
pub(crate) struct Stash {
    bytes: Vec<u8>,
    cores: Vec<Blake2bVarCore>,
}

/// How many bytes the hashers of this thread were fed: the work of an encoding, counted in
/// the unit tests only.
#[cfg(test)]
pub(crate) mod counter {
    use std::cell::Cell;

    thread_local! {
        static FED: Cell<u64> = const { Cell::new(0) };
    }

    pub(crate) fn add(bytes: usize) {
        FED.with(|fed| fed.set(fed.get() + bytes as u64));
    }

    /// The bytes fed to BLAKE2b while `f` ran.
    pub(crate) fn bytes_fed<T>(f: impl FnOnce() -> T) -> (T, u64) {
        let before = FED.with(Cell::get);
        let value = f();
        (value, FED.with(Cell::get) - before)
    }
}

#[cfg(test)]
mod tests {
    use blake2::Blake2bMac512;
    use blake2::digest::Mac;

    use super::*;

    /// The longest digest, from the `blake2` crate's own personalized BLAKE2b-512.
    fn reference(data: &[u8]) -> [u8; MAX_DIGEST_SIZE] {
        let mut mac = Blake2bMac512::new_with_salt_and_personal(None, &[], PERSONALIZATION)
            .expect("a 16-byte personalization is valid");
        mac.update(data);
        mac.finalize().into_bytes().into()
    }

    #[test]
    fn split_updates_give_the_digest_of_the_whole() {
        let data: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 256) as u8).collect();
        let expected = reference(&data);
        for chunk in [1, 7, 127, 128, 129, 300, 1000] {
            let mut hasher = Blake2b::new(MAX_DIGEST_SIZE);
            for piece in data.chunks(chunk) {
                hasher.update(piece);
            }
            assert_eq!(hasher.finalize(), expected, "chunks of {chunk}");
        }
        let mut empty = Blake2b::new(MAX_DIGEST_SIZE);
        empty.update(&[]);
        assert_eq!(empty.finalize(), reference(&[]));
    }

    #[test]
    fn the_digest_size_is_a_parameter_not_a_truncation() {
        let full = reference(b"abc");
        let mut short = Blake2b::new(32);
        short.update(b"abc");
        assert_ne!(short.finalize()[..32], full[..32]);
    }

    #[test]
    fn entries_have_their_own_personalization() {
        use blake2::Blake2bMac;
        use blake2::digest::consts::U32;

        let mut mac =
            Blake2bMac::<U32>::new_with_salt_and_personal(None, &[], b"identifier:ent:2").unwrap();
        mac.update(b"abc");
        let expected: [u8; 32] = mac.finalize().into_bytes().into();
        let mut entry = Blake2b::entry();
        entry.update(b"abc");
        assert_eq!(entry.finalize_entry_reset(), expected);
        // Reset: the next entry is hashed from the start.
        entry.update(b"abc");
        assert_eq!(entry.finalize_entry_reset(), expected);
        let mut id = Blake2b::new(32);
        id.update(b"abc");
        assert_ne!(id.finalize()[..32], expected);
    }
}
