//! Stores and reads back each id type through the newest rusqlite, as a new project would.

use identifier::objectid::ObjectId;
use identifier::snowflake::{SnowflakeId, SnowflakeIdGenerator};
use identifier::ulid::Ulid;
use identifier::uuid7::Uuid7;
use rusqlite::Connection;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let db = Connection::open_in_memory()?;
    db.execute_batch(
        "CREATE TABLE ids (ulid BLOB, uuid7 BLOB, objectid BLOB, snowflake INTEGER)",
    )?;
    let ulid = identifier::ulid::generate();
    let uuid7 = identifier::uuid7::generate();
    let objectid = identifier::objectid::generate();
    let snowflake = SnowflakeIdGenerator::new(1)?.generate()?;
    db.execute(
        "INSERT INTO ids VALUES (?1, ?2, ?3, ?4)",
        (ulid, uuid7, objectid, snowflake),
    )?;
    let read: (Ulid, Uuid7, ObjectId, SnowflakeId) =
        db.query_row("SELECT * FROM ids", (), |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
        })?;
    assert_eq!(read, (ulid, uuid7, objectid, snowflake));
    let short = db.query_row("SELECT x'0011'", (), |row| row.get::<_, Ulid>(0));
    let error = short.expect_err("two bytes are not a ULID").to_string();
    assert!(error.contains("a ULID is 16 bytes, found 2"), "{error}");
    println!("every id type stored and read back through rusqlite, SQLite {}", rusqlite::version());
    Ok(())
}
