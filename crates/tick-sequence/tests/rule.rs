//! Every case of the clock rule, through `next_at`, `fill_with_at` and an exhaustive model.

use tick_sequence::{LocalSequence, Start, TickSequence};

const MS: u64 = 1_000_000;

/// Feeds `sequence` the clock readings of `served` in order, each with the pair it must serve.
fn assert_serves(sequence: &TickSequence, served: &[(u64, (u64, u128))]) {
    for (step, &(now, pair)) in served.iter().enumerate() {
        assert_eq!(sequence.next_at(now), pair, "reading {step}, at {now}");
    }
}

#[test]
fn a_new_tick_restarts_at_zero_or_at_a_random_value_within_the_width() {
    let zero = TickSequence::new(12, MS, Start::Zero);
    assert_serves(&zero, &[(5, (5, 0)), (5, (5, 1)), (6, (6, 0))]);

    // 3-bit random starts: always in range, and not always the same.
    let mut seen = [false; 8];
    for _ in 0..400 {
        let sequence = TickSequence::new(3, MS, Start::Random);
        let (tick, counter) = sequence.next_at(5);
        assert_eq!(tick, 5);
        seen[counter as usize] = true;
    }
    assert!(
        seen.iter().filter(|&&s| s).count() >= 6,
        "starts seen: {seen:?}"
    );
}

#[test]
fn the_same_tick_increments() {
    let sequence = TickSequence::new(80, MS, Start::Random);
    let (tick, first) = sequence.next_at(42);
    for step in 1..=1000 {
        assert_eq!(sequence.next_at(42), (tick, first + step));
    }
}

#[test]
fn a_clock_that_went_back_increments_the_last_tick() {
    let sequence = TickSequence::new(12, MS, Start::Zero);
    assert_serves(
        &sequence,
        &[
            (10_000, (10_000, 0)),
            // A 10 s step back: the tick stays, the counter goes on.
            (0, (10_000, 1)),
            (9_999, (10_000, 2)),
            (10_000, (10_000, 3)),
        ],
    );
}

#[test]
fn an_exhausted_counter_borrows_the_next_tick_which_continues_when_the_clock_catches_up() {
    let sequence = TickSequence::new(2, MS, Start::Zero);
    let served: Vec<_> = (0..9).map(|_| sequence.next_at(7)).collect();
    assert_eq!(
        served,
        [
            (7, 0),
            (7, 1),
            (7, 2),
            (7, 3),
            (8, 0),
            (8, 1),
            (8, 2),
            (8, 3),
            (9, 0)
        ]
    );
    // The clock reaches the borrowed tick: same tick, so the counter goes on.
    assert_eq!(sequence.next_at(9), (9, 1));
    // Then passes it: a new tick.
    assert_eq!(sequence.next_at(10), (10, 0));
}

#[test]
fn an_exhausted_random_counter_borrows_with_a_fresh_random_start() {
    let sequence = TickSequence::new(1, MS, Start::Random);
    let mut last = sequence.next_at(3);
    for _ in 0..100 {
        let next = sequence.next_at(3);
        assert!(next > last);
        if last.1 == 1 {
            assert_eq!(next.0, last.0 + 1, "a full counter borrows the next tick");
        } else {
            assert_eq!(next, (last.0, 1), "a counter below its maximum increments");
        }
        last = next;
    }
    // At most two pairs a tick: the tick ran ahead of a stuck clock by at least 50.
    assert!(last.0 >= 53, "{last:?}");
}

#[test]
fn a_forward_jump_restarts_the_counter() {
    let sequence = TickSequence::new(12, MS, Start::Zero);
    sequence.next_at(5);
    sequence.next_at(5);
    // One hour later.
    assert_serves(&sequence, &[(5 + 3_600_000, (3_600_005, 0))]);
}

#[test]
fn the_first_reading_starts_a_tick_even_at_zero() {
    let sequence = TickSequence::new(4, MS, Start::Zero);
    assert_serves(&sequence, &[(0, (0, 0)), (0, (0, 1))]);
}

#[test]
fn two_sequences_draw_different_random_starts() {
    let a = TickSequence::new(80, MS, Start::Random);
    let b = TickSequence::new(80, MS, Start::Random);
    assert_ne!(a.next_at(1).1, b.next_at(1).1);
}

/// Fills of `n` ids at the reading `now`, in turn on one 3-bit sequence: each case of the rule
/// once. (50, 8) ends exactly at the counter's maximum, (50, 1) then borrows a tick.
const FILL_CASES: [(u64, usize); 8] = [
    (5, 3),
    (5, 20),
    (2, 7),
    (40, 1),
    (40, 0),
    (41, 9),
    (50, 8),
    (50, 1),
];

#[test]
fn fill_with_at_serves_what_as_many_next_at_would() {
    let filled = TickSequence::new(3, MS, Start::Zero);
    let stepped = TickSequence::new(3, MS, Start::Zero);
    for (now, n) in FILL_CASES {
        let mut out = vec![(0, 0); n];
        filled.fill_with_at(now, &mut out, |tick, counter| (tick, counter));
        let expected: Vec<_> = (0..n).map(|_| stepped.next_at(now)).collect();
        assert_eq!(out, expected, "now {now}, n {n}");
    }
}

/// The rule, as plainly as it can be written, with zero starts.
fn model(bits: u32, readings: &[u64]) -> Vec<(u64, u128)> {
    let max = (1u128 << bits) - 1;
    let mut state: Option<(u64, u128)> = None;
    readings
        .iter()
        .map(|&now| {
            let next = match state {
                None => (now, 0),
                Some((tick, _)) if now > tick => (now, 0),
                Some((tick, counter)) if counter < max => (tick, counter + 1),
                Some((tick, _)) => (tick + 1, 0),
            };
            state = Some(next);
            next
        })
        .collect()
}

/// Every sequence of `len` readings drawn from `0..4`.
fn all_readings(len: u32) -> impl Iterator<Item = Vec<u64>> {
    (0..4u64.pow(len)).map(move |mut code| {
        (0..len)
            .map(|_| {
                let reading = code % 4;
                code /= 4;
                reading
            })
            .collect()
    })
}

/// Asks `serve` for the pairs a new sequence of 1 and 2 bits, zero starts, serves for every
/// sequence of up to 7 readings, and checks them against the model's.
fn assert_follows_model(mut serve: impl FnMut(u32, &[u64]) -> Vec<(u64, u128)>) {
    for bits in [1, 2] {
        for len in 1..=7 {
            for readings in all_readings(len) {
                assert_eq!(
                    serve(bits, &readings),
                    model(bits, &readings),
                    "bits {bits}, readings {readings:?}"
                );
            }
        }
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "every sequence of readings: minutes under Miri; the plain test run covers it"
)]
fn widths_one_and_two_follow_the_model_for_every_sequence_of_readings() {
    assert_follows_model(|bits, readings| {
        let sequence = TickSequence::new(bits, MS, Start::Zero);
        readings.iter().map(|&now| sequence.next_at(now)).collect()
    });
}

#[test]
#[cfg_attr(
    miri,
    ignore = "every sequence of readings: minutes under Miri; the plain test run covers it"
)]
fn widths_one_and_two_with_random_starts_stay_strictly_increasing_and_in_range() {
    for bits in [1, 2] {
        let max = (1u128 << bits) - 1;
        for readings in all_readings(6) {
            let sequence = TickSequence::new(bits, MS, Start::Random);
            let mut last: Option<(u64, u128)> = None;
            for &now in &readings {
                let (tick, counter) = sequence.next_at(now);
                assert!(counter <= max);
                if let Some((last_tick, last_counter)) = last {
                    assert!((tick, counter) > (last_tick, last_counter), "{readings:?}");
                    if now > last_tick {
                        assert_eq!(tick, now, "a new tick: {readings:?}");
                    } else if last_counter < max {
                        assert_eq!((tick, counter), (last_tick, last_counter + 1));
                    } else {
                        assert_eq!(tick, last_tick + 1, "a borrowed tick: {readings:?}");
                    }
                } else {
                    assert_eq!(tick, now);
                }
                last = Some((tick, counter));
            }
        }
    }
}

/// The message `make` panics with. Its parameters go through `black_box` first, so that the
/// check runs when the program does, not when it is compiled.
fn panic_message(make: impl FnOnce() + std::panic::UnwindSafe) -> String {
    let make = std::hint::black_box(make);
    let error = std::panic::catch_unwind(make).expect_err("the parameters are invalid");
    error
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .unwrap_or_default()
}

#[test]
fn bad_parameters_panic_with_a_message_outside_const_contexts() {
    let message =
        |bits, tick_ns| panic_message(move || drop(TickSequence::new(bits, tick_ns, Start::Zero)));
    assert!(message(0, MS).contains("bits must be in 1..=80"));
    assert!(message(81, MS).contains("bits must be in 1..=80"));
    assert!(message(12, 0).contains("tick_ns must be at least 1"));
    // The limits themselves are valid.
    drop(TickSequence::new(1, 1, Start::Zero));
    drop(TickSequence::new(80, u64::MAX, Start::Random));
}

/// The owned sequence applies the same rule: the same pairs as the model, reading for reading.
#[test]
#[cfg_attr(
    miri,
    ignore = "every sequence of readings: minutes under Miri; the plain test run covers it"
)]
fn a_local_sequence_follows_the_model_for_every_sequence_of_readings() {
    assert_follows_model(|bits, readings| {
        let mut sequence = LocalSequence::new(bits, MS, Start::Zero);
        readings.iter().map(|&now| sequence.next_at(now)).collect()
    });
}

#[test]
fn a_local_sequence_fills_what_as_many_next_at_would_and_stops_at_an_error() {
    let mut filled = LocalSequence::new(3, MS, Start::Zero);
    let mut stepped = LocalSequence::new(3, MS, Start::Zero);
    for (now, n) in FILL_CASES {
        let mut out = vec![(0, 0); n];
        let packed: Result<(), ()> = filled.try_fill_with_at(now, &mut out, |t, c| Ok((t, c)));
        assert_eq!(packed, Ok(()));
        let expected: Vec<_> = (0..n).map(|_| stepped.next_at(now)).collect();
        assert_eq!(out, expected, "now {now}, n {n}");
    }
    // A pack that refuses ticks past 61: the slots from the refused one on stay as they were,
    // and the refused pair is used up.
    let mut sequence = LocalSequence::new(1, MS, Start::Zero);
    let mut out = [(0, 0); 4];
    let pack = |t: u64, c: u128| if t > 60 { Err(t) } else { Ok((t, c)) };
    assert_eq!(sequence.try_fill_with_at(60, &mut out, pack), Err(61));
    assert_eq!(out, [(60, 0), (60, 1), (0, 0), (0, 0)]);
    assert_eq!(sequence.next_at(60), (61, 1));
}

#[test]
fn local_sequences_draw_their_own_random_starts_and_each_increases() {
    let mut a = LocalSequence::new(80, MS, Start::Random);
    let mut b = LocalSequence::new(80, MS, Start::Random);
    let (first_a, first_b) = (a.next_at(9), b.next_at(9));
    assert_ne!(first_a, first_b);
    assert_eq!(a.next_at(9), (9, first_a.1 + 1));
    // A clock that steps back continues the tick; a later one draws a new start.
    assert_eq!(a.next_at(3), (9, first_a.1 + 2));
    let later = a.next_at(10);
    assert_eq!(later.0, 10);
    assert!(later.1 < 1 << 80);
}

#[test]
fn a_local_sequence_rejects_bad_parameters_with_a_message() {
    let message =
        |bits, tick_ns| panic_message(move || drop(LocalSequence::new(bits, tick_ns, Start::Zero)));
    assert!(message(0, MS).contains("bits must be in 1..=80"));
    assert!(message(81, MS).contains("bits must be in 1..=80"));
    assert!(message(12, 0).contains("tick_ns must be at least 1"));
}
