//! Integrations with other crates, one file each, behind the feature of the same name
//! (`sqlx-*`, `sqlx08-*` and `diesel-*` for the files of sqlx and diesel). Each impl stays in
//! the crate of its type, as the orphan rule requires; the `_support` suffix keeps a module
//! from shadowing the crate it integrates. The modules every format crate has are declared by
//! `id_text::integration_modules!`, at the end; those of this format alone are declared here.

// Features `sqlx-postgres`, `sqlx-sqlite` (sqlx 0.9) and `sqlx08-postgres`, `sqlx08-sqlite`
// (sqlx 0.8): [`SnowflakeId`](crate::SnowflakeId) binds and reads in sqlx as a PostgreSQL
// `bigint` (and `bigint[]` through `PgHasArrayType`) or an SQLite INTEGER: the same as an
// `i64`, which holds every id.
// `sqlx-mysql` and `sqlx08-mysql`: a MySQL or MariaDB `BIGINT`.
//
// Reading a negative integer is an error that names it; a value of another SQL type is
// sqlx's "mismatched types" error.
//
// The two releases' traits have the same shape, so one body per database serves both: the
// bodies are in `external/sqlx_support/`, and `id_text::integration_modules!` declares the
// modules that compile each once per release, against that release's crates.
id_text::integration_modules!();
