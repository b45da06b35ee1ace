//! An ObjectId as a MongoDB document's `_id`: written as a BSON ObjectId (element type 7), the
//! same 12 bytes as `bson::oid::ObjectId`.
//!
//! ```toml
//! identifier = { package = "tick-identifier", path = "…/crates/identifier", features = ["bson"] }
//! bson = "3"
//! serde = { version = "1", features = ["derive"] }
//! ```
//!
//! Run: `cargo run -p tick-identifier --example bson --features bson`.

use identifier::objectid::ObjectId;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Order {
    #[serde(rename = "_id", with = "identifier::objectid::bson")]
    id: ObjectId,
    item: String,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let order = Order {
        id: identifier::objectid::generate(),
        item: "book".to_owned(),
    };
    let document = bson::serialize_to_document(&order)?;
    assert_eq!(
        document.get("_id"),
        Some(&bson::Bson::ObjectId(order.id.into()))
    );
    let back: Order = bson::deserialize_from_document(document.clone())?;
    assert_eq!(back, order);
    println!("{document}");
    Ok(())
}
