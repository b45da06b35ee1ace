//! The pool of different ids that the text benchmarks go round, the criterion rows
//! (`benches/benches/common`) and the gate's (`benches/examples/gate.rs`) alike: parsing or
//! formatting one text again and again measures what the branch predictors and the caches
//! learn of that text, where an application meets a new id each time.

/// How many different ids a text benchmark cycles through: enough that neither the branch
/// predictors nor the caches learn one text, few enough (36 KiB of UUID text) to stay in the
/// second-level cache, as a batch an application handles does. A power of two, so that the
/// index wraps with a mask.
pub const POOL: usize = 1024;

/// The seed of the pool of ULIDs.
pub const ULID_SEED: u64 = 0x5EED_0001_0000_0026;
/// The seed of the pool of UUIDv7s.
pub const UUID7_SEED: u64 = 0x5EED_0007_0000_0036;
/// The seed of the pool of ObjectIds.
pub const OBJECTID_SEED: u64 = 0x5EED_000B_0000_0024;

/// `POOL` pseudo-random 128-bit values from `seed`: the first of [`random_u128s`]. The same
/// pool in every run, for ours and the peers alike.
#[must_use]
pub fn random_values(seed: u64) -> Box<[u128; POOL]> {
    let mut values = random_u128s(seed);
    Box::new(std::array::from_fn(|_| values.next().unwrap_or_default()))
}

/// Pseudo-random 128-bit values from `seed`, without end: SplitMix64, two outputs a value, the
/// first the high half. The same values in every run.
pub fn random_u128s(seed: u64) -> impl Iterator<Item = u128> {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    std::iter::repeat_with(move || {
        let high = next();
        u128::from(high) << 64 | u128::from(next())
    })
}

/// A random value made a UUID of version 7 and variant `0b10` (RFC 9562).
#[must_use]
pub const fn uuid7_value(value: u128) -> u128 {
    let value = value & !(0xF << 76) | 7 << 76;
    value & !(0b11 << 62) | 0b10 << 62
}

/// A random value's first 12 bytes, as an ObjectId's.
#[must_use]
pub fn objectid_bytes(value: u128) -> [u8; 12] {
    let bytes = value.to_be_bytes();
    std::array::from_fn(|index| bytes[index])
}

/// Another pool made item by item from `pool`: the ids as a peer's type, their texts, their
/// bytes.
pub fn map<T, U>(pool: &[T; POOL], make: impl Fn(&T) -> U) -> Box<[U; POOL]> {
    Box::new(std::array::from_fn(|index| make(&pool[index])))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pool_is_the_same_every_time_and_its_values_differ() {
        let values = random_values(ULID_SEED);
        assert_eq!(values, random_values(ULID_SEED));
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), POOL);
        assert_ne!(values[0], random_values(UUID7_SEED)[0]);
    }

    #[test]
    fn a_uuid7_value_has_version_7_and_variant_10() {
        for value in [0, u128::MAX, 0x0123_4567_89AB_CDEF_0123_4567_89AB_CDEF] {
            let value = uuid7_value(value);
            assert_eq!(value >> 76 & 0xF, 7);
            assert_eq!(value >> 62 & 0b11, 0b10);
        }
    }
}
