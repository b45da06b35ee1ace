//! [`LeasedGenerator`]: a [`SnowflakeIdGenerator`] whose worker id is leased, and
//! [`LeaseState`].

use core::fmt;
use core::sync::atomic::Ordering;
use core::time::Duration;
use std::sync::{Arc, PoisonError};

use tick_sequence::{Policy, boot_clock_ns};

use snowflake::{SnowflakeId, SnowflakeIdGenerator};

use crate::config::LeaseConfig;
use crate::error::{Error, LeaseError};
use crate::protocol::{self, Renewal, Shared};

/// How long the ids of one clock reading of [`LeasedGenerator::generate`] may be served after
/// it: a millisecond, the tick (the cycle-counter path reads the clock again once it may have
/// passed the next one).
const READING_SPAN_NS: u64 = 1_000_000;

/// Strictly increasing Snowflake ids under a worker id leased from a store (a table, or a
/// directory of the host), so that no other process serves under it at the same time.
///
/// [`acquire`](Self::acquire) claims a free worker id and starts a thread that renews the
/// lease every ttl/3; [`release`](Self::release), or dropping the generator, frees it. The
/// generator serves like a [`SnowflakeIdGenerator`] (`&self` methods, `Send + Sync`, one per
/// process), with three more refusals: [`Error::LeaseExpired`] while no renewal has
/// succeeded in time, [`Error::LeaseLost`] for good once another process holds the row, and
/// [`Error::AheadOfLease`] for an id above the high-water mark last written to the row. The
/// protocol, and why it never serves an id twice, are in the [module
/// documentation](crate).
///
/// # The clock
///
/// [`generate`](Self::generate) reads the clock as a plain generator does (the engine's: on
/// the cycle-counter path at most once a millisecond, see [`tick_sequence::clock_path`]), and
/// checks the lease's deadline on the boot clock whenever the wall clock is read, with a
/// millisecond to spare: the ids served until the next reading fall within that millisecond.
/// Its ceiling is checked then too, for the millisecond the reading gives: the ids until the
/// next reading have that millisecond, and the ceiling only rises. The boot clock counts a
/// suspended host's time and is never set. So a leased id costs what a plain one does but for
/// the `Result` of the lease's own error type. [`fill`](Self::fill) and
/// [`generate_at`](Self::generate_at) read the boot clock once a call, for the deadline and
/// (fill) the batch's millisecond through the wall clock's offset from it, which the renewal
/// thread samples at the claim and at each wake. [`POLICY`](Self::POLICY) says so.
///
/// After a suspend that stopped the cycle counter, the ids of at most one millisecond of the
/// counter's time may be served past the deadline, with their old timestamps: below the
/// ceiling, so below anything a holder that took the worker id over meanwhile serves (see
/// [Why no id is served twice](crate#why-no-id-is-served-twice)).
///
/// # Fork
///
/// A generator acquired before `fork` refuses to serve in the child ([`Error::Forked`]), and
/// dropping it there touches neither the row nor the renewal thread, which belong to the
/// parent (the thread does not exist in the child). A pre-fork server (one that forks its
/// workers from a parent) gives each worker process its own lease by acquiring after the
/// fork, in each child:
///
/// ```no_run
/// use snowflake_lease::{LeaseConfig, LeasedGenerator};
///
/// fn worker_main(config: &LeaseConfig) -> Result<(), Box<dyn std::error::Error>> {
///     // In the child, after fork: its own worker id, connection and renewal thread.
///     let generator = LeasedGenerator::acquire(config)?;
///     let id = generator.generate()?;
///     println!("{id}");
///     Ok(())
/// }
/// # worker_main(&LeaseConfig::new("host=/var/run/postgresql dbname=app"))?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Examples
///
/// ```no_run
/// use snowflake_lease::{LeaseConfig, LeasedGenerator};
///
/// let config = LeaseConfig::new("host=/var/run/postgresql dbname=app user=app");
/// let generator = LeasedGenerator::acquire(&config)?;
/// let first = generator.generate()?;
/// assert!(generator.generate()? > first);
/// assert_eq!(first.worker_id(), generator.worker_id());
/// generator.release()?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct LeasedGenerator {
    inner: SnowflakeIdGenerator,
    shared: Arc<Shared>,
    /// The store's name: the table, with its schema or database, or the directory.
    store: String,
    generation: u64,
    floor_ms: u64,
    took_over_ahead: bool,
    /// The most ids one fill can serve: 4096 a millisecond from the clock to the lead above.
    batch_limit: usize,
    /// How far a ceiling may be above the clock, in milliseconds.
    lead_ms: u64,
    /// `None` once released.
    renewal: Option<Renewal>,
}

impl LeasedGenerator {
    /// How a leased generator makes ids: [`snowflake::POLICY`] but for the clock (see
    /// [The clock](Self#the-clock)).
    ///
    /// ```
    /// use snowflake_lease::LeasedGenerator;
    ///
    /// assert_eq!(LeasedGenerator::POLICY.counter_bits, snowflake::POLICY.counter_bits);
    /// assert!(LeasedGenerator::POLICY.clock.ends_with("the boot clock for the lease's deadline"));
    /// ```
    pub const POLICY: Policy = {
        let mut policy = snowflake::POLICY;
        policy.clock = "the wall clock as a plain generator reads it (on the cycle-counter path, \
                        at most once a millisecond), and at each reading the boot clock for the \
                        lease's deadline";
        policy
    };

    /// Claims a free worker id from the table of `config` (creating the table if it is
    /// missing) and starts renewing it.
    ///
    /// Never waits for a worker id: if all are held it fails at once with
    /// [`LeaseError::AllHeld`]. Blocks the calling thread for the connection and a few
    /// statements, at most twice the ttl ([`LeaseError::Unanswered`]). The client runs on the generator's own thread, so this also works when
    /// called from inside an async runtime (tokio's included); in async code, call it from
    /// a blocking task (`spawn_blocking`) if blocking a worker thread matters.
    ///
    /// # Errors
    ///
    /// [`LeaseError`]: a bad setting (`TtlTooSmall`, `Setting`, `TableName`,
    /// `ConnectionString`), the server (`Connect`, `Database`), a table of another shape
    /// (`TableShape`), every worker id held (`AllHeld`), no answer within twice the ttl
    /// (`Unanswered`), or no thread (`Thread`, `ThreadEnded`).
    ///
    /// # Examples
    ///
    /// ```no_run
    /// use snowflake_lease::{LeaseConfig, LeaseError, LeasedGenerator};
    ///
    /// match LeasedGenerator::acquire(&LeaseConfig::new("host=/var/run/postgresql")) {
    ///     Ok(generator) => println!("worker id {}", generator.worker_id()),
    ///     Err(LeaseError::AllHeld { store, held, .. }) => eprintln!("{store}: {held} held, retry later"),
    ///     Err(error) => eprintln!("{error}"),
    /// }
    /// ```
    pub fn acquire(config: &LeaseConfig) -> Result<LeasedGenerator, LeaseError> {
        let (settings, store) = config.open()?;
        let name = store.name().to_owned();
        let (granted, renewal) = protocol::start(settings, store)?;
        let inner = match SnowflakeIdGenerator::new(granted.worker_id) {
            Ok(inner) => inner,
            Err(error) => {
                // Stores claim only worker ids 0 to 1023; free it all the same.
                let _ = renewal.release();
                return Err(LeaseError::BadRow {
                    table: name,
                    detail: error.to_string(),
                });
            }
        };
        Ok(LeasedGenerator {
            inner,
            shared: granted.shared,
            store: name,
            generation: granted.generation,
            floor_ms: granted.floor_ms,
            took_over_ahead: granted.took_over_ahead,
            batch_limit: usize::try_from(
                granted
                    .lead_ms
                    .saturating_add(1)
                    .saturating_mul(u64::from(SnowflakeId::MAX_SEQUENCE) + 1),
            )
            .unwrap_or(usize::MAX),
            lead_ms: granted.lead_ms,
            renewal: Some(renewal),
        })
    }

    /// The leased worker id, written into every id.
    ///
    /// ```no_run
    /// # use snowflake_lease::{LeaseConfig, LeasedGenerator};
    /// let generator = LeasedGenerator::acquire(&LeaseConfig::new("host=/var/run/postgresql"))?;
    /// assert!(generator.worker_id() <= 1023);
    /// # Ok::<(), snowflake_lease::LeaseError>(())
    /// ```
    #[must_use]
    pub fn worker_id(&self) -> u16 {
        self.inner.worker_id()
    }

    /// The most ids one [`fill`](Self::fill) can serve: 4096 a millisecond from the clock
    /// to the lead above it, plus one millisecond. A larger batch is refused at once
    /// ([`Error::BatchTooLarge`]); a batch this large is served only if the lease's ceiling is
    /// a full lead ahead at that moment, so fill in smaller batches.
    ///
    /// ```no_run
    /// # use snowflake_lease::{LeaseConfig, LeasedGenerator};
    /// let generator = LeasedGenerator::acquire(&LeaseConfig::new("host=/var/run/postgresql"))?;
    /// assert_eq!(generator.max_batch(), (6_666 + 1) * 4096); // the default ttl's lead
    /// # Ok::<(), snowflake_lease::LeaseError>(())
    /// ```
    #[must_use]
    pub fn max_batch(&self) -> usize {
        self.batch_limit
    }

    /// The next id, from the wall clock (or the lease's floor, if the clock is below it).
    ///
    /// The lease is checked with each reading of the clock, at least once a millisecond: the
    /// ids served until the next reading have the timestamp that passed, and the high-water
    /// mark only ever rises. Reads only atomics that the renewal thread writes: a stalled
    /// renewal never blocks it.
    ///
    /// # Errors
    ///
    /// In this order:
    ///
    /// - [`Error::Forked`] in a child process forked after the lease was acquired.
    /// - [`Error::LeaseLost`] once another process holds the row: for good.
    /// - [`Error::LeaseExpired`] while the local deadline has passed without a successful
    ///   renewal; the generator serves again once one succeeds.
    /// - [`Error::Timestamp`] for a clock outside the 41-bit range.
    /// - [`Error::AheadOfLease`] when the id's timestamp is above the high-water mark last
    ///   written (after a burst, or a reading ahead of the clock); the id is used up, not
    ///   served. The mark follows the clock at each renewal.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// # use snowflake_lease::{LeaseConfig, LeasedGenerator};
    /// let generator = LeasedGenerator::acquire(&LeaseConfig::new("host=/var/run/postgresql"))?;
    /// let id = generator.generate()?;
    /// assert_eq!(id.worker_id(), generator.worker_id());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generate(&self) -> Result<SnowflakeId, Error> {
        self.inner
            .generate_capped_with(
                |now_ms| self.may_serve(now_ms),
                || self.shared.ceiling_ms.load(Ordering::Acquire),
            )
            .map_err(|error| self.refused(error))
    }

    /// What [`generate`](Self::generate) asks whenever it reads the wall clock (at least once
    /// a millisecond): whether the lease stands, and until when; the millisecond to serve.
    /// The ids served until the next reading come within a millisecond of this one, so a
    /// millisecond is kept to spare before the deadline. A loss that shows only at the next
    /// reading leaves the ids of that millisecond below the ceiling, below anything the new
    /// holder serves.
    #[inline]
    fn may_serve(&self, now_ms: u64) -> Result<u64, Error> {
        let worker_id = self.worker_id();
        if self.shared.lost.load(Ordering::Acquire) {
            return Err(Error::LeaseLost { worker_id });
        }
        let deadline = self.shared.deadline_ns.load(Ordering::Acquire);
        if boot_clock_ns().saturating_add(READING_SPAN_NS) >= deadline {
            return Err(Error::LeaseExpired { worker_id });
        }
        Ok(now_ms.max(self.floor_ms))
    }

    /// The next id with the clock reading `timestamp_ms` (Unix milliseconds), raised to the
    /// lease's floor: [`SnowflakeIdGenerator::generate_at`] with the checks of
    /// [`generate`](Self::generate). A reading outside the Snowflake range is
    /// [`Error::Timestamp`], as for a plain generator, whatever the floor.
    ///
    /// The reading moves the sequence like a real one: a reading beyond the high-water mark
    /// is refused, and later calls stay refused until the mark passes it.
    ///
    /// # Errors
    ///
    /// As [`generate`](Self::generate).
    ///
    /// # Examples
    ///
    /// ```no_run
    /// # use snowflake_lease::{Error, LeaseConfig, LeasedGenerator};
    /// let generator = LeasedGenerator::acquire(&LeaseConfig::new("host=/var/run/postgresql"))?;
    /// let ceiling = generator.state().high_water_ms;
    /// assert_eq!(generator.generate_at(ceiling)?.timestamp_ms(), ceiling);
    /// assert!(matches!(generator.generate_at(ceiling + 1), Err(Error::AheadOfLease { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generate_at(&self, timestamp_ms: u64) -> Result<SnowflakeId, Error> {
        self.check_lease()?;
        // A reading outside the Snowflake range is an error as given, as for a plain
        // generator, before it is raised to the floor.
        SnowflakeId::from_parts(timestamp_ms, 0, 0).map_err(Error::Timestamp)?;
        let ceiling = self.shared.ceiling_ms.load(Ordering::Acquire);
        self.inner
            .generate_capped(timestamp_ms.max(self.floor_ms), ceiling)
            .map_err(|error| self.refused(error.into()))
    }

    /// Fills `out` with consecutive ids from one clock reading, as
    /// [`SnowflakeIdGenerator::fill`] does, checking the lease's deadline once and the
    /// high-water mark for each id.
    ///
    /// # Errors
    ///
    /// As [`generate`](Self::generate). The ids before the one that failed are served; the
    /// rest of `out` is left as it was. And [`Error::BatchTooLarge`], with nothing served,
    /// for more ids than any ceiling leaves room for: 4096 a millisecond over the lead plus
    /// one (27,308,032 with the default ttl of 10 s).
    ///
    /// # Examples
    ///
    /// ```no_run
    /// # use snowflake::SnowflakeId;
    /// # use snowflake_lease::{LeaseConfig, LeasedGenerator};
    /// let generator = LeasedGenerator::acquire(&LeaseConfig::new("host=/var/run/postgresql"))?;
    /// let mut ids = [SnowflakeId::MIN; 1000];
    /// generator.fill(&mut ids)?;
    /// assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fill(&self, out: &mut [SnowflakeId]) -> Result<(), Error> {
        let now_ns = self.check_lease()?;
        if out.len() > self.batch_limit {
            return Err(Error::BatchTooLarge {
                requested: out.len(),
                limit: self.batch_limit,
                lead_ms: self.lead_ms,
            });
        }
        let reading = self.wall_ms(now_ns).max(self.floor_ms);
        let ceiling = self.shared.ceiling_ms.load(Ordering::Acquire);
        self.inner
            .fill_capped(reading, ceiling, out)
            .map_err(|error| self.refused(error.into()))
    }

    /// The lease as it stands: worker id, generation, floor and ceiling, time left.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// # use snowflake_lease::{LeaseConfig, LeasedGenerator};
    /// let generator = LeasedGenerator::acquire(&LeaseConfig::new("host=/var/run/postgresql"))?;
    /// let state = generator.state();
    /// assert_eq!(state.worker_id, generator.worker_id());
    /// assert!(state.time_left.is_some());
    /// println!("{state}");
    /// # Ok::<(), snowflake_lease::LeaseError>(())
    /// ```
    #[must_use]
    pub fn state(&self) -> LeaseState {
        let forked = self.inner.is_forked();
        let lost = !forked && self.shared.lost.load(Ordering::Acquire);
        let deadline = self.shared.deadline_ns.load(Ordering::Acquire);
        let now = boot_clock_ns();
        let count = |counter: &core::sync::atomic::AtomicU64| counter.load(Ordering::Relaxed);
        LeaseState {
            worker_id: self.worker_id(),
            generation: self.generation,
            store: self.store.clone(),
            floor_ms: self.floor_ms,
            high_water_ms: self.shared.ceiling_ms.load(Ordering::Acquire),
            took_over_ahead: self.took_over_ahead,
            lost,
            forked,
            // Until `generate` stops serving: the deadline less the span of its last reading.
            time_left: (!forked && !lost && now.saturating_add(READING_SPAN_NS) < deadline)
                .then(|| Duration::from_nanos(deadline - READING_SPAN_NS - now)),
            // In a forked child the lock may have been held by the parent's renewal thread,
            // which the child does not have: it is not taken there.
            last_renewal_error: if forked {
                None
            } else {
                self.shared
                    .last_error
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .clone()
            },
            clock_ahead_ms: self.shared.clock_ahead_ms.load(Ordering::Relaxed),
            renewals: count(&self.shared.renewals),
            late_renewals: count(&self.shared.late_renewals),
            failed_renewals: count(&self.shared.failed_renewals),
            refused: count(&self.shared.refused),
        }
    }

    /// Frees the worker id at once (its row's expiry is set in the past; the high-water mark
    /// stays, for the next holder) and stops the renewal thread.
    ///
    /// Dropping the generator does the same, ignoring errors. A lease already lost is left
    /// alone (`Ok`). Waits at most twice the ttl for the renewal thread. Whatever happens
    /// here, a lease not freed expires by itself after the ttl.
    ///
    /// # Errors
    ///
    /// [`LeaseError::Connect`] or [`LeaseError::Database`] if the server could not be
    /// reached or the statement failed; [`LeaseError::Forked`] in a child process forked
    /// after the lease was acquired (the lease is the parent's); [`LeaseError::Unanswered`]
    /// if the server did not answer within twice the ttl; [`LeaseError::ThreadEnded`] if the
    /// renewal thread is gone.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// # use snowflake_lease::{LeaseConfig, LeasedGenerator};
    /// let generator = LeasedGenerator::acquire(&LeaseConfig::new("host=/var/run/postgresql"))?;
    /// generator.release()?;
    /// # Ok::<(), snowflake_lease::LeaseError>(())
    /// ```
    pub fn release(mut self) -> Result<(), LeaseError> {
        if self.inner.is_forked() {
            let worker_id = self.worker_id();
            // Drop sees the fork too and leaves the parent's thread and row alone.
            drop(self);
            return Err(LeaseError::Forked { worker_id });
        }
        match self.renewal.take() {
            Some(renewal) => renewal.release(),
            None => Ok(()),
        }
    }

    /// The checks that come before the id: lost, deadline. The boot clock's reading, once
    /// they pass. The fork is checked once per id, by the generator under the ceiling; a
    /// refusal here checks it first, so that a forked child, whose copy of the lease may
    /// read lost or expired, is told it forked.
    #[inline]
    fn check_lease(&self) -> Result<u64, Error> {
        let now = boot_clock_ns();
        let worker_id = self.worker_id();
        if self.shared.lost.load(Ordering::Acquire) {
            return Err(self.refused(Error::LeaseLost { worker_id }));
        }
        if now >= self.shared.deadline_ns.load(Ordering::Acquire) {
            return Err(self.refused(Error::LeaseExpired { worker_id }));
        }
        Ok(now)
    }

    /// Counts a refusal of the lease's for [`LeaseState::refused`]; off the path of an id
    /// served.
    #[cold]
    fn refused(&self, error: Error) -> Error {
        if self.inner.is_forked() {
            return Error::Forked;
        }
        if matches!(
            error,
            Error::LeaseLost { .. } | Error::LeaseExpired { .. } | Error::AheadOfLease { .. }
        ) {
            self.shared.refused.fetch_add(1, Ordering::Relaxed);
        }
        error
    }

    /// The wall clock in Unix milliseconds at the boot clock's reading `now_ns`, through the
    /// offset the renewal thread last sampled: one clock reading per id serves the deadline
    /// and the timestamp.
    #[inline]
    fn wall_ms(&self, now_ns: u64) -> u64 {
        now_ns.saturating_add(self.shared.wall_offset_ns.load(Ordering::Acquire)) / 1_000_000
    }
}

/// Releases the lease (errors ignored) and joins the renewal thread, waiting at most twice
/// the ttl (see [`LeasedGenerator::release`]). In a child process
/// forked after the lease was acquired, does nothing: the thread exists only in the parent
/// (joining it would hang) and the row is the parent's.
impl Drop for LeasedGenerator {
    fn drop(&mut self) {
        let Some(renewal) = self.renewal.take() else {
            return;
        };
        if self.inner.is_forked() {
            // Not even the channel may be dropped: it may be mid-operation in a parent's
            // thread that the child does not have.
            core::mem::forget(renewal);
        } else {
            let _ = renewal.release();
        }
    }
}

/// The worker id, generation and table; not the sequence.
///
/// ```no_run
/// # use snowflake_lease::{LeaseConfig, LeasedGenerator};
/// let generator = LeasedGenerator::acquire(&LeaseConfig::new("host=/var/run/postgresql"))?;
/// assert!(format!("{generator:?}").starts_with("LeasedGenerator { worker_id: "));
/// # Ok::<(), snowflake_lease::LeaseError>(())
/// ```
impl fmt::Debug for LeasedGenerator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LeasedGenerator")
            .field("worker_id", &self.worker_id())
            .field("generation", &self.generation)
            .field("store", &self.store)
            .finish_non_exhaustive()
    }
}

/// A snapshot of a lease, from [`LeasedGenerator::state`].
///
/// # Examples
///
/// ```no_run
/// # use snowflake_lease::{LeaseConfig, LeasedGenerator};
/// let generator = LeasedGenerator::acquire(&LeaseConfig::new("host=/var/run/postgresql"))?;
/// let state = generator.state();
/// if state.took_over_ahead {
///     println!("ids start at {} ms, ahead of the clock", state.floor_ms);
/// }
/// println!("{state}"); // worker_id 3 (generation 12) of "snowflake_worker_lease": ...
/// # Ok::<(), snowflake_lease::LeaseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct LeaseState {
    /// The leased worker id.
    pub worker_id: u16,
    /// The generation of the worker id in the store: incremented by every acquisition, a
    /// fencing number.
    pub generation: u64,
    /// The store: the table, with its schema (PostgreSQL) or database (MySQL), or the
    /// directory.
    pub store: String,
    /// The lowest timestamp (Unix ms) this holder serves: above the previous holder's mark,
    /// and above the database's clock at the claim plus the lead plus the maximum clock skew.
    pub floor_ms: u64,
    /// The ceiling: the high-water mark (Unix ms) last written successfully. No id above it
    /// is served.
    pub high_water_ms: u64,
    /// Whether the floor was ahead of the clock at acquire (it always is by about the lead
    /// and the skew): this holder's ids run ahead until the clock catches up.
    pub took_over_ahead: bool,
    /// Whether another process took the row over, or the row or table is gone: the
    /// generator serves no more.
    pub lost: bool,
    /// Whether this is a child forked after the lease was acquired: the lease is the
    /// parent's, and this process holds none (nothing here is live: `lost` is `false`,
    /// `time_left` is `None`).
    pub forked: bool,
    /// The time until [`generate`](LeasedGenerator::generate) stops serving: the local
    /// deadline less the millisecond its last clock reading may serve. `None` once that has
    /// passed or the lease is lost, and in a forked child.
    pub time_left: Option<Duration>,
    /// Why the last renewal attempt failed, if it did; `None` after a success (and in a
    /// forked child).
    pub last_renewal_error: Option<String>,
    /// This host's wall clock minus the database's, in milliseconds, at the last renewal (to
    /// within a round trip). A holder whose clock is ahead by more than the lead cannot
    /// serve: its ids would be above every ceiling the database allows.
    pub clock_ahead_ms: i64,
    /// Renewals that succeeded.
    pub renewals: u64,
    /// Renewals that succeeded after failed attempts (the server slow, away or restarting).
    pub late_renewals: u64,
    /// Renewal attempts that failed.
    pub failed_renewals: u64,
    /// Calls of `generate`, `generate_at` and `fill` refused by the lease: expired, lost, or
    /// ahead of the ceiling.
    pub refused: u64,
}

/// One line: `worker_id 3 (generation 12) of "t": ids from 1 to 2 ms, 8.5s left`.
///
/// ```no_run
/// # use snowflake_lease::{LeaseConfig, LeasedGenerator};
/// let generator = LeasedGenerator::acquire(&LeaseConfig::new("host=/var/run/postgresql"))?;
/// assert!(generator.state().to_string().starts_with("worker_id "));
/// # Ok::<(), snowflake_lease::LeaseError>(())
/// ```
impl fmt::Display for LeaseState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.forked {
            return write!(
                f,
                "worker_id {} of {:?} is the parent process's lease: this forked process holds \
                 no lease",
                self.worker_id, self.store
            );
        }
        write!(
            f,
            "worker_id {} (generation {}) of {:?}: ids from {} to {} ms",
            self.worker_id, self.generation, self.store, self.floor_ms, self.high_water_ms
        )?;
        if self.took_over_ahead {
            f.write_str(", taken over ahead of the clock")?;
        }
        match (self.lost, self.time_left) {
            (true, _) => f.write_str(", lost")?,
            (false, Some(left)) => write!(f, ", {left:.1?} left")?,
            (false, None) => f.write_str(", expired")?,
        }
        if let Some(error) = &self.last_renewal_error {
            write!(f, " (last renewal failed: {error})")?;
        }
        Ok(())
    }
}
