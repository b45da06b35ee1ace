//! The sqlx tests against SQLite (the library sqlx links, on an in-memory database), for
//! either release. Each id type: round trips, `Option` and NULL, values that are not ids, and
//! `ORDER BY` the key returning generation order.

#![allow(
    unreachable_pub,
    reason = "items of a module that test binaries include by path"
)]

use crate::checks::{Checks, SqlxId, block_on, sql};
use crate::common::ORDERED;
use crate::driver::{self as sqlx, Connection, sqlite::SqliteConnection};

pub fn run<T: SqlxId>() {
    block_on(check::<T>());
}

async fn check<T: SqlxId>() {
    let db = SqliteConnection::connect("sqlite::memory:")
        .await
        .expect("an in-memory SQLite");
    let mut checks = Checks {
        db,
        driver: crate::DRIVER,
    };
    checks.round_trip::<T>(T::SQLITE).await;
    checks
        .not_ids::<T>(T::BAD_SQLITE, T::WRONG_TYPE_SQLITE)
        .await;
    // One statement per id, in one transaction.
    checks
        .ordered::<T>(
            ORDERED,
            T::SQLITE,
            async |db: &mut SqliteConnection, table: &str, ids: Vec<T>| {
                let mut transaction = db.begin().await.unwrap();
                for id in ids {
                    sqlx::query(sql(format!("INSERT INTO {table} (id) VALUES (?)")))
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
