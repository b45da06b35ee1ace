//! What the lease refuses, and what it says: a free row that another claim has locked, rows
//! whose mark is too far ahead to serve under (a poisoned row), a role without privileges, a
//! missing table it may not create, a batch no ceiling leaves room for; and the events it
//! reports. Against the shared throwaway server.
#![cfg(unix)]

mod common;

use std::time::Duration;

use common::{claim_past_a_poisoned_row, connection, create_table, recorded, short, sql};
use snowflake::SnowflakeId;
use snowflake_lease::{Error, LeaseError, LeaseEvent, LeasedGenerator};
use test_support::lease_table::hold_all_but;

#[test]
fn a_free_row_locked_by_another_claim_is_named_as_such() {
    let connection = connection("postgres");
    let table = "refusal_locked";
    create_table(&connection, table);
    let mut client = sql(&connection);
    hold_all_but(&mut client, table, 9);
    // Another claimant has the one free row locked, mid-statement.
    let mut other = sql(&connection);
    let mut claiming = other.transaction().unwrap();
    claiming
        .execute(
            &format!("SELECT 1 FROM {table} WHERE worker_id = 9 FOR UPDATE"),
            &[],
        )
        .unwrap();
    let error = LeasedGenerator::acquire(&short(&connection, table)).unwrap_err();
    match &error {
        LeaseError::AllHeld {
            held,
            locked,
            ahead,
            ..
        } => assert_eq!((*held, *locked, *ahead), (1023, 1, 0)),
        other => panic!("expected AllHeld, got {other:?}"),
    }
    let message = error.to_string();
    assert!(
        message.contains(
            "1023 held by live leases, 1 free but being claimed by other processes (retry)"
        ),
        "{message}"
    );
    claiming.rollback().unwrap();
    // Once the other claim is over, the row is there.
    let generator = LeasedGenerator::acquire(&short(&connection, table)).unwrap();
    assert_eq!(generator.worker_id(), 9);
}

#[test]
fn a_row_whose_mark_is_far_ahead_is_passed_over_and_reported() {
    let connection = connection("postgres");
    let table = "refusal_ahead";
    create_table(&connection, table);
    let mut client = sql(&connection);
    hold_all_but(&mut client, table, 4);
    // A host whose clock was far ahead wrote a mark past the id range (2107), and the free
    // row after it is usable.
    let poisoned = 4_320_914_029_887i64;
    client
        .execute(
            &format!(
                "UPDATE {table} SET expires_at = '-infinity', high_water_ms = $1 WHERE worker_id = 3"
            ),
            &[&poisoned],
        )
        .unwrap();
    let generator = claim_past_a_poisoned_row(&short(&connection, table), poisoned);
    generator.generate().unwrap();
}

#[test]
fn a_role_without_privileges_is_told_so() {
    let connection = connection("postgres");
    let table = "refusal_privileges";
    create_table(&connection, table);
    let mut client = sql(&connection);
    client
        .batch_execute(
            "DROP ROLE IF EXISTS lease_reader; CREATE ROLE lease_reader LOGIN; \
             GRANT SELECT ON refusal_privileges TO lease_reader",
        )
        .unwrap();
    let as_reader = format!("{connection} user=lease_reader");
    let error = LeasedGenerator::acquire(&short(&as_reader, table)).unwrap_err();
    assert!(
        matches!(&error, LeaseError::Privilege { missing: "UPDATE", role, .. } if role == "lease_reader"),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        "the role \"lease_reader\" lacks UPDATE on lease table \"public.refusal_privileges\": the \
         lease needs SELECT and UPDATE (GRANT SELECT, UPDATE ON public.refusal_privileges TO \
         lease_reader)"
    );
    // A role with no privilege at all: still a privilege problem, not a missing column.
    client
        .batch_execute("REVOKE SELECT ON refusal_privileges FROM lease_reader")
        .unwrap();
    let error = LeasedGenerator::acquire(&short(&as_reader, table)).unwrap_err();
    assert!(
        matches!(
            &error,
            LeaseError::Privilege {
                missing: "SELECT and UPDATE",
                ..
            }
        ),
        "{error:?}"
    );
}

#[test]
fn a_missing_table_is_created_and_reported_or_refused_when_creating_is_off() {
    let connection = connection("postgres");
    let error =
        LeasedGenerator::acquire(&short(&connection, "refusal_not_created").create_table(false))
            .unwrap_err();
    assert!(
        matches!(&error, LeaseError::TableMissing { table } if table == "public.refusal_not_created"),
        "{error:?}"
    );
    let exists: bool = sql(&connection)
        .query_one("SELECT to_regclass('refusal_not_created') IS NOT NULL", &[])
        .unwrap()
        .get(0);
    assert!(!exists, "nothing was created");

    let (config, events) = recorded(short(&connection, "refusal_created"));
    let generator = LeasedGenerator::acquire(&config).unwrap();
    let worker_id = generator.worker_id();
    generator.release().unwrap();
    let events = events.lock().unwrap().clone();
    assert!(
        matches!(
            &events[..],
            [
                LeaseEvent::TableCreated { table },
                LeaseEvent::Acquired { .. },
                LeaseEvent::Released { worker_id: released },
            ] if table == "public.refusal_created" && *released == worker_id
        ),
        "{events:?}"
    );
}

#[test]
fn a_batch_no_ceiling_leaves_room_for_is_refused_at_once() {
    let connection = connection("postgres");
    let generator = LeasedGenerator::acquire(&short(&connection, "refusal_batch")).unwrap();
    // Whatever the ttl (1 s here), a lead of 6,666 ms: room for 6,667 milliseconds of 4096
    // ids at most.
    assert_eq!(generator.max_batch(), 6_667 * 4096);
    let mut ids = vec![SnowflakeId::MIN; generator.max_batch() + 1];
    assert_eq!(
        generator.fill(&mut ids),
        Err(Error::BatchTooLarge {
            requested: 6_667 * 4096 + 1,
            limit: 6_667 * 4096,
            lead_ms: 6_666,
        })
    );
    assert!(
        ids.iter().all(|id| *id == SnowflakeId::MIN),
        "nothing served"
    );
    assert_eq!(generator.state().refused, 0, "not a refusal of the lease");
}

#[test]
fn a_stolen_row_reports_the_loss_once() {
    let connection = connection("postgres");
    let table = "refusal_events";
    let (config, events) = recorded(short(&connection, table));
    let generator = LeasedGenerator::acquire(&config).unwrap();
    let worker_id = generator.worker_id();
    sql(&connection)
        .execute(
            &format!("UPDATE {table} SET token = 0 WHERE worker_id = $1"),
            &[&(worker_id as i16)],
        )
        .unwrap();
    common::poll("the loss", Duration::from_secs(5), || {
        generator.state().lost.then_some(())
    });
    assert_eq!(
        generator.generate(),
        Err(Error::LeaseLost { worker_id }),
        "lost for good"
    );
    assert!(generator.state().refused >= 1);
    let lost: Vec<LeaseEvent> = events
        .lock()
        .unwrap()
        .iter()
        .filter(|event| matches!(event, LeaseEvent::Lost { .. }))
        .cloned()
        .collect();
    assert_eq!(lost.len(), 1, "{lost:?}");
}
