//! The renewal thread, and the state it shares with `generate`.
//!
//! The thread owns the connection: it acquires the lease, renews it every ttl/3, retries
//! after a failure, and releases it. `generate` reads only the atomics of [`Shared`], so a
//! renewal stalled on the network or on a lock never blocks it.

use core::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use core::time::Duration;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{SystemTime, UNIX_EPOCH};

use postgres::{Client, NoTls};
use tick_sequence::{boot_clock_ns, random_bits};

use crate::config::Settings;
use crate::error::{LeaseError, describe};
use crate::table::Claim;

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
}

/// A lease granted: what the generator keeps.
pub(crate) struct Granted {
    pub(crate) worker_id: u16,
    pub(crate) generation: u64,
    pub(crate) floor_ms: u64,
    pub(crate) took_over_ahead: bool,
    pub(crate) shared: Arc<Shared>,
}

enum Command {
    Release(SyncSender<Result<(), LeaseError>>),
}

/// The handle on the renewal thread.
pub(crate) struct Renewal {
    thread: JoinHandle<()>,
    commands: Sender<Command>,
    table: String,
    /// How long a caller waits for the thread's answer.
    patience: Duration,
}

/// Starts the renewal thread, which connects, creates or checks the table and acquires a
/// worker id, and waits for the outcome. The client runs on that thread only: `postgres`
/// starts a runtime of its own per connection, which would panic inside a caller's tokio
/// runtime.
///
/// Waits at most twice the ttl: a server that accepts bytes but never answers (a stopped
/// process) defeats the TCP and statement timeouts. The thread is then left to finish on
/// its own; finding nobody to hand its lease to, it releases it.
pub(crate) fn start(settings: Settings) -> Result<(Granted, Renewal), LeaseError> {
    let table = settings.table.name.clone();
    let patience = settings.ttl.saturating_mul(2);
    let (granted_tx, granted_rx) = mpsc::sync_channel(1);
    let (commands_tx, commands_rx) = mpsc::channel();
    let thread = thread::Builder::new()
        .name("snowflake-lease".to_owned())
        .spawn(move || run(settings, &granted_tx, &commands_rx))
        .map_err(|source| LeaseError::Thread { source })?;
    match granted_rx.recv_timeout(patience) {
        Ok(Ok(granted)) => Ok((
            granted,
            Renewal {
                thread,
                commands: commands_tx,
                table,
                patience,
            },
        )),
        Ok(Err(error)) => {
            let _ = thread.join();
            Err(error)
        }
        // Dropping both channels tells the thread that a lease it may still get is nobody's.
        Err(RecvTimeoutError::Timeout) => Err(LeaseError::Unanswered {
            table,
            action: "acquiring a worker id",
            waited: patience,
        }),
        Err(RecvTimeoutError::Disconnected) => {
            let _ = thread.join();
            Err(LeaseError::ThreadEnded { table })
        }
    }
}

impl Renewal {
    /// Frees the row, stops the thread and waits for it: at most twice the ttl, after which
    /// the thread is left to release and end on its own (see [`start`]).
    pub(crate) fn release(self) -> Result<(), LeaseError> {
        let (reply_tx, reply_rx) = mpsc::sync_channel(1);
        let ended = || LeaseError::ThreadEnded {
            table: self.table.clone(),
        };
        let result = match self.commands.send(Command::Release(reply_tx)) {
            Ok(()) => match reply_rx.recv_timeout(self.patience) {
                Ok(result) => result,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(LeaseError::Unanswered {
                        table: self.table.clone(),
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
    granted: &SyncSender<Result<Granted, LeaseError>>,
    commands: &Receiver<Command>,
) {
    match Holder::acquire(settings) {
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
    /// `None` after the connection broke, until a reconnect succeeds.
    client: Option<Client>,
    worker_id: u16,
    token: i64,
    floor_ms: u64,
    shared: Arc<Shared>,
}

/// What a renewal attempt came to.
enum Renewed {
    /// Renewed; the boot clock reading taken before the statement was sent.
    Yes(u64),
    /// Failed; try again soon.
    Retry,
    /// The row carries another token.
    Lost,
}

impl Holder {
    /// Connects, prepares the table and claims a row: the holder, the lease and the boot
    /// clock reading taken before the claim was sent.
    fn acquire(settings: Settings) -> Result<(Holder, Granted, u64), LeaseError> {
        let mut client = connect(&settings)?;
        settings.table.prepare(&mut client)?;
        // The token proves, at each renewal, that nobody held the row in between.
        let token = random_bits(64) as u64 as i64;
        let host = host_name();
        let now_ms = wall_clock_ms();
        let claim = Claim {
            token,
            host: &host,
            pid: i32::try_from(std::process::id()).unwrap_or(i32::MAX),
            ttl_ms: ttl_ms(&settings),
            skew_ms: settings.skew_ms,
            now_ms: i64::try_from(now_ms).unwrap_or(i64::MAX),
            lead_ms: settings.lead_ms,
        };
        let sent_ns = boot_clock_ns();
        let Some(acquired) = settings.table.acquire(&mut client, &claim)? else {
            return Err(LeaseError::AllHeld {
                table: settings.table.name.clone(),
                held: settings.table.count_held(&mut client)?,
            });
        };
        let floor_ms = acquired
            .old_mark
            .saturating_add(settings.skew_ms.unsigned_abs())
            .saturating_add(1);
        let shared = Arc::new(Shared {
            deadline_ns: AtomicU64::new(sent_ns.saturating_add(nanos(settings.grant()))),
            ceiling_ms: AtomicU64::new(acquired.new_mark),
            lost: AtomicBool::new(false),
            wall_offset_ns: AtomicU64::new(wall_offset_ns()),
            last_error: Mutex::new(None),
        });
        let lease = Granted {
            worker_id: acquired.worker_id,
            generation: acquired.generation,
            floor_ms,
            took_over_ahead: floor_ms > now_ms,
            shared: Arc::clone(&shared),
        };
        let holder = Holder {
            settings,
            client: Some(client),
            worker_id: acquired.worker_id,
            token,
            floor_ms,
            shared,
        };
        Ok((holder, lease, sent_ns))
    }

    /// Renews every ttl/3 (every ttl/20, at least 50 ms, after a failure) until told to
    /// release or the generator is dropped.
    fn serve(&mut self, commands: &Receiver<Command>, sent_ns: u64) {
        let mut next_ns = sent_ns.saturating_add(nanos(self.settings.renew_every));
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
                Renewed::Yes(sent_ns) => sent_ns.saturating_add(nanos(self.settings.renew_every)),
                Renewed::Retry => boot_clock_ns().saturating_add(nanos(self.settings.retry_every)),
                // Nothing left to renew: wait for the release or the drop.
                Renewed::Lost => u64::MAX,
            };
        }
    }

    fn renew(&mut self) -> Renewed {
        let worker_id = self.worker_id;
        let token = self.token;
        let ttl_ms = ttl_ms(&self.settings);
        let mark = i64::try_from(wall_clock_ms().max(self.floor_ms))
            .unwrap_or(i64::MAX)
            .saturating_add(self.settings.lead_ms);
        let grant = nanos(self.settings.grant());
        let client = match connected(&mut self.client, &self.settings) {
            Ok(client) => client,
            Err(error) => {
                note(&self.shared, Some(error.to_string()));
                return Renewed::Retry;
            }
        };
        // Read before sending: the database's `now()` is later, so the local deadline falls
        // before the database's expiry.
        let sent_ns = boot_clock_ns();
        match self
            .settings
            .table
            .renew(client, worker_id, token, ttl_ms, mark)
        {
            Ok(Some(written)) => {
                self.shared.ceiling_ms.fetch_max(written, Ordering::Release);
                self.shared
                    .deadline_ns
                    .fetch_max(sent_ns.saturating_add(grant), Ordering::Release);
                note(&self.shared, None);
                Renewed::Yes(sent_ns)
            }
            Ok(None) => {
                self.shared.lost.store(true, Ordering::Release);
                note(
                    &self.shared,
                    Some(format_lost(&self.settings.table.name, worker_id)),
                );
                Renewed::Lost
            }
            Err(error) => {
                note(&self.shared, Some(describe(&error)));
                if client.is_closed() {
                    self.client = None;
                }
                Renewed::Retry
            }
        }
    }

    /// Frees the row (keeping its mark) unless it is already another's.
    fn release(&mut self) -> Result<(), LeaseError> {
        if self.shared.lost.load(Ordering::Acquire) {
            return Ok(());
        }
        let client = connected(&mut self.client, &self.settings)?;
        self.settings
            .table
            .release(client, self.worker_id, self.token)?;
        Ok(())
    }
}

/// The connection, reconnecting if it broke.
fn connected<'a>(
    client: &'a mut Option<Client>,
    settings: &Settings,
) -> Result<&'a mut Client, LeaseError> {
    let open = match client.take() {
        Some(open) if !open.is_closed() => open,
        _ => connect(settings)?,
    };
    Ok(client.insert(open))
}

/// Records why the last renewal failed, or that it succeeded.
fn note(shared: &Shared, error: Option<String>) {
    *shared
        .last_error
        .lock()
        .unwrap_or_else(PoisonError::into_inner) = error;
}

fn format_lost(table: &str, worker_id: u16) -> String {
    std::format!("the row of worker_id {worker_id} in {table:?} carries another holder's token")
}

fn connect(settings: &Settings) -> Result<Client, LeaseError> {
    settings
        .client
        .connect(NoTls)
        .map_err(|error| LeaseError::Connect {
            target: settings.target.clone(),
            detail: describe(&error),
            source: error,
        })
}

fn ttl_ms(settings: &Settings) -> f64 {
    settings.ttl.as_secs_f64() * 1000.0
}

fn nanos(duration: Duration) -> u64 {
    u64::try_from(duration.as_nanos()).unwrap_or(u64::MAX)
}

/// The wall clock in Unix milliseconds, as the generator's sequence reads it.
pub(crate) fn wall_clock_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| {
            u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
        })
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
