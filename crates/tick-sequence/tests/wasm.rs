//! In a JavaScript runtime (Node), on `wasm32-unknown-unknown` with the feature `js`: the clock
//! is `Date.now()`, random starts come from `crypto.getRandomValues`, and pairs increase.
//!
//! `cargo test -p tick-sequence --target wasm32-unknown-unknown --features js --test wasm`
#![cfg(all(target_arch = "wasm32", target_os = "unknown"))]

use tick_sequence::{Start, TickSequence, fork_generation, random_bits};
use wasm_bindgen_test::wasm_bindgen_test;

static MILLISECONDS: TickSequence = TickSequence::new(80, 1_000_000, Start::Random);

#[wasm_bindgen_test]
fn the_clock_is_the_javascript_clock() {
    let before = js_sys::Date::now() as u64;
    let now = MILLISECONDS.now_tick();
    let after = js_sys::Date::now() as u64;
    assert!(
        before <= now && now <= after,
        "{before} <= {now} <= {after}"
    );
    let seconds = TickSequence::new(64, 1_000_000_000, Start::Random).now_tick();
    assert_eq!(seconds, now / 1000);
}

#[wasm_bindgen_test]
fn pairs_strictly_increase_from_the_clock() {
    let before = js_sys::Date::now() as u64;
    let pairs: Vec<(u64, u128)> = (0..10_000).map(|_| MILLISECONDS.next()).collect();
    assert!(pairs.windows(2).all(|pair| pair[0] < pair[1]));
    assert!(pairs[0].0 >= before);
    assert!(pairs.iter().all(|&(_, counter)| counter < 1 << 80));
}

#[wasm_bindgen_test]
fn random_starts_and_draws_are_random() {
    // Two fresh sequences at one tick start at independent random counters.
    let a = TickSequence::new(80, 1_000_000, Start::Random).next_at(5).1;
    let b = TickSequence::new(80, 1_000_000, Start::Random).next_at(5).1;
    assert_ne!(a, b);
    let draws: Vec<u128> = (0..4).map(|_| random_bits(128)).collect();
    assert!(draws.windows(2).all(|pair| pair[0] != pair[1]));
}

#[wasm_bindgen_test]
fn there_is_no_fork_here() {
    assert_eq!(fork_generation(), 0);
}
