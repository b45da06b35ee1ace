//! Four threads draw 250,000 ids each from a process-wide generator, mixing single ids and
//! batches of varying sizes: the one stress check of the workspace's tests. No timing is
//! measured.

use std::fmt::Display;

use crate::generated::first_out_of_order;

const THREADS: usize = 4;
const PER_THREAD: usize = 250_000;
const MAX_BATCH: usize = 1_000;

/// Asserts that a million ids from four threads, drawn with `generate` and `fill`, are all
/// distinct, and that each thread's are strictly increasing. `placeholder` fills the batch
/// buffer before `fill` overwrites it.
pub fn four_threads_distinct_and_increasing<T>(
    generate: impl Fn() -> T + Sync,
    fill: impl Fn(&mut [T]) + Sync,
    placeholder: T,
) where
    T: Copy + Ord + Display + Send + Sync,
{
    let (generate, fill) = (&generate, &fill);
    let streams: Vec<Vec<T>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..THREADS)
            .map(|thread| scope.spawn(move || draw(thread, generate, fill, placeholder)))
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().unwrap())
            .collect()
    });
    let mut all = Vec::with_capacity(THREADS * PER_THREAD);
    for (thread, stream) in streams.iter().enumerate() {
        assert_eq!(stream.len(), PER_THREAD);
        if let Some(at) = first_out_of_order(stream) {
            panic!(
                "thread {thread}, id {at}: {} then {}",
                stream[at],
                stream[at + 1]
            );
        }
        all.extend_from_slice(stream);
    }
    all.sort_unstable();
    if let Some(pair) = all.windows(2).find(|pair| pair[0] == pair[1]) {
        panic!("{} was served twice", pair[0]);
    }
    assert_eq!(all.len(), THREADS * PER_THREAD);
}

/// One thread's ids, in the order they were served.
fn draw<T: Copy>(
    thread: usize,
    generate: &impl Fn() -> T,
    fill: &impl Fn(&mut [T]),
    placeholder: T,
) -> Vec<T> {
    let mut ids = Vec::with_capacity(PER_THREAD);
    let mut batch = [placeholder; MAX_BATCH];
    let mut round = 0;
    while ids.len() < PER_THREAD {
        // Batch sizes from 1 to 1,000, different in each thread.
        let len = (1 + (round * 37 + thread * 101) % MAX_BATCH).min(PER_THREAD - ids.len());
        if (round + thread).is_multiple_of(2) {
            ids.extend((0..len).map(|_| generate()));
        } else {
            fill(&mut batch[..len]);
            ids.extend_from_slice(&batch[..len]);
        }
        round += 1;
    }
    ids
}
