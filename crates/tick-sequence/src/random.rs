//! A fork-aware CSPRNG: ChaCha12 seeded from the operating system, reseeded after `fork`.

use core::cell::RefCell;

use rand::Rng;
use rand::rngs::StdRng;

use crate::fork;

/// Uniformly random `bits` low bits (0 to 128; the others are 0) from a CSPRNG that is
/// reseeded from the operating system after a `fork`, so parent and child never draw the same
/// values.
///
/// This is the source of the random counters of explicit-timestamp identifiers and of
/// checksummed codes. Each thread owns a generator (no lock), seeded on first use.
///
/// Not async-signal-safe: see [the crate documentation](crate#signal-handlers).
///
/// # Panics
///
/// If the operating system cannot provide entropy, which only happens very early at boot.
///
/// # Examples
///
/// ```
/// let value = tick_sequence::random_bits(80);
/// assert!(value < 1 << 80);
/// assert_eq!(tick_sequence::random_bits(0), 0);
/// ```
#[must_use]
pub fn random_bits(bits: u32) -> u128 {
    thread_local! {
        static SOURCE: RefCell<(u64, Option<StdRng>)> = const { RefCell::new((0, None)) };
    }
    let value = SOURCE.with(|source| {
        let mut source = source.borrow_mut();
        let current = fork::tag();
        // No tag is 0, so the first call of each thread seeds too.
        if source.0 != current {
            *source = (current, Some(seeded()));
        }
        draw_u128(source.1.get_or_insert_with(seeded))
    });
    match bits {
        0 => 0,
        1..=127 => value & ((1u128 << bits) - 1),
        _ => value,
    }
}

/// A new generator seeded from the operating system.
///
/// `rand::make_rng` is not used: with `rand`'s `thread_rng` feature enabled anywhere in the
/// build it seeds from the thread-local generator, which a forked child shares with its parent.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown", not(feature = "js"))))]
pub(crate) fn seeded() -> StdRng {
    use rand::SeedableRng;
    match StdRng::try_from_rng(&mut rand::rngs::SysRng) {
        Ok(rng) => rng,
        Err(error) => panic!("tick-sequence: the operating system has no entropy: {error}"),
    }
}

/// wasm32-unknown-unknown without `js` has no random source: the `compile_error!` in clock.rs
/// stops the build, and this keeps its message, which names the feature, the only error.
#[cfg(all(target_arch = "wasm32", target_os = "unknown", not(feature = "js")))]
pub(crate) fn seeded() -> StdRng {
    unreachable!("no build reaches here: clock.rs stops it")
}

#[inline]
pub(crate) fn draw_u128(rng: &mut StdRng) -> u128 {
    (u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64())
}
