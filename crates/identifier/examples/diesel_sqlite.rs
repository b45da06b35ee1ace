//! Ids as fields of diesel models in SQLite: a ULID in a BLOB column, read with `Queryable`
//! and written with `Insertable`.
//!
//! ```toml
//! identifier = { package = "tick-identifier", path = "…/crates/identifier", features = ["diesel-sqlite"] }
//! diesel = { version = "2", features = ["sqlite"] }
//! ```
//!
//! Run: `cargo run -p tick-identifier --example diesel_sqlite --features diesel-sqlite`.

use diesel::prelude::*;
use identifier::ulid::Ulid;

diesel::table! {
    /// One row per order.
    orders (id) {
        /// The key, a ULID.
        id -> Binary,
        /// What was ordered.
        item -> Text,
    }
}

/// A row, as the application sees it: the id is a field of its own type.
#[derive(Queryable, Insertable, Debug)]
#[diesel(table_name = orders)]
struct Order {
    id: Ulid,
    item: String,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut db = SqliteConnection::establish(":memory:")?;
    diesel::sql_query("CREATE TABLE orders (id BLOB PRIMARY KEY, item TEXT NOT NULL)")
        .execute(&mut db)?;
    let new: Vec<Order> = ["book", "pen"]
        .into_iter()
        .map(|item| Order {
            id: identifier::ulid::generate(),
            item: item.to_owned(),
        })
        .collect();
    diesel::insert_into(orders::table)
        .values(&new)
        .execute(&mut db)?;
    let stored: Vec<Order> = orders::table.order(orders::id).load(&mut db)?;
    for order in stored {
        println!("{} {}", order.id, order.item);
    }
    Ok(())
}
