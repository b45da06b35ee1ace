//! The checks of an id's memory layout that the formats' tests share: its size and alignment,
//! an order that is the order of a key (the integer, the bytes), and the casts between ids and
//! bytes of the features `bytemuck` and `zerocopy`, one way (ids to bytes) or both ways.
//!
//! Every failure names the id, the pair or the cast it is about.

use std::fmt::Debug;

use zerocopy::FromBytes;

/// An id is `size` bytes of alignment 1: one beside a byte takes `size + 1` bytes, with no
/// padding.
pub fn assert_unaligned_size<T>(size: usize) {
    assert_eq!(size_of::<T>(), size, "size");
    assert_eq!(align_of::<T>(), 1, "alignment");
    assert_eq!(size_of::<(T, u8)>(), size + 1, "beside a byte");
}

/// Any two of `ids`, each given with its key, compare as their keys do, by `cmp` and by
/// `partial_cmp`.
pub fn assert_ordered_as<T, K>(ids: &[(K, T)])
where
    T: Ord + Debug,
    K: Ord + Debug,
{
    for (key_a, a) in ids {
        for (key_b, b) in ids {
            let expected = key_a.cmp(key_b);
            assert_eq!(a.cmp(b), expected, "{a:?} against {b:?}");
            assert_eq!(a.partial_cmp(b), Some(expected), "{a:?} against {b:?}");
        }
    }
}

/// The ids one after another, each beside its bytes in `bytes`.
fn with_bytes<'a, T: Debug>(
    ids: &'a [T],
    bytes: &'a [u8],
) -> impl Iterator<Item = (&'a T, &'a [u8])> {
    assert_eq!(bytes.len(), size_of_val(ids), "{ids:?}: the bytes given");
    ids.iter().zip(bytes.chunks(size_of::<T>()))
}

/// A new buffer of one zero byte and then `bytes`: from index 1 on, `bytes` lie one byte past
/// the start of an allocation, off the alignment of anything wider than a byte.
fn shifted(bytes: &[u8]) -> Vec<u8> {
    [[0u8].as_slice(), bytes].concat()
}

/// bytemuck casts `ids` to `bytes`, a slice at once and each id alone.
pub fn assert_bytemuck_casts_to<T>(ids: &[T], bytes: &[u8])
where
    T: bytemuck::NoUninit + Debug,
{
    assert_eq!(bytemuck::cast_slice::<T, u8>(ids), bytes, "{ids:?}");
    for (id, own) in with_bytes(ids, bytes) {
        assert_eq!(bytemuck::bytes_of(id), own, "{id:?}");
    }
}

/// bytemuck casts `ids` to `bytes` ([`assert_bytemuck_casts_to`]) and those bytes back to the
/// ids; each id's bytes read as the id at any alignment, and the zeroed id is `zero`.
pub fn assert_bytemuck_casts_both_ways<T>(ids: &[T], bytes: &[u8], zero: T)
where
    T: bytemuck::Pod + PartialEq + Debug,
{
    assert_bytemuck_casts_to(ids, bytes);
    let cast = bytemuck::cast_slice::<T, u8>(ids);
    assert_eq!(bytemuck::cast_slice::<u8, T>(cast), ids, "{bytes:02X?}");
    for (id, own) in with_bytes(ids, bytes) {
        let unaligned = shifted(own);
        assert_eq!(bytemuck::try_from_bytes::<T>(own), Ok(id), "{own:02X?}");
        assert_eq!(
            bytemuck::try_from_bytes::<T>(&unaligned[1..]),
            Ok(id),
            "{own:02X?} one byte later"
        );
    }
    assert_eq!(<T as bytemuck::Zeroable>::zeroed(), zero, "zeroed");
}

/// zerocopy casts `ids` to `bytes`, a slice at once and each id alone, and writes each id's
/// bytes into a buffer.
pub fn assert_zerocopy_casts_to<T>(ids: &[T], bytes: &[u8])
where
    T: zerocopy::IntoBytes + zerocopy::Immutable + Debug,
{
    assert_eq!(zerocopy::IntoBytes::as_bytes(ids), bytes, "{ids:?}");
    for (id, own) in with_bytes(ids, bytes) {
        assert_eq!(id.as_bytes(), own, "{id:?}");
        let mut out = vec![0xA5; own.len()];
        id.write_to(&mut out[..])
            .unwrap_or_else(|error| panic!("{id:?}: {error}"));
        assert_eq!(out, own, "{id:?} written");
    }
}

/// zerocopy casts `ids` to `bytes` ([`assert_zerocopy_casts_to`]) and those bytes back to the
/// ids; each id's bytes read as the id at any alignment, one byte fewer do not, and the zeroed
/// id is `zero`.
pub fn assert_zerocopy_casts_both_ways<T>(ids: &[T], bytes: &[u8], zero: T)
where
    T: zerocopy::FromBytes
        + zerocopy::IntoBytes
        + zerocopy::KnownLayout
        + zerocopy::Immutable
        + PartialEq
        + Debug,
{
    assert_zerocopy_casts_to(ids, bytes);
    let cast = zerocopy::IntoBytes::as_bytes(ids);
    assert_eq!(<[T]>::ref_from_bytes(cast).ok(), Some(ids), "{bytes:02X?}");
    for (id, own) in with_bytes(ids, bytes) {
        let unaligned = shifted(own);
        assert_eq!(T::ref_from_bytes(own).ok(), Some(id), "{own:02X?}");
        assert_eq!(
            T::ref_from_bytes(&unaligned[1..]).ok(),
            Some(id),
            "{own:02X?} one byte later"
        );
        assert!(
            T::ref_from_bytes(&own[1..]).is_err(),
            "{own:02X?} but the first"
        );
    }
    assert_eq!(T::new_zeroed(), zero, "zeroed");
}
