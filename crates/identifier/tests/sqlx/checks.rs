//! The checks that the sqlx tests share, over both sqlx releases and both databases: round
//! trips with `Option` and NULL, values that are not ids, and `ORDER BY` the key returning
//! generation order. Each test binary names its release (`crate::driver`) and its database
//! (`crate::Db`); tables are named after the id type, so that types can run in parallel on one
//! server.

#![allow(
    unreachable_pub,
    reason = "items of a module that test binaries include by path"
)]

use std::future::Future;

use crate::Db;
use crate::common::{
    Id, THREADS, assert_in_generation_order, assert_read_back, from_threads, parent, shuffled,
};
use crate::driver::{self as sqlx, Database, Decode, Encode, Row, Type};

/// What sqlx needs of an id type in [`Db`], for binding it alone and in an `Option`.
pub trait SqlxId: Id + Type<Db> + for<'q> Encode<'q, Db> + for<'r> Decode<'r, Db> {}

impl<T> SqlxId for T where T: Id + Type<Db> + for<'q> Encode<'q, Db> + for<'r> Decode<'r, Db> {}

/// A statement made at run time, for either release: sqlx 0.9 takes only `'static` text (or
/// text wrapped to say it is safe), sqlx 0.8 any `&str`. Tests make a handful.
pub fn sql(text: String) -> &'static str {
    text.leak()
}

/// The `n`th parameter of a statement (from 1): `$n` on PostgreSQL and SQLite, `?` on MySQL.
pub fn param(n: usize) -> String {
    if <Db as Database>::NAME == "MySQL" {
        "?".to_owned()
    } else {
        format!("${n}")
    }
}

/// Runs `test` to its end on a runtime of its own.
pub fn block_on<F: Future>(test: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime")
        .block_on(test)
}

/// A connection to [`Db`] and the driver's name, for messages.
pub struct Checks {
    pub db: <Db as Database>::Connection,
    pub driver: &'static str,
}

impl Checks {
    /// Three ids stored in a `column` key, each with the one before as its parent (a nullable
    /// column of the same type), and read back by key: the key, the `Option` of the parent, and
    /// the error of the first row's NULL read as a `T`. Returns the table and the ids.
    pub async fn round_trip<T>(&mut self, column: &str) -> (String, Vec<T>)
    where
        T: SqlxId,
        for<'q> Option<T>: Encode<'q, Db>,
    {
        let (driver, name) = (self.driver, T::NAME);
        let table = format!("sqlx_round_trip_{name}");
        sqlx::raw_sql(sql(format!(
            "CREATE TABLE {table} (id {column} PRIMARY KEY, parent {column})"
        )))
        .execute(&mut self.db)
        .await
        .unwrap();
        let ids = T::fill(3);
        let insert = sql(format!(
            "INSERT INTO {table} (id, parent) VALUES ({}, {})",
            param(1),
            param(2)
        ));
        for (index, id) in ids.iter().enumerate() {
            sqlx::query(insert)
                .bind(*id)
                .bind(parent(&ids, index))
                .execute(&mut self.db)
                .await
                .unwrap();
        }
        let select = sql(format!(
            "SELECT id, parent FROM {table} WHERE id = {}",
            param(1)
        ));
        for (index, id) in ids.iter().enumerate() {
            let row = sqlx::query(select)
                .bind(*id)
                .fetch_one(&mut self.db)
                .await
                .unwrap();
            assert_read_back(&ids, index, (row.get(0), row.get(1)), driver);
            if index == 0 {
                let error = row.try_get::<T, _>(1).unwrap_err().to_string();
                assert!(
                    error.contains("unexpected null"),
                    "{driver}: {name}: NULL into a non-Option: {error}"
                );
            }
        }
        (table, ids)
    }

    /// Each of `bad` (a value, and a fragment of its error) and the value of `wrong_type` (a
    /// value, and its type's name), read as a `T`: an error.
    pub async fn not_ids<T: SqlxId>(&mut self, bad: &[(&str, &str)], wrong_type: (&str, &str)) {
        let (driver, name) = (self.driver, T::NAME);
        for (value, expected) in bad {
            let error = self.decode_error::<T>(value).await;
            assert!(
                error.contains(expected),
                "{driver}: {name}: {value}: {error}"
            );
        }
        let (value, found) = wrong_type;
        let error = self.decode_error::<T>(value).await;
        assert!(
            error.contains("mismatched types")
                && error.to_lowercase().contains(&format!("`{found}`")),
            "{driver}: {name}: {value}: {error}"
        );
    }

    /// The error of `SELECT {value}` read as a `T`.
    async fn decode_error<T: SqlxId>(&mut self, value: &str) -> String {
        let row = sqlx::query(sql(format!("SELECT {value}")))
            .fetch_one(&mut self.db)
            .await
            .unwrap();
        row.try_get::<T, _>(0).unwrap_err().to_string()
    }

    /// `count` ids from one `fill`, and as many from threads generating at once, stored in a
    /// `column` key by `insert` (the connection, the table, the ids in another order):
    /// `ORDER BY` the key reads them back in generation order.
    pub async fn ordered<T: SqlxId>(
        &mut self,
        count: usize,
        column: &str,
        mut insert: impl AsyncFnMut(&mut <Db as Database>::Connection, &str, Vec<T>),
    ) {
        let threads = from_threads::<T>(count / THREADS);
        for (label, runs) in [("fill", vec![T::fill(count)]), ("threads", threads)] {
            let table = format!("sqlx_ordered_{label}_{}", T::NAME);
            sqlx::raw_sql(sql(format!(
                "CREATE TABLE {table} (id {column} PRIMARY KEY)"
            )))
            .execute(&mut self.db)
            .await
            .unwrap();
            let all: Vec<T> = runs.iter().flatten().copied().collect();
            insert(&mut self.db, &table, shuffled(&all)).await;
            let stored: Vec<T> =
                sqlx::query_scalar(sql(format!("SELECT id FROM {table} ORDER BY id")))
                    .fetch_all(&mut self.db)
                    .await
                    .unwrap();
            assert_in_generation_order(&stored, &runs, &format!("{}, {label}", self.driver));
        }
    }
}
