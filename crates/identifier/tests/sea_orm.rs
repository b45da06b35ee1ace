//! Feature `sea-orm` (sea-orm 2, on sqlx 0.9) against a real PostgreSQL server (a throwaway
//! cluster started for this binary) and SQLite (in memory), through sea-orm's own statements and
//! rows, on tables written in the storage column types: for each id type, what the database
//! stored (shown by its own functions), round trips with `Option` and NULL, stored values that
//! are not ids, and `ORDER BY` the key returning generation order. The example `sea_orm` runs
//! an entity with the four types as fields on both databases.

#[macro_use]
mod common;

use common::{Id, ORDERED, assert_in_generation_order, assert_read_back, full_message, parent};
use identifier::objectid::ObjectId;
use identifier::snowflake::SnowflakeId;
use identifier::ulid::Ulid;
use identifier::uuid7::Uuid7;
use sea_orm::sea_query::{Nullable, Value, ValueType};
use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, QueryResult, Statement,
    TryGetable,
};

/// What sea-orm needs of an id type, and how the databases show a stored one.
trait SeaId: Id + Into<Value> + Nullable + ValueType + TryGetable {
    /// PostgreSQL's text of the stored value: hex digits of the bytes, or the decimal integer.
    const POSTGRES_SHOW: &'static str;
    /// SQLite's storage class and length of the stored value, and its text as above.
    const SQLITE_SHOW: &'static str;
    /// What [`SQLITE_SHOW`](Self::SQLITE_SHOW) starts with, before the text of the value.
    const SQLITE_STORED: &'static str;
    /// SQLite values that are not ids, besides [`Id::BAD_SQLITE`], with a fragment of the error.
    const MORE_BAD_SQLITE: &'static [(&'static str, &'static str)] = &[];
    /// The id's big-endian bytes in hex, or its integer in decimal, formatted by std.
    fn digits(self) -> String;
}

/// Hex digits of `bytes`, two a byte.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

impl SeaId for Ulid {
    const POSTGRES_SHOW: &'static str = "replace(id::text, '-', '')";
    const SQLITE_SHOW: &'static str = "typeof(id) || ' ' || length(id) || ' ' || lower(hex(id))";
    const SQLITE_STORED: &'static str = "blob 16";
    fn digits(self) -> String {
        format!("{:032x}", self.to_u128())
    }
}

impl SeaId for Uuid7 {
    const POSTGRES_SHOW: &'static str = Ulid::POSTGRES_SHOW;
    const SQLITE_SHOW: &'static str = Ulid::SQLITE_SHOW;
    const SQLITE_STORED: &'static str = "blob 16";
    fn digits(self) -> String {
        uuid::Uuid::from_bytes(self.to_bytes()).simple().to_string()
    }
}

impl SeaId for ObjectId {
    const POSTGRES_SHOW: &'static str = "encode(id, 'hex')";
    const SQLITE_SHOW: &'static str = Ulid::SQLITE_SHOW;
    const SQLITE_STORED: &'static str = "blob 12";
    const MORE_BAD_SQLITE: &'static [(&'static str, &'static str)] = &[(
        "x'507c7f79bcf86cd7994f6c'",
        "an ObjectId is 12 bytes, found 11",
    )];
    fn digits(self) -> String {
        hex(self.as_bytes())
    }
}

impl SeaId for SnowflakeId {
    const POSTGRES_SHOW: &'static str = "id::text";
    const SQLITE_SHOW: &'static str = "typeof(id) || ' ' || id";
    const SQLITE_STORED: &'static str = "integer";
    fn digits(self) -> String {
        u64::from(self).to_string()
    }
}

/// One database under test: a connection, and what differs between the two.
struct Db {
    db: DatabaseConnection,
    name: &'static str,
    postgres: bool,
}

impl Db {
    async fn postgres() -> Db {
        let url = test_support::postgres::shared()
            .lock()
            .expect("the cluster")
            .url("postgres");
        Db::connect(&url, "sea-orm, PostgreSQL", true).await
    }

    async fn sqlite() -> Db {
        Db::connect("sqlite::memory:", "sea-orm, SQLite", false).await
    }

    async fn connect(url: &str, name: &'static str, postgres: bool) -> Db {
        let mut options = ConnectOptions::new(url);
        options.max_connections(1).sqlx_logging(false);
        let db = Database::connect(options)
            .await
            .unwrap_or_else(|error| panic!("{name}: connecting: {error}"));
        Db { db, name, postgres }
    }

    fn statement(&self, sql: &str, values: Vec<Value>) -> Statement {
        Statement::from_sql_and_values(self.db.get_database_backend(), sql, values)
    }

    async fn execute(&self, sql: &str, values: Vec<Value>) {
        self.db
            .execute_raw(self.statement(sql, values))
            .await
            .unwrap_or_else(|error| panic!("{}: {sql}: {error}", self.name));
    }

    async fn rows(&self, sql: &str, values: Vec<Value>) -> Vec<QueryResult> {
        self.db
            .query_all_raw(self.statement(sql, values))
            .await
            .unwrap_or_else(|error| panic!("{}: {sql}: {error}", self.name))
    }

    async fn row(&self, sql: &str, values: Vec<Value>) -> QueryResult {
        let mut rows = self.rows(sql, values).await;
        assert_eq!(rows.len(), 1, "{}: {sql}", self.name);
        rows.remove(0)
    }

    fn column<T: Id>(&self) -> &'static str {
        if self.postgres {
            T::POSTGRES
        } else {
            T::SQLITE
        }
    }

    /// Three ids stored in a key column, each with the one before as its parent (a nullable
    /// column of the same type), read back by key: the key, the `Option` of the parent, the
    /// error of the first row's NULL read as a `T`, and the stored value as the database shows
    /// it, against the id's bytes or integer formatted by std.
    async fn round_trip<T: SeaId>(&self) {
        let (name, column) = (self.name, self.column::<T>());
        let table = format!("sea_orm_round_trip_{}", T::NAME);
        let create = format!("CREATE TABLE {table} (id {column} PRIMARY KEY, parent {column})");
        self.execute(&create, vec![]).await;
        let ids = T::fill(3);
        let insert = format!("INSERT INTO {table} (id, parent) VALUES ($1, $2)");
        for (index, id) in ids.iter().enumerate() {
            let values = vec![(*id).into(), parent(&ids, index).into()];
            self.execute(&insert, values).await;
        }
        let show = if self.postgres {
            format!("pg_typeof(id)::text || ' ' || {}", T::POSTGRES_SHOW)
        } else {
            T::SQLITE_SHOW.to_owned()
        };
        let select = format!("SELECT id, parent, {show} FROM {table} WHERE id = $1");
        for (index, id) in ids.iter().enumerate() {
            let row = self.row(&select, vec![(*id).into()]).await;
            let read = (
                row.try_get_by_index::<T>(0).unwrap(),
                row.try_get_by_index::<Option<T>>(1).unwrap(),
            );
            assert_read_back(&ids, index, read, name);
            let stored = if self.postgres {
                column
            } else {
                T::SQLITE_STORED
            };
            let shown: String = row.try_get_by_index(2).unwrap();
            assert_eq!(
                shown,
                format!("{stored} {}", id.digits()),
                "{name}: {}",
                T::NAME
            );
            if index == 0 {
                let error = full_message(&row.try_get_by_index::<T>(1).unwrap_err());
                assert!(error.contains("null value"), "{name}: NULL: {error}");
            }
        }
    }

    /// Each `(value, fragment)`: `SELECT value` read as a `T` is an error containing the
    /// fragment (in any case). A value of another type must be named: `text` or `int4`.
    async fn not_ids<T: SeaId>(&self, bad: &[(&str, &str)]) {
        for (value, expected) in bad {
            let row = self.row(&format!("SELECT {value}"), vec![]).await;
            let error = full_message(&row.try_get_by_index::<T>(0).unwrap_err());
            assert!(
                error.to_lowercase().contains(&expected.to_lowercase()),
                "{}: {}: {value}: {error}",
                self.name,
                T::NAME
            );
        }
    }

    /// [`ORDERED`] ids from one `fill`, inserted in another order by one statement: `ORDER BY`
    /// the key reads them back in generation order.
    async fn ordered<T: SeaId>(&self) {
        let table = format!("sea_orm_ordered_{}", T::NAME);
        let create = format!(
            "CREATE TABLE {table} (id {} PRIMARY KEY)",
            self.column::<T>()
        );
        self.execute(&create, vec![]).await;
        let ids = T::fill(ORDERED);
        let placeholders: Vec<String> = (1..=ids.len()).map(|n| format!("(${n})")).collect();
        let insert = format!(
            "INSERT INTO {table} (id) VALUES {}",
            placeholders.join(", ")
        );
        let values = common::shuffled(&ids).into_iter().map(Into::into).collect();
        self.execute(&insert, values).await;
        let select = format!("SELECT id FROM {table} ORDER BY id");
        let stored: Vec<T> = self
            .rows(&select, vec![])
            .await
            .iter()
            .map(|row| row.try_get_by_index(0).unwrap())
            .collect();
        assert_in_generation_order(&stored, &[ids], self.name);
    }
}

/// Runs `test` to its end on a runtime of its own.
fn block_on<F: std::future::Future>(test: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime")
        .block_on(test)
}

fn postgres<T: SeaId>() {
    block_on(async {
        let db = Db::postgres().await;
        db.round_trip::<T>().await;
        db.not_ids::<T>(T::BAD_POSTGRES).await;
        db.not_ids::<T>(&[T::WRONG_TYPE_POSTGRES]).await;
        db.ordered::<T>().await;
    });
}

fn sqlite<T: SeaId>() {
    block_on(async {
        let db = Db::sqlite().await;
        db.round_trip::<T>().await;
        db.not_ids::<T>(T::BAD_SQLITE).await;
        db.not_ids::<T>(T::MORE_BAD_SQLITE).await;
        db.not_ids::<T>(&[T::WRONG_TYPE_SQLITE]).await;
        db.ordered::<T>().await;
    });
}

mod on_postgres {
    use super::postgres;
    test_every_id!(postgres);
}

mod on_sqlite {
    use super::sqlite;
    test_every_id!(sqlite);
}
