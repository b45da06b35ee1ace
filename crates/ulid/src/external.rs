//! Integrations with other crates, one file each, behind the feature of the same name
//! (`sqlx-*`, `sqlx08-*` and `diesel-*` for the files of sqlx and diesel). Each impl stays in
//! the crate of its type, as the orphan rule requires; the `_support` suffix keeps a module
//! from shadowing the crate it integrates.

#[cfg(feature = "arbitrary")]
mod arbitrary_support;
#[cfg(any(feature = "diesel-postgres", feature = "diesel-sqlite"))]
mod diesel_support;
// postgres-types' `ToSql`/`FromSql`, for the `postgres` and `tokio-postgres` crates.
#[cfg(feature = "postgres")]
mod postgres_support;
#[cfg(feature = "rusqlite")]
mod rusqlite_support;
#[cfg(feature = "schemars")]
mod schemars_support;
#[cfg(feature = "serde")]
mod serde_support;
// Each release and database in a module of its own, behind its feature.
#[cfg(any(
    feature = "sqlx-postgres",
    feature = "sqlx-sqlite",
    feature = "sqlx08-postgres",
    feature = "sqlx08-sqlite"
))]
mod sqlx_support;
#[cfg(feature = "uuid")]
mod uuid_support;
