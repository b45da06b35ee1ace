//! `snowflake` beside `snowflaked` and `ferroid`, all three on the same layout (41-bit
//! milliseconds since 2024-01-01, 10-bit worker, 12-bit sequence). Throughput is per id.
//!
//! - `snowflake/paced`: below 4,096 ids per millisecond, the rate where no generator has to
//!   borrow or wait. Each sample is made of batches of 4,000 ids, each started on a
//!   millisecond of the generator's own clock that has served no id yet; only the batches
//!   are timed.
//! - `snowflake/burst of 10,000`: 10,000 ids as fast as possible, back to back. Ours borrows
//!   the next milliseconds (its timestamps run ahead of the clock, and stay ahead while the
//!   bursts go on); the peers spin until the clock reaches the next millisecond.
//!
//! Ours is the system clock plus one uncontended lock per call (or per `fill`).
//! `snowflaked::Generator` takes `&mut self` (single-threaded; its thread-safe generator is
//! behind a feature the workspace does not enable), so it is also shown in a
//! `parking_lot::Mutex`, the price of sharing it as ours is shared. `ferroid`'s
//! `LockSnowflakeGenerator` is thread-safe like ours, its `BasicSnowflakeGenerator` is not;
//! both read a clock that a background thread stores once a millisecond instead of the system
//! clock, which is why they are faster per id when paced.

use std::convert::Infallible;
use std::hint::black_box;
use std::time::{Duration, UNIX_EPOCH};

use criterion::{Bencher, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use ferroid::generator::{BasicSnowflakeGenerator, LockSnowflakeGenerator, SnowflakeGenerator};
use ferroid::id::SnowflakeTwitterId;
use ferroid::time::{MonotonicClock, TimeSource};
use snowflake::{EPOCH_MS, SnowflakeId, SnowflakeIdGenerator};
use snowflaked::Snowflake;

mod common;

use common::{paced, unix_ms};

const WORKER_ID: u16 = 1;
const BURST: usize = 10_000;

fn peer_snowflaked() -> snowflaked::Generator {
    snowflaked::Builder::new()
        .instance(WORKER_ID)
        .epoch(UNIX_EPOCH + Duration::from_millis(EPOCH_MS))
        .build()
}

fn ferroid_clock() -> MonotonicClock {
    MonotonicClock::with_epoch(Duration::from_millis(EPOCH_MS))
}

/// `snowflake/paced` of the ferroid generator `G` on our layout (Twitter's), paced by the
/// clock it reads.
fn ferroid_paced<G>(b: &mut Bencher<'_>)
where
    G: SnowflakeGenerator<SnowflakeTwitterId, MonotonicClock>,
    G::Err: Into<Infallible>,
{
    let clock = ferroid_clock();
    let generator = G::new(WORKER_ID.into(), clock.clone());
    b.iter_custom(|iters| {
        paced(
            iters,
            || generator.next_id(|_| std::hint::spin_loop()),
            SnowflakeTwitterId::timestamp,
            || TimeSource::<u64>::current_millis(&clock),
        )
    })
}

/// A burst of the ferroid generator `G` on our layout.
fn ferroid_burst<G>(b: &mut Bencher<'_>)
where
    G: SnowflakeGenerator<SnowflakeTwitterId, MonotonicClock>,
    G::Err: Into<Infallible>,
{
    let generator = G::new(WORKER_ID.into(), ferroid_clock());
    b.iter(|| {
        for _ in 0..BURST {
            black_box(generator.next_id(|_| std::hint::spin_loop()));
        }
    })
}

fn paced_group(c: &mut Criterion) {
    let mut group = c.benchmark_group("snowflake/paced");
    group.throughput(Throughput::Elements(1));
    // Each timed batch is followed by the rest of a millisecond of waiting.
    group.warm_up_time(Duration::from_millis(300));
    group.measurement_time(Duration::from_secs(1));

    group.bench_function("snowflake generate", |b| {
        let generator = SnowflakeIdGenerator::new(WORKER_ID).unwrap();
        b.iter_custom(|iters| {
            paced(
                iters,
                || generator.generate().unwrap(),
                |id: &SnowflakeId| id.timestamp_ms(),
                unix_ms,
            )
        })
    });
    group.bench_function("snowflaked Generator", |b| {
        let mut generator = peer_snowflaked();
        b.iter_custom(|iters| {
            paced(
                iters,
                || generator.generate::<i64>(),
                |id: &i64| EPOCH_MS + id.timestamp(),
                unix_ms,
            )
        })
    });
    // What sharing it between threads, as ours is, costs: one uncontended lock.
    group.bench_function("snowflaked Generator in a Mutex", |b| {
        let generator = parking_lot::Mutex::new(peer_snowflaked());
        b.iter_custom(|iters| {
            paced(
                iters,
                || generator.lock().generate::<i64>(),
                |id: &i64| EPOCH_MS + id.timestamp(),
                unix_ms,
            )
        })
    });
    group.bench_function(
        "ferroid LockSnowflakeGenerator",
        ferroid_paced::<LockSnowflakeGenerator<_, _>>,
    );
    group.bench_function(
        "ferroid BasicSnowflakeGenerator",
        ferroid_paced::<BasicSnowflakeGenerator<_, _>>,
    );
    group.finish();
}

/// The decimal text, beside the same integer's: `to_string` and `parse`.
fn text_group(c: &mut Criterion) {
    let id = SnowflakeId::try_from(1_234_567_890_123_456_789u64).unwrap();
    let integer = id.to_u64();
    let mut group = c.benchmark_group("snowflake/to_string");
    group.bench_function("snowflake", |b| b.iter(|| black_box(id).to_string()));
    group.bench_function("u64", |b| b.iter(|| black_box(integer).to_string()));
    group.finish();
    let text = "1234567890123456789";
    let mut group = c.benchmark_group("snowflake/parse");
    group.bench_function("snowflake", |b| {
        b.iter(|| black_box(text).parse::<SnowflakeId>())
    });
    group.bench_function("u64", |b| b.iter(|| black_box(text).parse::<u64>()));
    group.finish();
}

fn burst_group(c: &mut Criterion) {
    let mut group = c.benchmark_group("snowflake/burst of 10,000");
    group.throughput(Throughput::Elements(BURST as u64));
    // The peers take about 2.5 ms a burst.
    group.sample_size(20);

    group.bench_function(BenchmarkId::new("snowflake", "fill"), |b| {
        let generator = SnowflakeIdGenerator::new(WORKER_ID).unwrap();
        let mut ids = vec![SnowflakeId::try_from(0u64).unwrap(); BURST];
        b.iter(|| {
            generator.fill(&mut ids).unwrap();
            black_box(ids[BURST - 1])
        })
    });
    group.bench_function(BenchmarkId::new("snowflake", "generate"), |b| {
        let generator = SnowflakeIdGenerator::new(WORKER_ID).unwrap();
        b.iter(|| {
            for _ in 0..BURST {
                black_box(generator.generate().unwrap());
            }
        })
    });
    group.bench_function(BenchmarkId::new("snowflaked Generator", "generate"), |b| {
        let mut generator = peer_snowflaked();
        b.iter(|| {
            for _ in 0..BURST {
                black_box(generator.generate::<i64>());
            }
        })
    });
    group.bench_function(
        BenchmarkId::new("ferroid LockSnowflakeGenerator", "next_id"),
        ferroid_burst::<LockSnowflakeGenerator<_, _>>,
    );
    group.bench_function(
        BenchmarkId::new("ferroid BasicSnowflakeGenerator", "next_id"),
        ferroid_burst::<BasicSnowflakeGenerator<_, _>>,
    );
    group.finish();
}

criterion_group!(benches, paced_group, burst_group, text_group);
criterion_main!(benches);
