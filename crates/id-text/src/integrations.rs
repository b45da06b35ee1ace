//! The integration modules every format crate has: one file each in its `src/external/`,
//! behind the feature of the same name.
//!
//! sqlx's impls are the one case apart. Each format crate keeps one body per database in
//! `src/external/sqlx_support/` (`postgres.rs`, `mysql.rs`, `sqlite.rs`), written against the
//! names `sqlx` (the core crate), `driver` (the database's crate) and, for SQLite,
//! `Arguments`. The two releases' traits have the same shape, so
//! [`integration_modules!`](crate::integration_modules) compiles each body once per release, each time against that release's crates, behind the crate's features
//! `sqlx-postgres`, `sqlx-mysql`, `sqlx-sqlite` (sqlx 0.9) and `sqlx08-postgres`,
//! `sqlx08-mysql`, `sqlx08-sqlite` (sqlx 0.8). Each body's docs take `release!()`, which names
//! the release and the feature, so that the two releases' impls read apart in one crate's
//! documentation.

/// Declares the integration modules every format crate has, each behind its feature, and the
/// sqlx modules, one per database and sqlx release: invoked once, in the crate's
/// `src/external.rs`, whose folder holds the files. The features and the crates integrated
/// with are the invoking crate's; a module only some formats have (`bson`, `uuid`) is
/// declared beside the call.
#[doc(hidden)]
#[macro_export]
macro_rules! integration_modules {
    () => {
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
        // Seen by the crate: a format may re-export a serde helper of its own from it.
        #[cfg(feature = "serde")]
        pub(crate) mod serde_support;
        #[cfg(feature = "time")]
        mod time_support;
        #[cfg(feature = "utoipa")]
        mod utoipa_support;

        // sqlx: one body per database, compiled once per release.
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
    };
}
