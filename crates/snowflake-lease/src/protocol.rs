//! The protocol, written once for every store: the renewal thread, and the state it shares
//! with `generate`.
//!
//! The thread owns the store (and so its connection): it claims a worker id, computes the
//! floor, waits for the first ceiling, renews every renewal interval, retries after a
//! failure, reports events, and releases. `generate` reads only the atomics of [`Shared`], so
//! a renewal stalled on the network, a lock or a disk never blocks it.

use core::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use core::time::Duration;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{SystemTime, UNIX_EPOCH};

use tick_sequence::{boot_clock_ns, random_bits};

use snowflake::SnowflakeId;

use crate::config::Settings;
use crate::error::LeaseError;
use crate::event::{LeaseEvent, emit};
use crate::store::{Claim, Held, Store};
use crate::wall_clock::wall_clock_ms;

/// What the renewal thread publishes and `generate` reads.
pub(crate) struct Shared {
    /// The boot clock reading (ns) from which the holder stops serving: ttl - margin after
    /// sending the last renewal that succeeded. Only grows.
    pub(crate) deadline_ns: AtomicU64,
    /// The high-water mark last written successfully (Unix ms): no id above it is served.
    /// Only grows.
    pub(crate) ceiling_ms: AtomicU64,
    /// The row carries another token: set once, never cleared.
    pub(crate) lost: AtomicBool,
    /// The wall clock minus the boot clock, in nanoseconds, sampled at the claim and at each
    /// wake of the renewal thread: `generate` reads one clock, the boot clock, for both its
    /// deadline and its timestamp.
    pub(crate) wall_offset_ns: AtomicU64,
    /// Why the last renewal failed, for `state`; cleared by a success. `generate` never
    /// takes this lock.
    pub(crate) last_error: Mutex<Option<String>>,
    /// This host's wall clock minus the database's, in milliseconds, at the last renewal
    /// (to within the round trip).
    pub(crate) clock_ahead_ms: AtomicI64,
    /// Renewals that succeeded.
    pub(crate) renewals: AtomicU64,
    /// Renewals that succeeded only after failed attempts.
    pub(crate) late_renewals: AtomicU64,
    /// Renewal attempts that failed.
    pub(crate) failed_renewals: AtomicU64,
    /// Calls of `generate`, `generate_at` and `fill` refused because the lease could not be
    /// proven (expired, lost, or the ceiling): counted by the generator, off its fast path.
    pub(crate) refused: AtomicU64,
}

impl Shared {
    fn new(deadline_ns: u64, ceiling_ms: u64) -> Shared {
        Shared {
            deadline_ns: AtomicU64::new(deadline_ns),
            ceiling_ms: AtomicU64::new(ceiling_ms),
            lost: AtomicBool::new(false),
            wall_offset_ns: AtomicU64::new(wall_offset_ns()),
            last_error: Mutex::new(None),
            clock_ahead_ms: AtomicI64::new(0),
            renewals: AtomicU64::new(0),
            late_renewals: AtomicU64::new(0),
            failed_renewals: AtomicU64::new(0),
            refused: AtomicU64::new(0),
        }
    }
}

/// A lease granted: what the generator keeps.
pub(crate) struct Granted {
    pub(crate) worker_id: u16,
    pub(crate) generation: u64,
    pub(crate) floor_ms: u64,
    pub(crate) took_over_ahead: bool,
    pub(crate) shared: Arc<Shared>,
    /// The lead: how far a ceiling may be above the clock.
    pub(crate) lead_ms: u64,
}

enum Command {
    Release(SyncSender<Result<(), LeaseError>>),
}

/// The handle on the renewal thread.
pub(crate) struct Renewal {
    thread: JoinHandle<()>,
    commands: Sender<Command>,
    /// The store's name, for messages.
    store: String,
    /// How long a caller waits for the thread's answer.
    patience: Duration,
}

/// Starts the renewal thread, which connects, creates or checks the table and acquires a
/// worker id, and waits for the outcome. The store's client runs on that thread only: the
/// `postgres` client starts a runtime of its own per connection, which would panic inside a
/// caller's tokio runtime.
///
/// Waits at most the acquire timeout: a server that accepts bytes but never answers (a
/// stopped process) defeats the TCP and statement timeouts. The thread is then left to finish
/// on its own; finding nobody to hand its lease to, it releases it.
pub(crate) fn start(
    settings: Settings,
    store: Box<dyn Store>,
) -> Result<(Granted, Renewal), LeaseError> {
    let name = store.name().to_owned();
    let patience = settings.acquire_timeout;
    let (granted_tx, granted_rx) = mpsc::sync_channel(1);
    let (commands_tx, commands_rx) = mpsc::channel();
    let thread = thread::Builder::new()
        .name("snowflake-lease".to_owned())
        .spawn(move || run(settings, store, &granted_tx, &commands_rx))
        .map_err(|source| LeaseError::Thread { source })?;
    match granted_rx.recv_timeout(patience) {
        Ok(Ok(granted)) => Ok((
            granted,
            Renewal {
                thread,
                commands: commands_tx,
                store: name,
                patience,
            },
        )),
        Ok(Err(error)) => {
            let _ = thread.join();
            Err(error)
        }
        // Dropping both channels tells the thread that a lease it may still get is nobody's.
        Err(RecvTimeoutError::Timeout) => Err(LeaseError::Unanswered {
            store: name,
            action: "acquiring a worker id",
            waited: patience,
        }),
        Err(RecvTimeoutError::Disconnected) => {
            let _ = thread.join();
            Err(LeaseError::ThreadEnded { store: name })
        }
    }
}

impl Renewal {
    /// Frees the row, stops the thread and waits for it: at most the acquire timeout, after which
    /// the thread is left to release and end on its own (see [`start`]).
    pub(crate) fn release(self) -> Result<(), LeaseError> {
        let (reply_tx, reply_rx) = mpsc::sync_channel(1);
        let ended = || LeaseError::ThreadEnded {
            store: self.store.clone(),
        };
        let result = match self.commands.send(Command::Release(reply_tx)) {
            Ok(()) => match reply_rx.recv_timeout(self.patience) {
                Ok(result) => result,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(LeaseError::Unanswered {
                        store: self.store.clone(),
                        action: "releasing the worker id",
                        waited: self.patience,
                    });
                }
                Err(RecvTimeoutError::Disconnected) => Err(ended()),
            },
            Err(_) => Err(ended()),
        };
        drop(self.commands);
        let _ = self.thread.join();
        result
    }
}

fn run(
    settings: Settings,
    store: Box<dyn Store>,
    granted: &SyncSender<Result<Granted, LeaseError>>,
    commands: &Receiver<Command>,
) {
    match Holder::acquire(settings, store) {
        Ok((mut holder, lease, sent_ns)) => {
            if granted.send(Ok(lease)).is_ok() {
                holder.serve(commands, sent_ns);
            } else {
                let _ = holder.release();
            }
        }
        Err(error) => {
            let _ = granted.send(Err(error));
        }
    }
}

/// The renewal thread's side of a lease.
struct Holder {
    settings: Settings,
    store: Box<dyn Store>,
    held: Held,
    floor_ms: u64,
    shared: Arc<Shared>,
    /// The boot clock reading taken before the claim was sent.
    claimed_ns: u64,
    /// Attempts that failed since the last success.
    failed_attempts: u32,
    /// Whether `Expired` was reported for the current run of failures.
    expiry_reported: bool,
}

/// What a renewal attempt came to.
enum Renewed {
    /// Renewed; the boot clock reading taken before the statement was sent, and the ceiling.
    Yes(u64, u64),
    /// Failed; try again soon.
    Retry,
    /// The row carries another token, or the row or the table is gone.
    Lost,
}

/// How much room above the floor the first ceiling leaves, at least: what acquire waits for.
const FIRST_ROOM_MS: u64 = 50;

impl Holder {
    /// Connects, prepares the table, claims a row and waits for its first ceiling: the
    /// holder, the lease and the boot clock reading taken before the last renewal was sent.
    ///
    /// The floor is above anything an earlier holder of the row can still serve, whatever the
    /// row says: above the mark it left, and above the database's clock plus the lead (no
    /// mark is ever written further above the database's clock) plus the maximum clock skew
    /// (another server's clock, after a failover). The first ceiling comes from a renewal
    /// once the database's clock has moved past the floor minus the lead, about the skew
    /// after the claim.
    fn acquire(
        settings: Settings,
        mut store: Box<dyn Store>,
    ) -> Result<(Holder, Granted, u64), LeaseError> {
        if store.prepare()? {
            emit(
                settings.on_event.as_ref(),
                LeaseEvent::TableCreated {
                    table: store.name().to_owned(),
                },
            );
        }
        // The token proves, at each renewal, that nobody held the worker id in between.
        let token = random_bits(64) as u64;
        let host = host_name();
        let claim = Claim {
            token,
            host: &host,
            pid: std::process::id(),
            ttl: settings.ttl,
            lead_ms: settings.lead_ms,
            skew_ms: settings.skew_ms,
            worker_ids: settings.worker_ids.clone(),
        };
        let claimed_ns = boot_clock_ns();
        let Some(claimed) = store.claim(&claim)? else {
            let seen = store.seen(&claim)?;
            return Err(LeaseError::AllHeld {
                store: store.name().to_owned(),
                held: seen.held,
                locked: seen.locked,
                ahead: seen.ahead,
                ahead_ms: seen.ahead_ms,
            });
        };
        let lead = settings.lead_ms;
        let floor_ms = claimed.old_mark_ms.saturating_add(1).max(
            claimed
                .now_ms
                .saturating_add(lead)
                .saturating_add(settings.skew_ms)
                .saturating_add(1),
        );
        let shared = Arc::new(Shared::new(
            claimed_ns.saturating_add(nanos(settings.grant())),
            claimed.now_ms.saturating_add(lead),
        ));
        let held = Held {
            worker_id: claimed.worker_id,
            token,
            ttl: settings.ttl,
            lead_ms: lead,
        };
        let mut holder = Holder {
            settings,
            store,
            held,
            floor_ms,
            shared: Arc::clone(&shared),
            claimed_ns,
            failed_attempts: 0,
            expiry_reported: false,
        };
        let sent_ns = match holder.first_ceiling(claimed.now_ms) {
            Ok(sent_ns) => sent_ns,
            Err(error) => {
                let _ = holder.release();
                return Err(error);
            }
        };
        let ceiling_ms = shared.ceiling_ms.load(Ordering::Acquire);
        emit(
            holder.settings.on_event.as_ref(),
            LeaseEvent::Acquired {
                worker_id: claimed.worker_id,
                store: holder.store.name().to_owned(),
                generation: claimed.generation,
                floor_ms,
                high_water_ms: ceiling_ms,
                passed_over: claimed.ahead,
            },
        );
        let lease = Granted {
            worker_id: claimed.worker_id,
            generation: claimed.generation,
            floor_ms,
            took_over_ahead: floor_ms > wall_clock_ms(),
            shared,
            lead_ms: lead,
        };
        Ok((holder, lease, sent_ns))
    }

    /// Renews until the ceiling is [`FIRST_ROOM_MS`] above the floor, sleeping in between
    /// for as long as the database's clock needs to get there: the boot clock reading taken
    /// before the renewal that did. Gives up at the acquire timeout.
    fn first_ceiling(&mut self, claimed_at_ms: u64) -> Result<u64, LeaseError> {
        let lead = self.settings.lead_ms;
        let target = self.floor_ms.saturating_add(FIRST_ROOM_MS);
        // The ceiling the claim allows: the database's clock plus the lead.
        let mut ceiling = claimed_at_ms.saturating_add(lead);
        let give_up_ns = self
            .claimed_ns
            .saturating_add(nanos(self.settings.acquire_timeout));
        loop {
            let wait = Duration::from_millis(target.saturating_sub(ceiling));
            thread::sleep(wait);
            if boot_clock_ns() >= give_up_ns {
                return Err(LeaseError::Unanswered {
                    store: self.store.name().to_owned(),
                    action: "waiting for the first ceiling",
                    waited: self.settings.acquire_timeout,
                });
            }
            match self.renew() {
                Renewed::Yes(sent_ns, written) if written >= target => return Ok(sent_ns),
                Renewed::Yes(_, written) => ceiling = written,
                Renewed::Retry => {
                    thread::sleep(self.settings.retry_every);
                }
                Renewed::Lost => {
                    return Err(LeaseError::LostAtAcquire {
                        store: self.store.name().to_owned(),
                        worker_id: self.held.worker_id,
                    });
                }
            }
        }
    }

    /// Renews every ttl/3 (every ttl/20, at least 50 ms, after a failure) until told to
    /// release or the generator is dropped. The first regular renewal raises the ceiling of
    /// a new holder, held down by the cap just after its claim, to about the renewal interval
    /// less the skew above its floor.
    fn serve(&mut self, commands: &Receiver<Command>, sent_ns: u64) {
        let mut next_ns = self.next_renewal(sent_ns);
        loop {
            let wait = Duration::from_nanos(next_ns.saturating_sub(boot_clock_ns()));
            match commands.recv_timeout(wait) {
                Ok(Command::Release(reply)) => {
                    let _ = reply.send(self.release());
                    return;
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let _ = self.release();
                    return;
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            self.shared
                .wall_offset_ns
                .store(wall_offset_ns(), Ordering::Release);
            next_ns = match self.renew() {
                Renewed::Yes(sent_ns, _) => self.next_renewal(sent_ns),
                Renewed::Retry => boot_clock_ns().saturating_add(nanos(self.settings.retry_every)),
                // Nothing left to renew: wait for the release or the drop.
                Renewed::Lost => u64::MAX,
            };
        }
    }

    /// When to renew after a renewal sent at `sent_ns`: after the renewal interval.
    fn next_renewal(&self, sent_ns: u64) -> u64 {
        sent_ns.saturating_add(nanos(self.settings.renew_every))
    }

    fn renew(&mut self) -> Renewed {
        let worker_id = self.held.worker_id;
        // The mark this holder asks for; the store caps it at the lead above its clock.
        let proposal = wall_clock_ms()
            .max(self.floor_ms)
            .saturating_add(self.settings.lead_ms)
            .min(SnowflakeId::MAX_TIMESTAMP_MS);
        let grant = nanos(self.settings.grant());
        // Read before sending: the store's clock is later, so the local deadline falls
        // before the store's expiry.
        let sent_ns = boot_clock_ns();
        let sent_wall_ms = wall_clock_ms();
        match self.store.renew(&self.held, proposal) {
            Ok(Some(renewed)) => {
                let ceiling = renewed.ceiling_ms;
                self.shared.ceiling_ms.fetch_max(ceiling, Ordering::Release);
                let ahead = i64::try_from(sent_wall_ms)
                    .unwrap_or(i64::MAX)
                    .saturating_sub(renewed.now_ms);
                self.shared.clock_ahead_ms.store(ahead, Ordering::Relaxed);
                self.shared
                    .deadline_ns
                    .fetch_max(sent_ns.saturating_add(grant), Ordering::Release);
                self.shared.renewals.fetch_add(1, Ordering::Relaxed);
                note(&self.shared, None);
                if self.failed_attempts > 0 {
                    self.shared.late_renewals.fetch_add(1, Ordering::Relaxed);
                    emit(
                        self.settings.on_event.as_ref(),
                        LeaseEvent::LateRenewal {
                            worker_id,
                            failed_attempts: self.failed_attempts,
                            after_expiry: self.expiry_reported,
                        },
                    );
                }
                self.failed_attempts = 0;
                self.expiry_reported = false;
                Renewed::Yes(sent_ns, ceiling)
            }
            Ok(None) => {
                self.shared.lost.store(true, Ordering::Release);
                let reason = format_lost(self.store.name(), worker_id);
                note(&self.shared, Some(reason.clone()));
                emit(
                    self.settings.on_event.as_ref(),
                    LeaseEvent::Lost {
                        worker_id,
                        store: self.store.name().to_owned(),
                        reason,
                    },
                );
                Renewed::Lost
            }
            Err(reason) => {
                self.failed(reason);
                Renewed::Retry
            }
        }
    }

    /// Records a failed attempt, and reports the expiry once its deadline has passed.
    fn failed(&mut self, reason: String) {
        self.failed_attempts = self.failed_attempts.saturating_add(1);
        self.shared.failed_renewals.fetch_add(1, Ordering::Relaxed);
        let expired = boot_clock_ns() >= self.shared.deadline_ns.load(Ordering::Acquire);
        if expired && !self.expiry_reported {
            self.expiry_reported = true;
            emit(
                self.settings.on_event.as_ref(),
                LeaseEvent::Expired {
                    worker_id: self.held.worker_id,
                    reason: reason.clone(),
                },
            );
        }
        note(&self.shared, Some(reason));
    }

    /// Frees the worker id (keeping its mark) unless it is already another's.
    fn release(&mut self) -> Result<(), LeaseError> {
        if self.shared.lost.load(Ordering::Acquire) {
            return Ok(());
        }
        self.store.release(&self.held)?;
        emit(
            self.settings.on_event.as_ref(),
            LeaseEvent::Released {
                worker_id: self.held.worker_id,
            },
        );
        Ok(())
    }
}

/// Records why the last renewal failed, or that it succeeded.
fn note(shared: &Shared, error: Option<String>) {
    *shared
        .last_error
        .lock()
        .unwrap_or_else(PoisonError::into_inner) = error;
}

fn format_lost(store: &str, worker_id: u16) -> String {
    std::format!(
        "worker_id {worker_id} in {store:?} carries another holder's token, or its row, table \
         or file is gone"
    )
}

fn nanos(duration: Duration) -> u64 {
    u64::try_from(duration.as_nanos()).unwrap_or(u64::MAX)
}

/// The wall clock minus the boot clock, in nanoseconds: the wall clock between two readings
/// of the boot clock, against their midpoint.
fn wall_offset_ns() -> u64 {
    let before = boot_clock_ns();
    let wall = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| {
            u64::try_from(since.as_nanos()).unwrap_or(u64::MAX)
        });
    let after = boot_clock_ns();
    wall.saturating_sub(before / 2 + after / 2)
}

/// The host name for the row's `owner_host`: the kernel's, else `HOSTNAME`, else empty.
fn host_name() -> String {
    if let Ok(name) = std::fs::read_to_string("/proc/sys/kernel/hostname") {
        let name = name.trim();
        if !name.is_empty() {
            return name.to_owned();
        }
    }
    std::env::var("HOSTNAME").unwrap_or_default()
}
