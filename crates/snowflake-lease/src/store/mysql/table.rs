//! The lease table on MySQL and MariaDB: its name, its SQL statements, its creation and the
//! check of its shape and privileges.
//!
//! Every statement is text: the numbers are written by this module (never taken from input),
//! the owner's host name goes as a hexadecimal literal, and the names are checked and quoted.
//! So each step is one round trip of one or a few statements (the server runs a multi-statement
//! text query in order and stops at the first error), and nothing depends on prepared
//! statements. The clock is `UTC_TIMESTAMP(3)`, whatever the session's time zone.

use core::time::Duration;
use std::format;

use mysql::prelude::Queryable;
use mysql::{Conn, Row};
use snowflake::SnowflakeId;

use crate::error::LeaseError;
use crate::store::sql::{bad_row, check_columns, checked_table_name, database_error};
use crate::store::{Claim, Claimed, Held, Renewed, Seen};

/// The server's clock, as every statement reads it: the statement's start, in UTC.
const NOW: &str = "UTC_TIMESTAMP(3)";

/// The server's clock in Unix milliseconds: [`NOW`] counted from the epoch, with no time zone
/// in between.
const NOW_MS: &str =
    "(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', UTC_TIMESTAMP(3)) DIV 1000)";

/// `expires_at` of a free row: far in the past (MySQL has no `-infinity`), so that never-used
/// and released rows come before recently expired ones.
pub(crate) const FREE: &str = "'1000-01-01 00:00:00.000'";

/// The columns the lease needs: name, MySQL's `DATA_TYPE`s it accepts (the first as the
/// message names it), and whether it must be NOT NULL.
const COLUMNS: [(&str, &[&str], bool); 8] = [
    ("worker_id", &["smallint"], true),
    ("token", &["bigint"], false),
    ("generation", &["bigint"], true),
    (
        "owner_host",
        &[
            "varchar",
            "char",
            "text",
            "tinytext",
            "mediumtext",
            "longtext",
        ],
        false,
    ),
    ("owner_pid", &["int"], false),
    ("acquired_at", &["datetime"], false),
    ("expires_at", &["datetime"], true),
    ("high_water_ms", &["bigint"], true),
];

/// Columns whose values may be negative (a token is any 64 bits): not UNSIGNED.
const SIGNED: [&str; 3] = ["token", "generation", "high_water_ms"];

/// A server error code: the table does not exist.
pub(crate) const NO_SUCH_TABLE: u16 = 1146;
/// A server error code: a column does not exist.
const BAD_FIELD: u16 = 1054;
/// A server error code: a command denied on a table (`SELECT command denied to user …`).
const TABLE_ACCESS_DENIED: u16 = 1142;
/// A server error code: access denied to a database.
const DB_ACCESS_DENIED: u16 = 1044;
/// A server error code: the transaction was a deadlock's victim, and rolled back.
const DEADLOCK: u16 = 1213;
/// A server error code: a lock wait timed out (the statement was rolled back).
const LOCK_WAIT_TIMEOUT: u16 = 1205;

/// How many times a claim runs when InnoDB rolls it back for a deadlock or a lock wait.
const CLAIM_ATTEMPTS: u32 = 3;

/// A checked table name and the statements on it.
pub(crate) struct Table {
    /// `database.name`, for messages.
    pub(crate) name: String,
    /// The database, as the server names it, and the table's name in it.
    database: String,
    relation: String,
    /// Quoted, part by part: `` `database`.`name` ``.
    quoted: String,
}

impl Table {
    /// Checks `name` (`name` or `database.name`, folded to lower case), and puts a name
    /// without a database in `url_database`, the URL's.
    pub(crate) fn parse(name: &str, url_database: Option<&str>) -> Result<Table, LeaseError> {
        let (database, relation) = match checked_table_name(name)? {
            (Some(database), relation) => (database, relation),
            (None, relation) => match url_database {
                Some(database) => (database.to_owned(), relation),
                None => {
                    return Err(LeaseError::MysqlUrl {
                        reason: format!(
                            "it names no database, and the table {name:?} names none either: \
                             give mysql://…/database, or the table as database.name"
                        ),
                    });
                }
            },
        };
        let quoted = format!("{}.{}", quote(&database), quote(&relation));
        Ok(Table {
            name: format!("{database}.{relation}"),
            database,
            relation,
            quoted,
        })
    }

    /// The statements that create the table and its 1,024 rows, in order: what the docs show.
    #[cfg(test)]
    pub(crate) fn create_statements(&self) -> [String; 2] {
        Self::statements_creating(&self.quoted)
    }

    /// [`Table::create_statements`] for the table `q` (quoted).
    fn statements_creating(q: &str) -> [String; 2] {
        [
            format!(
                "CREATE TABLE IF NOT EXISTS {q} (\n    \
                 worker_id     SMALLINT     NOT NULL PRIMARY KEY CHECK (worker_id BETWEEN 0 AND {max}),\n    \
                 token         BIGINT       NULL,\n    \
                 generation    BIGINT       NOT NULL DEFAULT 0,\n    \
                 owner_host    VARCHAR(255) NULL,\n    \
                 owner_pid     INT          NULL,\n    \
                 acquired_at   DATETIME(3)  NULL,\n    \
                 expires_at    DATETIME(3)  NOT NULL DEFAULT {FREE},\n    \
                 high_water_ms BIGINT       NOT NULL DEFAULT 0,\n    \
                 INDEX expires_at_worker_id (expires_at, worker_id)\n\
                 ) ENGINE = InnoDB",
                max = SnowflakeId::MAX_WORKER_ID
            ),
            // 32 × 32 rows from a recursion 31 deep: MySQL stops recursions at 1,000 by default.
            format!(
                "INSERT IGNORE INTO {q} (worker_id)\n    \
                 WITH RECURSIVE n (i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 31)\n    \
                 SELECT a.i * 32 + b.i FROM n AS a CROSS JOIN n AS b"
            ),
        ]
    }

    /// Creates the table if missing (when `create` allows), under a named lock so that
    /// processes starting together create it once, then checks its engine, its columns and
    /// the user's privileges: whether this call created it. `creator` opens the connection
    /// the creation runs on, whose timeouts allow `creation_timeout` of waiting for peers.
    pub(crate) fn prepare(
        &self,
        conn: &mut Conn,
        create: bool,
        creation_timeout: Duration,
        creator: impl FnOnce() -> Result<Conn, LeaseError>,
    ) -> Result<bool, LeaseError> {
        let mut created = false;
        if self.engine(conn)?.is_none() {
            if !create {
                return Err(LeaseError::TableMissing {
                    table: self.name.clone(),
                });
            }
            let mut creation = creator()?;
            created = self.create(&mut creation, creation_timeout)?;
        }
        match self.engine(conn)? {
            None => {
                return Err(LeaseError::TableMissing {
                    table: self.name.clone(),
                });
            }
            Some(engine) if !engine.eq_ignore_ascii_case("InnoDB") => {
                return Err(LeaseError::TableEngine {
                    table: self.name.clone(),
                    engine,
                });
            }
            Some(_) => {}
        }
        self.check_privileges(conn)?;
        self.check_shape(conn)?;
        Ok(created)
    }

    /// The table's storage engine, or `None` if the table is missing (or hidden from the
    /// user, who has no privilege on it).
    fn engine(&self, conn: &mut Conn) -> Result<Option<String>, LeaseError> {
        let looking = "looking for the table";
        let rows = run(
            conn,
            &format!(
                "SELECT COALESCE(ENGINE, '') FROM information_schema.TABLES \
                 WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {}",
                literal(&self.database),
                literal(&self.relation)
            ),
        )
        .map_err(|error| self.failed(looking, error))?;
        match rows.first() {
            None => Ok(None),
            Some(row) => Ok(Some(
                text(row, 0).map_err(|detail| bad_row(&self.name, detail))?,
            )),
        }
    }

    /// Creates the table under the named lock, waiting up to `timeout` for peers that hold
    /// it: whether this call created it (a peer may have, while this one waited).
    fn create(&self, conn: &mut Conn, timeout: Duration) -> Result<bool, LeaseError> {
        let creating = "creating the table";
        // A lock name of at most 64 characters, whatever the table's.
        let lock = format!(
            "CONCAT('snowflake_lease_', SHA1({}))",
            hex(format!("{}.{}", self.database, self.relation).as_bytes())
        );
        let seconds = timeout.as_secs().max(1);
        let got = run(conn, &format!("SELECT GET_LOCK({lock}, {seconds})"))
            .map_err(|error| self.failed(creating, error))?;
        match got.first().map(|row| number(row, 0)) {
            Some(Ok(1)) => {}
            Some(Ok(0)) => {
                return Err(LeaseError::Unanswered {
                    store: self.name.clone(),
                    action: "waiting for peers creating the table",
                    waited: timeout,
                });
            }
            other => {
                return Err(bad_row(&self.name, format!("GET_LOCK returned {other:?}")));
            }
        }
        let result = (|| {
            // Read again under the lock: a peer may have made it meanwhile.
            if self.engine(conn)?.is_some() {
                return Ok(false);
            }
            // Made and filled under another name, then renamed into place in one step: a
            // CREATE TABLE commits at once on MySQL, and a peer that found the table between
            // it and the INSERT would find no row to claim. A staging table a crashed creator
            // left is dropped first.
            let staging = self.staging_quoted();
            let mut statements = vec![format!("DROP TABLE IF EXISTS {staging}")];
            statements.extend(Self::statements_creating(&staging));
            statements.push(format!("RENAME TABLE {staging} TO {}", self.quoted));
            for statement in statements {
                if let Err(error) = run(conn, &statement) {
                    return Err(self.creation_failed(conn, error));
                }
            }
            Ok(true)
        })();
        // The lock goes with the connection in any case, which the caller drops.
        let _ = run(conn, &format!("DO RELEASE_LOCK({lock})"));
        result
    }

    /// The name the table is made under before it is renamed into place: the table's, cut to
    /// leave room for a suffix within MySQL's 64 characters, in the same database.
    fn staging_quoted(&self) -> String {
        const SUFFIX: &str = "_creating";
        let relation = self
            .relation
            .get(..64 - SUFFIX.len())
            .unwrap_or(&self.relation);
        format!(
            "{}.{}",
            quote(&self.database),
            quote(&format!("{relation}{SUFFIX}"))
        )
    }

    /// The error of a failed creation: a user without `CREATE` is told what to do instead.
    fn creation_failed(&self, conn: &mut Conn, error: mysql::Error) -> LeaseError {
        if matches!(code(&error), Some(TABLE_ACCESS_DENIED | DB_ACCESS_DENIED))
            && let Ok(user) = current_user(conn)
        {
            return LeaseError::CreatePrivilege {
                table: self.name.clone(),
                role: user,
                schema: self.database.clone(),
            };
        }
        self.failed("creating the table", error)
    }

    /// The user may read and update the table: each is tried on no row, and a refusal named.
    fn check_privileges(&self, conn: &mut Conn) -> Result<(), LeaseError> {
        let checking = "checking the user's privileges on the table";
        let q = &self.quoted;
        let mut denied = |statement: &str| match run(conn, statement) {
            Ok(_) => Ok(false),
            Err(error) if code(&error) == Some(TABLE_ACCESS_DENIED) => Ok(true),
            // A column missing: the check of the shape names it.
            Err(error) if code(&error) == Some(BAD_FIELD) => Ok(false),
            Err(error) => Err(self.failed(checking, error)),
        };
        let select = denied(&format!("SELECT worker_id FROM {q} WHERE FALSE"))?;
        let update = denied(&format!("UPDATE {q} SET owner_pid = NULL WHERE FALSE"))?;
        let missing = match (select, update) {
            (false, false) => return Ok(()),
            (true, true) => "SELECT and UPDATE",
            (true, false) => "SELECT",
            (false, true) => "UPDATE",
        };
        let role = current_user(conn).map_err(|error| self.failed(checking, error))?;
        Err(LeaseError::Privilege {
            table: self.name.clone(),
            role,
            missing,
        })
    }

    /// Every column the lease uses is there, with its type, and NOT NULL where the statements
    /// need a value; times keep milliseconds. Other columns are allowed.
    fn check_shape(&self, conn: &mut Conn) -> Result<(), LeaseError> {
        let checking = "checking the table's columns";
        let rows = run(
            conn,
            &format!(
                "SELECT COLUMN_NAME, DATA_TYPE, COLUMN_TYPE, IS_NULLABLE, \
                 COALESCE(DATETIME_PRECISION, 0) FROM information_schema.COLUMNS \
                 WHERE TABLE_SCHEMA = {} AND TABLE_NAME = {}",
                literal(&self.database),
                literal(&self.relation)
            ),
        )
        .map_err(|error| self.failed(checking, error))?;
        let mut found = Vec::with_capacity(rows.len());
        for row in &rows {
            let column = (|| -> Result<_, String> {
                Ok((
                    text(row, 0)?.to_ascii_lowercase(),
                    text(row, 1)?.to_ascii_lowercase(),
                    text(row, 2)?.to_ascii_lowercase(),
                    text(row, 3)? == "YES",
                    number(row, 4)?,
                ))
            })()
            .map_err(|detail| bad_row(&self.name, detail))?;
            found.push(column);
        }
        let problems = COLUMNS.into_iter().map(|(column, types, not_null)| {
            let expected = match types[0] {
                "datetime" => "datetime(3)",
                other => other,
            };
            let problem = match found.iter().find(|(name, ..)| name == column) {
                None => format!("is missing (expected {expected})"),
                Some((_, data_type, column_type, ..)) if !types.contains(&data_type.as_str()) => {
                    format!("has type {column_type}, expected {expected}")
                }
                Some((_, _, column_type, ..))
                    if SIGNED.contains(&column) && column_type.contains("unsigned") =>
                {
                    format!("has type {column_type}, expected {expected} (signed)")
                }
                // Rounded to the second, an expiry could fall before the holder's deadline.
                Some((_, _, column_type, _, precision))
                    if types[0] == "datetime" && *precision < 3 =>
                {
                    format!("has type {column_type}, expected {expected} (milliseconds at least)")
                }
                Some((.., nullable, _)) if not_null && *nullable => {
                    format!("may be NULL, expected {expected} NOT NULL")
                }
                Some(_) => return (column, None),
            };
            (column, Some(problem))
        });
        check_columns(&self.name, problems)
    }

    /// Claims the free row that expired first (never-used and released rows, at the far past,
    /// before recently expired ones), skipping rows other claims hold locked and rows whose
    /// mark is more than the lead and the skew above the server's clock: `Ok(None)` if there
    /// is none. One transaction in two round trips: the locking read, then the write and what
    /// the claim returns. A transaction that InnoDB chose as a deadlock's victim, or whose lock
    /// wait timed out, is run again, up to [`CLAIM_ATTEMPTS`] times.
    pub(crate) fn claim(
        &self,
        conn: &mut Conn,
        claim: &Claim<'_>,
    ) -> Result<Option<Claimed>, LeaseError> {
        let mut attempt = 1;
        loop {
            match self.claim_once(conn, claim) {
                Ok(claimed) => return claimed,
                Err(error)
                    if attempt < CLAIM_ATTEMPTS
                        && matches!(code(&error), Some(DEADLOCK | LOCK_WAIT_TIMEOUT)) =>
                {
                    // A lock wait's timeout ends the statement, not the transaction.
                    run(conn, "ROLLBACK")
                        .map_err(|error| self.failed("acquiring a worker id", error))?;
                    attempt += 1;
                }
                Err(error) => return Err(self.failed("acquiring a worker id", error)),
            }
        }
    }

    /// One attempt of [`Table::claim`]: the client's error as it is, for the retry, or what
    /// the rows say.
    #[allow(
        clippy::type_complexity,
        reason = "the client's error outside, the lease's inside"
    )]
    fn claim_once(
        &self,
        conn: &mut Conn,
        claim: &Claim<'_>,
    ) -> Result<Result<Option<Claimed>, LeaseError>, mysql::Error> {
        let q = &self.quoted;
        let (first, last) = (claim.worker_ids.start(), claim.worker_ids.end());
        let ahead_of = claim.lead_ms.saturating_add(claim.skew_ms);
        let rows = run(
            conn,
            &format!(
                "START TRANSACTION; \
                 SELECT worker_id, high_water_ms FROM {q} \
                 WHERE expires_at <= {NOW} AND high_water_ms <= {NOW_MS} + {ahead_of} \
                 AND worker_id BETWEEN {first} AND {last} \
                 ORDER BY expires_at, worker_id LIMIT 1 FOR UPDATE SKIP LOCKED"
            ),
        )?;
        let Some(row) = rows.first() else {
            run(conn, "ROLLBACK")?;
            return Ok(Ok(None));
        };
        let (worker_id, old_mark) = match (|| Ok::<_, String>((number(row, 0)?, number(row, 1)?)))()
        {
            Ok(values) => values,
            Err(detail) => return Ok(Err(bad_row(&self.name, detail))),
        };
        let Ok(worker_id) = u16::try_from(worker_id) else {
            return Ok(Err(bad_row(
                &self.name,
                format!("worker_id {worker_id} is out of range"),
            )));
        };
        // Bit for bit: the column is a BIGINT, the token any 64 bits.
        let token = claim.token as i64;
        let ttl_us = claim.ttl.as_micros();
        let lead = claim.lead_ms;
        let host = hex_text(claim.host);
        let rows = run(
            conn,
            &format!(
                "UPDATE {q} SET token = {token}, generation = generation + 1, \
                 owner_host = {host}, owner_pid = {pid}, acquired_at = {NOW}, \
                 expires_at = {NOW} + INTERVAL {ttl_us} MICROSECOND, \
                 high_water_ms = GREATEST(high_water_ms, {NOW_MS} + {lead}) \
                 WHERE worker_id = {worker_id}; \
                 SELECT generation, {NOW_MS}, (SELECT COUNT(*) FROM {q} \
                 WHERE expires_at <= {NOW} AND high_water_ms > {NOW_MS} + {ahead_of} \
                 AND worker_id BETWEEN {first} AND {last}) FROM {q} WHERE worker_id = {worker_id}; \
                 COMMIT",
                pid = claim.pid,
            ),
        )?;
        // What the transaction returned, once committed.
        Ok((|| {
            let row = rows.first().ok_or_else(|| {
                bad_row(
                    &self.name,
                    format!("worker_id {worker_id} vanished in its claim"),
                )
            })?;
            let (generation, now_ms, ahead) =
                (|| Ok::<_, String>((number(row, 0)?, number(row, 1)?, number(row, 2)?)))()
                    .map_err(|detail| bad_row(&self.name, detail))?;
            let now_ms = u64::try_from(now_ms).map_err(|_| {
                bad_row(
                    &self.name,
                    format!("the server's clock reads {now_ms} ms, before 1970"),
                )
            })?;
            Ok(Some(Claimed {
                worker_id,
                generation: u64::try_from(generation).unwrap_or(0),
                // A negative mark promises nothing: a holder starts above the clock anyway.
                old_mark_ms: u64::try_from(old_mark).unwrap_or(0),
                now_ms,
                ahead: u32::try_from(ahead).unwrap_or(u32::MAX),
            }))
        })())
    }

    /// What the rows look like, for [`LeaseError::AllHeld`]: held, locked by another claim,
    /// or too far ahead (above the lead and the skew over the server's clock).
    pub(crate) fn seen(&self, conn: &mut Conn, claim: &Claim<'_>) -> Result<Seen, LeaseError> {
        let counting = "counting the leases held";
        let q = &self.quoted;
        let (first, last) = (claim.worker_ids.start(), claim.worker_ids.end());
        let ahead_of = claim.lead_ms.saturating_add(claim.skew_ms);
        let free = format!("expires_at <= {NOW}");
        let far = format!("high_water_ms > {NOW_MS} + {ahead_of}");
        let rows = run(
            conn,
            &format!(
                "SELECT COALESCE(SUM(expires_at > {NOW}), 0), \
                 COALESCE(SUM({free} AND NOT ({far})), 0), \
                 COALESCE(SUM({free} AND {far}), 0), \
                 COALESCE(MAX(CASE WHEN {free} AND {far} THEN high_water_ms - {NOW_MS} END), 0) \
                 FROM {q} WHERE worker_id BETWEEN {first} AND {last}"
            ),
        )
        .map_err(|error| self.failed(counting, error))?;
        let Some(row) = rows.first() else {
            return Ok(Seen::default());
        };
        let count = |index| {
            number(row, index)
                .map(|value| u32::try_from(value).unwrap_or(u32::MAX))
                .map_err(|detail| bad_row(&self.name, detail))
        };
        Ok(Seen {
            held: count(0)?,
            locked: count(1)?,
            ahead: count(2)?,
            ahead_ms: u64::try_from(number(row, 3).map_err(|detail| bad_row(&self.name, detail))?)
                .unwrap_or(0),
        })
    }

    /// Extends the lease and raises the mark towards `proposal`, capped at `lead_ms` above
    /// the server's clock, if the row still carries `token`: the ceiling now written and the
    /// server's clock, or `None` if another process holds the row, or the row or the table is
    /// gone. One transaction in one round trip; the ceiling is read before the commit, so
    /// its cap is the clock of a moment before the write became visible.
    pub(crate) fn renew(
        &self,
        conn: &mut Conn,
        held: &Held,
        proposal_ms: u64,
    ) -> Result<Option<Renewed>, String> {
        let q = &self.quoted;
        let worker_id = held.worker_id;
        let token = held.token as i64;
        let ttl_us = held.ttl.as_micros();
        let lead = held.lead_ms;
        let holds = format!("worker_id = {worker_id} AND token = {token}");
        let result = run(
            conn,
            &format!(
                "START TRANSACTION; \
                 UPDATE {q} SET expires_at = {NOW} + INTERVAL {ttl_us} MICROSECOND, \
                 high_water_ms = GREATEST(high_water_ms, LEAST({proposal_ms}, {NOW_MS} + {lead})) \
                 WHERE {holds}; \
                 SELECT LEAST(high_water_ms, {NOW_MS} + {lead}), {NOW_MS} FROM {q} WHERE {holds}; \
                 COMMIT"
            ),
        );
        let rows = match result {
            Ok(rows) => rows,
            // A table dropped, or made again otherwise: the row is gone.
            Err(error) if matches!(code(&error), Some(NO_SUCH_TABLE | BAD_FIELD)) => {
                return Ok(None);
            }
            Err(error) => return Err(describe(&error)),
        };
        let Some(row) = rows.first() else {
            return Ok(None);
        };
        let ceiling = number(row, 0)?;
        let now_ms = number(row, 1)?;
        Ok(Some(Renewed {
            ceiling_ms: u64::try_from(ceiling).unwrap_or(0),
            now_ms,
        }))
    }

    /// Frees the row at once if it still carries `token`, keeping its mark: whether it did.
    pub(crate) fn release(&self, conn: &mut Conn, held: &Held) -> Result<bool, LeaseError> {
        let token = held.token as i64;
        conn.query_drop(format!(
            "UPDATE {} SET expires_at = {FREE} WHERE worker_id = {} AND token = {token}",
            self.quoted, held.worker_id
        ))
        .map_err(|error| self.failed("releasing the worker id", error))?;
        Ok(conn.affected_rows() > 0)
    }

    pub(crate) fn failed(&self, action: &'static str, error: mysql::Error) -> LeaseError {
        database_error(&self.name, action, describe(&error), error)
    }
}

/// Runs `statements` (one, or several separated by `;`) as one text query: the rows of every
/// result set, in order, or the first error (the statements after it were not run).
pub(crate) fn run(conn: &mut Conn, statements: &str) -> Result<Vec<Row>, mysql::Error> {
    let mut result = conn.query_iter(statements)?;
    let mut rows = Vec::new();
    while let Some(set) = result.iter() {
        for row in set {
            rows.push(row?);
        }
    }
    Ok(rows)
}

/// The server's error code, when the server refused the statement.
pub(crate) fn code(error: &mysql::Error) -> Option<u16> {
    match error {
        mysql::Error::MySqlError(error) => Some(error.code),
        _ => None,
    }
}

/// The client's error with what it wraps.
pub(crate) fn describe(error: &mysql::Error) -> String {
    let mut text = match error {
        // `ERROR 1146 (42S02): Table 'app.lease' doesn't exist`, without the wrapper's name.
        mysql::Error::MySqlError(error) => error.to_string(),
        error => error.to_string(),
    };
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    text
}

/// `CURRENT_USER()`, quoted as a grant names it: `'name'@'host'`.
fn current_user(conn: &mut Conn) -> Result<String, mysql::Error> {
    let rows = run(conn, "SELECT CURRENT_USER()")?;
    let user = rows
        .first()
        .and_then(|row| text(row, 0).ok())
        .unwrap_or_default();
    Ok(match user.rsplit_once('@') {
        Some((name, host)) => format!("'{name}'@'{host}'"),
        None => user,
    })
}

/// Column `index` of a text row, as a number.
fn number(row: &Row, index: usize) -> Result<i64, String> {
    match row.get_opt::<i64, usize>(index) {
        Some(Ok(value)) => Ok(value),
        Some(Err(error)) => Err(format!("column {index} is not a number: {error}")),
        None => Err(format!("column {index} is missing")),
    }
}

/// Column `index` of a text row, as text.
fn text(row: &Row, index: usize) -> Result<String, String> {
    match row.get_opt::<String, usize>(index) {
        Some(Ok(value)) => Ok(value),
        Some(Err(error)) => Err(format!("column {index} is not text: {error}")),
        None => Err(format!("column {index} is missing")),
    }
}

/// An identifier in backquotes, a backquote doubled.
fn quote(name: &str) -> String {
    format!("`{}`", name.replace('`', "``"))
}

/// A string literal, for names compared with the catalog's: quotes doubled and backslashes
/// escaped, as the session's SQL mode (set at connect, without `NO_BACKSLASH_ESCAPES`) reads
/// them.
fn literal(text: &str) -> String {
    format!("'{}'", text.replace('\\', "\\\\").replace('\'', "''"))
}

/// The owner's host name, at most the column's 255 characters, as a literal that no
/// character can end early: hexadecimal, converted to the column's character set.
fn hex_text(text: &str) -> String {
    let end = text
        .char_indices()
        .nth(255)
        .map_or(text.len(), |(index, _)| index);
    format!("CONVERT({} USING utf8mb4)", hex(&text.as_bytes()[..end]))
}

fn hex(bytes: &[u8]) -> String {
    let mut literal = String::with_capacity(3 + 2 * bytes.len());
    literal.push_str("X'");
    for byte in bytes {
        literal.push_str(&format!("{byte:02X}"));
    }
    literal.push('\'');
    literal
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::sql::{bad_table_names, documentation};

    #[test]
    fn the_documented_sql_is_the_sql_that_runs() {
        let docs = documentation();
        let table = Table::parse("snowflake_worker_lease", Some("app")).unwrap();
        for statement in table.create_statements() {
            let statement = format!("{statement};");
            assert!(docs.contains(&statement), "not in the docs:\n{statement}");
        }
    }

    #[test]
    fn names_are_checked_folded_and_quoted() {
        let plain = Table::parse("Lease", Some("App")).unwrap();
        assert_eq!(
            (plain.name.as_str(), plain.quoted.as_str()),
            ("App.lease", "`App`.`lease`")
        );
        let qualified = Table::parse("Ids.Lease_2", None).unwrap();
        assert_eq!(qualified.quoted, "`ids`.`lease_2`");
        let odd = Table::parse("lease", Some("a`b")).unwrap();
        assert_eq!(odd.quoted, "`a``b`.`lease`");
        assert!(matches!(
            Table::parse("lease", None),
            Err(LeaseError::MysqlUrl { .. })
        ));
        for bad in &bad_table_names(&["a`b"]) {
            assert!(
                matches!(
                    Table::parse(bad, Some("db")),
                    Err(LeaseError::TableName { .. })
                ),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn text_goes_as_hexadecimal() {
        assert_eq!(literal(r"a'\`"), r"'a''\\`'");
        assert_eq!(hex_text("a'`"), "CONVERT(X'612760' USING utf8mb4)");
        assert_eq!(hex_text(""), "CONVERT(X'' USING utf8mb4)");
        let long = "é".repeat(300);
        assert_eq!(hex_text(&long), hex_text(&"é".repeat(255)));
        assert_eq!(
            hex_text(&long).len(),
            "CONVERT(X'' USING utf8mb4)".len() + 255 * 4
        );
    }
}
