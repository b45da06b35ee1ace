//! The clock rule on a last pair, written once for the shared sequence and the owned one.

/// The last pair served, and whether there is one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pairs {
    pub(crate) tick: u64,
    pub(crate) counter: u128,
    /// No pair served yet: the next reading of the clock starts a tick, whatever its value.
    pub(crate) fresh: bool,
}

impl Pairs {
    pub(crate) const FRESH: Pairs = Pairs {
        tick: 0,
        counter: 0,
        fresh: true,
    };

    /// The rule, for the reading `now`, with counters up to `max`; `start` draws the counter
    /// of a new tick.
    #[inline(always)]
    pub(crate) fn advance(
        &mut self,
        max: u128,
        now: u64,
        start: impl FnOnce() -> u128,
    ) -> (u64, u128) {
        if now > self.tick || self.fresh {
            self.fresh = false;
            self.tick = now;
            self.counter = start();
        } else if self.counter < max {
            self.counter += 1;
        } else {
            // At u64::MAX there is no next tick; no format accepts a tick that large.
            self.tick = self.tick.saturating_add(1);
            self.counter = start();
        }
        (self.tick, self.counter)
    }

    /// `pack` of the pairs of `1 + rest.len()` calls to [`advance`](Self::advance) with the
    /// reading `now`, into `first` and `rest`, up to the first error of `pack`. Every pair up
    /// to the refused one counts as served.
    #[inline(always)]
    pub(crate) fn fill<T, E>(
        &mut self,
        max: u128,
        now: u64,
        first: &mut T,
        mut rest: &mut [T],
        mut pack: impl FnMut(u64, u128) -> Result<T, E>,
        mut start: impl FnMut() -> u128,
    ) -> Result<(), E> {
        let (mut tick, mut counter) = self.advance(max, now, &mut start);
        *first = pack(tick, counter)?;
        // The tick is now at least `now`, so the first case of the rule cannot match
        // again: the next pairs increment the counter to its maximum, then borrow a tick.
        // Runs of one tick keep the tick fixed, so `pack` can hoist what depends on it. The
        // state is written back on every way out, an error included.
        let result = loop {
            // The run the counter has room for is cut off first, so that its loop has one
            // end to test, not two: fewer instructions an id (the gate's `fill` rows).
            let room = usize::try_from(max - counter).unwrap_or(usize::MAX);
            let len = room.min(rest.len());
            let (run, after) = core::mem::take(&mut rest).split_at_mut(len);
            let packed = run.iter_mut().try_for_each(|slot| {
                counter += 1;
                *slot = pack(tick, counter)?;
                Ok(())
            });
            if let Err(error) = packed {
                break Err(error);
            }
            let Some((slot, after)) = after.split_first_mut() else {
                break Ok(());
            };
            tick = tick.saturating_add(1);
            counter = start();
            match pack(tick, counter) {
                Ok(value) => *slot = value,
                Err(error) => break Err(error),
            }
            rest = after;
        };
        self.tick = tick;
        self.counter = counter;
        result
    }
}
