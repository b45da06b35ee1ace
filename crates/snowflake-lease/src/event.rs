//! [`LeaseEvent`]: what happened to a lease, as [`LeaseConfig::on_event`] reports it.
//!
//! [`LeaseConfig::on_event`]: crate::LeaseConfig::on_event

use core::fmt;
use std::sync::Arc;

/// What happened to a lease: given to the callback of
/// [`LeaseConfig::on_event`](crate::LeaseConfig::on_event), on the thread that saw it (the
/// caller's for `acquire`, the renewal thread otherwise), as it happens.
///
/// Its `Display` is one line, for a log. The events to alert on are `Expired` (renewals
/// failed for longer than the lease lasts: the generator refuses to serve) and `Lost`
/// (another process holds the worker id now: the generator serves no more).
///
/// ```
/// use snowflake_lease::LeaseEvent;
///
/// let event = LeaseEvent::Lost {
///     worker_id: 3,
///     store: "public.snowflake_worker_lease".into(),
///     reason: "the row carries another holder's token".into(),
/// };
/// assert_eq!(
///     event.to_string(),
///     "lease on worker_id 3 of \"public.snowflake_worker_lease\" lost: the row carries another holder's token"
/// );
/// ```
///
/// With the feature `serde`, an event serializes as a map of its fields with its name, in
/// snake case, under `event`: `{"event":"lost","worker_id":3,"store":"…","reason":"…"}`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "event", rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum LeaseEvent {
    /// The table was missing and this acquire created it, with its 1,024 rows (see
    /// [`LeaseConfig::create_table`](crate::LeaseConfig::create_table)). The database stores
    /// only.
    TableCreated {
        /// The table, with its schema (PostgreSQL) or database (MySQL).
        table: String,
    },
    /// A worker id was claimed and can serve: ids from `floor_ms` up to `high_water_ms`.
    Acquired {
        /// The worker id.
        worker_id: u16,
        /// The store: the table, with its schema or database, or the directory.
        store: String,
        /// The row's generation, incremented by every acquisition.
        generation: u64,
        /// The lowest timestamp (Unix ms) this holder serves.
        floor_ms: u64,
        /// The first ceiling (Unix ms).
        high_water_ms: u64,
        /// Free worker ids passed over because their high-water mark is further ahead of the
        /// store's clock than a holder may ever write (a clock far ahead wrote it, an
        /// operator did, or the store's clock went back): they serve nobody until the clock
        /// gets there.
        passed_over: u32,
    },
    /// A renewal succeeded after failed attempts (the server was slow, away or restarting):
    /// the lease stands, with the same worker id.
    LateRenewal {
        /// The worker id.
        worker_id: u16,
        /// The attempts that failed before this one.
        failed_attempts: u32,
        /// Whether the local deadline had passed meanwhile: the generator refused to serve
        /// (`LeaseExpired`) until now.
        after_expiry: bool,
    },
    /// The local deadline passed without a successful renewal: the generator refuses to
    /// serve until a renewal succeeds, and another process may claim the worker id from the
    /// database's expiry on.
    Expired {
        /// The worker id.
        worker_id: u16,
        /// Why the last renewal failed.
        reason: String,
    },
    /// Another process holds the worker id now, or its row or table is gone: the generator
    /// serves no more. Acquire a new lease.
    Lost {
        /// The worker id.
        worker_id: u16,
        /// The store: the table, with its schema or database, or the directory.
        store: String,
        /// What the renewal found.
        reason: String,
    },
    /// The worker id was freed, by `release` or a drop.
    Released {
        /// The worker id.
        worker_id: u16,
    },
}

impl fmt::Display for LeaseEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeaseEvent::TableCreated { table } => {
                write!(
                    f,
                    "lease table {table:?} was missing: created it with its {} rows",
                    u32::from(snowflake::SnowflakeId::MAX_WORKER_ID) + 1
                )
            }
            LeaseEvent::Acquired {
                worker_id,
                store,
                generation,
                floor_ms,
                high_water_ms,
                passed_over,
            } => {
                write!(
                    f,
                    "acquired worker_id {worker_id} (generation {generation}) of {store:?}: ids \
                     from {floor_ms} to {high_water_ms} ms"
                )?;
                if *passed_over > 0 {
                    write!(
                        f,
                        "; passed over {passed_over} free worker ids whose high-water mark is \
                         ahead of the store's clock"
                    )?;
                }
                Ok(())
            }
            LeaseEvent::LateRenewal {
                worker_id,
                failed_attempts,
                after_expiry,
            } => {
                write!(
                    f,
                    "lease on worker_id {worker_id} renewed after {failed_attempts} failed \
                     attempts"
                )?;
                if *after_expiry {
                    f.write_str(": serving again after it had expired")?;
                }
                Ok(())
            }
            LeaseEvent::Expired { worker_id, reason } => write!(
                f,
                "lease on worker_id {worker_id} expired: no renewal succeeded in time \
                 (last: {reason}); not serving until one does"
            ),
            LeaseEvent::Lost {
                worker_id,
                store,
                reason,
            } => write!(
                f,
                "lease on worker_id {worker_id} of {store:?} lost: {reason}"
            ),
            LeaseEvent::Released { worker_id } => {
                write!(f, "lease on worker_id {worker_id} released")
            }
        }
    }
}

/// The callback of [`LeaseConfig::on_event`](crate::LeaseConfig::on_event).
pub(crate) type OnEvent = Arc<dyn Fn(&LeaseEvent) + Send + Sync>;

/// Calls the callback, if there is one.
pub(crate) fn emit(on_event: Option<&OnEvent>, event: LeaseEvent) {
    if let Some(on_event) = on_event {
        on_event(&event);
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::LeaseEvent;

    #[test]
    fn an_event_serializes_as_its_fields_and_its_name() {
        let event = LeaseEvent::LateRenewal {
            worker_id: 3,
            failed_attempts: 2,
            after_expiry: true,
        };
        assert_eq!(
            serde_json::to_string(&event).unwrap(),
            r#"{"event":"late_renewal","worker_id":3,"failed_attempts":2,"after_expiry":true}"#
        );
        let event = LeaseEvent::TableCreated { table: "t".into() };
        assert_eq!(
            serde_json::to_string(&event).unwrap(),
            r#"{"event":"table_created","table":"t"}"#
        );
    }
}
