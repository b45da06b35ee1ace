//! Ids as tokio-postgres parameters and columns: a UUIDv7 as a `uuid`, a Snowflake id as a
//! `bigint`, and a `Vec` of ids as an array.
//!
//! ```toml
//! identifier = { package = "tick-identifier", path = "…/crates/identifier", features = ["postgres"] }
//! tokio-postgres = "0.7"
//! tokio = { version = "1", features = ["rt", "macros"] }
//! ```
//!
//! Run: `DATABASE_URL=postgres://… cargo run -p tick-identifier --example tokio_postgres
//! --features postgres`.

use identifier::snowflake::{SnowflakeId, SnowflakeIdGenerator};
use identifier::uuid7::Uuid7;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let url = std::env::var("DATABASE_URL").map_err(|_| "set DATABASE_URL to a PostgreSQL")?;
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await?;
    tokio::spawn(connection);
    client
        .batch_execute("CREATE TEMPORARY TABLE payments (id uuid PRIMARY KEY, invoice bigint)")
        .await?;
    let invoices = SnowflakeIdGenerator::new(7)?;
    let mut ids = Vec::new();
    for _ in 0..3 {
        let id = identifier::uuid7::generate();
        let invoice = invoices.generate()?;
        client
            .execute("INSERT INTO payments VALUES ($1, $2)", &[&id, &invoice])
            .await?;
        ids.push(id);
    }
    let rows = client
        .query(
            "SELECT id, invoice FROM payments WHERE id = ANY($1) ORDER BY id",
            &[&ids],
        )
        .await?;
    for row in rows {
        let (id, invoice): (Uuid7, SnowflakeId) = (row.get(0), row.get(1));
        println!("{id} {invoice}");
    }
    Ok(())
}
