//! Features `sqlx-postgres`, `sqlx-sqlite` (sqlx 0.9) and `sqlx08-postgres`, `sqlx08-sqlite`
//! (sqlx 0.8): [`ObjectId`](crate::ObjectId) binds and reads in sqlx as a PostgreSQL `bytea`
//! (and `bytea[]` through `PgHasArrayType`) or as an SQLite BLOB, of 12 bytes.
//!
//! Both keep generation order in an index: PostgreSQL and SQLite compare them byte by byte.
//! Reading anything else is an error that names it: a BLOB of another length, or a value of
//! another SQL type (sqlx's "mismatched types" error).
//!
//! The two releases' traits have the same shape, so one body per database serves both: each is
//! compiled once per release, against that release's crates (`#[path = "sqlx_support"]` finds
//! the bodies in the folder of that name beside this file).

#![allow(
    clippy::duplicate_mod,
    reason = "one body per database, compiled once per sqlx release"
)]

#[cfg(feature = "sqlx-postgres")]
#[path = "sqlx_support"]
mod postgres_09 {
    use ::sqlx_core as sqlx;
    use ::sqlx_postgres as driver;
    // Each impl's docs name the release: the two releases' impls would otherwise read
    // alike in one crate's documentation.
    macro_rules! release {
        () => {
            "For sqlx 0.9 (feature `sqlx-postgres`)."
        };
    }
    #[path = "postgres.rs"]
    mod impls;
}

#[cfg(feature = "sqlx08-postgres")]
#[path = "sqlx_support"]
mod postgres_08 {
    use ::sqlx08_core as sqlx;
    use ::sqlx08_postgres as driver;
    macro_rules! release {
        () => {
            "For sqlx 0.8 (feature `sqlx08-postgres`)."
        };
    }
    #[path = "postgres.rs"]
    mod impls;
}

#[cfg(feature = "sqlx-sqlite")]
#[path = "sqlx_support"]
mod sqlite_09 {
    use ::sqlx_core as sqlx;
    use ::sqlx_sqlite as driver;
    /// What the SQLite driver's arguments are written into.
    type Arguments<'q> = driver::SqliteArgumentsBuffer;
    macro_rules! release {
        () => {
            "For sqlx 0.9 (feature `sqlx-sqlite`)."
        };
    }
    #[path = "sqlite.rs"]
    mod impls;
}

#[cfg(feature = "sqlx08-sqlite")]
#[path = "sqlx_support"]
mod sqlite_08 {
    use ::sqlx08_core as sqlx;
    use ::sqlx08_sqlite as driver;
    /// What the SQLite driver's arguments are written into.
    type Arguments<'q> = std::vec::Vec<driver::SqliteArgumentValue<'q>>;
    macro_rules! release {
        () => {
            "For sqlx 0.8 (feature `sqlx08-sqlite`)."
        };
    }
    #[path = "sqlite.rs"]
    mod impls;
}
