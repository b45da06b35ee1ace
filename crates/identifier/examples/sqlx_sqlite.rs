//! Ids as sqlx keys in SQLite (sqlx 0.9): a UUIDv7 as a BLOB of 16 bytes.
//!
//! ```toml
//! identifier = { package = "tick-identifier", path = "…/crates/identifier", features = ["sqlx-sqlite"] }
//! sqlx = { version = "0.9", features = ["runtime-tokio", "sqlite"] }
//! tokio = { version = "1", features = ["rt", "macros"] }
//! ```
//!
//! Run: `cargo run -p tick-identifier --example sqlx_sqlite --features sqlx-sqlite`.

use identifier::uuid7::Uuid7;
use sqlx::Connection;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut db = sqlx::SqliteConnection::connect("sqlite::memory:").await?;
    sqlx::query("CREATE TABLE events (id BLOB PRIMARY KEY, kind TEXT)")
        .execute(&mut db)
        .await?;
    for kind in ["signed up", "paid"] {
        sqlx::query("INSERT INTO events (id, kind) VALUES (?, ?)")
            .bind(identifier::uuid7::generate())
            .bind(kind)
            .execute(&mut db)
            .await?;
    }
    let events: Vec<(Uuid7, String)> = sqlx::query_as("SELECT id, kind FROM events ORDER BY id")
        .fetch_all(&mut db)
        .await?;
    for (id, kind) in events {
        println!("{id} {kind}");
    }
    Ok(())
}
