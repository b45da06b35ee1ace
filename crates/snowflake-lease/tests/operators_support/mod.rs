//! The operator scenarios that every store's test shares: holder A serving flat out in a child
//! process, holder B beside it, the check that no (worker id, millisecond) was served by both
//! (`assert_apart`, with the children), and the tests themselves ([`operator_tests`]). A
//! store's test supplies the table and the operator's statements as an [`Operated`]; its
//! common module, imported as `store`, supplies the child processes and the configuration.

use std::io::BufReader;
use std::process::{Child, ChildStdout};
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use snowflake_lease::{LeaseConfig, LeaseError, LeasedGenerator};

use crate::store::{
    assert_apart, child_role, flat_out, read_until, serve_until_told, short, spawn_child_command,
    stop_serving, this_binary, value,
};

/// How long B serves beside A, flat out: its fills run ahead of its clock, as A's did.
pub(crate) const B_SERVES: Duration = Duration::from_millis(1200);

/// The store's short lease (`store::short`) on `table`, with a little skew allowed: the
/// server and the test share one clock.
pub(crate) fn config(connection: &str, table: &str) -> LeaseConfig {
    short(connection, table).max_clock_skew(Duration::from_millis(20))
}

/// Holder A's ttl in the child's environment, in milliseconds: [`config`]'s when unset.
pub(crate) const A_TTL_MS: &str = "LEASE_A_TTL_MS";

/// [`config`] with the ttl `ttl` and its default margin.
pub(crate) fn config_with_ttl(connection: &str, table: &str, ttl: Duration) -> LeaseConfig {
    LeaseConfig::new(connection)
        .table(table)
        .ttl(ttl)
        .max_clock_skew(Duration::from_millis(20))
}

/// A's configuration in the child: [`config`], or the ttl of [`A_TTL_MS`].
pub(crate) fn config_of_a(connection: &str, table: &str) -> LeaseConfig {
    match std::env::var(A_TTL_MS) {
        Ok(ms) => config_with_ttl(
            connection,
            table,
            Duration::from_millis(ms.parse().unwrap()),
        ),
        Err(_) => config(connection, table),
    }
}

/// In a child: A serves flat out on `table` until told ([`serve_until_told`]).
pub(crate) fn holder_a_in_child(connection: &str, table: &str) -> ! {
    serve_until_told(&config_of_a(connection, table))
}

/// Holder A of `test`, serving flat out in a child on `table`: the child, its output and its
/// worker id.
pub(crate) fn start_holder_a(
    test: &str,
    connection: &str,
    table: &str,
    ttl: Option<Duration>,
) -> (Child, BufReader<ChildStdout>, u16) {
    let ttl_ms = ttl.map(|ttl| ttl.as_millis().to_string());
    let env: Vec<(&str, &str)> = ttl_ms.iter().map(|ms| (A_TTL_MS, ms.as_str())).collect();
    let mut child = spawn_child_command(this_binary(), test, "holder", connection, table, &env);
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let lines = read_until(&mut child, &mut stdout, "ready");
    let worker_id = value(&lines, "worker_id");
    // A moment of flat-out serving before anyone touches the table: A is at its ceiling. A
    // holder with a ttl of its own serves until its clock has passed its floor, which is as
    // far ahead as its marks may be (two thirds of the ttl, at most): its ids then run from
    // the clock to its ceiling, where a newcomer that gets a lower one starts.
    let settle = ttl.map_or(Duration::ZERO, |ttl| ttl * 2 / 3);
    thread::sleep(settle + Duration::from_millis(300));
    (child, stdout, worker_id)
}

/// B acquires, serves flat out for [`B_SERVES`], and stops: its worker id and milliseconds.
pub(crate) fn holder_b(generator: LeasedGenerator) -> (u16, Vec<u64>) {
    let stop = AtomicBool::new(false);
    let served = thread::scope(|scope| {
        let server = scope.spawn(|| flat_out(&generator, &stop));
        thread::sleep(B_SERVES);
        stop.store(true, Ordering::Relaxed);
        server.join().unwrap()
    });
    (generator.worker_id(), served)
}

/// The scenario on `table`, which has only worker id 0 free: holder A of `test` serves flat
/// out in a child; `operate` runs (again, while B's claim finds the row held) until B claims;
/// B serves beside A; then A stops. Both held worker id 0, served no millisecond both, and A
/// knew its lease lost. A's ttl is `ttls.0` and B's `ttls.1` when given.
pub(crate) fn a_and_b_around_an_operator(
    test: &str,
    scenario: &str,
    connection: &str,
    table: &str,
    ttls: Option<(Duration, Duration)>,
    mut operate: impl FnMut(),
) {
    let (a, a_stdout, a_worker) = start_holder_a(test, connection, table, ttls.map(|(a, _)| a));
    let config_of_b = match ttls {
        None => config(connection, table),
        Some((_, b)) => config_with_ttl(connection, table, b),
    };
    let started = Instant::now();
    // A renews every third of its ttl: a row freed by hand goes back to A if A renews before
    // B claims.
    let b = loop {
        operate();
        match LeasedGenerator::acquire(&config_of_b) {
            Ok(b) => break b,
            Err(LeaseError::AllHeld { .. }) if started.elapsed() < Duration::from_secs(10) => {}
            Err(other) => panic!("{scenario}: B's acquire: {other}"),
        }
    };
    let (b_worker, b_served) = holder_b(b);
    // A long-ttl A learns of the loss at its next renewal, which may come after B has stopped.
    if let Some((a_ttl, _)) = ttls {
        thread::sleep(a_ttl / 3 + Duration::from_millis(500));
    }
    let (a_served, a_lost) = stop_serving(a, a_stdout);
    assert_eq!(
        (a_worker, b_worker),
        (0, 0),
        "{scenario}: both on worker id 0"
    );
    assert_apart((a_worker, &a_served), (b_worker, &b_served), scenario);
    assert!(a_lost, "{scenario}: A still counted its lease as its own");
}

/// What the operator scenarios need of a store: a table to operate on, and the operator.
pub(crate) trait Operated {
    /// A's ttl and B's in the scenarios with holders of different ttls.
    const MIXED_TTLS: (Duration, Duration);

    /// A table as new, named after `name`, whose rows are all held but worker id 0's: A takes
    /// 0, at its clock, and so does B once the operator has emptied or freed it. The store's
    /// location and the table.
    fn table_with_only_row_0_free(name: &str) -> (String, String);

    /// An operator's session on `connection`, opened now: what runs the statements of
    /// `scenario` on `table`, as an operator types them, each time it is called.
    fn operator(connection: &str, table: &str, scenario: &str) -> impl FnMut();
}

/// A serves; the operator runs `scenario`; B acquires and serves beside A.
pub(crate) fn while_a_serves_an_operator_runs<S: Operated>(test: &str, scenario: &str) {
    while_a_serves_an_operator_runs_with::<S>(test, scenario, None);
}

/// [`while_a_serves_an_operator_runs`], with A's ttl `ttls.0` and B's `ttls.1` when given,
/// each with its default margin.
pub(crate) fn while_a_serves_an_operator_runs_with<S: Operated>(
    test: &str,
    scenario: &str,
    ttls: Option<(Duration, Duration)>,
) {
    if let Some((_, connection, table)) = child_role() {
        holder_a_in_child(&connection, &table);
    }
    let name = match ttls {
        None => format!("operator_{scenario}"),
        Some(_) => format!("operator_{scenario}_mixed_ttls"),
    };
    let (connection, table) = S::table_with_only_row_0_free(&name);
    let operate = S::operator(&connection, &table, scenario);
    a_and_b_around_an_operator(test, scenario, &connection, &table, ttls, operate);
}

/// The operator tests of every store, on the store `$store` (an [`Operated`]); each test's
/// name is also the name its children run.
macro_rules! operator_tests {
    ($store:ty) => {
        #[test]
        fn dropping_the_table_while_a_holder_serves_gives_no_duplicate() {
            $crate::operators_support::while_a_serves_an_operator_runs::<$store>(
                "dropping_the_table_while_a_holder_serves_gives_no_duplicate",
                "drop",
            );
        }

        #[test]
        fn truncating_and_refilling_the_table_gives_no_duplicate() {
            $crate::operators_support::while_a_serves_an_operator_runs::<$store>(
                "truncating_and_refilling_the_table_gives_no_duplicate",
                "truncate",
            );
        }

        #[test]
        fn deleting_and_refilling_the_rows_gives_no_duplicate() {
            $crate::operators_support::while_a_serves_an_operator_runs::<$store>(
                "deleting_and_refilling_the_rows_gives_no_duplicate",
                "delete",
            );
        }

        #[test]
        fn freeing_a_held_row_by_hand_gives_no_duplicate() {
            $crate::operators_support::while_a_serves_an_operator_runs::<$store>(
                "freeing_a_held_row_by_hand_gives_no_duplicate",
                "free",
            );
        }

        #[test]
        fn truncating_the_table_of_a_longer_ttl_holder_gives_no_duplicate() {
            $crate::operators_support::while_a_serves_an_operator_runs_with::<$store>(
                "truncating_the_table_of_a_longer_ttl_holder_gives_no_duplicate",
                "truncate",
                Some(<$store as $crate::operators_support::Operated>::MIXED_TTLS),
            );
        }

        #[test]
        fn dropping_the_table_of_a_longer_ttl_holder_gives_no_duplicate() {
            $crate::operators_support::while_a_serves_an_operator_runs_with::<$store>(
                "dropping_the_table_of_a_longer_ttl_holder_gives_no_duplicate",
                "drop",
                Some(<$store as $crate::operators_support::Operated>::MIXED_TTLS),
            );
        }

        #[test]
        fn freeing_the_row_of_a_longer_ttl_holder_gives_no_duplicate() {
            $crate::operators_support::while_a_serves_an_operator_runs_with::<$store>(
                "freeing_the_row_of_a_longer_ttl_holder_gives_no_duplicate",
                "free",
                Some(<$store as $crate::operators_support::Operated>::MIXED_TTLS),
            );
        }
    };
}
pub(crate) use operator_tests;
