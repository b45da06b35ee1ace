//! The lease table on PostgreSQL: its name, its SQL statements, its creation and the check of
//! its shape.
//!
//! Every statement goes through `query_typed`: one round trip with the unnamed statement, so
//! that a pooler in transaction mode (PgBouncer) never sees a prepared statement outlive its
//! transaction.

use core::time::Duration;
use std::format;

use postgres::error::SqlState;
use postgres::types::Type;
use postgres::{Client, GenericClient};
use snowflake::SnowflakeId;

use crate::error::LeaseError;
use crate::store::postgres::describe;
use crate::store::sql::{bad_row, check_columns, checked_table_name, database_error};
use crate::store::{Claim, Claimed, Held, Renewed, Seen};

/// The first key of the advisory lock that serializes table creation ('SNOW'): keeps it apart
/// from the application's own one-key advisory locks.
const LOCK_CLASS: i32 = 0x534E_4F57;

/// The database's clock in Unix milliseconds, as every statement reads it: `now()`, the start
/// of the statement's transaction.
const NOW_MS: &str = "floor(extract(epoch FROM now()) * 1000)::bigint";

/// The columns the lease needs: name, type as PostgreSQL's `format_type` spells it, and
/// whether it must be NOT NULL.
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

/// The schema of a table named without one: the same table for every process, whatever its
/// role's `search_path`.
const DEFAULT_SCHEMA: &str = "public";

/// A checked table name and the statements on it.
pub(crate) struct Table {
    /// As PostgreSQL names it (folded to lower case), with its schema: `schema.name`, for
    /// messages.
    pub(crate) name: String,
    /// The schema, and the table's name in it.
    schema: String,
    relation: String,
    /// Whether the name was given without a schema (and means [`DEFAULT_SCHEMA`]'s table).
    schema_implied: bool,
    /// Quoted, part by part: `"schema"."name"`.
    quoted: String,
    /// The statements, written once per acquire.
    acquire: String,
    count: String,
    renew: String,
    release: String,
}

impl Table {
    /// Checks `name` (`name` or `schema.name`), folds it to lower case as PostgreSQL folds a
    /// name without quotes, puts a name without a schema in [`DEFAULT_SCHEMA`], and quotes it.
    pub(crate) fn parse(name: &str) -> Result<Table, LeaseError> {
        let (schema, relation) = checked_table_name(name)?;
        let schema_implied = schema.is_none();
        let schema = schema.unwrap_or_else(|| DEFAULT_SCHEMA.to_owned());
        let quoted = format!("\"{schema}\".\"{relation}\"");
        let q = &quoted;
        // A free row is one whose lease has expired and whose mark a holder can get above
        // soon: at most the lead and the skew ($5 + $6) above the database's clock. The
        // worker ids a claim may take are $7 to $8.
        let usable = format!("expires_at <= now() AND high_water_ms <= {NOW_MS} + $5 + $6");
        Ok(Table {
            name: format!("{schema}.{relation}"),
            schema,
            relation,
            schema_implied,
            acquire: format!(
                "WITH candidate AS (\
                 SELECT worker_id, high_water_ms FROM {q} \
                 WHERE {usable} AND worker_id BETWEEN $7 AND $8 \
                 ORDER BY expires_at, worker_id LIMIT 1 FOR UPDATE SKIP LOCKED) \
                 UPDATE {q} AS lease SET token = $1, generation = lease.generation + 1, \
                 owner_host = $2, owner_pid = $3, acquired_at = now(), \
                 expires_at = now() + $4 * interval '1 millisecond', \
                 high_water_ms = GREATEST(candidate.high_water_ms, {NOW_MS} + $5) \
                 FROM candidate WHERE lease.worker_id = candidate.worker_id \
                 RETURNING lease.worker_id, candidate.high_water_ms, lease.generation, \
                 {NOW_MS}, (SELECT count(*) FROM {q} WHERE expires_at <= now() \
                 AND high_water_ms > {NOW_MS} + $5 + $6 AND worker_id BETWEEN $7 AND $8)"
            ),
            count: format!(
                "SELECT count(*) FILTER (WHERE expires_at > now()), \
                 count(*) FILTER (WHERE expires_at <= now() AND high_water_ms <= {NOW_MS} + $1), \
                 count(*) FILTER (WHERE expires_at <= now() AND high_water_ms > {NOW_MS} + $1), \
                 COALESCE(max(high_water_ms - {NOW_MS}) \
                 FILTER (WHERE expires_at <= now() AND high_water_ms > {NOW_MS} + $1), 0) \
                 FROM {q} WHERE worker_id BETWEEN $2 AND $3"
            ),
            // Marks only grow, and never past the lead above the database's clock, whatever
            // the holder's clock says; the ceiling returned is capped the same way, even if
            // the row was raised by other means.
            renew: format!(
                "UPDATE {q} SET expires_at = now() + $3 * interval '1 millisecond', \
                 high_water_ms = GREATEST(high_water_ms, LEAST($4, {NOW_MS} + $5)) \
                 WHERE worker_id = $1 AND token = $2 \
                 RETURNING LEAST(high_water_ms, {NOW_MS} + $5), {NOW_MS}"
            ),
            release: format!(
                "UPDATE {q} SET expires_at = '-infinity' \
                 WHERE worker_id = $1 AND token = $2 RETURNING worker_id"
            ),
            quoted,
        })
    }

    /// The statements that create the table, its index and its 1,024 rows, each idempotent:
    /// the SQL of the crate documentation, for this name.
    pub(crate) fn create_statements(&self) -> [String; 3] {
        let q = &self.quoted;
        let max = SnowflakeId::MAX_WORKER_ID;
        // The index lives in the table's schema; its name is the table's, cut so that the
        // suffix fits PostgreSQL's 63 bytes (the name is ASCII) and never equals the table's.
        const SUFFIX: &str = "_expires_at_idx";
        let relation = &self.relation;
        let index = format!(
            "{}{SUFFIX}",
            relation.get(..63 - SUFFIX.len()).unwrap_or(relation)
        );
        [
            format!(
                "CREATE TABLE IF NOT EXISTS {q} (\n    \
                 worker_id     smallint    PRIMARY KEY CHECK (worker_id BETWEEN 0 AND {max}),\n    \
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
                 SELECT generate_series(0, {max}) ON CONFLICT DO NOTHING;"
            ),
        ]
    }

    /// A database error on this table.
    fn failed(&self, action: &'static str, error: postgres::Error) -> LeaseError {
        database_error(&self.name, action, describe(&error), error)
    }

    /// Creates the table if it is missing and `create` allows it, then checks its shape and
    /// the role's privileges: whether this call created it.
    ///
    /// Creation runs in one transaction under an advisory lock on the table's name, so that
    /// processes starting together create it once; whoever waited finds it made and does
    /// nothing. Whether the table exists is read from the catalog's rows as they stand when
    /// the statement runs: the server's cache of names, which does not see a table another
    /// session created while this one waited for the lock, would report it missing. The wait
    /// is bounded by `timeout` (the acquire timeout), not by the renewals' statement timeout:
    /// a fleet starting at once queues on that lock. A table that exists is not touched: a
    /// user who manages migrations needs no CREATE privilege.
    pub(crate) fn prepare(
        &self,
        client: &mut Client,
        create: bool,
        timeout: Duration,
    ) -> Result<bool, LeaseError> {
        let creating = "creating the table";
        let mut created = false;
        if !self
            .exists(client)
            .map_err(|error| self.failed(creating, error))?
        {
            if let Some(found) = self.elsewhere(client)? {
                return Err(LeaseError::TableElsewhere {
                    table: self.name.clone(),
                    found,
                });
            }
            if !create {
                return Err(LeaseError::TableMissing {
                    table: self.name.clone(),
                });
            }
            created = self
                .create(client, timeout)
                .map_err(|error| self.creation_failed(client, error))?;
        }
        self.check_shape(client)?;
        self.check_privileges(client)?;
        Ok(created)
    }

    /// Creates the table in one transaction, under the creation lock, unless another
    /// session made it meanwhile: whether this one did.
    fn create(&self, client: &mut Client, timeout: Duration) -> Result<bool, postgres::Error> {
        let mut transaction = client.transaction()?;
        transaction.batch_execute(&format!(
            "SET LOCAL statement_timeout = {}",
            timeout.as_millis().max(1)
        ))?;
        transaction.query_typed(
            "SELECT pg_advisory_xact_lock($1, hashtext($2))",
            &[(&LOCK_CLASS, Type::INT4), (&self.quoted, Type::TEXT)],
        )?;
        if self.exists(&mut transaction)? {
            return Ok(false);
        }
        for statement in self.create_statements() {
            transaction.batch_execute(&statement)?;
        }
        transaction.commit()?;
        Ok(true)
    }

    /// The error of a failed creation: a role without `CREATE` on the schema is told what to
    /// do instead.
    fn creation_failed(&self, client: &mut Client, error: postgres::Error) -> LeaseError {
        if error.code() == Some(&SqlState::INSUFFICIENT_PRIVILEGE)
            && let Ok(row) = client.query_one("SELECT current_user::text", &[])
            && let Ok(role) = row.try_get::<_, String>(0)
        {
            return LeaseError::CreatePrivilege {
                table: self.name.clone(),
                role,
                schema: self.schema.clone(),
            };
        }
        self.failed("creating the table", error)
    }

    /// Whether the table exists, from the catalog's rows as this statement sees them.
    fn exists(&self, client: &mut impl GenericClient) -> Result<bool, postgres::Error> {
        let rows = client.query_typed(
            "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class c \
             JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace \
             WHERE n.nspname = $1 AND c.relname = $2)",
            &[(&self.schema, Type::TEXT), (&self.relation, Type::TEXT)],
        )?;
        first_bool(&rows)
    }

    /// For a name given without a schema: a table of that name in another schema of the
    /// role's `search_path`, the first there, which the role would take for it in SQL.
    fn elsewhere(&self, client: &mut Client) -> Result<Option<String>, LeaseError> {
        if !self.schema_implied {
            return Ok(None);
        }
        let rows = client
            .query_typed(
                "SELECT n.nspname::text FROM pg_catalog.pg_class c \
                 JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace \
                 WHERE c.relname = $1 AND n.nspname <> $2 \
                 AND n.nspname = ANY (current_schemas(false)) \
                 ORDER BY array_position(current_schemas(false), n.nspname::name) LIMIT 1",
                &[(&self.relation, Type::TEXT), (&self.schema, Type::TEXT)],
            )
            .map_err(|error| self.failed("looking for the table", error))?;
        let Some(row) = rows.first() else {
            return Ok(None);
        };
        let schema: String = row
            .try_get(0)
            .map_err(|error| self.failed("looking for the table", error))?;
        Ok(Some(format!("{schema}.{}", self.relation)))
    }

    /// Every column the lease uses is there, with its type, and NOT NULL where the statements
    /// need a value. Other columns are allowed. Read from the catalog, which lists every
    /// column whatever the role may do with it (`information_schema` hides the columns a role
    /// has no privilege on, which would read as missing).
    fn check_shape(&self, client: &mut Client) -> Result<(), LeaseError> {
        let checking = "checking the table's columns";
        let rows = client
            .query_typed(
                "SELECT a.attname::text, format_type(a.atttypid, a.atttypmod), a.attnotnull \
                 FROM pg_catalog.pg_attribute a \
                 WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped",
                &[(&self.quoted, Type::TEXT)],
            )
            .map_err(|error| self.failed(checking, error))?;
        let mut found = Vec::with_capacity(rows.len());
        for row in &rows {
            let column: (String, String, bool) = (
                row.try_get(0)
                    .map_err(|error| self.failed(checking, error))?,
                row.try_get(1)
                    .map_err(|error| self.failed(checking, error))?,
                row.try_get(2)
                    .map_err(|error| self.failed(checking, error))?,
            );
            found.push(column);
        }
        let problems = COLUMNS.into_iter().map(|(column, expected, not_null)| {
            let problem = match found.iter().find(|(name, ..)| name == column) {
                None => format!("is missing (expected {expected})"),
                Some((_, data_type, _)) if data_type != expected => {
                    format!("has type {data_type}, expected {expected}")
                }
                Some((.., is_not_null)) if not_null && !is_not_null => {
                    format!("may be NULL, expected {expected} NOT NULL")
                }
                Some(_) => return (column, None),
            };
            (column, Some(problem))
        });
        check_columns(&self.name, problems)
    }

    /// The role may read and update the table: a role without those privileges is told so,
    /// before a statement fails on it.
    fn check_privileges(&self, client: &mut Client) -> Result<(), LeaseError> {
        let checking = "checking the role's privileges on the table";
        let rows = client
            .query_typed(
                "SELECT current_user::text, \
                 has_table_privilege(to_regclass($1), 'SELECT'), \
                 has_table_privilege(to_regclass($1), 'UPDATE')",
                &[(&self.quoted, Type::TEXT)],
            )
            .map_err(|error| self.failed(checking, error))?;
        let Some(row) = rows.first() else {
            return Ok(());
        };
        let role: String = row
            .try_get(0)
            .map_err(|error| self.failed(checking, error))?;
        let select: bool = row
            .try_get(1)
            .map_err(|error| self.failed(checking, error))?;
        let update: bool = row
            .try_get(2)
            .map_err(|error| self.failed(checking, error))?;
        let missing = match (select, update) {
            (true, true) => return Ok(()),
            (false, false) => "SELECT and UPDATE",
            (false, true) => "SELECT",
            (true, false) => "UPDATE",
        };
        Err(LeaseError::Privilege {
            table: self.name.clone(),
            role,
            missing,
        })
    }

    /// Claims the free row that expired first (never-used and released rows, at
    /// `-infinity`, before recently expired ones), in one statement whatever the number of
    /// rows held: `Ok(None)` if there is none. Rows whose mark is more than the lead and the
    /// skew above the database's clock are passed over: a holder could not get above them.
    pub(crate) fn claim(
        &self,
        client: &mut Client,
        claim: &Claim<'_>,
    ) -> Result<Option<Claimed>, LeaseError> {
        let acquiring = "acquiring a worker id";
        // Bit for bit: the column is a bigint, the token any 64 bits.
        let token = claim.token as i64;
        let pid = i32::try_from(claim.pid).unwrap_or(i32::MAX);
        let ttl_ms = claim.ttl.as_secs_f64() * 1000.0;
        let (lead_ms, skew_ms) = (millis(claim.lead_ms), millis(claim.skew_ms));
        let (first, last) = worker_bounds(claim);
        let rows = client
            .query_typed(
                &self.acquire,
                &[
                    (&token, Type::INT8),
                    (&claim.host, Type::TEXT),
                    (&pid, Type::INT4),
                    (&ttl_ms, Type::FLOAT8),
                    (&lead_ms, Type::INT8),
                    (&skew_ms, Type::INT8),
                    (&first, Type::INT2),
                    (&last, Type::INT2),
                ],
            )
            .map_err(|error| self.failed(acquiring, error))?;
        let Some(row) = rows.first() else {
            return Ok(None);
        };
        let get = |index: usize| -> Result<i64, LeaseError> {
            row.try_get(index)
                .map_err(|error| self.failed(acquiring, error))
        };
        let worker_id: i16 = row
            .try_get(0)
            .map_err(|error| self.failed(acquiring, error))?;
        let (old_mark, generation, now_ms, ahead) = (get(1)?, get(2)?, get(3)?, get(4)?);
        let worker_id = u16::try_from(worker_id)
            .map_err(|_| bad_row(&self.name, format!("worker_id {worker_id} is negative")))?;
        // A negative mark promises nothing: a holder starts above the clock anyway.
        let old_mark_ms = u64::try_from(old_mark).unwrap_or(0);
        let now_ms = u64::try_from(now_ms).map_err(|_| {
            bad_row(
                &self.name,
                format!("the database's clock reads {now_ms} ms, before 1970"),
            )
        })?;
        Ok(Some(Claimed {
            worker_id,
            generation: u64::try_from(generation).unwrap_or(0),
            old_mark_ms,
            now_ms,
            ahead: u32::try_from(ahead).unwrap_or(u32::MAX),
        }))
    }

    /// What the rows look like, for [`LeaseError::AllHeld`]: held, locked by another claim,
    /// or too far ahead (above the lead and the skew over the database's clock).
    pub(crate) fn seen(&self, client: &mut Client, claim: &Claim<'_>) -> Result<Seen, LeaseError> {
        let counting = "counting the leases held";
        let ahead_of_ms = millis(claim.lead_ms.saturating_add(claim.skew_ms));
        let (first, last) = worker_bounds(claim);
        let rows = client
            .query_typed(
                &self.count,
                &[
                    (&ahead_of_ms, Type::INT8),
                    (&first, Type::INT2),
                    (&last, Type::INT2),
                ],
            )
            .map_err(|error| self.failed(counting, error))?;
        let Some(row) = rows.first() else {
            return Ok(Seen::default());
        };
        let get = |index: usize| -> Result<i64, LeaseError> {
            row.try_get(index)
                .map_err(|error| self.failed(counting, error))
        };
        let count = |value: i64| u32::try_from(value).unwrap_or(u32::MAX);
        Ok(Seen {
            held: count(get(0)?),
            locked: count(get(1)?),
            ahead: count(get(2)?),
            ahead_ms: u64::try_from(get(3)?).unwrap_or(0),
        })
    }

    /// Extends the lease and raises the mark towards `proposal`, capped at `lead_ms` above
    /// the database's clock, if the row still carries `token`: the ceiling now written and
    /// the database's clock, or `None` if another process holds the row, or the row or the
    /// table is gone.
    pub(crate) fn renew(
        &self,
        client: &mut Client,
        held: &Held,
        proposal_ms: u64,
    ) -> Result<Option<Renewed>, postgres::Error> {
        let worker_id = held.worker_id as i16;
        let token = held.token as i64;
        let ttl_ms = held.ttl.as_secs_f64() * 1000.0;
        let proposal = millis(proposal_ms);
        let lead_ms = millis(held.lead_ms);
        let rows = match client.query_typed(
            &self.renew,
            &[
                (&worker_id, Type::INT2),
                (&token, Type::INT8),
                (&ttl_ms, Type::FLOAT8),
                (&proposal, Type::INT8),
                (&lead_ms, Type::INT8),
            ],
        ) {
            Ok(rows) => rows,
            // A table dropped, or dropped and made again otherwise: the row is gone.
            Err(error)
                if matches!(
                    error.code(),
                    Some(&SqlState::UNDEFINED_TABLE | &SqlState::UNDEFINED_COLUMN)
                ) =>
            {
                return Ok(None);
            }
            Err(error) => return Err(error),
        };
        match rows.first() {
            Some(row) => {
                let ceiling: i64 = row.try_get(0)?;
                let now_ms: i64 = row.try_get(1)?;
                Ok(Some(Renewed {
                    ceiling_ms: u64::try_from(ceiling).unwrap_or(0),
                    now_ms,
                }))
            }
            None => Ok(None),
        }
    }

    /// Frees the row at once if it still carries `token`, keeping its mark: whether it did.
    pub(crate) fn release(&self, client: &mut Client, held: &Held) -> Result<bool, LeaseError> {
        let worker_id = held.worker_id as i16;
        let token = held.token as i64;
        let rows = client
            .query_typed(
                &self.release,
                &[(&worker_id, Type::INT2), (&token, Type::INT8)],
            )
            .map_err(|error| self.failed("releasing the worker id", error))?;
        Ok(!rows.is_empty())
    }
}

/// A count of milliseconds as the `bigint` parameters take it.
fn millis(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

/// The first and last worker id a claim may take, as the `smallint` column holds them.
fn worker_bounds(claim: &Claim<'_>) -> (i16, i16) {
    // Checked by the configuration: within 0 to 1023.
    let as_column = |id: u16| i16::try_from(id).unwrap_or(i16::MAX);
    (
        as_column(*claim.worker_ids.start()),
        as_column(*claim.worker_ids.end()),
    )
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
    use crate::store::sql::{bad_table_names, documentation};

    #[test]
    fn the_documented_sql_is_the_sql_that_runs() {
        let docs = documentation();
        let table = Table::parse("snowflake_worker_lease").unwrap();
        for statement in table.create_statements() {
            assert!(docs.contains(&statement), "not in the docs:\n{statement}");
        }
    }

    #[test]
    fn names_are_checked_and_quoted() {
        // Without a schema: public's table, whatever the search_path.
        let plain = Table::parse("lease").unwrap();
        assert_eq!(plain.quoted, "\"public\".\"lease\"");
        assert_eq!(plain.name, "public.lease");
        // Folded as PostgreSQL folds `CREATE TABLE Ids.Lease_2`.
        let folded = Table::parse("Ids.Lease_2").unwrap();
        assert_eq!(folded.quoted, "\"ids\".\"lease_2\"");
        assert_eq!(folded.name, "ids.lease_2");
        for bad in &bad_table_names(&["a\"b", "é"]) {
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
