//! Checks of the ids a generator serves, shared by the formats' tests: strictly increasing
//! runs, `generate` and `fill` on one sequence, random draws at a fixed clock reading, and the
//! wall clock that generated ids are compared with.

use std::collections::HashSet;
use std::fmt::Debug;
use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since the Unix epoch, by the wall clock.
pub fn unix_ms() -> u64 {
    let since = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
    u64::try_from(since.as_millis()).unwrap()
}

/// Seconds since the Unix epoch, by the wall clock.
pub fn unix_s() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// The index of the first id of `ids` that is not below the one after it, if any.
pub fn first_out_of_order<T: Ord>(ids: &[T]) -> Option<usize> {
    ids.windows(2).position(|pair| pair[0] >= pair[1])
}

/// Each id of `ids` is below the one after it; the first that is not is named.
pub fn assert_strictly_increasing<T: Ord + Debug>(ids: &[T]) {
    if let Some(at) = first_out_of_order(ids) {
        panic!(
            "id {at}, {:?}, is not below the next, {:?}",
            ids[at],
            ids[at + 1]
        );
    }
}

/// `generate` and `fill` serve from one sequence: an id, a batch of 100, an id, an empty batch
/// (which takes nothing), and an id, all strictly increasing. `placeholder` fills the batch
/// before `fill` overwrites it.
pub fn assert_generate_and_fill_share_one_sequence<T: Copy + Ord + Debug>(
    generate: impl Fn() -> T,
    fill: impl Fn(&mut [T]),
    placeholder: T,
) {
    let mut ids = vec![generate()];
    let mut batch = [placeholder; 100];
    fill(&mut batch);
    ids.extend(batch);
    ids.push(generate());
    fill(&mut []);
    ids.push(generate());
    assert_strictly_increasing(&ids);
}

/// Draws `n` ids with `draw` at the clock reading `timestamp`: each keeps the timestamp, and no
/// two have the same random field (`parts` reads the timestamp and the random field of an
/// id). Returns the ids, for checks of the bits drawn.
pub fn random_draws<T: Copy + Debug>(
    n: usize,
    timestamp: u64,
    draw: impl Fn(u64) -> T,
    parts: impl Fn(T) -> (u64, u128),
) -> Vec<T> {
    let ids: Vec<T> = (0..n).map(|_| draw(timestamp)).collect();
    let mut randoms = HashSet::with_capacity(n);
    for (i, &id) in ids.iter().enumerate() {
        let (at, random) = parts(id);
        assert_eq!(at, timestamp, "draw {i}: {id:?}");
        assert!(
            randoms.insert(random),
            "draw {i}: {id:?} repeats a random field"
        );
    }
    ids
}
