//! Feature `sqlx-postgres` against a real PostgreSQL server (a throwaway cluster that
//! `test_support::postgres` starts for this test binary). Each id type: round trips in the
//! binary and the text protocol, `Option` and NULL, arrays, values that are not ids, and
//! `ORDER BY` the key returning generation order.

#[macro_use]
mod common;

use common::{Id, ORDERED, assert_in_generation_order, from_threads, shuffled};
use sqlx::postgres::{PgConnectOptions, PgConnection, PgHasArrayType, Postgres};
use sqlx::{Connection, Decode, Encode, Row, Type};

/// What sqlx needs of an id type, for binding it alone, in an `Option` and in a `Vec`.
trait PgId:
    Id + Type<Postgres> + PgHasArrayType + for<'q> Encode<'q, Postgres> + for<'r> Decode<'r, Postgres>
{
}

impl<T> PgId for T where
    T: Id
        + Type<Postgres>
        + PgHasArrayType
        + for<'q> Encode<'q, Postgres>
        + for<'r> Decode<'r, Postgres>
{
}

fn run<T: PgId>() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(check::<T>());
}

async fn check<T: PgId>() {
    let socket = test_support::postgres::shared()
        .lock()
        .expect("the cluster")
        .socket_dir()
        .to_owned();
    let options = PgConnectOptions::new()
        .socket(socket)
        .port(test_support::postgres::PORT)
        .username(test_support::postgres::USER)
        .database("postgres");
    let mut db = PgConnection::connect_with(&options)
        .await
        .expect("a connection to the test cluster");
    round_trip::<T>(&mut db).await;
    arrays::<T>(&mut db).await;
    not_ids::<T>(&mut db).await;
    ordered::<T>(&mut db).await;
}

async fn round_trip<T: PgId>(db: &mut PgConnection) {
    let (name, ty) = (T::NAME, T::POSTGRES);
    let table = format!("sqlx_round_trip_{name}");
    sqlx::raw_sql(&format!(
        "CREATE TABLE {table} (id {ty} PRIMARY KEY, parent {ty})"
    ))
    .execute(&mut *db)
    .await
    .unwrap();
    let ids = T::fill(3);
    let insert = format!("INSERT INTO {table} (id, parent) VALUES ($1, $2)");
    for (index, id) in ids.iter().enumerate() {
        let parent: Option<T> = index.checked_sub(1).map(|before| ids[before]);
        sqlx::query(&insert)
            .bind(*id)
            .bind(parent)
            .execute(&mut *db)
            .await
            .unwrap();
    }
    let select = format!("SELECT id, parent FROM {table} WHERE id = $1");
    for (index, id) in ids.iter().enumerate() {
        let row = sqlx::query(&select)
            .bind(*id)
            .fetch_one(&mut *db)
            .await
            .unwrap();
        assert_eq!(row.get::<T, _>(0), *id, "{name}: the key read back");
        let parent: Option<T> = row.get(1);
        assert_eq!(
            parent,
            index.checked_sub(1).map(|before| ids[before]),
            "{name}"
        );
        let error = (index == 0).then(|| row.try_get::<T, _>(1).unwrap_err().to_string());
        if let Some(error) = error {
            assert!(
                error.contains("unexpected null"),
                "{name}: NULL into a non-Option: {error}"
            );
        }
    }
    // The simple query protocol returns text: the same ids must read back from it.
    let rows = sqlx::raw_sql(&format!("SELECT id FROM {table} ORDER BY id"))
        .fetch_all(&mut *db)
        .await
        .unwrap();
    let from_text: Vec<T> = rows.iter().map(|row| row.get(0)).collect();
    assert_eq!(from_text, ids, "{name}: the text protocol");
}

async fn arrays<T: PgId>(db: &mut PgConnection) {
    let ty = T::POSTGRES;
    let ids = T::fill(5);
    let row = sqlx::query(&format!("SELECT $1::{ty}[], $2::{ty}[]"))
        .bind(ids.clone())
        .bind(Vec::<T>::new())
        .fetch_one(&mut *db)
        .await
        .unwrap();
    assert_eq!(row.get::<Vec<T>, _>(0), ids, "{}: an array", T::NAME);
    assert_eq!(
        row.get::<Vec<T>, _>(1),
        Vec::<T>::new(),
        "{}: empty",
        T::NAME
    );
}

async fn not_ids<T: PgId>(db: &mut PgConnection) {
    for (value, expected) in T::BAD_POSTGRES {
        let row = sqlx::query(&format!("SELECT {value}"))
            .fetch_one(&mut *db)
            .await
            .unwrap();
        let error = row.try_get::<T, _>(0).unwrap_err().to_string();
        assert!(error.contains(expected), "{}: {value}: {error}", T::NAME);
    }
    let (value, found) = T::WRONG_TYPE_POSTGRES;
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

async fn ordered<T: PgId>(db: &mut PgConnection) {
    let (name, ty) = (T::NAME, T::POSTGRES);
    let threads = from_threads::<T>(ORDERED / common::THREADS);
    for (label, runs) in [("fill", vec![T::fill(ORDERED)]), ("threads", threads)] {
        let table = format!("sqlx_ordered_{label}_{name}");
        sqlx::raw_sql(&format!("CREATE TABLE {table} (id {ty} PRIMARY KEY)"))
            .execute(&mut *db)
            .await
            .unwrap();
        let all: Vec<T> = runs.iter().flatten().copied().collect();
        sqlx::query(&format!(
            "INSERT INTO {table} (id) SELECT unnest($1::{ty}[])"
        ))
        .bind(shuffled(&all))
        .execute(&mut *db)
        .await
        .unwrap();
        let stored: Vec<T> = sqlx::query_scalar(&format!("SELECT id FROM {table} ORDER BY id"))
            .fetch_all(&mut *db)
            .await
            .unwrap();
        assert_in_generation_order(&stored, &runs, &format!("sqlx-postgres, {label}"));
    }
}

test_every_id!(run);
