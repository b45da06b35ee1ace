//! `cargo xtask man [--check]`: the `identifier` command's man pages, rendered by clap_mangen
//! from the command's own clap definition into `crates/identifier-cli/man/`: `identifier.1`
//! and one `identifier-<subcommand>.1` per subcommand. `--check` fails when a file there is
//! not what the definition renders (CI runs it, as for the golden files).

use std::path::Path;

/// Where the pages are kept.
const DIR: &str = "crates/identifier-cli/man";

pub(crate) fn run(root: &Path, check: bool) -> Result<(), String> {
    let dir = root.join(DIR);
    let pages = pages()?;
    let mut problems = Vec::new();
    if !check {
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    for (name, text) in &pages {
        let path = dir.join(name);
        if check {
            match std::fs::read(&path) {
                Ok(found) if found == *text => {}
                Ok(_) => problems.push(format!("{DIR}/{name} is not what the command renders")),
                Err(e) => problems.push(format!("{DIR}/{name}: {e}")),
            }
        } else {
            std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    // A page of a subcommand that no longer exists.
    let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {e}", dir.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if !pages.iter().any(|(page, _)| *page == name) {
            if check {
                problems.push(format!("{DIR}/{name} is no page of the command"));
            } else {
                std::fs::remove_file(entry.path()).map_err(|e| format!("{name}: {e}"))?;
            }
        }
    }
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

/// Each page's file name and text: the command's, then each subcommand's under the name
/// `identifier-<subcommand>`.
fn pages() -> Result<Vec<(String, Vec<u8>)>, String> {
    let command = identifier_cli::command();
    let mut pages = vec![("identifier.1".to_owned(), render(command.clone())?)];
    for subcommand in command.get_subcommands() {
        let name = format!("{}-{}", command.get_name(), subcommand.get_name());
        let page = subcommand.clone().name(name.clone());
        pages.push((format!("{name}.1"), render(page)?));
    }
    Ok(pages)
}

fn render(command: clap::Command) -> Result<Vec<u8>, String> {
    let mut text = Vec::new();
    clap_mangen::Man::new(command)
        .render(&mut text)
        .map_err(|e| format!("rendering a man page: {e}"))?;
    Ok(text)
}

#[cfg(test)]
mod tests {
    /// Every subcommand has a page, and each page is a man page of that name whose text
    /// holds the subcommand's own help.
    #[test]
    fn every_subcommand_has_a_page_with_its_help() {
        let pages = super::pages().unwrap();
        let names: Vec<&str> = pages.iter().map(|(name, _)| name.as_str()).collect();
        for expected in [
            "identifier.1",
            "identifier-ulid.1",
            "identifier-snowflake.1",
            "identifier-inspect.1",
            "identifier-completions.1",
        ] {
            assert!(names.contains(&expected), "{names:?}");
        }
        let (_, snowflake) = pages
            .iter()
            .find(|(name, _)| name == "identifier-snowflake.1")
            .unwrap();
        let text = String::from_utf8_lossy(snowflake);
        assert!(text.starts_with(".ie \\n(.g .ds Aq"), "{}", &text[..80]);
        assert!(text.contains(".TH identifier-snowflake 1"), "{text}");
        assert!(text.contains("lease"), "{text}");
    }
}
