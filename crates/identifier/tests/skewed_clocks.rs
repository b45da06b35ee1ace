//! Two regions whose clocks differ by a known skew, each with its own Snowflake generator fed
//! its clock's readings through `generate_at`: their merged stream is unique, each region's
//! ids are in order, and a reply sorts before the message it answers exactly when the guide
//! ("Ids and order") predicts: when it is made less than the skew after it.
#![cfg(all(feature = "generate", not(target_arch = "wasm32")))]

use identifier::snowflake::{SnowflakeId, SnowflakeIdGenerator};

/// True time of the first event: 2026-01-01T00:00:00Z, in Unix ms.
const T0: u64 = 1_767_225_600_000;
/// Region A's clock reads this far ahead of true time; region B's is exact.
const SKEW_MS: u64 = 40;

/// One exchange: A records a message at true time `t`, B records the reply `delay_ms` later.
struct Exchange {
    delay_ms: u64,
    message: SnowflakeId,
    reply: SnowflakeId,
}

#[test]
fn a_reply_sorts_before_its_message_exactly_when_made_within_the_skew() {
    let region_a = SnowflakeIdGenerator::new(1).unwrap();
    let region_b = SnowflakeIdGenerator::new(2).unwrap();
    let mut exchanges = Vec::new();
    // One exchange every 200 ms of true time, with delays of 0 to 80 ms.
    for (round, delay_ms) in (0..=80).enumerate() {
        let t = T0 + 200 * round as u64;
        let message = region_a.generate_at(t + SKEW_MS).unwrap();
        let reply = region_b.generate_at(t + delay_ms).unwrap();
        exchanges.push(Exchange {
            delay_ms,
            message,
            reply,
        });
    }

    let mut merged: Vec<SnowflakeId> = exchanges
        .iter()
        .flat_map(|exchange| [exchange.message, exchange.reply])
        .collect();
    let (from_a, from_b): (Vec<SnowflakeId>, Vec<SnowflakeId>) =
        merged.iter().partition(|id| id.worker_id() == 1);
    assert!(from_a.windows(2).all(|pair| pair[0] < pair[1]));
    assert!(from_b.windows(2).all(|pair| pair[0] < pair[1]));
    merged.sort_unstable();
    merged.dedup();
    assert_eq!(merged.len(), 2 * exchanges.len(), "duplicates in the merge");

    for exchange in &exchanges {
        // The prediction: the reply's time is t + delay, the message's t + skew. A reply made
        // less than the skew after its message sorts before it; at exactly the skew both carry
        // one millisecond, and the worker ids (1 < 2) put the message first.
        let inverted = exchange.reply < exchange.message;
        assert_eq!(
            inverted,
            exchange.delay_ms < SKEW_MS,
            "delay {} ms: message {} ({} ms), reply {} ({} ms)",
            exchange.delay_ms,
            exchange.message,
            exchange.message.timestamp_ms(),
            exchange.reply,
            exchange.reply.timestamp_ms()
        );
    }
    let inversions = exchanges
        .iter()
        .filter(|exchange| exchange.reply < exchange.message)
        .count();
    assert_eq!(inversions, 40, "delays 0 to 39 ms of 0 to 80");
}

#[test]
fn a_clock_behind_the_others_keeps_its_own_order_and_stays_unique() {
    // Region B's clock is 1 s behind and steps back 30 ms once: its own ids stay in order
    // (the clock rule), and none equals one of A's, whose worker id differs.
    let region_a = SnowflakeIdGenerator::new(1).unwrap();
    let region_b = SnowflakeIdGenerator::new(2).unwrap();
    let mut a_ids = Vec::new();
    let mut b_ids = Vec::new();
    for step in 0..2_000u64 {
        let t = T0 + step / 4;
        a_ids.push(region_a.generate_at(t).unwrap());
        let b_clock = t - 1_000 - if step >= 1_000 { 30 } else { 0 };
        b_ids.push(region_b.generate_at(b_clock).unwrap());
    }
    assert!(a_ids.windows(2).all(|pair| pair[0] < pair[1]));
    assert!(b_ids.windows(2).all(|pair| pair[0] < pair[1]));
    // After the step back B continues its last millisecond until its clock passes it again.
    assert_eq!(b_ids[1_000].timestamp_ms(), b_ids[999].timestamp_ms());
    let mut all: Vec<_> = a_ids.iter().chain(&b_ids).copied().collect();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 4_000);
}
