//! Clock faults through `next_at`, each with the exact pairs the rule predicts: a clock that
//! steps back ten seconds, one that jumps an hour ahead, and one stuck for ten million pairs.

use tick_sequence::{Start, TickSequence};

const MS: u64 = 1_000_000;
/// 2025-06-01T12:00:00.000Z, in milliseconds.
const T: u64 = 1_748_779_200_000;
const STUCK: u64 = 10_000_000;

/// Checks that `next` is what the rule serves after `last` for the reading `now`, when the
/// start of a new tick is random (any value up to `max`) or zero.
fn assert_follows_the_rule(
    last: (u64, u128),
    now: u64,
    next: (u64, u128),
    max: u128,
    start: Start,
) {
    let (tick, counter) = last;
    let expected_tick = if now > tick {
        now
    } else if counter < max {
        assert_eq!(next, (tick, counter + 1), "after {last:?} at {now}");
        return;
    } else {
        tick + 1
    };
    assert_eq!(next.0, expected_tick, "after {last:?} at {now}");
    match start {
        Start::Zero => assert_eq!(next.1, 0, "after {last:?} at {now}"),
        Start::Random => assert!(next.1 <= max, "after {last:?} at {now}: {next:?}"),
    }
}

#[test]
fn a_ten_second_step_back_holds_the_last_tick_until_the_clock_passes_it() {
    let sequence = TickSequence::new(12, MS, Start::Zero);
    for counter in 0..5 {
        assert_eq!(sequence.next_at(T), (T, counter));
    }
    // The clock steps back 10,000 ms and walks forward 10 ms per call: 1,000 readings behind
    // the last tick served, each one served at that tick with the next counter.
    for step in 0..1_000u64 {
        let now = T - 10_000 + 10 * step;
        assert_eq!(
            sequence.next_at(now),
            (T, 5 + u128::from(step)),
            "reading {now}"
        );
    }
    // The clock is back at the tick: still the same tick, so the counter goes on.
    assert_eq!(sequence.next_at(T), (T, 1_005));
    // It passes the tick: from now on the tick is the clock's.
    assert_eq!(sequence.next_at(T + 1), (T + 1, 0));
    assert_eq!(sequence.next_at(T + 1), (T + 1, 1));
    assert_eq!(sequence.next_at(T + 2), (T + 2, 0));
}

#[test]
fn a_ten_second_step_back_with_random_starts_counts_on_from_the_first_counter() {
    let sequence = TickSequence::new(80, MS, Start::Random);
    let max = sequence.max_counter();
    let first = sequence.next_at(T);
    assert_eq!(first.0, T);
    // Every millisecond of the ten seconds behind, then the tick itself: 10,001 readings.
    let mut last = first;
    for now in T - 10_000..=T {
        let next = sequence.next_at(now);
        assert_follows_the_rule(last, now, next, max, Start::Random);
        last = next;
    }
    // A borrow would need a first counter within 10,001 of the top of 80 bits.
    if first.1 + 10_001 <= max {
        assert_eq!(last, (T, first.1 + 10_001));
    } else {
        assert_eq!(last.0, T + 1);
    }
    let caught_up = sequence.next_at(last.0 + 1);
    assert_eq!(caught_up.0, last.0 + 1);
    assert!(caught_up > last);
}

#[test]
fn a_one_hour_jump_forward_serves_the_new_tick_with_a_fresh_start() {
    const HOUR: u64 = 3_600_000;
    let sequence = TickSequence::new(12, MS, Start::Zero);
    for counter in 0..100 {
        assert_eq!(sequence.next_at(T), (T, counter));
    }
    assert_eq!(sequence.next_at(T + HOUR), (T + HOUR, 0));
    assert_eq!(sequence.next_at(T + HOUR), (T + HOUR, 1));
    // The clock comes back to where it was before the jump: it is now behind the last tick
    // served, which holds.
    assert_eq!(sequence.next_at(T + 1), (T + HOUR, 2));

    // The same jump from a borrowed tick: the exhausted counter of a 1-bit sequence has run
    // the tick ahead of the clock; the jump passes it and starts afresh.
    let narrow = TickSequence::new(1, MS, Start::Zero);
    let served: Vec<_> = (0..5).map(|_| narrow.next_at(T)).collect();
    assert_eq!(served, [(T, 0), (T, 1), (T + 1, 0), (T + 1, 1), (T + 2, 0)]);
    assert_eq!(narrow.next_at(T + HOUR), (T + HOUR, 0));
}

#[test]
fn a_one_hour_jump_forward_draws_a_new_random_start() {
    const HOUR: u64 = 3_600_000;
    let sequence = TickSequence::new(80, MS, Start::Random);
    let mut last = sequence.next_at(T);
    for _ in 0..10 {
        last = sequence.next_at(T);
    }
    let mut starts = Vec::new();
    for hour in 1..=4 {
        let now = T + hour * HOUR;
        let next = sequence.next_at(now);
        assert_eq!(next.0, now);
        assert!(next > last);
        // Counting on instead of restarting would give `last.1 + 1`: a random 80-bit start
        // equals it one time in 2^80.
        assert_ne!(next.1, last.1 + 1, "the counter did not restart");
        starts.push(next.1);
        last = next;
    }
    assert!(
        starts.windows(2).all(|pair| pair[0] != pair[1]),
        "{starts:?}"
    );
}

#[test]
fn a_clock_stuck_for_ten_million_pairs_borrows_one_tick_per_4096() {
    let sequence = TickSequence::new(12, MS, Start::Zero);
    // Pair i (from 0) is (T + i / 4096, i % 4096): every tick serves counters 0 to 4095,
    // then the next one is borrowed.
    let mut last = sequence.next_at(T);
    assert_eq!(last, (T, 0));
    let mut uses_of_tick = 1u64;
    for i in 1..STUCK {
        let next = sequence.next_at(T);
        assert!(next > last, "pair {i}: {next:?} after {last:?}");
        if next.0 == last.0 {
            uses_of_tick += 1;
        } else {
            assert_eq!(next.0, last.0 + 1, "pair {i}: one tick borrowed at a time");
            assert_eq!(
                uses_of_tick, 4096,
                "tick {} served {uses_of_tick} times",
                last.0
            );
            uses_of_tick = 1;
        }
        assert_eq!(next, (T + i / 4096, u128::from(i % 4096)), "pair {i}");
        last = next;
    }
    // (10,000,000 - 1) / 4096 = 2441, since 2441 × 4096 = 9,998,336 ≤ 9,999,999 < 2442 × 4096:
    // the last pair is the 1,664th of tick T + 2441 (counter 9,999,999 - 9,998,336 = 1,663).
    assert_eq!(last, (T + (STUCK - 1) / 4096, 1_663));
    assert_eq!(last.0, T + 2_441);
    assert_eq!(uses_of_tick, 1_664);
}

#[test]
fn a_clock_stuck_for_ten_million_pairs_in_batches_gives_the_same_pairs() {
    let sequence = TickSequence::new(12, MS, Start::Zero);
    // 1,000 batches of 10,000 pairs, each with the same stuck reading.
    let mut batch = vec![(0u64, 0u128); 10_000];
    let mut i = 0u64;
    for _ in 0..STUCK / 10_000 {
        sequence.fill_with_at(T, &mut batch, |tick, counter| (tick, counter));
        for &pair in &batch {
            assert_eq!(pair, (T + i / 4096, u128::from(i % 4096)), "pair {i}");
            i += 1;
        }
    }
    assert_eq!(i, STUCK);
    assert_eq!(
        sequence.next_at(T),
        (T + STUCK / 4096, u128::from(STUCK % 4096))
    );
}

#[test]
fn a_clock_stuck_for_ten_million_pairs_with_80_bit_random_starts_drifts_as_the_first_counter_predicts()
 {
    let sequence = TickSequence::new(80, MS, Start::Random);
    let max = sequence.max_counter();
    let first = sequence.next_at(T);
    assert_eq!(first.0, T);
    let mut last = first;
    for _ in 1..STUCK {
        let next = sequence.next_at(T);
        assert_follows_the_rule(last, T, next, max, Start::Random);
        last = next;
    }
    // The other 9,999,999 pairs count on from the first counter; a tick is borrowed iff that
    // passes the top of 80 bits. (A second borrow would need the borrowed tick's random start
    // within 10^7 of the top too: one time in about 2^57.)
    let borrows = u64::from(first.1 + (STUCK - 1) as u128 > max);
    assert_eq!(last.0, T + borrows, "first counter {}", first.1);
    if borrows == 0 {
        assert_eq!(last.1, first.1 + (STUCK - 1) as u128);
    }
}

#[test]
fn a_clock_stuck_with_narrow_random_starts_borrows_exactly_as_the_starts_predict() {
    // A 16-bit random start runs out after 65,536 - start pairs: over a million pairs the
    // tick runs ahead by one per exhausted start, and each borrowed tick starts afresh.
    let sequence = TickSequence::new(16, MS, Start::Random);
    let max = sequence.max_counter();
    let mut last = sequence.next_at(T);
    // Pairs left in the current tick, from the start it was served with.
    let mut left = max - last.1;
    let mut borrowed = 0u64;
    for _ in 1..1_000_000 {
        let next = sequence.next_at(T);
        assert_follows_the_rule(last, T, next, max, Start::Random);
        if left == 0 {
            borrowed += 1;
            left = max - next.1;
        } else {
            left -= 1;
        }
        last = next;
    }
    assert_eq!(last.0, T + borrowed);
    // At most 65,536 pairs a tick: at least 15 ticks borrowed.
    assert!(borrowed >= 1_000_000 / 65_536, "{borrowed}");
}
