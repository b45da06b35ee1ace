//! The wall clock, in ticks since the Unix epoch.

use std::time::{SystemTime, UNIX_EPOCH};

/// The wall clock in ticks of `tick_ns` since the Unix epoch; 0 for a clock before 1970.
///
/// `ticks_per_second` is `1e9 / tick_ns` when that is exact, else 0: then two 64-bit
/// divisions replace one 128-bit division on the hot path.
#[inline]
pub(crate) fn now_tick(tick_ns: u64, ticks_per_second: u64) -> u64 {
    let Ok(since_epoch) = SystemTime::now().duration_since(UNIX_EPOCH) else {
        return 0;
    };
    let (seconds, nanos) = (since_epoch.as_secs(), u64::from(since_epoch.subsec_nanos()));
    if ticks_per_second != 0 {
        seconds
            .saturating_mul(ticks_per_second)
            .saturating_add(nanos / tick_ns)
    } else {
        let total = u128::from(seconds) * 1_000_000_000 + u128::from(nanos);
        u64::try_from(total / u128::from(tick_ns)).unwrap_or(u64::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::now_tick;
    use std::time::{SystemTime, UNIX_EPOCH};

    #[test]
    fn both_paths_agree_with_the_system_clock() {
        let before = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
        let millis = now_tick(1_000_000, 1_000);
        let seconds = now_tick(1_000_000_000, 1);
        // 3 ms ticks do not divide a second: the 128-bit path.
        let three_ms = now_tick(3_000_000, 0);
        let after = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();

        assert!(before.as_millis() as u64 <= millis && millis <= after.as_millis() as u64);
        assert!(before.as_secs() <= seconds && seconds <= after.as_secs());
        let (low, high) = (before.as_millis() as u64 / 3, after.as_millis() as u64 / 3);
        assert!(low <= three_ms && three_ms <= high);
    }
}
