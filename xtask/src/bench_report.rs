//! `cargo xtask bench-report`: `BENCHMARKS.md` and `benchmarks.svg` from criterion's saved
//! estimates (`target/criterion/**/new/`), after `cargo bench -p benches`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::comparisons::{COMPARISONS, Comparison};

/// One benchmark's median, in nanoseconds per iteration (or per element, with a throughput).
#[derive(Clone, Copy)]
pub(crate) struct Median {
    pub(crate) nanos: f64,
}

/// The heading of the section that `crates/identifier-py/bench.py --write` writes.
const PYTHON_HEADING: &str = "## In Python";

pub(crate) fn run(root: &Path) -> Result<(), String> {
    let medians = read_medians(&crate::target_dir(root)?.join("criterion"))?;
    if medians.is_empty() {
        return Err(
            "no criterion results in target/criterion: run `cargo bench -p benches` first".into(),
        );
    }
    let mut rows = Vec::new();
    let mut missing = Vec::new();
    for comparison in COMPARISONS {
        let ours = medians.get(&(comparison.group.into(), comparison.ours.into()));
        let peer = medians.get(&(comparison.group.into(), comparison.peer.into()));
        match (ours, peer) {
            (Some(ours), Some(peer)) => rows.push(Row {
                comparison,
                ours: *ours,
                peer: *peer,
            }),
            _ => missing.push(format!(
                "{} / {} vs {}",
                comparison.group, comparison.ours, comparison.peer
            )),
        }
    }
    if !missing.is_empty() {
        return Err(format!(
            "criterion results missing for:\n  {}\nrun the whole `cargo bench -p benches` first",
            missing.join("\n  ")
        ));
    }
    let mut report = render_markdown(&rows, root)?;
    // `bench-gate --update`, `db-bench`, `contention-runs` and the Python package's bench.py
    // write their own sections; keep them.
    let old = fs::read_to_string(root.join("BENCHMARKS.md")).unwrap_or_default();
    for heading in [
        crate::bench_gate::HEADING,
        crate::db_bench::HEADING,
        crate::contention::HEADING,
        PYTHON_HEADING,
    ] {
        if let Some(section) = crate::sections::section(&old, heading) {
            report = crate::sections::with_section(&report, heading, section);
        }
    }
    fs::write(root.join("BENCHMARKS.md"), report).map_err(|e| format!("BENCHMARKS.md: {e}"))?;
    fs::write(root.join("benchmarks.svg"), render_svg(&rows))
        .map_err(|e| format!("benchmarks.svg: {e}"))?;
    println!(
        "wrote BENCHMARKS.md and benchmarks.svg ({} rows)",
        rows.len()
    );
    Ok(())
}

struct Row {
    comparison: &'static Comparison,
    ours: Median,
    peer: Median,
}

impl Row {
    fn ratio(&self) -> f64 {
        self.ours.nanos / self.peer.nanos
    }

    fn holds(&self) -> bool {
        self.ratio() <= self.comparison.goal
    }
}

/// (group, function) → median, from every `new/benchmark.json` + `new/estimates.json` pair.
pub(crate) fn read_medians(dir: &Path) -> Result<BTreeMap<(String, String), Median>, String> {
    let mut medians = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path: PathBuf = entry.path();
            if path.is_dir()
                && path
                    .file_name()
                    .is_some_and(|n| n != "report" && n != "base")
            {
                stack.push(path);
            } else if path.file_name().is_some_and(|n| n == "benchmark.json")
                && dir.file_name().is_some_and(|n| n == "new")
            {
                let benchmark = read_json(&path)?;
                let estimates = read_json(&dir.join("estimates.json"))?;
                let group = benchmark["group_id"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned();
                let function = benchmark["function_id"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned();
                let value = benchmark["value_str"].as_str();
                let function = match value {
                    Some(value) => format!("{function}/{value}"),
                    None => function,
                };
                let mut nanos = estimates["median"]["point_estimate"]
                    .as_f64()
                    .ok_or_else(|| format!("{}: no median", dir.display()))?;
                // Per element, where the benchmark declares a count of elements.
                if let Some(elements) = benchmark["throughput"]["Elements"].as_f64() {
                    nanos /= elements;
                }
                medians.insert((group, function), Median { nanos });
            }
        }
    }
    Ok(medians)
}

fn read_json(path: &Path) -> Result<Value, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn render_markdown(rows: &[Row], root: &Path) -> Result<String, String> {
    let mut md = String::new();
    let held = rows.iter().filter(|row| row.holds()).count();
    let _ = writeln!(md, "# Benchmarks\n");
    let _ = writeln!(
        md,
        "Generated by `cargo xtask bench-report` from the criterion run of \
         `cargo bench -p benches` on this machine. Every row compares two benchmarks of the same \
         criterion group, run in the same process: the ratio is our median over the peer's \
         (below 1 is faster). Times are per operation, or per id where a row says so.\n"
    );
    let _ = writeln!(md, "- date: {}", today());
    let _ = writeln!(md, "- machine: {}", machine());
    let _ = writeln!(md, "- rustc: {}", command_output("rustc", &["--version"]));
    let _ = writeln!(md, "- goals held: {held} of {}\n", rows.len());
    let _ = writeln!(md, "![ratios](benchmarks.svg)\n");
    let _ = writeln!(
        md,
        "| operation | ours | peer | peer time | our time | ratio | goal | holds |"
    );
    let _ = writeln!(md, "|---|---|---|---:|---:|---:|---:|:---:|");
    for row in rows {
        let c = row.comparison;
        let _ = writeln!(
            md,
            "| {} | `{}` | `{}` | {} | {} | {:.2}× | ≤ {:.2}× | {} |",
            c.operation,
            c.ours,
            c.peer,
            format_nanos(row.peer.nanos),
            format_nanos(row.ours.nanos),
            row.ratio(),
            c.goal,
            if row.holds() { "yes" } else { "**no**" }
        );
    }
    let _ = writeln!(md, "\n## What the numbers include\n");
    for row in rows {
        if let Some(note) = row.comparison.note {
            let _ = writeln!(md, "- **{}**: {note}", row.comparison.operation);
        }
    }
    let _ = writeln!(md, "\n## Versions\n");
    let versions = versions(root)?;
    let _ = writeln!(md, "| crate | version |\n|---|---|");
    for (name, version) in versions {
        let _ = writeln!(md, "| {name} | {version} |");
    }
    let _ = writeln!(
        md,
        "\nReproduce: `cargo bench -p benches && cargo xtask bench-report`. Criterion's own \
         report, with distributions, is in `target/criterion/report/index.html`."
    );
    Ok(md)
}

fn format_nanos(nanos: f64) -> String {
    if nanos >= 1_000_000.0 {
        format!("{:.2} ms", nanos / 1_000_000.0)
    } else if nanos >= 1_000.0 {
        format!("{:.2} µs", nanos / 1_000.0)
    } else {
        format!("{nanos:.1} ns")
    }
}

/// A horizontal bar a row: the ratio, a line at 1 (as fast as the peer) and a tick at the goal.
fn render_svg(rows: &[Row]) -> String {
    let (label_width, bar_width, row_height) = (430.0, 420.0, 26.0);
    let max = rows
        .iter()
        .map(|row| row.ratio().max(row.comparison.goal))
        .fold(1.0_f64, f64::max)
        * 1.1;
    let x = |ratio: f64| label_width + ratio / max * bar_width;
    let height = 40.0 + row_height * rows.len() as f64;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{height}" font-family="sans-serif" font-size="12">"##,
        w = label_width + bar_width + 80.0
    );
    let _ = writeln!(
        svg,
        r##"<text x="{}" y="16" font-weight="bold">time relative to the peer (shorter is faster; | marks the goal)</text>"##,
        label_width
    );
    for (i, row) in rows.iter().enumerate() {
        let y = 28.0 + row_height * i as f64;
        let colour = if row.holds() { "#2e7d32" } else { "#c62828" };
        let _ = writeln!(
            svg,
            r##"<text x="{}" y="{}" text-anchor="end">{}</text>"##,
            label_width - 8.0,
            y + 14.0,
            escape(row.comparison.operation)
        );
        let _ = writeln!(
            svg,
            r##"<rect x="{label_width}" y="{}" width="{:.1}" height="{}" fill="{colour}"/>"##,
            y + 3.0,
            x(row.ratio()) - label_width,
            row_height - 8.0
        );
        let _ = writeln!(
            svg,
            r##"<line x1="{g:.1}" x2="{g:.1}" y1="{}" y2="{}" stroke="black" stroke-width="2"/>"##,
            y + 1.0,
            y + row_height - 3.0,
            g = x(row.comparison.goal)
        );
        let _ = writeln!(
            svg,
            r##"<text x="{:.1}" y="{}">{:.2}×</text>"##,
            x(row.ratio().max(row.comparison.goal)) + 6.0,
            y + 14.0,
            row.ratio()
        );
    }
    let one = x(1.0);
    let _ = writeln!(
        svg,
        r##"<line x1="{one:.1}" x2="{one:.1}" y1="22" y2="{}" stroke="#555" stroke-dasharray="4 3"/>"##,
        height - 4.0
    );
    svg.push_str("</svg>\n");
    svg
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn today() -> String {
    command_output("date", &["-u", "+%Y-%m-%d"])
}

fn machine() -> String {
    let cpu = fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|line| line.starts_with("model name"))
                .and_then(|line| line.split(':').nth(1))
                .map(|model| model.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    format!(
        "{cpu}, {cores} cores available, {}",
        command_output("uname", &["-sm"])
    )
}

fn command_output(program: &str, args: &[&str]) -> String {
    std::process::Command::new(program)
        .args(args)
        .output()
        .ok()
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map_or_else(|| "unknown".into(), |s| s.trim().to_owned())
}

/// Versions of our crates and of every peer named in a comparison, from `Cargo.lock`.
fn versions(root: &Path) -> Result<Vec<(String, String)>, String> {
    let lock =
        fs::read_to_string(root.join("Cargo.lock")).map_err(|e| format!("Cargo.lock: {e}"))?;
    // Besides the format crates: what they build on, and the peers.
    let others = [
        "crockford32",
        "id-text",
        "tick-sequence",
        "uuid",
        "bson",
        "ferroid",
        "snowflaked",
        "crockford",
        "fast32",
        "blake2",
        "parking_lot",
        "criterion",
    ];
    let mut found = Vec::new();
    // Each `[[package]]` block: a name, a version, and a `source` unless it is ours (a path).
    for block in lock.split("[[package]]").skip(1) {
        let field = |key: &str| {
            block
                .lines()
                .find_map(|line| line.strip_prefix(key))
                .map(|value| value.trim_matches('"').to_owned())
        };
        let (Some(name), Some(version)) = (field("name = "), field("version = ")) else {
            continue;
        };
        if crate::deps::FORMATS.contains(&name.as_str()) || others.contains(&name.as_str()) {
            let origin = if field("source = ").is_some() {
                ""
            } else {
                " (this workspace)"
            };
            found.push((name, format!("{version}{origin}")));
        }
    }
    found.sort();
    Ok(found)
}
