//! Feature `rusqlite` against SQLite (bundled, in a database file in a temporary directory).
//! Each id type: prepared round trips, `Option` and NULL, values that are not ids, and
//! `ORDER BY` the key returning generation order.

#[macro_use]
mod common;

use common::{
    Id, ORDERED, assert_in_generation_order, assert_read_back, from_threads, parent, shuffled,
};
use rusqlite::Connection;
use rusqlite::types::{FromSql, ToSql};

fn check<T: Id + ToSql + FromSql>() {
    let path = std::env::temp_dir().join(format!(
        "identifier-rusqlite-{}-{}.db",
        std::process::id(),
        T::NAME
    ));
    let _ = std::fs::remove_file(&path);
    let mut db = Connection::open(&path).expect("a database file");
    round_trip::<T>(&db);
    not_ids::<T>(&db);
    ordered::<T>(&mut db);
    drop(db);
    std::fs::remove_file(&path).expect("the database file");
}

fn round_trip<T: Id + ToSql + FromSql>(db: &Connection) {
    let ty = T::SQLITE;
    db.execute_batch(&format!(
        "CREATE TABLE round_trip (id {ty} PRIMARY KEY, parent {ty})"
    ))
    .unwrap();
    let ids = T::fill(3);
    let mut insert = db
        .prepare("INSERT INTO round_trip (id, parent) VALUES (?1, ?2)")
        .unwrap();
    for (index, id) in ids.iter().enumerate() {
        insert.execute((id, parent(&ids, index))).unwrap();
    }
    let mut select = db
        .prepare("SELECT id, parent FROM round_trip WHERE id = ?1")
        .unwrap();
    for (index, id) in ids.iter().enumerate() {
        let read = select
            .query_row([id], |row| Ok((row.get(0)?, row.get(1)?)))
            .unwrap();
        assert_read_back(&ids, index, read, "rusqlite");
    }
    let error = select
        .query_row([ids[0]], |row| row.get::<_, T>(1))
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("Invalid column type Null"),
        "{}: NULL: {error}",
        T::NAME
    );
}

fn not_ids<T: Id + ToSql + FromSql>(db: &Connection) {
    for (value, expected) in T::BAD_SQLITE {
        let error = db
            .query_row(&format!("SELECT {value}"), (), |row| row.get::<_, T>(0))
            .unwrap_err()
            .to_string();
        assert!(error.contains(expected), "{}: {value}: {error}", T::NAME);
    }
    let (value, found) = T::WRONG_TYPE_SQLITE;
    let error = db
        .query_row(&format!("SELECT {value}"), (), |row| row.get::<_, T>(0))
        .unwrap_err()
        .to_string();
    assert!(
        error
            .to_lowercase()
            .contains(&format!("invalid column type {found}")),
        "{}: {value}: {error}",
        T::NAME
    );
}

fn ordered<T: Id + ToSql + FromSql>(db: &mut Connection) {
    let threads = from_threads::<T>(ORDERED / common::THREADS);
    for (label, runs) in [("fill", vec![T::fill(ORDERED)]), ("threads", threads)] {
        let table = format!("ordered_{label}");
        db.execute_batch(&format!(
            "CREATE TABLE {table} (id {} PRIMARY KEY)",
            T::SQLITE
        ))
        .unwrap();
        let all: Vec<T> = runs.iter().flatten().copied().collect();
        let transaction = db.transaction().unwrap();
        {
            let mut insert = transaction
                .prepare(&format!("INSERT INTO {table} (id) VALUES (?1)"))
                .unwrap();
            for id in shuffled(&all) {
                insert.execute([id]).unwrap();
            }
        }
        transaction.commit().unwrap();
        let mut select = db
            .prepare(&format!("SELECT id FROM {table} ORDER BY id"))
            .unwrap();
        let stored: Vec<T> = select
            .query_map((), |row| row.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_in_generation_order(&stored, &runs, &format!("rusqlite, {label}"));
    }
}

test_every_id!(check);
