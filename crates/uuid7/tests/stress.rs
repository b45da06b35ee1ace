//! Four threads draw 250,000 ids each from the process-wide sequence, mixing `generate` and
//! `fill` batches of varying sizes: the million ids are all distinct, and each thread's are
//! strictly increasing. No timing is measured.

use uuid7::Uuid7;

const THREADS: usize = 4;
const PER_THREAD: usize = 250_000;
const MAX_BATCH: usize = 1_000;

fn placeholder() -> Uuid7 {
    Uuid7::from_parts(0, 0).unwrap()
}

/// One thread's ids, in the order they were served.
fn draw(thread: usize) -> Vec<Uuid7> {
    let mut ids = Vec::with_capacity(PER_THREAD);
    let mut batch = vec![placeholder(); MAX_BATCH];
    let mut round = 0;
    while ids.len() < PER_THREAD {
        // Batch sizes from 1 to 1,000, different in each thread.
        let len = (1 + (round * 37 + thread * 101) % MAX_BATCH).min(PER_THREAD - ids.len());
        if (round + thread) % 2 == 0 {
            ids.extend((0..len).map(|_| uuid7::generate()));
        } else {
            uuid7::fill(&mut batch[..len]);
            ids.extend_from_slice(&batch[..len]);
        }
        round += 1;
    }
    ids
}

#[test]
fn a_million_ids_from_four_threads_are_distinct_and_increase_per_thread() {
    let streams: Vec<Vec<Uuid7>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..THREADS)
            .map(|thread| scope.spawn(move || draw(thread)))
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().unwrap())
            .collect()
    });
    let mut all = Vec::with_capacity(THREADS * PER_THREAD);
    for (thread, stream) in streams.iter().enumerate() {
        assert_eq!(stream.len(), PER_THREAD);
        for (index, pair) in stream.windows(2).enumerate() {
            assert!(
                pair[0] < pair[1],
                "thread {thread}, id {index}: {} then {}",
                pair[0],
                pair[1]
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
