//! The generating subcommands, and `verify`.
//!
//! Ids are made and written [`CHUNK`] at a time: memory does not grow with the count, which
//! may be anything up to `u64::MAX`, and a write to a closed pipe ends the command after at
//! most one chunk. With a rate, or under a lease, they are made one at a time and each line
//! is flushed as it is written.

use std::fmt::Display;
use std::io::Write;
use std::thread;
use std::time::{Duration, Instant};

use snowflake::{SnowflakeId, SnowflakeIdGenerator};
#[cfg(feature = "lease")]
use snowflake_lease::{Error, LeaseConfig, LeaseEvent, LeasedGenerator};

use crate::lines::Line;
use crate::{Failure, escaped};

/// What to generate: how many, at which time, how fast.
pub(crate) struct Plan {
    /// How many ids; `None` until interrupted.
    pub(crate) limit: Option<u64>,
    /// An explicit timestamp, in the format's unit.
    pub(crate) at: Option<u64>,
    /// At most this many ids a second.
    pub(crate) rate: Option<f64>,
    /// JSON lines, `{"id": ..., "timestamp_ms": ...}`, instead of the ids alone.
    pub(crate) json: bool,
}

/// The bounds a generating subcommand prints instead of generating: `--min-at`, `--max-at`.
pub(crate) struct Bounds {
    /// The timestamp of the smallest id asked for, in the format's unit.
    pub(crate) min_at: Option<u64>,
    /// The timestamp of the largest id asked for, in the format's unit.
    pub(crate) max_at: Option<u64>,
    /// JSON lines, as for generated ids.
    pub(crate) json: bool,
}

/// Writes the smallest id of `min_at` and then the largest of `max_at` (those asked for), made
/// by the format's `min` and `max`; a timestamp out of the format's range is an error naming
/// the option, and then nothing is written.
pub(crate) fn bounds<T: Timed, E: Display>(
    bounds: Option<Bounds>,
    min: impl Fn(u64) -> Result<T, E>,
    max: impl Fn(u64) -> Result<T, E>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let Some(bounds) = bounds else {
        return Ok(());
    };
    let refused =
        |option: &'static str| move |error: E| Failure::Error(format!("{option}: {error}"));
    let min = bounds
        .min_at
        .map(min)
        .transpose()
        .map_err(refused("--min-at"))?;
    let max = bounds
        .max_at
        .map(max)
        .transpose()
        .map_err(refused("--max-at"))?;
    for id in min.iter().chain(&max) {
        write_id(id, bounds.json, out)?;
    }
    Ok(())
}

/// An id that can be written as a JSON line with its timestamp.
pub(crate) trait Timed: Display {
    /// The key and value of the timestamp, in the format's unit.
    fn timestamp(&self) -> (&'static str, u64);
}

impl Timed for ulid::Ulid {
    fn timestamp(&self) -> (&'static str, u64) {
        ("timestamp_ms", self.timestamp_ms())
    }
}

impl Timed for uuid7::Uuid7 {
    fn timestamp(&self) -> (&'static str, u64) {
        ("timestamp_ms", self.timestamp_ms())
    }
}

impl Timed for objectid::ObjectId {
    fn timestamp(&self) -> (&'static str, u64) {
        ("timestamp_s", self.timestamp_s())
    }
}

impl Timed for SnowflakeId {
    fn timestamp(&self) -> (&'static str, u64) {
        ("timestamp_ms", self.timestamp_ms())
    }
}

/// Writes one id: alone, or as a JSON line with its timestamp. The id's text is of ASCII
/// letters and digits only: it needs no escaping.
fn write_id(id: &impl Timed, json: bool, out: &mut impl Write) -> std::io::Result<()> {
    if json {
        let (key, value) = id.timestamp();
        writeln!(out, "{{\"id\":\"{id}\",\"{key}\":{value}}}")
    } else {
        writeln!(out, "{id}")
    }
}

/// The wait before asking a lease that refused to serve again: short, so that a renewal is
/// followed by ids at once, and long enough not to spin.
#[cfg(feature = "lease")]
const RETRY: Duration = Duration::from_millis(2);

/// Ids on a schedule: the n-th since the schedule started is due n / rate seconds after.
struct Pace {
    rate: f64,
    start: Instant,
    served: u64,
}

impl Pace {
    fn new(rate: f64) -> Pace {
        Pace {
            rate,
            start: Instant::now(),
            served: 0,
        }
    }

    /// When the id after `served` ids is due; `None` if never (a rate so low that the time
    /// is beyond what the clock can hold).
    fn due(&self, served: u64) -> Option<Instant> {
        let offset = Duration::try_from_secs_f64(served as f64 / self.rate).ok()?;
        self.start.checked_add(offset)
    }

    /// Sleeps until the next id is due. A schedule more than one id behind (the process was
    /// stopped, or the lease paused) starts again from now rather than catching up in a burst.
    fn wait(&mut self) {
        loop {
            let now = Instant::now();
            match self.due(self.served) {
                Some(due) if due > now => {
                    thread::sleep(due - now);
                    return;
                }
                Some(_) => {
                    if self.due(self.served + 1).is_some_and(|next| next < now) {
                        self.start = now;
                        self.served = 0;
                    }
                    return;
                }
                None => thread::sleep(Duration::from_secs(3600)),
            }
        }
    }

    /// Counts an id written.
    fn served(&mut self) {
        self.served += 1;
    }
}

/// Whole and fractional seconds, `2 s` or `0.5 s`.
#[cfg(feature = "lease")]
fn in_seconds(duration: Duration) -> String {
    format!("{} s", duration.as_secs_f64())
}

/// Ids made and written at a time: one `fill` (one clock reading, one lock) each.
const CHUNK: usize = 1024;

/// Writes `limit` ids (without end if `None`), one a line, [`CHUNK`] at a time: `fill`
/// overwrites each chunk of a buffer that starts as copies of `placeholder`, then the chunk
/// is written.
fn write_in_chunks<T: Timed + Copy>(
    limit: Option<u64>,
    json: bool,
    placeholder: T,
    mut fill: impl FnMut(&mut [T]) -> Result<(), String>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let mut buffer = [placeholder; CHUNK];
    let mut remaining = limit;
    while remaining != Some(0) {
        let len = remaining.map_or(CHUNK, |remaining| {
            usize::try_from(remaining).map_or(CHUNK, |remaining| remaining.min(CHUNK))
        });
        let chunk = &mut buffer[..len];
        fill(chunk).map_err(Failure::Error)?;
        for id in chunk.iter() {
            write_id(id, json, out)?;
        }
        remaining = remaining.map(|remaining| remaining - len as u64);
    }
    Ok(())
}

/// Writes `limit` ids (without end if `None`) made one at a time by `next`, at most `rate` a
/// second, flushing each line.
fn write_paced<T: Timed>(
    limit: Option<u64>,
    json: bool,
    rate: f64,
    mut next: impl FnMut() -> Result<T, String>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let mut pace = Pace::new(rate);
    let mut written = 0u64;
    while limit.is_none_or(|limit| written < limit) {
        pace.wait();
        let id = next().map_err(Failure::Error)?;
        write_id(&id, json, out)?;
        out.flush()?;
        pace.served();
        written += 1;
    }
    Ok(())
}

/// Fills `ids` with one call to `generate` each.
fn each<T, E: Display>(ids: &mut [T], generate: impl Fn() -> Result<T, E>) -> Result<(), String> {
    for id in ids {
        *id = generate().map_err(|error| error.to_string())?;
    }
    Ok(())
}

/// The message of an error of generation from the process-wide sequence: the system clock
/// (or the sequence, run ahead of it) has left the format's range.
fn from_the_clock(error: impl Display) -> String {
    format!("cannot generate from the system clock: {error}")
}

/// Writes the ids of `plan`, made by `fill` (or one by one by `generate` with a rate) from
/// the clock or, `at` a given time (in the format's unit), one by one by `generate_at`.
fn write_ids<T: Timed + Copy, E: Display>(
    plan: &Plan,
    placeholder: T,
    fill: impl Fn(&mut [T]) -> Result<(), E>,
    generate: impl Fn() -> Result<T, E>,
    generate_at: impl Fn(u64) -> Result<T, E>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    match (plan.at, plan.rate) {
        (None, None) => write_in_chunks(
            plan.limit,
            plan.json,
            placeholder,
            |ids| fill(ids).map_err(from_the_clock),
            out,
        ),
        (Some(time), None) => write_in_chunks(
            plan.limit,
            plan.json,
            placeholder,
            |ids| each(ids, || generate_at(time)),
            out,
        ),
        (None, Some(rate)) => write_paced(
            plan.limit,
            plan.json,
            rate,
            || generate().map_err(from_the_clock),
            out,
        ),
        (Some(time), Some(rate)) => write_paced(
            plan.limit,
            plan.json,
            rate,
            || generate_at(time).map_err(|error| error.to_string()),
            out,
        ),
    }
}

pub(crate) fn ulids(plan: &Plan, out: &mut impl Write) -> Result<(), Failure> {
    let placeholder = ulid::Ulid::from_u128(0);
    write_ids(
        plan,
        placeholder,
        ulid::try_fill,
        ulid::try_generate,
        ulid::generate_at,
        out,
    )
}

pub(crate) fn uuid7s(plan: &Plan, out: &mut impl Write) -> Result<(), Failure> {
    let placeholder = uuid7::Uuid7::from_parts(0, 0).map_err(|e| Failure::Error(e.to_string()))?;
    write_ids(
        plan,
        placeholder,
        uuid7::try_fill,
        uuid7::try_generate,
        uuid7::generate_at,
        out,
    )
}

pub(crate) fn object_ids(plan: &Plan, out: &mut impl Write) -> Result<(), Failure> {
    let placeholder = objectid::ObjectId::from_bytes([0; 12]);
    write_ids(
        plan,
        placeholder,
        objectid::try_fill,
        objectid::try_generate,
        objectid::generate_at,
        out,
    )
}

pub(crate) fn snowflakes(worker_id: u16, plan: &Plan, out: &mut impl Write) -> Result<(), Failure> {
    let generator =
        SnowflakeIdGenerator::new(worker_id).map_err(|e| Failure::Error(e.to_string()))?;
    let placeholder = SnowflakeId::try_from(0u64).map_err(|e| Failure::Error(e.to_string()))?;
    write_ids(
        plan,
        placeholder,
        |ids| generator.fill(ids),
        || generator.generate(),
        |timestamp_ms| generator.generate_at(timestamp_ms),
        out,
    )
}

/// Writes a lease event on standard error: `identifier: lease: ...`, or with `json` one JSON
/// object a line, `{"event":"acquired","worker_id":3,...,"message":"..."}`.
#[cfg(feature = "lease")]
pub(crate) fn log_lease_event(event: &LeaseEvent, json: bool) {
    if !json {
        eprintln!("identifier: lease: {event}");
        return;
    }
    // The event's fields under their names, and its one line.
    let mut object = serde_json::to_value(event).unwrap_or_else(|_| serde_json::json!({}));
    object["message"] = serde_json::json!(event.to_string());
    eprintln!("{object}");
}

/// Snowflake ids under a worker id leased with `config` (whose ttl is `ttl`), one at a
/// time, each line flushed. The lease is released at the end, unless it was lost or could
/// not be renewed.
#[cfg(feature = "lease")]
pub(crate) fn leased_snowflakes(
    config: &LeaseConfig,
    ttl: Duration,
    plan: &Plan,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let generator = LeasedGenerator::acquire(config).map_err(|e| Failure::Error(e.to_string()))?;
    let worker_id = generator.worker_id();
    let result = serve_leased(&generator, ttl, plan, out);
    if let Err(Failure::LeaseEnded(_)) = result {
        // Nothing to release (lost), or a server that may not answer: releasing could wait
        // twice the ttl, and the row expires by itself.
        std::mem::forget(generator);
    } else if let Err(error) = generator.release() {
        eprintln!(
            "identifier: warning: could not release the lease on worker id {worker_id}: \
             {error}; it expires by itself after the ttl"
        );
    }
    result
}

/// Writes the ids of `plan` from `generator`: only those it served, each flushed at once.
/// Waits while it refuses for a late renewal; gives up after `ttl` of that, or at once if
/// the lease was lost.
#[cfg(feature = "lease")]
fn serve_leased(
    generator: &LeasedGenerator,
    ttl: Duration,
    plan: &Plan,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let worker_id = generator.worker_id();
    let mut pace = plan.rate.map(Pace::new);
    let mut written = 0u64;
    let mut refused_since: Option<Instant> = None;
    while plan.limit.is_none_or(|limit| written < limit) {
        if let Some(pace) = &mut pace {
            pace.wait();
        }
        match generator.generate() {
            Ok(id) => {
                if let Some(since) = refused_since.take() {
                    eprintln!(
                        "identifier: serving again under worker id {worker_id}, after {} ms \
                         paused",
                        since.elapsed().as_millis()
                    );
                }
                write_id(&id, plan.json, out)?;
                out.flush()?;
                written += 1;
                if let Some(pace) = &mut pace {
                    pace.served();
                }
            }
            Err(error @ (Error::LeaseExpired { .. } | Error::AheadOfLease { .. })) => {
                let since = *refused_since.get_or_insert_with(|| {
                    eprintln!("identifier: paused, writing nothing: {error}");
                    Instant::now()
                });
                if since.elapsed() > ttl {
                    let state = generator.state();
                    // A clock ahead of the database's by more than the lead reads above
                    // every ceiling the database allows: renewals succeed, ids never fit.
                    if matches!(error, Error::AheadOfLease { .. })
                        && state.last_renewal_error.is_none()
                        && crate::now_ms() > state.high_water_ms
                    {
                        return Err(Failure::LeaseEnded(format!(
                            "this host's clock is {} ms ahead of the database's: ids under \
                             the lease on worker id {worker_id} would be above the high-water \
                             mark ({} ms) the database allows, for longer than the ttl of {}; \
                             set the clock right; {written} ids written",
                            state.clock_ahead_ms,
                            state.high_water_ms,
                            in_seconds(ttl)
                        )));
                    }
                    let why = state.last_renewal_error.map_or(String::new(), |error| {
                        format!(" (last renewal error: {error})")
                    });
                    return Err(Failure::LeaseEnded(format!(
                        "the lease on worker id {worker_id} could not be renewed for longer \
                         than its ttl of {}{why}; {written} ids written",
                        in_seconds(ttl)
                    )));
                }
                thread::sleep(RETRY);
            }
            Err(Error::LeaseLost { .. }) => {
                return Err(Failure::LeaseEnded(format!(
                    "the lease on worker id {worker_id} was lost: another process took the \
                     worker id over; {written} ids written"
                )));
            }
            Err(error) => {
                return Err(Failure::Error(format!(
                    "cannot generate under the lease on worker id {worker_id}: {error}; \
                     {written} ids written"
                )));
            }
        }
    }
    Ok(())
}

pub(crate) fn checksummed(
    options: &checksummed_id::Options,
    count: u64,
    out: &mut impl Write,
) -> Result<(), Failure> {
    for _ in 0..count {
        let code =
            checksummed_id::generate_with(options).map_err(|e| Failure::Error(e.to_string()))?;
        writeln!(out, "{code}")?;
    }
    Ok(())
}

pub(crate) fn verify(codes: &[String], sep: char, out: &mut impl Write) -> Result<(), Failure> {
    let mut all_valid = true;
    if crate::lines::from_stdin(codes, "codes")? {
        let stdin = std::io::stdin();
        crate::lines::each(stdin.lock(), |number, line| {
            match line {
                Line::Text(code) => {
                    if checksummed_id::verify_with(code, sep) {
                        writeln!(out, "{}\tvalid", escaped(code))?;
                    } else {
                        all_valid = false;
                        writeln!(out, "line {number}: {}\tinvalid", escaped(code))?;
                    }
                }
                other => {
                    all_valid = false;
                    writeln!(out, "{}", other.problem(number).unwrap_or_default())?;
                }
            }
            Ok(())
        })?;
    } else {
        for code in codes {
            let valid = checksummed_id::verify_with(code, sep);
            all_valid &= valid;
            let verdict = if valid { "valid" } else { "invalid" };
            writeln!(out, "{}\t{verdict}", escaped(code))?;
        }
    }
    if all_valid {
        Ok(())
    } else {
        Err(Failure::Rejected)
    }
}
