//! Which table a name means, whatever the role and its `search_path`: two roles with schemas
//! of their own (PostgreSQL's recommended per-user setup, `CREATE SCHEMA alice AUTHORIZATION
//! alice` with the default `search_path` `"$user", public`), a `search_path` set in one
//! service's connection string or on its role, and a table of the same name in another
//! schema. Processes that name the table alike must share one table, or be refused: never
//! two tables handing out the same worker ids. Each test has a database of its own on the
//! shared throwaway server.
#![cfg(unix)]

mod common;

use common::{connection, recorded, short, sql};
use snowflake_lease::{LeaseConfig, LeaseError, LeaseEvent, LeasedGenerator};

/// The default table, as every message names it.
const QUALIFIED: &str = "public.snowflake_worker_lease";

/// A new database `name` on the shared server: its connection string, as the superuser.
fn database(name: &str) -> String {
    sql(&connection("postgres"))
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .unwrap();
    connection(name)
}

/// The schemas that hold a table named `snowflake_worker_lease`, in order.
fn tables_named_like_the_default(superuser: &str) -> Vec<String> {
    sql(superuser)
        .query(
            "SELECT schemaname::text FROM pg_tables WHERE tablename = 'snowflake_worker_lease' \
             ORDER BY 1",
            &[],
        )
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect()
}

/// The default table name, a 1 s lease.
fn default_name(connection: &str) -> LeaseConfig {
    LeaseConfig::new(connection)
        .ttl(std::time::Duration::from_secs(1))
        .max_clock_skew(std::time::Duration::ZERO)
}

#[test]
fn two_roles_with_schemas_of_their_own_never_get_two_tables() {
    let superuser = database("names_roles");
    sql(&superuser)
        .batch_execute(
            "CREATE ROLE alice LOGIN; CREATE ROLE bob LOGIN; \
             CREATE SCHEMA alice AUTHORIZATION alice; CREATE SCHEMA bob AUTHORIZATION bob",
        )
        .unwrap();
    let alice = format!("{superuser} user=alice");
    let bob = format!("{superuser} user=bob");
    // Each role's first process, with the default name. PostgreSQL 15 gives roles no CREATE
    // on `public`: neither may create the table there, and neither creates one of its own.
    let first_alice = LeasedGenerator::acquire(&default_name(&alice));
    let first_bob = LeasedGenerator::acquire(&default_name(&bob));
    let tables = tables_named_like_the_default(&superuser);
    assert!(
        tables.len() <= 1,
        "two roles made two lease tables, which hand out the same worker ids: {tables:?} \
         (alice got {:?}, bob {:?})",
        first_alice.as_ref().map(LeasedGenerator::worker_id),
        first_bob.as_ref().map(LeasedGenerator::worker_id),
    );
    for (role, result) in [("alice", first_alice), ("bob", first_bob)] {
        let error = result.expect_err("no role may create the table in public");
        assert!(
            matches!(&error, LeaseError::CreatePrivilege { table, role: named, schema }
                if table == QUALIFIED && named == role && schema == "public"),
            "{error:?}"
        );
        assert_eq!(
            error.to_string(),
            format!(
                "the role \"{role}\" may not create lease table \"{QUALIFIED}\": it lacks CREATE \
                 on schema \"public\"; create the table once as a role that may (its SQL is in \
                 the crate's docs, \"The table, for migrations\") and GRANT SELECT, UPDATE ON \
                 {QUALIFIED} TO {role}, or name a table in a schema every process can use"
            )
        );
    }
    assert_eq!(
        tables_named_like_the_default(&superuser),
        Vec::<String>::new()
    );

    // Made once by a role that may, and granted: both roles lease from that one table.
    LeasedGenerator::acquire(&default_name(&superuser))
        .unwrap()
        .release()
        .unwrap();
    sql(&superuser)
        .batch_execute(&format!(
            "GRANT SELECT, UPDATE ON {QUALIFIED} TO alice, bob"
        ))
        .unwrap();
    let (alice_config, alice_events) = recorded(default_name(&alice));
    let alice = LeasedGenerator::acquire(&alice_config).unwrap();
    let bob = LeasedGenerator::acquire(&default_name(&bob)).unwrap();
    assert_ne!(alice.worker_id(), bob.worker_id());
    assert_eq!(tables_named_like_the_default(&superuser), ["public"]);
    // Every message names the table with its schema.
    assert_eq!(alice.state().store, QUALIFIED);
    assert!(
        alice_events
            .lock()
            .unwrap()
            .iter()
            .any(|event| matches!(event, LeaseEvent::Acquired { store, .. } if store == QUALIFIED)),
        "{:?}",
        alice_events.lock().unwrap()
    );
}

#[test]
fn a_search_path_of_a_connection_or_a_role_does_not_move_the_table() {
    let superuser = database("names_search_path");
    sql(&superuser)
        .batch_execute("CREATE SCHEMA ids; CREATE ROLE carol SUPERUSER LOGIN")
        .unwrap();
    sql(&superuser)
        .batch_execute("ALTER ROLE carol SET search_path = ids")
        .unwrap();
    let plain = superuser.clone();
    // One service sets its search_path in its connection string, another on its role.
    let in_string = format!("{superuser} options='-csearch_path=ids'");
    let on_role = format!("{superuser} user=carol");
    let (config, events) = recorded(default_name(&in_string));
    let generators = [
        LeasedGenerator::acquire(&config).unwrap(),
        LeasedGenerator::acquire(&default_name(&on_role)).unwrap(),
        LeasedGenerator::acquire(&default_name(&plain)).unwrap(),
    ];
    let worker_ids: std::collections::BTreeSet<u16> =
        generators.iter().map(LeasedGenerator::worker_id).collect();
    assert_eq!(worker_ids.len(), 3, "{worker_ids:?}");
    assert_eq!(tables_named_like_the_default(&superuser), ["public"]);
    let events = events.lock().unwrap();
    assert!(
        matches!(&events[0], LeaseEvent::TableCreated { table } if table == QUALIFIED),
        "{events:?}"
    );
    assert_eq!(
        events[0].to_string(),
        format!("lease table \"{QUALIFIED}\" was missing: created it with its 1024 rows")
    );
}

#[test]
fn a_table_of_that_name_in_another_schema_is_named_not_shadowed_nor_doubled() {
    let superuser = database("names_elsewhere");
    // A table of the lease's shape in the role's own schema, made by hand.
    sql(&superuser)
        .batch_execute("CREATE ROLE dave SUPERUSER LOGIN; CREATE SCHEMA dave AUTHORIZATION dave")
        .unwrap();
    let dave = format!("{superuser} user=dave");
    LeasedGenerator::acquire(&short(&dave, "dave.snowflake_worker_lease"))
        .unwrap()
        .release()
        .unwrap();
    // The default name means public's table, which is missing: dave's own, first on its
    // search_path, is not taken for it, and no second table is made beside it.
    let error = LeasedGenerator::acquire(&default_name(&dave)).unwrap_err();
    assert!(
        matches!(&error, LeaseError::TableElsewhere { table, found }
            if table == QUALIFIED && found == "dave.snowflake_worker_lease"),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        format!(
            "lease table \"{QUALIFIED}\" is missing, and \"dave.snowflake_worker_lease\" is on \
             the role's search_path: a table name without a schema means the one in public; \
             name the table you mean with its schema"
        )
    );
    assert_eq!(tables_named_like_the_default(&superuser), ["dave"]);
    // Named in full, it is used.
    let generator = LeasedGenerator::acquire(&short(&dave, "dave.snowflake_worker_lease")).unwrap();
    assert_eq!(generator.state().store, "dave.snowflake_worker_lease");
}
