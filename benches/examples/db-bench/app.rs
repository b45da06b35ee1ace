//! The shape "as applications write": a server with `shared_buffers = 32MB`, one table per
//! key preloaded (fast, in big batches) until its primary-key index is several times the
//! shared buffers, then a CHECKPOINT, then single-row `INSERT` transactions (autocommit) from
//! several connections, one thread and client each, for a fixed time, ids made in the client
//! at insert time (or by the column's default for the server-side keys). Per key: inserts per
//! second and the server's CPU per insert (rates: one run on a shared machine), WAL bytes and
//! full-page images per row (`pg_current_wal_lsn()` and `pg_stat_wal.wal_fpi` before and
//! after), the index's size and leaf density at the end, and the pages a query for the 1,000
//! newest rows reads after a restart.

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::sync::Barrier;
use std::sync::mpsc::{self, Sender};
use std::time::{Duration, Instant};

use postgres::{Client, NoTls};
use snowflake::SnowflakeIdGenerator;
use test_support::postgres::Cluster;

use crate::server::{
    BatchInsert, Id, Key, NEWEST, Server, Version, connect, create_pgstattuple, create_table,
    index_shape, pages_read, query_one, run,
};

/// The only setting besides initdb's defaults (and the fsync off of every throwaway cluster):
/// a cache small enough that a random key's index cannot stay in it. `full_page_writes` stays
/// on, as in production.
pub(crate) const SETTINGS: &[(&str, &str)] = &[("shared_buffers", "32MB")];

/// The default preload. A `uuid` index built by appends holds about 31.6 bytes a row at the
/// fillfactor (30.1 MiB for 1,000,000 rows in the bulk load), so 4,500,000 rows make about
/// 136 MiB: more than 4 × 32 MiB before the first timed insert, for every 16-byte key (a
/// random key's index, at ~70 % leaf density, is larger still). The 8-byte `bigint` index is
/// about 97 MiB: 3 ×, which changes nothing for keys that only touch the right edge.
pub(crate) const DEFAULT_ROWS: usize = 4_500_000;

/// Rows per preload `INSERT`.
const PRELOAD_BATCH: usize = 10_000;

/// The client-made keys; PostgreSQL 18 adds the server-side ones.
const KEYS: [Key; 5] = [
    Key::Snowflake,
    Key::UuidV4,
    Key::Uuid7,
    Key::Ulid,
    Key::ObjectId,
];

/// The shape's size: `--app-rows`, `--app-seconds`, `--connections`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Shape {
    pub(crate) rows: usize,
    pub(crate) duration: Duration,
    pub(crate) connections: u16,
}

impl Default for Shape {
    fn default() -> Shape {
        Shape {
            rows: DEFAULT_ROWS,
            duration: Duration::from_secs(20),
            connections: 4,
        }
    }
}

/// What one key's run measured.
#[derive(Clone, Debug)]
pub(crate) struct Measured {
    pub(crate) key: Key,
    pub(crate) preload: Duration,
    /// Rows inserted in the timed phase.
    pub(crate) rows: u64,
    pub(crate) elapsed: Duration,
    /// CPU time of the writers' server processes over the timed phase, where `/proc` has it.
    pub(crate) server_cpu: Option<Duration>,
    pub(crate) wal_bytes: f64,
    pub(crate) fpi: i64,
    pub(crate) index_bytes: i64,
    pub(crate) leaf_density: f64,
    pub(crate) newest_pages: u64,
    /// Rows in the table at the end: the preload and the timed phase's.
    pub(crate) table_rows: u64,
}

impl Measured {
    pub(crate) fn inserts_per_second(&self) -> f64 {
        self.rows as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    pub(crate) fn wal_per_row(&self) -> f64 {
        self.wal_bytes / self.rows.max(1) as f64
    }

    pub(crate) fn fpi_per_row(&self) -> f64 {
        self.fpi as f64 / self.rows.max(1) as f64
    }

    pub(crate) fn index_bytes_per_row(&self) -> f64 {
        self.index_bytes as f64 / self.table_rows.max(1) as f64
    }

    fn cpu_per_insert_us(&self) -> Option<f64> {
        self.server_cpu
            .map(|cpu| cpu.as_secs_f64() * 1e6 / self.rows.max(1) as f64)
    }
}

/// The server and the measurements of every key.
pub(crate) struct Report {
    pub(crate) version: Version,
    pub(crate) shape: Shape,
    pub(crate) results: Vec<Measured>,
    /// What each server-side default costs the server per id, in microseconds.
    pub(crate) generation_us: Vec<(Key, f64)>,
}

/// Starts a throwaway server, measures every key in turn (each table dropped after its
/// measurement), stops the server.
pub(crate) fn measure(server: &Server, shape: &Shape) -> Result<Report, String> {
    let mut cluster = server.start(SETTINGS);
    let mut db = connect(&cluster)?;
    let version = Version::read(&mut db)?;
    create_pgstattuple(&mut db)?;
    let generation_us = generation_costs(&mut db, &version.keys(&[]))?;
    drop(db);
    let mut results = Vec::new();
    for key in version.keys(&KEYS) {
        let measured = measure_key(&mut cluster, key, shape)?;
        eprintln!(
            "db-bench: preloaded in {:.1} s, then {} inserts",
            measured.preload.as_secs_f64(),
            measured.rows
        );
        results.push(measured);
    }
    drop(cluster);
    Ok(Report {
        version,
        shape: shape.clone(),
        results,
        generation_us,
    })
}

/// Calls in the measurement of a server-side default's own cost.
const CALLS: u32 = 1_000_000;

/// The server's CPU for one id from each of `keys`' defaults, alone: the best of three
/// `SELECT count(uuidv7()) FROM generate_series(…)` less the best of three of the bare series.
fn generation_costs(db: &mut Client, keys: &[Key]) -> Result<Vec<(Key, f64)>, String> {
    let mut best = |expression: &str| -> Result<f64, String> {
        let sql = format!("SELECT count({expression}) FROM generate_series(1, {CALLS}) AS g");
        let mut best = f64::INFINITY;
        for _ in 0..3 {
            let started = Instant::now();
            query_one(db, &sql, &[])?;
            best = best.min(started.elapsed().as_secs_f64());
        }
        Ok(best)
    };
    if keys.iter().all(|key| key.server_default().is_none()) {
        return Ok(Vec::new());
    }
    let series = best("g")?;
    keys.iter()
        .filter_map(|key| key.server_default().map(|default| (*key, default)))
        .map(|(key, default)| {
            let seconds = best(default)?;
            Ok((key, (seconds - series).max(0.0) * 1e6 / f64::from(CALLS)))
        })
        .collect()
}

fn measure_key(cluster: &mut Cluster, key: Key, shape: &Shape) -> Result<Measured, String> {
    let mut db = connect(cluster)?;
    // Autovacuum would add WAL of its own to the count; the tables are insert-only.
    create_table(&mut db, key, " WITH (autovacuum_enabled = off)")?;
    eprintln!(
        "db-bench: as applications write, {} rows of {}, then {:.1} s from {} connections",
        shape.rows,
        key.label(),
        shape.duration.as_secs_f64(),
        shape.connections
    );
    let started = Instant::now();
    preload(&mut db, key, shape.rows)?;
    let preload = started.elapsed();
    // The timed phase starts clean: every page's first change after it is a full-page image.
    run(&mut db, "CHECKPOINT")?;
    let phase = timed_inserts(cluster, &mut db, key, shape)?;
    let (index_bytes, leaf_density) = index_shape(&mut db, key)?;
    drop(db);
    cluster.restart();
    let mut db = connect(cluster)?;
    // The planner would read a small table whole; the question is where the rows live.
    run(&mut db, "SET enable_seqscan = off")?;
    let newest_pages = pages_read(&mut db, key, key.array(&phase.newest).as_ref())?;
    run(&mut db, &format!("DROP TABLE {}", key.table()))?;
    Ok(Measured {
        key,
        preload,
        rows: phase.rows,
        elapsed: phase.elapsed,
        server_cpu: phase.server_cpu,
        wal_bytes: phase.wal_bytes,
        fpi: phase.fpi,
        index_bytes,
        leaf_density,
        newest_pages,
        table_rows: shape.rows as u64 + phase.rows,
    })
}

/// The preload, in big batches through one connection (worker id 0 for Snowflake; the
/// writers have 1 and up).
fn preload(db: &mut Client, key: Key, rows: usize) -> Result<(), String> {
    let insert = BatchInsert::prepare(db, key)?;
    let snowflake = SnowflakeIdGenerator::new(0).map_err(|e| e.to_string())?;
    let mut loaded = 0;
    while loaded < rows {
        let n = PRELOAD_BATCH.min(rows - loaded);
        insert.insert(db, n, false, &snowflake)?;
        loaded += n;
    }
    Ok(())
}

/// What the timed phase gave.
struct Phase {
    rows: u64,
    elapsed: Duration,
    server_cpu: Option<Duration>,
    wal_bytes: f64,
    fpi: i64,
    /// The newest ids, newest last.
    newest: Vec<Id>,
}

/// One writer's connection and what it did.
struct Writer {
    client: Client,
    rows: u64,
    elapsed: Duration,
    newest: VecDeque<(Instant, Id)>,
}

/// The timed phase: `shape.connections` writers, started together, each inserting one row a
/// transaction until `shape.duration` has passed.
fn timed_inserts(
    cluster: &Cluster,
    db: &mut Client,
    key: Key,
    shape: &Shape,
) -> Result<Phase, String> {
    let conninfo = cluster.connection_string("postgres");
    let start = Barrier::new(usize::from(shape.connections) + 1);
    let (ready, pids) = mpsc::channel();
    let (before, cpu_before, writers, cpu_after) = std::thread::scope(|scope| {
        let handles: Vec<_> = (1..=shape.connections)
            .map(|worker| {
                let (ready, start, conninfo) = (ready.clone(), &start, &conninfo);
                scope.spawn(move || writer(conninfo, key, worker, shape.duration, start, ready))
            })
            .collect();
        // Only the writers hold senders now: one that died early ends the wait below.
        drop(ready);
        // Every writer says once whether it is ready (its server process id) and then waits
        // at the barrier, ready or not, so that an error cannot leave the others waiting.
        let pids: Vec<Option<i32>> = (0..shape.connections)
            .map(|_| pids.recv().ok().flatten())
            .collect();
        let before = Counters::read(db);
        let cpu_before = server_cpu(&pids);
        start.wait();
        let writers: Vec<Result<Writer, String>> = handles
            .into_iter()
            .map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|_| Err("a writer thread panicked".to_owned()))
            })
            .collect();
        // Read while the writers' server processes still run.
        let cpu_after = server_cpu(&pids);
        (before, cpu_before, writers, cpu_after)
    });
    let before = before?;
    let writers = writers.into_iter().collect::<Result<Vec<_>, _>>()?;
    let rows = writers.iter().map(|writer| writer.rows).sum();
    let elapsed = writers
        .iter()
        .map(|writer| writer.elapsed)
        .max()
        .unwrap_or_default();
    let mut newest: Vec<(Instant, Id)> = Vec::new();
    for writer in writers {
        newest.extend(writer.newest);
        // A server process flushes its statistics (pg_stat_wal) when it exits.
        drop(writer.client);
    }
    newest.sort_by_key(|(at, _)| *at);
    let newest = newest[newest.len().saturating_sub(NEWEST)..]
        .iter()
        .map(|(_, id)| *id)
        .collect();
    wait_for_writers_to_exit(db)?;
    let after = Counters::read(db)?;
    let wal_bytes: f64 = query_one(
        db,
        "SELECT pg_wal_lsn_diff($1::text::pg_lsn, $2::text::pg_lsn)::float8",
        &[&after.lsn, &before.lsn],
    )?
    .get(0);
    Ok(Phase {
        rows,
        elapsed,
        server_cpu: cpu_before
            .zip(cpu_after)
            .map(|(before, after)| ticks(after.saturating_sub(before))),
        wal_bytes,
        fpi: after.fpi - before.fpi,
        newest,
    })
}

fn writer(
    conninfo: &str,
    key: Key,
    worker: u16,
    duration: Duration,
    start: &Barrier,
    ready: Sender<Option<i32>>,
) -> Result<Writer, String> {
    let table = key.table();
    let setup = (|| {
        let mut client = Client::connect(conninfo, NoTls)
            .map_err(|e| format!("{table}: writer {worker} connecting: {e}"))?;
        let sql = match key.server_default() {
            Some(_) => {
                format!("INSERT INTO {table} (payload) VALUES (repeat('x', 64)) RETURNING id")
            }
            None => format!("INSERT INTO {table} (id, payload) VALUES ($1, repeat('x', 64))"),
        };
        let statement = client
            .prepare(&sql)
            .map_err(|e| format!("{table}: preparing the insert: {e}"))?;
        let pid: i32 = query_one(&mut client, "SELECT pg_backend_pid()", &[])?.get(0);
        let snowflake = SnowflakeIdGenerator::new(worker).map_err(|e| e.to_string())?;
        Ok::<_, String>((client, statement, pid, snowflake))
    })();
    let _ = ready.send(setup.as_ref().ok().map(|(_, _, pid, _)| *pid));
    start.wait();
    let (mut client, statement, _, snowflake) = setup?;
    let mut newest = VecDeque::with_capacity(NEWEST);
    let mut rows = 0;
    let began = Instant::now();
    let deadline = began + duration;
    while Instant::now() < deadline {
        let id = if key.server_default().is_some() {
            let row = client
                .query_one(&statement, &[])
                .map_err(|e| format!("{table}: {e}"))?;
            Id::Uuid(row.get(0))
        } else {
            let id = key.one(&snowflake)?;
            client
                .execute(&statement, &[id.sql()])
                .map_err(|e| format!("{table}: {e}"))?;
            id
        };
        rows += 1;
        if newest.len() == NEWEST {
            newest.pop_front();
        }
        newest.push_back((Instant::now(), id));
    }
    Ok(Writer {
        client,
        rows,
        elapsed: began.elapsed(),
        newest,
    })
}

/// The WAL position and the full-page images written so far, server-wide.
struct Counters {
    lsn: String,
    fpi: i64,
}

impl Counters {
    fn read(db: &mut Client) -> Result<Counters, String> {
        // Statistics read in a transaction are a snapshot; each query here is its own.
        let row = query_one(
            db,
            "SELECT pg_current_wal_lsn()::text, (SELECT wal_fpi FROM pg_stat_wal)",
            &[],
        )?;
        Ok(Counters {
            lsn: row.get(0),
            fpi: row.get(1),
        })
    }
}

/// Until the writers' server processes are gone, and with them their unflushed statistics.
fn wait_for_writers_to_exit(db: &mut Client) -> Result<(), String> {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let others: i64 = query_one(
            db,
            "SELECT count(*) FROM pg_stat_activity \
             WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
            &[],
        )?
        .get(0);
        if others == 0 {
            return Ok(());
        }
        if Instant::now() > deadline {
            return Err(format!("{others} writer connections still open after 30 s"));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// User and system CPU of the server processes `pids`, in clock ticks (`/proc/PID/stat`),
/// or `None` if any is missing.
fn server_cpu(pids: &[Option<i32>]) -> Option<u64> {
    pids.iter()
        .map(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{}/stat", (*pid)?)).ok()?;
            // The fields after the command name, which is in parentheses and may hold spaces:
            // utime and stime are the 14th and 15th of the whole line.
            let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
            let utime: u64 = fields.get(11)?.parse().ok()?;
            let stime: u64 = fields.get(12)?.parse().ok()?;
            Some(utime + stime)
        })
        .sum()
}

/// Clock ticks as time: `/proc` counts in USER_HZ, 100 a second on Linux.
fn ticks(count: u64) -> Duration {
    Duration::from_millis(count * 10)
}

/// How close a client-made key has to come to `uuidv7()` to be called the same, per
/// structural column: run-to-run variation is well inside these.
const SAME_INDEX_PER_ROW: f64 = 0.02;
const SAME_DENSITY_POINTS: f64 = 1.0;
const SAME_WAL_PER_ROW: f64 = 0.05;
const SAME_FPI_PER_ROW: f64 = 0.01;
const SAME_PAGES: f64 = 0.25;

impl Report {
    pub(crate) fn get(&self, key: Key) -> Option<&Measured> {
        self.results.iter().find(|measured| measured.key == key)
    }

    /// The table, with what was done before it, and, where the server made keys too, the
    /// comparison with `uuidv7()`.
    pub(crate) fn markdown(&self, chart: &str) -> String {
        let shape = &self.shape;
        let mut text = String::new();
        let _ = writeln!(
            text,
            "`--app-rows {} --app-seconds {} --connections {}`: shared_buffers 32 MB, otherwise \
             initdb's defaults (full_page_writes on, max_wal_size 1 GB, checkpoint_timeout \
             5 min, fillfactor 90). One table per key, autovacuum off on it so that the WAL \
             counted is the inserts' alone, preloaded with {} rows in batches of \
             {PRELOAD_BATCH}; then a CHECKPOINT; then {} s of single-row `INSERT`s, each its \
             own transaction, from {} connections (one thread and client each), the id made \
             in the client just before its insert (the server-side keys: `INSERT … RETURNING \
             id`, as an application that needs the id back). WAL and full-page images are the \
             server's counters over the timed phase divided by the rows it inserted; index \
             size and density at the end; pages read after a restart, as in the bulk load. \
             Server CPU is the user and system time of the writers' server processes \
             (`/proc`), divided by the rows.\n",
            shape.rows,
            shape.duration.as_secs_f64(),
            shape.connections,
            shape.rows,
            shape.duration.as_secs_f64(),
            shape.connections,
        );
        let _ = writeln!(
            text,
            "| key | inserts/s | server CPU per insert | WAL per row | full-page images per row (in all) | index size | avg leaf density | pages read for the {NEWEST} newest rows |"
        );
        let _ = writeln!(text, "|---|---|---|---|---|---|---|---|");
        for measured in &self.results {
            let _ = writeln!(
                text,
                "| {} | {:.0} | {} | {:.0} B | {:.4} ({}) | {:.1} MiB | {:.1} % | {} |",
                measured.key.label(),
                measured.inserts_per_second(),
                measured
                    .cpu_per_insert_us()
                    .map_or("n/a".to_owned(), |us| format!("{us:.0} µs")),
                measured.wal_per_row(),
                measured.fpi_per_row(),
                measured.fpi,
                measured.index_bytes as f64 / 1_048_576.0,
                measured.leaf_density,
                measured.newest_pages
            );
        }
        let _ = writeln!(
            text,
            "\n![WAL and full-page images per row, as applications write]({chart})"
        );
        if let Some(comparison) = self.comparison() {
            let _ = write!(text, "\n{comparison}");
        }
        text
    }

    /// Every key's structural columns beside `uuidv7()`'s, if the server made it.
    fn comparison(&self) -> Option<String> {
        let reference = self.get(Key::ServerUuidV7)?;
        let mut text = String::new();
        let _ = writeln!(
            text,
            "Against `uuidv7()` on the same server, column by column. \"Same\" means within \
             run-to-run variation: index bytes per row (the index size over the rows in the \
             table) within {:.0} %, leaf density within {SAME_DENSITY_POINTS:.0} point, WAL \
             per row within {:.0} %, full-page images per row within {SAME_FPI_PER_ROW}, pages \
             for the newest rows within {:.0} %.\n",
            SAME_INDEX_PER_ROW * 100.0,
            SAME_WAL_PER_ROW * 100.0,
            SAME_PAGES * 100.0
        );
        let _ = writeln!(
            text,
            "| key | index bytes per row | avg leaf density | WAL per row | full-page images per row (in all) | pages for the {NEWEST} newest rows | same as uuidv7()? |"
        );
        let _ = writeln!(text, "|---|---|---|---|---|---|---|");
        for measured in &self.results {
            let differs = differences(measured, reference);
            let verdict = if measured.key == Key::ServerUuidV7 {
                "(reference)".to_owned()
            } else if differs.is_empty() {
                "same on every column".to_owned()
            } else {
                format!("differs: {}", differs.join(", "))
            };
            let _ = writeln!(
                text,
                "| {} | {:.1} | {:.1} % | {:.0} B | {:.4} ({}) | {} | {verdict} |",
                measured.key.label(),
                measured.index_bytes_per_row(),
                measured.leaf_density,
                measured.wal_per_row(),
                measured.fpi_per_row(),
                measured.fpi,
                measured.newest_pages
            );
        }
        let generation = |key: Key| {
            self.generation_us
                .iter()
                .find(|(measured, _)| *measured == key)
                .map(|(_, us)| *us)
        };
        if let (Some(ours), Some(v7), Some(v4)) = (
            self.get(Key::Uuid7),
            generation(Key::ServerUuidV7),
            generation(Key::ServerUuidV4),
        ) {
            let share = reference
                .cpu_per_insert_us()
                .map_or(String::new(), |insert| {
                    format!(
                        ", against {insert:.0} µs of server CPU per single-row insert in the \
                         timed phase: {:.1} % of it",
                        v7 / insert * 100.0
                    )
                });
            let cpu = match (ours.cpu_per_insert_us(), reference.cpu_per_insert_us()) {
                (Some(ours), Some(theirs)) => {
                    format!(" and {ours:.0} against {theirs:.0} µs of server CPU per insert")
                }
                _ => String::new(),
            };
            let _ = writeln!(
                text,
                "\nWhat making the id in the client saves the server is, first, making it: \
                 `uuidv7()` costs this server {v7:.2} µs per id and `uuidv4()` {v4:.2} µs (the \
                 best of three `SELECT count(uuidv7()) FROM generate_series(1, {CALLS})`, less \
                 the bare series){share}. The timed phase measured `Uuid7` against `uuidv7()` \
                 at {:.0} against {:.0} inserts/s{cpu}. That gap holds more than the function: \
                 the server-side key's inserts also return the id (`RETURNING`), and four \
                 writers and their clients share two cores with whatever else runs, so it is \
                 one run's rate, not the cost of generating on the server. Not measured: the \
                 round trip an application saves when it knows the id before the insert (no \
                 `RETURNING`, the id usable in the same batch or in other rows).",
                ours.inserts_per_second(),
                reference.inserts_per_second(),
            );
        }
        Some(text)
    }

    /// Two panels, WAL bytes per row and full-page images per row, a bar a key in each.
    pub(crate) fn svg(&self) -> String {
        let (label_width, panel_width, gap, row_height) = (190.0, 260.0, 70.0, 26.0);
        // Title, value, colour, decimals.
        type Panel = (&'static str, fn(&Measured) -> f64, &'static str, usize);
        let panels: [Panel; 2] = [
            ("WAL per row, bytes", Measured::wal_per_row, "#1565c0", 0),
            (
                "full-page images per 1,000 rows",
                |measured| measured.fpi_per_row() * 1_000.0,
                "#c62828",
                1,
            ),
        ];
        let height = 78.0 + row_height * self.results.len() as f64;
        let width = label_width + 2.0 * (panel_width + gap);
        let mut svg = String::new();
        let _ = writeln!(
            svg,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">"##
        );
        let _ = writeln!(
            svg,
            r##"<text x="8" y="16" font-weight="bold">PostgreSQL {}, as applications write</text><text x="8" y="34">{} rows preloaded, shared_buffers 32 MB, then {} s of single-row inserts from {} connections</text>"##,
            self.version.text.split_whitespace().next().unwrap_or(""),
            self.shape.rows,
            self.shape.duration.as_secs_f64(),
            self.shape.connections
        );
        for (i, measured) in self.results.iter().enumerate() {
            let _ = writeln!(
                svg,
                r##"<text x="{}" y="{}" text-anchor="end">{}</text>"##,
                label_width - 8.0,
                68.0 + row_height * i as f64 + 13.0,
                measured.key.label()
            );
        }
        for (p, (title, value, colour, decimals)) in panels.into_iter().enumerate() {
            let left = label_width + (panel_width + gap) * p as f64;
            let _ = writeln!(
                svg,
                r##"<text x="{left}" y="58" font-weight="bold">{title}</text>"##
            );
            let max = self
                .results
                .iter()
                .map(value)
                .fold(f64::MIN_POSITIVE, f64::max)
                * 1.05;
            for (i, measured) in self.results.iter().enumerate() {
                let top = 68.0 + row_height * i as f64;
                let v = value(measured);
                let bar = v / max * panel_width;
                let shown = format!("{v:.decimals$}");
                let _ = writeln!(
                    svg,
                    r##"<rect x="{left}" y="{top}" width="{bar:.1}" height="16" fill="{colour}"/><text x="{:.1}" y="{:.1}">{shown}</text>"##,
                    left + bar + 4.0,
                    top + 13.0
                );
            }
        }
        svg.push_str("</svg>\n");
        svg
    }
}

/// The structural columns on which `measured` is not the same as `reference`.
fn differences(measured: &Measured, reference: &Measured) -> Vec<&'static str> {
    let relative = |a: f64, b: f64| (a - b).abs() / b.abs().max(1e-9);
    let mut differs = Vec::new();
    if relative(
        measured.index_bytes_per_row(),
        reference.index_bytes_per_row(),
    ) > SAME_INDEX_PER_ROW
    {
        differs.push("index bytes per row");
    }
    if (measured.leaf_density - reference.leaf_density).abs() > SAME_DENSITY_POINTS {
        differs.push("leaf density");
    }
    if relative(measured.wal_per_row(), reference.wal_per_row()) > SAME_WAL_PER_ROW {
        differs.push("WAL per row");
    }
    if (measured.fpi_per_row() - reference.fpi_per_row()).abs() > SAME_FPI_PER_ROW {
        differs.push("full-page images per row");
    }
    if relative(measured.newest_pages as f64, reference.newest_pages as f64) > SAME_PAGES {
        differs.push("pages for the newest rows");
    }
    differs
}
