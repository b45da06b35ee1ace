//! The lease table: its name, its SQL statements, its creation and the check of its shape.
//!
//! Every statement goes through `query_typed`: one round trip with the unnamed statement, so
//! that a pooler in transaction mode (PgBouncer) never sees a prepared statement outlive its
//! transaction.

use std::format;

use postgres::Client;
use postgres::types::Type;

use crate::error::{LeaseError, describe};

/// The first key of the advisory lock that serializes table creation ('SNOW'): keeps it apart
/// from the application's own one-key advisory locks.
const LOCK_CLASS: i32 = 0x534E_4F57;

/// The columns the lease needs: name, type as `information_schema` spells it, and whether it
/// must be NOT NULL.
const COLUMNS: [(&str, &str, bool); 8] = [
    ("worker_id", "smallint", true),
    ("token", "bigint", false),
    ("generation", "bigint", true),
    ("owner_host", "text", false),
    ("owner_pid", "integer", false),
    ("acquired_at", "timestamp with time zone", false),
    ("expires_at", "timestamp with time zone", true),
    ("high_water_ms", "bigint", true),
];

/// A checked table name and the statements on it.
pub(crate) struct Table {
    /// As configured, for messages.
    pub(crate) name: String,
    /// Quoted, part by part: `"schema"."name"`.
    quoted: String,
    /// The statements, written once per acquire.
    acquire: String,
    count_held: String,
    renew: String,
    release: String,
}

/// What an acquire returns.
pub(crate) struct Acquired {
    pub(crate) worker_id: u16,
    pub(crate) generation: u64,
    /// The mark the previous holder left.
    pub(crate) old_mark: u64,
    /// The mark this acquire wrote: the first ceiling.
    pub(crate) new_mark: u64,
}

/// The parameters of one acquire.
pub(crate) struct Claim<'a> {
    pub(crate) token: i64,
    pub(crate) host: &'a str,
    pub(crate) pid: i32,
    pub(crate) ttl_ms: f64,
    pub(crate) skew_ms: i64,
    pub(crate) now_ms: i64,
    pub(crate) lead_ms: i64,
}

impl Table {
    /// Checks `name` (`name` or `schema.name`) and quotes it.
    pub(crate) fn parse(name: &str) -> Result<Table, LeaseError> {
        let invalid = |reason| LeaseError::TableName {
            name: name.to_owned(),
            reason,
        };
        if name.is_empty() {
            return Err(invalid("it is empty"));
        }
        let parts: Vec<&str> = name.split('.').collect();
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
        let quoted = parts
            .iter()
            .map(|part| format!("\"{part}\""))
            .collect::<Vec<_>>()
            .join(".");
        let q = &quoted;
        Ok(Table {
            name: name.to_owned(),
            acquire: format!(
                "WITH candidate AS (\
                 SELECT worker_id, high_water_ms FROM {q} \
                 WHERE expires_at <= now() AND worker_id BETWEEN 0 AND 1023 \
                 ORDER BY expires_at, worker_id LIMIT 1 FOR UPDATE SKIP LOCKED) \
                 UPDATE {q} AS lease SET token = $1, generation = lease.generation + 1, \
                 owner_host = $2, owner_pid = $3, acquired_at = now(), \
                 expires_at = now() + $4 * interval '1 millisecond', \
                 high_water_ms = GREATEST(candidate.high_water_ms + $5 + 1, $6) + $7 \
                 FROM candidate WHERE lease.worker_id = candidate.worker_id \
                 RETURNING lease.worker_id, candidate.high_water_ms, lease.high_water_ms, \
                 lease.generation"
            ),
            count_held: format!("SELECT count(*) FROM {q} WHERE expires_at > now()"),
            renew: format!(
                "UPDATE {q} SET expires_at = now() + $3 * interval '1 millisecond', \
                 high_water_ms = GREATEST(high_water_ms, $4) \
                 WHERE worker_id = $1 AND token = $2 RETURNING high_water_ms"
            ),
            release: format!(
                "UPDATE {q} SET expires_at = '-infinity' \
                 WHERE worker_id = $1 AND token = $2 RETURNING worker_id"
            ),
            quoted,
        })
    }

    /// The statements that create the table, its index and its 1,024 rows, each idempotent:
    /// the SQL of the module documentation, for this name.
    pub(crate) fn create_statements(&self) -> [String; 3] {
        let q = &self.quoted;
        // The index lives in the table's schema; its name is the table's, cut so that the
        // suffix fits PostgreSQL's 63 bytes (the name is ASCII) and never equals the table's.
        const SUFFIX: &str = "_expires_at_idx";
        let relation = self.name.rsplit('.').next().unwrap_or(&self.name);
        let index = format!(
            "{}{SUFFIX}",
            relation.get(..63 - SUFFIX.len()).unwrap_or(relation)
        );
        [
            format!(
                "CREATE TABLE IF NOT EXISTS {q} (\n    \
                 worker_id     smallint    PRIMARY KEY CHECK (worker_id BETWEEN 0 AND 1023),\n    \
                 token         bigint,\n    \
                 generation    bigint      NOT NULL DEFAULT 0,\n    \
                 owner_host    text,\n    \
                 owner_pid     integer,\n    \
                 acquired_at   timestamptz,\n    \
                 expires_at    timestamptz NOT NULL DEFAULT '-infinity',\n    \
                 high_water_ms bigint      NOT NULL DEFAULT 0\n);"
            ),
            format!("CREATE INDEX IF NOT EXISTS \"{index}\" ON {q} (expires_at, worker_id);"),
            format!(
                "INSERT INTO {q} (worker_id)\n    \
                 SELECT generate_series(0, 1023) ON CONFLICT DO NOTHING;"
            ),
        ]
    }

    /// A database error on this table.
    fn failed(&self, action: &'static str, error: postgres::Error) -> LeaseError {
        LeaseError::Database {
            table: self.name.clone(),
            action,
            detail: describe(&error),
            source: error,
        }
    }

    /// A row that does not hold what the table's shape promises.
    fn bad_row(&self, detail: String) -> LeaseError {
        LeaseError::BadRow {
            table: self.name.clone(),
            detail,
        }
    }

    /// Creates the table if it is missing, then checks its shape.
    ///
    /// Creation runs in one transaction under an advisory lock on the table's name, so that
    /// processes starting together create it once; whoever waited finds it made and does
    /// nothing. A table that exists is not touched: a user who manages migrations needs no
    /// CREATE privilege.
    pub(crate) fn prepare(&self, client: &mut Client) -> Result<(), LeaseError> {
        let creating = "creating the table";
        if !self
            .exists(client)
            .map_err(|error| self.failed(creating, error))?
        {
            let mut transaction = client
                .transaction()
                .map_err(|error| self.failed(creating, error))?;
            transaction
                .query_typed(
                    "SELECT pg_advisory_xact_lock($1, hashtext($2))",
                    &[(&LOCK_CLASS, Type::INT4), (&self.quoted, Type::TEXT)],
                )
                .map_err(|error| self.failed(creating, error))?;
            let exists = {
                let rows = transaction
                    .query_typed(
                        "SELECT to_regclass($1) IS NOT NULL",
                        &[(&self.quoted, Type::TEXT)],
                    )
                    .map_err(|error| self.failed(creating, error))?;
                first_bool(&rows).map_err(|error| self.failed(creating, error))?
            };
            if !exists {
                for statement in self.create_statements() {
                    transaction
                        .batch_execute(&statement)
                        .map_err(|error| self.failed(creating, error))?;
                }
            }
            transaction
                .commit()
                .map_err(|error| self.failed(creating, error))?;
        }
        self.check_shape(client)
    }

    fn exists(&self, client: &mut Client) -> Result<bool, postgres::Error> {
        let rows = client.query_typed(
            "SELECT to_regclass($1) IS NOT NULL",
            &[(&self.quoted, Type::TEXT)],
        )?;
        first_bool(&rows)
    }

    /// Every column the lease uses is there, with its type, and NOT NULL where the statements
    /// need a value. Other columns are allowed.
    fn check_shape(&self, client: &mut Client) -> Result<(), LeaseError> {
        let checking = "checking the table's columns";
        let rows = client
            .query_typed(
                "SELECT c.column_name::text, c.data_type::text, c.is_nullable::text \
                 FROM pg_catalog.pg_class r \
                 JOIN pg_catalog.pg_namespace n ON n.oid = r.relnamespace \
                 JOIN information_schema.columns c \
                 ON c.table_schema = n.nspname AND c.table_name = r.relname \
                 WHERE r.oid = to_regclass($1)",
                &[(&self.quoted, Type::TEXT)],
            )
            .map_err(|error| self.failed(checking, error))?;
        let mut found = Vec::with_capacity(rows.len());
        for row in &rows {
            let column: (String, String, String) = (
                row.try_get(0)
                    .map_err(|error| self.failed(checking, error))?,
                row.try_get(1)
                    .map_err(|error| self.failed(checking, error))?,
                row.try_get(2)
                    .map_err(|error| self.failed(checking, error))?,
            );
            found.push(column);
        }
        for (column, expected, not_null) in COLUMNS {
            let problem = match found.iter().find(|(name, ..)| name == column) {
                None => format!("is missing (expected {expected})"),
                Some((_, data_type, _)) if data_type != expected => {
                    format!("has type {data_type}, expected {expected}")
                }
                Some((.., nullable)) if not_null && nullable != "NO" => {
                    format!("may be NULL, expected {expected} NOT NULL")
                }
                Some(_) => continue,
            };
            return Err(LeaseError::TableShape {
                table: self.name.clone(),
                column,
                problem,
            });
        }
        Ok(())
    }

    /// Claims the free row that expired first (never-used and released rows, at
    /// `-infinity`, before recently expired ones), in one statement whatever the number of
    /// rows held: `Ok(None)` if there is none.
    pub(crate) fn acquire(
        &self,
        client: &mut Client,
        claim: &Claim<'_>,
    ) -> Result<Option<Acquired>, LeaseError> {
        let acquiring = "acquiring a worker id";
        let rows = client
            .query_typed(
                &self.acquire,
                &[
                    (&claim.token, Type::INT8),
                    (&claim.host, Type::TEXT),
                    (&claim.pid, Type::INT4),
                    (&claim.ttl_ms, Type::FLOAT8),
                    (&claim.skew_ms, Type::INT8),
                    (&claim.now_ms, Type::INT8),
                    (&claim.lead_ms, Type::INT8),
                ],
            )
            .map_err(|error| self.failed(acquiring, error))?;
        let Some(row) = rows.first() else {
            return Ok(None);
        };
        let worker_id: i16 = row
            .try_get(0)
            .map_err(|error| self.failed(acquiring, error))?;
        let old_mark: i64 = row
            .try_get(1)
            .map_err(|error| self.failed(acquiring, error))?;
        let new_mark: i64 = row
            .try_get(2)
            .map_err(|error| self.failed(acquiring, error))?;
        let generation: i64 = row
            .try_get(3)
            .map_err(|error| self.failed(acquiring, error))?;
        let worker_id = u16::try_from(worker_id)
            .map_err(|_| self.bad_row(format!("worker_id {worker_id} is negative")))?;
        let old_mark = u64::try_from(old_mark).map_err(|_| {
            self.bad_row(format!(
                "high_water_ms {old_mark} of worker_id {worker_id} is negative"
            ))
        })?;
        Ok(Some(Acquired {
            worker_id,
            generation: u64::try_from(generation).unwrap_or(0),
            old_mark,
            new_mark: u64::try_from(new_mark).unwrap_or(0),
        }))
    }

    /// The rows held by unexpired leases, for [`LeaseError::AllHeld`].
    pub(crate) fn count_held(&self, client: &mut Client) -> Result<u32, LeaseError> {
        let counting = "counting the leases held";
        let rows = client
            .query_typed(&self.count_held, &[])
            .map_err(|error| self.failed(counting, error))?;
        let held: i64 = match rows.first() {
            Some(row) => row
                .try_get(0)
                .map_err(|error| self.failed(counting, error))?,
            None => 0,
        };
        Ok(u32::try_from(held).unwrap_or(u32::MAX))
    }

    /// Extends the lease and raises the mark to at least `mark`, if the row still carries
    /// `token`: the mark now written, or `None` if another process holds the row.
    pub(crate) fn renew(
        &self,
        client: &mut Client,
        worker_id: u16,
        token: i64,
        ttl_ms: f64,
        mark: i64,
    ) -> Result<Option<u64>, postgres::Error> {
        let worker_id = worker_id as i16;
        let rows = client.query_typed(
            &self.renew,
            &[
                (&worker_id, Type::INT2),
                (&token, Type::INT8),
                (&ttl_ms, Type::FLOAT8),
                (&mark, Type::INT8),
            ],
        )?;
        match rows.first() {
            Some(row) => {
                let written: i64 = row.try_get(0)?;
                Ok(Some(u64::try_from(written).unwrap_or(0)))
            }
            None => Ok(None),
        }
    }

    /// Frees the row at once if it still carries `token`, keeping its mark: whether it did.
    pub(crate) fn release(
        &self,
        client: &mut Client,
        worker_id: u16,
        token: i64,
    ) -> Result<bool, LeaseError> {
        let worker_id = worker_id as i16;
        let rows = client
            .query_typed(
                &self.release,
                &[(&worker_id, Type::INT2), (&token, Type::INT8)],
            )
            .map_err(|error| self.failed("releasing the worker id", error))?;
        Ok(!rows.is_empty())
    }
}

fn first_bool(rows: &[postgres::Row]) -> Result<bool, postgres::Error> {
    match rows.first() {
        Some(row) => row.try_get(0),
        None => Ok(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_sql_is_the_sql_that_runs() {
        let docs: String = include_str!("lib.rs")
            .lines()
            .filter_map(|line| line.strip_prefix("//!"))
            .map(|line| line.strip_prefix(' ').unwrap_or(line))
            .collect::<Vec<_>>()
            .join("\n");
        let table = Table::parse("snowflake_worker_lease").unwrap();
        for statement in table.create_statements() {
            assert!(docs.contains(&statement), "not in the docs:\n{statement}");
        }
    }

    #[test]
    fn names_are_checked_and_quoted() {
        assert_eq!(Table::parse("lease").unwrap().quoted, "\"lease\"");
        assert_eq!(
            Table::parse("Ids.Lease_2").unwrap().quoted,
            "\"Ids\".\"Lease_2\""
        );
        for bad in [
            "",
            "a.b.c",
            ".a",
            "a.",
            "1a",
            "a-b",
            "a\"b",
            "a b",
            "é",
            &"x".repeat(64),
        ] {
            assert!(
                matches!(Table::parse(bad), Err(LeaseError::TableName { .. })),
                "{bad:?}"
            );
        }
        assert!(Table::parse(&"x".repeat(63)).is_ok());
    }

    #[test]
    fn the_index_name_fits_postgres() {
        let table = Table::parse(&"x".repeat(63)).unwrap();
        let [_, index, _] = table.create_statements();
        let name = format!("\"{}_expires_at_idx\"", "x".repeat(48));
        assert!(index.contains(&name), "{index}");
        assert_eq!(name.len(), 63 + 2);
    }
}
