//! One `static` sequence shared by four threads.

use std::collections::HashSet;

use test_support::generated::unix_ms;
use tick_sequence::{Start, TickSequence};

static SEQUENCE: TickSequence = TickSequence::new(80, 1_000_000, Start::Random);

#[test]
fn four_threads_get_strictly_increasing_distinct_pairs_on_the_unix_millisecond() {
    const PER_THREAD: usize = 100_000;
    let threads: Vec<_> = (0..4)
        .map(|_| {
            std::thread::spawn(|| {
                let before = unix_ms();
                let pairs: Vec<_> = (0..PER_THREAD).map(|_| SEQUENCE.next()).collect();
                (before, pairs, unix_ms())
            })
        })
        .collect();
    let mut all = HashSet::with_capacity(4 * PER_THREAD);
    for thread in threads {
        let (before, pairs, after) = thread.join().unwrap();
        assert!(
            pairs.windows(2).all(|w| w[0] < w[1]),
            "a thread's pairs must increase"
        );
        for &(tick, counter) in &pairs {
            // A random 80-bit start does not run out in 400k steps, so no tick is borrowed.
            assert!(
                before <= tick && tick <= after,
                "tick {tick} not in [{before}, {after}]"
            );
            assert!(counter < 1 << 80);
            assert!(
                all.insert((tick, counter)),
                "duplicate pair ({tick}, {counter})"
            );
        }
    }
    assert_eq!(all.len(), 4 * PER_THREAD);
}
