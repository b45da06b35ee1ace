//! Feature `postgres` (postgres-types, through the `postgres` client) against a real PostgreSQL
//! server: a throwaway cluster that `test_support::postgres` starts for this test binary.
//! Each id type: prepared round trips, `Option` and NULL, arrays, values that are not ids, and
//! `ORDER BY` the key returning generation order.

#[macro_use]
mod common;

use common::{
    Id, ORDERED, assert_in_generation_order, assert_read_back, from_threads, full_message, shuffled,
};
use postgres::types::{FromSql, ToSql};
use postgres::{Client, NoTls};

fn connect() -> Client {
    let connection = test_support::postgres::shared()
        .lock()
        .expect("the cluster")
        .connection_string("postgres");
    Client::connect(&connection, NoTls).expect("a connection to the test cluster")
}

/// Every check, for one id type; tables are named after the type, so types run in parallel.
fn check<T: Id + ToSql + for<'a> FromSql<'a>>() {
    let mut db = connect();
    round_trip::<T>(&mut db);
    arrays::<T>(&mut db);
    not_ids::<T>(&mut db);
    ordered::<T>(&mut db);
}

fn round_trip<T: Id + ToSql + for<'a> FromSql<'a>>(db: &mut Client) {
    let (name, ty) = (T::NAME, T::POSTGRES);
    let table = format!("round_trip_{name}");
    db.batch_execute(&format!(
        "CREATE TABLE {table} (id {ty} PRIMARY KEY, parent {ty})"
    ))
    .unwrap();
    let insert = db
        .prepare(&format!("INSERT INTO {table} (id, parent) VALUES ($1, $2)"))
        .unwrap();
    let ids = T::fill(3);
    db.execute(&insert, &[&ids[0], &None::<T>]).unwrap();
    db.execute(&insert, &[&ids[1], &Some(ids[0])]).unwrap();
    db.execute(&insert, &[&ids[2], &Some(ids[1])]).unwrap();

    let select = db
        .prepare(&format!("SELECT id, parent FROM {table} WHERE id = $1"))
        .unwrap();
    for (index, id) in ids.iter().enumerate() {
        let row = db.query_one(&select, &[id]).unwrap();
        assert_read_back(&ids, index, (row.get(0), row.get(1)), "postgres");
    }
    let root = db.query_one(&select, &[&ids[0]]).unwrap();
    let error = full_message(&root.try_get::<_, T>(1).unwrap_err());
    assert!(
        error.contains("NULL"),
        "{name}: a NULL into a non-Option: {error}"
    );
}

fn arrays<T: Id + ToSql + for<'a> FromSql<'a>>(db: &mut Client) {
    let ty = T::POSTGRES;
    let ids = T::fill(5);
    let row = db
        .query_one(
            &format!("SELECT $1::{ty}[], $2::{ty}[]"),
            &[&ids, &Vec::<T>::new()],
        )
        .unwrap();
    assert_eq!(row.get::<_, Vec<T>>(0), ids, "{}: an array", T::NAME);
    assert_eq!(
        row.get::<_, Vec<T>>(1),
        Vec::<T>::new(),
        "{}: empty",
        T::NAME
    );
    let slice: &[T] = &ids[1..3];
    let back: Vec<T> = db
        .query_one(&format!("SELECT $1::{ty}[]"), &[&slice])
        .unwrap()
        .get(0);
    assert_eq!(back, slice, "{}: a slice", T::NAME);
}

fn not_ids<T: Id + ToSql + for<'a> FromSql<'a>>(db: &mut Client) {
    for (value, expected) in T::BAD_POSTGRES {
        let row = db.query_one(&format!("SELECT {value}"), &[]).unwrap();
        let error = full_message(&row.try_get::<_, T>(0).unwrap_err());
        assert!(error.contains(expected), "{}: {value}: {error}", T::NAME);
    }
    let (value, found) = T::WRONG_TYPE_POSTGRES;
    let row = db.query_one(&format!("SELECT {value}"), &[]).unwrap();
    let error = full_message(&row.try_get::<_, T>(0).unwrap_err());
    assert!(
        error.contains("cannot convert") && error.contains(&format!("`{found}`")),
        "{}: {value}: {error}",
        T::NAME
    );
}

fn ordered<T: Id + ToSql + for<'a> FromSql<'a>>(db: &mut Client) {
    let (name, ty) = (T::NAME, T::POSTGRES);
    let filled = T::fill(ORDERED);
    let threads = from_threads::<T>(ORDERED / common::THREADS);
    for (label, runs) in [("fill", vec![filled]), ("threads", threads)] {
        let table = format!("ordered_{label}_{name}");
        db.batch_execute(&format!("CREATE TABLE {table} (id {ty} PRIMARY KEY)"))
            .unwrap();
        let all: Vec<T> = runs.iter().flatten().copied().collect();
        db.execute(
            &format!("INSERT INTO {table} (id) SELECT unnest($1::{ty}[])"),
            &[&shuffled(&all)],
        )
        .unwrap();
        let stored: Vec<T> = db
            .query(&format!("SELECT id FROM {table} ORDER BY id"), &[])
            .unwrap()
            .iter()
            .map(|row| row.get(0))
            .collect();
        assert_in_generation_order(&stored, &runs, &format!("postgres, {label}"));
    }
}

test_every_id!(check);
