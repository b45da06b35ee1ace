//! `cargo xtask web`: the id inspector page, built into `target/web/`: `index.html`, one
//! JavaScript file (wasm-bindgen's glue, then the page's own `app.js`) and the wasm, ready
//! for any static server (`python3 -m http.server -d target/web`).
//!
//! What it needs besides cargo is installed when missing: the `wasm32-unknown-unknown`
//! target (rustup), the wasm-bindgen command of exactly the version of the wasm-bindgen
//! crate in Cargo.lock (`cargo install wasm-bindgen-cli`), and `wasm-opt` (Debian's
//! `binaryen`, with apt-get as root, as `cargo xtask test` installs its programs).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::system;

/// The page's sources, copied as they are.
const WWW: &str = "crates/identifier-web/www";

/// The size the page's wasm must stay under after wasm-opt, and gzip-compressed.
const MAX_WASM: u64 = 250 * 1024;
const MAX_WASM_GZIP: u64 = 100 * 1024;

/// A profile of the page's own, so that no other build changes: the smallest code, one unit,
/// link-time optimization, and no unwinding (a panic in the page stops it either way).
const PROFILE: [&str; 10] = [
    "--config",
    "profile.page.inherits=\"release\"",
    "--config",
    "profile.page.opt-level=\"z\"",
    "--config",
    "profile.page.lto=true",
    "--config",
    "profile.page.codegen-units=1",
    "--config",
    "profile.page.panic=\"abort\"",
];

/// The WebAssembly features rustc's wasm32-unknown-unknown uses by default, which wasm-opt
/// must be allowed (Debian 12's binaryen does not read them from the module).
const WASM_FEATURES: [&str; 6] = [
    "--enable-bulk-memory",
    "--enable-nontrapping-float-to-int",
    "--enable-sign-ext",
    "--enable-mutable-globals",
    "--enable-reference-types",
    "--enable-multivalue",
];

/// The sizes of the page's wasm, in bytes.
struct Sizes {
    /// As rustc wrote it.
    raw: u64,
    /// After wasm-opt.
    optimized: u64,
    /// After wasm-bindgen: what the page loads.
    page: u64,
    /// That, compressed by `gzip -9`, as a server would send it; `None` without gzip.
    gzip: Option<u64>,
}

/// `cargo xtask web`.
pub(crate) fn run(root: &Path) -> Result<(), String> {
    let out = build(root)?;
    println!("web: the page is in {}", out.display());
    println!(
        "web: serve it with `python3 -m http.server -d {}` (or any static server)",
        out.display()
    );
    Ok(())
}

/// Builds the page into `target/web`; its folder.
pub(crate) fn build(root: &Path) -> Result<PathBuf, String> {
    let target = crate::target_dir(root)?;
    wasm_target()?;
    let wasm_bindgen = wasm_bindgen(root)?;
    wasm_opt()?;
    eprintln!("web: building identifier-web for wasm32-unknown-unknown");
    let status = Command::new(env!("CARGO"))
        .current_dir(root)
        .args([
            "build",
            "--locked",
            "-p",
            "identifier-web",
            "--lib",
            "--target",
            "wasm32-unknown-unknown",
            "--profile",
            "page",
        ])
        .args(PROFILE)
        .status()
        .map_err(|e| format!("could not run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("the page's wasm did not build ({status})"));
    }
    let raw = target.join("wasm32-unknown-unknown/page/identifier_web.wasm");
    let out = target.join("web");
    let work = target.join("web-build");
    for dir in [&out, &work] {
        match std::fs::remove_dir_all(dir) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(format!("{}: {e}", dir.display())),
        }
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    // wasm-opt before wasm-bindgen: Debian 12's binaryen (108) points wasm-bindgen's exported
    // table of JavaScript values at the function table when it optimizes a module with both,
    // and the page then fails to start. Before wasm-bindgen there is one table.
    let optimized = work.join("identifier_web.wasm");
    run_tool(
        Command::new("wasm-opt")
            .arg("-Oz")
            .args(WASM_FEATURES)
            .arg(&raw)
            .arg("-o")
            .arg(&optimized),
    )?;
    // `no-modules`: one classic script that defines `wasm_bindgen`, to which the page's own
    // code is appended, so that the page is one HTML and one JavaScript file.
    run_tool(
        Command::new(&wasm_bindgen)
            .args(["--target", "no-modules", "--no-typescript"])
            .args(["--remove-name-section", "--remove-producers-section"])
            .args(["--out-name", "identifier_web", "--out-dir"])
            .arg(&work)
            .arg(&optimized),
    )?;
    let page_wasm = out.join("identifier_web_bg.wasm");
    std::fs::copy(work.join("identifier_web_bg.wasm"), &page_wasm)
        .map_err(|e| format!("{}: {e}", page_wasm.display()))?;
    let read =
        |path: &Path| std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()));
    let www = root.join(WWW);
    let script = format!(
        "{}\n{}",
        read(&work.join("identifier_web.js"))?,
        read(&www.join("app.js"))?
    );
    write(&out.join("identifier_web.js"), script.as_bytes())?;
    write(
        &out.join("index.html"),
        read(&www.join("index.html"))?.as_bytes(),
    )?;
    let sizes = Sizes {
        raw: size(&raw)?,
        optimized: size(&optimized)?,
        page: size(&page_wasm)?,
        gzip: gzip_size(&page_wasm),
    };
    let gzip = sizes.gzip.map_or("gzip not found".to_owned(), |gzip| {
        format!("{} gzip -9", kib(gzip))
    });
    eprintln!(
        "web: wasm {} as built, {} after wasm-opt, {} after wasm-bindgen, as the page loads it \
         ({gzip}); JavaScript {}",
        kib(sizes.raw),
        kib(sizes.optimized),
        kib(sizes.page),
        kib(script.len() as u64),
    );
    if sizes.page > MAX_WASM || sizes.gzip.is_some_and(|gzip| gzip > MAX_WASM_GZIP) {
        return Err(format!(
            "the page's wasm is {} ({gzip}): more than its budget of {} ({} gzip)",
            kib(sizes.page),
            kib(MAX_WASM),
            kib(MAX_WASM_GZIP)
        ));
    }
    Ok(out)
}

fn kib(bytes: u64) -> String {
    format!("{:.1} KiB", bytes as f64 / 1024.0)
}

fn size(path: &Path) -> Result<u64, String> {
    std::fs::metadata(path)
        .map(|meta| meta.len())
        .map_err(|e| format!("{}: {e}", path.display()))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// The size of `path` compressed by `gzip -9`.
fn gzip_size(path: &Path) -> Option<u64> {
    let output = Command::new("gzip")
        .arg("-9")
        .arg("-c")
        .arg(path)
        .output()
        .ok()?;
    output
        .status
        .success()
        .then_some(output.stdout.len() as u64)
}

/// Runs a tool of the build, failing with its name and its error output.
fn run_tool(command: &mut Command) -> Result<(), String> {
    let name = command.get_program().to_string_lossy().into_owned();
    let output = command
        .output()
        .map_err(|e| format!("could not run {name}: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{name} failed ({}): {}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

/// Adds the wasm32-unknown-unknown target with rustup when it is missing.
fn wasm_target() -> Result<(), String> {
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map_err(|e| format!("could not run rustup: {e}"))?;
    if String::from_utf8_lossy(&installed.stdout)
        .lines()
        .any(|line| line.trim() == "wasm32-unknown-unknown")
    {
        return Ok(());
    }
    eprintln!("web: rustup target add wasm32-unknown-unknown");
    run_tool(Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"]))
}

/// The version of the wasm-bindgen crate in `lock` (the text of Cargo.lock).
pub(crate) fn locked_wasm_bindgen(lock: &str) -> Option<&str> {
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == "name = \"wasm-bindgen\"" {
            return lines
                .next()?
                .strip_prefix("version = \"")?
                .strip_suffix('"');
        }
    }
    None
}

/// The wasm-bindgen command of the locked version, installed with `cargo install` when the
/// one on `PATH` is missing or of another version (the two must match exactly).
fn wasm_bindgen(root: &Path) -> Result<PathBuf, String> {
    let lock =
        std::fs::read_to_string(root.join("Cargo.lock")).map_err(|e| format!("Cargo.lock: {e}"))?;
    let version = locked_wasm_bindgen(&lock).ok_or("Cargo.lock has no wasm-bindgen")?;
    let found = Command::new("wasm-bindgen")
        .arg("--version")
        .output()
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_owned())
        .unwrap_or_default();
    if found != format!("wasm-bindgen {version}") {
        eprintln!(
            "web: cargo install --debug wasm-bindgen-cli --version {version} (found: {found:?})"
        );
        // Not --locked: its own lock file names a crate version the registry no longer serves.
        // Unoptimized: it builds in a fifth of the time (40 s against over three minutes on two
        // cores), and its work here takes a tenth of a second either way.
        let status = Command::new(env!("CARGO"))
            .args([
                "install",
                "--debug",
                "wasm-bindgen-cli",
                "--version",
                version,
            ])
            .status()
            .map_err(|e| format!("could not run cargo install: {e}"))?;
        if !status.success() {
            return Err(format!(
                "cargo install wasm-bindgen-cli --version {version} failed"
            ));
        }
    }
    Ok(PathBuf::from("wasm-bindgen"))
}

/// wasm-opt, from Debian's binaryen, installed as `cargo xtask test` installs its programs.
fn wasm_opt() -> Result<(), String> {
    let present = || {
        Command::new("wasm-opt")
            .arg("--version")
            .output()
            .is_ok_and(|output| output.status.success())
    };
    if present() {
        return Ok(());
    }
    system::install_packages(&["binaryen"])?;
    if present() {
        Ok(())
    } else {
        Err("wasm-opt is still missing after apt-get install binaryen".into())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_locked_version_is_the_crate_s_not_another_package_s() {
        let lock = "[[package]]\nname = \"wasm-bindgen-macro\"\nversion = \"9.9.9\"\n\n\
                    [[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.130\"\nsource = \"x\"\n";
        assert_eq!(super::locked_wasm_bindgen(lock), Some("0.2.130"));
        assert_eq!(
            super::locked_wasm_bindgen("[[package]]\nname = \"x\"\n"),
            None
        );
    }
}
