//! Ids as sqlx keys in MySQL or MariaDB (sqlx 0.9): a UUIDv7 as a `BINARY(16)`, a Snowflake id as
//! a `BIGINT`.
//!
//! ```toml
//! identifier = { package = "tick-identifier", path = "…/crates/identifier", features = ["sqlx-mysql"] }
//! sqlx = { version = "0.9", features = ["runtime-tokio", "mysql"] }
//! tokio = { version = "1", features = ["rt", "macros"] }
//! ```
//!
//! Run: `MYSQL_URL=mysql://… cargo run -p tick-identifier --example sqlx_mysql --features
//! sqlx-mysql`.

use identifier::snowflake::{SnowflakeId, SnowflakeIdGenerator};
use identifier::uuid7::Uuid7;
use sqlx::Connection;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let url = std::env::var("MYSQL_URL").map_err(|_| "set MYSQL_URL to a MySQL or MariaDB")?;
    let mut db = sqlx::MySqlConnection::connect(&url).await?;
    sqlx::query("CREATE TEMPORARY TABLE payments (id BINARY(16) PRIMARY KEY, event BIGINT)")
        .execute(&mut db)
        .await?;
    let events = SnowflakeIdGenerator::new(7)?;
    let (id, event) = (identifier::uuid7::generate(), events.generate()?);
    sqlx::query("INSERT INTO payments VALUES (?, ?)")
        .bind(id)
        .bind(event)
        .execute(&mut db)
        .await?;
    let back: (Uuid7, SnowflakeId) = sqlx::query_as("SELECT id, event FROM payments WHERE id = ?")
        .bind(id)
        .fetch_one(&mut db)
        .await?;
    assert_eq!(back, (id, event));
    println!("{id} {event}");
    Ok(())
}
