//! Feature `sqlx-sqlite` against SQLite (the library sqlx links, on an in-memory database).
//! Each id type: round trips, `Option` and NULL, values that are not ids, and `ORDER BY` the
//! key returning generation order.

#[macro_use]
mod common;

use common::{Id, ORDERED, assert_in_generation_order, from_threads, shuffled};
use sqlx::sqlite::{Sqlite, SqliteConnection};
use sqlx::{Connection, Decode, Encode, Row, Type};

/// What sqlx needs of an id type, for binding it alone and in an `Option`.
trait SqliteId: Id + Type<Sqlite> + for<'q> Encode<'q, Sqlite> + for<'r> Decode<'r, Sqlite> {}

impl<T> SqliteId for T where
    T: Id + Type<Sqlite> + for<'q> Encode<'q, Sqlite> + for<'r> Decode<'r, Sqlite>
{
}

fn run<T: SqliteId>() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(check::<T>());
}

async fn check<T: SqliteId>() {
    let mut db = SqliteConnection::connect("sqlite::memory:")
        .await
        .expect("an in-memory SQLite");
    round_trip::<T>(&mut db).await;
    not_ids::<T>(&mut db).await;
    ordered::<T>(&mut db).await;
}

async fn round_trip<T: SqliteId>(db: &mut SqliteConnection) {
    let ty = T::SQLITE;
    sqlx::raw_sql(&format!(
        "CREATE TABLE round_trip (id {ty} PRIMARY KEY, parent {ty})"
    ))
    .execute(&mut *db)
    .await
    .unwrap();
    let ids = T::fill(3);
    for (index, id) in ids.iter().enumerate() {
        let parent: Option<T> = index.checked_sub(1).map(|before| ids[before]);
        sqlx::query("INSERT INTO round_trip (id, parent) VALUES (?, ?)")
            .bind(*id)
            .bind(parent)
            .execute(&mut *db)
            .await
            .unwrap();
    }
    for (index, id) in ids.iter().enumerate() {
        let row = sqlx::query("SELECT id, parent FROM round_trip WHERE id = ?")
            .bind(*id)
            .fetch_one(&mut *db)
            .await
            .unwrap();
        assert_eq!(row.get::<T, _>(0), *id, "{}: the key read back", T::NAME);
        let parent: Option<T> = row.get(1);
        assert_eq!(
            parent,
            index.checked_sub(1).map(|before| ids[before]),
            "{}",
            T::NAME
        );
        if index == 0 {
            let error = row.try_get::<T, _>(1).unwrap_err().to_string();
            assert!(
                error.contains("unexpected null"),
                "{}: NULL: {error}",
                T::NAME
            );
        }
    }
}

async fn not_ids<T: SqliteId>(db: &mut SqliteConnection) {
    for (value, expected) in T::BAD_SQLITE {
        let row = sqlx::query(&format!("SELECT {value}"))
            .fetch_one(&mut *db)
            .await
            .unwrap();
        let error = row.try_get::<T, _>(0).unwrap_err().to_string();
        assert!(error.contains(expected), "{}: {value}: {error}", T::NAME);
    }
    let (value, found) = T::WRONG_TYPE_SQLITE;
    let row = sqlx::query(&format!("SELECT {value}"))
        .fetch_one(&mut *db)
        .await
        .unwrap();
    let error = row.try_get::<T, _>(0).unwrap_err().to_string();
    assert!(
        error.contains("mismatched types") && error.to_lowercase().contains(&format!("`{found}`")),
        "{}: {value}: {error}",
        T::NAME
    );
}

async fn ordered<T: SqliteId>(db: &mut SqliteConnection) {
    let threads = from_threads::<T>(ORDERED / common::THREADS);
    for (label, runs) in [("fill", vec![T::fill(ORDERED)]), ("threads", threads)] {
        let table = format!("ordered_{label}");
        sqlx::raw_sql(&format!(
            "CREATE TABLE {table} (id {} PRIMARY KEY)",
            T::SQLITE
        ))
        .execute(&mut *db)
        .await
        .unwrap();
        let all: Vec<T> = runs.iter().flatten().copied().collect();
        let mut transaction = db.begin().await.unwrap();
        for id in shuffled(&all) {
            sqlx::query(&format!("INSERT INTO {table} (id) VALUES (?)"))
                .bind(id)
                .execute(&mut *transaction)
                .await
                .unwrap();
        }
        transaction.commit().await.unwrap();
        let stored: Vec<T> = sqlx::query_scalar(&format!("SELECT id FROM {table} ORDER BY id"))
            .fetch_all(&mut *db)
            .await
            .unwrap();
        assert_in_generation_order(&stored, &runs, &format!("sqlx-sqlite, {label}"));
    }
}

test_every_id!(run);
