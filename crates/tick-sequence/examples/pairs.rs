//! Prints pairs from a sequence with a 2-bit counter, driven by a stuck clock and then by the
//! real one: the three cases of the rule, visible.
//!
//! `cargo run -p tick-sequence --example pairs`

use tick_sequence::{Start, TickSequence};

fn main() {
    let sequence = TickSequence::new(2, 1_000_000, Start::Zero);
    println!("clock stuck at 1000 ms; 4 counter values a tick, then a borrowed tick:");
    for _ in 0..6 {
        let (tick, counter) = sequence.next_at(1_000);
        println!("  next_at(1000) -> ({tick}, {counter})");
    }
    println!("clock back at 900 ms, then the wall clock:");
    let (tick, counter) = sequence.next_at(900);
    println!("  next_at(900)  -> ({tick}, {counter})");
    let (tick, counter) = sequence.next();
    println!("  next()        -> ({tick}, {counter})   (Unix milliseconds)");
}
