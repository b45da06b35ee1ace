//! BLAKE2b with a digest size chosen at run time and the format version as personalization.

use blake2::Blake2bVarCore;
use blake2::digest::block_api::{Buffer, UpdateCore, VariableOutputCore};

/// The BLAKE2b personalization: the version of the encoding. Another encoding gets another
/// string, so its ids can never be mistaken for these.
pub(crate) const PERSONALIZATION: &[u8; 16] = b"identifier:cid:1";

/// The largest BLAKE2b digest, in bytes.
pub(crate) const MAX_DIGEST_SIZE: usize = 64;

/// Unkeyed, unsalted BLAKE2b (RFC 7693) personalized with [`PERSONALIZATION`].
pub(crate) struct Blake2b {
    core: Blake2bVarCore,
    buffer: Buffer<Blake2bVarCore>,
}

impl Blake2b {
    /// A hasher whose digest is `size` bytes; callers keep `size` in `1..=64`.
    pub(crate) fn new(size: usize) -> Self {
        debug_assert!((1..=MAX_DIGEST_SIZE).contains(&size));
        Blake2b {
            core: Blake2bVarCore::new_with_params(&[], PERSONALIZATION, 0, size),
            buffer: Buffer::<Blake2bVarCore>::default(),
        }
    }

    #[inline]
    pub(crate) fn update(&mut self, bytes: &[u8]) {
        let core = &mut self.core;
        self.buffer
            .digest_blocks(bytes, |blocks| core.update_blocks(blocks));
    }

    /// The digest, in the first `size` bytes (the rest is not part of it: BLAKE2b's digest
    /// size is a parameter of the hash, not a truncation).
    pub(crate) fn finalize(mut self) -> [u8; MAX_DIGEST_SIZE] {
        let mut full = Default::default();
        self.core
            .finalize_variable_core(&mut self.buffer, &mut full);
        full.into()
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
}
