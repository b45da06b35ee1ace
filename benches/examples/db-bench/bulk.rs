//! The bulk load: the same table (a key and a 64-byte payload) loaded with N rows for each
//! key, in batches of 1,000 through one connection, ids made batch by batch as an application
//! would; after each load: the time, as a ratio to the `bigint` key; the size and the average
//! leaf density of the primary-key index (`pgstatindex`, from pgstattuple); the WAL the load
//! wrote; and, after a restart that empties the shared buffers, the pages a query for the 1,000
//! newest rows reads (index and table: each page is read once, so this counts the distinct
//! pages those rows live on).

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use postgres::Client;
use postgres::types::ToSql;
use snowflake::SnowflakeIdGenerator;

use crate::server::{
    BatchInsert, Key, NEWEST, Server, Version, connect, create_pgstattuple, create_table,
    index_shape, pages_read, query_one, run,
};

/// Rows per `INSERT`.
pub(crate) const BATCH: usize = NEWEST;

/// The server settings besides initdb's defaults (`shared_buffers` 128 MB, `max_wal_size`
/// 1 GB, B-tree fillfactor 90): none. `Cluster::start` already turns fsync off, which is
/// right here: only volumes are compared, never durability.
pub(crate) const SETTINGS: &[(&str, &str)] = &[];

/// The client-made keys; PostgreSQL 18 adds the server-side ones.
const KEYS: [Key; 6] = [
    Key::Snowflake,
    Key::UuidV4,
    Key::Uuid7,
    Key::Ulid,
    Key::UuidCrateV7,
    Key::ObjectId,
];

/// What one load measured.
#[derive(Clone, Debug)]
pub(crate) struct Measured {
    pub(crate) key: Key,
    pub(crate) load: Duration,
    pub(crate) index_bytes: i64,
    pub(crate) leaf_density: f64,
    pub(crate) wal_bytes: f64,
    pub(crate) newest_pages: u64,
}

/// The server and the measurements of every key, at `rows` rows each.
pub(crate) struct Report {
    pub(crate) version: Version,
    pub(crate) rows: usize,
    pub(crate) results: Vec<Measured>,
}

/// Starts a throwaway server, loads and measures every key, stops the server.
pub(crate) fn measure(server: &Server, rows: usize) -> Result<Report, String> {
    let mut cluster = server.start(SETTINGS);
    let mut db = connect(&cluster)?;
    let version = Version::read(&mut db)?;
    create_pgstattuple(&mut db)?;
    let snowflake = SnowflakeIdGenerator::new(1).map_err(|e| e.to_string())?;
    let mut results = Vec::new();
    let mut newest = Vec::new();
    for key in version.keys(&KEYS) {
        eprintln!("db-bench: bulk load, {} rows of {}", rows, key.label());
        let (measured, keys) = load(&mut db, key, rows, &snowflake)?;
        results.push(measured);
        newest.push(keys);
    }
    drop(db);
    cluster.restart();
    let mut db = connect(&cluster)?;
    // The planner would read a small table whole; the question is where the rows live.
    run(&mut db, "SET enable_seqscan = off")?;
    for (measured, keys) in results.iter_mut().zip(&newest) {
        measured.newest_pages = pages_read(&mut db, measured.key, keys.as_ref())?;
    }
    drop(cluster);
    Ok(Report {
        version,
        rows,
        results,
    })
}

/// Loads the table of `key`: the measurements but the pages read, and the newest keys.
fn load(
    db: &mut Client,
    key: Key,
    rows: usize,
    snowflake: &SnowflakeIdGenerator,
) -> Result<(Measured, Box<dyn ToSql + Sync>), String> {
    create_table(db, key, "")?;
    // Each load starts just after a checkpoint, so each pays for its own full-page writes.
    run(db, "CHECKPOINT")?;
    let wal_start: String = query_one(db, "SELECT pg_current_wal_lsn()::text", &[])?.get(0);
    let insert = BatchInsert::prepare(db, key)?;
    let started = Instant::now();
    let mut newest = None;
    let mut loaded = 0;
    while loaded < rows {
        let n = BATCH.min(rows - loaded);
        loaded += n;
        // The ids of the last batch only: server-made ids are fetched for it alone.
        newest = insert.insert(db, n, loaded == rows, snowflake)?.or(newest);
    }
    let newest = newest.ok_or_else(|| "db-bench needs at least one row".to_owned())?;
    let load = started.elapsed();
    let wal_bytes: f64 = query_one(
        db,
        "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::text::pg_lsn)::float8",
        &[&wal_start],
    )?
    .get(0);
    let (index_bytes, leaf_density) = index_shape(db, key)?;
    let measured = Measured {
        key,
        load,
        index_bytes,
        leaf_density,
        wal_bytes,
        newest_pages: 0,
    };
    Ok((measured, newest))
}

impl Report {
    fn baseline(&self) -> Duration {
        self.results
            .iter()
            .find(|measured| measured.key == Key::Snowflake)
            .map_or(Duration::from_secs(1), |measured| measured.load)
    }

    /// The table, with what was done before it.
    pub(crate) fn markdown(&self, chart: &str) -> String {
        let mut text = String::new();
        let _ = writeln!(
            text,
            "`--rows {}`: initdb's defaults (shared_buffers 128 MB, max_wal_size 1 GB, B-tree \
             fillfactor 90). One table per key loaded with {} rows in batches of {BATCH} \
             (`INSERT … SELECT … FROM unnest($1)`) through one connection, each load after a \
             CHECKPOINT; ids are made batch by batch during the load (the server-side keys: \
             `INSERT … SELECT … FROM generate_series`, the ids of the last batch returned).\n",
            self.rows, self.rows
        );
        let _ = writeln!(
            text,
            "| key | load time (× bigint) | index size | avg leaf density | WAL written | pages read for the {NEWEST} newest rows |"
        );
        let _ = writeln!(text, "|---|---|---|---|---|---|");
        let baseline = self.baseline().as_secs_f64();
        for measured in &self.results {
            let _ = writeln!(
                text,
                "| {} | {:.2} ({:.1} s) | {:.1} MiB | {:.1} % | {:.1} MiB | {} |",
                measured.key.label(),
                measured.load.as_secs_f64() / baseline,
                measured.load.as_secs_f64(),
                measured.index_bytes as f64 / 1_048_576.0,
                measured.leaf_density,
                measured.wal_bytes / 1_048_576.0,
                measured.newest_pages
            );
        }
        let _ = writeln!(text, "\n![index size and WAL per key, bulk load]({chart})");
        text
    }

    /// Two bars a key, index size and WAL, in MiB.
    pub(crate) fn svg(&self) -> String {
        let (label_width, bar_width, row_height) = (190.0, 420.0, 40.0);
        let mib = |bytes: f64| bytes / 1_048_576.0;
        let max = self
            .results
            .iter()
            .map(|m| mib(m.wal_bytes).max(mib(m.index_bytes as f64)))
            .fold(1.0_f64, f64::max)
            * 1.15;
        let height = 66.0 + row_height * self.results.len() as f64;
        let mut svg = String::new();
        let _ = writeln!(
            svg,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{height}" font-family="sans-serif" font-size="12">"##,
            label_width + bar_width + 90.0
        );
        let _ = writeln!(
            svg,
            r##"<text x="8" y="16" font-weight="bold">PostgreSQL {}, bulk load of {} rows</text><text x="8" y="34">primary-key index (blue) and WAL written (grey), MiB</text>"##,
            self.version.text.split_whitespace().next().unwrap_or(""),
            self.rows
        );
        for (i, measured) in self.results.iter().enumerate() {
            let y = 46.0 + row_height * i as f64;
            let _ = writeln!(
                svg,
                r##"<text x="{}" y="{}" text-anchor="end">{}</text>"##,
                label_width - 8.0,
                y + 20.0,
                measured.key.label()
            );
            for (j, (value, colour)) in [
                (mib(measured.index_bytes as f64), "#1565c0"),
                (mib(measured.wal_bytes), "#9e9e9e"),
            ]
            .into_iter()
            .enumerate()
            {
                let top = y + 4.0 + 16.0 * j as f64;
                let width = value / max * bar_width;
                let _ = writeln!(
                    svg,
                    r##"<rect x="{label_width}" y="{top}" width="{width:.1}" height="13" fill="{colour}"/><text x="{:.1}" y="{:.1}">{value:.1}</text>"##,
                    label_width + width + 4.0,
                    top + 11.0
                );
            }
        }
        svg.push_str("</svg>\n");
        svg
    }
}
