//! Many ids from several threads, mixing `generate` and `fill` batches of varying sizes:
//! two generators with different worker ids never collide, and one generator shared by four
//! threads serves every id once. No timing is measured.

use std::sync::Arc;

use snowflake::{SnowflakeId, SnowflakeIdGenerator};

const PER_THREAD: usize = 250_000;
const MAX_BATCH: usize = 1_000;

fn placeholder() -> SnowflakeId {
    SnowflakeId::try_from(0u64).unwrap()
}

/// `PER_THREAD` ids from `generator`, in the order they were served.
fn draw(generator: &SnowflakeIdGenerator, thread: usize) -> Vec<SnowflakeId> {
    let mut ids = Vec::with_capacity(PER_THREAD);
    let mut batch = vec![placeholder(); MAX_BATCH];
    let mut round = 0;
    while ids.len() < PER_THREAD {
        // Batch sizes from 1 to 1,000, different in each thread.
        let len = (1 + (round * 37 + thread * 101) % MAX_BATCH).min(PER_THREAD - ids.len());
        if (round + thread) % 2 == 0 {
            ids.extend((0..len).map(|_| generator.generate().unwrap()));
        } else {
            generator.fill(&mut batch[..len]).unwrap();
            ids.extend_from_slice(&batch[..len]);
        }
        round += 1;
    }
    ids
}

fn assert_strictly_increasing(thread: usize, ids: &[SnowflakeId]) {
    assert_eq!(ids.len(), PER_THREAD);
    for (index, pair) in ids.windows(2).enumerate() {
        assert!(
            pair[0] < pair[1],
            "thread {thread}, id {index}: {:?} then {:?}",
            pair[0],
            pair[1]
        );
    }
}

fn assert_distinct(mut all: Vec<SnowflakeId>) {
    let len = all.len();
    all.sort_unstable();
    if let Some(pair) = all.windows(2).find(|pair| pair[0] == pair[1]) {
        panic!("{:?} was served twice", pair[0]);
    }
    assert_eq!(all.len(), len);
}

#[test]
fn two_generators_with_different_worker_ids_on_two_threads_never_collide() {
    let streams: Vec<Vec<SnowflakeId>> = std::thread::scope(|scope| {
        let handles: Vec<_> = [(0, 17u16), (1, 18)]
            .into_iter()
            .map(|(thread, worker_id)| {
                scope.spawn(move || {
                    let generator = SnowflakeIdGenerator::new(worker_id).unwrap();
                    draw(&generator, thread)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().unwrap())
            .collect()
    });
    let mut all = Vec::with_capacity(2 * PER_THREAD);
    for (thread, (stream, worker_id)) in streams.iter().zip([17, 18]).enumerate() {
        assert_strictly_increasing(thread, stream);
        assert!(stream.iter().all(|id| id.worker_id() == worker_id));
        all.extend_from_slice(stream);
    }
    assert_distinct(all);
}

#[test]
fn one_generator_shared_by_four_threads_serves_a_million_distinct_ids() {
    let generator = Arc::new(SnowflakeIdGenerator::new(19).unwrap());
    let threads: Vec<_> = (0..4)
        .map(|thread| {
            let generator = Arc::clone(&generator);
            std::thread::spawn(move || draw(&generator, thread))
        })
        .collect();
    let mut all = Vec::with_capacity(4 * PER_THREAD);
    for (thread, handle) in threads.into_iter().enumerate() {
        let stream = handle.join().unwrap();
        assert_strictly_increasing(thread, &stream);
        all.extend_from_slice(&stream);
    }
    assert_eq!(all.len(), 4 * PER_THREAD);
    assert_distinct(all);
}
