//! `identifier man`: the command's man pages, rendered by clap_mangen from its clap
//! definition: `identifier.1`, and one `identifier-<subcommand>.1` for each subcommand.

use std::io::Write;
use std::path::Path;

use crate::Failure;

/// The file name and the definition of each page: the command's, then each subcommand's
/// under the name `identifier-<subcommand>`, which is the page's title.
fn pages() -> Vec<(String, clap::Command)> {
    let command = crate::command();
    let mut pages = vec![(format!("{}.1", command.get_name()), command.clone())];
    for subcommand in command.get_subcommands() {
        let name = format!("{}-{}", command.get_name(), subcommand.get_name());
        pages.push((format!("{name}.1"), subcommand.clone().name(name)));
    }
    pages
}

/// The roff text of the page of `command`.
fn render(command: clap::Command) -> Result<Vec<u8>, Failure> {
    let mut text = Vec::new();
    clap_mangen::Man::new(command)
        .render(&mut text)
        .map_err(|error| Failure::Error(format!("cannot render a man page: {error}")))?;
    Ok(text)
}

/// `name` if it is a subcommand's, as `identifier man SUBCOMMAND` takes it.
pub(crate) fn page_of(name: &str) -> Result<String, String> {
    let command = crate::command();
    let names: Vec<&str> = command.get_subcommands().map(|c| c.get_name()).collect();
    if names.contains(&name) {
        Ok(name.to_owned())
    } else {
        Err(format!(
            "no such subcommand; expected one of {}, or none for the page of the command",
            names.join(", ")
        ))
    }
}

/// Writes the page of `subcommand` (the command's own if `None`) to `out`; or, with
/// `out_dir`, every page into that directory, and each file's path to `out`.
pub(crate) fn run(
    subcommand: Option<&str>,
    out_dir: Option<&Path>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let pages = pages();
    if let Some(dir) = out_dir {
        std::fs::create_dir_all(dir).map_err(|error| {
            Failure::Error(format!(
                "cannot create the directory {}: {error}",
                dir.display()
            ))
        })?;
        for (name, page) in pages {
            let path = dir.join(name);
            std::fs::write(&path, render(page)?).map_err(|error| {
                Failure::Error(format!("cannot write {}: {error}", path.display()))
            })?;
            writeln!(out, "{}", path.display())?;
        }
        return Ok(());
    }
    let wanted = match subcommand {
        Some(subcommand) => format!("identifier-{subcommand}.1"),
        None => "identifier.1".to_owned(),
    };
    let (_, page) = pages
        .into_iter()
        .find(|(name, _)| *name == wanted)
        .ok_or_else(|| Failure::Error(format!("no man page {wanted}")))?;
    out.write_all(&render(page)?)?;
    Ok(())
}
