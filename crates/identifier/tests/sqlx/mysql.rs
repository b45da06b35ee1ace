//! The sqlx tests against a real MariaDB server (a throwaway server that
//! `test_support::mariadb` starts for the test binary), for either release. Each id type:
//! round trips, `Option` and NULL, values that are not ids, the bytes as the server holds them,
//! and `ORDER BY` the key returning generation order.

#![allow(
    unreachable_pub,
    reason = "items of a module that test binaries include by path"
)]

use std::sync::OnceLock;

use crate::checks::{Checks, SqlxId, block_on, sql};
use crate::common::MYSQL_ORDERED;
use crate::driver::mysql::MySqlConnection;
use crate::driver::{self as sqlx, Connection};

pub fn run<T: SqlxId>() {
    block_on(check::<T>());
}

/// A connection to this binary's database on the test server.
async fn connect() -> MySqlConnection {
    static DATABASE: OnceLock<String> = OnceLock::new();
    let server = test_support::mariadb::shared();
    let url = DATABASE.get_or_init(|| {
        let name = crate::DRIVER.replace('-', "_");
        server.create_database(&name);
        server.url(&name)
    });
    MySqlConnection::connect(url)
        .await
        .unwrap_or_else(|error| panic!("a connection to the test server at {url}: {error}"))
}

async fn check<T: SqlxId>() {
    let mut checks = Checks {
        db: connect().await,
        driver: crate::DRIVER,
    };
    let (table, ids) = checks.round_trip::<T>(T::MYSQL).await;
    stored_as_written::<T>(&mut checks.db, &table, &ids).await;
    checks.not_ids::<T>(T::BAD_MYSQL, T::WRONG_TYPE_MYSQL).await;
    // A thousand rows a statement.
    checks
        .ordered::<T>(
            MYSQL_ORDERED,
            T::MYSQL,
            async |db: &mut MySqlConnection, table: &str, ids: Vec<T>| {
                let mut transaction = db.begin().await.unwrap();
                for chunk in ids.chunks(1000) {
                    let rows = vec!["(?)"; chunk.len()].join(", ");
                    let mut insert =
                        sqlx::query(sql(format!("INSERT INTO {table} (id) VALUES {rows}")));
                    for id in chunk {
                        insert = insert.bind(*id);
                    }
                    insert.execute(&mut *transaction).await.unwrap();
                }
                transaction.commit().await.unwrap();
            },
        )
        .await;
}

/// The server holds each id as the bytes (or the integer) of the id itself: `HEX()` of the
/// column, read by the server, is the id's `{:X}`, its bytes (a Snowflake id's integer) in
/// upper-case hex.
async fn stored_as_written<T: SqlxId>(db: &mut MySqlConnection, table: &str, ids: &[T]) {
    let stored: Vec<String> =
        sqlx::query_scalar(sql(format!("SELECT HEX(id) FROM {table} ORDER BY id")))
            .fetch_all(&mut *db)
            .await
            .unwrap();
    let expected: Vec<String> = ids.iter().map(|id| format!("{id:X}")).collect();
    assert_eq!(stored, expected, "{}: HEX() of the stored column", T::NAME);
}
