//! Ids as the fields of a sea-orm entity (sea-orm 2), on PostgreSQL and on SQLite: a UUIDv7
//! primary key, a ULID, an ObjectId and an optional Snowflake id. sea-orm's schema builder
//! writes the table from the entity.
//!
//! ```toml
//! identifier = { package = "tick-identifier", path = "…/crates/identifier", features = ["sea-orm"] }
//! sea-orm = { version = "2", features = ["sqlx-postgres", "sqlx-sqlite", "runtime-tokio", "macros"] }
//! tokio = { version = "1", features = ["rt", "macros"] }
//! ```
//!
//! Run: `DATABASE_URL=postgres://… cargo run -p tick-identifier --example sea_orm --features
//! sea-orm` (without `DATABASE_URL`, on SQLite only).

use sea_orm::{
    ActiveModelTrait, ConnectOptions, ConnectionTrait, Database, DatabaseConnection, EntityTrait,
    QueryOrder, Schema, Set, Statement,
};

mod order {
    use identifier::objectid::ObjectId;
    use identifier::snowflake::SnowflakeId;
    use identifier::ulid::Ulid;
    use identifier::uuid7::Uuid7;
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "sea_orm_orders")]
    pub(crate) struct Model {
        // The application makes the key: the database numbers nothing.
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: Uuid7,
        pub customer: Ulid,
        pub document: ObjectId,
        pub shipment: Option<SnowflakeId>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub(crate) enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let postgres = std::env::var("DATABASE_URL").ok();
    for url in postgres
        .iter()
        .map(String::as_str)
        .chain(["sqlite::memory:"])
    {
        let mut options = ConnectOptions::new(url);
        options.max_connections(1).sqlx_logging(false);
        store(&Database::connect(options).await?).await?;
    }
    Ok(())
}

/// Creates the table, stores two orders, reads one back by its key and all of them in key
/// order, and prints how the database holds the key.
async fn store(db: &DatabaseConnection) -> Result<(), Box<dyn std::error::Error>> {
    let backend = db.get_database_backend();
    let mut create = Schema::new(backend).create_table_from_entity(order::Entity);
    db.execute(create.if_not_exists()).await?;

    let shipments = identifier::snowflake::SnowflakeIdGenerator::new(1)?;
    for shipment in [None, Some(shipments.generate()?)] {
        let stored = order::ActiveModel {
            id: Set(identifier::uuid7::generate()),
            customer: Set(identifier::ulid::generate()),
            document: Set(identifier::objectid::generate()),
            shipment: Set(shipment),
        }
        .insert(db)
        .await?;
        let found = order::Entity::find_by_id(stored.id).one(db).await?;
        assert_eq!(found.as_ref(), Some(&stored));
    }

    let how = match backend {
        sea_orm::DbBackend::Sqlite => "typeof(id) || ' of ' || length(id) || ' bytes'",
        _ => "pg_typeof(id)::text",
    };
    let sql = format!("SELECT {how} FROM sea_orm_orders LIMIT 1");
    let row = db
        .query_one_raw(Statement::from_string(backend, sql))
        .await?
        .ok_or("no row")?;
    let key: String = row.try_get_by_index(0)?;
    for order in order::Entity::find()
        .order_by_asc(order::Column::Id)
        .all(db)
        .await?
    {
        let shipment = order.shipment.map(|id| id.to_string());
        println!(
            "{backend:?}: order {} (a {key}) customer {} document {} shipment {}",
            order.id,
            order.customer,
            order.document,
            shipment.as_deref().unwrap_or("none")
        );
    }
    Ok(())
}
