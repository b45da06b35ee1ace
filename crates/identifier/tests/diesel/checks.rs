//! The checks that the diesel tests of PostgreSQL, SQLite and MySQL share, through diesel's typed
//! query builder, as an application with a `table!` schema uses it: round trips with `Option`
//! and NULL (`AsExpression` and `FromSqlRow`), stored values that are not ids, and `ORDER BY`
//! the key returning generation order.
//!
//! A macro, because a `table!` schema has one SQL type per column: each id type gets a schema
//! of its own, in a module named after it. The test binary names its connection (`crate::Db`),
//! how to open one (`crate::connect`), the feature (`crate::DRIVER`) and how many ids the
//! ordering check stores (`crate::ORDERED`).

/// The checks for one id type: `$name`, its type, and its column's SQL type in diesel.
macro_rules! diesel_checks {
    ($name:ident, $id:ty, $sql:ident, $column:expr, $bad:expr) => {
        #[allow(unreachable_pub, reason = "a table! schema declares public items")]
        mod $name {
            use diesel::prelude::*;
            use diesel::sql_types::$sql;

            use crate::ORDERED;
            use crate::common::{
                Id, THREADS, assert_in_generation_order, assert_read_back, from_threads,
                full_message, parent, shuffled,
            };

            diesel::table! {
                use diesel::sql_types::*;

                /// The round-trip table.
                $name (id) {
                    id -> $sql,
                    parent -> Nullable<$sql>,
                }
            }

            diesel::table! {
                use diesel::sql_types::*;

                /// The ordering table.
                ordered (id) {
                    id -> $sql,
                }
            }

            fn create(db: &mut crate::Db, table: &str, columns: &str) {
                diesel::sql_query(format!("CREATE TABLE {table} ({columns})"))
                    .execute(db)
                    .unwrap();
            }

            #[test]
            fn round_trip() {
                let mut db = crate::connect();
                let column = $column;
                create(
                    &mut db,
                    stringify!($name),
                    &format!("id {column} PRIMARY KEY, parent {column}"),
                );
                let ids = <$id>::fill(3);
                for (index, id) in ids.iter().enumerate() {
                    diesel::insert_into($name::table)
                        .values(($name::id.eq(id), $name::parent.eq(parent(&ids, index))))
                        .execute(&mut db)
                        .unwrap();
                }
                for (index, id) in ids.iter().enumerate() {
                    let read: ($id, Option<$id>) = $name::table
                        .filter($name::id.eq(id))
                        .select(($name::id, $name::parent))
                        .first(&mut db)
                        .unwrap();
                    assert_read_back(&ids, index, read, crate::DRIVER);
                }
                // The first id has no parent: NULL read as an id, not as an `Option`.
                let error = $name::table
                    .filter($name::id.eq(ids[0]))
                    .select(diesel::dsl::sql::<$sql>("parent"))
                    .first::<$id>(&mut db)
                    .unwrap_err()
                    .to_string();
                assert!(
                    error.contains("Unexpected null"),
                    "{}: {}: NULL into a non-Option: {error}",
                    crate::DRIVER,
                    <$id as Id>::NAME
                );
            }

            /// Each stored value that is not an id, read as one: an error with its fragment.
            #[test]
            fn not_ids() {
                let mut db = crate::connect();
                let bad: &[(&str, &str)] = $bad;
                assert!(!bad.is_empty(), "no values to check");
                for (value, expected) in bad {
                    let error = diesel::select(diesel::dsl::sql::<$sql>(value))
                        .get_result::<$id>(&mut db)
                        .map(|id| format!("read as {id:?}"))
                        .unwrap_or_else(|error| full_message(&error));
                    assert!(
                        error.contains(expected),
                        "{}: {}: {value}: {error}",
                        crate::DRIVER,
                        <$id as Id>::NAME
                    );
                }
            }

            /// Ids from one `fill`, and from threads generating at once, inserted in another
            /// order: `ORDER BY` the key reads them back in generation order.
            #[test]
            fn ordered() {
                let mut db = crate::connect();
                let column = $column;
                let table = concat!("ordered_", stringify!($name));
                let threads = from_threads::<$id>(ORDERED / THREADS);
                for (label, runs) in [("fill", vec![<$id>::fill(ORDERED)]), ("threads", threads)] {
                    create(&mut db, "ordered", &format!("id {column} PRIMARY KEY"));
                    let all: Vec<$id> = runs.iter().flatten().copied().collect();
                    let rows: Vec<_> = shuffled(&all)
                        .into_iter()
                        .map(|id| ordered::id.eq(id))
                        .collect();
                    db.transaction(|db| {
                        for chunk in rows.chunks(500) {
                            diesel::insert_into(ordered::table)
                                .values(chunk)
                                .execute(db)?;
                        }
                        diesel::QueryResult::Ok(())
                    })
                    .unwrap();
                    let stored: Vec<$id> = ordered::table
                        .select(ordered::id)
                        .order(ordered::id)
                        .load(&mut db)
                        .unwrap();
                    assert_in_generation_order(
                        &stored,
                        &runs,
                        &format!("{}, {label}", crate::DRIVER),
                    );
                    diesel::sql_query(format!("ALTER TABLE ordered RENAME TO {table}_{label}"))
                        .execute(&mut db)
                        .unwrap();
                }
            }
        }
    };
}

/// [`diesel_checks!`] for the four id types, with each type's column type and bad values from
/// `crate::common::Id` (`$column` and `$bad` name its constants) and `$bytes16` the SQL type of
/// the 16-byte ids.
#[allow(unused_macros, reason = "not every database's binary uses it")]
macro_rules! diesel_checks_every_id {
    ($bytes16:ident, $column:ident, $bad:ident) => {
        diesel_checks!(
            ulid,
            identifier::ulid::Ulid,
            $bytes16,
            <identifier::ulid::Ulid as crate::common::Id>::$column,
            <identifier::ulid::Ulid as crate::common::Id>::$bad
        );
        diesel_checks!(
            uuid7,
            identifier::uuid7::Uuid7,
            $bytes16,
            <identifier::uuid7::Uuid7 as crate::common::Id>::$column,
            <identifier::uuid7::Uuid7 as crate::common::Id>::$bad
        );
        diesel_checks!(
            objectid,
            identifier::objectid::ObjectId,
            Binary,
            <identifier::objectid::ObjectId as crate::common::Id>::$column,
            <identifier::objectid::ObjectId as crate::common::Id>::$bad
        );
        diesel_checks!(
            snowflake,
            identifier::snowflake::SnowflakeId,
            BigInt,
            <identifier::snowflake::SnowflakeId as crate::common::Id>::$column,
            <identifier::snowflake::SnowflakeId as crate::common::Id>::$bad
        );
    };
}
