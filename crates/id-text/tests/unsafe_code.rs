//! The crate documentation's table of `unsafe` code ("Unsafe code") is the code's: the blocks
//! and `unsafe fn`s of each file, counted in its source, are the numbers of the table, every
//! file with `unsafe` has a row, and every block has a `SAFETY:` argument just above it (every
//! `unsafe fn` a `# Safety` section).

use std::collections::BTreeMap;
use std::path::Path;

/// `(blocks, unsafe fns)` of each file of `src/`, by its path under `src/`, counted in the
/// code (comments and strings of the crate hold the word too, and are skipped), with the line
/// numbers of blocks that have no `SAFETY:` comment within the 6 lines above.
fn counted() -> (BTreeMap<String, (usize, usize)>, Vec<String>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let mut dirs = vec![src.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                files.push(path);
            }
        }
    }
    let mut counts = BTreeMap::new();
    let mut missing = Vec::new();
    for path in files {
        let name = path
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let (mut blocks, mut functions) = (0, 0);
        for (index, line) in lines.iter().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            let above = &lines[index.saturating_sub(6)..index];
            if code.contains("unsafe fn ") {
                functions += 1;
                if !above.iter().any(|line| line.contains("/// # Safety")) {
                    missing.push(format!(
                        "{name}:{}: an unsafe fn without # Safety",
                        index + 1
                    ));
                }
            }
            let opened = code.matches("unsafe {").count();
            blocks += opened;
            if opened > 0 && !above.iter().any(|line| line.contains("// SAFETY:")) {
                missing.push(format!("{name}:{}: a block without SAFETY", index + 1));
            }
        }
        if blocks + functions > 0 {
            counts.insert(name, (blocks, functions));
        }
    }
    (counts, missing)
}

/// The table of the crate documentation: `(blocks, unsafe fns)` by file.
fn documented() -> BTreeMap<String, (usize, usize)> {
    let lib = include_str!("../src/lib.rs");
    let table = lib
        .split_once("//! | file | `unsafe` blocks | `unsafe fn` |")
        .expect("the crate documentation has its table of unsafe code")
        .1;
    table
        .lines()
        .skip(2)
        .take_while(|line| line.starts_with("//! | `"))
        .map(|line| {
            let cells: Vec<&str> = line["//! |".len()..].split(" | ").collect();
            let number = |cell: &str| cell.trim().parse::<usize>().unwrap();
            (
                cells[0].trim().trim_matches('`').to_owned(),
                (number(cells[1]), number(cells[2])),
            )
        })
        .collect()
}

#[test]
fn the_documented_unsafe_code_is_the_code_s() {
    let (counts, _) = counted();
    assert_eq!(documented(), counts);
    // The README's sum.
    let blocks: usize = counts.values().map(|(blocks, _)| blocks).sum();
    let functions: usize = counts.values().map(|(_, functions)| functions).sum();
    let readme = include_str!("../README.md");
    let sum = format!("{blocks}\nblocks and one `unsafe fn`");
    assert_eq!(functions, 1);
    assert!(readme.contains(&sum), "README.md does not say {sum:?}");
}

#[test]
fn every_unsafe_block_has_its_argument() {
    let (_, missing) = counted();
    assert!(missing.is_empty(), "{missing:#?}");
}
