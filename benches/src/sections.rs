//! Sections of BENCHMARKS.md that a command other than `bench-report` writes (`db-bench`,
//! `bench-gate --update`, `contention-runs`): each replaces its own section and keeps the rest, and
//! `bench-report` keeps them when it rewrites the file.

/// The heading of the section the `db-bench` example writes, which `bench-report` keeps.
pub const DB_BENCH: &str = "## In PostgreSQL";

/// The heading of the section the `contention-runs` example writes, which `bench-report`
/// keeps.
pub const CONTENTION_RUNS: &str = "## Under contention: ten runs";

/// The section under `heading` (up to the next `## ` heading, or the end), if there is one.
pub fn section<'a>(text: &'a str, heading: &str) -> Option<&'a str> {
    let start = text.find(heading)?;
    let after = start + heading.len();
    let end = text[after..]
        .find("\n## ")
        .map_or(text.len(), |offset| after + offset + 1);
    Some(&text[start..end])
}

/// `text` with its section under `heading` replaced by `section` (which starts with the
/// heading), or with `section` appended if there is none.
pub fn with_section(text: &str, heading: &str, section: &str) -> String {
    match self::section(text, heading) {
        Some(old) => text.replacen(old, &format!("{}\n\n", section.trim_end()), 1),
        None => format!("{}\n\n{}\n", text.trim_end(), section.trim_end()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_section_replaces_its_old_self_and_nothing_else() {
        let text = "# Benchmarks\n\nintro\n\n## In PostgreSQL\n\nold\n\n## Versions\n\nv\n";
        let new = with_section(text, "## In PostgreSQL", "## In PostgreSQL\n\nnew\n");
        assert_eq!(
            new,
            "# Benchmarks\n\nintro\n\n## In PostgreSQL\n\nnew\n\n## Versions\n\nv\n"
        );
        assert_eq!(
            section(&new, "## In PostgreSQL"),
            Some("## In PostgreSQL\n\nnew\n\n")
        );
        assert_eq!(section(&new, "## Elsewhere"), None);
        let last = with_section(&new, "## Versions", "## Versions\n\nw");
        assert!(last.ends_with("## Versions\n\nw\n\n"), "{last:?}");
        let appended = with_section(
            "# Benchmarks\n",
            "## In PostgreSQL",
            "## In PostgreSQL\n\nx\n",
        );
        assert_eq!(appended, "# Benchmarks\n\n## In PostgreSQL\n\nx\n");
    }
}
