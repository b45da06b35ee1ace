//! Statements on a Snowflake lease table that the lease tests of the library and of the
//! command both need, against a real server (a [`crate::postgres::Cluster`]).
//!
//! Behind the feature `postgres`, so that crates whose tests need no client (the engine's
//! loom build among them) do not build one.

use postgres::Client;

/// Marks every row of the lease table `table` but `worker_id`'s held for an hour (by a token
/// no generator has): `worker_id` is then the only one an acquire can claim.
///
/// # Panics
///
/// If the statement fails, or the table does not hold the 1,024 rows of a lease table.
///
/// ```no_run
/// let mut client = postgres::Client::connect("host=/tmp user=identifier", postgres::NoTls)?;
/// test_support::lease_table::hold_all_but(&mut client, "snowflake_worker_leases", 7);
/// # Ok::<(), postgres::Error>(())
/// ```
pub fn hold_all_but(client: &mut Client, table: &str, worker_id: u16) {
    let held = client
        .execute(
            &format!(
                "UPDATE {table} SET expires_at = now() + interval '1 hour', token = 0 \
                 WHERE worker_id <> $1"
            ),
            &[&i16::try_from(worker_id).expect("a worker id below 1,024")],
        )
        .unwrap_or_else(|error| panic!("holding every row of {table} but {worker_id}: {error}"));
    assert_eq!(held, 1023, "rows of {table} held besides {worker_id}");
}
