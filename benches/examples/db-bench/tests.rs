//! The structural facts of both shapes, on one real server (Debian's PostgreSQL) at small
//! sizes, measured once for all the tests here: they do not depend on timing (WAL volumes,
//! full-page images and page counts come from the structure), and each threshold is set below
//! the values measured (see the note by each). Then the report and what `--write` decides.

use std::fmt::Debug;
use std::sync::OnceLock;
use std::time::Duration;

use super::app::Shape;
use super::*;
use crate::server::{Key, read_count};

/// Bulk: 20,000 rows. As applications write: 50,000 rows preloaded (a v4 index of about 280
/// leaf pages, each first change after the checkpoint a full-page image), 0.2 s from 2
/// connections (about 4,000 inserts here).
fn small() -> &'static Measurement {
    static SMALL: OnceLock<Result<Measurement, String>> = OnceLock::new();
    SMALL
        .get_or_init(|| measure(&Server::DebianInMemory, &small_options()))
        .as_ref()
        .expect("the measurement runs")
}

fn small_options() -> Options {
    Options {
        rows: 20_000,
        app: Shape {
            rows: 50_000,
            duration: Duration::from_millis(200),
            connections: 2,
        },
        postgres_18: false,
        write: false,
    }
}

/// Fails with the first of `facts` (each a check and what it says) that does not hold, naming
/// the key and showing both measurements.
fn assert_facts(key: Key, facts: &[(bool, &str)], ordered: &impl Debug, v4: &impl Debug) {
    for &(holds, fact) in facts {
        assert!(
            holds,
            "{}: not {fact}:\n{ordered:?}\nv4: {v4:?}",
            key.label()
        );
    }
}

const TIME_ORDERED: [Key; 4] = [Key::Uuid7, Key::Ulid, Key::ObjectId, Key::Snowflake];

#[test]
fn bulk_time_ordered_keys_keep_the_index_full_and_the_newest_rows_together() {
    let report = &small().bulk;
    let get = |key: Key| {
        report
            .results
            .iter()
            .find(|measured| measured.key == key)
            .expect("every key is measured")
            .clone()
    };
    let v4 = get(Key::UuidV4);
    for key in TIME_ORDERED.into_iter().chain([Key::UuidCrateV7]) {
        let ordered = get(key);
        let facts = [
            // Right-edge splits leave leaves at the fillfactor (90 %): measured 89.5-89.6 %.
            (ordered.leaf_density > 85.0, "leaves near the fillfactor"),
            // Random splits leave v4's leaves about 70 % full: measured 71-75 %.
            (
                ordered.leaf_density > v4.leaf_density + 10.0,
                "leaves fuller than v4's",
            ),
            // Most of the WAL is the table's, the same for every key; the index's splits
            // and full-page images add to v4's: measured 1.06 times the time-ordered keys'
            // (1.16 times bigint's) at 20,000 rows, every run.
            (v4.wal_bytes > ordered.wal_bytes * 1.02, "less WAL than v4"),
            // Measured 111-113 pages against 19-21.
            (
                v4.newest_pages > ordered.newest_pages * 3,
                "the newest rows on fewer pages than v4's",
            ),
        ];
        assert_facts(key, &facts, &ordered, &v4);
    }
}

#[test]
fn app_v4_writes_more_wal_and_full_page_images_and_time_ordered_leaves_stay_full() {
    let report = &small().app;
    let v4 = report.get(Key::UuidV4).expect("v4 is measured");
    assert!(v4.rows >= 200, "too few inserts to compare: {v4:?}");
    for key in TIME_ORDERED {
        let ordered = report.get(key).expect("every key is measured");
        let facts = [
            (ordered.rows >= 200, "enough inserts to compare"),
            // v4's first change of each leaf after the checkpoint is a full-page image:
            // measured 522-698 bytes a row against 239-256, 2.0-2.9 times. A faster machine
            // inserts more rows over the same ~280 leaf pages, hence the margin.
            (
                v4.wal_per_row() > ordered.wal_per_row() * 1.3,
                "less WAL per row than v4",
            ),
            // Measured 0.050-0.085 against 0.0006-0.0011 full-page images a row: 45-140 times.
            (
                v4.fpi_per_row() > ordered.fpi_per_row() * 10.0,
                "fewer full-page images per row than v4",
            ),
            // Single-row inserts from two connections still split the rightmost leaf at the
            // fillfactor: measured 89.6-90.1 %; v4's 64.4-67.2 %.
            (ordered.leaf_density > 85.0, "leaves near the fillfactor"),
            (
                ordered.leaf_density > v4.leaf_density + 10.0,
                "leaves fuller than v4's",
            ),
            // Measured 292-293 pages against 20-23.
            (
                v4.newest_pages > ordered.newest_pages * 3,
                "the newest rows on fewer pages than v4's",
            ),
        ];
        assert_facts(key, &facts, &ordered, &v4);
    }
}

#[test]
fn the_report_renders_and_only_write_touches_files() {
    let measurement = small();
    let printed = report::subsection(measurement);
    for key in TIME_ORDERED.into_iter().chain([Key::UuidV4]) {
        assert!(
            printed.matches(&format!("| {} |", key.label())).count() == 2,
            "{} in both tables:\n{printed}",
            key.label()
        );
    }
    assert!(printed.contains("benchmarks-postgres-app.svg"), "{printed}");
    // No uuidv7() on Debian's 15, so no comparison with it.
    assert!(!printed.contains("uuidv7()"), "{printed}");
    let svg = measurement.app.svg();
    assert!(
        svg.starts_with("<svg") && svg.ends_with("</svg>\n"),
        "{svg}"
    );

    let root = std::env::temp_dir().join(format!("db-bench-publish-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir(&root).expect("a temporary directory");
    let before = "# Benchmarks\n\n## In PostgreSQL\n\nold\n\n## In Python\n\npython\n";
    std::fs::write(root.join("BENCHMARKS.md"), before).expect("written");
    let files = benches::workspace::file_names;

    let options = Options::parse(&[]).expect("no flags");
    assert_eq!(
        publish(&root, &options, measurement).expect("nothing to do"),
        Vec::<String>::new()
    );
    assert_eq!(files(&root), ["BENCHMARKS.md"]);
    assert_eq!(
        std::fs::read_to_string(root.join("BENCHMARKS.md")).expect("readable"),
        before
    );

    let options = Options::parse(&["--write"]).expect("--write");
    let written = publish(&root, &options, measurement).expect("written");
    assert_eq!(written.len(), 3, "{written:?}");
    assert_eq!(
        files(&root),
        [
            "BENCHMARKS.md",
            "benchmarks-postgres-app.svg",
            "benchmarks-postgres.svg"
        ]
    );
    let after = std::fs::read_to_string(root.join("BENCHMARKS.md")).expect("readable");
    assert!(!after.contains("\nold\n"), "{after}");
    assert!(after.contains(&printed.trim_end().to_owned()), "{after}");
    assert!(after.ends_with("## In Python\n\npython\n"), "{after}");
    std::fs::remove_dir_all(&root).expect("removed");
}

#[test]
fn flags_have_defaults_and_bad_ones_say_what_was_expected() {
    assert_eq!(Options::parse(&[]), Ok(Options::default()));
    let defaults = Options::default();
    assert_eq!(
        (defaults.rows, defaults.app.rows, defaults.app.connections),
        (1_000_000, app::DEFAULT_ROWS, 4)
    );
    assert_eq!(defaults.app.duration, Duration::from_secs(20));
    assert!(!defaults.write && !defaults.postgres_18);
    let options = Options::parse(&[
        "--write",
        "--rows",
        "5_000",
        "--app-rows",
        "300000",
        "--app-seconds",
        "0.5",
        "--connections",
        "8",
        "--postgres-18",
    ])
    .expect("valid flags");
    assert_eq!(
        options,
        Options {
            rows: 5_000,
            app: Shape {
                rows: 300_000,
                duration: Duration::from_millis(500),
                connections: 8,
            },
            postgres_18: true,
            write: true,
        }
    );
    for (args, message) in [
        (&["--rows"][..], "--rows needs a value: a number of rows"),
        (&["--rows", "many"][..], "--rows takes a number of rows"),
        (
            &["--app-rows", "0"][..],
            "--app-rows takes a number of rows",
        ),
        (
            &["--app-seconds", "-1"][..],
            "--app-seconds takes a number of seconds",
        ),
        (
            &["--app-seconds", "0"][..],
            "--app-seconds takes a number of seconds",
        ),
        (
            &["--app-seconds", "NaN"][..],
            "--app-seconds takes a number of seconds",
        ),
        (
            &["--connections", "0"][..],
            "--connections takes a number of connections from 1 to 1023",
        ),
        (
            &["--connections", "1024"][..],
            "--connections takes a number of connections",
        ),
        (&["--fast"][..], "unknown argument \"--fast\""),
    ] {
        let error = Options::parse(args).expect_err("a bad flag");
        assert!(error.contains(message), "{args:?}: {error}");
    }
}

#[test]
fn the_top_buffers_line_counts_the_pages_read() {
    let plan = [
        "Bitmap Heap Scan on key_uuid7 (actual time=0.1..0.2 rows=1000 loops=1)".to_owned(),
        "  Buffers: shared hit=3 read=21".to_owned(),
        "  ->  Bitmap Index Scan on key_uuid7_pkey".to_owned(),
        "        Buffers: shared read=5".to_owned(),
    ];
    assert_eq!(read_count(&plan), Some(21));
    assert_eq!(read_count(&["  Buffers: shared hit=9".to_owned()]), Some(0));
    assert_eq!(read_count(&["Seq Scan".to_owned()]), None);
}
