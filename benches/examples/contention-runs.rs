//! `contention-runs [--runs N] [--write]` (run as `cargo xtask contention-runs`): the ULID rows
//! of the `contention` benchmark at 4 and 8 threads, run `N` times (10 unless told), each a
//! `cargo bench` process of its own.
//!
//! One run says little here: on a virtual machine, what a lock costs depends on where the host
//! placed the processors, which changes from one second to the next. So each run's row carries
//! the cost of moving a cache line between the cores, which the benchmark prints before each
//! group, beside our median and the peer's. Prints the table; with `--write`, puts it into
//! BENCHMARKS.md under [`HEADING`].

use std::fs;
use std::path::Path;
use std::process::ExitCode;

use benches::comparisons::COMPARISONS;
use benches::criterion_results::read_medians;
use benches::sections::{self, CONTENTION_RUNS as HEADING};
use benches::workspace::{cargo, target_dir};

const USAGE: &str = "usage: cargo xtask contention-runs [--runs N] [--write]";

/// The thread counts of the rows, and the goal of each (the ratio in 9 runs of 10).
const THREADS: [u32; 2] = [4, 8];
const GOAL: f64 = 0.7;

/// One run at one thread count.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Cell {
    move_ns: f64,
    ours_ns: f64,
    peer_ns: f64,
}

fn main() -> ExitCode {
    let Some(args) = benches::workspace::arguments(USAGE) else {
        return ExitCode::SUCCESS;
    };
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    match run_command(&root, &args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("contention-runs: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Runs the benchmark `--runs` times in the workspace at `root`, prints the table, and writes
/// it with `--write`.
fn run_command(root: &Path, args: &[&str]) -> Result<(), String> {
    let mut runs = 10;
    let mut write = false;
    let mut rest = args.iter();
    while let Some(&arg) = rest.next() {
        match arg {
            "--write" => write = true,
            "--runs" => {
                let value = rest.next().ok_or("--runs needs a number")?;
                runs = value
                    .parse::<usize>()
                    .ok()
                    .filter(|&runs| runs > 0)
                    .ok_or_else(|| format!("--runs {value}: not a number of runs above 0"))?;
            }
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    let criterion = target_dir(root)?.join("criterion");
    let filter = "contention/(4|8) threads/ulid";
    let mut table = Vec::new();
    for run in 1..=runs {
        let stdout = cargo(
            root,
            &[
                "bench",
                "-q",
                "-p",
                "benches",
                "--bench",
                "contention",
                "--",
                filter,
            ],
        )?;
        let medians = read_medians(&criterion)?;
        let mut row = Vec::new();
        for threads in THREADS {
            let (group, ours, peer) = comparison(threads)?;
            let median = |function: &str| {
                medians
                    .get(&(group.to_owned(), function.to_owned()))
                    .map(|median| median.nanos)
                    .ok_or_else(|| format!("run {run}: no criterion result for {group}/{function}"))
            };
            let move_ns = move_ns(&stdout, threads).ok_or_else(|| {
                format!("run {run}: the benchmark printed no line move for {group}")
            })?;
            row.push(Cell {
                move_ns,
                ours_ns: median(ours)?,
                peer_ns: median(peer)?,
            });
        }
        eprintln!("contention-runs: run {run} of {runs}: {row:?}");
        table.push(row);
    }
    let section = render(&table);
    println!("{section}");
    if write {
        let path = root.join("BENCHMARKS.md");
        let old = fs::read_to_string(&path).map_err(|e| format!("BENCHMARKS.md: {e}"))?;
        fs::write(&path, sections::with_section(&old, HEADING, &section))
            .map_err(|e| format!("BENCHMARKS.md: {e}"))?;
        println!("contention-runs: wrote the section \"{HEADING}\" of BENCHMARKS.md");
    }
    Ok(())
}

/// The group, our function and the peer's of the ULID row at `threads` threads, from the
/// comparisons `bench-report` uses.
fn comparison(threads: u32) -> Result<(&'static str, &'static str, &'static str), String> {
    let group = format!("contention/{threads} threads");
    COMPARISONS
        .iter()
        .find(|comparison| comparison.group == group && comparison.ours == "ulid")
        .map(|comparison| (comparison.group, comparison.ours, comparison.peer))
        .ok_or_else(|| format!("no ULID comparison in the group {group}"))
}

/// The cost of a cache-line move that the benchmark printed before the group of `threads`.
fn move_ns(stdout: &str, threads: u32) -> Option<f64> {
    let prefix = format!("contention/{threads} threads: a cache line moves between cores in ");
    stdout
        .lines()
        .find_map(|line| line.strip_prefix(&prefix))
        .and_then(|rest| rest.strip_suffix(" ns"))
        .and_then(|ns| ns.trim().parse().ok())
}

/// The section: what it is, the command, one row a run, and how many runs meet the goal.
fn render(table: &[Vec<Cell>]) -> String {
    let mut out = format!(
        "{HEADING}\n\n\
         ULID generate against `ulid::Generator` in a `parking_lot::Mutex`, one shared generator \
         called from 4 and from 8 threads on the 2 cores, in {} runs of \
         `cargo bench -p benches --bench contention` (by `cargo xtask contention-runs --write`). \
         Times are criterion's medians per id. \"Line move\" is what the benchmark measured just \
         before the group: the time for a word written on one core to be seen and answered on \
         the other, which on this virtual machine depends on where the host placed the two \
         processors. The goal is a ratio of at most {GOAL} in 9 runs of 10.\n\n\
         | run | 4 threads: line move | ours | peer | ratio | 8 threads: line move | ours | peer | ratio |\n\
         |---|---|---|---|---|---|---|---|---|\n",
        table.len()
    );
    let mut met = [0; THREADS.len()];
    for (run, row) in table.iter().enumerate() {
        out.push_str(&format!("| {} |", run + 1));
        for (index, cell) in row.iter().enumerate() {
            let ratio = cell.ours_ns / cell.peer_ns;
            if ratio <= GOAL {
                met[index] += 1;
            }
            out.push_str(&format!(
                " {:.0} ns | {:.1} ns | {:.1} ns | {ratio:.2} |",
                cell.move_ns, cell.ours_ns, cell.peer_ns
            ));
        }
        out.push('\n');
    }
    out.push('\n');
    for (threads, met) in THREADS.iter().zip(met) {
        out.push_str(&format!(
            "- {threads} threads: ratio at most {GOAL} in {met} of {} runs.\n",
            table.len()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_move_is_read_from_the_benchmark_s_own_line() {
        let stdout = "contention/4 threads: a cache line moves between cores in 165 ns\n\
                      contention/4 threads/ulid\n\
                      contention/8 threads: a cache line moves between cores in 35 ns\n";
        assert_eq!(move_ns(stdout, 4), Some(165.0));
        assert_eq!(move_ns(stdout, 8), Some(35.0));
        assert_eq!(move_ns(stdout, 2), None);
    }

    #[test]
    fn both_rows_are_in_the_comparisons() {
        for threads in THREADS {
            let (group, ours, peer) = comparison(threads).unwrap();
            assert_eq!(group, format!("contention/{threads} threads"));
            assert_eq!(ours, "ulid");
            assert!(peer.contains("Mutex"), "{peer}");
        }
    }

    #[test]
    fn the_count_of_runs_that_meet_the_goal_is_of_each_thread_count() {
        let cell = |ours_ns| Cell {
            move_ns: 35.0,
            ours_ns,
            peer_ns: 50.0,
        };
        // 0.60 and 0.72 (over the goal), then 0.70 (at it) and 0.60.
        let table = [vec![cell(30.0), cell(36.0)], vec![cell(35.0), cell(30.0)]];
        let section = render(&table);
        assert!(
            section.contains(
                "| 1 | 35 ns | 30.0 ns | 50.0 ns | 0.60 | 35 ns | 36.0 ns | 50.0 ns | 0.72 |"
            ),
            "{section}"
        );
        assert!(
            section.contains("- 4 threads: ratio at most 0.7 in 2 of 2 runs."),
            "{section}"
        );
        assert!(
            section.contains("- 8 threads: ratio at most 0.7 in 1 of 2 runs."),
            "{section}"
        );
    }
}
