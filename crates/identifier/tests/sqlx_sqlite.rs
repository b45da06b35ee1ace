//! Feature `sqlx-sqlite` against SQLite (the library sqlx links, on an in-memory database).
//! Each id type: round trips, `Option` and NULL, values that are not ids, and `ORDER BY` the
//! key returning generation order.

#[macro_use]
mod common;

use common::sqlx_checks::{Checks, SqlxId, block_on};
use sqlx::Connection;
use sqlx::sqlite::{Sqlite, SqliteConnection};

fn run<T: SqlxId<Sqlite>>() {
    block_on(check::<T>());
}

async fn check<T: SqlxId<Sqlite>>() {
    let db = SqliteConnection::connect("sqlite::memory:")
        .await
        .expect("an in-memory SQLite");
    let mut checks = Checks {
        db,
        driver: "sqlx-sqlite",
    };
    checks.round_trip::<T>(T::SQLITE).await;
    checks
        .not_ids::<T>(T::BAD_SQLITE, T::WRONG_TYPE_SQLITE)
        .await;
    // One statement per id, in one transaction.
    checks
        .ordered::<T>(
            T::SQLITE,
            async |db: &mut SqliteConnection, table: &str, ids: Vec<T>| {
                let mut transaction = db.begin().await.unwrap();
                for id in ids {
                    sqlx::query(&format!("INSERT INTO {table} (id) VALUES (?)"))
                        .bind(id)
                        .execute(&mut *transaction)
                        .await
                        .unwrap();
                }
                transaction.commit().await.unwrap();
            },
        )
        .await;
}

test_every_id!(run);
