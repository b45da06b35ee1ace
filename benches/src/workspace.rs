//! Cargo in the workspace, for the programs that run benchmarks and chores: a command and
//! its output, and the target directory cargo resolves.

use std::path::{Path, PathBuf};

/// Runs `cargo` with `args` in the workspace at `root` and returns its standard output, or an
/// error with the command and its standard error.
///
/// # Errors
///
/// If cargo cannot be started, or ends with a failure status.
pub fn cargo(root: &Path, args: &[&str]) -> Result<String, String> {
    let output = std::process::Command::new(env!("CARGO"))
        .current_dir(root)
        .args(args)
        .output()
        .map_err(|e| format!("cargo {}: {e}", args.join(" ")))?;
    if !output.status.success() {
        return Err(format!(
            "cargo {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The workspace's target directory, as cargo resolves it (`CARGO_TARGET_DIR`, a config, or
/// `target/`): criterion writes its results under it.
///
/// # Errors
///
/// If `cargo metadata` fails or names no target directory.
pub fn target_dir(root: &Path) -> Result<PathBuf, String> {
    let metadata = cargo(root, &["metadata", "--format-version", "1", "--no-deps"])?;
    let metadata: serde_json::Value =
        serde_json::from_str(&metadata).map_err(|e| format!("cargo metadata: {e}"))?;
    metadata["target_directory"]
        .as_str()
        .map(PathBuf::from)
        .ok_or_else(|| "cargo metadata gave no target_directory".into())
}

/// The program's arguments after its name; `None` once `usage` is printed, for `--help` or
/// `-h` among them.
#[must_use]
pub fn arguments(usage: &str) -> Option<Vec<String>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args
        .iter()
        .any(|arg| matches!(arg.as_str(), "--help" | "-h"))
    {
        println!("{usage}");
        return None;
    }
    Some(args)
}

/// The names of the entries of `dir`, sorted; none if it cannot be read.
#[must_use]
pub fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[cfg(test)]
mod tests {
    /// The workspace this library belongs to: cargo answers for it, and its target directory
    /// holds this test's own build.
    #[test]
    fn the_target_directory_is_the_one_this_test_was_built_in() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .unwrap();
        let target = super::target_dir(root).unwrap();
        let exe = std::env::current_exe().unwrap();
        assert!(
            exe.starts_with(&target),
            "{} not under {}",
            exe.display(),
            target.display()
        );
        assert!(super::cargo(root, &["no-such-subcommand"]).is_err());
    }

    #[test]
    fn file_names_are_sorted_and_a_missing_folder_has_none() {
        let dir = std::env::temp_dir().join(format!("benches-names-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["b", "a", "c"] {
            std::fs::write(dir.join(name), "").unwrap();
        }
        assert_eq!(super::file_names(&dir), ["a", "b", "c"]);
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(super::file_names(&dir).is_empty());
    }
}
