//! The clock faults of `test_support::clock_faults` through `next_at`, on the engine's own
//! pairs: a clock that steps back ten seconds, one that jumps an hour ahead, and one stuck for
//! a million pairs, each with the exact pairs the rule predicts, for starts at zero (a 12-bit
//! counter, as Snowflake's) and at random (an 80-bit counter, as ULID's). Then what the suite
//! leaves out: a stuck clock served in batches, and random starts narrow enough to run out.

use std::convert::Infallible;

use test_support::clock_faults::Format;
use tick_sequence::{Start, TickSequence};

const MS: u64 = 1_000_000;
/// 2025-06-01T12:00:00.000Z, in milliseconds.
const T: u64 = 1_748_779_200_000;
const STUCK: u64 = test_support::clock_faults::STUCK_IDS;

type Pair = (u64, u128);

/// The engine's pairs to the clock-fault suite: millisecond ticks, counters from 0, no text.
const PAIRS: Format<Pair> = Format::new(1_000, |pair: Pair| pair);

fn served_by(sequence: &TickSequence) -> impl FnMut(u64) -> Result<Pair, Infallible> + '_ {
    move |now| Ok(sequence.next_at(now))
}

#[test]
fn with_counters_from_zero_each_fault_serves_the_pairs_the_rule_predicts() {
    let twelve_bits = || TickSequence::new(12, MS, Start::Zero);
    PAIRS.step_back(served_by(&twelve_bits()));
    PAIRS.jump_forward(served_by(&twelve_bits()));
    PAIRS.stuck(4096, served_by(&twelve_bits()));
}

#[test]
fn with_80_bit_random_starts_a_step_back_counts_on_and_a_jump_draws_a_new_start() {
    let random = PAIRS.random_starts(80);
    random.step_back(served_by(&TickSequence::new(80, MS, Start::Random)));
    random.jump_forward(served_by(&TickSequence::new(80, MS, Start::Random)));
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

/// Checks that `next` is what the rule serves after `last` for the reading `now`, when the
/// start of a new tick is random (any value up to `max`).
fn assert_follows_the_rule(last: Pair, now: u64, next: Pair, max: u128) {
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
    assert!(next.1 <= max, "after {last:?} at {now}: {next:?}");
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
        assert_follows_the_rule(last, T, next, max);
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
