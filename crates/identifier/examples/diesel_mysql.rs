//! Ids as fields of diesel models in MySQL or MariaDB: an ObjectId in a `BINARY(12)` column,
//! read with `Queryable` and written with `Insertable`.
//!
//! ```toml
//! identifier = { package = "tick-identifier", path = "…/crates/identifier", features = ["diesel-mysql"] }
//! diesel = { version = "2", features = ["mysql"] }
//! ```
//!
//! Run: `MYSQL_URL=mysql://… cargo run -p tick-identifier --example diesel_mysql --features
//! diesel-mysql` (diesel's client links libmysqlclient: Debian's `default-libmysqlclient-dev`).

use diesel::prelude::*;
use identifier::objectid::ObjectId;

diesel::table! {
    /// One row per document.
    documents (id) {
        /// The key, an ObjectId.
        id -> Binary,
        /// The document's title.
        title -> Text,
    }
}

/// A row, as the application sees it: the id is a field of its own type.
#[derive(Queryable, Insertable, Debug)]
#[diesel(table_name = documents)]
struct Document {
    id: ObjectId,
    title: String,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let url = std::env::var("MYSQL_URL").map_err(|_| "set MYSQL_URL to a MySQL or MariaDB")?;
    let mut db = MysqlConnection::establish(&url)?;
    diesel::sql_query(
        "CREATE TEMPORARY TABLE documents (id BINARY(12) PRIMARY KEY, title TEXT NOT NULL)",
    )
    .execute(&mut db)?;
    let new: Vec<Document> = ["minutes", "budget"]
        .into_iter()
        .map(|title| Document {
            id: identifier::objectid::generate(),
            title: title.to_owned(),
        })
        .collect();
    diesel::insert_into(documents::table)
        .values(&new)
        .execute(&mut db)?;
    let stored: Vec<Document> = documents::table.order(documents::id).load(&mut db)?;
    for document in stored {
        println!("{} {}", document.id, document.title);
    }
    Ok(())
}
