//! Integrations with other crates, one file each, behind the feature of the same name
//! (`sqlx-*`, `sqlx08-*` and `diesel-*` for the files of sqlx and diesel). Each impl stays in
//! the crate of its type, as the orphan rule requires; the `_support` suffix keeps a module
//! from shadowing the crate it integrates.

#[cfg(feature = "arbitrary")]
mod arbitrary_support;
#[cfg(feature = "borsh")]
mod borsh_support;
#[cfg(feature = "chrono")]
mod chrono_support;
#[cfg(any(
    feature = "diesel-postgres",
    feature = "diesel-sqlite",
    feature = "diesel-mysql"
))]
mod diesel_support;
#[cfg(feature = "jiff")]
mod jiff_support;
// postgres-types' `ToSql`/`FromSql`, for the `postgres` and `tokio-postgres` crates.
#[cfg(feature = "postgres")]
mod postgres_support;
#[cfg(feature = "rusqlite")]
mod rusqlite_support;
#[cfg(feature = "schemars")]
mod schemars_support;
#[cfg(feature = "sea-orm")]
mod sea_orm_support;
#[cfg(feature = "serde")]
mod serde_support;
// Features `sqlx-postgres`, `sqlx-sqlite` (sqlx 0.9) and `sqlx08-postgres`, `sqlx08-sqlite`
// (sqlx 0.8): [`Ulid`](crate::Ulid) binds and reads in sqlx as a PostgreSQL `uuid` (and
// `uuid[]` through `PgHasArrayType`) or as an SQLite BLOB of 16 bytes.
// `sqlx-mysql` and `sqlx08-mysql`: a MySQL or MariaDB `BINARY(16)`.
//
// Both keep generation order in an index: PostgreSQL compares `uuid` values, and SQLite
// BLOBs, as big-endian bytes. Reading anything else is an error that names it: a BLOB of
// another length, or a value of another SQL type (sqlx's "mismatched types" error).
//
// The two releases' traits have the same shape, so one body per database serves both: each is
// compiled once per release, against that release's crates: the bodies are in
// `external/sqlx_support/`.
#[cfg(feature = "sqlx-postgres")]
#[path = "external/sqlx_support"]
#[allow(
    clippy::duplicate_mod,
    reason = "one body per database, compiled once per sqlx release"
)]
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
#[path = "external/sqlx_support"]
#[allow(
    clippy::duplicate_mod,
    reason = "one body per database, compiled once per sqlx release"
)]
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

#[cfg(feature = "sqlx-mysql")]
#[path = "external/sqlx_support"]
#[allow(
    clippy::duplicate_mod,
    reason = "one body per database, compiled once per sqlx release"
)]
mod mysql_09 {
    use ::sqlx_core as sqlx;
    use ::sqlx_mysql as driver;
    macro_rules! release {
        () => {
            "For sqlx 0.9 (feature `sqlx-mysql`)."
        };
    }
    #[path = "mysql.rs"]
    mod impls;
}

#[cfg(feature = "sqlx08-mysql")]
#[path = "external/sqlx_support"]
#[allow(
    clippy::duplicate_mod,
    reason = "one body per database, compiled once per sqlx release"
)]
mod mysql_08 {
    use ::sqlx08_core as sqlx;
    use ::sqlx08_mysql as driver;
    macro_rules! release {
        () => {
            "For sqlx 0.8 (feature `sqlx08-mysql`)."
        };
    }
    #[path = "mysql.rs"]
    mod impls;
}

#[cfg(feature = "sqlx-sqlite")]
#[path = "external/sqlx_support"]
#[allow(
    clippy::duplicate_mod,
    reason = "one body per database, compiled once per sqlx release"
)]
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
#[path = "external/sqlx_support"]
#[allow(
    clippy::duplicate_mod,
    reason = "one body per database, compiled once per sqlx release"
)]
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
#[cfg(feature = "time")]
mod time_support;
#[cfg(feature = "utoipa")]
mod utoipa_support;
#[cfg(feature = "uuid")]
mod uuid_support;
