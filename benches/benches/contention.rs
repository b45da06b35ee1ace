//! The process-wide generators under contention: 1, 2, 4 and 8 threads calling the same
//! generator, beside the peers' shared generators. A sample is the wall time for all threads
//! to make `iters` ids between them, so the time per id falls as threads are added only where
//! the generator lets them work in parallel.
//!
//! Before any timing, each generator is checked the same way, untimed: four threads make
//! 50,000 ids each and every id must be unique.
//!
//! Each group first prints how long one core takes to see a word another core wrote: two
//! threads hand a word back and forth. Every lock here moves its cache line between cores,
//! and on a virtual machine that cost depends on where the host put the processors (here 15,
//! 35 or 165 ns, changing while the benchmark runs), so the figure says which placement a
//! group's numbers were measured on.

use std::collections::HashSet;
use std::hash::Hash;
use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parking_lot::Mutex;

const THREADS: [usize; 4] = [1, 2, 4, 8];

/// Wall time for `threads` threads, released together, to make `iters` ids between them.
fn time_threads<T>(threads: usize, iters: u64, make: &(impl Fn() -> T + Sync)) -> Duration {
    let per_thread = iters.div_ceil(threads as u64);
    let barrier = Barrier::new(threads + 1);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                barrier.wait();
                for _ in 0..per_thread {
                    black_box(make());
                }
            });
        }
        barrier.wait();
        let start = Instant::now();
        // The scope joins every thread before it returns.
        start
    })
    .elapsed()
}

/// Nanoseconds for a word written by one thread to be seen and answered by another: two
/// threads take turns incrementing it, 50,000 turns each.
fn handoff_ns() -> f64 {
    const TURNS: u64 = 50_000;
    let word = AtomicU64::new(0);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for parity in 0..2 {
            let word = &word;
            scope.spawn(move || {
                for turn in 0..TURNS {
                    let mine = 2 * turn + parity;
                    while word.load(Ordering::Acquire) != mine {
                        std::hint::spin_loop();
                    }
                    word.store(mine + 1, Ordering::Release);
                }
            });
        }
    });
    start.elapsed().as_nanos() as f64 / (2 * TURNS) as f64
}

/// Every id unique across four threads of 50,000 ids each.
fn assert_unique<T: Hash + Eq + Send>(name: &str, make: &(impl Fn() -> T + Sync)) {
    let ids: Vec<Vec<T>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..4)
            .map(|_| scope.spawn(|| (0..50_000).map(|_| make()).collect::<Vec<T>>()))
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let mut seen = HashSet::with_capacity(200_000);
    for id in ids.into_iter().flatten() {
        assert!(seen.insert(id), "{name}: a duplicate id under contention");
    }
}

fn contention(c: &mut Criterion) {
    let snowflakes = Arc::new(snowflake::SnowflakeIdGenerator::new(1).unwrap());
    let ulid_peer = Mutex::new(ulid_peer::Generator::new());

    let ulid = || ulid::generate();
    let uuid7 = || uuid7::generate();
    let objectid = || objectid::generate();
    let snowflake = || snowflakes.generate().unwrap();
    let ulid_peer = || ulid_peer.lock().generate().unwrap();
    let uuid_now_v7 = uuid::Uuid::now_v7;
    let uuid7_peer = uuid7_peer::uuid7;

    assert_unique("ulid", &ulid);
    assert_unique("uuid7", &uuid7);
    assert_unique("objectid", &objectid);
    assert_unique("snowflake", &snowflake);
    assert_unique("ulid_peer", &ulid_peer);
    assert_unique("uuid::Uuid::now_v7", &uuid_now_v7);
    assert_unique("uuid7_peer::uuid7", &uuid7_peer);

    for threads in THREADS {
        println!(
            "contention/{threads} threads: a cache line moves between cores in {:.0} ns",
            handoff_ns()
        );
        let mut group = c.benchmark_group(format!("contention/{threads} threads"));
        group.throughput(Throughput::Elements(1));
        let mut bench = |name: &str, make: &(dyn Fn() -> u128 + Sync)| {
            group.bench_function(name, |b| {
                b.iter_custom(|iters| time_threads(threads, iters, &make))
            });
        };
        bench("ulid", &|| ulid().to_u128());
        bench("uuid7", &|| uuid7().to_u128());
        bench("objectid", &|| u128::from(objectid().counter()));
        bench("snowflake", &|| u128::from(snowflake().to_u64()));
        bench("ulid_peer Generator in a parking_lot::Mutex", &|| {
            ulid_peer().0
        });
        bench("uuid::Uuid::now_v7", &|| uuid_now_v7().as_u128());
        bench("uuid7_peer::uuid7", &|| {
            u128::from_be_bytes(*uuid7_peer().as_bytes())
        });
        group.finish();
    }
}

criterion_group!(benches, contention);
criterion_main!(benches);
