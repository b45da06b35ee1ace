//! Ids as fields of diesel models in PostgreSQL: a UUIDv7 in a `uuid` column and a Snowflake
//! id in a `bigint` column, read with `Queryable` and written with `Insertable`.
//!
//! ```toml
//! identifier = { package = "tick-identifier", path = "…/crates/identifier", features = ["diesel-postgres"] }
//! diesel = { version = "2", features = ["postgres"] }
//! ```
//!
//! Run: `DATABASE_URL=postgres://… cargo run -p tick-identifier --example diesel_postgres
//! --features diesel-postgres`.

use diesel::prelude::*;
use identifier::snowflake::{SnowflakeId, SnowflakeIdGenerator};
use identifier::uuid7::Uuid7;

diesel::table! {
    /// One row per payment.
    payments (id) {
        /// The key, a UUIDv7.
        id -> Uuid,
        /// The invoice's Snowflake id.
        invoice -> BigInt,
    }
}

/// A row, as the application sees it: the id is a field of its own type.
#[derive(Queryable, Insertable, Debug)]
#[diesel(table_name = payments)]
struct Payment {
    id: Uuid7,
    invoice: SnowflakeId,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let url = std::env::var("DATABASE_URL").map_err(|_| "set DATABASE_URL to a PostgreSQL")?;
    let mut db = PgConnection::establish(&url)?;
    diesel::sql_query("CREATE TEMPORARY TABLE payments (id uuid PRIMARY KEY, invoice bigint)")
        .execute(&mut db)?;
    let invoices = SnowflakeIdGenerator::new(7)?;
    let payment = Payment {
        id: identifier::uuid7::generate(),
        invoice: invoices.generate()?,
    };
    diesel::insert_into(payments::table)
        .values(&payment)
        .execute(&mut db)?;
    let stored: Payment = payments::table.find(payment.id).first(&mut db)?;
    println!("{} {}", stored.id, stored.invoice);
    Ok(())
}
