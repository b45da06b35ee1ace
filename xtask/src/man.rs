//! `cargo xtask man [--check]`: the `identifier` command's man pages in
//! `crates/identifier-cli/man/`: `identifier.1` and one `identifier-<subcommand>.1` per
//! subcommand. The command writes them itself (`identifier man --out-dir DIR`, rendered from
//! its own clap definition), so xtask builds and runs it rather than linking it: xtask stays
//! free of the command's dependencies. `--check` fails when a file there is not what the
//! command writes, or is no page of it (CI runs it, as for the golden files).

use std::fs;
use std::path::Path;

/// Where the pages are kept.
const DIR: &str = "crates/identifier-cli/man";

pub(crate) fn run(root: &Path, check: bool) -> Result<(), String> {
    let pages = pages(root)?;
    let problems = sync(&root.join(DIR), &pages, check)?;
    if problems.is_empty() {
        println!(
            "man: {} pages in {DIR} {}",
            pages.len(),
            if check { "are current" } else { "written" }
        );
        Ok(())
    } else {
        Err(format!(
            "{}\nrun `cargo xtask man` to write them",
            problems.join("\n")
        ))
    }
}

/// Each page's file name and text, as `identifier man --out-dir` writes them, sorted by name.
fn pages(root: &Path) -> Result<Vec<(String, Vec<u8>)>, String> {
    // The executable cargo built, wherever its target directory is; the default features,
    // as installed.
    let built = crate::cargo(
        root,
        &[
            "build",
            "-p",
            "identifier-cli",
            "--bin",
            "identifier",
            "--message-format=json",
        ],
    )?;
    let identifier = crate::executable(&built, "identifier")?;
    let out = crate::target_dir(root)?.join("xtask-man");
    // Emptied first: a page left by an earlier run must not pass for one of this build's.
    match fs::remove_dir_all(&out) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(format!("{}: {e}", out.display())),
    }
    fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let output = std::process::Command::new(&identifier)
        .arg("man")
        .arg("--out-dir")
        .arg(&out)
        .output()
        .map_err(|e| format!("{}: {e}", identifier.display()))?;
    if !output.status.success() {
        return Err(format!(
            "identifier man --out-dir {} failed ({}): {}",
            out.display(),
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let mut pages = Vec::new();
    for entry in fs::read_dir(&out).map_err(|e| format!("{}: {e}", out.display()))? {
        let path = entry.map_err(|e| format!("{}: {e}", out.display()))?.path();
        let name = path
            .file_name()
            .and_then(|name| name.to_str())
            .ok_or_else(|| format!("{}: not a UTF-8 file name", path.display()))?
            .to_owned();
        let text = fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        pages.push((name, text));
    }
    pages.sort();
    if !pages.iter().any(|(name, _)| name == "identifier.1") {
        return Err(format!(
            "identifier man --out-dir {} wrote no identifier.1",
            out.display()
        ));
    }
    Ok(pages)
}

/// Makes `dir` hold exactly `pages`, or with `check` lists how it does not (a page missing or
/// different, a file that is no page); the problems found, none when writing.
fn sync(dir: &Path, pages: &[(String, Vec<u8>)], check: bool) -> Result<Vec<String>, String> {
    let mut problems = Vec::new();
    if !check {
        fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    for (name, text) in pages {
        let path = dir.join(name);
        if check {
            match fs::read(&path) {
                Ok(found) if found == *text => {}
                Ok(_) => problems.push(format!("{DIR}/{name} is not what the command writes")),
                Err(e) => problems.push(format!("{DIR}/{name}: {e}")),
            }
        } else {
            fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    // A page of a subcommand that no longer exists.
    let entries = fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {e}", dir.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if !pages.iter().any(|(page, _)| *page == name) {
            if check {
                problems.push(format!("{DIR}/{name} is no page of the command"));
            } else {
                fs::remove_file(entry.path()).map_err(|e| format!("{name}: {e}"))?;
            }
        }
    }
    problems.sort();
    Ok(problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    use benches::workspace::file_names as names;

    /// A folder with a stale page, a missing one and a page of a removed subcommand: the
    /// check names all three and changes nothing; writing leaves exactly the pages.
    #[test]
    fn check_names_every_difference_and_write_leaves_exactly_the_pages() {
        let dir = std::env::temp_dir().join(format!("xtask-man-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a temporary directory");
        fs::write(dir.join("identifier.1"), "old").expect("written");
        fs::write(dir.join("identifier-gone.1"), "gone").expect("written");
        let pages = vec![
            ("identifier-ulid.1".to_owned(), b"ulid".to_vec()),
            ("identifier.1".to_owned(), b"new".to_vec()),
        ];

        let problems = sync(&dir, &pages, true).expect("checked");
        assert_eq!(problems.len(), 3, "{problems:?}");
        for (problem, says) in problems.iter().zip([
            "identifier-gone.1 is no page of the command",
            "identifier-ulid.1: ",
            "identifier.1 is not what the command writes",
        ]) {
            assert!(problem.contains(says), "{problem:?} should say {says:?}");
        }
        assert_eq!(names(&dir), ["identifier-gone.1", "identifier.1"]);

        assert_eq!(sync(&dir, &pages, false), Ok(Vec::new()));
        assert_eq!(names(&dir), ["identifier-ulid.1", "identifier.1"]);
        assert_eq!(
            fs::read(dir.join("identifier.1")).expect("readable"),
            b"new"
        );
        assert_eq!(sync(&dir, &pages, true), Ok(Vec::new()));
        fs::remove_dir_all(&dir).expect("removed");
    }
}
