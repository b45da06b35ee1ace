//! Every program in `examples/` runs to success: the PostgreSQL ones against the throwaway
//! cluster of the tests (through `DATABASE_URL`), the others on their own. `cargo test` builds
//! the examples beside the tests; each must print what it stored.

use std::path::PathBuf;
use std::process::Command;

/// The examples, each with a fragment of what it prints.
const EXAMPLES: &[(&str, &str)] = &[
    ("tokio_postgres", " "),
    ("sqlx_postgres", " "),
    ("sqlx_sqlite", " paid"),
    ("rusqlite", " lamp"),
    ("diesel_postgres", " "),
    ("diesel_sqlite", " pen"),
    ("bson", "\"_id\": ObjectId("),
];

/// Where cargo puts the examples of this package: `examples/` beside this test's `deps/`.
fn example(name: &str) -> PathBuf {
    let test = std::env::current_exe().expect("the test's path");
    let profile = test
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps");
    profile
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
}

#[test]
fn every_example_runs() {
    let url = {
        let cluster = test_support::postgres::shared()
            .lock()
            .expect("the cluster");
        format!(
            "postgres://{}@localhost/postgres?host={}&port={}",
            test_support::postgres::USER,
            cluster.socket_dir().display(),
            test_support::postgres::PORT
        )
    };
    for (name, printed) in EXAMPLES {
        let path = example(name);
        assert!(
            path.exists(),
            "example {name} is not built at {}: run `cargo test -p tick-identifier --all-features`, \
             which builds the examples with the tests",
            path.display()
        );
        let output = Command::new(&path)
            .env("DATABASE_URL", &url)
            .output()
            .unwrap_or_else(|error| panic!("running {}: {error}", path.display()));
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success() && stdout.contains(printed),
            "example {name}: {}\nstdout:\n{stdout}\nstderr:\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
    }
}
