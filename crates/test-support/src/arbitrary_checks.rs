//! The checks of an `arbitrary::Arbitrary` implementation that the formats' tests share: ids
//! drawn from a fixed stream of bytes until it runs out, each carried back by its text; ids
//! drawn in order from given bytes; and the size hint of one id and of several.

use std::fmt::{Debug, Display};
use std::str::FromStr;

use arbitrary::{Arbitrary, Unstructured};

/// How many bytes [`assert_round_trips_from_bytes`] draws from: not a multiple of 8, 12 or 16,
/// so that the last id reads past the end.
pub const STREAM_LEN: usize = 4099;

/// `len` bytes from a fixed xorshift generator: the same bytes on every run.
pub fn xorshift_bytes(len: usize) -> Vec<u8> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state.to_be_bytes()[0]
        })
        .collect()
}

/// Ids of `size` bytes drawn from [`STREAM_LEN`] fixed bytes until none are left: every draw
/// gives an id (the last one, short of bytes, too), each id's text parses back to it, and there
/// are `STREAM_LEN / size` ids, rounded up. `check` gets each id with its text, for the
/// format's own checks. Returns the ids.
pub fn assert_round_trips_from_bytes<T>(size: usize, mut check: impl FnMut(&T, &str)) -> Vec<T>
where
    T: for<'a> Arbitrary<'a> + Display + FromStr + PartialEq + Debug,
    T::Err: Debug,
{
    let data = xorshift_bytes(STREAM_LEN);
    let mut u = Unstructured::new(&data);
    let mut ids = Vec::new();
    while !u.is_empty() {
        let left = u.len();
        let id = T::arbitrary(&mut u)
            .unwrap_or_else(|error| panic!("draw {} ({left} bytes left): {error}", ids.len()));
        let text = id.to_string();
        let back = text
            .parse::<T>()
            .unwrap_or_else(|error| panic!("draw {}: {text:?}: {error:?}", ids.len()));
        assert_eq!(back, id, "draw {}: {text:?}", ids.len());
        check(&id, &text);
        ids.push(id);
    }
    assert_eq!(ids.len(), STREAM_LEN.div_ceil(size), "ids of {size} bytes");
    ids
}

/// The first `N` ids drawn one after another from `data`, each draw taking up where the one
/// before stopped; every draw gives an id, past the end of `data` too.
pub fn draws<T, const N: usize>(data: &[u8]) -> [T; N]
where
    T: for<'a> Arbitrary<'a>,
{
    let mut u = Unstructured::new(data);
    std::array::from_fn(|i| {
        T::arbitrary(&mut u).unwrap_or_else(|error| panic!("draw {i} of {data:02X?}: {error}"))
    })
}

/// The size hint of an id is exactly `size` bytes, and that of two or three ids, in an array or
/// a tuple, is as many times that.
pub fn assert_size_hint<T>(size: usize)
where
    T: for<'a> Arbitrary<'a>,
{
    assert_eq!(T::size_hint(0), (size, Some(size)), "one id");
    assert_eq!(<[T; 2]>::size_hint(0), (2 * size, Some(2 * size)), "[T; 2]");
    assert_eq!(<[T; 3]>::size_hint(0), (3 * size, Some(3 * size)), "[T; 3]");
    assert_eq!(<(T, T)>::size_hint(0), (2 * size, Some(2 * size)), "(T, T)");
}
