//! Snowflake ids under a leased worker id (`snowflake-lease`), on a throwaway
//! PostgreSQL server of its own (test-support's cluster: Debian's `postgresql` must be
//! installed).
//!
//! - generate: one id from a `LeasedGenerator` (the fork check, the clock reading, the
//!   ceiling; the lease's deadline once a reading) beside one from a plain
//!   `SnowflakeIdGenerator`, in one run, paced as `snowflake/paced` is: batches of 4,000 ids,
//!   each on a millisecond that has served none. Unpaced, both would run out of a
//!   millisecond's 4,096 ids; the plain generator then borrows milliseconds ahead of the
//!   clock without end, while the leased one stops at its lease's ceiling and returns errors,
//!   and the two rows would time different things.
//! - acquire and release: claiming a worker id (one statement, on the lease's own thread and
//!   connection) and giving it back, as a process does once at start and once at exit.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use snowflake::{SnowflakeId, SnowflakeIdGenerator};
use snowflake_lease::{LeaseConfig, LeasedGenerator};
use test_support::postgres::Cluster;

mod common;

use common::{paced, unix_ms};

fn lease(c: &mut Criterion) {
    let cluster = Cluster::start(&[]);
    let config = LeaseConfig::new(&cluster.connection_string("postgres"));
    let leased = LeasedGenerator::acquire(&config).expect("a worker id from the cluster");
    let plain = SnowflakeIdGenerator::new(leased.worker_id() ^ 1).unwrap();
    // A new lease serves from its floor, a lead ahead of the clock, and pacing waits for the
    // clock to pass the last id's millisecond: wait once here, so that criterion's warm-up
    // times what the measurement will, for both rows alike.
    while unix_ms() <= leased.state().floor_ms {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }

    let mut group = c.benchmark_group("snowflake/lease");
    group.bench_function("generate (leased)", |b| {
        b.iter_custom(|iters| {
            paced(
                iters,
                || leased.generate().unwrap(),
                |id: &SnowflakeId| id.timestamp_ms(),
                unix_ms,
            )
        })
    });
    group.bench_function("generate (plain)", |b| {
        b.iter_custom(|iters| {
            paced(
                iters,
                || plain.generate().unwrap(),
                |id: &SnowflakeId| id.timestamp_ms(),
                unix_ms,
            )
        })
    });
    group.bench_function("acquire and release", |b| {
        b.iter(|| {
            let generator = LeasedGenerator::acquire(&config).unwrap();
            black_box(generator.worker_id());
            generator.release().unwrap();
        })
    });
    group.finish();
    leased.release().unwrap();
    drop(cluster);
}

criterion_group!(benches, lease);
criterion_main!(benches);
