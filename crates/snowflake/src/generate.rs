//! [`SnowflakeIdGenerator`]: one worker id, one [`TickSequence`], and a refusal to serve in
//! a forked child. Requires the `generate` feature (default).

use core::fmt;

use tick_sequence::{Policy, Start, TickSequence, fork_generation};

use crate::id::{check_timestamp_ms, check_worker_id};
use crate::{Error, SnowflakeId};

/// The length of a tick: the unit of the timestamp.
const TICK_NS: u64 = 1_000_000;

/// How every [`SnowflakeIdGenerator`] makes ids: the layout, the
/// clock, the sequence and the rule when the clock steps back or a millisecond's 4096 ids are
/// used up, with this crate's version. Store it beside ids when a reader will need to know
/// how they were made: an id does not say. Requires the `generate` feature (default).
///
/// ```
/// assert_eq!(snowflake::POLICY.counter_bits, 12);
/// assert_eq!(snowflake::POLICY.tick_ns, 1_000_000);
/// println!("{}", snowflake::POLICY); // one line
/// ```
pub const POLICY: Policy = Policy::new(
    "Snowflake",
    "1 zero bit, 41-bit milliseconds since 2024-01-01T00:00:00Z, 10-bit worker id, 12-bit sequence",
    1,
    "0 in each new millisecond, + 1 per id, per generator",
    SnowflakeId::SEQUENCE_BITS,
    TICK_NS,
    Start::Zero,
    env!("CARGO_PKG_NAME"),
    env!("CARGO_PKG_VERSION"),
);

/// Strictly increasing Snowflake ids for one worker id, from any number of threads. Requires
/// the `generate` feature (default).
///
/// Create one per process, with a worker id that no other process generating at the same
/// time uses (allocating worker ids is the caller's job: configuration, a database row, a
/// coordinator), and share it (`&self` methods; it is `Send + Sync`). There is no default
/// worker id and no process-wide generator.
///
/// Each generator owns a [`TickSequence`] of 1 ms ticks and a 12-bit counter, the sequence,
/// that restarts at 0 on every new millisecond (`TickSequence::new(12, 1_000_000,
/// Start::Zero)`). It never waits for the clock: above 4096 ids in one millisecond, and after
/// the clock steps back, the timestamp runs ahead of the clock until the clock catches up.
/// Order and uniqueness hold regardless; the rule and its guarantee are those of
/// [`tick_sequence`](tick_sequence#the-guarantee-and-its-scope), per generator.
///
/// # Restart
///
/// Nothing is persisted. A new generator starts a fresh sequence at the clock, so a process
/// restarted with the same worker id repeats no id once the clock is past the last timestamp
/// the old process served. That is so unless the old process had run ahead of the clock (a
/// burst, a backward step) and the new one starts within that lead: give a restarted
/// process a fresh worker id, or let that much time pass, if it may restart that fast.
///
/// # Fork
///
/// A child process created by `fork` cannot choose a new worker id for a generator it
/// inherited, and the parent goes on using that worker id: serving would repeat the parent's
/// ids. So in the child, [`generate`](Self::generate), [`generate_at`](Self::generate_at) and
/// [`fill`](Self::fill) of a generator created before the fork return [`Error::Forked`]: a
/// silent duplicate becomes a loud error. A generator created in the child, with its own
/// worker id, works there. (Unix only; forks are detected through
/// [`tick_sequence::fork_generation`].)
///
/// # Examples
///
/// ```
/// use snowflake::SnowflakeIdGenerator;
///
/// let generator = SnowflakeIdGenerator::new(7)?;
/// let first = generator.generate()?;
/// let second = generator.generate()?;
/// assert!(second > first);
/// assert_eq!(second.worker_id(), 7);
/// # Ok::<(), snowflake::Error>(())
/// ```
pub struct SnowflakeIdGenerator {
    worker_id: u16,
    sequence: TickSequence,
    /// The fork generation of the process that created the generator.
    fork_generation: u64,
}

impl SnowflakeIdGenerator {
    /// A generator for the worker id `worker_id`, whose sequence starts fresh. Requires the
    /// `generate` feature (default).
    ///
    /// A new generator knows nothing of earlier ones: with the same worker id, its ids are
    /// distinct from theirs only once the clock is past the last timestamp they served (see
    /// [Restart](Self#restart)).
    ///
    /// # Errors
    ///
    /// [`Error::WorkerIdOutOfRange`] if `worker_id` is above
    /// [`SnowflakeId::MAX_WORKER_ID`], and nothing else.
    ///
    /// # Examples
    ///
    /// ```
    /// use snowflake::{Error, SnowflakeIdGenerator};
    ///
    /// assert_eq!(SnowflakeIdGenerator::new(1023)?.worker_id(), 1023);
    /// assert_eq!(
    ///     SnowflakeIdGenerator::new(1024).unwrap_err(),
    ///     Error::WorkerIdOutOfRange { value: 1024, max: 1023 }
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    pub fn new(worker_id: u16) -> Result<SnowflakeIdGenerator, Error> {
        check_worker_id(worker_id)?;
        Ok(SnowflakeIdGenerator {
            worker_id,
            sequence: TickSequence::new(SnowflakeId::SEQUENCE_BITS, TICK_NS, Start::Zero),
            fork_generation: fork_generation(),
        })
    }

    /// The worker id written into every id of this generator. Requires the `generate` feature
    /// (default).
    ///
    /// ```
    /// # use snowflake::SnowflakeIdGenerator;
    /// assert_eq!(SnowflakeIdGenerator::new(3)?.worker_id(), 3);
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    #[must_use]
    pub fn worker_id(&self) -> u16 {
        self.worker_id
    }

    /// The next id, from the wall clock. Requires the `generate` feature (default).
    ///
    /// Greater than every id this generator served before, in any thread. Its timestamp is
    /// the clock's millisecond, or later after a burst of more than 4096 ids in one
    /// millisecond or a clock that stepped back.
    ///
    /// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
    ///
    /// # Errors
    ///
    /// - [`Error::Forked`] in a child process forked after the generator was created.
    /// - [`Error::TimestampOutOfRange`] if the clock reads before 2024-01-01T00:00:00Z or
    ///   after 2093-09-06T15:47:35.551Z (the reading is then ignored: the sequence does not
    ///   move), or if a borrowed millisecond passes that end.
    ///
    /// Nothing else.
    ///
    /// # Examples
    ///
    /// ```
    /// use snowflake::SnowflakeIdGenerator;
    /// use std::time::{SystemTime, UNIX_EPOCH};
    ///
    /// let generator = SnowflakeIdGenerator::new(1)?;
    /// let before = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_millis() as u64;
    /// let id = generator.generate()?;
    /// assert!(id.timestamp_ms() >= before);
    /// assert_eq!((id.worker_id(), id.sequence()), (1, 0)); // a new millisecond starts at 0
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    pub fn generate(&self) -> Result<SnowflakeId, Error> {
        self.refuse_if_forked()?;
        let (tick, counter) = self
            .sequence
            .try_next_with(|now| check_timestamp_ms(now).map(|()| now))?;
        self.pack(tick, counter)
    }

    /// The next id with the clock reading `timestamp_ms` (Unix milliseconds) given by the
    /// caller: the same rule as [`generate`](Self::generate), on the same sequence. Requires
    /// the `generate` feature (default).
    ///
    /// The reading moves this generator's sequence like a real one: a reading ahead of the
    /// clock makes later [`generate`](Self::generate) calls continue from it, and a reading
    /// behind the last one served continues the last millisecond.
    ///
    /// So a timestamp behind the last one served is **not** put into the id, which surprises
    /// a backfill of old records. Give a backfill its own path: a generator of its own, under
    /// a worker id no live generator uses, fed the records' timestamps in increasing order;
    /// or [`SnowflakeId::from_parts`] with a sequence the backfill keeps per millisecond.
    ///
    /// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
    ///
    /// # Errors
    ///
    /// - [`Error::Forked`] in a child process forked after the generator was created.
    /// - [`Error::TimestampOutOfRange`] if `timestamp_ms` is outside the 41-bit range (the
    ///   sequence does not move), or if a borrowed millisecond passes its end.
    ///
    /// Nothing else.
    ///
    /// # Examples
    ///
    /// ```
    /// use snowflake::SnowflakeIdGenerator;
    ///
    /// let generator = SnowflakeIdGenerator::new(1)?;
    /// let t = 1_704_067_201_000; // 2024-01-01T00:00:01.000Z
    /// assert_eq!(generator.generate_at(t)?.to_u64(), 4_194_308_096); // sequence 0
    /// assert_eq!(generator.generate_at(t)?.sequence(), 1);
    /// assert_eq!(generator.generate_at(t - 5)?.timestamp_ms(), t); // the clock went back
    /// for _ in 3..4096 {
    ///     generator.generate_at(t)?;
    /// }
    /// let borrowed = generator.generate_at(t)?; // the 4097th in one millisecond
    /// assert_eq!((borrowed.timestamp_ms(), borrowed.sequence()), (t + 1, 0));
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    pub fn generate_at(&self, timestamp_ms: u64) -> Result<SnowflakeId, Error> {
        self.refuse_if_forked()?;
        check_timestamp_ms(timestamp_ms)?;
        let (tick, counter) = self.sequence.next_at(timestamp_ms);
        self.pack(tick, counter)
    }

    /// Fills `out` with consecutive ids, with one clock reading and one lock: the ids that
    /// `out.len()` calls to [`generate_at`](Self::generate_at) with that reading would give.
    /// Requires the `generate` feature (default).
    ///
    /// Never waits: 10,000 ids from one reading span three milliseconds, the last two of
    /// them borrowed ahead of the clock.
    ///
    /// Not async-signal-safe: see [`tick_sequence`](tick_sequence#signal-handlers).
    ///
    /// # Errors
    ///
    /// As [`generate`](Self::generate): [`Error::Forked`] or [`Error::TimestampOutOfRange`],
    /// and nothing else. The ids before the one that failed are served; the rest of `out` is
    /// left as it was.
    ///
    /// # Examples
    ///
    /// ```
    /// use snowflake::{SnowflakeId, SnowflakeIdGenerator};
    ///
    /// let generator = SnowflakeIdGenerator::new(2)?;
    /// let mut ids = [SnowflakeId::MIN; 5000];
    /// generator.fill(&mut ids)?;
    /// assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    /// // More than 4096 ids from one clock reading: the last ones borrow the next millisecond.
    /// assert_eq!(ids[4096].timestamp_ms(), ids[0].timestamp_ms() + 1);
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    pub fn fill(&self, out: &mut [SnowflakeId]) -> Result<(), Error> {
        self.refuse_if_forked()?;
        let now = self.sequence.now_tick();
        check_timestamp_ms(now)?;
        self.sequence
            .try_fill_with_at(now, out, |tick, counter| self.pack(tick, counter))
    }

    /// Whether this generator was made in another process: `true` in a child forked after
    /// [`new`](Self::new), where it refuses to serve ([`Error::Forked`]). Requires the
    /// `generate` feature (default).
    ///
    /// For a wrapper that holds more than the worker id for its process (a lease, a
    /// connection) and must not act on it in a child.
    ///
    /// ```
    /// let generator = snowflake::SnowflakeIdGenerator::new(1)?;
    /// assert!(!generator.is_forked());
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn is_forked(&self) -> bool {
        fork_generation() != self.fork_generation
    }

    /// [`generate_at`](Self::generate_at) under a ceiling: the next id with the clock reading
    /// `timestamp_ms`, unless its timestamp is above `ceiling_ms` (Unix milliseconds).
    /// Requires the `generate` feature (default).
    ///
    /// For a caller that may serve only up to a timestamp it has promised not to pass (a
    /// worker id leased until a high-water mark, as `tick-snowflake-lease` does). The ceiling
    /// is checked after the clock rule, so a reading at the ceiling whose millisecond is
    /// used up is refused too. A refused id is used up, not served: the sequence has moved,
    /// and later calls continue after it.
    ///
    /// # Errors
    ///
    /// As [`generate_at`](Self::generate_at), and [`Error::AboveCeiling`] for an id whose
    /// timestamp is above `ceiling_ms`.
    ///
    /// # Examples
    ///
    /// ```
    /// use snowflake::{Error, SnowflakeIdGenerator};
    ///
    /// let generator = SnowflakeIdGenerator::new(1)?;
    /// let t = 1_704_067_201_000;
    /// assert_eq!(generator.generate_capped(t, t)?.timestamp_ms(), t);
    /// assert_eq!(
    ///     generator.generate_capped(t + 1, t),
    ///     Err(Error::AboveCeiling { timestamp_ms: t + 1, ceiling_ms: t })
    /// );
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    // Always inlined: a lease calls it once per id, and its checks fold into the caller's.
    #[inline(always)]
    pub fn generate_capped(
        &self,
        timestamp_ms: u64,
        ceiling_ms: u64,
    ) -> Result<SnowflakeId, Error> {
        self.refuse_if_forked()?;
        check_timestamp_ms(timestamp_ms)?;
        let (tick, counter) = self.sequence.next_at(timestamp_ms);
        check_ceiling(tick, ceiling_ms)?;
        self.pack(tick, counter)
    }

    /// [`generate`](Self::generate) under a ceiling, from this generator's own clock: the
    /// next id, unless its timestamp is above the ceiling (Unix milliseconds) that `ceiling`
    /// returns. `reading` is called with the clock's reading (Unix milliseconds, in the
    /// Snowflake range) whenever the clock is read, and returns the millisecond to apply the
    /// rule to (the reading, or one it raises it to) or an error, which leaves the sequence as
    /// it was; `ceiling` is called after it, for the id of that reading. Requires the
    /// `generate` feature (default).
    ///
    /// On the cycle-counter path ([`tick_sequence::clock_path`]) the clock is read at most once
    /// a millisecond, and the ids between two readings are served without calling `reading`
    /// or `ceiling`: they have the timestamp that passed both, so what `reading` checks holds
    /// for every id served within a millisecond (of the counter's time) after a call that
    /// passed, and the ceiling must be one that never falls (a high-water mark). A reading
    /// that `reading` changed, or an id `ceiling` refused, is not relied on that way: every
    /// call after it reads the clock again. For a caller whose own checks need a clock of
    /// their own (a lease's deadline) or an atomic load (its ceiling), once a millisecond
    /// instead of once an id.
    ///
    /// # Errors
    ///
    /// What `reading` returns; [`Error::Forked`] in a child process forked after the generator
    /// was created; [`Error::TimestampOutOfRange`] for a clock outside the Snowflake range, or
    /// a borrowed millisecond past its end; [`Error::AboveCeiling`] for an id whose timestamp is
    /// above the ceiling (used up, not served, as in [`generate_capped`](Self::generate_capped)).
    /// The last three as `E::from`.
    ///
    /// # Examples
    ///
    /// ```
    /// use snowflake::{Error, SnowflakeIdGenerator};
    ///
    /// let generator = SnowflakeIdGenerator::new(1)?;
    /// // Every id at or above a floor of the caller's, under a ceiling a day ahead.
    /// let floor = 1_704_067_201_000;
    /// let ceiling = std::time::SystemTime::now()
    ///     .duration_since(std::time::UNIX_EPOCH)
    ///     .unwrap()
    ///     .as_millis() as u64
    ///     + 86_400_000;
    /// let id = generator.generate_capped_with(|now_ms| Ok::<_, Error>(now_ms.max(floor)), || ceiling)?;
    /// assert!(id.timestamp_ms() >= floor);
    /// // A reading the caller refuses leaves the sequence as it was.
    /// let refused = generator.generate_capped_with(|_| Err(Error::Forked), || ceiling);
    /// assert_eq!(refused, Err(Error::Forked));
    /// // An id above the ceiling is used up, not served.
    /// let above = generator.generate_capped_with(|_| Ok::<_, Error>(ceiling + 1), || ceiling);
    /// assert_eq!(above, Err(Error::AboveCeiling { timestamp_ms: ceiling + 1, ceiling_ms: ceiling }));
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    // Always inlined: a lease calls it once per id, and its checks fold into the caller's.
    #[inline(always)]
    pub fn generate_capped_with<E: From<Error>>(
        &self,
        reading: impl FnOnce(u64) -> Result<u64, E>,
        ceiling: impl FnOnce() -> u64,
    ) -> Result<SnowflakeId, E> {
        self.refuse_if_forked()?;
        let (tick, counter) = self.sequence.try_next_checked(
            |now| {
                check_timestamp_ms(now)?;
                reading(now)
            },
            |tick| Ok(check_ceiling(tick, ceiling())?),
        )?;
        Ok(self.pack(tick, counter)?)
    }

    /// [`fill`](Self::fill) from the clock reading `timestamp_ms`, under a ceiling: every id
    /// of `out` has a timestamp at most `ceiling_ms`, or the fill stops at the first that
    /// would not. Requires the `generate` feature (default).
    ///
    /// # Errors
    ///
    /// As [`generate_capped`](Self::generate_capped). The ids before the one that failed are
    /// served; the rest of `out` is left as it was.
    ///
    /// # Examples
    ///
    /// ```
    /// use snowflake::{Error, SnowflakeId, SnowflakeIdGenerator};
    ///
    /// let generator = SnowflakeIdGenerator::new(1)?;
    /// let t = 1_704_067_201_000;
    /// let mut ids = [SnowflakeId::MIN; 5000]; // more than one millisecond's 4096
    /// let error = generator.fill_capped(t, t, &mut ids).unwrap_err();
    /// assert_eq!(error, Error::AboveCeiling { timestamp_ms: t + 1, ceiling_ms: t });
    /// assert_eq!(ids[4095].timestamp_ms(), t);
    /// assert_eq!(ids[4096], SnowflakeId::MIN);
    /// # Ok::<(), snowflake::Error>(())
    /// ```
    pub fn fill_capped(
        &self,
        timestamp_ms: u64,
        ceiling_ms: u64,
        out: &mut [SnowflakeId],
    ) -> Result<(), Error> {
        self.refuse_if_forked()?;
        check_timestamp_ms(timestamp_ms)?;
        self.sequence
            .try_fill_with_at(timestamp_ms, out, |tick, counter| {
                check_ceiling(tick, ceiling_ms)?;
                self.pack(tick, counter)
            })
    }

    /// [`pack`], with this generator's worker id.
    #[inline]
    fn pack(&self, tick: u64, counter: u128) -> Result<SnowflakeId, Error> {
        pack(tick, counter).map(|id| id.with_worker_id(self.worker_id))
    }

    /// A load of the fork generation per call: a child cannot choose a new worker id, and the
    /// parent goes on using this one, so the child must not serve from it.
    #[inline]
    fn refuse_if_forked(&self) -> Result<(), Error> {
        if self.is_forked() {
            Err(Error::Forked)
        } else {
            Ok(())
        }
    }
}

/// `AboveCeiling` for a tick above the ceiling.
#[inline]
fn check_ceiling(tick: u64, ceiling_ms: u64) -> Result<(), Error> {
    if tick > ceiling_ms {
        return Err(Error::AboveCeiling {
            timestamp_ms: tick,
            ceiling_ms,
        });
    }
    Ok(())
}

/// The id, worker id 0, of a pair of the sequence: the tick, which a borrowed millisecond can
/// push past the 41-bit range, is checked; the counter has at most 12 bits by construction.
#[inline]
fn pack(tick: u64, counter: u128) -> Result<SnowflakeId, Error> {
    check_timestamp_ms(tick)?;
    Ok(SnowflakeId::compose(tick, 0, counter as u16))
}

/// The worker id; the state of the sequence is not shown.
///
/// ```
/// # use snowflake::SnowflakeIdGenerator;
/// let generator = SnowflakeIdGenerator::new(5)?;
/// assert_eq!(format!("{generator:?}"), "SnowflakeIdGenerator { worker_id: 5, .. }");
/// # Ok::<(), snowflake::Error>(())
/// ```
impl fmt::Debug for SnowflakeIdGenerator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SnowflakeIdGenerator")
            .field("worker_id", &self.worker_id)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EPOCH_MS;

    const MAX_TIMESTAMP_MS: u64 = SnowflakeId::MAX_TIMESTAMP_MS;
    const MAX_SEQUENCE: u16 = SnowflakeId::MAX_SEQUENCE;

    fn pack_for(worker_id: u16, tick: u64, counter: u128) -> Result<SnowflakeId, Error> {
        pack(tick, counter).map(|id| id.with_worker_id(worker_id))
    }

    #[test]
    fn the_policy_states_the_widths_of_the_constants() {
        // The policy's text is a `&'static str`: it is checked against the constants here.
        let layout = std::format!(
            "1 zero bit, {}-bit milliseconds since 2024-01-01T00:00:00Z, {}-bit worker id, \
             {}-bit sequence",
            SnowflakeId::TIMESTAMP_BITS,
            SnowflakeId::WORKER_ID_BITS,
            SnowflakeId::SEQUENCE_BITS
        );
        assert_eq!(POLICY.layout, layout);
        assert_eq!(POLICY.counter_bits, SnowflakeId::SEQUENCE_BITS);
    }

    #[test]
    fn pack_writes_the_tick_worker_and_counter_of_the_engine() {
        let sequence = TickSequence::new(SnowflakeId::SEQUENCE_BITS, 1_000_000, Start::Zero);
        let (tick, counter) = sequence.next_at(EPOCH_MS + 1000);
        assert_eq!(
            pack_for(1, tick, counter).unwrap().to_u64(),
            1000 << 22 | 1 << 12
        );
        let (tick, counter) = sequence.next_at(EPOCH_MS + 1000);
        assert_eq!(
            pack_for(1, tick, counter).unwrap().to_u64(),
            1000 << 22 | 1 << 12 | 1
        );
    }

    #[test]
    fn pack_rejects_ticks_outside_the_41_bit_range() {
        assert!(pack(EPOCH_MS, 0).is_ok());
        assert!(pack(MAX_TIMESTAMP_MS, 0).is_ok());
        for tick in [0, EPOCH_MS - 1, MAX_TIMESTAMP_MS + 1, u64::MAX] {
            assert_eq!(
                pack(tick, 0),
                Err(Error::TimestampOutOfRange {
                    value: tick,
                    min: EPOCH_MS,
                    max: MAX_TIMESTAMP_MS
                })
            );
        }
    }

    #[test]
    fn a_borrowed_tick_past_the_last_millisecond_is_an_error_not_a_wrap() {
        let sequence = TickSequence::new(SnowflakeId::SEQUENCE_BITS, 1_000_000, Start::Zero);
        for expected in 0..=MAX_SEQUENCE {
            let (tick, counter) = sequence.next_at(MAX_TIMESTAMP_MS);
            let id = pack_for(1023, tick, counter).unwrap();
            assert_eq!(
                (id.timestamp_ms(), id.sequence()),
                (MAX_TIMESTAMP_MS, expected)
            );
        }
        let (tick, counter) = sequence.next_at(MAX_TIMESTAMP_MS);
        assert_eq!((tick, counter), (MAX_TIMESTAMP_MS + 1, 0));
        assert!(matches!(
            pack_for(1023, tick, counter),
            Err(Error::TimestampOutOfRange { value, .. }) if value == MAX_TIMESTAMP_MS + 1
        ));
    }
}
