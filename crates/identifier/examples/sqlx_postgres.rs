//! Ids as sqlx keys in PostgreSQL (sqlx 0.9): a ULID as a `uuid`, an ObjectId as a `bytea`.
//!
//! ```toml
//! identifier = { package = "tick-identifier", path = "…/crates/identifier", features = ["sqlx-postgres"] }
//! sqlx = { version = "0.9", features = ["runtime-tokio", "postgres"] }
//! tokio = { version = "1", features = ["rt", "macros"] }
//! ```
//!
//! Run: `DATABASE_URL=postgres://… cargo run -p tick-identifier --example sqlx_postgres
//! --features sqlx-postgres`.

use identifier::objectid::ObjectId;
use identifier::ulid::Ulid;
use sqlx::Connection;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let url = std::env::var("DATABASE_URL").map_err(|_| "set DATABASE_URL to a PostgreSQL")?;
    let mut db = sqlx::PgConnection::connect(&url).await?;
    sqlx::query("CREATE TEMPORARY TABLE orders (id uuid PRIMARY KEY, document bytea)")
        .execute(&mut db)
        .await?;
    let (id, document) = (
        identifier::ulid::generate(),
        identifier::objectid::generate(),
    );
    sqlx::query("INSERT INTO orders VALUES ($1, $2)")
        .bind(id)
        .bind(document)
        .execute(&mut db)
        .await?;
    let back: (Ulid, ObjectId) = sqlx::query_as("SELECT id, document FROM orders WHERE id = $1")
        .bind(id)
        .fetch_one(&mut db)
        .await?;
    assert_eq!(back, (id, document));
    println!("{id} {document}");
    Ok(())
}
