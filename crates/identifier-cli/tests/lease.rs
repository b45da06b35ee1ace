//! `identifier snowflake --lease` against a real PostgreSQL server (test-support's throwaway
//! cluster, shared by the tests here, each with a table of its own): ids under a leased
//! worker id, release, usage errors, an unreachable server, a lease stolen from a running
//! process, a holder whose clock ran ahead; and `--rate` and `--forever`.
#![cfg(unix)]

mod common;

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::PoisonError;
use std::sync::mpsc::{self, Receiver};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use common::{output as identifier, text};
use postgres::{Client, NoTls};
use snowflake::SnowflakeId;
use snowflake_lease::{LeaseConfig, LeasedGenerator};
use test_support::generated::assert_strictly_increasing;
use test_support::lease_table::hold_all_but;
use test_support::postgres::shared;

/// How long a child may take to do what it must before the test gives up on it: a guard
/// against hanging, never a measure of speed.
const PATIENCE: Duration = Duration::from_secs(60);

/// The shared cluster's `postgres` database.
fn connection() -> String {
    shared()
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .connection_string("postgres")
}

/// The shared cluster's socket directory.
fn socket_dir() -> String {
    let cluster = shared().lock().unwrap_or_else(PoisonError::into_inner);
    cluster
        .socket_dir()
        .to_str()
        .expect("a UTF-8 path")
        .to_owned()
}

fn sql(connection: &str) -> Client {
    Client::connect(connection, NoTls).expect("a connection for the test's own statements")
}

/// Each stdout line of `output`, as a Snowflake id.
fn snowflakes(output: &Output) -> Vec<SnowflakeId> {
    text(&output.stdout)
        .lines()
        .map(|line| {
            line.parse()
                .unwrap_or_else(|error| panic!("{line:?} is not a Snowflake id: {error}"))
        })
        .collect()
}

/// The args of `identifier snowflake --lease` on `table`, then `more`.
fn leased<'a>(connection: &'a str, table: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["snowflake", "--lease", connection, "--lease-table", table];
    args.extend(more);
    args
}

/// Creates the lease table through the library: acquire, release.
fn create_table(connection: &str, table: &str) {
    LeasedGenerator::acquire(&LeaseConfig::new(connection).table(table))
        .unwrap()
        .release()
        .unwrap();
}

/// A running command whose stdout lines arrive on a channel; a partial last line (a
/// killed process) is left out.
struct Running {
    child: Child,
    lines: Receiver<String>,
    /// `None` once joined.
    reader: Option<JoinHandle<()>>,
}

/// A test that fails midway leaves no `--forever` process behind.
impl Drop for Running {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

impl Running {
    fn start(command: &mut Command) -> Running {
        let mut child = command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the command runs");
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
        let (sender, lines) = mpsc::channel();
        let reader = thread::spawn(move || {
            loop {
                let mut line = String::new();
                match stdout.read_line(&mut line) {
                    Ok(0) | Err(_) => return,
                    Ok(_) if !line.ends_with('\n') => return,
                    Ok(_) => {
                        line.pop();
                        if sender.send(line).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Running {
            child,
            lines,
            reader: Some(reader),
        }
    }

    /// The next `n` lines; fails if the command ends first or takes longer than PATIENCE.
    fn take(&mut self, n: usize) -> Vec<String> {
        (0..n)
            .map(|index| {
                self.lines.recv_timeout(PATIENCE).unwrap_or_else(|_| {
                    panic!("line {index} of {n}: the command ended or stalled first")
                })
            })
            .collect()
    }

    /// Waits for the command to end (it must, within PATIENCE): its status, the lines it
    /// wrote after those already taken, and its stderr.
    fn finish(&mut self) -> (ExitStatus, Vec<String>, String) {
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("the child can be waited for") {
                break status;
            }
            if start.elapsed() > PATIENCE {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!("the command still ran after {PATIENCE:?}");
            }
            thread::sleep(Duration::from_millis(10));
        };
        if let Some(reader) = self.reader.take() {
            reader.join().expect("the reader thread ends");
        }
        let rest = self.lines.try_iter().collect();
        let mut stderr = String::new();
        if let Some(mut pipe) = self.child.stderr.take() {
            pipe.read_to_string(&mut stderr).expect("stderr is UTF-8");
        }
        (status, rest, stderr)
    }
}

fn parse(lines: &[String]) -> Vec<SnowflakeId> {
    lines
        .iter()
        .map(|line| {
            line.parse()
                .unwrap_or_else(|error| panic!("{line:?} is not a Snowflake id: {error}"))
        })
        .collect()
}

#[test]
fn ids_under_a_leased_worker_id_and_the_row_released_after() {
    let connection = connection();
    let table = "cli_lease_five";
    let output = identifier(&leased(&connection, table, &["-n", "5"]));
    assert!(output.status.success(), "{output:?}");
    let first = snowflakes(&output);
    assert_eq!(first.len(), 5);
    assert_strictly_increasing(&first);
    let worker_id = first[0].worker_id();
    assert!(first.iter().all(|id| id.worker_id() == worker_id));
    // Each lease event on standard error, the table's creation and the worker id among them.
    let events: Vec<String> = text(&output.stderr).lines().map(str::to_owned).collect();
    assert_eq!(events.len(), 3, "{events:?}");
    assert_eq!(
        events[0],
        format!(
            "identifier: lease: lease table \"public.{table}\" was missing: created it with its 1024 \
             rows"
        )
    );
    assert!(
        events[1].starts_with(&format!(
            "identifier: lease: acquired worker_id {worker_id} (generation 1) of \"public.{table}\": ids \
             from "
        )),
        "{events:?}"
    );
    assert_eq!(
        events[2],
        format!("identifier: lease: lease on worker_id {worker_id} released")
    );

    let mut client = sql(&connection);
    let released = |client: &mut Client| -> Vec<(i16, i64)> {
        client
            .query(
                &format!(
                    "SELECT worker_id, generation FROM {table} \
                     WHERE generation >= 1 AND expires_at = '-infinity'"
                ),
                &[],
            )
            .unwrap()
            .iter()
            .map(|row| (row.get(0), row.get(1)))
            .collect()
    };
    let held = client
        .query_one(
            &format!("SELECT count(*) FROM {table} WHERE generation >= 1"),
            &[],
        )
        .unwrap()
        .get::<_, i64>(0);
    assert_eq!(held, 1, "one row was ever leased");
    assert_eq!(released(&mut client), [(worker_id as i16, 1)]);

    // The URL form, with the socket directory as a percent-encoded host: the released row
    // comes first again, and its next holder starts above the first one's ids.
    let url = format!(
        "postgresql://{}@{}:{}/postgres",
        test_support::postgres::USER,
        socket_dir().replace('/', "%2F"),
        test_support::postgres::PORT
    );
    let output = identifier(&leased(&url, table, &["-n", "5"]));
    assert!(output.status.success(), "{output:?}");
    let second = snowflakes(&output);
    assert_eq!(second.len(), 5);
    assert!(second.iter().all(|id| id.worker_id() == worker_id));
    let all: Vec<SnowflakeId> = first.iter().chain(&second).copied().collect();
    assert_strictly_increasing(&all);
    assert_eq!(released(&mut client), [(worker_id as i16, 2)]);

    // As JSON lines with --format json.
    let output = identifier(&leased(
        &connection,
        table,
        &["-n", "1", "--format", "json"],
    ));
    assert!(output.status.success(), "{output:?}");
    let kinds: Vec<String> = text(&output.stderr)
        .lines()
        .map(|line| {
            let event: serde_json::Value = serde_json::from_str(line).unwrap();
            assert!(event["message"].is_string(), "{line}");
            event["event"].as_str().unwrap().to_owned()
        })
        .collect();
    assert_eq!(kinds, ["acquired", "released"]);
}

/// Hosts or fleets that split the 1,024 worker ids: each run leases only from its range.
#[test]
fn worker_ids_limit_the_worker_ids_leased() {
    let connection = connection();
    let table = "cli_lease_range";
    for _ in 0..2 {
        let output = identifier(&leased(
            &connection,
            table,
            &["--worker-ids", "512-512", "-n", "3"],
        ));
        assert!(output.status.success(), "{output:?}");
        let ids = snowflakes(&output);
        assert_eq!(ids.len(), 3);
        assert!(ids.iter().all(|id| id.worker_id() == 512), "{ids:?}");
    }
    // A range whose every worker id is held: the error names the counts, exit status 1.
    let mut client = sql(&connection);
    client
        .batch_execute(&format!(
            "UPDATE {table} SET expires_at = now() + interval '1 hour', token = 0 \
             WHERE worker_id = 512"
        ))
        .unwrap();
    let output = identifier(&leased(&connection, table, &["--worker-ids", "512-512"]));
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("1 held by live leases, 0 free but being claimed"),
        "{stderr}"
    );
}

#[test]
fn lease_options_are_usage_errors_with_worker_id_or_without_lease() {
    // Each message names both arguments (in the order they were given).
    let cases: [(&[&str], &[&str]); 10] = [
        (
            &["snowflake", "--worker-id", "1", "--lease", "host=/tmp"],
            &[
                "cannot be used with",
                "'--worker-id <WORKER_ID>'",
                "'--lease <LOCATION>'",
            ],
        ),
        (
            &["snowflake", "--worker-id", "1", "--lease-table", "t"],
            &[
                "cannot be used with",
                "'--lease-table <NAME>'",
                "'--worker-id <WORKER_ID>'",
            ],
        ),
        (
            &["snowflake", "--lease-ttl", "2", "--worker-id", "1"],
            &[
                "cannot be used with",
                "'--lease-ttl <SECONDS>'",
                "'--worker-id <WORKER_ID>'",
            ],
        ),
        (
            &["snowflake", "--lease-table", "t"],
            &[
                "required",
                "<--worker-id <WORKER_ID>|--lease <LOCATION>|--policy|--min-at <TIMESTAMP>|--max-at \
                 <TIMESTAMP>>",
            ],
        ),
        (
            &["snowflake", "--lease", "host=/tmp", "--at", "1704067201000"],
            &[
                "cannot be used with",
                "'--lease <LOCATION>'",
                "'--at <TIMESTAMP>'",
            ],
        ),
        (
            &["snowflake", "--lease", "host=/tmp", "--lease-ttl", "2s"],
            &[
                "'2s' for '--lease-ttl <SECONDS>'",
                "expected a decimal number of seconds",
            ],
        ),
        (
            &["snowflake", "--worker-id", "1", "--worker-ids", "0-3"],
            &[
                "cannot be used with",
                "'--worker-ids <A-B>'",
                "'--worker-id <WORKER_ID>'",
            ],
        ),
        // A range outside 0-1023, an empty one, or not a range: refused with the valid form.
        (
            &[
                "snowflake",
                "--lease",
                "host=/tmp",
                "--worker-ids",
                "96-1024",
            ],
            &[
                "'96-1024' for '--worker-ids <A-B>'",
                "expected A-B, two worker ids from 0 to 1023 with A <= B",
            ],
        ),
        (
            &[
                "snowflake",
                "--lease",
                "host=/tmp",
                "--worker-ids",
                "127-96",
            ],
            &[
                "'127-96' for '--worker-ids <A-B>'",
                "expected A-B, two worker ids from 0 to 1023 with A <= B",
            ],
        ),
        (
            &["snowflake", "--lease", "host=/tmp", "--worker-ids", "96"],
            &[
                "'96' for '--worker-ids <A-B>'",
                "expected A-B, two worker ids from 0 to 1023 with A <= B",
            ],
        ),
    ];
    for (args, expected) in cases {
        let output = identifier(args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        for part in expected {
            assert!(stderr.contains(part), "{args:?}: {stderr}");
        }
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn an_unreachable_server_is_exit_status_1_naming_it() {
    let output = identifier(&[
        "snowflake",
        "--lease",
        "host=/nonexistent/identifier-sockets port=5432 user=identifier dbname=postgres",
        "-n",
        "3",
    ]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(output.stdout.is_empty());
    assert!(
        stderr.starts_with(
            "identifier: error: could not connect to PostgreSQL \
             (host=/nonexistent/identifier-sockets port=5432 dbname=postgres user=identifier)"
        ),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn a_ttl_too_small_is_exit_status_1_naming_the_ttl() {
    let connection = connection();
    let output = identifier(&leased(
        &connection,
        "cli_lease_small_ttl",
        &["--lease-ttl", "0.1"],
    ));
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(output.stdout.is_empty());
    assert!(
        stderr.starts_with("identifier: error: ttl 100ms is too small"),
        "{stderr}"
    );
}

#[test]
fn a_lease_taken_over_while_running_stops_it_with_exit_status_3() {
    let connection = connection();
    let table = "cli_lease_stolen";
    let mut running = Running::start(Command::new(env!("CARGO_BIN_EXE_identifier")).args(leased(
        &connection,
        table,
        &["--lease-ttl", "1", "--forever", "--rate", "200"],
    )));
    let mut lines = running.take(5);
    let worker_id = parse(&lines)[0].worker_id();
    let stolen = sql(&connection)
        .execute(
            &format!("UPDATE {table} SET token = token + 1 WHERE worker_id = $1"),
            &[&(worker_id as i16)],
        )
        .unwrap();
    assert_eq!(stolen, 1);
    let (status, rest, stderr) = running.finish();
    lines.extend(rest);
    assert_eq!(status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains(&format!("the lease on worker id {worker_id} was lost")),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("{} ids written", lines.len())),
        "{} lines: {stderr}",
        lines.len()
    );
    let ids = parse(&lines);
    assert_strictly_increasing(&ids);
    assert!(ids.iter().all(|id| id.worker_id() == worker_id));
}

#[test]
fn closing_the_output_of_a_forever_run_releases_the_lease() {
    let connection = connection();
    let table = "cli_lease_closed";
    let mut running = Running::start(Command::new(env!("CARGO_BIN_EXE_identifier")).args(leased(
        &connection,
        table,
        &["--forever", "--rate", "200"],
    )));
    let worker_id = parse(&running.take(3))[0].worker_id();
    // The reader goes away: the next write fails.
    drop(std::mem::replace(&mut running.lines, mpsc::channel().1));
    let (status, _, stderr) = running.finish();
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert!(
        stderr.ends_with(&format!(
            "identifier: lease: lease on worker_id {worker_id} released\n"
        )),
        "{stderr}"
    );
    let row = sql(&connection)
        .query_one(
            &format!(
                "SELECT expires_at = '-infinity', generation FROM {table} WHERE worker_id = $1"
            ),
            &[&(worker_id as i16)],
        )
        .unwrap();
    assert_eq!((row.get::<_, bool>(0), row.get::<_, i64>(1)), (true, 1));
}

#[test]
fn a_holder_whose_clock_runs_ahead_writes_no_mark_past_the_database_clock_and_says_why() {
    let connection = connection();
    let table = "cli_lease_clock_ahead";
    create_table(&connection, table);
    let mut client = sql(&connection);
    const W: u16 = 7;
    hold_all_but(&mut client, table, W);
    if let Err(error) = Command::new("faketime").arg("--help").output() {
        panic!(
            "cannot run `faketime` ({error}); this test needs it: `apt-get install faketime` \
             (Debian and Ubuntu; `brew install libfaketime` on macOS)"
        );
    }

    // Holder 1, its clock an hour ahead of the database's: the database caps every mark at
    // the lead above its own clock, so holder 1's ids never fit under a ceiling, and it
    // stops after a ttl of refusals, naming its clock.
    // Only the wall clock: libfaketime would move the monotonic clocks too, which the
    // kernel's absolute timeouts do not follow, and a wall clock ahead is what a host has.
    let output = Command::new("faketime")
        .args(["-f", "+3600s", env!("CARGO_BIN_EXE_identifier")])
        .env("DONT_FAKE_MONOTONIC", "1")
        .args(leased(
            &connection,
            table,
            &["--lease-ttl", "1", "-n", "10"],
        ))
        .output()
        .expect("faketime runs the command");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    assert!(output.stdout.is_empty(), "it served: {output:?}");
    assert!(
        stderr.contains("this host's clock is") && stderr.contains("ms ahead of the database's"),
        "{stderr}"
    );
    let ahead_ms: i64 = stderr
        .split("this host's clock is ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("no clock difference in {stderr}"));
    assert!(
        (3_500_000..3_700_000).contains(&ahead_ms),
        "{ahead_ms}: {stderr}"
    );
    // The lead is 6,666 ms, whatever the ttl: no mark in the row reaches further above the
    // database's clock, whatever holder 1's clock read.
    let beyond: i64 = client
        .query_one(
            &format!(
                "SELECT high_water_ms - floor(extract(epoch FROM now()) * 1000)::bigint \
                 FROM {table} WHERE worker_id = $1"
            ),
            &[&(W as i16)],
        )
        .unwrap()
        .get(0);
    assert!(
        beyond <= 6_666,
        "a mark {beyond} ms above the database's clock"
    );

    // Its row expires; holder 2, on the right clock, serves from the same row.
    let start = Instant::now();
    while !client
        .query_one(
            &format!("SELECT expires_at <= now() FROM {table} WHERE worker_id = $1"),
            &[&(W as i16)],
        )
        .unwrap()
        .get::<_, bool>(0)
    {
        assert!(start.elapsed() < PATIENCE, "the row never expired");
        thread::sleep(Duration::from_millis(50));
    }
    let output = identifier(&leased(
        &connection,
        table,
        &["--lease-ttl", "1", "-n", "2000"],
    ));
    assert!(output.status.success(), "{output:?}");
    let after = snowflakes(&output);
    assert_eq!(after.len(), 2000);
    assert_strictly_increasing(&after);
    assert!(after.iter().all(|id| id.worker_id() == W));
}

#[test]
fn rate_and_forever() {
    for args in [
        &["ulid", "--rate", "1000", "-n", "20"][..],
        &[
            "snowflake",
            "--worker-id",
            "9",
            "--rate",
            "1000",
            "-n",
            "20",
        ],
        &[
            "objectid",
            "--rate",
            "1000.5",
            "--at",
            "1350336377",
            "-n",
            "20",
        ],
    ] {
        let output = identifier(args);
        assert!(output.status.success(), "{args:?}: {output:?}");
        assert_eq!(text(&output.stdout).lines().count(), 20, "{args:?}");
    }
    for (args, expected) in [
        (
            &["ulid", "--forever", "-n", "3"][..],
            "'--forever' cannot be used with '--count <COUNT>'",
        ),
        (&["uuid7", "--rate", "0"], "must be greater than 0"),
        (&["uuid7", "--rate", "-1"], "unexpected argument '-1'"),
        (&["uuid7", "--rate", "1e3"], "expected a decimal number"),
    ] {
        let output = identifier(args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
    // Forever, until the reader goes away.
    let mut running =
        Running::start(Command::new(env!("CARGO_BIN_EXE_identifier")).args(["uuid7", "--forever"]));
    let ids: Vec<uuid7::Uuid7> = running
        .take(5000)
        .iter()
        .map(|line| line.parse().unwrap())
        .collect();
    assert_strictly_increasing(&ids);
    drop(std::mem::replace(&mut running.lines, mpsc::channel().1));
    let (status, _, stderr) = running.finish();
    assert_eq!(status.code(), Some(0), "{stderr}");
}
