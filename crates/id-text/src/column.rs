//! What the database integrations of the formats share about column types, stated once for
//! every id stored as bytes.

/// Whether a MySQL or MariaDB column type, by the name drivers report for it, holds bytes:
/// `BINARY`, `VARBINARY` and the `BLOB`s. Text types (`CHAR`, `VARCHAR`, `TEXT`) do not: a
/// driver may read them as bytes, but their characters are not an id's bytes, and comparing
/// them follows a collation rather than the bytes' order.
///
/// ```
/// assert!(id_text::column::is_mysql_bytes("BINARY"));
/// assert!(id_text::column::is_mysql_bytes("LONGBLOB"));
/// assert!(!id_text::column::is_mysql_bytes("VARCHAR"));
/// ```
#[must_use]
pub fn is_mysql_bytes(type_name: &str) -> bool {
    matches!(
        type_name,
        "BINARY" | "VARBINARY" | "TINYBLOB" | "BLOB" | "MEDIUMBLOB" | "LONGBLOB"
    )
}
