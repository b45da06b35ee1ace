//! Criterion's saved results: the median of each benchmark, from the `new/` estimates that
//! `cargo bench` leaves under `target/criterion/`.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// One benchmark's median, in nanoseconds per iteration (or per element, with a throughput).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Median {
    /// The median time, in nanoseconds.
    pub nanos: f64,
}

/// (group, function) → median, from every `new/benchmark.json` + `new/estimates.json` pair
/// under `dir` (criterion's output directory). A function benchmarked with a parameter is
/// named `function/parameter`.
pub fn read_medians(dir: &Path) -> Result<BTreeMap<(String, String), Median>, String> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The layout criterion writes: `<group>/<function>[/<value>]/{new,base}/`, with
    /// `benchmark.json` naming the benchmark and `estimates.json` holding its statistics.
    #[test]
    fn medians_come_from_new_only_per_element_where_declared() {
        let dir = std::env::temp_dir().join(format!("criterion-results-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let write = |path: &str, benchmark: &str, median: f64| {
            let run = dir.join(path);
            fs::create_dir_all(&run).expect("a temporary directory");
            fs::write(run.join("benchmark.json"), benchmark).expect("written");
            fs::write(
                run.join("estimates.json"),
                format!(r#"{{"median":{{"point_estimate":{median}}}}}"#),
            )
            .expect("written");
        };
        write(
            "ulid_generate/ulid/new",
            r#"{"group_id":"ulid/generate","function_id":"ulid","value_str":null,"throughput":null}"#,
            30.0,
        );
        // The previous run, which criterion keeps for its comparison: not a result.
        write(
            "ulid_generate/ulid/base",
            r#"{"group_id":"ulid/generate","function_id":"ulid-old","value_str":null,"throughput":null}"#,
            99.0,
        );
        write(
            "ulid_fill/ulid fill/1000/new",
            r#"{"group_id":"ulid/fill","function_id":"ulid fill","value_str":"1000","throughput":{"Elements":1000}}"#,
            5000.0,
        );
        let medians = read_medians(&dir).expect("readable");
        fs::remove_dir_all(&dir).expect("removed");
        let get = |group: &str, function: &str| {
            medians
                .get(&(group.to_owned(), function.to_owned()))
                .map(|median| median.nanos)
        };
        assert_eq!(medians.len(), 2, "{medians:?}");
        assert_eq!(get("ulid/generate", "ulid"), Some(30.0));
        assert_eq!(get("ulid/fill", "ulid fill/1000"), Some(5.0));
    }
}
