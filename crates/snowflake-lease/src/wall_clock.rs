//! The host's wall clock in Unix milliseconds: what the protocol proposes marks from, and the
//! host-local store's clock.

use std::time::{SystemTime, UNIX_EPOCH};

/// The wall clock in Unix milliseconds, as the generator's sequence reads it; 0 before 1970.
pub(crate) fn wall_clock_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| {
            u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
        })
}
