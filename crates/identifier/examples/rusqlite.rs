//! Ids as rusqlite keys: a BLOB of 16 bytes for a ULID, an INTEGER for a Snowflake id.
//!
//! ```toml
//! identifier = { package = "tick-identifier", path = "…/crates/identifier", features = ["rusqlite"] }
//! rusqlite = { version = "0.43", features = ["bundled"] }
//! ```
//!
//! Run: `cargo run -p tick-identifier --example rusqlite --features rusqlite`.

use identifier::snowflake::{SnowflakeId, SnowflakeIdGenerator};
use identifier::ulid::Ulid;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let db = rusqlite::Connection::open_in_memory()?;
    db.execute_batch("CREATE TABLE orders (id BLOB PRIMARY KEY, invoice INTEGER, item TEXT)")?;
    let invoices = SnowflakeIdGenerator::new(7)?;
    for item in ["book", "pen", "lamp"] {
        let (id, invoice) = (identifier::ulid::generate(), invoices.generate()?);
        db.execute(
            "INSERT INTO orders VALUES (?1, ?2, ?3)",
            (id, invoice, item),
        )?;
    }
    let mut select = db.prepare("SELECT id, invoice, item FROM orders ORDER BY id")?;
    let rows = select.query_map((), |row| {
        Ok((
            row.get::<_, Ulid>(0)?,
            row.get::<_, SnowflakeId>(1)?,
            row.get::<_, String>(2)?,
        ))
    })?;
    for row in rows {
        let (id, invoice, item) = row?;
        println!("{id} {invoice} {item}");
    }
    Ok(())
}
