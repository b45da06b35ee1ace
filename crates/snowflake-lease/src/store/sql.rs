//! What the stores on a database server (PostgreSQL, MySQL) share, whatever their client: the
//! check of a table name, the percent-decoding of their locations, and the errors they report
//! about their table.

use crate::error::LeaseError;

/// Checks a table name, `name` or `qualifier.name` (a schema or a database), whatever case it
/// is written in, and returns its qualifier, if it names one, and the table's own name, folded
/// to lower case: both servers' unquoted spelling.
pub(crate) fn checked_table_name(name: &str) -> Result<(Option<String>, String), LeaseError> {
    let invalid = |reason| LeaseError::TableName {
        name: name.to_owned(),
        reason,
    };
    if name.is_empty() {
        return Err(invalid("it is empty"));
    }
    let folded = name.to_ascii_lowercase();
    let parts: Vec<&str> = folded.split('.').collect();
    if parts.len() > 2 {
        return Err(invalid("it has more than one `.`"));
    }
    for part in &parts {
        let Some(first) = part.bytes().next() else {
            return Err(invalid("a part around the `.` is empty"));
        };
        if first.is_ascii_digit() {
            return Err(invalid("a part starts with a digit"));
        }
        if !part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(invalid(
                "it has a character other than ASCII letters, digits, `_` and one `.`",
            ));
        }
        // PostgreSQL would silently truncate a longer identifier.
        if part.len() > 63 {
            return Err(invalid("a part is longer than 63 bytes"));
        }
    }
    Ok(match folded.split_once('.') {
        Some((qualifier, relation)) => (Some(qualifier.to_owned()), relation.to_owned()),
        None => (None, folded),
    })
}

/// `%XX` escapes decoded, as UTF-8 (`+` stays a plus, as in libpq, `postgres` and `mysql`).
pub(crate) fn percent_decode(text: &str) -> Result<String, &'static str> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text.as_bytes();
    while let Some((&byte, tail)) = rest.split_first() {
        if byte == b'%' {
            let hex = tail
                .get(..2)
                .and_then(|hex| core::str::from_utf8(hex).ok())
                .and_then(|hex| u8::from_str_radix(hex, 16).ok())
                .ok_or("has a `%` not followed by two hexadecimal digits")?;
            bytes.push(hex);
            rest = &tail[2..];
        } else {
            bytes.push(byte);
            rest = tail;
        }
    }
    String::from_utf8(bytes).map_err(|_| "is not UTF-8 once percent-decoded")
}

/// A client's error while doing `action` on `table`, described as `detail`.
pub(crate) fn database_error(
    table: &str,
    action: &'static str,
    detail: String,
    source: impl std::error::Error + Send + Sync + 'static,
) -> LeaseError {
    LeaseError::Database {
        table: table.to_owned(),
        action,
        detail,
        source: Box::new(source),
    }
}

/// A row of `table` that does not hold what the table's shape promises.
pub(crate) fn bad_row(table: &str, detail: String) -> LeaseError {
    LeaseError::BadRow {
        table: table.to_owned(),
        detail,
    }
}

/// The first column of `table` found wrong, from each column the lease uses and what is wrong
/// with it, if anything.
pub(crate) fn check_columns(
    table: &str,
    columns: impl IntoIterator<Item = (&'static str, Option<String>)>,
) -> Result<(), LeaseError> {
    match columns
        .into_iter()
        .find_map(|(column, problem)| Some((column, problem?)))
    {
        Some((column, problem)) => Err(LeaseError::TableShape {
            table: table.to_owned(),
            column,
            problem,
        }),
        None => Ok(()),
    }
}

/// The options of a store built in a unit test: short timeouts, and the table created.
#[cfg(test)]
pub(crate) fn test_options() -> crate::store::Options {
    crate::store::Options {
        timeout: core::time::Duration::from_secs(1),
        creation_timeout: core::time::Duration::from_secs(2),
        create_table: true,
    }
}

/// Table names every server store refuses (empty, three parts, an empty part, a leading digit,
/// a `-` or a space, a part of 64 bytes), then the store's own `more`.
#[cfg(test)]
pub(crate) fn bad_table_names(more: &[&str]) -> Vec<String> {
    let names = ["", "a.b.c", ".a", "a.", "1a", "a-b", "a b"];
    let mut names: Vec<String> = names.iter().map(|name| (*name).to_owned()).collect();
    names.push("x".repeat(64));
    names.extend(more.iter().map(|name| (*name).to_owned()));
    names
}

/// The crate's documentation, where the statements of every store are shown, as its text.
#[cfg(test)]
pub(crate) fn documentation() -> String {
    include_str!("../lib.rs")
        .lines()
        .filter_map(|line| line.strip_prefix("//!"))
        .map(|line| line.strip_prefix(' ').unwrap_or(line))
        .collect::<Vec<_>>()
        .join("\n")
}
