//! The sqlx tests against a real PostgreSQL server (a throwaway cluster that
//! `test_support::postgres` starts for the test binary), for either release. Each id type:
//! round trips in the binary and the text protocol, `Option` and NULL, arrays, values that are
//! not ids, and `ORDER BY` the key returning generation order.

#![allow(
    unreachable_pub,
    reason = "items of a module that test binaries include by path"
)]

use crate::checks::{Checks, SqlxId, block_on, sql};
use crate::common::ORDERED;
use crate::driver::postgres::{PgConnectOptions, PgConnection, PgHasArrayType};
use crate::driver::{self as sqlx, Connection, Row};

/// What sqlx needs of an id type, for binding it alone, in an `Option` and in a `Vec`.
pub trait PgId: SqlxId + PgHasArrayType {}

impl<T: SqlxId + PgHasArrayType> PgId for T {}

pub fn run<T: PgId>() {
    block_on(check::<T>());
}

/// A connection to the test cluster.
async fn connect() -> PgConnection {
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
    PgConnection::connect_with(&options)
        .await
        .expect("a connection to the test cluster")
}

async fn check<T: PgId>() {
    let mut checks = Checks {
        db: connect().await,
        driver: crate::DRIVER,
    };
    let (table, ids) = checks.round_trip::<T>(T::POSTGRES).await;
    text_protocol(&mut checks.db, &table, &ids).await;
    arrays::<T>(&mut checks.db).await;
    checks
        .not_ids::<T>(T::BAD_POSTGRES, T::WRONG_TYPE_POSTGRES)
        .await;
    // One statement binds every id, as an array.
    let ty = T::POSTGRES;
    checks
        .ordered::<T>(
            ORDERED,
            ty,
            async |db: &mut PgConnection, table: &str, ids: Vec<T>| {
                sqlx::query(sql(format!(
                    "INSERT INTO {table} (id) SELECT unnest($1::{ty}[])"
                )))
                .bind(ids)
                .execute(db)
                .await
                .unwrap();
            },
        )
        .await;
}

/// The simple query protocol returns text: the ids of the round trip must read back from it.
async fn text_protocol<T: PgId>(db: &mut PgConnection, table: &str, ids: &[T]) {
    let rows = sqlx::raw_sql(sql(format!("SELECT id FROM {table} ORDER BY id")))
        .fetch_all(&mut *db)
        .await
        .unwrap();
    let from_text: Vec<T> = rows.iter().map(|row| row.get(0)).collect();
    assert_eq!(from_text, ids, "{}: the text protocol", T::NAME);
}

async fn arrays<T: PgId>(db: &mut PgConnection) {
    let ty = T::POSTGRES;
    let ids = T::fill(5);
    let row = sqlx::query(sql(format!("SELECT $1::{ty}[], $2::{ty}[]")))
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

/// The text protocol hands a `bytea` over as `\x` and hex digits, which sqlx decodes: one of
/// another length is refused with the length found.
pub fn objectid_in_the_text_protocol_names_a_wrong_length() {
    block_on(async {
        let mut db = connect().await;
        let rows =
            sqlx::raw_sql("SELECT '\\x00112233'::bytea, '\\x507c7f79bcf86cd7994f6c0e'::bytea")
                .fetch_all(&mut db)
                .await
                .unwrap();
        let error = rows[0]
            .try_get::<identifier::objectid::ObjectId, _>(0)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("an ObjectId is 12 bytes, found 4"),
            "{error}"
        );
        let id: identifier::objectid::ObjectId = rows[0].get(1);
        assert_eq!(id.to_string(), "507c7f79bcf86cd7994f6c0e");
    });
}
