//! The test binaries of the workspace, run a few at a time.
//!
//! `cargo test` runs one test binary after the other. Most of this workspace's wall time is
//! spent waiting (throwaway servers starting, leases expiring, child processes, sleeps), so
//! the binaries run here side by side, as many at once as [`jobs`] says, the slowest of the
//! last run first; each binary's output is printed whole when it ends, and every one runs
//! whatever the others do. Each runs as `cargo test` runs it: from its package's folder, with
//! the variables cargo sets for it. The doctests run beside them through `cargo test --doc`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// `cargo test` as the README's test command runs it: every package and feature, the locked
/// dependencies.
pub(crate) const CARGO_TEST: [&str; 4] = ["test", "--workspace", "--all-features", "--locked"];

/// [`CARGO_TEST`] for the caller's `cargo_args`: without `--workspace` where they name
/// packages (`-p tick-ulid`), which cargo would otherwise ignore for the whole workspace.
pub(crate) fn cargo_test<S: AsRef<str>>(cargo_args: &[S]) -> Vec<&'static str> {
    let names_packages = cargo_args.iter().map(AsRef::as_ref).any(|arg| {
        arg == "-p" || arg == "--package" || arg.starts_with("--package=") || {
            arg.starts_with("-p") && arg.len() > 2
        }
    });
    CARGO_TEST
        .into_iter()
        .filter(|arg| !(names_packages && *arg == "--workspace"))
        .collect()
}

/// One test binary that cargo built: what to run, and where.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Binary {
    /// `package/target`, for the report and the timings file.
    pub(crate) key: String,
    pub(crate) executable: PathBuf,
    /// The package's folder: the working directory `cargo test` gives it.
    pub(crate) dir: PathBuf,
    pub(crate) package: String,
    pub(crate) version: String,
}

/// A job of the pool: a test binary, or the doctests.
#[derive(Debug, Clone)]
enum Job {
    Binary(Binary),
    Doctests,
}

impl Job {
    fn key(&self) -> &str {
        match self {
            Job::Binary(binary) => &binary.key,
            Job::Doctests => "doctests",
        }
    }
}

/// What one job came to.
struct Done {
    key: String,
    output: Output,
    took: Duration,
}

/// How many binaries run at once: twice the processors, since most of them wait.
pub(crate) fn jobs() -> usize {
    thread::available_parallelism().map_or(2, |n| n.get() * 2)
}

/// The test binaries in cargo's JSON messages (`--message-format=json`): every artifact of the
/// test profile with an executable.
pub(crate) fn binaries(messages: &str) -> Vec<Binary> {
    messages
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|message| {
            message["reason"] == "compiler-artifact" && message["profile"]["test"] == true
        })
        .filter_map(|message| {
            let executable = PathBuf::from(message["executable"].as_str()?);
            let manifest = PathBuf::from(message["manifest_path"].as_str()?);
            let (package, version) = package_of(message["package_id"].as_str()?)?;
            let target = message["target"]["name"].as_str()?;
            let kind = message["target"]["kind"][0].as_str().unwrap_or("test");
            Some(Binary {
                key: format!("{package}/{kind}/{target}"),
                executable,
                dir: manifest.parent()?.to_path_buf(),
                package,
                version,
            })
        })
        .collect()
}

/// The name and version of a package id as cargo writes it:
/// `path+file:///w/crates/ulid#tick-ulid@0.1.0`, or `…/crates/xtask#0.1.0` when the name is
/// the folder's.
fn package_of(id: &str) -> Option<(String, String)> {
    let (url, fragment) = id.rsplit_once('#')?;
    match fragment.split_once('@') {
        Some((name, version)) => Some((name.to_owned(), version.to_owned())),
        None => {
            let name = url.trim_end_matches('/').rsplit('/').next()?;
            Some((name.to_owned(), fragment.to_owned()))
        }
    }
}

/// Runs every binary with `test_args`, and the doctests with `cargo_args` and `test_args`,
/// `jobs` at a time: the keys of those that failed. Prints each job's output as it ends.
pub(crate) fn run(
    root: &Path,
    binaries: Vec<Binary>,
    cargo_args: &[&str],
    test_args: &[&str],
    jobs: usize,
) -> Vec<String> {
    let timings_file = root.join("target").join("xtask-test-times.json");
    let last: BTreeMap<String, f64> = std::fs::read_to_string(&timings_file)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    let mut queue: Vec<Job> = binaries.into_iter().map(Job::Binary).collect();
    queue.push(Job::Doctests);
    // Taken from the end: the slowest first, so that none starts last and runs alone;
    // unknown ones count as slow.
    queue.sort_by(|a, b| {
        let time = |job: &Job| last.get(job.key()).copied().unwrap_or(f64::MAX);
        time(a).total_cmp(&time(b))
    });
    let total = queue.len();
    let queue = Arc::new(Mutex::new(queue));
    let (done_tx, done_rx) = mpsc::channel();
    let workers: Vec<_> = (0..jobs.max(1))
        .map(|_| {
            let queue = Arc::clone(&queue);
            let done_tx = done_tx.clone();
            let root = root.to_path_buf();
            let cargo_args: Vec<String> = cargo_args.iter().map(|s| (*s).to_owned()).collect();
            let test_args: Vec<String> = test_args.iter().map(|s| (*s).to_owned()).collect();
            thread::spawn(move || {
                loop {
                    let Some(job) = queue.lock().ok().and_then(|mut queue| queue.pop()) else {
                        return;
                    };
                    let start = Instant::now();
                    let output = command(&root, &job, &cargo_args, &test_args)
                        .stdin(Stdio::null())
                        .output()
                        .unwrap_or_else(|error| failed_to_start(&job, &error));
                    let done = Done {
                        key: job.key().to_owned(),
                        output,
                        took: start.elapsed(),
                    };
                    if done_tx.send(done).is_err() {
                        return;
                    }
                }
            })
        })
        .collect();
    drop(done_tx);
    let mut failed = Vec::new();
    let mut timings = BTreeMap::new();
    for (index, done) in done_rx.iter().enumerate() {
        let stdout = String::from_utf8_lossy(&done.output.stdout);
        let stderr = String::from_utf8_lossy(&done.output.stderr);
        let result = stdout
            .lines()
            .rev()
            .find(|line| line.starts_with("test result:"))
            .unwrap_or("no test result line");
        let verdict = if done.output.status.success() {
            "ok"
        } else {
            "FAILED"
        };
        println!(
            "[{}/{total}] {verdict} {} in {:.1} s: {result}",
            index + 1,
            done.key,
            done.took.as_secs_f64()
        );
        if !done.output.status.success() {
            println!(
                "---- {} stdout\n{stdout}---- {} stderr\n{stderr}",
                done.key, done.key
            );
            failed.push(done.key.clone());
        }
        timings.insert(done.key, done.took.as_secs_f64());
    }
    for worker in workers {
        let _ = worker.join();
    }
    if let Ok(text) = serde_json::to_string_pretty(&timings) {
        let _ = std::fs::write(&timings_file, text);
    }
    failed
}

/// The process of a job: the binary as `cargo test` runs it, or `cargo test --doc`.
fn command(root: &Path, job: &Job, cargo_args: &[String], test_args: &[String]) -> Command {
    match job {
        Job::Binary(binary) => {
            let mut command = Command::new(&binary.executable);
            command
                .current_dir(&binary.dir)
                .args(test_args)
                .env("CARGO", env!("CARGO"))
                .env("CARGO_MANIFEST_DIR", &binary.dir)
                .env("CARGO_MANIFEST_PATH", binary.dir.join("Cargo.toml"))
                .env("CARGO_PKG_NAME", &binary.package)
                .env("CARGO_PKG_VERSION", &binary.version);
            command
        }
        Job::Doctests => {
            let mut command = Command::new(env!("CARGO"));
            command
                .current_dir(root)
                .args(cargo_test(cargo_args))
                .args(["--no-fail-fast", "--doc"])
                .args(cargo_args)
                .arg("--")
                .args(test_args);
            command
        }
    }
}

/// The output of a job that could not start: a failure saying why.
fn failed_to_start(job: &Job, error: &std::io::Error) -> Output {
    use std::os::unix::process::ExitStatusExt;
    Output {
        status: std::process::ExitStatus::from_raw(1 << 8),
        stdout: Vec::new(),
        stderr: format!("could not start {}: {error}", job.key()).into_bytes(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packages_named_take_the_place_of_the_workspace() {
        let args = |list: &[&str]| list.iter().map(|arg| arg.to_string()).collect::<Vec<_>>();
        assert_eq!(cargo_test::<&str>(&[]), CARGO_TEST);
        assert_eq!(cargo_test(&args(&["--release"])), CARGO_TEST);
        for named in [
            &["-p", "tick-ulid"][..],
            &["-ptick-ulid"],
            &["--package", "tick-ulid"],
            &["--package=tick-ulid"],
        ] {
            assert_eq!(
                cargo_test(&args(named)),
                ["test", "--all-features", "--locked"],
                "{named:?}"
            );
        }
    }

    /// Lines in the form cargo documents for `--message-format=json`: a library's tests, an
    /// integration test of a renamed package, an example built but not tested, a build
    /// script.
    #[test]
    fn the_binaries_are_the_test_artifacts_with_an_executable() {
        let messages = [
            r#"{"reason":"compiler-artifact","package_id":"path+file:///w/crates/ulid#tick-ulid@0.1.0","manifest_path":"/w/crates/ulid/Cargo.toml","target":{"kind":["lib"],"name":"ulid"},"profile":{"test":true},"executable":"/w/target/debug/deps/ulid-1"}"#,
            r#"{"reason":"compiler-artifact","package_id":"path+file:///w/xtask#0.1.0","manifest_path":"/w/xtask/Cargo.toml","target":{"kind":["bin"],"name":"xtask"},"profile":{"test":true},"executable":"/w/target/debug/deps/xtask-2"}"#,
            r#"{"reason":"compiler-artifact","package_id":"path+file:///w/benches#0.1.0","manifest_path":"/w/benches/Cargo.toml","target":{"kind":["example"],"name":"gate"},"profile":{"test":false},"executable":"/w/target/debug/examples/gate"}"#,
            r#"{"reason":"compiler-artifact","package_id":"path+file:///w/crates/ulid#tick-ulid@0.1.0","manifest_path":"/w/crates/ulid/Cargo.toml","target":{"kind":["lib"],"name":"ulid"},"profile":{"test":false},"executable":null}"#,
            r#"{"reason":"build-finished","success":true}"#,
        ]
        .join("\n");
        assert_eq!(
            binaries(&messages),
            [
                Binary {
                    key: "tick-ulid/lib/ulid".into(),
                    executable: "/w/target/debug/deps/ulid-1".into(),
                    dir: "/w/crates/ulid".into(),
                    package: "tick-ulid".into(),
                    version: "0.1.0".into(),
                },
                Binary {
                    key: "xtask/bin/xtask".into(),
                    executable: "/w/target/debug/deps/xtask-2".into(),
                    dir: "/w/xtask".into(),
                    package: "xtask".into(),
                    version: "0.1.0".into(),
                },
            ]
        );
    }

    /// Real processes: a job that fails is named, one that passes is not, and neither stops
    /// the other.
    #[test]
    fn every_binary_runs_and_the_failed_ones_are_named() {
        let dir = std::env::temp_dir();
        let binary = |key: &str, program: &str| Binary {
            key: key.into(),
            executable: PathBuf::from(program),
            dir: dir.clone(),
            package: "p".into(),
            version: "0".into(),
        };
        let root = std::env::temp_dir().join(format!("xtask-runner-{}", std::process::id()));
        std::fs::create_dir_all(root.join("target")).unwrap();
        // `true` and `false` ignore the arguments; the doctests job runs `cargo test --doc`
        // in a folder with no package, which fails.
        let failed = run(
            &root,
            vec![
                binary("a/test/passes", "true"),
                binary("b/test/fails", "false"),
            ],
            &[],
            &[],
            2,
        );
        let _ = std::fs::remove_dir_all(&root);
        assert_eq!(failed.len(), 2, "{failed:?}");
        assert!(failed.contains(&"b/test/fails".to_owned()), "{failed:?}");
        assert!(failed.contains(&"doctests".to_owned()), "{failed:?}");
    }
}
