//! What a generator must survive: bulk in one millisecond, a restart, independent streams
//! merged, many threads, and a clock outside the format's range. The clock faults (a step
//! back, a jump forward, a stuck clock, and with it sequence exhaustion) are in
//! `tests/clock_faults.rs`, one generator shared by many threads in `tests/stress.rs`, fork in
//! `tests/fork.rs`.
#![cfg(feature = "generate")]

use std::collections::HashSet;
use std::time::Duration;

use snowflake::{EPOCH_MS, Error, SnowflakeId, SnowflakeIdGenerator};
use test_support::generated::{assert_strictly_increasing, unix_ms};

const MAX_TIMESTAMP_MS: u64 = SnowflakeId::MAX_TIMESTAMP_MS;
/// 2025-06-01T12:00:00.000Z.
const T: u64 = 1_748_779_200_000;

#[test]
fn generators_are_send_and_sync() {
    fn shareable<T: Send + Sync>() {}
    shareable::<SnowflakeIdGenerator>();
}

#[test]
fn same_millisecond_bulk_of_a_million_ids_from_fill() {
    let generator = SnowflakeIdGenerator::new(9).unwrap();
    let before = unix_ms();
    let mut ids = vec![SnowflakeId::MIN; 1_000_000];
    generator.fill(&mut ids).unwrap();
    assert_strictly_increasing(&ids);
    // One clock reading: 4096 ids per millisecond from it, then borrowed milliseconds.
    let start = ids[0].timestamp_ms();
    assert!(start >= before && start <= unix_ms());
    for (index, id) in ids.iter().enumerate() {
        let index = index as u64;
        assert_eq!(id.timestamp_ms(), start + index / 4096);
        assert_eq!(u64::from(id.sequence()), index % 4096);
        assert_eq!(id.worker_id(), 9);
    }
    // Decimal strings of equal length sort like their values, and these all have the
    // same length.
    let texts: Vec<String> = ids.iter().map(SnowflakeId::to_string).collect();
    assert!(texts.iter().all(|text| text.len() == texts[0].len()));
    assert!(texts.windows(2).all(|pair| pair[0] < pair[1]));
}

#[test]
fn fill_continues_the_sequence_of_generate_and_accepts_an_empty_slice() {
    let generator = SnowflakeIdGenerator::new(3).unwrap();
    generator.fill(&mut []).unwrap();
    let first = generator.generate().unwrap();
    let mut ids = vec![SnowflakeId::MIN; 10_000];
    generator.fill(&mut ids).unwrap();
    let last = generator.generate().unwrap();
    assert!(first < ids[0]);
    assert_strictly_increasing(&ids);
    assert!(ids[9_999] < last);
    // 10,000 ids never wait for the clock: the last ones are borrowed ahead of it.
    assert!(ids[9_999].timestamp_ms() >= ids[0].timestamp_ms() + 2);
}

#[test]
fn generate_continues_from_a_reading_ahead_of_the_clock() {
    // `generate_at` and `generate` move one sequence: after a reading a day ahead, the clock
    // is behind the last millisecond served, which holds.
    let generator = SnowflakeIdGenerator::new(1).unwrap();
    let day_later = unix_ms() + 86_400_000;
    let jumped = generator.generate_at(day_later).unwrap();
    let next = generator.generate().unwrap();
    assert_eq!((next.timestamp_ms(), next.sequence()), (day_later, 1));
    assert!(next > jumped);
}

#[test]
fn a_restarted_generator_starts_fresh_and_repeats_no_id_once_the_clock_has_moved() {
    let old = SnowflakeIdGenerator::new(5).unwrap();
    let old_ids: Vec<_> = (0..1000).map(|_| old.generate().unwrap()).collect();
    let last_old = *old_ids.last().unwrap();
    drop(old);
    // A restart takes longer than the one millisecond the old generator may have reached.
    while unix_ms() <= last_old.timestamp_ms() {
        std::thread::sleep(Duration::from_millis(1));
    }
    let new = SnowflakeIdGenerator::new(5).unwrap();
    let first_new = new.generate().unwrap();
    assert_eq!(first_new.sequence(), 0, "a fresh sequence starts at 0");
    assert!(first_new > last_old);
    let old_ids: HashSet<_> = old_ids.into_iter().collect();
    for _ in 0..1000 {
        assert!(!old_ids.contains(&new.generate().unwrap()));
    }
}

#[test]
fn a_restart_within_the_lead_of_a_burst_repeats_ids_as_documented() {
    // The limit stated under "Restart" in the crate documentation: no state is persisted, so
    // a new generator with the same worker id, started while the clock is still behind the
    // old one's borrowed milliseconds, serves the same ids again.
    let old = SnowflakeIdGenerator::new(5).unwrap();
    let old_ids: Vec<_> = (0..5000).map(|_| old.generate_at(T).unwrap()).collect();
    let new = SnowflakeIdGenerator::new(5).unwrap();
    assert_eq!(new.generate_at(T + 1).unwrap(), old_ids[4096]);
    // With its own worker id it cannot collide.
    let other = SnowflakeIdGenerator::new(6).unwrap();
    let other_ids: HashSet<_> = (0..5000).map(|_| other.generate_at(T).unwrap()).collect();
    assert!(old_ids.iter().all(|id| !other_ids.contains(id)));
}

#[test]
fn two_generators_with_different_worker_ids_on_two_threads_never_collide() {
    const PER_THREAD: usize = 100_000;
    let threads: Vec<_> = [11u16, 12]
        .into_iter()
        .map(|worker_id| {
            std::thread::spawn(move || {
                let generator = SnowflakeIdGenerator::new(worker_id).unwrap();
                let ids: Vec<_> = (0..PER_THREAD)
                    .map(|_| generator.generate().unwrap())
                    .collect();
                assert_strictly_increasing(&ids);
                assert!(ids.iter().all(|id| id.worker_id() == worker_id));
                ids
            })
        })
        .collect();
    let mut merged = HashSet::with_capacity(2 * PER_THREAD);
    for thread in threads {
        for id in thread.join().unwrap() {
            assert!(merged.insert(id), "{id:?} twice");
        }
    }
    assert_eq!(merged.len(), 2 * PER_THREAD);
}

#[test]
fn generated_ids_carry_the_clock_and_the_worker_id() {
    let generator = SnowflakeIdGenerator::new(1023).unwrap();
    let before = unix_ms();
    let id = generator.generate().unwrap();
    let after = unix_ms();
    assert_eq!(id.worker_id(), 1023);
    assert!(before <= id.timestamp_ms() && id.timestamp_ms() <= after);
    assert_eq!(generator.worker_id(), 1023);
}

#[test]
fn worker_ids_above_1023_are_refused() {
    for worker_id in [1024, 4096, u16::MAX] {
        assert_eq!(
            SnowflakeIdGenerator::new(worker_id).unwrap_err(),
            Error::WorkerIdOutOfRange {
                value: worker_id,
                max: 1023
            }
        );
    }
}

#[test]
fn explicit_timestamps_outside_the_range_fail_without_moving_the_sequence() {
    let generator = SnowflakeIdGenerator::new(2).unwrap();
    for bad in [0, EPOCH_MS - 1, MAX_TIMESTAMP_MS + 1, u64::MAX] {
        assert_eq!(
            generator.generate_at(bad),
            Err(Error::TimestampOutOfRange {
                value: bad,
                min: EPOCH_MS,
                max: MAX_TIMESTAMP_MS
            })
        );
    }
    // The rejected readings left no trace: a fresh sequence at the real clock.
    let id = generator.generate().unwrap();
    assert_eq!(id.sequence(), 0);
    assert!(id.timestamp_ms() <= unix_ms());
}

#[test]
fn the_edges_of_the_range_are_served_and_a_borrowed_millisecond_past_the_end_is_an_error() {
    let generator = SnowflakeIdGenerator::new(1023).unwrap();
    let first = generator.generate_at(EPOCH_MS).unwrap();
    assert_eq!(first.to_u64(), 1023 << 12);

    let generator = SnowflakeIdGenerator::new(1023).unwrap();
    for _ in 0..4095 {
        generator.generate_at(MAX_TIMESTAMP_MS).unwrap();
    }
    let last = generator.generate_at(MAX_TIMESTAMP_MS).unwrap();
    assert_eq!(last.to_u64(), (1 << 63) - 1);
    assert_eq!(
        generator.generate_at(MAX_TIMESTAMP_MS),
        Err(Error::TimestampOutOfRange {
            value: MAX_TIMESTAMP_MS + 1,
            min: EPOCH_MS,
            max: MAX_TIMESTAMP_MS
        })
    );
}

#[test]
fn fill_reports_a_borrowed_millisecond_past_the_end() {
    let generator = SnowflakeIdGenerator::new(1).unwrap();
    // Move the sequence to the last millisecond; the real clock is behind it.
    generator.generate_at(MAX_TIMESTAMP_MS).unwrap();
    let mut ids = vec![SnowflakeId::MIN; 4095];
    generator.fill(&mut ids).unwrap();
    assert_eq!(ids[4094].to_u64(), ((1 << 41) - 1) << 22 | 1 << 12 | 4095);
    assert!(matches!(
        generator.fill(&mut [SnowflakeId::MIN]),
        Err(Error::TimestampOutOfRange { value, .. }) if value == MAX_TIMESTAMP_MS + 1
    ));
    assert!(matches!(
        generator.generate(),
        Err(Error::TimestampOutOfRange { value, .. }) if value == MAX_TIMESTAMP_MS + 1
    ));
}
