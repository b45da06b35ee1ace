//! Integrations with other crates, one file each, behind the feature of the same name
//! (`sqlx-*`, `sqlx08-*` and `diesel-*` for the files of sqlx and diesel). Each impl stays in
//! the crate of its type, as the orphan rule requires; the `_support` suffix keeps a module
//! from shadowing the crate it integrates. The modules every format crate has are declared by
//! `id_text::integration_modules!`, at the end; those of this format alone are declared here.

// Features `sqlx-postgres`, `sqlx-sqlite` (sqlx 0.9) and `sqlx08-postgres`, `sqlx08-sqlite`
// (sqlx 0.8): [`Ulid`](crate::Ulid) binds and reads in sqlx as a PostgreSQL `uuid` (and
// `uuid[]` through `PgHasArrayType`) or as an SQLite BLOB of 16 bytes.
// `sqlx-mysql` and `sqlx08-mysql`: a MySQL or MariaDB `BINARY(16)`.
//
// Both keep generation order in an index: PostgreSQL compares `uuid` values, and SQLite
// BLOBs, as big-endian bytes. Reading anything else is an error that names it: a BLOB of
// another length, or a value of another SQL type (sqlx's "mismatched types" error).
//
// The two releases' traits have the same shape, so one body per database serves both: the
// bodies are in `external/sqlx_support/`, and `id_text::integration_modules!` declares the
// modules that compile each once per release, against that release's crates.
id_text::integration_modules!();

#[cfg(feature = "uuid")]
mod uuid_support;
