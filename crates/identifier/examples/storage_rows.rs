//! Rows of ids as the Rust crates store them, written and read back: the Rust half of the
//! Python package's storage tests (its SQLAlchemy and Django types use the same columns).
//!
//! ```text
//! storage_rows write sqlite PATH | postgres DSN   table rust_rows: 5 rows of new ids
//! storage_rows read  sqlite PATH | postgres DSN   table python_rows, ordered by n
//! ```
//!
//! Each row is printed as `n ulid uuid7 object_id snowflake`, the ids as their text. The
//! columns: `n` an integer key; ULID and UUIDv7 a PostgreSQL `uuid` or a SQLite BLOB of 16
//! bytes; ObjectId a `bytea` or a BLOB of 12; Snowflake a `bigint` or an INTEGER. A value that
//! does not decode ends the program with its error.
//!
//! Run: `cargo run -p tick-identifier --example storage_rows --features rusqlite,postgres --
//! write sqlite rows.db`.

use std::error::Error;

use identifier::objectid::ObjectId;
use identifier::snowflake::{SnowflakeId, SnowflakeIdGenerator};
use identifier::ulid::Ulid;
use identifier::uuid7::Uuid7;

/// The rows written: enough to see their order, few enough to read.
const ROWS: i64 = 5;

/// One row of the tables.
type Row = (i64, Ulid, Uuid7, ObjectId, SnowflakeId);

fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("storage_rows: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rows = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["write", "sqlite", path] => sqlite_write(path)?,
        ["read", "sqlite", path] => sqlite_read(path)?,
        ["write", "postgres", dsn] => postgres_write(dsn)?,
        ["read", "postgres", dsn] => postgres_read(dsn)?,
        _ => return Err("usage: storage_rows write|read sqlite PATH | postgres DSN".into()),
    };
    for (n, ulid, uuid7, object_id, snowflake) in rows {
        println!("{n} {ulid} {uuid7} {object_id} {snowflake}");
    }
    Ok(())
}

/// `ROWS` rows of new ids, in generation order.
fn new_rows() -> Result<Vec<Row>, Box<dyn Error>> {
    let snowflakes = SnowflakeIdGenerator::new(11)?;
    (0..ROWS)
        .map(|n| {
            Ok((
                n,
                identifier::ulid::generate(),
                identifier::uuid7::generate(),
                identifier::objectid::generate(),
                snowflakes.generate()?,
            ))
        })
        .collect()
}

fn sqlite_write(path: &str) -> Result<Vec<Row>, Box<dyn Error>> {
    let db = rusqlite::Connection::open(path)?;
    db.execute_batch(
        "CREATE TABLE rust_rows (n INTEGER PRIMARY KEY, ulid BLOB, uuid7 BLOB, object_id BLOB, \
         snowflake INTEGER)",
    )?;
    let rows = new_rows()?;
    for row in &rows {
        db.execute("INSERT INTO rust_rows VALUES (?1, ?2, ?3, ?4, ?5)", *row)?;
    }
    Ok(rows)
}

fn sqlite_read(path: &str) -> Result<Vec<Row>, Box<dyn Error>> {
    let db = rusqlite::Connection::open(path)?;
    let mut select =
        db.prepare("SELECT n, ulid, uuid7, object_id, snowflake FROM python_rows ORDER BY n")?;
    let rows = select.query_map((), |row| {
        Ok((
            row.get(0)?,
            row.get(1)?,
            row.get(2)?,
            row.get(3)?,
            row.get(4)?,
        ))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

fn postgres_write(dsn: &str) -> Result<Vec<Row>, Box<dyn Error>> {
    let mut db = postgres::Client::connect(dsn, postgres::NoTls)?;
    db.batch_execute(
        "CREATE TABLE rust_rows (n bigint PRIMARY KEY, ulid uuid, uuid7 uuid, object_id bytea, \
         snowflake bigint)",
    )?;
    let rows = new_rows()?;
    for (n, ulid, uuid7, object_id, snowflake) in &rows {
        db.execute(
            "INSERT INTO rust_rows VALUES ($1, $2, $3, $4, $5)",
            &[n, ulid, uuid7, object_id, snowflake],
        )?;
    }
    Ok(rows)
}

fn postgres_read(dsn: &str) -> Result<Vec<Row>, Box<dyn Error>> {
    let mut db = postgres::Client::connect(dsn, postgres::NoTls)?;
    let rows = db.query(
        "SELECT n, ulid, uuid7, object_id, snowflake FROM python_rows ORDER BY n",
        &[],
    )?;
    rows.iter()
        .map(|row| {
            Ok((
                row.try_get(0)?,
                row.try_get(1)?,
                row.try_get(2)?,
                row.try_get(3)?,
                row.try_get(4)?,
            ))
        })
        .collect()
}
