//! Clock faults through `generate_at`, each with the exact ids the rule predicts: a clock that
//! steps back ten seconds, one that jumps an hour ahead, and one stuck for ten million ids.
#![cfg(feature = "std")]

use snowflake::{SnowflakeId, SnowflakeIdGenerator};

/// 2025-06-01T12:00:00.000Z.
const T: u64 = 1_748_779_200_000;
const HOUR: u64 = 3_600_000;
const WORKER: u16 = 321;

fn id(timestamp_ms: u64, sequence: u16) -> SnowflakeId {
    SnowflakeId::from_parts(timestamp_ms, WORKER, sequence).unwrap()
}

#[test]
fn a_ten_second_step_back_holds_the_millisecond_until_the_clock_passes_it() {
    let generator = SnowflakeIdGenerator::new(WORKER).unwrap();
    for sequence in 0..5 {
        assert_eq!(generator.generate_at(T).unwrap(), id(T, sequence));
    }
    // The clock steps back 10,000 ms and walks forward 10 ms per id: 1,000 readings behind
    // the last millisecond served, each one served in it with the next sequence number.
    let mut last = id(T, 4);
    for step in 0..1_000u16 {
        let now = T - 10_000 + 10 * u64::from(step);
        let next = generator.generate_at(now).unwrap();
        assert_eq!(next, id(T, 5 + step), "reading {now}");
        assert!(next > last);
        last = next;
    }
    // The clock is back at T: still T. Then it passes T: the timestamp follows the clock.
    assert_eq!(generator.generate_at(T).unwrap(), id(T, 1_005));
    assert_eq!(generator.generate_at(T + 1).unwrap(), id(T + 1, 0));
    assert_eq!(generator.generate_at(T + 1).unwrap(), id(T + 1, 1));
    assert_eq!(generator.generate_at(T + 2).unwrap(), id(T + 2, 0));
}

#[test]
fn a_one_hour_jump_forward_starts_the_new_millisecond_at_sequence_0() {
    let generator = SnowflakeIdGenerator::new(WORKER).unwrap();
    for sequence in 0..100 {
        assert_eq!(generator.generate_at(T).unwrap(), id(T, sequence));
    }
    let jumped = generator.generate_at(T + HOUR).unwrap();
    assert_eq!(jumped, id(T + HOUR, 0));
    assert!(jumped > id(T, 99));
    assert_eq!(generator.generate_at(T + HOUR).unwrap(), id(T + HOUR, 1));
    // The clock comes back to where it was: an hour behind, it continues the last
    // millisecond served.
    assert_eq!(generator.generate_at(T + 1).unwrap(), id(T + HOUR, 2));
}

#[test]
fn a_one_hour_jump_forward_from_a_borrowed_millisecond_starts_afresh() {
    let generator = SnowflakeIdGenerator::new(WORKER).unwrap();
    // 5,000 ids at T: 4,096 in T, then 904 in the borrowed T + 1.
    let mut last = id(T, 0);
    for i in 0..5_000u64 {
        last = generator.generate_at(T).unwrap();
        assert_eq!(last, id(T + i / 4096, (i % 4096) as u16));
    }
    assert_eq!(last, id(T + 1, 903));
    assert_eq!(generator.generate_at(T + HOUR).unwrap(), id(T + HOUR, 0));
}

#[test]
fn a_clock_stuck_for_ten_million_ids_drifts_one_millisecond_per_4096() {
    const STUCK: u64 = 10_000_000;
    let generator = SnowflakeIdGenerator::new(WORKER).unwrap();
    let mut last = generator.generate_at(T).unwrap();
    assert_eq!(last, id(T, 0));
    let mut ids_in_millisecond = 1u64;
    for i in 1..STUCK {
        let next = generator.generate_at(T).unwrap();
        // Strictly increasing, so all distinct.
        assert!(next > last, "id {i}: {next:?} after {last:?}");
        if next.timestamp_ms() == last.timestamp_ms() {
            ids_in_millisecond += 1;
        } else {
            assert_eq!(next.timestamp_ms(), last.timestamp_ms() + 1, "id {i}");
            assert_eq!(ids_in_millisecond, 4096, "before id {i}");
            ids_in_millisecond = 1;
        }
        // Id i is the (i % 4096)th of millisecond T + i / 4096.
        assert_eq!(next, id(T + i / 4096, (i % 4096) as u16), "id {i}");
        last = next;
    }
    // (10,000,000 - 1) / 4096 = 2441, since 2441 × 4096 = 9,998,336 ≤ 9,999,999: the last id
    // is 2441 ms ahead of the stuck clock, the 1,664th of its millisecond (sequence 1,663).
    assert_eq!(last.timestamp_ms(), T + (STUCK - 1) / 4096);
    assert_eq!(last, id(T + 2_441, 1_663));
    assert_eq!(ids_in_millisecond, 1_664);
}
