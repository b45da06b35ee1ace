//! The choices of a chaos test's driver (whom to kill, to stop, when): drawn from a seed, so
//! that a run that fails can be run again with the same choices.

/// xorshift64*: a small generator whose draws are the same for every run of a seed. Not for
/// anything that must be unpredictable.
///
/// ```
/// use test_support::seeded::Rng;
///
/// let (mut a, mut b) = (Rng::new(7), Rng::new(7));
/// assert_eq!(a.below(1000), b.below(1000));
/// assert!(a.index(3) < 3);
/// ```
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator of `seed`, which must not be 0 (xorshift would stay at 0).
    ///
    /// # Panics
    ///
    /// If `seed` is 0.
    pub const fn new(seed: u64) -> Rng {
        assert!(seed != 0, "a xorshift seed of 0 draws only 0");
        Rng(seed)
    }

    /// The next draw.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A draw below `n` (not 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// An index into a slice of `len` elements (not 0).
    pub fn index(&mut self, len: usize) -> usize {
        // A u64 below a usize fits a usize.
        self.below(len as u64) as usize
    }
}
